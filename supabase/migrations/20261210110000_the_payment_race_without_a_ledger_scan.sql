-- =====================================================================================================
-- The payment race without a ledger scan per refund, and without replanning a tournament's match settings
-- =====================================================================================================
-- Measured per function (track_functions) over the payment race (a thousand confirmations for 300
-- places, the 700 refused ones refunded): two helpers cost a fifth of the database's work and did nothing
-- a player sees.
--
-- * A refund's journal asked the ledger how much of the payment's refunds it already held: a join of the
--   player's lines with the journals, matched by a LIKE on the reference, on every refund. The payment
--   row already says it: a payment's journals are posted by its own trigger only, once it has an entry fee
--   (captured, paid or refunded, never un-captured again), so what the ledger holds of its refunds is the
--   refunded amount before this change (nothing when the change gave it its entry fee). The trigger now
--   passes that amount; the journal posted is the same (kind, reference, amount, lines), and posting one
--   twice is still refused by the journal's reference.
-- * Every update of a tournament (each place taken) runs its CHECK constraints, one of which calls
--   private.match_settings_valid. As an SQL function with its own search_path it cannot be inlined, so it
--   was parsed and planned again on every call, for a column that is almost always empty. As plpgsql its
--   plan is kept for the session and an empty value returns at once; what it accepts is unchanged.
--
-- private.post_refund_journal(payments, bigint)   posts the refund journal for what is refunded beyond
--                                                 what the ledger already holds (the second argument).
-- private.post_payment_journals_on_change         passes it: nothing before the entry fee, else the old
--                                                 refunded amount.
-- private.match_settings_valid                    plpgsql, same answers.
-- =====================================================================================================

drop function private.post_refund_journal(public.payments);

create function private.post_refund_journal(p_payment public.payments, p_already_journaled_paise bigint) returns void
language plpgsql
set search_path = ''
as $$
begin
  if p_payment.refunded_paise > p_already_journaled_paise then
    perform private.post_mirrored_journal('refund', 'payment:' || p_payment.id || ':' || p_payment.refunded_paise,
      'razorpay:clearing', p_payment.refunded_paise - p_already_journaled_paise, 'platform:fees', p_payment.user_id);
  end if;
end;
$$;
revoke all on function private.post_refund_journal(public.payments, bigint) from public;
comment on function private.post_refund_journal(public.payments, bigint) is
  'A payment''s refund journal: what is refunded beyond what the ledger already holds of its refunds, under the reference payment:<id>:<refunded so far>.';

create or replace function private.post_payment_journals_on_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not private.payment_has_entry_fee(new) then
    return null;
  end if;
  if tg_op = 'INSERT' or not private.payment_has_entry_fee(old) then
    -- The payment gets its entry fee now: nothing of it is in the ledger yet, refunds made before included.
    perform private.post_entry_fee_journal(new);
    perform private.post_refund_journal(new, 0);
  elsif new.refunded_paise is distinct from old.refunded_paise then
    -- Every earlier change of the refunded amount was journaled by this trigger.
    perform private.post_refund_journal(new, old.refunded_paise);
  end if;
  return null;
end;
$$;

create or replace function private.match_settings_valid(p jsonb) returns boolean
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p is null then
    return true;
  end if;
  return jsonb_typeof(p) = 'object'
     and private.match_settings_part_valid(p - 'rounds')
     and (not p ? 'rounds'
          or (jsonb_typeof(p->'rounds') = 'object'
              and not exists (select 1 from jsonb_each(p->'rounds') r
                               where r.key not in ('final', 'semi_finals', 'quarter_finals')
                                  or not private.match_settings_part_valid(r.value))));
end;
$$;
