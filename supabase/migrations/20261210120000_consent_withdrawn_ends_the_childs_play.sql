-- =====================================================================================================
-- A parent's consent withdrawn ends the child's play, not only new entries
-- =====================================================================================================
-- Withdrawing a parent's consent (by the parent from their e-mail, or by the player) stopped new entries,
-- the bell and e-mail, but the child's free entries stayed: their name kept its place in brackets still to
-- be drawn, they were paired and scheduled, and an opponent waited for a player the site no longer writes
-- to. Without consent nothing beyond the sign-up is processed for the child (DPDP Act s.9), so play ends:
--
-- * a free entry in a tournament not drawn yet is cancelled and its place given back (the waitlist or a
--   new player takes it); a free waitlist place is released;
-- * an entry in a drawn tournament still running is withdrawn, and its open match (scheduled, ready or
--   reported) goes to the opponent as a walkover; a disputed match is left to its referee; a match still
--   waiting for the child's opponent is claimed as a walkover when it comes, as for any absent player.
-- Each is audited for staff (not public: a child's consent is nobody's business); the public record says
-- only that the opponent went through because the other side withdrew. A player who is 18 by now, or who
-- has another standing consent, keeps their entries.
--
-- private.end_play_without_consent(uuid)   what the withdrawal ends, as above; answers what it ended.
-- private.withdraw_parental_consent        calls it after recording the withdrawal.
-- =====================================================================================================

create function private.end_play_without_consent(p_player uuid) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_registration public.tournament_registrations%rowtype;
  v_entry public.entries%rowtype;
  v_match public.matches%rowtype;
  v_cancelled integer := 0;
  v_withdrawn integer := 0;
  v_walkovers integer := 0;
  v_released integer := 0;
begin
  if private.may_process_player(p_player) then
    return jsonb_build_object('cancelled', 0, 'withdrawn', 0, 'walkovers', 0, 'released', 0);
  end if;

  -- Not drawn yet: the free place goes back to the tournament.
  for v_registration in
    update public.tournament_registrations r
       set status = 'cancelled'
      from public.tournaments t
     where r.user_id = p_player and r.payment_id is null and r.status <> 'cancelled'
       and t.id = r.tournament_id and t.drawn_at is null and t.cancelled_at is null
    returning r.*
  loop
    update public.tournaments set filled_slots = greatest(filled_slots - v_registration.slots, 0)
     where id = v_registration.tournament_id;
    perform private.audit(v_registration.tournament_id, 'entry_cancelled',
                          'Free entry of ' || coalesce((select in_game_name from public.profiles where id = p_player), 'a player')
                            || ' cancelled, its place given back',
                          'Parental consent withdrawn', null, null, false);
    v_cancelled := v_cancelled + 1;
  end loop;

  with released as (
    update public.waitlist_places w set status = 'released', closed_at = v_now
     where w.player_id = p_player and w.status = 'waiting' and w.payment_id is null
    returning 1
  )
  select count(*) into v_released from released;

  -- Drawn and still running: the entry is withdrawn and its open match goes to the opponent.
  for v_entry in
    update public.entries e
       set status = 'withdrawn', withdrawn_at = v_now, withdraw_reason = 'Parental consent was withdrawn.'
      from public.tournaments t
     where e.player_id = p_player and e.status = 'active'
       and t.id = e.tournament_id and t.drawn_at is not null and t.finished_at is null and t.cancelled_at is null
    returning e.*
  loop
    v_withdrawn := v_withdrawn + 1;
    perform private.audit(v_entry.tournament_id, 'entry_withdrawn', private.entry_name(v_entry.id) || ' withdrawn',
                          'Parental consent withdrawn', null, null, false, null, v_entry.id);
    for v_match in
      select * from public.matches m
       where m.tournament_id = v_entry.tournament_id and v_entry.id in (m.entry_a, m.entry_b)
         and m.entry_a is not null and m.entry_b is not null and m.status in ('scheduled', 'ready', 'reported')
       for update
    loop
      perform private.confirm_result(v_match, case when v_match.entry_a = v_entry.id then v_match.entry_b else v_match.entry_a end,
                                     null, null, 'walkover', 'The opponent withdrew', null, true);
      v_walkovers := v_walkovers + 1;
    end loop;
  end loop;

  return jsonb_build_object('cancelled', v_cancelled, 'withdrawn', v_withdrawn, 'walkovers', v_walkovers, 'released', v_released);
end;
$$;
revoke all on function private.end_play_without_consent(uuid) from public;
comment on function private.end_play_without_consent(uuid) is
  'A child''s play once their parent''s consent is withdrawn: free entries not drawn yet cancelled (places given back), free waitlist places released, entries in running tournaments withdrawn with their open match a walkover. Nothing for a player who may still be processed.';

create or replace function private.withdraw_parental_consent(p_consent_id uuid, p_by text) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_player uuid;
begin
  update private.parental_consents
     set withdrawn_at = private.clock_now(), withdrawn_by = p_by, withdraw_token_sha256 = null
   where id = p_consent_id and withdrawn_at is null
  returning player_id into v_player;
  if v_player is not null then
    perform private.end_play_without_consent(v_player);
  end if;
end;
$$;

-- The moves it makes.
update private.status_transitions set allowed_by = allowed_by || '{private.end_play_without_consent}'::text[]
 where (machine, from_status, to_status) in (('registration', 'upcoming', 'cancelled'), ('entry', 'active', 'withdrawn'),
                                              ('waitlist_place', 'waiting', 'released'));
