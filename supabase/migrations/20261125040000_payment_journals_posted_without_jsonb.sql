-- =====================================================================================================
-- A payment's journals are posted as two typed lines instead of a jsonb document
-- =====================================================================================================
-- Every paid confirmation posts an entry-fee journal, and every refused one a refund journal as well: in a
-- race for the last places that is close to two journals per confirmation. private.post_journal() takes
-- any number of lines as jsonb, so each posting built a jsonb array of objects, then walked it three
-- times (the balance, the all-zero case, the lines' insert), decoding text into bigints and uuids each
-- time: about a third of the database's work per confirmation went to the ledger.
--
-- A payment's journals always have two lines that mirror each other (razorpay:clearing and
-- platform:fees, the same player, opposite amounts), so they balance by construction.
-- private.post_mirrored_journal() takes them as typed arguments and inserts them with one statement. What
-- is posted is unchanged: the same journal (kind, reference, time, no author), the same lines in the same
-- order, nothing when the amount is zero, nothing when the journal was already posted; and the deferred
-- balance check on the lines still runs. private.post_journal() is unchanged for every other caller.
-- =====================================================================================================

-- A journal of two lines: p_first_account gets p_first_amount_paise, p_second_account its opposite.
-- Returns the journal's id, or null when nothing was posted (a zero amount, or the journal exists).
create or replace function private.post_mirrored_journal(
  p_kind text, p_reference text,
  p_first_account text, p_first_amount_paise bigint, p_second_account text,
  p_user_id uuid
)
returns bigint
language plpgsql
set search_path = ''
as $$
declare
  v_id bigint;
begin
  if p_first_amount_paise = 0 then
    return null;
  end if;
  insert into private.ledger_journal (kind, reference, created_at, created_by)
  values (p_kind, p_reference, private.clock_now(), null)
  on conflict (kind, reference) do nothing
  returning id into v_id;
  if v_id is null then
    return null;
  end if;
  insert into private.ledger_lines (journal_id, account, amount_paise, user_id)
  values (v_id, p_first_account, p_first_amount_paise, p_user_id),
         (v_id, p_second_account, -p_first_amount_paise, p_user_id);
  return v_id;
end;
$$;

create or replace function private.post_entry_fee_journal(p_payment public.payments) returns void
  language plpgsql set search_path = ''
as $$
begin
  perform private.post_mirrored_journal('entry_fee', 'payment:' || p_payment.id,
    'razorpay:clearing', -p_payment.amount_paise, 'platform:fees', p_payment.user_id);
end;
$$;

-- What was refunded since the payment's last refund journal (see 20261125020000).
create or replace function private.post_refund_journal(p_payment public.payments) returns void
  language plpgsql set search_path = ''
as $$
declare
  v_refunded_so_far bigint;
begin
  if p_payment.refunded_paise <= 0 then
    return;
  end if;
  select coalesce(sum(l.amount_paise), 0) into v_refunded_so_far
    from private.ledger_lines l join private.ledger_journal j on j.id = l.journal_id
   where l.user_id = p_payment.user_id and l.account = 'razorpay:clearing'
     and j.kind = 'refund' and j.reference like 'payment:' || p_payment.id || ':%';
  if p_payment.refunded_paise > v_refunded_so_far then
    perform private.post_mirrored_journal('refund', 'payment:' || p_payment.id || ':' || p_payment.refunded_paise,
      'razorpay:clearing', p_payment.refunded_paise - v_refunded_so_far, 'platform:fees', p_payment.user_id);
  end if;
end;
$$;

revoke all on function private.post_mirrored_journal(text, text, text, bigint, text, uuid) from public;
