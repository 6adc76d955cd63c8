-- =====================================================================================================
-- A paid confirmation holds the tournament's row only for the place itself, and costs less
-- =====================================================================================================
-- When many players pay for the last places at once, every confirmation that takes a place queues on the
-- tournament's row: whatever runs between the `update public.tournaments` and the commit is paid for by
-- every confirmation behind it, and on a small server every confirmation's own cost is taken from the
-- others. Since the ledger and the entries, a confirmation cost about twice what it did:
--   - the entry fee's balance check (a deferred constraint trigger) ran at commit, with the row locked;
--   - every update of a payment re-ran the whole ledger posting, and read the ledger for refunds, although
--     most updates (a refund's final status, a payment never refunded) have nothing new to post;
--   - the small SQL helpers the confirmation and the refund call (the refusal checks, the answer, the
--     outbox) cannot be inlined (they pin search_path), so PostgreSQL parsed and planned each of them
--     again in every transaction. As PL/pgSQL they keep their compiled form for the connection.
--
-- service_confirm_tournament_payment   everything that does not need the place runs first: the checks,
--                                      the payment row, its entry-fee journal and that journal's balance
--                                      check. Then the one statement that takes the place
--                                      (`update tournaments ... where filled_slots + n <= max_players`),
--                                      and after it only what needs the place: the registration and its
--                                      entries (the buyer plays slot 1 unless a committed entry says they
--                                      already hold one, which only the row lock makes certain) and the
--                                      refunds that arrived before the capture. Refusals, their order,
--                                      their reasons, the refund in the outbox and the answers are as in
--                                      20261123080700.
-- payments_post_ledger_journals        posts only what a payment update can have changed: the entry fee
--                                      when the payment becomes captured, a refund journal when
--                                      refunded_paise moves. The journals, their amounts and references
--                                      are as in 20261123090000.
-- The helpers below keep their names, arguments and answers; only their language changes.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Ledger posting for payments, in two parts
-- -----------------------------------------------------------------------------------------------------
-- A payment carries an entry fee in the ledger once it is captured (paid, refund pending or refunded).
create or replace function private.payment_has_entry_fee(p_payment public.payments) returns boolean
  language sql immutable set search_path = ''
as $$
  select p_payment.amount_paise > 0 and p_payment.razorpay_payment_id is not null
     and p_payment.status in ('paid', 'refund_pending', 'refunded');
$$;

create or replace function private.post_entry_fee_journal(p_payment public.payments) returns void
  language plpgsql set search_path = ''
as $$
begin
  perform private.post_journal('entry_fee', 'payment:' || p_payment.id, jsonb_build_array(
    jsonb_build_object('account', 'razorpay:clearing', 'amount_paise', -p_payment.amount_paise, 'user_id', p_payment.user_id),
    jsonb_build_object('account', 'platform:fees', 'amount_paise', p_payment.amount_paise, 'user_id', p_payment.user_id)));
end;
$$;

-- What was refunded since the payment's last refund journal. Refund journals only ever add to
-- razorpay:clearing, so nothing is owed while refunded_paise is 0 and the ledger is not read. Their lines
-- carry the payment's player, so the player's lines are read (an index) instead of every refund journal.
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
    perform private.post_journal('refund', 'payment:' || p_payment.id || ':' || p_payment.refunded_paise, jsonb_build_array(
      jsonb_build_object('account', 'razorpay:clearing', 'amount_paise', p_payment.refunded_paise - v_refunded_so_far,
                         'user_id', p_payment.user_id),
      jsonb_build_object('account', 'platform:fees', 'amount_paise', -(p_payment.refunded_paise - v_refunded_so_far),
                         'user_id', p_payment.user_id)));
  end if;
end;
$$;

-- Everything a payment owes the ledger (idempotent: posting twice posts once).
create or replace function private.post_payment_journals(p_payment public.payments) returns void
  language plpgsql set search_path = ''
as $$
begin
  if private.payment_has_entry_fee(p_payment) then
    perform private.post_entry_fee_journal(p_payment);
    perform private.post_refund_journal(p_payment);
  end if;
end;
$$;

-- An update posts only what it changed. When the previous version already carried the entry fee, that
-- fee and every refund up to the previous refunded_paise were posted when that version was written.
create or replace function private.post_payment_journals_on_change() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  if not private.payment_has_entry_fee(new) then
    return null;
  end if;
  if tg_op = 'INSERT' or not private.payment_has_entry_fee(old) then
    perform private.post_entry_fee_journal(new);
    perform private.post_refund_journal(new);
  elsif new.refunded_paise is distinct from old.refunded_paise then
    perform private.post_refund_journal(new);
  end if;
  return null;
end;
$$;

revoke all on function private.payment_has_entry_fee(public.payments) from public;
revoke all on function private.post_entry_fee_journal(public.payments) from public;
revoke all on function private.post_refund_journal(public.payments) from public;

-- -----------------------------------------------------------------------------------------------------
-- The confirmation's helpers, compiled once per connection (same answers as before)
-- -----------------------------------------------------------------------------------------------------
create or replace function private.last_registration_within_a_day(
  p_user_id uuid, p_tournament_id text, p_except_payment uuid, p_now timestamptz
)
returns timestamptz
language plpgsql stable set search_path = ''
as $$
begin
  return (
    select max(r.registered_at)
      from public.tournament_registrations r
     where r.user_id = p_user_id and r.tournament_id = p_tournament_id
       and r.status <> 'cancelled'
       and r.payment_id is distinct from p_except_payment
       and r.registered_at > p_now - interval '24 hours'
  );
end;
$$;

create or replace function private.refusal_reason(p_code text) returns text
  language plpgsql immutable set search_path = ''
as $$
begin
  return case p_code
    when 'tournament_full' then 'The tournament filled up before your payment was confirmed. Your payment has been refunded in full.'
    when 'order_replaced' then 'You opened a newer checkout for this tournament. This payment has been refunded in full.'
    when 'order_expired' then 'Your checkout had expired when the payment arrived. Your payment has been refunded in full.'
    when 'registration_closed' then 'Registration had closed when your payment arrived. Your payment has been refunded in full.'
    when 'already_registered' then 'You were already registered for this tournament. This payment has been refunded in full.'
    when 'order_already_paid' then 'This order was already paid. This second payment has been refunded in full.'
    when 'tournament_cancelled' then 'The tournament was cancelled. Your payment has been refunded in full.'
    when 'paid_entry_disabled' then 'Paid entry was switched off on this site before your payment arrived. Your payment has been refunded in full.'
  end;
end;
$$;

create or replace function public.payment_confirmation_result(
  p_payment public.payments,
  p_outcome text,
  p_registration_id uuid
)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
begin
  return jsonb_build_object(
    'outcome', p_outcome,
    'payment_id', p_payment.id,
    'user_id', p_payment.user_id,
    'tournament_id', p_payment.tournament_id,
    'slots', p_payment.slots,
    'amount_paise', p_payment.amount_paise,
    'currency', p_payment.currency,
    'razorpay_payment_id', p_payment.razorpay_payment_id,
    'registration_id', p_registration_id,
    'reason', p_payment.failure_reason
  );
end;
$$;

create or replace function private.enqueue_outside_call(p_kind text, p_idempotency_key text, p_payload jsonb)
returns void
language plpgsql
set search_path = ''
as $$
begin
  insert into private.outbox (kind, idempotency_key, payload)
  values (p_kind, p_idempotency_key, p_payload)
  on conflict (idempotency_key) do nothing;
end;
$$;

create or replace function private.queue_refund(
  p_razorpay_payment_id text, p_amount_paise integer, p_reason_code text, p_payment public.payments
)
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform private.enqueue_outside_call(
    'razorpay_refund',
    'refund-' || p_razorpay_payment_id,
    jsonb_build_object(
      'razorpay_payment_id', p_razorpay_payment_id,
      'amount_paise', p_amount_paise,
      'reason', p_reason_code,
      'razorpay_order_id', p_payment.razorpay_order_id,
      'tournament_id', p_payment.tournament_id
    )
  );
end;
$$;

create or replace function public.service_record_payment_refund(p_razorpay_payment_id text, p_refund_id text, p_amount_paise integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  return private.apply_refund(p_razorpay_payment_id, p_refund_id, p_amount_paise);
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- The confirmation: the place is taken last
-- -----------------------------------------------------------------------------------------------------
create or replace function public.service_confirm_tournament_payment(p_razorpay_order_id text, p_razorpay_payment_id text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_payment public.payments%rowtype;
  v_tournament public.tournaments%rowtype;
  v_paid public.payments%rowtype;
  v_registration_id uuid;
  v_result jsonb;
  v_refusal text;
begin
  if p_razorpay_payment_id is null or btrim(p_razorpay_payment_id) = '' then
    raise exception 'A payment id is required' using errcode = 'PT400', hint = 'payment_id_required';
  end if;

  select * into v_payment
    from public.payments
   where razorpay_order_id = p_razorpay_order_id
     for update;
  if not found then
    return jsonb_build_object('outcome', 'unknown_order');
  end if;

  if v_payment.status in ('paid', 'refund_pending', 'refunded') then
    if v_payment.razorpay_payment_id is distinct from p_razorpay_payment_id then
      -- A second captured payment on a settled order (the player paid twice): never kept.
      perform private.queue_refund(p_razorpay_payment_id, v_payment.amount_paise, 'order_already_paid', v_payment);
      return public.payment_confirmation_result(v_payment, 'refund_required', null)
        || jsonb_build_object('razorpay_payment_id', p_razorpay_payment_id,
                              'reason', private.refusal_reason('order_already_paid'));
    end if;
    select r.id into v_registration_id from public.tournament_registrations r where r.payment_id = v_payment.id;
    return public.payment_confirmation_result(
      v_payment,
      case v_payment.status when 'paid' then 'already_registered' else v_payment.status end,
      v_registration_id
    );
  end if;

  select * into v_tournament from public.tournaments where id = v_payment.tournament_id;
  -- The operator's switch is read at confirmation, not only when the order was made: an order created
  -- before paid entry was turned off must not buy an entry after it.
  if not coalesce((select paid_entry_enabled from private.entry_settings where id), true) then
    v_refusal := 'paid_entry_disabled';
  elsif v_payment.status = 'abandoned' and v_payment.failure_reason = private.replaced_order_note() then
    v_refusal := 'order_replaced';
  elsif v_payment.status = 'abandoned' or v_payment.expires_at <= v_now then
    v_refusal := 'order_expired';
  elsif not private.tournament_takes_payments(v_tournament, v_now) then
    v_refusal := 'registration_closed';
  elsif private.last_registration_within_a_day(v_payment.user_id, v_payment.tournament_id, v_payment.id, v_now) is not null then
    v_refusal := 'already_registered';
  elsif v_tournament.filled_slots + v_payment.slots <= v_tournament.max_players then
    -- The payment row and its entry fee in the ledger: written before the place is taken.
    update public.payments
       set status = 'paid',
           razorpay_payment_id = p_razorpay_payment_id,
           paid_at = v_now,
           failure_reason = null,
           updated_at = v_now
     where id = v_payment.id
    returning * into v_paid;
    -- The journal's balance is checked now rather than at commit, where it would run with the row locked.
    set constraints private.ledger_lines_journal_balances immediate;
    set constraints private.ledger_lines_journal_balances deferred;
    v_registration_id := gen_random_uuid();
    v_result := public.payment_confirmation_result(v_paid, 'registered', v_registration_id);

    -- The capacity lock: from here to the commit, every other confirmation of this tournament waits.
    update public.tournaments
       set filled_slots = filled_slots + v_payment.slots
     where id = v_payment.tournament_id
       and filled_slots + v_payment.slots <= max_players;
    if found then
      insert into public.tournament_registrations (id, user_id, tournament_id, slots, payment_id, registered_at)
      values (v_registration_id, v_paid.user_id, v_paid.tournament_id, v_paid.slots, v_paid.id, v_now);
      if private.apply_refunds_awaiting_capture(p_razorpay_payment_id) then
        -- Refunded before we saw the capture: the registration was cancelled again.
        select * into v_paid from public.payments where id = v_paid.id;
        return public.payment_confirmation_result(v_paid, v_paid.status, null);
      end if;
      return v_result;
    end if;
    v_refusal := 'tournament_full';
  else
    v_refusal := 'tournament_full';
  end if;

  update public.payments
     set status = 'refund_pending',
         razorpay_payment_id = p_razorpay_payment_id,
         paid_at = null,
         failure_reason = private.refusal_reason(v_refusal),
         updated_at = v_now
   where id = v_payment.id
  returning * into v_payment;
  perform private.queue_refund(p_razorpay_payment_id, v_payment.amount_paise, v_refusal, v_payment);
  perform private.apply_refunds_awaiting_capture(p_razorpay_payment_id);

  return public.payment_confirmation_result(v_payment, 'refund_required', null);
end;
$$;

revoke all on function public.service_confirm_tournament_payment(text, text) from public, anon, authenticated;
grant execute on function public.service_confirm_tournament_payment(text, text) to service_role;
