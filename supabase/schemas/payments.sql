-- =====================================================================================================
-- payments: entry fees through Razorpay: orders, the one confirmation, refunds, disputes, free entry, registrations
-- =====================================================================================================
-- The source of this area of the database. Edit it, then `npm run migration:new <name>` writes the migration
-- from the difference (scripts/migration-new.ts). Statements may name objects declared further down or in
-- another area file: the files are applied as a whole. Rule rows are idempotent upserts.
-- =====================================================================================================

-- =====================================================================================================
-- Tables: what is kept
-- =====================================================================================================

-- Who may enter ---------------------------------------------------------------------------------------

comment on table private.entry_settings is 'One row. paid_entry_enabled = false turns paid entry off for the whole deployment (set by the operator).';
create table private.entry_settings (
  id boolean default true not null,
  paid_entry_enabled boolean default true not null,
  updated_at timestamp with time zone default now() not null,
  constraint entry_settings_pkey PRIMARY KEY (id),
  constraint entry_settings_one_row CHECK (id)
);

-- Orders and the confirmation -------------------------------------------------------------------------

comment on table public.payments is 'One row per Razorpay order, its amount decided from the tournament row. Moved to paid, failed, abandoned or refunded only by the payment functions; players read theirs through get_my_payments(). Kept for 7 years.';
create table public.payments (
  id uuid default gen_random_uuid() not null,
  user_id uuid not null,
  tournament_id text not null,
  razorpay_order_id text not null,
  razorpay_payment_id text,
  amount_paise integer not null,
  currency text default 'INR'::text not null,
  slots integer not null,
  status text default 'created'::text not null,
  failure_reason text,
  refund_id text,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  paid_at timestamp with time zone,
  expires_at timestamp with time zone default (now() + '00:20:00'::interval) not null,
  refunded_paise integer default 0 not null,
  for_waitlist boolean default false not null,
  failure_reason_code text,
  constraint payments_pkey PRIMARY KEY (id),
  constraint payments_razorpay_order_id_key UNIQUE (razorpay_order_id),
  constraint payments_razorpay_payment_id_key UNIQUE (razorpay_payment_id),
  constraint payments_registration_facts UNIQUE (id, user_id, tournament_id, slots),
  constraint payments_tournament_id_fkey FOREIGN KEY (tournament_id) REFERENCES public.tournaments(id),
  constraint payments_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id),
  constraint payments_amount_positive CHECK ((amount_paise > 0)),
  constraint payments_currency_inr CHECK ((currency = 'INR'::text)),
  constraint payments_paid_has_razorpay_payment CHECK (private.payment_paid_has_razorpay_payment(status, razorpay_payment_id, paid_at)),
  constraint payments_refunded_has_refund CHECK (private.payment_refunded_has_refund(status, razorpay_payment_id, refund_id)),
  constraint payments_refunded_within_amount CHECK (private.payment_refunded_within_amount(refunded_paise, amount_paise)),
  constraint payments_slots_range CHECK (((slots >= 1) AND (slots <= 10))),
  constraint payments_status_check CHECK (private.payment_status_known(status)),
  -- The one list of the codes of failure_reason: the refusals (private.refusal_reason), then the other outcomes the
  -- functions write, listed in private.payment_failure_reason_code_known. Pages word each code in the reader's
  -- language (src/lib/i18n/reason-words.test.ts reads the list there).
  constraint payments_failure_reason_code_known CHECK (private.payment_failure_reason_code_known(failure_reason_code))
);
CREATE INDEX payments_open_orders ON public.payments USING btree (expires_at) WHERE (status = ANY (ARRAY['created'::text, 'failed'::text]));
CREATE INDEX payments_tournament ON public.payments USING btree (tournament_id);
CREATE INDEX payments_user_newest_first ON public.payments USING btree (user_id, created_at DESC);
-- The refunds owed, which the periodic function looks for every minute (a refund whose outside call is missing, or
-- was given up on short of what is owed): only those, not every payment ever made.
CREATE INDEX payments_refund_pending ON public.payments USING btree (id) WHERE (status = 'refund_pending'::text);
alter table public.payments enable row level security;
comment on column public.payments.status is 'created: order made, not paid yet. failed: the last attempt failed (the order can still be paid until it expires). abandoned: the checkout timed out unpaid. paid: captured and registered. refund_pending: captured but refused (full, expired, closed), refund queued in the outbox. refunded: money returned, see refund_id and failure_reason.';
comment on column public.payments.for_waitlist is 'The order buys a waitlist place (one slot), not an entry: the confirmation puts the player on the waitlist of a full tournament.';

comment on table public.tournament_registrations is 'A player''s confirmed place (slots) in a tournament, written by the payment confirmation or free entry. One payment makes at most one registration; players read their own (Realtime).';
create table public.tournament_registrations (
  id uuid default gen_random_uuid() not null,
  user_id uuid not null,
  tournament_id text not null,
  slots integer not null,
  status text default 'upcoming'::text not null,
  registered_at timestamp with time zone default now() not null,
  payment_id uuid,
  disputed_at timestamp with time zone,
  constraint tournament_registrations_pkey PRIMARY KEY (id),
  constraint tournament_registrations_one_per_payment UNIQUE (payment_id),
  constraint tournament_registrations_match_payment FOREIGN KEY (payment_id, user_id, tournament_id, slots) REFERENCES public.payments(id, user_id, tournament_id, slots),
  constraint tournament_registrations_tournament_id_fkey FOREIGN KEY (tournament_id) REFERENCES public.tournaments(id),
  constraint tournament_registrations_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id),
  constraint tournament_registrations_free_entry_is_one_slot CHECK (((payment_id IS NOT NULL) OR (slots = 1))),
  constraint tournament_registrations_slots_range CHECK (((slots >= 1) AND (slots <= 10))),
  constraint tournament_registrations_status_known CHECK ((status = ANY (ARRAY['upcoming'::text, 'ongoing'::text, 'completed'::text, 'cancelled'::text])))
);
CREATE UNIQUE INDEX tournament_registrations_one_free_entry ON public.tournament_registrations USING btree (user_id, tournament_id) WHERE ((payment_id IS NULL) AND (status <> 'cancelled'::text));
CREATE INDEX tournament_registrations_player ON public.tournament_registrations USING btree (user_id, registered_at DESC);
CREATE INDEX tournament_registrations_tournament ON public.tournament_registrations USING btree (tournament_id, registered_at);
alter table public.tournament_registrations enable row level security;
comment on column public.tournament_registrations.payment_id is 'The payment behind a paid entry; null for an entry into a free tournament (enter_free_tournament()).';
comment on column public.tournament_registrations.disputed_at is 'Set when the payment behind this entry is disputed (chargeback): its prizes are held until staff decide.';

-- Razorpay webhooks -----------------------------------------------------------------------------------

comment on table public.razorpay_webhook_events is 'Razorpay webhook deliveries by x-razorpay-event-id; processed_at set once handled.';
create table public.razorpay_webhook_events (
  event_id text not null,
  event_type text not null,
  attempts integer default 1 not null,
  received_at timestamp with time zone default now() not null,
  processed_at timestamp with time zone,
  constraint razorpay_webhook_events_pkey PRIMARY KEY (event_id)
);
alter table public.razorpay_webhook_events enable row level security;

-- Refunds and disputes --------------------------------------------------------------------------------

comment on table public.payment_refunds is 'Refunds as Razorpay reported them, one row per refund id; a partial refund cancels nothing by itself.';
create table public.payment_refunds (
  razorpay_refund_id text not null,
  payment_id uuid not null,
  amount_paise integer not null,
  recorded_at timestamp with time zone default private.clock_now() not null,
  constraint payment_refunds_pkey PRIMARY KEY (razorpay_refund_id),
  constraint payment_refunds_payment_id_fkey FOREIGN KEY (payment_id) REFERENCES public.payments(id),
  constraint payment_refunds_amount_positive CHECK ((amount_paise > 0))
);
CREATE INDEX payment_refunds_payment ON public.payment_refunds USING btree (payment_id);
alter table public.payment_refunds enable row level security;

comment on table public.payment_refunds_awaiting_capture is 'A refund reported before the capture it refunds; the confirmation of that payment applies it, so a refunded payment never registers.';
create table public.payment_refunds_awaiting_capture (
  razorpay_refund_id text not null,
  razorpay_payment_id text not null,
  amount_paise integer not null,
  recorded_at timestamp with time zone default private.clock_now() not null,
  constraint payment_refunds_awaiting_capture_pkey PRIMARY KEY (razorpay_refund_id)
);
alter table public.payment_refunds_awaiting_capture enable row level security;

comment on table public.payment_disputes is 'Chargebacks, one row per dispute event; the registration is flagged and staff see it in the console.';
create table public.payment_disputes (
  id bigint generated always as identity not null,
  payment_id uuid,
  razorpay_payment_id text not null,
  razorpay_dispute_id text,
  event text not null,
  amount_paise integer,
  reason text,
  recorded_at timestamp with time zone default private.clock_now() not null,
  constraint payment_disputes_pkey PRIMARY KEY (id),
  constraint payment_disputes_one_row_per_event UNIQUE (razorpay_dispute_id, event),
  constraint payment_disputes_payment_id_fkey FOREIGN KEY (payment_id) REFERENCES public.payments(id)
);
alter table public.payment_disputes enable row level security;

