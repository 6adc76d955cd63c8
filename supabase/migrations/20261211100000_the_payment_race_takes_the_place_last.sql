-- =====================================================================================================
-- The payment race: the place is taken last, and less is done again on every call
-- =====================================================================================================
-- Every confirmation that takes a place queues on its tournament's row (the capacity lock), so whatever the
-- confirmation does while it holds that lock is done one player at a time. It held it for the registration,
-- the registration's entries, the receipt in the player's bell and its outside calls: about two thirds of
-- a registering confirmation's work, while every other racer for the tournament waited.
--
-- The registration, its entries and its receipt are now written before the place is taken; the lock is held
-- for the place itself and the commit. When the last place went to another player in between (the check
-- before the writes read a tournament with room), the writes are undone (a PL/pgSQL block with an exception
-- handler is a subtransaction) and the payment is refused and refunded as before, with no registration,
-- entry or receipt left behind (supabase/tests/payments-race.test.ts). What a player, the ledger and the
-- tournament end with is unchanged.
--
-- Three costs paid again on every call, found with pg_stat_statements and perf over the payment race:
-- * a journal's balance was checked at commit by a deferred trigger on each of its lines (below);
-- * a registration's entries were planned afresh for every registration (below);
-- * the race's helpers set search_path on every call (below).
--
-- public.service_confirm_tournament_payment(text, text)   same answers; registration written before the lock
-- private.check_journal_balances()                         per statement, over the statement's new lines
-- private.create_entries_for_registration(registrations)  one insert per slot, planned once per connection

CREATE OR REPLACE FUNCTION public.service_confirm_tournament_payment(p_razorpay_order_id text, p_razorpay_payment_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
    if v_payment.for_waitlist and v_payment.status = 'paid' and v_registration_id is null then
      return public.payment_confirmation_result(v_payment, 'waitlisted', null)
          || jsonb_build_object('waitlist_position',
                                (select private.waitlist_position(w) from public.waitlist_places w where w.payment_id = v_payment.id));
    end if;
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
  elsif v_payment.for_waitlist
        and not (private.tournament_takes_payments(v_tournament, v_now)
                 and v_tournament.filled_slots + v_payment.slots <= v_tournament.max_players) then
    -- A waitlist payment for a tournament still full: a place on its waitlist, or a refund. One that finds a
    -- place left is an entry like any other (below).
    v_result := private.take_waitlist_place(v_payment, p_razorpay_payment_id, v_now);
    if not v_result ? 'refusal' then
      return v_result;
    end if;
    v_refusal := v_result ->> 'refusal';
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
    v_registration_id := gen_random_uuid();
    v_result := public.payment_confirmation_result(v_paid, 'registered', v_registration_id);

    -- The registration, its entries and its receipt are written before the place is taken, so the capacity
    -- lock below is held only for the place itself and the commit. When the last place went to another player
    -- meanwhile, the block is undone (a subtransaction) and the payment is refunded like any refusal.
    begin
      insert into public.tournament_registrations (id, user_id, tournament_id, slots, payment_id, registered_at)
      values (v_registration_id, v_paid.user_id, v_paid.tournament_id, v_paid.slots, v_paid.id, v_now);

      -- The capacity lock: from here to the commit, every other confirmation of this tournament waits.
      update public.tournaments
         set filled_slots = filled_slots + v_payment.slots
       where id = v_payment.tournament_id
         and filled_slots + v_payment.slots <= max_players;
      if not found then
        raise exception 'The last place was taken meanwhile' using errcode = 'GZ409';
      end if;
    exception when sqlstate 'GZ409' then
      v_registration_id := null;
    end;
    if v_registration_id is not null then
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
$function$;

-- A journal's balance was checked by a deferred constraint trigger on each of its lines: two trigger calls and
-- two lookups of the journal's lines per journal, at commit. Lines are only ever appended (never changed or
-- removed), so a journal balances when every statement that writes lines writes a balanced set for each
-- journal it touches. The check is now one statement-level trigger over the statement's new lines: an
-- unbalanced journal is refused by the statement that writes it, whoever writes it, without reading the
-- ledger.
CREATE OR REPLACE FUNCTION private.check_journal_balances()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_journal_id bigint;
  v_sum bigint;
