-- =====================================================================================================
-- A player's entry says why it was withdrawn
-- =====================================================================================================
-- get_my_entries answered an entry's status, so a player withdrawn at check-in close read "You were withdrawn"
-- and nothing of their money, and a quick pod's place refunded for a missed check-in (20261212700000), whose
-- registration is then cancelled, read as no entry at all. The entry now carries withdraw_reason, the
-- database's words for why (a quick pod's: "Not checked in before check-in closed. Your entry fee is refunded
-- in full."), which the check-in area of the pod page and of My Tournaments shows.
--
-- private.entry_json(entries)      adds withdraw_reason (null while the entry stands).
-- =====================================================================================================

CREATE OR REPLACE FUNCTION private.entry_json(p_entry public.entries)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('entry_id', p_entry.id, 'slot_number', p_entry.slot_number, 'status', p_entry.status,
                            'checked_in_at', p_entry.checked_in_at, 'withdraw_reason', p_entry.withdraw_reason);
$function$;