comment on table private.foreign_captures is 'Captures on the merchant account for orders that are not Golazo''s (another product sharing the account): recorded for reconciliation, never refunded.';
create table private.foreign_captures (
  razorpay_payment_id text not null,
  razorpay_order_id text,
  amount_paise bigint not null,
  notes jsonb default '{}'::jsonb not null,
  seen_at timestamp with time zone not null,
  constraint foreign_captures_pkey PRIMARY KEY (razorpay_payment_id)
);
comment on column private.foreign_captures.notes is 'personal: free_text. Notes of a capture nobody here ordered (may hold the payer''s contact).';

-- =====================================================================================================
-- Rules: the rule rows, and the private functions and triggers that apply them
-- =====================================================================================================

-- Rows of private.outbox_kinds ------------------------------------------------------------------------

insert into private.outbox_kinds (kind, area, label, kept_fields, details_function, answer_function, retry_for, gave_up_tells_staff) values
  ('razorpay_refund', 'payments', 'a refund', '{razorpay_payment_id,razorpay_order_id,amount_paise,reason,tournament_id}', null, 'private.refund_answered', null, true),
  ('razorpay_order_check', 'payments', 'an order check', '{order_id}', null, null, null, true)
on conflict (kind) do update set area = excluded.area, label = excluded.label, kept_fields = excluded.kept_fields,
  details_function = excluded.details_function, answer_function = excluded.answer_function, retry_for = excluded.retry_for,
  gave_up_tells_staff = excluded.gave_up_tells_staff;

-- Rows of private.due_work_steps ----------------------------------------------------------------------

insert into private.due_work_steps (name, area, function_name, run_order, every_minutes) values
  ('expired_orders_and_owed_refunds', 'payments', 'private.run_due_payment_work', '100', '1'),
  ('receipt_emails', 'payments', 'private.run_due_receipt_emails', '150', '1'),
  ('refunds_left_after_a_stale_refusal', 'payments', 'private.requeue_refunds_left', '1060', '1')
on conflict (name) do update set area = excluded.area, function_name = excluded.function_name, run_order = excluded.run_order,
  every_minutes = excluded.every_minutes;

-- Rows of private.status_transitions ------------------------------------------------------------------

insert into private.status_transitions (machine, from_status, to_status, allowed_by) values
  ('registration', null, 'upcoming', null),
  ('registration', 'upcoming', 'cancelled', '{private.apply_refund,private.refund_cancelled_tournament,private.end_play_without_consent,private.refund_missed_pod_check_ins}'),
  ('payment', null, 'created', null),
  ('payment', 'created', 'failed', '{public.service_record_payment_failure}'),
  ('payment', 'created', 'abandoned', '{public.service_record_payment_order,private.run_due_payment_work,private.refund_cancelled_tournament}'),
  ('payment', 'failed', 'abandoned', '{public.service_record_payment_order,private.run_due_payment_work,private.refund_cancelled_tournament}'),
  ('payment', 'created', 'paid', '{public.service_confirm_tournament_payment,private.take_waitlist_place}'),
  ('payment', 'failed', 'paid', '{public.service_confirm_tournament_payment,private.take_waitlist_place}'),
  ('payment', 'created', 'refund_pending', '{public.service_confirm_tournament_payment}'),
  ('payment', 'failed', 'refund_pending', '{public.service_confirm_tournament_payment}'),
  ('payment', 'abandoned', 'refund_pending', '{public.service_confirm_tournament_payment}'),
  ('payment', 'paid', 'refund_pending', '{public.service_confirm_tournament_payment,private.refund_cancelled_tournament,private.fill_places_from_waitlist,private.refund_missed_pod_check_ins,public.leave_waitlist}'),
  ('payment', 'paid', 'refunded', '{private.apply_refund}'),
  ('payment', 'refund_pending', 'refunded', '{private.apply_refund,private.close_refund_taken_back}'),
  ('payment', 'failed', 'refunded', '{private.apply_refund}'),
  ('payment', 'abandoned', 'refunded', '{private.apply_refund}')
on conflict (machine, from_status, to_status) do update set allowed_by = excluded.allowed_by;

-- Rows of private.area_hooks: the refunds of a cancelled tournament -------------------------------------

insert into private.area_hooks (hook, called_from, area, function_name) values
  ('tournament_cancelled', 'tournaments', 'payments', 'private.refund_cancelled_tournament')
on conflict (hook) do update set called_from = excluded.called_from, area = excluded.area, function_name = excluded.function_name;

-- Rows of private.entry_settings ----------------------------------------------------------------------

insert into private.entry_settings (id, paid_entry_enabled) values
  ('t', 't')
on conflict (id) do update set paid_entry_enabled = excluded.paid_entry_enabled;

-- Who may enter ---------------------------------------------------------------------------------------

comment on function private.slots_per_buyer_refusal(integer, integer) is 'Why a buyer may not take that many places, in the player''s words: the places they already hold and how many more they may add under the cap.';
CREATE OR REPLACE FUNCTION private.slots_per_buyer_refusal(p_cap integer, p_held integer)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case
    when p_held > 0 and p_held >= p_cap then
      'You already hold ' || p_held || case when p_held = 1 then ' place' else ' places' end
        || ' here, the most one player can hold in this tournament.'
    when p_held > 0 then
      'You already hold ' || p_held || case when p_held = 1 then ' place' else ' places' end
        || ' here: you can add ' || (p_cap - p_held) || ' more (one player holds at most ' || p_cap || ' in this tournament).'
    else
      'One player can hold at most ' || p_cap || case when p_cap = 1 then ' place' else ' places' end
        || ' in this tournament: choose ' || p_cap || ' or fewer.'
  end
$function$;

-- Money is taken while the status is open (or full, which the slot count refuses with its own reason),
-- never after registration closes, never once cancelled.
CREATE OR REPLACE FUNCTION private.tournament_takes_payments(p_tournament public.tournaments, p_now timestamp with time zone)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE
AS $function$
begin
  return private.tournament_status(p_tournament, p_now) in ('open', 'full')
     and p_tournament.starts_at > p_now;
end;
$function$;