begin
  select journal_id, sum(amount_paise) into v_journal_id, v_sum
    from new_lines group by journal_id having sum(amount_paise) <> 0 limit 1;
  if found then
    raise exception 'Ledger journal % does not balance (off by % paise)', v_journal_id, v_sum
      using errcode = 'PT409', hint = 'ledger_unbalanced';
  end if;
  return null;
end;
$function$;

drop trigger ledger_lines_journal_balances on private.ledger_lines;
create trigger ledger_lines_journal_balances after insert on private.ledger_lines
  referencing new table as new_lines for each statement execute function private.check_journal_balances();
comment on trigger ledger_lines_journal_balances on private.ledger_lines is
  'Every statement that writes lines writes a balanced set per journal; lines are append-only, so every journal balances.';

-- A registration's entries were written by one INSERT ... SELECT over generate_series(1, slots). With the
-- number of slots a parameter, PostgreSQL's kept (generic) plan assumes a thousand rows and is never
-- preferred, so the statement was planned again for every registration (pg_stat_statements: one plan per
-- call). One INSERT per slot with values is planned once per connection; the entries written are the same
-- (supabase/tests/tournaments-status-helpers.test.ts compares it with its first SQL definition).
CREATE OR REPLACE FUNCTION private.create_entries_for_registration(p_registration public.tournament_registrations)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
declare
  -- The buyer plays slot 1, unless they already hold a place here (an invitation they accepted).
  v_buyer_plays boolean := not exists (select 1 from public.entries e
                                        where e.tournament_id = p_registration.tournament_id
                                          and e.player_id = p_registration.user_id);
begin
  for v_slot in 1 .. p_registration.slots loop
    insert into public.entries (tournament_id, registration_id, slot_number, buyer_id, player_id, invitation_token, created_at)
    values (p_registration.tournament_id, p_registration.id, v_slot, p_registration.user_id,
            case when v_slot = 1 and v_buyer_plays then p_registration.user_id end,
            case when v_slot = 1 and v_buyer_plays then null else gen_random_uuid() end,
            p_registration.registered_at)
    on conflict (registration_id, slot_number) do nothing;
  end loop;
end;
$function$;

-- A function with its own SET clause saves and restores the setting on every call, and a plan kept under
-- one search_path is checked against the current one each time it is used. The helpers below are called
-- many times in every confirmation and refund (as functions and as triggers), always by a function that
-- already runs with an empty search_path, and name every object with its schema. They now inherit their
-- caller's search_path instead of setting it again. Security definer functions keep theirs pinned
-- (foundation-schema-wide-rules.test.ts): they are the ones that may be called with a caller's path.
alter function private.apply_refund(text, text, integer, boolean) reset search_path;
alter function private.apply_refunds_awaiting_capture(text) reset search_path;
alter function private.clock_now() reset search_path;
alter function private.enqueue_outside_call(text, text, jsonb) reset search_path;
alter function private.last_registration_within_a_day(uuid, text, uuid, timestamptz) reset search_path;
alter function private.match_settings_valid(jsonb) reset search_path;
alter function private.payment_has_entry_fee(public.payments) reset search_path;
alter function private.post_entry_fee_journal(public.payments) reset search_path;
alter function private.post_mirrored_journal(text, text, text, bigint, text, uuid) reset search_path;
alter function private.post_refund_journal(public.payments, bigint) reset search_path;
alter function private.queue_refund(text, integer, text, public.payments) reset search_path;
alter function private.refusal_reason(text) reset search_path;
alter function private.set_updated_at() reset search_path;
alter function private.tournament_check_in_closes_at(public.tournaments) reset search_path;
alter function private.tournament_check_in_opens_at(public.tournaments) reset search_path;
alter function private.tournament_registration_closes_at(public.tournaments) reset search_path;
alter function private.tournament_status(public.tournaments, timestamptz) reset search_path;
alter function private.tournament_takes_payments(public.tournaments, timestamptz) reset search_path;