-- Cancelling: a pod past its fill deadline, or staff calling a tournament off
CREATE OR REPLACE FUNCTION private.refusal_reason(p_code text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
begin
  return case p_code
    when 'tournament_full' then 'The tournament filled up before your payment was confirmed. Your payment has been refunded in full.'
    when 'order_replaced' then 'You opened a newer checkout for this tournament. This payment has been refunded in full.'
    when 'order_expired' then 'Your checkout had expired when the payment arrived. Your payment has been refunded in full.'
    when 'registration_closed' then 'Registration had closed when your payment arrived. Your payment has been refunded in full.'
    when 'already_registered' then 'You were already registered for this tournament. This payment has been refunded in full.'
    when 'order_already_paid' then 'This order was already paid. This second payment has been refunded in full.'
    when 'tournament_cancelled' then 'The tournament was cancelled. Your payment has been refunded in full.'
    when 'waitlist_full' then 'The waitlist filled up before your payment was confirmed. Your payment has been refunded in full.'
    when 'waitlist_closed' then 'The waitlist had closed when your payment arrived. Your payment has been refunded in full.'
    when 'already_on_waitlist' then 'You were already on this waitlist. This payment has been refunded in full.'
    when 'not_full' then 'A place had come free when your waitlist payment arrived, but registration had closed. Your payment has been refunded in full.'
    when 'not_promoted' then 'No place came free for you before the draw. Your waitlist payment has been refunded in full.'
    when 'left_waitlist' then 'You left the waitlist. Your waitlist payment has been refunded in full.'
    when 'missed_pod_check_in' then 'You did not check in during the pod''s check-in. Your payment has been refunded in full.'
    when 'paid_entry_disabled' then 'Paid entry was switched off on this site before your payment arrived. Your payment has been refunded in full.'
  end;
end;
$function$;

-- Same order as paidEntryRefusal() in src/lib/legal.ts.
CREATE OR REPLACE FUNCTION private.paid_entry_refusal(p_user_id uuid)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_profile public.profiles;
begin
  if not coalesce((select paid_entry_enabled from private.entry_settings where id), true) then
    return 'paid_entry_disabled';
  end if;
  select * into v_profile from public.profiles where id = p_user_id;
  if not found or not private.profile_is_complete(v_profile) then
    return 'profile_incomplete';
  end if;
  if private.profile_age(v_profile) < private.legal_paid_entry_age() then
    return 'too_young_for_paid_entry';
  end if;
  if v_profile.lives_in_india_confirmed_at is null then
    return 'residence_required';
  end if;
  return null;
end;
$function$;

-- Same order as freeEntryRefusal() in src/lib/legal.ts.
CREATE OR REPLACE FUNCTION private.free_entry_refusal(p_user_id uuid)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_profile public.profiles;
begin
  select * into v_profile from public.profiles where id = p_user_id;
  if not found or not private.profile_is_complete(v_profile) then
    return 'profile_incomplete';
  end if;
  if private.profile_age(v_profile) < private.legal_paid_entry_age() and not private.has_parental_consent(p_user_id) then
    return 'parental_consent_required';
  end if;
  return null;
end;
$function$;

-- One raise per refusal code, so every caller answers with the same status, message and hint.
CREATE OR REPLACE FUNCTION private.raise_entry_refusal(p_code text)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  case p_code
    when 'paid_entry_disabled' then
      raise exception 'Paid entry is switched off on this site for now' using errcode = 'PT403', hint = 'paid_entry_disabled';
    when 'profile_incomplete' then
      raise exception 'Complete your profile (eFootball user ID and date of birth included) to enter'
        using errcode = 'PT403', hint = 'profile_incomplete';
    when 'too_young_for_paid_entry' then
      raise exception 'Paid entry is for players 18 and over' using errcode = 'PT403', hint = 'too_young_for_paid_entry';
    when 'residence_required' then
      raise exception 'Paid entry is for players who live in India: confirm it on your profile'
        using errcode = 'PT403', hint = 'residence_required';
    when 'parental_consent_required' then
      raise exception 'Players under 18 need a parent''s consent to enter' using errcode = 'PT403', hint = 'parental_consent_required';
    else
      null;
  end case;
end;
$function$;

-- The rules of a payment row ---------------------------------------------------------------------------
-- Each CHECK of public.payments calls one of these. A table's CHECKs are read back from their stored text and
-- prepared again by every statement that writes the table (the payment race updates a payment twice per
-- refused payment): a call of a PL/pgSQL function is a few dozen characters to read, the rule's own
-- expression (a list of statuses) over a kilobyte. The rule itself is the same expression, compiled once
-- per connection. The slot range stays literal: the rules test reads it against the rules module.

comment on function private.payment_failure_reason_code_known(text) is 'The CHECK payments_failure_reason_code_known: the codes a payment''s reason may have (a page words each; src/lib/i18n/reason-words.test.ts reads this list).';
CREATE OR REPLACE FUNCTION private.payment_failure_reason_code_known(p_code text)
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- A function, not the list in the CHECK: every statement that writes a payment read the CHECK back from five
-- kilobytes of stored text (twice per refused payment of the race).
begin
  return p_code = any (array['tournament_full'::text, 'order_replaced'::text, 'order_expired'::text, 'registration_closed'::text, 'already_registered'::text, 'order_already_paid'::text, 'tournament_cancelled'::text, 'waitlist_full'::text, 'waitlist_closed'::text, 'already_on_waitlist'::text, 'not_full'::text, 'not_promoted'::text, 'left_waitlist'::text, 'missed_pod_check_in'::text, 'paid_entry_disabled'::text, 'checkout_closed'::text, 'cancelled_before_payment'::text, 'replaced_by_newer_checkout'::text, 'chargeback'::text, 'refunded_by_organisers'::text, 'partly_refunded'::text, 'payment_failed'::text]);
end;
$function$;

comment on function private.payment_status_known(text) is 'The CHECK payments_status_check: a payment is created, failed, abandoned, paid, refund_pending or refunded.';
CREATE OR REPLACE FUNCTION private.payment_status_known(p_status text)
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
begin
  return p_status = any (array['created', 'failed', 'abandoned', 'paid', 'refund_pending', 'refunded']);
end;
$function$;

comment on function private.payment_paid_has_razorpay_payment(text,text,timestamp with time zone) is 'The CHECK payments_paid_has_razorpay_payment: a paid payment names its Razorpay payment and when it was paid.';
CREATE OR REPLACE FUNCTION private.payment_paid_has_razorpay_payment(p_status text, p_razorpay_payment_id text, p_paid_at timestamp with time zone)
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
begin
  return p_status <> 'paid' or (p_razorpay_payment_id is not null and p_paid_at is not null);
end;
$function$;

comment on function private.payment_refunded_has_refund(text,text,text) is 'The CHECK payments_refunded_has_refund: a refunded payment names its Razorpay payment and what refunded it.';
CREATE OR REPLACE FUNCTION private.payment_refunded_has_refund(p_status text, p_razorpay_payment_id text, p_refund_id text)
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
begin
  return p_status <> 'refunded' or (p_razorpay_payment_id is not null and p_refund_id is not null);
end;
$function$;

comment on function private.payment_refunded_within_amount(integer,integer) is 'The CHECK payments_refunded_within_amount: the refunded amount is between nothing and the amount paid.';
CREATE OR REPLACE FUNCTION private.payment_refunded_within_amount(p_refunded_paise integer, p_amount_paise integer)
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
begin
  return p_refunded_paise >= 0 and p_refunded_paise <= p_amount_paise;
end;
$function$;

-- Orders and the confirmation -------------------------------------------------------------------------

-- The checkout's `timeout`: Razorpay closes the checkout after it, and our order expires a little later
-- (a capture the player made in time may take a moment to reach us).
CREATE OR REPLACE FUNCTION private.checkout_timeout_seconds()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select 15 * 60 $function$;

-- The confirmation's helpers, compiled once per connection (same answers as before)
CREATE OR REPLACE FUNCTION private.last_registration_within_a_day(p_user_id uuid, p_tournament_id text, p_except_payment uuid, p_now timestamp with time zone)
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
 STABLE
AS $function$
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
$function$;

comment on function private.requeue_refunds_left() is 'Due work: a refund Razorpay refused for asking more than was left (a dashboard refund came first) is asked again for what the payment still owes.';
CREATE OR REPLACE FUNCTION private.requeue_refunds_left()
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_queued integer;
begin
  with owed as (
    select p.*, last_call.status as call_status, (last_call.payload ->> 'amount_paise')::integer as asked
      from public.payments p
      cross join lateral (
        select o.status, o.payload from private.outbox o
         where o.kind = 'razorpay_refund' and o.payload ->> 'razorpay_payment_id' = p.razorpay_payment_id
         order by o.id desc limit 1
      ) as last_call
     where p.status = 'refund_pending' and p.razorpay_payment_id is not null and p.refunded_paise < p.amount_paise
  ), queued as (
    insert into private.outbox (kind, idempotency_key, payload)
    select 'razorpay_refund', 'refund-' || o.razorpay_payment_id || '-' || o.refunded_paise,
           jsonb_build_object('razorpay_payment_id', o.razorpay_payment_id, 'amount_paise', o.amount_paise - o.refunded_paise,
                              'reason', 'refund_owed', 'razorpay_order_id', o.razorpay_order_id, 'tournament_id', o.tournament_id)
      from owed o
     where o.call_status = 'gave_up' and o.asked > o.amount_paise - o.refunded_paise
    on conflict (idempotency_key) do nothing
    returning 1
  )
  select count(*) into v_queued from queued;
  return jsonb_build_object('refunds_requeued_for_what_is_left', v_queued);
end;
$function$;

-- Refunds and disputes --------------------------------------------------------------------------------

comment on function private.refund_cancelled_tournament(text,timestamp with time zone) is 'What cancelling a tournament does to its money (private.cancel_tournament runs it through the hook tournament_cancelled, after setting cancelled_at): its registrations are cancelled, unpaid checkouts abandoned, and every paid entry refunded what is left of it (nothing when a lost chargeback took it all back). Answers the number of refunds queued.';
CREATE OR REPLACE FUNCTION private.refund_cancelled_tournament(p_tournament_id text, p_now timestamp with time zone)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_payment public.payments%rowtype;
  v_refunds integer := 0;
begin
  update public.tournament_registrations set status = 'cancelled'
   where tournament_id = p_tournament_id and status <> 'cancelled';

  update public.payments
     set status = 'abandoned', failure_reason = 'The tournament was cancelled before this checkout was paid.',
         failure_reason_code = 'cancelled_before_payment', updated_at = p_now
   where tournament_id = p_tournament_id and status in ('created', 'failed');

  -- A payment a lost chargeback took back whole stays paid: its money is already back with the player.
  for v_payment in
    update public.payments p
       set status = 'refund_pending', failure_reason = private.refusal_reason('tournament_cancelled'),
           failure_reason_code = 'tournament_cancelled', updated_at = p_now
     where p.tournament_id = p_tournament_id and p.status = 'paid' and private.refundable_paise(p) > 0
    returning *
  loop
    perform private.queue_refund(v_payment.razorpay_payment_id, private.refundable_paise(v_payment)::integer,
                                 'tournament_cancelled', v_payment);
    v_refunds := v_refunds + 1;
  end loop;
  return v_refunds;
end;
$function$;

-- Refusing a captured payment: refund_pending + a refund in the outbox, one transaction
-- The refund's idempotency key is the Razorpay payment id: one captured payment is refunded at most once,
-- whichever path (verify, webhook, reconciliation) refused it first.
CREATE OR REPLACE FUNCTION private.queue_refund(p_razorpay_payment_id text, p_amount_paise integer, p_reason_code text, p_payment public.payments)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
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
$function$;

comment on function private.refundable_paise(public.payments) is 'What a refund may still return of a payment: paid, less what was refunded and what a lost chargeback took back.';
CREATE OR REPLACE FUNCTION private.refundable_paise(p_payment public.payments)
 RETURNS bigint
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select greatest(p_payment.amount_paise - p_payment.refunded_paise
                  - coalesce((select sum(c.amount_paise) from private.chargebacks c
                               where c.payment_id = p_payment.id and c.status = 'lost'), 0), 0)::bigint;
$function$;

comment on function private.close_refund_taken_back(uuid,text) is 'A payment whose refund is owed and whose chargeback was lost: its waiting or given-up refund calls are cancelled (never made), and it reads refunded, or a new call asks for what the bank left.';
CREATE OR REPLACE FUNCTION private.close_refund_taken_back(p_payment_id uuid, p_dispute_id text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_payment public.payments%rowtype;
  v_left bigint;
  v_closed integer;
begin
  select * into v_payment from public.payments where id = p_payment_id for update;
  if not found or v_payment.status <> 'refund_pending' or v_payment.razorpay_payment_id is null then
    return;
  end if;
  v_left := private.refundable_paise(v_payment);
  update private.outbox
     set status = 'cancelled', done_at = v_now,
         last_answer = jsonb_build_object('closed', 'chargeback_lost', 'razorpay_dispute_id', p_dispute_id)
   where kind = 'razorpay_refund' and status in ('pending', 'gave_up')
     and payload ->> 'razorpay_payment_id' = v_payment.razorpay_payment_id;
  get diagnostics v_closed = row_count;
  if v_left > 0 then
    -- The bank took back part: what is left is still owed, asked for under a key of its own.
    perform private.enqueue_outside_call('razorpay_refund', 'refund-' || v_payment.razorpay_payment_id || '-after-' || p_dispute_id,
      jsonb_build_object('razorpay_payment_id', v_payment.razorpay_payment_id, 'amount_paise', v_left,
                         'reason', 'refund_owed', 'razorpay_order_id', v_payment.razorpay_order_id,
                         'tournament_id', v_payment.tournament_id));
  else
    update public.payments
       set status = 'refunded',
           -- What returned the money, in place of a Razorpay refund id.
           refund_id = coalesce(refund_id, 'chargeback:' || p_dispute_id),
           failure_reason = 'Your bank returned this payment to you through a chargeback, so no refund is sent.',
           failure_reason_code = 'chargeback',
           updated_at = v_now
     where id = v_payment.id;
  end if;
  perform private.audit(v_payment.tournament_id, 'refund_closed_by_chargeback',
                        'Refund of payment ' || v_payment.razorpay_payment_id || ' closed: the bank returned '
                          || case when v_left > 0 then 'part of it through a chargeback; ' || private.money_text(v_left) || ' is still refunded'
                                  else 'it through a chargeback' end,
                        null, null, jsonb_build_object('razorpay_payment_id', v_payment.razorpay_payment_id,
                                                       'razorpay_dispute_id', p_dispute_id, 'calls_closed', v_closed,
                                                       'still_owed_paise', v_left), false);
end;
$function$;

comment on function private.refund_answered(private.outbox,text,jsonb) is 'A refund Razorpay made (or had made already) marks its payment refunded, in the transaction that records the answer. A refund of a capture for an order we never recorded has no payment to mark.';
CREATE OR REPLACE FUNCTION private.refund_answered(p_job private.outbox, p_status text, p_answer jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if p_status = 'done' and p_job.payload ->> 'reason' is distinct from 'unknown_order' then
    perform private.apply_refund(
      p_job.payload ->> 'razorpay_payment_id',
      p_answer ->> 'refund_id',
      (p_answer ->> 'amount_paise')::integer,
      coalesce((p_answer ->> 'already_refunded')::boolean, false)
    );
  end if;
end;
$function$;

comment on function private.apply_refund(text,text,integer,boolean) is 'Records a refund Razorpay made (once per refund id) and settles the payment; the refunded amount only grows, whatever order the answers and webhooks come in.';
CREATE OR REPLACE FUNCTION private.apply_refund(p_razorpay_payment_id text, p_refund_id text, p_amount_paise integer, p_whole boolean DEFAULT false)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_payment public.payments%rowtype;
  v_registration public.tournament_registrations%rowtype;
  v_counted boolean := false;
  v_refunded bigint;
begin
  select * into v_payment from public.payments where razorpay_payment_id = p_razorpay_payment_id for update;
  if not found then
    if p_refund_id is not null and p_amount_paise is not null and p_amount_paise > 0 then
      insert into public.payment_refunds_awaiting_capture (razorpay_refund_id, razorpay_payment_id, amount_paise)
      values (p_refund_id, p_razorpay_payment_id, p_amount_paise)
      on conflict (razorpay_refund_id) do nothing;
      return jsonb_build_object('outcome', 'awaiting_capture');
    end if;
    return jsonb_build_object('outcome', 'unknown_payment');
  end if;

  if p_refund_id is not null and p_amount_paise is not null and p_amount_paise > 0 then
    insert into public.payment_refunds (razorpay_refund_id, payment_id, amount_paise)
    values (p_refund_id, v_payment.id, p_amount_paise)
    on conflict (razorpay_refund_id) do nothing;
    v_counted := found;
  end if;

  -- Refunded in full by this refund, without p_whole: the payment is written once, as it ends up after
  -- the two updates below (same refunded_paise, refund id, status, reason and ledger journals).
  select least(v_payment.amount_paise, coalesce(sum(r.amount_paise), 0)) into v_refunded
    from public.payment_refunds r
   where r.payment_id = v_payment.id;
  if not p_whole and v_payment.status <> 'refunded' and v_refunded >= v_payment.amount_paise then
    update public.payments
       set refunded_paise = v_refunded,
           status = 'refunded',
           refund_id = coalesce(refund_id, p_refund_id, 'refunded-at-razorpay'),
           failure_reason = case when status = 'paid' or failure_reason is null or failure_reason like '₹%'
                                 then 'Refunded by the organisers.' else failure_reason end,
           failure_reason_code = case when status = 'paid' or failure_reason is null or failure_reason like '₹%'
                                      then 'refunded_by_organisers' else failure_reason_code end,
           updated_at = v_now
     where id = v_payment.id;
    if v_payment.status = 'paid' then
      update public.tournament_registrations
         set status = 'cancelled'
       where payment_id = v_payment.id and status <> 'cancelled'
      returning * into v_registration;
      if found then
        update public.tournaments
           set filled_slots = greatest(filled_slots - v_registration.slots, 0)
         where id = v_registration.tournament_id;
      end if;
    end if;
    return jsonb_build_object('outcome', 'refunded');
  end if;

  update public.payments
     set refunded_paise = greatest(refunded_paise, v_refunded),
         refund_id = coalesce(refund_id, p_refund_id),
         updated_at = v_now
   where id = v_payment.id
  returning * into v_payment;

  if p_whole then
    update public.payments set refunded_paise = amount_paise where id = v_payment.id
    returning * into v_payment;
  end if;

  if v_payment.status = 'refunded' then
    return jsonb_build_object('outcome', case when v_counted then 'refund_recorded' else 'already_refunded' end);
  end if;

  if v_payment.refunded_paise < v_payment.amount_paise then
    if v_payment.status = 'paid' then
      update public.payments
         set failure_reason = format('₹%s of this payment was refunded; your entry stands.',
                                     to_char(v_payment.refunded_paise / 100.0, 'FM999999990.00')),
             failure_reason_code = 'partly_refunded'
       where id = v_payment.id;
    end if;
    return jsonb_build_object('outcome', 'partially_refunded', 'refunded_paise', v_payment.refunded_paise);
  end if;

  if v_payment.status = 'paid' then
    update public.tournament_registrations
       set status = 'cancelled'
     where payment_id = v_payment.id and status <> 'cancelled'
    returning * into v_registration;
    if found then
      update public.tournaments
         set filled_slots = greatest(filled_slots - v_registration.slots, 0)
       where id = v_registration.tournament_id;
    end if;
  end if;

  update public.payments
     set status = 'refunded',
         -- Razorpay said "already refunded" without naming the refund (a dashboard refund): its
         -- refund.processed webhook records the id in payment_refunds when it comes.
         refund_id = coalesce(refund_id, p_refund_id, 'refunded-at-razorpay'),
         failure_reason = case when status = 'paid' or failure_reason is null or failure_reason like '₹%'
                               then 'Refunded by the organisers.' else failure_reason end,
         failure_reason_code = case when status = 'paid' or failure_reason is null or failure_reason like '₹%'
                                    then 'refunded_by_organisers' else failure_reason_code end,
         updated_at = v_now
   where id = v_payment.id;
  return jsonb_build_object('outcome', 'refunded');
end;
$function$;

-- Applies (once) the refunds that arrived before this payment's capture; true when any did.
CREATE OR REPLACE FUNCTION private.apply_refunds_awaiting_capture(p_razorpay_payment_id text)
 RETURNS boolean
 LANGUAGE plpgsql
AS $function$
declare
  v_refund public.payment_refunds_awaiting_capture%rowtype;
  v_any boolean := false;
begin
  -- Nearly every confirmation has none: one look at the index, not a DELETE through a cursor (which sets up
  -- the table, its indexes and its triggers to delete nothing).
  if not exists (select 1 from public.payment_refunds_awaiting_capture where razorpay_payment_id = p_razorpay_payment_id) then
    return false;
  end if;
  for v_refund in
    delete from public.payment_refunds_awaiting_capture where razorpay_payment_id = p_razorpay_payment_id returning *
  loop
    perform private.apply_refund(v_refund.razorpay_payment_id, v_refund.razorpay_refund_id, v_refund.amount_paise);
    v_any := true;
  end loop;
  return v_any;
end;
$function$;

comment on function private.order_is_ours(jsonb) is 'Whether an order (its notes, or the payment''s) is Golazo''s: create_order names the product and the tournament in them.';
CREATE OR REPLACE FUNCTION private.order_is_ours(p_notes jsonb)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(p_notes ->> 'product', '') = 'golazo-arena'
      or exists (select 1 from public.tournaments where id = p_notes ->> 'tournament_id');
$function$;

-- A player’s payments and registrations ---------------------------------------------------------------

comment on function private.send_payment_receipt() is 'The receipt a paying player gets at once in the bell: written with the registration, so the confirmation never forgets it.';
CREATE OR REPLACE FUNCTION private.send_payment_receipt()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- One insert in the confirmation's transaction (the payment race must not slow down): the bell's
  -- receipt. Its e-mail is queued by the periodic function (private.run_due_receipt_emails).
  -- In the player's language, from the message catalog.
  insert into public.notifications (user_id, kind, title, body, link, created_at, message_key, message_params, language)
  select new.user_id, 'payment_receipt', m.title, m.body,
         case when t.series = 'quick' then '/pod/?id=' || t.id else '/tournaments/' || t.id end,
         private.clock_now(), r.key, r.params, l.language
    from public.payments p
    join public.tournaments t on t.id = new.tournament_id
    -- OFFSET 0 keeps each lateral subquery whole: pulled up into the insert, its value was computed again for
    -- every place it is used (the player's language and the check-in times twice per receipt).
    cross join lateral (select private.player_language(new.user_id) as language offset 0) as l
    cross join lateral (
      select 'payment_receipt_' || case when t.series = 'quick' then 'pod' else 'cup' end
               || case when new.slots = 1 then '_one' else '_many' end as key,
             jsonb_build_object('tournament', t.title, 'slots', new.slots, 'amount', p.amount_paise,
                                'payment_id', coalesce(p.razorpay_payment_id, p.id::text),
                                'opens', private.tournament_check_in_opens_at(t),
                                'closes', private.tournament_check_in_closes_at(t)) as params
      offset 0) as r
    cross join lateral private.compose_message(r.key, l.language, r.params) as m
   where p.id = new.payment_id
     -- A place moving up from the waitlist: its payment's receipt was written when the place was taken.
     and not exists (select 1 from public.waitlist_places w where w.payment_id = p.id);
  return null;
end;
$function$;

comment on function private.run_due_receipt_emails() is 'Due work: queues the e-mail of each payment receipt, outside the payment confirmation''s transaction.';
CREATE OR REPLACE FUNCTION private.run_due_receipt_emails()
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_queued integer;
begin
  -- The e-mail of each receipt of the last day not queued yet, as private.deliver queues a notice's
  -- e-mail (same key, unless the player turned receipts off, non-urgent so not at night).
  insert into private.outbox (kind, idempotency_key, payload, next_attempt_at)
  select 'email', 'notify-payment_receipt-' || n.user_id || '-' || n.id,
         jsonb_build_object('to', u.email, 'subject', n.title, 'text', n.body, 'link', n.link),
         private.email_not_before(v_now, private.notification_is_urgent(n.kind))
    from public.notifications n
    join auth.users u on u.id = n.user_id and u.email is not null
    left join public.notification_settings s on s.user_id = n.user_id and s.kind = n.kind
   where n.kind = 'payment_receipt' and n.created_at > v_now - interval '1 day' and coalesce(s.email, true)
  on conflict (idempotency_key) do nothing;
  get diagnostics v_queued = row_count;
  return jsonb_build_object('receipt_emails', v_queued);
end;
$function$;

-- Who may enter ---------------------------------------------------------------------------------------

comment on function private.prepare_tournament_entry_without_eligibility(uuid,text,integer) is 'The checks before a checkout for a tournament entry, apart from eligibility: signed in, 1 to 10 slots, the tournament open and with room.';
CREATE OR REPLACE FUNCTION private.prepare_tournament_entry_without_eligibility(p_user_id uuid, p_tournament_id text, p_slots integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_last_registered_at timestamptz;
  v_held integer;
begin
  if p_user_id is null then
    raise exception 'Please log in to continue' using errcode = 'PT401', hint = 'not_signed_in';
  end if;
  if p_slots is null or p_slots < 1 or p_slots > 10 then
    raise exception 'Choose between 1 and 10 slots' using errcode = 'PT400', hint = 'invalid_slot_count';
  end if;

  select * into v_tournament from public.tournaments where id = p_tournament_id;
  if not found then
    raise exception 'Unknown tournament' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  if not private.tournament_takes_payments(v_tournament, v_now) then
    raise exception 'Registrations for this tournament are closed' using errcode = 'PT409', hint = 'registration_closed';
  end if;
  if v_tournament.filled_slots >= v_tournament.max_players then
    raise exception 'This tournament is full' using errcode = 'PT409', hint = 'tournament_full';
  end if;
  if v_tournament.filled_slots + p_slots > v_tournament.max_players then
    raise exception 'Only % slot(s) left in this tournament', v_tournament.max_players - v_tournament.filled_slots
      using errcode = 'PT409', hint = 'not_enough_slots';
  end if;

  -- One buyer never holds more than the tournament's share per buyer (a 1v1 pod's two places are two players).
  select coalesce(sum(r.slots), 0)::integer into v_held
    from public.tournament_registrations r
   where r.tournament_id = p_tournament_id and r.user_id = p_user_id and r.status <> 'cancelled';
  if v_held + p_slots > v_tournament.max_slots_per_buyer then
    raise exception '%', private.slots_per_buyer_refusal(v_tournament.max_slots_per_buyer, v_held)
      using errcode = 'PT409', hint = 'too_many_slots_for_one_player';
  end if;

  v_last_registered_at := private.last_registration_within_a_day(p_user_id, p_tournament_id, null, v_now);
  if v_last_registered_at is not null then
    raise exception 'You are already registered for this tournament! You can add more slots after %.',
      to_char((v_last_registered_at + interval '24 hours') at time zone 'Asia/Kolkata', 'DD Mon YYYY, HH12:MI AM "IST"')
      using errcode = 'PT409', hint = 'already_registered';
  end if;

  return jsonb_build_object(
    'amount_paise', v_tournament.entry_fee_paise * p_slots,
    'currency', 'INR',
    'checkout_timeout_seconds', private.checkout_timeout_seconds()
  );
end;
$function$;

-- Orders and the confirmation -------------------------------------------------------------------------

CREATE TRIGGER payments_move_along_state_machine BEFORE UPDATE ON public.payments FOR EACH ROW WHEN (old.status IS DISTINCT FROM new.status OR old.refunded_paise IS DISTINCT FROM new.refunded_paise) EXECUTE FUNCTION private.keep_to_state_machines('payment', 'payments');
comment on trigger payments_move_along_state_machine on public.payments is 'The payment machine (created, failed, abandoned, paid, refund_pending, refunded) and the refund machine (refunded amount: none, partial, full; it never goes down).';

CREATE TRIGGER payments_set_updated_at BEFORE UPDATE ON public.payments FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

CREATE TRIGGER payments_start_in_state_machine BEFORE INSERT ON public.payments FOR EACH ROW WHEN (new.status IS DISTINCT FROM 'created'::text OR new.refunded_paise IS DISTINCT FROM 0) EXECUTE FUNCTION private.keep_to_state_machines('payment', 'payments');

CREATE TRIGGER tournament_registrations_move_along_state_machine BEFORE UPDATE ON public.tournament_registrations FOR EACH ROW WHEN (old.status IS DISTINCT FROM new.status) EXECUTE FUNCTION private.keep_to_state_machines('registration', 'status');
comment on trigger tournament_registrations_move_along_state_machine on public.tournament_registrations is 'The registration machine: upcoming until refunded or called off (cancelled).';

CREATE TRIGGER tournament_registrations_send_receipt AFTER INSERT ON public.tournament_registrations FOR EACH ROW WHEN (new.payment_id IS NOT NULL) EXECUTE FUNCTION private.send_payment_receipt();

CREATE TRIGGER tournament_registrations_start_in_state_machine BEFORE INSERT ON public.tournament_registrations FOR EACH ROW WHEN (new.status IS DISTINCT FROM 'upcoming'::text) EXECUTE FUNCTION private.keep_to_state_machines('registration', 'status');

comment on function private.order_lifetime() is 'How long a checkout order may wait for its payment before it is abandoned: 20 minutes.';
CREATE OR REPLACE FUNCTION private.order_lifetime()
 RETURNS interval
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select interval '20 minutes' $function$;

comment on function private.replaced_order_note() is 'The reason recorded on an order replaced by a newer checkout for the same tournament.';
CREATE OR REPLACE FUNCTION private.replaced_order_note()
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select 'Replaced by a newer checkout for the same tournament.'::text $function$;

comment on function private.run_due_payment_work() is 'Due work: abandons checkout orders past their expiry and queues again the refunds that are owed; returns the counts.';
CREATE OR REPLACE FUNCTION private.run_due_payment_work()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_abandoned integer;
  v_requeued integer;
begin
  with expired as (
    update public.payments
       set status = 'abandoned',
           failure_reason = 'The checkout was closed or timed out before a payment arrived.',
           failure_reason_code = 'checkout_closed',
           updated_at = v_now
     where status in ('created', 'failed') and expires_at <= v_now
    returning razorpay_order_id
  ), asked as (
    insert into private.outbox (kind, idempotency_key, payload)
    select 'razorpay_order_check', 'order-check-' || razorpay_order_id, jsonb_build_object('order_id', razorpay_order_id)
      from expired
    on conflict (idempotency_key) do nothing
  )
  select count(*) into v_abandoned from expired;

  -- 3. A refund owed (refund_pending) always has its outside call: payments refused before the outbox
  --    existed, or whose call was lost, get one (the key makes this a no-op for the others).
  insert into private.outbox (kind, idempotency_key, payload)
  select 'razorpay_refund', 'refund-' || p.razorpay_payment_id,
         jsonb_build_object('razorpay_payment_id', p.razorpay_payment_id, 'amount_paise', p.amount_paise - p.refunded_paise,
                            'reason', 'refund_owed', 'razorpay_order_id', p.razorpay_order_id, 'tournament_id', p.tournament_id)
    from public.payments p
   where p.status = 'refund_pending' and p.razorpay_payment_id is not null
  on conflict (idempotency_key) do nothing;
  get diagnostics v_requeued = row_count;

  return jsonb_build_object('abandoned_orders', v_abandoned, 'refunds_requeued', v_requeued);
end;
$function$;

-- =====================================================================================================
-- Functions callers use (the API: public schema)
-- =====================================================================================================

-- Who may enter ---------------------------------------------------------------------------------------

comment on function public.get_entry_settings() is 'Whether paid entry is on for the deployment (paid_entry_enabled).';
CREATE OR REPLACE FUNCTION public.get_entry_settings()
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select jsonb_build_object('paid_entry_enabled', coalesce((select paid_entry_enabled from private.entry_settings where id), true));
$function$;

comment on function public.get_my_entry_eligibility() is 'What the pay panel''s button says for the caller: whether they may enter, and if not, why.';
CREATE OR REPLACE FUNCTION public.get_my_entry_eligibility()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.require_player();
begin
  return jsonb_build_object(
    'paid_entry_refusal', private.paid_entry_refusal(v_player),
    'free_entry_refusal', private.free_entry_refusal(v_player),
    'parental_consent', private.has_parental_consent(v_player),
    'pending_parent_email', (select parent_email from private.parental_consents
                              where player_id = v_player and confirmed_at is null and expires_at > private.clock_now()
                              order by requested_at desc limit 1)
  );
end;
$function$;

comment on function public.service_prepare_tournament_entry(uuid,text,integer) is 'What an entry costs, decided from the tournament row, or why it is refused (eligibility, capacity, timetable). Service role only.';
CREATE OR REPLACE FUNCTION public.service_prepare_tournament_entry(p_user_id uuid, p_tournament_id text, p_slots integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_fee integer;
begin
  if p_user_id is null then
    raise exception 'Please log in to continue' using errcode = 'PT401', hint = 'not_signed_in';
  end if;
  select entry_fee_paise into v_fee from public.tournaments where id = p_tournament_id;
  if v_fee = 0 then
    raise exception 'This tournament is free: enter it without paying' using errcode = 'PT409', hint = 'free_entry_no_checkout';
  end if;
  if v_fee > 0 then
    perform private.raise_entry_refusal(private.paid_entry_refusal(p_user_id));
  end if;
  return private.prepare_tournament_entry_without_eligibility(p_user_id, p_tournament_id, p_slots);
end;
$function$;

comment on function public.enter_free_tournament(text) is 'Enters the caller in a free tournament: the same checks as paid entry, without a payment.';
CREATE OR REPLACE FUNCTION public.enter_free_tournament(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_registration_id uuid;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id;
  if not found then
    raise exception 'Unknown tournament' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  if v_tournament.entry_fee_paise > 0 then
    raise exception 'This tournament has an entry fee: pay to enter' using errcode = 'PT409', hint = 'not_a_free_tournament';
  end if;
  if not private.tournament_takes_payments(v_tournament, v_now) then
    raise exception 'Registrations for this tournament are closed' using errcode = 'PT409', hint = 'registration_closed';
  end if;
  perform private.raise_entry_refusal(private.free_entry_refusal(v_player));

  -- The capacity lock every entry takes: concurrent entries wait here, and only those that fit get in.
  update public.tournaments
     set filled_slots = filled_slots + 1
   where id = p_tournament_id
     and filled_slots + 1 <= max_players
  returning * into v_tournament;
  if not found then
    raise exception 'This tournament is full' using errcode = 'PT409', hint = 'tournament_full';
  end if;

  -- Checked under the lock: two clicks of one player cannot both get in.
  if exists (select 1 from public.tournament_registrations
              where user_id = v_player and tournament_id = p_tournament_id and status <> 'cancelled') then
    raise exception 'You are already registered for this tournament' using errcode = 'PT409', hint = 'already_registered';
  end if;

  insert into public.tournament_registrations (user_id, tournament_id, slots, payment_id, registered_at)
  values (v_player, p_tournament_id, 1, null, v_now)
  returning id into v_registration_id;

  return jsonb_build_object('outcome', 'registered', 'registration_id', v_registration_id, 'tournament_id', p_tournament_id);
end;
$function$;

-- Orders and the confirmation -------------------------------------------------------------------------

comment on function public.service_record_payment_order(uuid,text,integer,text,integer,text) is 'The payments row of a new Razorpay order; it replaces the player''s open orders for the tournament. Service role only.';
CREATE OR REPLACE FUNCTION public.service_record_payment_order(p_user_id uuid, p_tournament_id text, p_slots integer, p_razorpay_order_id text, p_amount_paise integer, p_currency text)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_payment_id uuid;
begin
  update public.payments
     set status = 'abandoned',
         failure_reason = private.replaced_order_note(),
         failure_reason_code = 'replaced_by_newer_checkout',
         updated_at = v_now
   where user_id = p_user_id and tournament_id = p_tournament_id and status in ('created', 'failed');

  insert into public.payments (user_id, tournament_id, razorpay_order_id, amount_paise, currency, slots, status, created_at, expires_at)
  values (p_user_id, p_tournament_id, p_razorpay_order_id, p_amount_paise, p_currency, p_slots, 'created',
          v_now, v_now + private.order_lifetime())
  returning id into v_payment_id;
  return v_payment_id;
end;
$function$;

comment on function public.service_find_payment_by_order(text) is 'The stored order, to check its owner and the signature. Service role only.';
CREATE OR REPLACE FUNCTION public.service_find_payment_by_order(p_razorpay_order_id text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'id', p.id,
    'user_id', p.user_id,
    'tournament_id', p.tournament_id,
    'razorpay_order_id', p.razorpay_order_id,
    'razorpay_payment_id', p.razorpay_payment_id,
    'amount_paise', p.amount_paise,
    'currency', p.currency,
    'slots', p.slots,
    'status', p.status
  )
  from public.payments p
  where p.razorpay_order_id = p_razorpay_order_id;
$function$;

comment on function public.service_confirm_tournament_payment(text,text) is 'The one idempotent confirmation of a captured payment (verify, webhook, reconciliation). Service role only.';
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
  v_refunds_came_first boolean;
  v_position integer;
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
      -- The place is the waitlist's (the brackets area answers through its hook).
      execute format('select %s($1)', private.hook_function('waitlist_position_of_payment')) using v_payment into v_position;
      return public.payment_confirmation_result(v_payment, 'waitlisted', null) || jsonb_build_object('waitlist_position', v_position);
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
    -- place left is an entry like any other (below). The waitlist decides (the brackets area, through its hook).
    execute format('select %s($1, $2, $3)', private.hook_function('waitlist_payment'))
      using v_payment, p_razorpay_payment_id, v_now into v_result;
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
           failure_reason = null, failure_reason_code = null,
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
         failure_reason_code = v_refusal,
         updated_at = v_now
   where id = v_payment.id
  returning * into v_payment;
  perform private.queue_refund(p_razorpay_payment_id, v_payment.amount_paise, v_refusal, v_payment);
  -- An assignment calls the function directly; a PERFORM would start a query of its own for every refusal.
  v_refunds_came_first := private.apply_refunds_awaiting_capture(p_razorpay_payment_id);

  return public.payment_confirmation_result(v_payment, 'refund_required', null);
end;
$function$;

comment on function public.payment_confirmation_result(public.payments,text,uuid) is 'The answer shape of the payment confirmation: outcome, payment, registration and the reason a player reads.';
CREATE OR REPLACE FUNCTION public.payment_confirmation_result(p_payment public.payments, p_outcome text, p_registration_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- Every confirmation answers through it: it names only built-ins, so it sets no search_path of its own (a
-- function that sets one saves and restores the setting on every call).
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
$function$;

comment on function public.service_record_payment_failure(text,text,text) is 'A failed payment attempt; the order may still be paid until it expires. Never overwrites a settled payment. Service role only.';
CREATE OR REPLACE FUNCTION public.service_record_payment_failure(p_razorpay_order_id text, p_razorpay_payment_id text, p_reason text)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  update public.payments
     set status = 'failed',
         razorpay_payment_id = coalesce(p_razorpay_payment_id, razorpay_payment_id),
         failure_reason = left(coalesce(nullif(p_reason, ''), 'Payment failed'), 500),
         failure_reason_code = 'payment_failed',
         updated_at = private.clock_now()
   where razorpay_order_id = p_razorpay_order_id
     and status in ('created', 'failed');
$function$;

-- Razorpay webhooks -----------------------------------------------------------------------------------

comment on function public.service_claim_razorpay_webhook_event(text,text) is 'Records a webhook event id as it is processed: true when it is to be processed, nothing when it was already handled, so a redelivery changes nothing. Service role only.';
CREATE OR REPLACE FUNCTION public.service_claim_razorpay_webhook_event(p_event_id text, p_event_type text)
 RETURNS boolean
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  insert into public.razorpay_webhook_events as e (event_id, event_type)
  values (p_event_id, p_event_type)
  on conflict (event_id) do update
     set attempts = e.attempts + 1
   where e.processed_at is null
  returning true;
$function$;

comment on function public.service_complete_razorpay_webhook_event(text) is 'Marks a webhook event handled. Service role only.';
CREATE OR REPLACE FUNCTION public.service_complete_razorpay_webhook_event(p_event_id text)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  update public.razorpay_webhook_events set processed_at = now() where event_id = p_event_id and processed_at is null;
$function$;

-- Refunds and disputes --------------------------------------------------------------------------------

comment on function public.service_record_payment_refund(text,text,integer) is 'Razorpay accepted or processed a refund (idempotent). A refund of a paid registration also cancels it and frees its slots. Service role only.';
CREATE OR REPLACE FUNCTION public.service_record_payment_refund(p_razorpay_payment_id text, p_refund_id text, p_amount_paise integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  return private.apply_refund(p_razorpay_payment_id, p_refund_id, p_amount_paise);
end;
$function$;

comment on function public.service_refund_unknown_capture(text,text,integer,jsonb) is 'A capture for an order we never recorded: refunded in full through the outbox, once per payment, when its notes say the order is Golazo''s; another product''s capture is recorded and audited, never refunded. Service role only.';
CREATE OR REPLACE FUNCTION public.service_refund_unknown_capture(p_razorpay_payment_id text, p_razorpay_order_id text, p_amount_paise integer, p_notes jsonb DEFAULT NULL::jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_notes jsonb := case when jsonb_typeof(p_notes) = 'object' then p_notes else '{}'::jsonb end;
begin
  if p_razorpay_payment_id is null or p_amount_paise is null or p_amount_paise <= 0 then
    raise exception 'A payment id and amount are required' using errcode = 'PT400', hint = 'payment_id_required';
  end if;
  if exists (select 1 from public.payments where razorpay_order_id = p_razorpay_order_id) then
    return jsonb_build_object('outcome', 'known_order');
  end if;
  if not private.order_is_ours(v_notes) then
    insert into private.foreign_captures (razorpay_payment_id, razorpay_order_id, amount_paise, notes, seen_at)
    values (p_razorpay_payment_id, p_razorpay_order_id, p_amount_paise, v_notes, private.clock_now())
    on conflict (razorpay_payment_id) do nothing;
    if found then
      perform private.audit(null, 'foreign_capture_ignored',
                            'A capture of ' || private.money_text(p_amount_paise) || ' for an order that is not Golazo''s was left alone',
                            null, null, jsonb_build_object('razorpay_payment_id', p_razorpay_payment_id,
                                                           'razorpay_order_id', p_razorpay_order_id), false);
    end if;
    return jsonb_build_object('outcome', 'not_ours');
  end if;
  perform private.enqueue_outside_call(
    'razorpay_refund',
    'refund-' || p_razorpay_payment_id,
    jsonb_build_object(
      'razorpay_payment_id', p_razorpay_payment_id,
      'amount_paise', p_amount_paise,
      'reason', 'unknown_order',
      'razorpay_order_id', p_razorpay_order_id
    )
  );
  return jsonb_build_object('outcome', 'refund_queued');
end;
$function$;

comment on function public.staff_refund_progress(text) is 'Staff: how the refunds of a tournament stand (done, pending, failed).';
CREATE OR REPLACE FUNCTION public.staff_refund_progress(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_staff('referee', p_tournament_id);
  return (
    select jsonb_build_object(
             'total', count(*),
             'done', count(*) filter (where p.status = 'refunded'),
             'pending', count(*) filter (where p.status = 'refund_pending' and coalesce(o.status, 'pending') <> 'gave_up'),
             'failed', count(*) filter (where p.status = 'refund_pending' and o.status = 'gave_up'))
      from public.payments p
      left join private.outbox o on o.kind = 'razorpay_refund' and o.idempotency_key = 'refund-' || p.razorpay_payment_id
     where p.tournament_id = p_tournament_id and p.status in ('refund_pending', 'refunded'));
end;
$function$;

comment on function public.staff_retry_refunds(text) is 'Organisers: queues again the refunds of a tournament that were given up, under the same keys (never a second refund).';
CREATE OR REPLACE FUNCTION public.staff_retry_refunds(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_staff uuid := private.require_staff('organiser', p_tournament_id);
  v_retried integer;
begin
  -- Same rows, same idempotency keys: Razorpay answers a repeated key with the first refund.
  update private.outbox
     set status = 'pending', attempts = 0, next_attempt_at = private.clock_now()
   where kind = 'razorpay_refund' and status = 'gave_up' and payload ->> 'tournament_id' = p_tournament_id;
  get diagnostics v_retried = row_count;
  if v_retried > 0 then
    perform private.audit(p_tournament_id, 'refunds_retried', v_retried || ' failed refunds queued again', null, null,
                          jsonb_build_object('retried', v_retried), false, v_staff);
  end if;
  return jsonb_build_object('retried', v_retried);
end;
$function$;

-- A player’s payments and registrations ---------------------------------------------------------------

comment on function public.get_my_payments() is 'The caller''s payment history, newest first, with the reason a payment did not buy an entry when it did not.';
CREATE OR REPLACE FUNCTION public.get_my_payments()
 RETURNS TABLE(id uuid, razorpay_payment_id text, razorpay_order_id text, amount_paise integer, currency text, tournament_id text, tournament_title text, slots integer, status text, status_reason text, created_at timestamp with time zone, status_reason_code text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  player_id uuid := private.require_player();
begin
  return query
    select p.id, p.razorpay_payment_id, p.razorpay_order_id, p.amount_paise, p.currency,
           p.tournament_id, t.title, p.slots,
           -- An order whose checkout timed out reads as abandoned even before the periodic function ran.
           case when p.status in ('created', 'failed') and p.expires_at <= private.clock_now() then 'abandoned' else p.status end,
           case when p.status in ('failed', 'abandoned', 'refund_pending', 'refunded')
                  or (p.status = 'paid' and p.refunded_paise > 0) then p.failure_reason
                when p.status in ('created', 'failed') and p.expires_at <= private.clock_now()
                  then 'The checkout was closed or timed out before a payment arrived.' end,
           p.created_at,
           -- status_reason's code, for pages that word it in the reader's language.
           case when p.status in ('failed', 'abandoned', 'refund_pending', 'refunded')
                  or (p.status = 'paid' and p.refunded_paise > 0) then p.failure_reason_code
                when p.status in ('created', 'failed') and p.expires_at <= private.clock_now() then 'checkout_closed' end
      from public.payments as p
      join public.tournaments as t on t.id = p.tournament_id
     where p.user_id = player_id
     order by p.created_at desc, p.id;
end;
$function$;

comment on function public.get_my_registrations() is 'The caller''s registrations, newest first.';
CREATE OR REPLACE FUNCTION public.get_my_registrations()
 RETURNS TABLE(tournament_id text, tournament_title text, series text, slots integer, status text, registered_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  player_id uuid := private.require_player();
begin
  return query
    select r.tournament_id, t.title, t.series, r.slots, r.status, r.registered_at
      from public.tournament_registrations as r
      join public.tournaments as t on t.id = r.tournament_id
     where r.user_id = player_id
     order by r.registered_at desc, r.id;
end;
$function$;

comment on function public.get_my_entry_outcomes() is 'Per paid registration of the caller: how many of its entries were withdrawn and why, so the payment history says what happened to the fee.';
CREATE OR REPLACE FUNCTION public.get_my_entry_outcomes()
 RETURNS TABLE(payment_id uuid, tournament_id text, slots integer, withdrawn integer, withdraw_reason text, withdrawn_at timestamp with time zone, withdraw_reason_code text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.require_player();
begin
  return query
    select r.payment_id, r.tournament_id, r.slots,
           (count(*) filter (where e.status = 'withdrawn'))::integer,
           min(e.withdraw_reason) filter (where e.status = 'withdrawn'),
           max(e.withdrawn_at) filter (where e.status = 'withdrawn'),
           -- The code of the reason above (the same row's).
           (array_agg(e.withdraw_reason_code order by e.withdraw_reason) filter (where e.status = 'withdrawn'))[1]
      from public.tournament_registrations r
      join public.entries e on e.registration_id = r.id
     where r.user_id = v_player and r.payment_id is not null
     group by r.payment_id, r.tournament_id, r.slots;
end;
$function$;

-- =====================================================================================================
-- Policies and grants: who may read, write and call
-- =====================================================================================================

-- Orders and the confirmation -------------------------------------------------------------------------

revoke all on table public.payments from anon;
revoke all on table public.payments from authenticated;

revoke all on table public.tournament_registrations from anon;
revoke all on table public.tournament_registrations from authenticated;
grant select on table public.tournament_registrations to authenticated;
alter publication supabase_realtime add table public.tournament_registrations;

-- Razorpay webhooks -----------------------------------------------------------------------------------

revoke all on table public.razorpay_webhook_events from anon;
revoke all on table public.razorpay_webhook_events from authenticated;

-- Refunds and disputes --------------------------------------------------------------------------------

revoke all on table public.payment_refunds from anon;
revoke all on table public.payment_refunds from authenticated;

revoke all on table public.payment_refunds_awaiting_capture from anon;
revoke all on table public.payment_refunds_awaiting_capture from authenticated;

revoke all on table public.payment_disputes from anon;
revoke all on table public.payment_disputes from authenticated;

-- Who may enter ---------------------------------------------------------------------------------------

revoke all on function private.tournament_takes_payments(public.tournaments,timestamp with time zone) from public;

revoke all on function private.refusal_reason(text) from public;

revoke all on function private.payment_failure_reason_code_known(text) from public;
grant execute on function private.payment_failure_reason_code_known(text) to service_role;
revoke all on function private.payment_status_known(text) from public;
grant execute on function private.payment_status_known(text) to service_role;

revoke all on function private.payment_paid_has_razorpay_payment(text,text,timestamp with time zone) from public;
grant execute on function private.payment_paid_has_razorpay_payment(text,text,timestamp with time zone) to service_role;

revoke all on function private.payment_refunded_has_refund(text,text,text) from public;
grant execute on function private.payment_refunded_has_refund(text,text,text) to service_role;

revoke all on function private.payment_refunded_within_amount(integer,integer) from public;
grant execute on function private.payment_refunded_within_amount(integer,integer) to service_role;

revoke all on function private.refund_cancelled_tournament(text,timestamp with time zone) from public;

revoke all on function private.paid_entry_refusal(uuid) from public;

revoke all on function private.free_entry_refusal(uuid) from public;

revoke all on function private.raise_entry_refusal(text) from public;

-- Orders and the confirmation -------------------------------------------------------------------------

revoke all on function private.checkout_timeout_seconds() from public;

revoke all on function private.last_registration_within_a_day(uuid,text,uuid,timestamp with time zone) from public;

revoke all on function private.requeue_refunds_left() from public;

-- Refunds and disputes --------------------------------------------------------------------------------

revoke all on function private.queue_refund(text,integer,text,public.payments) from public;

revoke all on function private.refundable_paise(public.payments) from public;

revoke all on function private.close_refund_taken_back(uuid,text) from public;

revoke all on function private.refund_answered(private.outbox,text,jsonb) from public;

revoke all on function private.apply_refund(text,text,integer,boolean) from public;

revoke all on function private.apply_refunds_awaiting_capture(text) from public;

revoke all on function private.order_is_ours(jsonb) from public;

-- A player’s payments and registrations ---------------------------------------------------------------

revoke all on function private.send_payment_receipt() from public;

revoke all on function private.run_due_receipt_emails() from public;

-- Who may enter ---------------------------------------------------------------------------------------

revoke all on function private.prepare_tournament_entry_without_eligibility(uuid,text,integer) from public;

-- Orders and the confirmation -------------------------------------------------------------------------

revoke all on function private.order_lifetime() from public;

revoke all on function private.replaced_order_note() from public;

revoke all on function private.run_due_payment_work() from public;

-- Who may enter ---------------------------------------------------------------------------------------

revoke all on function public.get_entry_settings() from public;

revoke all on function public.get_my_entry_eligibility() from anon;
revoke all on function public.get_my_entry_eligibility() from public;

revoke all on function public.service_prepare_tournament_entry(uuid,text,integer) from anon;
revoke all on function public.service_prepare_tournament_entry(uuid,text,integer) from authenticated;
revoke all on function public.service_prepare_tournament_entry(uuid,text,integer) from public;

revoke all on function public.enter_free_tournament(text) from anon;
revoke all on function public.enter_free_tournament(text) from public;

-- Orders and the confirmation -------------------------------------------------------------------------

revoke all on function public.service_record_payment_order(uuid,text,integer,text,integer,text) from anon;
revoke all on function public.service_record_payment_order(uuid,text,integer,text,integer,text) from authenticated;
revoke all on function public.service_record_payment_order(uuid,text,integer,text,integer,text) from public;

revoke all on function public.service_find_payment_by_order(text) from anon;
revoke all on function public.service_find_payment_by_order(text) from authenticated;
revoke all on function public.service_find_payment_by_order(text) from public;

revoke all on function public.service_confirm_tournament_payment(text,text) from anon;
revoke all on function public.service_confirm_tournament_payment(text,text) from authenticated;
revoke all on function public.service_confirm_tournament_payment(text,text) from public;

revoke all on function public.payment_confirmation_result(public.payments,text,uuid) from anon;
revoke all on function public.payment_confirmation_result(public.payments,text,uuid) from authenticated;
revoke all on function public.payment_confirmation_result(public.payments,text,uuid) from public;

revoke all on function public.service_record_payment_failure(text,text,text) from anon;
revoke all on function public.service_record_payment_failure(text,text,text) from authenticated;
revoke all on function public.service_record_payment_failure(text,text,text) from public;

-- Razorpay webhooks -----------------------------------------------------------------------------------

revoke all on function public.service_claim_razorpay_webhook_event(text,text) from anon;
revoke all on function public.service_claim_razorpay_webhook_event(text,text) from authenticated;
revoke all on function public.service_claim_razorpay_webhook_event(text,text) from public;

revoke all on function public.service_complete_razorpay_webhook_event(text) from anon;
revoke all on function public.service_complete_razorpay_webhook_event(text) from authenticated;
revoke all on function public.service_complete_razorpay_webhook_event(text) from public;

-- Refunds and disputes --------------------------------------------------------------------------------

revoke all on function public.service_record_payment_refund(text,text,integer) from anon;
revoke all on function public.service_record_payment_refund(text,text,integer) from authenticated;
revoke all on function public.service_record_payment_refund(text,text,integer) from public;

revoke all on function public.service_refund_unknown_capture(text,text,integer,jsonb) from anon;
revoke all on function public.service_refund_unknown_capture(text,text,integer,jsonb) from authenticated;
revoke all on function public.service_refund_unknown_capture(text,text,integer,jsonb) from public;

revoke all on function public.staff_refund_progress(text) from anon;
revoke all on function public.staff_refund_progress(text) from public;

revoke all on function public.staff_retry_refunds(text) from anon;
revoke all on function public.staff_retry_refunds(text) from public;

-- A player’s payments and registrations ---------------------------------------------------------------

revoke all on function public.get_my_payments() from anon;

revoke all on function private.slots_per_buyer_refusal(integer,integer) from public;

revoke all on function public.get_my_payments() from public;

revoke all on function public.get_my_registrations() from anon;
revoke all on function public.get_my_registrations() from public;

revoke all on function public.get_my_entry_outcomes() from anon;
revoke all on function public.get_my_entry_outcomes() from public;

-- Orders and the confirmation -------------------------------------------------------------------------

create policy "Players can read their own registrations" on public.tournament_registrations
  as permissive for select to authenticated
  using ((( SELECT private.current_player_id() AS current_player_id) = user_id));
