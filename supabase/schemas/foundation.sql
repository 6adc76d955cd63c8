-- =====================================================================================================
-- foundation: the one clock, the outbox of outside calls, the periodic function and its registry, the declared state machines, shared helpers
-- =====================================================================================================
-- The source of this area of the database. Edit it, then `npm run migration:new <name>` writes the migration
-- from the difference (scripts/migration-new.ts). Statements may name objects declared further down or in
-- another area file: the files are applied as a whole. Rule rows are idempotent upserts.
-- =====================================================================================================

-- =====================================================================================================
-- Tables: what is kept
-- =====================================================================================================

-- The private schema ----------------------------------------------------------------------------------

create schema private;
grant usage on schema private to anon, authenticated, service_role;

-- The outbox of outside calls -------------------------------------------------------------------------

comment on table private.outbox_kinds is 'The kinds of outside call, each registered by the area that queues it (a row in its own file): the words staff read, what a call keeps once over, and the area''s own functions that read what a call needs when it is made (details_function) and apply what the outside service answered (answer_function). The outbox itself knows no area''s tables.';
create table private.outbox_kinds (
  kind text not null,
  area text not null,
  label text not null,
  kept_fields text[] default '{}'::text[] not null,
  details_function text,
  answer_function text,
  retry_for interval,
  gave_up_tells_staff boolean default true not null,
  constraint outbox_kinds_pkey PRIMARY KEY (kind),
  constraint outbox_kinds_kind_format CHECK ((kind ~ '^[a-z][a-z0-9_]*$'::text)),
  constraint outbox_kinds_area_format CHECK ((area ~ '^[a-z][a-z0-9_]*$'::text)),
  constraint outbox_kinds_details_function_qualified CHECK (((details_function IS NULL) OR (details_function ~ '^private\.[a-z_][a-z0-9_]*$'::text))),
  constraint outbox_kinds_answer_function_qualified CHECK (((answer_function IS NULL) OR (answer_function ~ '^private\.[a-z_][a-z0-9_]*$'::text))),
  constraint outbox_kinds_retry_for_positive CHECK (((retry_for IS NULL) OR (retry_for > '00:00:00'::interval)))
);
comment on column private.outbox_kinds.area is 'The area whose file (supabase/schemas/<area>.sql) registers the kind; supabase/tests/schema-declared.test.ts checks that file exists.';
comment on column private.outbox_kinds.kept_fields is 'The payload keys a call of this kind keeps once it is over (references: ids, amounts, dates), never a personal one.';
comment on column private.outbox_kinds.details_function is 'private.<name>(p_job private.outbox) returns jsonb: the data the call needs, read when it is made ({stale: true} when what it was about changed). Null: the payload is all it needs, or the foundation''s own reading.';
comment on column private.outbox_kinds.answer_function is 'private.<name>(p_job private.outbox, p_status text, p_answer jsonb) returns void, run in the transaction that records each answer, with the call''s new status (pending, done or gave_up).';
comment on column private.outbox_kinds.retry_for is 'How long after it was queued a call is retried (with the usual backoff); null: 12 attempts.';
comment on column private.outbox_kinds.gave_up_tells_staff is 'Whether a call given up on is told to the money staff. Not for e-mails (telling staff is an e-mail too) nor for calls whose area tells someone itself.';

comment on table private.outbox is 'Every call to the outside world (a refund, an order check, an e-mail, a KYC check, a payout), written in the same transaction as the decision that needs it. The outbox-worker claims due rows with a lease and calls with the row''s idempotency key, so a retry never acts twice; retries back off up to an hour, then the row waits for staff (gave_up).';
create table private.outbox (
  id bigint generated always as identity not null,
  kind text not null,
  idempotency_key text not null,
  payload jsonb not null,
  status text default 'pending'::text not null,
  attempts integer default 0 not null,
  next_attempt_at timestamp with time zone default private.clock_now() not null,
  last_answer jsonb,
  created_at timestamp with time zone default private.clock_now() not null,
  done_at timestamp with time zone,
  personal_data_cleared_at timestamp with time zone,
  constraint outbox_pkey PRIMARY KEY (id),
  constraint outbox_one_call_per_decision UNIQUE (idempotency_key),
  constraint outbox_kind_registered FOREIGN KEY (kind) REFERENCES private.outbox_kinds(kind),
  constraint outbox_status_known CHECK ((status = ANY (ARRAY['pending'::text, 'done'::text, 'gave_up'::text, 'cancelled'::text])))
);
CREATE INDEX outbox_due ON private.outbox USING btree (next_attempt_at) WHERE (status = 'pending'::text);
-- A payment's refund calls (the payments area's kind), newest first: what is still owed after a refund given up on
-- is read from its last call, every minute for each refund owed, without reading the whole outbox backwards.
CREATE INDEX outbox_refunds_of_payment ON private.outbox USING btree (((payload ->> 'razorpay_payment_id'::text)), id DESC) WHERE (kind = 'razorpay_refund'::text);
comment on column private.outbox.payload is 'personal: free_text. E-mail addresses, names, PAN and UPI id travel here to the outside services.';
comment on column private.outbox.status is 'pending: due or being made. done: made. gave_up: the worker stopped retrying; staff retry it. cancelled: no longer owed (a refund the payer''s bank returned through a lost chargeback); never made.';
comment on column private.outbox.last_answer is 'personal: free_text. The outside service''s last answer (a PAN check answers a name).';
comment on column private.outbox.personal_data_cleared_at is 'When the payload was cut down to what the books need (private.outbox_payload_once_over): the call was over, its consent withdrawn, or its person erased.';

comment on table private.outbox_answers is 'Every answer an outside service gave to an outbox call, kept for support and reconciliation.';
create table private.outbox_answers (
  id bigint generated always as identity not null,
  outbox_id bigint not null,
  attempt integer not null,
  ok boolean not null,
  answer jsonb not null,
  answered_at timestamp with time zone default private.clock_now() not null,
  constraint outbox_answers_pkey PRIMARY KEY (id),
  constraint outbox_answers_outbox_id_fkey FOREIGN KEY (outbox_id) REFERENCES private.outbox(id)
);
comment on column private.outbox_answers.answer is 'personal: free_text. The outside service''s answer (a PAN check answers a name).';

-- Due work: the periodic function and its steps -------------------------------------------------------

comment on table private.due_work_steps is 'The steps of the periodic function private.run_due_work(), in run_order. Each calls a function without arguments that returns a jsonb object of counts, reads the time from private.clock_now() and may run any number of times. Added by migrations through private.register_due_work().';
create table private.due_work_steps (
  name text not null,
  area text not null,
  function_name text not null,
  run_order integer not null,
  every_minutes integer default 1 not null,
  constraint due_work_steps_pkey PRIMARY KEY (name),
  constraint due_work_steps_one_step_per_function UNIQUE (function_name),
  constraint due_work_steps_one_step_per_place UNIQUE (run_order),
  constraint due_work_steps_area_format CHECK ((area ~ '^[a-z][a-z0-9_]*$'::text)),
  constraint due_work_steps_function_qualified CHECK ((function_name ~ '^[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*$'::text)),
  constraint due_work_steps_name_format CHECK ((name ~ '^[a-z][a-z0-9_]*$'::text)),
  constraint due_work_steps_every_minutes_range CHECK (((every_minutes >= 1) AND (every_minutes <= 1440)))
);
comment on column private.due_work_steps.every_minutes is 'How often the periodic function runs the step: every run (1), or once in so many minutes for housekeeping whose rules are counted in days (retention, erasure after its grace period, rating weeks). A session plans a step''s statements the first time it runs them; a step left out of a run costs it nothing. Those steps take turns, one a run (private.run_due_steps), so a run pays for one of them at most. A step whose last run was not clean runs every run until it is; local_run_due_work runs every step.';
comment on column private.due_work_steps.area is 'The area whose file (supabase/schemas/<area>.sql) declares the step; supabase/tests/schema-declared.test.ts checks that file exists.';

-- Due work: each step and each item on its own, its failures and its health ---------------------------

comment on table private.due_work_health is 'One row per periodic step that has run: its last run, its last clean run (nothing raised, no failed or parked item), the runs in a row that were not clean and the last error.';
create table private.due_work_health (
  step text not null,
  last_run_at timestamp with time zone not null,
  last_ok_at timestamp with time zone,
  failures_in_a_row integer default 0 not null,
  last_error text,
  step_error text,
  constraint due_work_health_pkey PRIMARY KEY (step),
  constraint due_work_health_step_fkey FOREIGN KEY (step) REFERENCES private.due_work_steps(name) ON DELETE CASCADE,
  constraint due_work_health_failures_not_negative CHECK ((failures_in_a_row >= 0))
);
alter table private.due_work_health enable row level security;

comment on table private.due_work_failures is 'Items of periodic steps that failed in their step''s latest run, or are parked after failing private.setting(''due_work_park_after'') runs in a row. A row goes when its item no longer fails (or is no longer due) in a run, or when an admin retries a parked one.';
create table private.due_work_failures (
  step text not null,
  item text not null,
  error text not null,
  sqlstate text,
  failures_in_a_row integer default 1 not null,
  first_failed_at timestamp with time zone not null,
  last_failed_at timestamp with time zone not null,
  last_failed_run bigint not null,
  parked_at timestamp with time zone,
  constraint due_work_failures_pkey PRIMARY KEY (step, item),
  constraint due_work_failures_step_fkey FOREIGN KEY (step) REFERENCES private.due_work_steps(name) ON DELETE CASCADE,
  constraint due_work_failures_counted CHECK ((failures_in_a_row >= 1)),
  constraint due_work_failures_item_named CHECK ((item <> ''::text))
);
alter table private.due_work_failures enable row level security;

create sequence private.due_work_run;

-- Notices to many players: written once, delivered over the following periodic runs ----------------------

comment on table private.pending_messages is 'Catalog messages of a delivery to more players than private.notice_fan_out_threshold() (a draw, a knockout filled, a tournament finished), recorded once by private.deliver_messages and delivered by the periodic step message_batches: oldest first, every urgent one in the next run and the others at most private.notice_batch_size() a run. A row goes when it is delivered (or its player is erased); the player''s language, consent and quiet hours are judged then.';
create table private.pending_messages (
  id bigint generated always as identity not null,
  user_id uuid not null,
  kind text not null,
  message_key text not null,
  params jsonb default '{}'::jsonb not null,
  link text,
  key text,
  urgent boolean not null,
  created_at timestamp with time zone not null,
  constraint pending_messages_pkey PRIMARY KEY (id),
  constraint pending_messages_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);
CREATE INDEX pending_messages_of_user ON private.pending_messages USING btree (user_id, id);
CREATE INDEX pending_messages_urgent ON private.pending_messages USING btree (id) WHERE urgent;
alter table private.pending_messages enable row level security;
comment on column private.pending_messages.params is 'personal: free_text. The values the message will be written with (names of the player, their opponent, the tournament; times), as private.player_message.params; kept only until the message is delivered.';
comment on column private.pending_messages.key is 'The key that keeps the message''s e-mail to one (as private.player_message.key).';
comment on column private.pending_messages.urgent is 'private.notification_is_urgent(kind) when recorded: urgent messages wait one run at most, whatever the batch size.';
comment on column private.pending_messages.created_at is 'When the change that the message tells of was made.';


-- Hooks: where a lower area hands a decision to a higher one ------------------------------------------

comment on table private.area_hooks is 'The places where an area needs a decision that belongs to an area above it (a waitlist place for a payment, the refunds of a cancelled tournament): one row each, registered by the area that decides (a row in its own file) with its function. The calling area runs it through private.hook_function(hook) by name, so it never calls up and areas call each other one way only (supabase/tests/schema-call-graph.test.ts).';
create table private.area_hooks (
  hook text not null,
  called_from text not null,
  area text not null,
  function_name text not null,
  constraint area_hooks_pkey PRIMARY KEY (hook),
  constraint area_hooks_hook_format CHECK ((hook ~ '^[a-z][a-z0-9_]*$'::text)),
  constraint area_hooks_called_from_format CHECK ((called_from ~ '^[a-z][a-z0-9_]*$'::text)),
  constraint area_hooks_area_format CHECK ((area ~ '^[a-z][a-z0-9_]*$'::text)),
  constraint area_hooks_function_qualified CHECK ((function_name ~ '^private\.[a-z_][a-z0-9_]*$'::text)),
  constraint area_hooks_another_area CHECK ((called_from <> area))
);
comment on column private.area_hooks.called_from is 'The area whose function runs the hook; its file says what the function is given and what it answers.';
comment on column private.area_hooks.area is 'The area whose file (supabase/schemas/<area>.sql) registers the hook and declares its function; supabase/tests/schema-declared.test.ts checks both.';
-- Declared state machines: every status move, and the trigger that refuses any other ------------------

comment on table private.status_transitions is 'Every move of every stateful thing, one row each: machine, from_status (null: the status a new row may start in), to_status and the functions allowed to make it (schema-qualified names; null only for a starting status any writer may use, one that claims nothing). The triggers of private.keep_to_state_machines refuse any other move. id keeps the order the moves were declared in, which is the order TypeScript lists a machine''s statuses in. Add a move with a new row in a migration; TypeScript reads this table through the generated module.';
create table private.status_transitions (
  id integer generated always as identity not null,
  machine text not null,
  from_status text,
  to_status text not null,
  allowed_by text[],
  constraint status_transitions_pkey PRIMARY KEY (id),
  constraint status_transitions_one_row_per_move UNIQUE NULLS NOT DISTINCT (machine, from_status, to_status),
  constraint status_transitions_moves CHECK ((from_status IS DISTINCT FROM to_status)),
  constraint status_transitions_named_actors CHECK ((((allowed_by IS NULL) AND (from_status IS NULL)) OR ((cardinality(allowed_by) > 0) AND (array_position(allowed_by, NULL::text) IS NULL))))
);

-- =====================================================================================================
-- Rules: the rule rows, and the private functions and triggers that apply them
-- =====================================================================================================

-- Rows of private.outbox_kinds ------------------------------------------------------------------------

insert into private.outbox_kinds (kind, area, label, kept_fields, details_function, answer_function, retry_for, gave_up_tells_staff) values
  ('email', 'foundation', 'an e-mail', '{}', null, null, null, false)
on conflict (kind) do update set area = excluded.area, label = excluded.label, kept_fields = excluded.kept_fields,
  details_function = excluded.details_function, answer_function = excluded.answer_function, retry_for = excluded.retry_for,
  gave_up_tells_staff = excluded.gave_up_tells_staff;

-- Rows of private.due_work_steps ----------------------------------------------------------------------

insert into private.due_work_steps (name, area, function_name, run_order, every_minutes) values
  ('message_batches', 'foundation', 'private.run_due_message_batches', '50', '1'),
  ('outbox_retention', 'foundation', 'private.run_due_outbox_retention', '1735', '15'),
  ('retention', 'foundation', 'private.run_due_retention_work', '1730', '15')
on conflict (name) do update set area = excluded.area, function_name = excluded.function_name, run_order = excluded.run_order,
  every_minutes = excluded.every_minutes;

-- Rows of private.status_transitions ------------------------------------------------------------------

insert into private.status_transitions (machine, from_status, to_status, allowed_by) values
  ('refund', null, 'none', null),
  ('refund', 'none', 'partial', '{private.apply_refund}'),
  ('refund', 'none', 'full', '{private.apply_refund}'),
  ('refund', 'partial', 'full', '{private.apply_refund}')
on conflict (machine, from_status, to_status) do update set allowed_by = excluded.allowed_by;

-- The private schema ----------------------------------------------------------------------------------

-- Row timestamps
-- Keeps `updated_at` honest whichever path changes a row (functions, the catalog sync, support staff).
CREATE OR REPLACE FUNCTION private.set_updated_at()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  new.updated_at := now();
  return new;
end;
$function$;

-- The clock -------------------------------------------------------------------------------------------

comment on function private.clock_now() is 'The database''s one clock. now() on a hosted project; the local stack can freeze it for tests.';
CREATE OR REPLACE FUNCTION private.clock_now()
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
 STABLE
AS $function$
begin
  return now();
end;
$function$;

-- Today in India, on the one clock.
CREATE OR REPLACE FUNCTION private.today_in_india()
 RETURNS date
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$ select (private.clock_now() at time zone 'Asia/Kolkata')::date $function$;

-- The outbox of outside calls -------------------------------------------------------------------------

-- How long a claimed row stays with the worker that claimed it before another may try again.
CREATE OR REPLACE FUNCTION private.outbox_lease()
 RETURNS interval
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select interval '2 minutes' $function$;

-- Retries wait 1, 2, 4, ... minutes, at most an hour; after 12 attempts the row needs a person.
CREATE OR REPLACE FUNCTION private.outbox_backoff(p_attempts integer)
 RETURNS interval
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select least(power(2, greatest(p_attempts - 1, 0)), 60) * interval '1 minute';
$function$;

comment on function private.notify_money_staff(text,text,text,text) is 'Tells the platform''s admins (and the tournament''s organisers) of a money event that needs a person: chargebacks, outside calls given up.';
CREATE OR REPLACE FUNCTION private.notify_money_staff(p_tournament_id text, p_title text, p_body text, p_key text)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.deliver(array(
    select row(s.user_id, 'staff_alert', p_title, p_body, '/staff', p_key)::private.notice
      from (select distinct r.user_id from public.staff_roles r
             where (r.role = 'admin' and r.tournament_id is null)
                or (p_tournament_id is not null and r.tournament_id = p_tournament_id and r.role in ('organiser', 'admin'))) as s));
$function$;

comment on function private.outbox_gave_up() is 'An outside call given up on is audited and told to the platform''s admins; a pending KYC check says it is late. Its needs-attention item lasts until an admin retries it.';
CREATE OR REPLACE FUNCTION private.outbox_gave_up()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_error text := private.outside_call_error(new.last_answer);
  v_tournament text := nullif(new.payload ->> 'tournament_id', '');
begin
  if v_tournament is not null and not exists (select 1 from public.tournaments where id = v_tournament) then
    v_tournament := null;
  end if;
  perform private.audit(v_tournament, 'outside_call_failed',
                        'Gave up on ' || private.outside_call_label(new.kind) || ' after ' || new.attempts || ' attempts',
                        v_error, null, jsonb_build_object('job_id', new.id, 'kind', new.kind,
                                                          'idempotency_key', new.idempotency_key), false);
  -- Not for e-mails (telling staff is an e-mail too, and a mail service that is down would feed itself), nor
  -- for kinds whose area tells someone itself (private.outbox_kinds.gave_up_tells_staff).
  if coalesce((select gave_up_tells_staff from private.outbox_kinds where kind = new.kind), true) then
    perform private.notify_money_staff(null, 'Gave up on ' || private.outside_call_label(new.kind),
                                       coalesce(v_error, 'No answer.') || ' Retry it from the staff console.',
                                       'outbox-' || new.id || '-' || new.attempts);
  end if;
  if new.kind in ('pan_verification', 'upi_validation') then
    update public.kyc_records
       set reason = private.kyc_check_late_reason(), reason_code = 'check_late', updated_at = private.clock_now()
     where user_id = (new.payload ->> 'user_id')::uuid and status = 'pending';
  end if;
  return null;
end;
$function$;

comment on function private.kyc_check_late_reason() is 'What a player whose KYC check the outbox gave up on reads while staff retry it.';
CREATE OR REPLACE FUNCTION private.kyc_check_late_reason()
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select 'The check of your PAN or UPI id is taking longer than it should: our team is retrying it. You need not submit again.' $function$;

comment on function private.outside_call_label(text) is 'An outbox call''s kind in the words staff read.';
CREATE OR REPLACE FUNCTION private.outside_call_label(p_kind text)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce((select label from private.outbox_kinds where kind = p_kind), replace(p_kind, '_', ' '));
$function$;

comment on function private.outside_call_error(jsonb) is 'The error an outside service gave, from the outbox''s last answer, for staff.';
CREATE OR REPLACE FUNCTION private.outside_call_error(p_answer jsonb)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select left(coalesce(p_answer ->> 'description', p_answer ->> 'error', p_answer ->> 'reason',
                       case when p_answer is not null and p_answer <> '{}'::jsonb then p_answer::text end), 300);
$function$;

comment on function private.outside_call_needs_retry(private.outbox) is 'Whether a given-up outside call still needs a person: every kind, except a payout call whose payout has ended since.';
CREATE OR REPLACE FUNCTION private.outside_call_needs_retry(p_job private.outbox)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- A payout that ended anyway (the provider refused it and the money is back) has nothing left to retry.
  select p_job.status = 'gave_up'
     and (p_job.kind not in ('razorpayx_payout', 'razorpayx_payout_check')
          or exists (select 1 from public.payouts p
                      where p.id = (p_job.payload ->> 'payout_id')::uuid
                        and p.status in ('approved', 'queued', 'pending', 'scheduled', 'processing')));
$function$;

comment on function private.personal_field_names() is 'Keys of personal data an outbox payload or a provider answer may carry; dropped once a call is done (and an e-mail''s to).';
CREATE OR REPLACE FUNCTION private.personal_field_names()
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select '{pan,legal_name,name,upi_id,vpa,email,sent_to,token,confirm_token,unsubscribe_token,withdraw_token,parent_email,parent_name,player_name,contact,phone,account_number}'::text[] $function$;

comment on function private.without_personal_fields(jsonb) is 'A payload or provider answer without personal data: the keys of private.personal_field_names() removed at any depth, and e-mail-, UPI- and PAN-shaped text masked.';
CREATE OR REPLACE FUNCTION private.without_personal_fields(p_value jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  case jsonb_typeof(p_value)
    when 'object' then
      return coalesce((select jsonb_object_agg(e.key, private.without_personal_fields(e.value))
                         from jsonb_each(p_value) as e
                        where not e.key = any (private.personal_field_names())), '{}'::jsonb);
    when 'array' then
      return coalesce((select jsonb_agg(private.without_personal_fields(a.value) order by a.n)
                         from jsonb_array_elements(p_value) with ordinality as a (value, n)), '[]'::jsonb);
    when 'string' then
      -- An error text may quote what it refused: e-mail addresses, then UPI ids, then PANs.
      return to_jsonb(regexp_replace(regexp_replace(regexp_replace(p_value #>> '{}',
               '[^\s@"'',;:<>()]+@[^\s@"'',;:<>()]+\.[A-Za-z]{2,}', '[e-mail]', 'g'),
               '[A-Za-z0-9._-]{2,}@[A-Za-z]{2,64}', '[UPI id]', 'g'),
               '[A-Za-z]{5}[0-9]{4}[A-Za-z]', '[PAN]', 'g'));
    else
      return p_value;
  end case;
end;
$function$;

comment on function private.outbox_kept_fields(text) is 'The payload keys an outside call of this kind keeps once it is over, as its area registered them in private.outbox_kinds (null for an unknown kind, which keeps none). supabase/tests/privacy-outbox-leftovers.test.ts holds every kind to its rule.';
CREATE OR REPLACE FUNCTION private.outbox_kept_fields(p_kind text)
 RETURNS text[]
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select kept_fields from private.outbox_kinds where kind = p_kind;
$function$;

comment on function private.outbox_payload_once_over(text,jsonb) is 'The payload an outside call keeps once it is over: the keys private.outbox_kept_fields names for its kind, without personal fields, and the SHA-256 of what was sent.';
CREATE OR REPLACE FUNCTION private.outbox_payload_once_over(p_kind text, p_payload jsonb)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when p_payload ? 'payload_sha256' then p_payload
    else private.without_personal_fields(coalesce(
           (select jsonb_object_agg(e.key, e.value) from jsonb_each(p_payload) as e
             where e.key = any (private.outbox_kept_fields(p_kind))),
           '{}'::jsonb))
         || jsonb_build_object('payload_sha256', encode(extensions.digest(p_payload::text, 'sha256'), 'hex'))
  end;
$function$;

-- Hooks -----------------------------------------------------------------------------------------------

comment on function private.hook_function(text) is 'The function an area registered for a hook in private.area_hooks, for the caller to run by name (execute format(''select %s(...)'', ...)); fails when no area registered it, so a missing registration is never a silent no-op.';
CREATE OR REPLACE FUNCTION private.hook_function(p_hook text)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_function text;
begin
  select function_name into v_function from private.area_hooks where hook = p_hook;
  if v_function is null then
    raise exception 'No area registered the hook %', p_hook
      using errcode = '09000', detail = 'Register it in private.area_hooks from the area file that decides it.';
  end if;
  return v_function;
end;
$function$;

-- Due work: the periodic function and its steps -------------------------------------------------------

comment on function private.register_due_work(text,text,text,integer) is 'Adds a step to the periodic function (migrations only). A step name or function is registered once.';
CREATE OR REPLACE FUNCTION private.register_due_work(p_name text, p_area text, p_function text, p_run_order integer)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_function regprocedure := to_regprocedure(p_function || '()');
begin
  if exists (select 1 from private.due_work_steps where name = p_name) then
    raise exception 'The due-work step % is already registered', p_name using errcode = '23505';
  end if;
  if exists (select 1 from private.due_work_steps where function_name = p_function) then
    raise exception 'The function % is already the due-work step of another name', p_function using errcode = '23505';
  end if;
  if v_function is null or v_function = 'private.run_due_work()'::regprocedure
     or (select prorettype from pg_catalog.pg_proc where oid = v_function) <> 'jsonb'::regtype then
    raise exception 'A due-work step calls a function taking no argument and returning jsonb: % is not one', p_function
      using errcode = '22023';
  end if;
  insert into private.due_work_steps (name, area, function_name, run_order)
  values (p_name, p_area, p_function, p_run_order);
end;
$function$;

comment on function private.run_due_work() is 'The periodic function (every minute: pg_cron through private.serve_due_work, the local stack''s timer): runs every registered step that is due (private.run_due_steps), each in its own subtransaction (a failing step is recorded and the others go on), and answers their counts merged into one object with failed_steps. Safe to run at any time, any number of times.';
CREATE OR REPLACE FUNCTION private.run_due_work()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  return private.run_due_steps(false);
end;
$function$;

comment on procedure private.serve_due_work(integer,interval) is 'What pg_cron''s every-minute job calls: runs the periodic function p_runs times, p_every apart (each run its own transaction, committed), in this one session, so that every run after the first finds its plans and the catalog caches warm; it ends after p_runs times p_every (9 minutes: Supabase asks a job to end within 10), and pg_cron, which starts a job''s next run once the last has ended, starts the next serving session. Returns at once, running nothing, when another session is serving (an advisory lock). Not a function, and no SET clause or SECURITY DEFINER: a procedure with either may not commit.';
CREATE OR REPLACE PROCEDURE private.serve_due_work(IN p_runs integer DEFAULT 9, IN p_every interval DEFAULT '00:01:00'::interval)
 LANGUAGE plpgsql
AS $procedure$
-- Every name is schema-qualified: a procedure that commits cannot pin its search_path. Only its owner (pg_cron's job
-- runs as the owner) may call it.
declare
  -- The advisory lock that one serving session holds (a session lock: it outlives each run's commit).
  c_serving constant bigint := 4702211805316413001;
  v_started timestamptz;
begin
  if not pg_catalog.pg_try_advisory_lock(c_serving) then
    return;
  end if;
  for v_run in 1 .. greatest(coalesce(p_runs, 1), 1) loop
    v_started := pg_catalog.clock_timestamp();
    perform private.run_due_work();
    commit;
    -- Until the next run is due, the last one too: pg_cron then starts the next session on the minute. Real time, not
    -- private.clock_now(): this paces the runs pg_cron would start, whatever the periodic function's clock says.
    perform pg_catalog.pg_sleep(greatest(0, extract(epoch from v_started + coalesce(p_every, interval '0') - pg_catalog.clock_timestamp())));
    commit;
  end loop;
  perform pg_catalog.pg_advisory_unlock(c_serving);
end;
$procedure$;

comment on function private.run_due_steps(boolean) is 'The periodic function''s body: runs the registered steps in order, each in its own subtransaction, and answers their merged counts with failed_steps. A step of every_minutes > 1 is due once that many minutes (on the clock''s minute) have passed since its last run, and such steps take turns: a run takes the one due longest and leaves the others to the next runs. A step whose last run was not clean runs every run until it is, and every step runs when the clock went back; p_every_step runs every step (the local stack''s local_run_due_work, for tests that move the clock).';
CREATE OR REPLACE FUNCTION private.run_due_steps(p_every_step boolean)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_step private.due_work_steps%rowtype;
  v_function regprocedure;
  v_answer jsonb;
  v_result jsonb := '{}'::jsonb;
  v_failed jsonb := '[]'::jsonb;
  v_run bigint := nextval('private.due_work_run');
  v_fault boolean;
  v_error text;
begin
  perform set_config('golazo.due_run', v_run::text, true);
  for v_step in
    -- A step of every_minutes > 1 is due once that many minutes (on the clock's minute) have passed since its last
    -- run. Such steps take turns: a run takes the one due longest (then the first in run order) and leaves the others
    -- to the next runs, a minute apart, so no run pays for all the housekeeping at once (a session plans a step's
    -- statements the first time it runs them, and a step run once a quarter of an hour always finds them unplanned).
    -- A step whose last run was not clean, and every step after the clock went back, runs at once.
    with due as (
      select s.name, s.run_order,
             p_every_step or s.every_minutes = 1 or coalesce(h.failures_in_a_row > 0 or v_now < h.last_run_at, false) as at_once,
             coalesce(date_trunc('minute', h.last_run_at) + make_interval(mins => s.every_minutes), '-infinity') as due_since
        from private.due_work_steps s
        left join private.due_work_health h on h.step = s.name
    )
    select s.* from private.due_work_steps s
     where s.name in (select d.name from due d where d.at_once)
        or s.name = (select d.name from due d where not d.at_once and d.due_since <= date_trunc('minute', v_now)
                      order by d.due_since, d.run_order limit 1)
     order by s.run_order
  loop
    -- Asked before the step's subtransaction, so that the request is used up even though the step then fails.
    v_fault := private.due_step_fault_requested(v_step.name);
    perform set_config('golazo.due_step', v_step.name, true);
    begin
      v_function := to_regprocedure(v_step.function_name || '()');
      if v_function is null then
        raise exception 'The due-work step % calls %, which no longer exists', v_step.name, v_step.function_name;
      end if;
      if v_fault then
        raise exception 'The step % was asked to fail once (local_fail_due_step)', v_step.name;
      end if;
      -- regprocedure prints the function schema-qualified and quoted: nothing else reaches the statement.
      execute 'select ' || v_function::text into v_answer;
      v_result := v_result || coalesce(v_answer, '{}'::jsonb);
      v_error := null;
    exception when others then
      -- Everything the step did is undone (its subtransaction); the other steps go on.
      get stacked diagnostics v_error = message_text;
      v_failed := v_failed || to_jsonb(v_step.name);
    end;
    perform private.due_step_ran(v_step.name, v_run, v_error);
    perform set_config('golazo.due_step', '', true);
  end loop;
  perform set_config('golazo.due_run', '', true);
  return v_result || jsonb_build_object('failed_steps', v_failed);
end;
$function$;

-- Due work: each step and each item on its own, its failures and its health ---------------------------

comment on function private.due_step_fault_requested(text) is 'Whether a test asked the named periodic step to fail on its next run (always false outside the local stack, whose clock.sql replaces this function).';
CREATE OR REPLACE FUNCTION private.due_step_fault_requested(p_step text)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- A seam for the local stack's tests (supabase/local/clock.sql replaces it): a hosted project never fails a step on request.
  select false;
$function$;

comment on function private.due_item_parked(text) is 'Inside a periodic run: whether this item of the running step is parked until an admin retries it (the step skips it).';
CREATE OR REPLACE FUNCTION private.due_item_parked(p_item text)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select exists (
    select 1 from private.due_work_failures f
     where f.step = nullif(current_setting('golazo.due_step', true), '') and f.item = p_item and f.parked_at is not null);
$function$;

comment on function private.due_item_failed(text,text,text) is 'Inside a periodic run: records that an item of the running step failed (parked after due_work_park_after failures in a row); outside a run it raises the error again.';
CREATE OR REPLACE FUNCTION private.due_item_failed(p_item text, p_error text, p_sqlstate text DEFAULT 'P0001'::text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_step text := nullif(current_setting('golazo.due_step', true), '');
  v_run bigint := nullif(current_setting('golazo.due_run', true), '')::bigint;
  v_now timestamptz := private.clock_now();
  v_park_after integer := (private.setting('due_work_park_after') #>> '{}')::integer;
begin
  if v_step is null or v_run is null then
    -- Called outside private.run_due_work() (a test, a staff action calling the step): the caller sees the error.
    raise exception '%', p_error using errcode = coalesce(p_sqlstate, 'P0001');
  end if;
  insert into private.due_work_failures as f
         (step, item, error, sqlstate, failures_in_a_row, first_failed_at, last_failed_at, last_failed_run, parked_at)
  values (v_step, p_item, p_error, p_sqlstate, 1, v_now, v_now, v_run, case when v_park_after <= 1 then v_now end)
  on conflict (step, item) do update
     set error = excluded.error, sqlstate = excluded.sqlstate,
         failures_in_a_row = f.failures_in_a_row + 1,
         last_failed_at = excluded.last_failed_at, last_failed_run = excluded.last_failed_run,
         parked_at = coalesce(f.parked_at, case when f.failures_in_a_row + 1 >= v_park_after then v_now end);
end;
$function$;

comment on function private.due_step_ran(text,bigint,text) is 'Records a periodic step''s run in private.due_work_health (p_step_error: its own error, null when it ran to its end) and drops the failures of items that did not fail again.';
CREATE OR REPLACE FUNCTION private.due_step_ran(p_step text, p_run bigint, p_step_error text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_item_error text;
begin
  if p_step_error is null then
    -- Items that did not fail in this run succeeded or are no longer due: their rows go, parked ones stay.
    delete from private.due_work_failures where step = p_step and parked_at is null and last_failed_run < p_run;
  end if;
  select f.error into v_item_error from private.due_work_failures f
   where f.step = p_step order by f.last_failed_at desc, f.item limit 1;
  insert into private.due_work_health as h (step, last_run_at, last_ok_at, failures_in_a_row, last_error, step_error)
  values (p_step, v_now,
          case when p_step_error is null and v_item_error is null then v_now end,
          case when p_step_error is null and v_item_error is null then 0 else 1 end,
          coalesce(p_step_error, v_item_error), p_step_error)
  on conflict (step) do update
     set last_run_at = excluded.last_run_at,
         last_ok_at = coalesce(excluded.last_ok_at, h.last_ok_at),
         failures_in_a_row = case when excluded.failures_in_a_row = 0 then 0 else h.failures_in_a_row + 1 end,
         last_error = coalesce(excluded.last_error, case when excluded.failures_in_a_row = 0 then null else h.last_error end),
         step_error = excluded.step_error;
end;
$function$;

-- Retention: each rule a setting, applied by the periodic function ------------------------------------

comment on function private.retention_days(text) is 'A retention setting of private.settings, in days, as an interval.';
CREATE OR REPLACE FUNCTION private.retention_days(p_key text)
 RETURNS interval
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_days numeric := (private.setting(p_key) #>> '{}')::numeric;
begin
  if v_days is null or v_days < 0 then
    raise exception 'The retention setting % is missing or negative', p_key using errcode = '22023';
  end if;
  return v_days * interval '1 day';
end;
$function$;

comment on function private.evidence_due_for_deletion(timestamp with time zone) is 'The match-evidence files whose tournament settled (or was cancelled) longer ago than retention_evidence_days, with no dispute or chargeback of it open, per tournament.';
CREATE OR REPLACE FUNCTION private.evidence_due_for_deletion(p_now timestamp with time zone)
 RETURNS TABLE(tournament_id text, paths text[])
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- The tournaments first (the setting read once), then only their matches' files: a run where no tournament is
  -- due reads no evidence file at all, however many live tournaments have some.
  with cutoff as materialized (
    select p_now - private.retention_days('retention_evidence_days') as at
  ), due as materialized (
    select t.id from public.tournaments t, cutoff
     where coalesce(t.settled_at, t.cancelled_at) <= cutoff.at
       and not exists (select 1 from public.match_disputes d join public.matches dm on dm.id = d.match_id
                        where dm.tournament_id = t.id and d.settled_at is null)
       and not exists (select 1 from private.chargebacks c where c.tournament_id = t.id and c.status = 'open')
  )
  select d.id, array_agg(o.name order by o.name)
    from due d
    join public.matches m on m.tournament_id = d.id
    join storage.objects o on o.bucket_id = 'match-evidence' and split_part(o.name, '/', 1) = m.id::text
   group by d.id;
$function$;

comment on function private.run_due_retention_work() is 'Due work: applies the retention settings (evidence screenshots through a storage_deletion outside call, expired consent requests, used consent links, unconfirmed Notify Me addresses).';
CREATE OR REPLACE FUNCTION private.run_due_retention_work()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_evidence integer;
  v_consents integer;
  v_used_links integer;
  v_signups integer;
begin
  -- One deletion per tournament and set of files: queued again only if files were added since.
  insert into private.outbox (kind, idempotency_key, payload)
  select 'storage_deletion', 'evidence-' || e.tournament_id || '-' || md5(array_to_string(e.paths, '|')),
         jsonb_build_object('bucket', 'match-evidence', 'paths', to_jsonb(e.paths), 'tournament_id', e.tournament_id,
                            'reason', 'retention_evidence_days')
    from private.evidence_due_for_deletion(v_now) as e
  on conflict (idempotency_key) do nothing;
  get diagnostics v_evidence = row_count;

  delete from private.parental_consents
   where confirmed_at is null
     and expires_at <= v_now - private.retention_days('retention_expired_consent_request_days');
  get diagnostics v_consents = row_count;
  -- A used link opens nothing any more (its consent stands on its own record).
  update private.parental_consents set token_sha256 = null where confirmed_at is not null and token_sha256 is not null;
  get diagnostics v_used_links = row_count;

  delete from public.story_notification_signups
   where confirmed_at is null
     and consented_at <= v_now - private.retention_days('retention_unconfirmed_news_signup_days');
  get diagnostics v_signups = row_count;

  return jsonb_build_object('evidence_deletions_queued', v_evidence, 'consent_requests_deleted', v_consents,
                            'used_consent_links_deleted', v_used_links, 'unconfirmed_news_signups_deleted', v_signups);
end;
$function$;

comment on function private.run_due_outbox_retention() is 'Due work: clears the personal data of outside calls given up on for retention_outbox_given_up_days, and of any call over but not cleared yet.';
CREATE OR REPLACE FUNCTION private.run_due_outbox_retention()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_cleared integer;
begin
  update private.outbox
     set payload = private.outbox_payload_once_over(kind, payload), personal_data_cleared_at = v_now
   where personal_data_cleared_at is null
     and (status = 'done'
          or (status = 'gave_up' and coalesce(done_at, created_at) <= v_now - private.retention_days('retention_outbox_given_up_days')));
  get diagnostics v_cleared = row_count;
  return jsonb_build_object('outbox_payloads_cleared', v_cleared);
end;
$function$;

-- Declared state machines: every status move, and the trigger that refuses any other ------------------

comment on function private.keep_to_state_machines() is 'The trigger behind every declared state machine (arguments: the machine, how its status is read, and for a machine with one writer that function''s name): reads the row''s statuses before and after (or statuses made of its columns: a report''s superseded_at, a dispute''s outcome, a payment''s refunded amount, a tournament''s milestones) and refuses, with SQLSTATE 09000, a move private.status_transitions does not declare or one made by a function (read from the call stack; for a machine with one writer, the writer''s caller) it does not name. A machine with one writer refuses a status written by any other function.';
CREATE OR REPLACE FUNCTION private.keep_to_state_machines()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
-- It runs for every status change of the busiest tables (a payment race confirms a thousand payments a
-- second), so it does the least it can: the machine comes from the trigger's arguments (the machine, and
-- how its status is read: 'status', 'superseded_at', 'settled_at', or 'payments' and 'tournaments' for
-- the tables with several machines), one lookup per move, and the call stack only when a move names who
-- may make it, read with plain string functions.
declare
  v_insert boolean := tg_op = 'INSERT';
  v_machine text;
  v_from text;
  v_to text;
  v_old timestamptz;
  v_new timestamptz;
  v_allowed text[];
  v_context text;
  v_at integer;
  v_sql_at integer;
  v_actor text;
  v_rest text;
  v_writer_seen boolean := false;
  -- A start trigger for each statement (a table whose rows are made hundreds at a time, a draw's matches): the
  -- statement's distinct starting statuses, each checked once as a row's would be, the caller read once.
  v_statuses text[];
begin
  if tg_level = 'STATEMENT' then
    v_statuses := array(select distinct n.status from new_rows n);
  end if;
  for i in 1 .. case when tg_level = 'STATEMENT' then cardinality(v_statuses)
                     else case tg_argv[1] when 'payments' then 2 when 'tournaments' then 4 else 1 end end loop
    v_machine := tg_argv[0];
    case tg_argv[1]
      when 'status' then
        v_from := case when not v_insert then old.status end;
        v_to := case when tg_level = 'STATEMENT' then v_statuses[i] else new.status end;
      when 'superseded_at' then
        v_from := case when v_insert then null when old.superseded_at is null then 'live' else 'superseded' end;
        v_to := case when new.superseded_at is null then 'live' else 'superseded' end;
      when 'settled_at' then
        v_from := case when v_insert then null when old.settled_at is null then 'open' else coalesce(old.outcome, 'settled') end;
        v_to := case when new.settled_at is null then 'open' else coalesce(new.outcome, 'settled') end;
      when 'payments' then
        if i = 1 then
          v_machine := 'payment';
          v_from := case when not v_insert then old.status end;
          v_to := new.status;
        else
          -- The refund machine: none, partial or full, from the refunded amount.
          v_machine := 'refund';
          v_from := case when v_insert then null when old.refunded_paise = 0 then 'none'
                         when old.refunded_paise < old.amount_paise then 'partial' else 'full' end;
          v_to := case when new.refunded_paise = 0 then 'none' when new.refunded_paise < new.amount_paise then 'partial' else 'full' end;
        end if;
      when 'tournaments' then
        -- Each milestone: unset or set; a set time changed to another is set -> moved, which no machine declares.
        v_machine := 'tournament.' || (array['drawn_at', 'finished_at', 'settled_at', 'cancelled_at'])[i];
        v_old := case when v_insert then null when i = 1 then old.drawn_at when i = 2 then old.finished_at
                      when i = 3 then old.settled_at else old.cancelled_at end;
        v_new := case i when 1 then new.drawn_at when 2 then new.finished_at when 3 then new.settled_at else new.cancelled_at end;
        continue when not v_insert and v_old is not distinct from v_new;
        v_from := case when v_insert then null when v_old is null then 'unset' else 'set' end;
        v_to := case when v_new is null then 'unset' when v_from = 'set' then 'moved' else 'set' end;
    end case;
    continue when v_from is not distinct from v_to;

    if v_from is null then
      select t.allowed_by into v_allowed
        from private.status_transitions t where t.machine = v_machine and t.from_status is null and t.to_status = v_to;
      -- A starting status any writer may use.
      continue when found and v_allowed is null;
    else
      select t.allowed_by into v_allowed
        from private.status_transitions t where t.machine = v_machine and t.from_status = v_from and t.to_status = v_to;
    end if;
    if not found then
      v_allowed := null;
    end if;

    if v_context is null then
      -- The first line is this function; the next function named is the one whose statement wrote the
      -- row: 'PL/pgSQL function schema.name(args) line n at ...' or 'SQL function "name" statement n'.
      -- A DO block (inline_code_block) is no function.
      get diagnostics v_context = pg_context;
      v_rest := v_context;
      loop
        v_actor := null;
        v_at := strpos(v_rest, E'\nPL/pgSQL function ');
        v_sql_at := strpos(v_rest, E'\nSQL function "');
        if v_at > 0 and (v_sql_at = 0 or v_at < v_sql_at) then
          v_actor := nullif(split_part(split_part(substr(v_rest, v_at + 19), '(', 1), ' ', 1), 'inline_code_block');
        elsif v_sql_at > 0 then
          v_at := v_sql_at;
          v_actor := split_part(substr(v_rest, v_sql_at + 15), '"', 1);
        end if;
        -- A machine with one writer (the trigger's third argument): the writer changes the row, and the move is
        -- the function's that called it, one line further down the stack.
        exit when tg_nargs < 3 or v_writer_seen or v_actor is distinct from tg_argv[2];
        v_writer_seen := true;
        v_rest := substr(v_rest, v_at + 1);
      end loop;
      if tg_nargs > 2 and not v_writer_seen
         and not (v_actor is null and current_setting('golazo.acting', true) = 'fixture' and private.may_write_fixtures(tg_relid)) then
        raise exception '%.%: only % changes the status of the % machine, not %',
              tg_table_schema, tg_table_name, tg_argv[2], v_machine, coalesce(v_actor, 'a statement outside any function')
          using errcode = '09000',
                detail = 'Call ' || tg_argv[2] || ' to change it; it checks the move for its caller.';
      end if;
    end if;
    -- (Two statements: a condition with a subquery would run through the executor on every move.)
    continue when v_actor = any (v_allowed);
    if strpos(v_actor, '.') = 0 then
      -- An SQL function names itself without its schema.
      continue when v_actor = any (array(select split_part(a, '.', 2) from unnest(v_allowed) as a));
    end if;

    -- A fixture: a statement outside any function, by a role allowed to write fixtures (private.may_write_fixtures),
    -- that said so for its session or transaction.
    continue when v_actor is null and current_setting('golazo.acting', true) = 'fixture' and private.may_write_fixtures(tg_relid);

    if v_allowed is null then
      raise exception '%.%: % % -> % is not a declared move of the % machine (by %)',
            tg_table_schema, tg_table_name, v_machine, coalesce(v_from, '(new row)'), v_to, v_machine,
            coalesce(v_actor, 'a statement outside any function')
        using errcode = '09000',
              detail = 'Declare it in private.status_transitions, or change the status through a function that may.';
    end if;
    raise exception '%.%: % % -> % may only be made by %, not by %',
          tg_table_schema, tg_table_name, v_machine, coalesce(v_from, '(new row)'), v_to, array_to_string(v_allowed, ', '),
          coalesce(v_actor, 'a statement outside any function')
      using errcode = '09000',
            detail = 'Add the function to allowed_by of this move in private.status_transitions if it is meant to make it.';
  end loop;
  return new;
end;
$function$;

comment on function private.may_write_fixtures(oid) is 'Whether the writing role may put rows of a table in any state directly when it declares a fixture (golazo.acting = fixture): a superuser or the table''s owner. The local stack also lets its service role.';
CREATE OR REPLACE FUNCTION private.may_write_fixtures(p_table oid)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- The writing role is the session's SET ROLE (PostgREST always sets one), else its user: a superuser or a
  -- member of the table's owner.
  select r.rolsuper or pg_catalog.pg_has_role(r.oid, c.relowner, 'MEMBER')
    from pg_catalog.pg_roles r, pg_catalog.pg_class c
   where r.rolname = coalesce(nullif(current_setting('role'), 'none'), session_user) and c.oid = p_table;
$function$;

-- The outbox of outside calls -------------------------------------------------------------------------

CREATE TRIGGER outbox_clears_personal_data_when_over BEFORE UPDATE OF status ON private.outbox FOR EACH ROW WHEN (new.status = 'done'::text AND new.personal_data_cleared_at IS NULL) EXECUTE FUNCTION private.clear_outbox_personal_data();

CREATE TRIGGER outbox_tells_staff_when_given_up AFTER UPDATE OF status ON private.outbox FOR EACH ROW WHEN (new.status = 'gave_up'::text AND old.status IS DISTINCT FROM 'gave_up'::text) EXECUTE FUNCTION private.outbox_gave_up();

comment on function private.enqueue_outside_call(text,text,jsonb) is 'Queues a call to the outside world in the outbox, once per idempotency key (a second call with the same key is ignored).';
CREATE OR REPLACE FUNCTION private.enqueue_outside_call(p_kind text, p_idempotency_key text, p_payload jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
begin
  insert into private.outbox (kind, idempotency_key, payload)
  values (p_kind, p_idempotency_key, p_payload)
  on conflict (idempotency_key) do nothing;
end;
$function$;

comment on function private.clear_outbox_personal_data() is 'Trigger on outbox: when a call is over, cuts its payload down to what the books need (private.outbox_payload_once_over) and stamps personal_data_cleared_at.';
CREATE OR REPLACE FUNCTION private.clear_outbox_personal_data()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  -- The hash is of the payload as it was queued (the answer's function may already have cut it).
  new.payload := private.outbox_payload_once_over(new.kind, old.payload);
  new.personal_data_cleared_at := private.clock_now();
  return new;
end;
$function$;

-- Shared helpers every area calls ---------------------------------------------------------------------

comment on function private.setting(text) is 'One value of private.settings by key (null when it is not set).';
CREATE OR REPLACE FUNCTION private.setting(p_key text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$ select value from private.settings where key = p_key $function$;

-- Writes one row. p_actor null means an automatic decision.
CREATE OR REPLACE FUNCTION private.audit(p_tournament_id text, p_action text, p_summary text, p_reason text, p_before jsonb, p_after jsonb, p_is_public boolean, p_actor uuid DEFAULT NULL::uuid, p_entry_id uuid DEFAULT NULL::uuid, p_match_id uuid DEFAULT NULL::uuid)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  insert into public.audit_log (at, tournament_id, entry_id, match_id, actor_id, actor_role, action, summary, reason,
                                before, after, is_public)
  values (private.clock_now(), p_tournament_id, p_entry_id, p_match_id, p_actor,
          case when p_actor is null then 'automatic'
               else coalesce(private.staff_role_of(p_actor, p_tournament_id), 'service') end,
          p_action, p_summary, p_reason, p_before, p_after, p_is_public);
$function$;

-- A player without any staff role is told that the action is for staff (not to do a second sign-in step
-- that would not help them); a staff member is then asked for the second step, then checked for playing.
CREATE OR REPLACE FUNCTION private.require_staff(p_min_role text, p_tournament_id text DEFAULT NULL::text)
 RETURNS uuid
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := auth.uid();
  v_role text;
begin
  if v_user is null then
    raise exception 'Not logged in. Please sign in first.' using errcode = 'PT401', hint = 'not_signed_in';
  end if;
  -- Without a tournament, only a grant for the whole platform counts (staff_role_of).
  v_role := private.staff_role_of(v_user, p_tournament_id);
  if v_role is null or private.staff_role_rank(v_role) < private.staff_role_rank(p_min_role) then
    raise exception 'This needs the % role (or a higher one)%.', p_min_role,
                    case when p_tournament_id is null then ' for the whole platform' else ' for this tournament' end
      using errcode = 'PT403', hint = 'staff_only';
  end if;
  if not private.staff_has_second_step() then
    raise exception 'Staff actions need two-step sign-in: enter the code from your authenticator app.'
      using errcode = 'PT403', hint = 'second_step_required';
  end if;
  if p_tournament_id is not null and private.plays_in(v_user, p_tournament_id) then
    raise exception 'You play in this tournament, so another staff member must do this.'
      using errcode = 'PT403', hint = 'staff_plays_here';
  end if;
  return v_user;
end;
$function$;

comment on function private.require_reason(text) is 'A staff action''s reason, trimmed; refuses one under 3 characters or over 500 (PT400).';
CREATE OR REPLACE FUNCTION private.require_reason(p_reason text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  if p_reason is null or char_length(btrim(p_reason)) < 3 then
    raise exception 'Give a reason (at least 3 characters): players and staff read it' using errcode = 'PT400', hint = 'reason_required';
  end if;
  if char_length(p_reason) > 500 then
    raise exception 'Keep the reason under 500 characters' using errcode = 'PT400', hint = 'reason_too_long';
  end if;
  return btrim(p_reason);
end;
$function$;

comment on function private.notify(uuid,text,text,text,text,text) is 'Delivers one notification to a player: private.deliver with a single notice.';
CREATE OR REPLACE FUNCTION private.notify(p_user uuid, p_kind text, p_title text, p_body text, p_link text, p_key text)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.deliver(array[row(p_user, p_kind, p_title, p_body, p_link, p_key)::private.notice]);
$function$;

-- Nothing beyond the sign-up for a child without consent: no bell, no e-mail.
CREATE OR REPLACE FUNCTION private.deliver(p_notices private.notice[])
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  -- Who may be told, worked out once for the whole delivery (private.players_to_process).
  v_allowed uuid[] := array(select private.players_to_process(array(select n.user_id from unnest(p_notices) as n
                                                                     where n.user_id is not null)));
begin
  insert into public.notifications (user_id, kind, title, body, link, created_at)
  select n.user_id, n.kind, left(n.title, 140), left(coalesce(n.body, ''), 1000), n.link, v_now
    from unnest(p_notices) as n
   where n.user_id = any (v_allowed);

  insert into private.outbox (kind, idempotency_key, payload, next_attempt_at)
  select 'email', 'notify-' || n.kind || '-' || n.user_id || '-' || n.key,
         jsonb_build_object('to', u.email, 'subject', left(n.title, 140), 'text', coalesce(n.body, ''), 'link', n.link),
         private.email_not_before(v_now, private.notification_is_urgent(n.kind))
    from unnest(p_notices) as n
    join auth.users u on u.id = n.user_id and u.email is not null
    left join public.notification_settings s on s.user_id = n.user_id and s.kind = n.kind
   where coalesce(s.email, true) and n.user_id = any (v_allowed)
  on conflict (idempotency_key) do nothing;
end;
$function$;

-- Messages in the player's language: the words are rows of private.message_catalog (declared with the
-- notifications area, which owns them); every area composes through these helpers.

comment on function private.player_language(uuid) is 'The language a player reads (profiles.language): en when there is no profile.';
CREATE OR REPLACE FUNCTION private.player_language(p_user_id uuid)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
AS $function$
-- PL/pgSQL, its query planned once per connection (an SQL function with a search_path of its own was parsed
-- and planned again in every transaction: every paid confirmation's receipt asks it twice). It names only
-- qualified objects and built-ins, so it inherits its caller's search_path.
begin
  return coalesce((select p.language from public.profiles p where p.id = p_user_id), 'en');
end;
$function$;

comment on function private.lakh_grouped(numeric) is 'A whole number with Indian digit grouping in Latin digits: 100000 → 1,00,000 (the last three digits, then pairs; to_char''s comma is not the locale''s).';
CREATE OR REPLACE FUNCTION private.lakh_grouped(p_number numeric)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
begin
  return to_char(trunc(p_number), 'FM99,99,99,99,99,99,99,999');
end;
$function$;

comment on function private.money_in(bigint,text) is 'Paise as a player reads them in their language. English as private.money_text (₹1234.50); Hindi with lakh grouping in Latin digits, paise only when there are any (₹1,00,000, ₹1,234.50).';
CREATE OR REPLACE FUNCTION private.money_in(p_paise bigint, p_language text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- PL/pgSQL like private.datetime_in, for the same reason (a receipt's amount is written with it).
begin
  if p_language = 'hi' then
    return case when p_paise < 0 then '-' else '' end || '₹' || private.lakh_grouped(abs(p_paise) / 100)
           || case when abs(p_paise) % 100 <> 0 then '.' || lpad((abs(p_paise) % 100)::text, 2, '0') else '' end;
  end if;
  return private.money_text(p_paise);
end;
$function$;

comment on function private.datetime_in(timestamp with time zone,text,boolean) is 'A moment in IST as a player reads it: English "06 Dec 19:30 IST" (as always); Hindi with the weekday and month names of private.calendar_names, "रविवार, 6 दिसंबर, 7:30 pm IST" (the site''s own Hindi time). p_zone false leaves out " IST" (a sentence naming it once after two times).';
CREATE OR REPLACE FUNCTION private.datetime_in(p_at timestamp with time zone, p_language text, p_zone boolean DEFAULT true)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
AS $function$
-- PL/pgSQL, planned once per connection: as an SQL function with a search_path of its own it was parsed and
-- planned again in every transaction (twice in every paid confirmation's receipt). It names only qualified
-- objects and built-ins, so it inherits its caller's search_path. English is one expression (no query).
declare
  l timestamp := p_at at time zone 'Asia/Kolkata';
begin
  if p_language = 'hi' then
    return (select w.name from private.calendar_names w
             where w.language = 'hi' and w.kind = 'weekday' and w.number = extract(isodow from l)::integer)
           || ', ' || extract(day from l)::integer || ' '
           || (select m.name from private.calendar_names m
                where m.language = 'hi' and m.kind = 'month' and m.number = extract(month from l)::integer)
           || ', ' || ltrim(to_char(l, 'FMHH12:MI'), '0') || ' ' || lower(to_char(l, 'am'))
           || case when p_zone then ' IST' else '' end;
  end if;
  return to_char(l, 'DD Mon HH24:MI') || case when p_zone then ' IST' else '' end;
end;
$function$;

comment on function private.place_in(text,text) is 'A prize place (the standings'' label, "1st" or "3rd–4th") as a player reads it: English as labelled; Hindi the ordinal before स्थान ("पहले स्थान", "3–4वें स्थान").';
CREATE OR REPLACE FUNCTION private.place_in(p_label text, p_language text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when p_language = 'hi' and first_place is not null
              then case when last_place > first_place then first_place || '–' || last_place || 'वें'
                        else case first_place when 1 then 'पहले' when 2 then 'दूसरे' when 3 then 'तीसरे' when 4 then 'चौथे'
                                              when 6 then 'छठे' else first_place || 'वें' end end
                   || ' स्थान'
              else p_label end
    from (select substring(p_label from '^(\d+)')::integer as first_place,
                 substring(p_label from '(\d+)\D*$')::integer as last_place) as places;
$function$;

comment on function private.compose_message(text,text,jsonb) is 'Writes a catalog message (private.message_catalog) in a language, English when the message has none in it: each {name} from p_params (formats :datetime and :moment (without IST), :money, :place, :phrase (the value names a phrase.* row) in that language; |phrase.key for a missing value). Values are put in once, never read again as placeholders.';
CREATE OR REPLACE FUNCTION private.compose_message(p_key text, p_language text, p_params jsonb)
 RETURNS private.composed_message
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_row private.message_catalog;
  v_texts text[] := array[null, null];
  v_template text;
  v_parts text[];
  v_text text;
  v_at integer;
  v_hole text;
begin
  select * into v_row from private.message_catalog where key = p_key and language = coalesce(p_language, 'en');
  if not found then
    select * into v_row from private.message_catalog where key = p_key and language = 'en';
  end if;
  if not found then
    raise exception 'No message % in the catalog', p_key;
  end if;
  -- Each text's literal pieces and the placeholders between them, in order, so a value is put in once and never
  -- read again as a placeholder (a tournament named "{opponent}" stays). No query: the pieces come from one
  -- split, and the placeholder after a piece starts where the piece ends and ends at its first "}" (the pattern
  -- allows none inside); its name, format and phrase are read with split_part. As one query (the pieces, the
  -- matches with their groups, ordered aggregates) it took about a sixth of a paid confirmation's CPU (its receipt).
  for k in 1 .. 2 loop
    v_template := case k when 1 then v_row.title else v_row.body end;
    v_parts := regexp_split_to_array(v_template, '\{([a-z_]+)(?::([a-z]+))?(?:\|([a-z_.]+))?\}');
    v_text := coalesce(v_parts[1], '');
    v_at := length(v_parts[1]) + 1;
    for n in 2 .. coalesce(cardinality(v_parts), 0) loop
      v_hole := substr(v_template, v_at);
      v_hole := substr(v_hole, 2, strpos(v_hole, '}') - 2);
      v_text := v_text
                || coalesce(private.placeholder_value(
                              array[split_part(split_part(v_hole, '|', 1), ':', 1),
                                    nullif(split_part(split_part(v_hole, '|', 1), ':', 2), ''),
                                    nullif(split_part(v_hole, '|', 2), '')],
                              v_row.language, p_params), '')
                || v_parts[n];
      v_at := v_at + length(v_hole) + 2 + length(v_parts[n]);
    end loop;
    v_texts[k] := v_text;
  end loop;
  return row(v_texts[1], v_texts[2])::private.composed_message;
end;
$function$;

comment on function private.placeholder_value(text[],text,jsonb) is 'One placeholder of a catalog text ({name, format, phrase}) in a language, from p_params: as given, or as a moment (:datetime, :moment), paise (:money), a prize place (:place) or the phrase it names (:phrase); the |phrase when the value is missing.';
CREATE OR REPLACE FUNCTION private.placeholder_value(p_hole text[], p_language text, p_params jsonb)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_value text := p_params ->> p_hole[1];
begin
  if v_value is not null then
    v_value := case p_hole[2]
                 when 'datetime' then private.datetime_in(v_value::timestamptz, p_language)
                 when 'moment' then private.datetime_in(v_value::timestamptz, p_language, false)
                 when 'money' then private.money_in(v_value::bigint, p_language)
                 when 'place' then private.place_in(v_value, p_language)
                 when 'phrase' then private.catalog_phrase(v_value, p_language)
                 else v_value end;
  end if;
  if v_value is null and p_hole[3] is not null then
    v_value := private.catalog_phrase(p_hole[3], p_language);
  end if;
  return v_value;
end;
$function$;

comment on function private.catalog_phrase(text,text) is 'A phrase of the message catalog (its key starts with phrase.) in a language, else in English; null for any other key.';
CREATE OR REPLACE FUNCTION private.catalog_phrase(p_key text, p_language text)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select c.body from private.message_catalog c
   where c.key = p_key and c.key like 'phrase.%' and c.language in (p_language, 'en')
   order by c.language = p_language desc
   limit 1;
$function$;

comment on function private.deliver_messages(private.player_message[]) is 'Delivers catalog messages: to up to private.notice_fan_out_threshold() players at once, each player''s messages still waiting first (private.deliver_earlier_messages), or at the end of the periodic step that holds them (private.hold_messages); to more players, recorded once in private.pending_messages for the periodic step message_batches, which delivers them over the following runs.';
CREATE OR REPLACE FUNCTION private.deliver_messages(p_messages private.player_message[])
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_players uuid[] := array(select distinct m.user_id from unnest(p_messages) as m where m.user_id is not null);
  v_held text := current_setting('golazo.held_messages', true);
begin
  if cardinality(v_players) > private.notice_fan_out_threshold() then
    -- A change that concerns many players (a draw, a knockout filled, a tournament finished): written once, in the
    -- order given, nothing composed or checked now. Each player's language, consent and quiet hours are judged when
    -- the periodic step delivers it, as for a message told at once.
    perform private.queue_messages(p_messages);
    return;
  end if;
  if v_held <> '' then
    -- A periodic step deciding many matches in a run tells their players together when it ends (a delivery costs
    -- about as much for two players as for twenty). Kept in the transaction's setting, so a decision undone takes
    -- its messages with it.
    perform set_config('golazo.held_messages', (v_held::jsonb || to_jsonb(p_messages))::text, true);
    return;
  end if;
  perform private.deliver_earlier_messages(v_players);
  perform private.deliver_messages_now(p_messages);
end;
$function$;

comment on function private.queue_messages(private.player_message[]) is 'Records catalog messages in private.pending_messages, in the order given, for the periodic step message_batches to deliver: nothing composed or checked now.';
CREATE OR REPLACE FUNCTION private.queue_messages(p_messages private.player_message[])
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  insert into private.pending_messages (user_id, kind, message_key, params, link, key, urgent, created_at)
  select m.user_id, m.kind, m.message_key, coalesce(m.params, '{}'::jsonb), m.link, m.key,
         private.notification_is_urgent(m.kind), private.clock_now()
    from unnest(p_messages) with ordinality as m (user_id, kind, message_key, params, link, key, n)
   where m.user_id is not null
   order by m.n;
end;
$function$;

comment on function private.deliver_earlier_messages(uuid[]) is 'Before messages to these players are delivered at once: delivers now, in order, their messages still waiting in private.pending_messages, so nobody is told of a change before an earlier one.';
CREATE OR REPLACE FUNCTION private.deliver_earlier_messages(p_players uuid[])
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_earlier private.player_message[];
begin
  -- A player's messages still waiting go first, so nobody is told of a change before an earlier one. Usually none
  -- (one look at an index); a waiting message that cannot be delivered stays for the step, which records it.
  if exists (select 1 from private.pending_messages q where q.user_id = any (p_players)) then
    begin
      with taken as (
        delete from private.pending_messages q where q.user_id = any (p_players) returning q.*
      )
      select array_agg(row(t.user_id, t.kind, t.message_key, t.params, t.link, t.key)::private.player_message order by t.id)
        into v_earlier
        from taken t;
      perform private.deliver_messages_in_order(v_earlier);
    exception when others then
      null;
    end;
  end if;
end;
$function$;

comment on function private.hold_messages() is 'From now to private.deliver_held_messages in this transaction, private.deliver_messages holds what it would deliver at once: a periodic step that makes many small changes in a run tells their players in one delivery.';
CREATE OR REPLACE FUNCTION private.hold_messages()
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$ select set_config('golazo.held_messages', '[]', true); $function$;

comment on function private.deliver_held_messages() is 'Delivers the messages held since private.hold_messages, in the order they were told, and stops holding. If that delivery fails, they wait in private.pending_messages instead, where the periodic step message_batches delivers them (one at a time if need be, the failing one recorded): one bad message never undoes the changes it told of.';
CREATE OR REPLACE FUNCTION private.deliver_held_messages()
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_held private.player_message[] :=
    array(select r from jsonb_array_elements(coalesce(nullif(current_setting('golazo.held_messages', true), ''), '[]')::jsonb)
                          with ordinality as e (message, n)
                   cross join lateral jsonb_populate_record(null::private.player_message, e.message) as r
           order by e.n);
begin
  perform set_config('golazo.held_messages', '', true);
  if cardinality(v_held) = 0 then
    return;
  end if;
  begin
    -- Several decisions may tell one player: each player's messages in the order they were told.
    perform private.deliver_earlier_messages(array(select distinct m.user_id from unnest(v_held) as m where m.user_id is not null));
    perform private.deliver_messages_in_order(v_held);
  exception when others then
    perform private.queue_messages(v_held);
  end;
end;
$function$;

comment on function private.deliver_messages_now(private.player_message[]) is 'Delivers catalog messages now: each written in its player''s language into the bell (with its key and values, for the alerts) and, as private.deliver does, e-mailed unless the player turned that kind off, after the quiet hours unless urgent; nothing for a child without consent. The bell''s trigger queues the push and WhatsApp alerts.';
CREATE OR REPLACE FUNCTION private.deliver_messages_now(p_messages private.player_message[])
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
begin
  -- One statement: the messages are written once (a CTE read twice is computed once), then the bell's rows and
  -- the e-mails are inserted from them. What is the same for many players is worked out once, not per player:
  -- who may be told (one query, private.players_to_process), each distinct text, each kind's e-mail time.
  with allowed as materialized (
    select a.user_id
      from private.players_to_process(array(select m.user_id from unnest(p_messages) as m where m.user_id is not null))
           as a (user_id)
  ), wanted as (
    select m.user_id, m.kind, m.message_key, coalesce(m.params, '{}'::jsonb) as params, m.link, m.key,
           private.player_language(m.user_id) as language
      from unnest(p_messages) as m
     where m.user_id in (select a.user_id from allowed a)
  ), texts as materialized (
    -- Each distinct message once: a check-in or a finished tournament tells every player the same words.
    -- In FROM, so it runs once per message (c.title and c.body of a composite in the select list would call it twice);
    -- materialized, or the planner may put it inside a nested loop and compose the words again for every player.
    select k.message_key, k.language, k.params, c.title, c.body
      from (select distinct w.message_key, w.language, w.params from wanted w) as k
      cross join lateral private.compose_message(k.message_key, k.language, k.params) as c
  ), kinds as materialized (
    select k.kind, private.email_not_before(v_now, private.notification_is_urgent(k.kind)) as email_not_before
      from (select distinct w.kind from wanted w) as k
  ), composed as (
    select w.*, t.title, t.body
      from wanted w
      join texts t on t.message_key = w.message_key and t.language = w.language and t.params = w.params
  ), bell as (
    insert into public.notifications (user_id, kind, title, body, link, created_at, message_key, message_params, language)
    select n.user_id, n.kind, left(n.title, 140), left(coalesce(n.body, ''), 1000), n.link, v_now, n.message_key, n.params,
           n.language
      from composed n
  )
  -- The same e-mail as private.deliver's, in the player's language. Its time given, not left to the column's
  -- default: the default asks the clock again for every row.
  insert into private.outbox (kind, idempotency_key, payload, next_attempt_at, created_at)
  select 'email', 'notify-' || n.kind || '-' || n.user_id || '-' || n.key,
         jsonb_build_object('to', u.email, 'subject', left(n.title, 140), 'text', coalesce(n.body, ''), 'link', n.link,
                            'language', n.language),
         k.email_not_before, v_now
    from composed n
    join kinds k on k.kind = n.kind
    join auth.users u on u.id = n.user_id and u.email is not null
    left join public.notification_settings s on s.user_id = n.user_id and s.kind = n.kind
   where coalesce(s.email, true)
  on conflict (idempotency_key) do nothing;
end;
$function$;

comment on function private.deliver_messages_in_order(private.player_message[]) is 'Delivers catalog messages now (private.deliver_messages_now) keeping each player''s in the order given: one delivery for every player''s first message, then one for the second ones, and so on.';
CREATE OR REPLACE FUNCTION private.deliver_messages_in_order(p_messages private.player_message[])
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_layer private.player_message[];
  v_nth integer := 1;
begin
  loop
    select array_agg(row(x.user_id, x.kind, x.message_key, x.params, x.link, x.key)::private.player_message order by x.n)
      into v_layer
      from (select m.*, row_number() over (partition by m.user_id order by m.n) as nth
              from unnest(p_messages) with ordinality as m (user_id, kind, message_key, params, link, key, n)) as x
     where x.nth = v_nth;
    exit when v_layer is null;
    perform private.deliver_messages_now(v_layer);
    v_nth := v_nth + 1;
  end loop;
end;
$function$;

comment on function private.notice_fan_out_threshold() is 'A delivery to more players than this is recorded in private.pending_messages and fanned out over the following periodic runs; a pod, a match or a group is told at once.';
CREATE OR REPLACE FUNCTION private.notice_fan_out_threshold()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select 50 $function$;

comment on function private.notice_batch_size() is 'The most waiting messages one periodic run delivers, urgent ones apart (every urgent message goes in the next run whatever their number): about 15 ms of database CPU on an idle machine, up to 50 on a busy one.';
CREATE OR REPLACE FUNCTION private.notice_batch_size()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select 40 $function$;

comment on function private.run_due_message_batches() is 'Due work: delivers messages waiting in private.pending_messages, oldest first: every urgent one with the same player''s earlier ones, then others up to private.notice_batch_size() in all. A batch that fails is delivered again one message at a time, a failing one recorded with private.due_item_failed (item message-<id>, parked after repeated failures) while the others go on. An erased player''s are dropped undelivered.';
CREATE OR REPLACE FUNCTION private.run_due_message_batches()
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_dropped integer;
  v_gone bigint[];
  v_ids bigint[];
  v_open bigint[];
  v_batch private.player_message[];
  v_row private.pending_messages%rowtype;
  v_delivered integer := 0;
  v_failed integer := 0;
  v_error text;
  v_state text;
begin
  -- The batch: every urgent message with its player's earlier ones (urgent ones wait one run at most), then the
  -- oldest others up to the batch size. Every query below reads the queue once, filtered by this batch's ids: the
  -- queue is often empty when its statistics are taken, so a plan must not rest on them (a join of the queue with
  -- itself or with every profile cost O(queue x batch)).
  -- One pass over the queue (a window per player), whatever the plan: joined to its own grouping, the queue was read
  -- again for each of its rows when the statistics said it was empty.
  v_ids := array(select x.id
                   from (select q.id, max(q.id) filter (where q.urgent) over (partition by q.user_id) as last_urgent_id
                           from private.pending_messages q) as x
                  where x.id <= x.last_urgent_id
                  order by x.id);
  v_ids := v_ids || array(select q.id from private.pending_messages q where q.id <> all (v_ids)
                           order by q.id limit greatest(private.notice_batch_size() - cardinality(v_ids), 0));
  -- An erased player is told nothing more (the profile stays as a pseudonymous subject, so may_process_player
  -- alone would not stop it).
  with dropped as (
    delete from private.pending_messages q
     where q.id = any (v_ids)
       and exists (select 1 from public.profiles p where p.id = q.user_id and p.erased_at is not null)
    returning q.id
  )
  select count(*)::integer, coalesce(array_agg(d.id), '{}') into v_dropped, v_gone from dropped d;
  -- Parked ones wait for an admin; rows another transaction holds are left to it (a small delivery to the same
  -- player takes its waiting ones first), and so are that player's later ones here, so the order holds. The batch
  -- holds each player's earlier messages, so nothing else can come before one of its rows.
  v_open := array(select i from unnest(v_ids) as i where i <> all (v_gone) and not private.due_item_parked('message-' || i));
  v_ids := array(select q.id from private.pending_messages q where q.id = any (v_open) order by q.id for update skip locked);
  v_ids := array(select q.id from private.pending_messages q
                  where q.id = any (v_ids)
                    and q.user_id <> all (array(select h.user_id from private.pending_messages h
                                                 where h.id = any (v_open) and h.id <> all (v_ids)))
                  order by q.id);
  if cardinality(v_ids) = 0 then
    return jsonb_build_object('messages_delivered', 0, 'messages_failed', 0, 'messages_of_erased_players_dropped', v_dropped);
  end if;

  select array_agg(row(q.user_id, q.kind, q.message_key, q.params, q.link, q.key)::private.player_message order by q.id)
    into v_batch
    from private.pending_messages q where q.id = any (v_ids);
  begin
    -- The whole batch in a few statements (one per message a player has in it).
    perform private.deliver_messages_in_order(v_batch);
    delete from private.pending_messages where id = any (v_ids);
    v_delivered := cardinality(v_ids);
  exception when others then
    -- Something in the batch cannot be delivered: one message at a time, each on its own, so the others go.
    for v_row in select * from private.pending_messages q where q.id = any (v_ids) order by q.id loop
      begin
        perform private.deliver_messages_now(array[row(v_row.user_id, v_row.kind, v_row.message_key, v_row.params,
                                                         v_row.link, v_row.key)::private.player_message]);
        delete from private.pending_messages where id = v_row.id;
        v_delivered := v_delivered + 1;
      exception when others then
        get stacked diagnostics v_error = message_text, v_state = returned_sqlstate;
        perform private.due_item_failed('message-' || v_row.id, v_error, v_state);
        v_failed := v_failed + 1;
      end;
    end loop;
  end;
  return jsonb_build_object('messages_delivered', v_delivered, 'messages_failed', v_failed,
                            'messages_of_erased_players_dropped', v_dropped);
end;
$function$;

comment on function private.notify_message(uuid,text,text,jsonb,text,text) is 'Delivers one catalog message to a player in their language: private.deliver_messages with a single message.';
CREATE OR REPLACE FUNCTION private.notify_message(p_user uuid, p_kind text, p_message_key text, p_params jsonb, p_link text, p_key text)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.deliver_messages(array[row(p_user, p_kind, p_message_key, p_params, p_link, p_key)::private.player_message]);
$function$;

-- E-mail through the outbox (the worker sends it once; locally it lands in the stack's inbox).
CREATE OR REPLACE FUNCTION private.queue_email(p_key text, p_to text, p_subject text, p_text text, p_link text DEFAULT NULL::text)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.enqueue_outside_call('email', p_key,
    jsonb_build_object('to', p_to, 'subject', p_subject, 'text', p_text, 'link', p_link));
$function$;

-- The earliest moment a non-urgent e-mail may go out: now, or 08:00 IST when now is within 23:00-08:00.
CREATE OR REPLACE FUNCTION private.email_not_before(p_now timestamp with time zone, p_urgent boolean)
 RETURNS timestamp with time zone
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case
    when p_urgent then p_now
    when extract(hour from p_now at time zone 'Asia/Kolkata') >= 23
      then ((p_now at time zone 'Asia/Kolkata')::date + 1 + time '08:00') at time zone 'Asia/Kolkata'
    when extract(hour from p_now at time zone 'Asia/Kolkata') < 8
      then ((p_now at time zone 'Asia/Kolkata')::date + time '08:00') at time zone 'Asia/Kolkata'
    else p_now
  end;
$function$;

-- Moving up means playing within minutes (a pod's draw is at its check-in close): that e-mail is not held
-- for the night like the others.
CREATE OR REPLACE FUNCTION private.notification_is_urgent(p_kind text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select p_kind in ('room_posted', 'opponent_ready', 'next_match', 'check_in_open', 'waitlist_promoted');
$function$;

comment on function private.money_text(bigint) is 'Paise as the ₹ amount staff and players read in notifications and holds.';
CREATE OR REPLACE FUNCTION private.money_text(p_paise bigint)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
begin
  return '₹' || to_char(p_paise / 100.0, 'FM99999999990.00');
end;
$function$;

comment on function private.require_admin_or_service() is 'Refuses callers other than the service role and platform admins at aal2; answers the admin''s id (null for the service role).';
CREATE OR REPLACE FUNCTION private.require_admin_or_service()
 RETURNS uuid
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if coalesce(auth.role(), '') = 'service_role' then
    return null;
  end if;
  return private.require_staff('admin');
end;
$function$;

-- The caller's highest role that applies to the tournament (a global grant, or one for that tournament);
-- with p_tournament_id null, any grant counts.
CREATE OR REPLACE FUNCTION private.staff_role_of(p_user_id uuid, p_tournament_id text)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select role from public.staff_roles
   where user_id = p_user_id
     and (tournament_id is null or tournament_id = p_tournament_id)
   order by private.staff_role_rank(role) desc
   limit 1;
$function$;

-- Roles
-- An organiser can do what a referee does, an admin what an organiser does.
CREATE OR REPLACE FUNCTION private.staff_role_rank(p_role text)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case p_role when 'referee' then 1 when 'organiser' then 2 when 'admin' then 3 else 0 end;
$function$;

comment on function private.staff_has_second_step() is 'Whether this request carries the second sign-in step (aal2), which every staff read and action needs.';
CREATE OR REPLACE FUNCTION private.staff_has_second_step()
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- Staff always use two-step sign-in, whether or not a factor is enrolled (players without one need not).
  select coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2';
$function$;

-- Staff never run a tournament they play in or bought places for.
CREATE OR REPLACE FUNCTION private.plays_in(p_user_id uuid, p_tournament_id text)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select exists (select 1 from public.entries
                  where tournament_id = p_tournament_id and status <> 'cancelled'
                    and (player_id = p_user_id or buyer_id = p_user_id));
$function$;

-- An admin with a grant for the whole site.
CREATE OR REPLACE FUNCTION private.is_admin(p_user_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (select 1 from public.staff_roles where user_id = p_user_id and role = 'admin' and tournament_id is null);
$function$;

comment on function private.caller_is_admin() is 'Whether the caller is an admin of the whole platform signed in with the second step (the policies of staff reads over REST).';
CREATE OR REPLACE FUNCTION private.caller_is_admin()
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.staff_has_second_step() and coalesce(private.is_admin(auth.uid()), false);
$function$;

comment on function private.acts_as_staff_in(uuid,text) is 'Whether the caller may use staff powers on this tournament outside require_staff: a grant that covers it, the second step, and no entry of theirs in it.';
CREATE OR REPLACE FUNCTION private.acts_as_staff_in(p_user uuid, p_tournament_id text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select p_user is not null and p_user = auth.uid()
     and private.staff_has_second_step()
     and private.staff_role_of(p_user, p_tournament_id) is not null
     and not private.plays_in(p_user, p_tournament_id);
$function$;

comment on function private.require_staff_anywhere(text) is 'The gate of the console''s lists: a grant of at least this role, for any tournament or the whole platform, at aal2. Each list then keeps the tournaments staff_sees().';
CREATE OR REPLACE FUNCTION private.require_staff_anywhere(p_min_role text)
 RETURNS uuid
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := auth.uid();
begin
  if v_user is null then
    raise exception 'Not logged in. Please sign in first.' using errcode = 'PT401', hint = 'not_signed_in';
  end if;
  if not exists (select 1 from public.staff_roles
                  where user_id = v_user and private.staff_role_rank(role) >= private.staff_role_rank(p_min_role)) then
    raise exception 'This needs the % role (or a higher one).', p_min_role
      using errcode = 'PT403', hint = 'staff_only';
  end if;
  if not private.staff_has_second_step() then
    raise exception 'Staff actions need two-step sign-in: enter the code from your authenticator app.'
      using errcode = 'PT403', hint = 'second_step_required';
  end if;
  return v_user;
end;
$function$;

-- Tournaments a staff member can see: every one for a global grant, else those of their grants.
CREATE OR REPLACE FUNCTION private.staff_sees(p_user uuid, p_tournament_id text)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select exists (select 1 from public.staff_roles
                  where user_id = p_user and (tournament_id is null or tournament_id = p_tournament_id))
     and not private.plays_in(p_user, p_tournament_id);
$function$;

-- Did this staff member organise one of these tournaments (an organiser grant for it or for the whole
-- site, or an organiser's action on it in the audit log)?
CREATE OR REPLACE FUNCTION private.organised_any(p_staff_id uuid, p_tournament_ids text[])
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select exists (select 1 from public.staff_roles
                  where user_id = p_staff_id and role = 'organiser'
                    and (tournament_id is null or tournament_id = any (p_tournament_ids)))
      or exists (select 1 from public.audit_log
                  where actor_id = p_staff_id and tournament_id = any (p_tournament_ids) and actor_role in ('organiser', 'admin'));
$function$;

comment on function private.entry_name(uuid) is 'The in-game name shown for an entry (''A player'' when it has none).';
CREATE OR REPLACE FUNCTION private.entry_name(p_entry_id uuid)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(p.in_game_name, 'A player') from public.entries e left join public.profiles p on p.id = e.player_id
   where e.id = p_entry_id;
$function$;

-- Text a player writes: hidden characters -------------------------------------------------------------

comment on function private.has_hidden_controls(text) is 'Whether a name holds a hidden control character (direction overrides and isolates, other format and control characters) that would change how it or the text after it reads. The profile form applies the same class (name-rule.ts).';
CREATE OR REPLACE FUNCTION private.has_hidden_controls(name text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select name ~ '[\u0001-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]';
$function$;

-- A player's age and a parent's consent, for every area -----------------------------------------------

-- Whole years between the birth date and `p_today` (29 February birthdays count from 1 March).
-- No search_path of its own (built-ins only): an SQL function without one is inlined into the query that calls it.
CREATE OR REPLACE FUNCTION private.age_on(p_date_of_birth date, p_today date)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
AS $function$ select extract(year from age(p_today, p_date_of_birth))::integer $function$;

comment on function private.profile_age_on(public.profiles,date) is 'A profile''s age on a day: from the date of birth when given, else the age stored before dates of birth. Inlined into its caller''s query (no search_path of its own), so a delivery to many players works out each age without a call per player.';
CREATE OR REPLACE FUNCTION private.profile_age_on(p_profile public.profiles, p_today date)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select case when p_profile.date_of_birth is not null then private.age_on(p_profile.date_of_birth, p_today) else p_profile.age end
$function$;

-- A profile's age today (in India).
CREATE OR REPLACE FUNCTION private.profile_age(p_profile public.profiles)
 RETURNS integer
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$ select private.profile_age_on(p_profile, private.today_in_india()) $function$;

comment on function private.players_to_process(uuid[]) is 'Of the given players, those for whom anything beyond the sign-up may be processed (each given id once): not those under 18 without a standing parental consent. One query for a whole delivery; private.may_process_player asks it for one player.';
CREATE OR REPLACE FUNCTION private.players_to_process(p_user_ids uuid[])
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- Age unknown (no profile, or one not complete yet): nothing but the sign-up exists to process.
  -- Today worked out once (offset 0 keeps it apart; pulled up into the join it would be asked again for every player).
  select u.id
    from (select distinct x.id from unnest(p_user_ids) as x (id)) as u
    cross join (select private.today_in_india() as today offset 0) as d
    left join public.profiles p on p.id = u.id
   where coalesce(private.profile_age_on(p, d.today) >= private.legal_paid_entry_age(), true)
      or private.has_parental_consent(u.id);
$function$;

comment on function private.may_process_player(uuid) is 'Whether anything beyond the sign-up may be processed for a player: false for a player under 18 without a standing parental consent (no entries, no notifications).';
CREATE OR REPLACE FUNCTION private.may_process_player(p_user_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (select 1 from private.players_to_process(array[p_user_id]));
$function$;

comment on function private.legal_paid_entry_age() is 'The age from which a player may pay to enter without a parent''s consent: 18.';
CREATE OR REPLACE FUNCTION private.legal_paid_entry_age()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select 18 $function$;

comment on function private.has_parental_consent(uuid) is 'Whether a player has a parent''s consent that is confirmed and not withdrawn.';
CREATE OR REPLACE FUNCTION private.has_parental_consent(p_user_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select exists (select 1 from private.parental_consents
                  where player_id = p_user_id and confirmed_at is not null and withdrawn_at is null);
$function$;

-- =====================================================================================================
-- Functions callers use (the API: public schema)
-- =====================================================================================================

-- The outbox of outside calls -------------------------------------------------------------------------

comment on function public.service_claim_outside_calls(integer,text) is 'The outbox-worker claims up to p_limit due outside calls (or only the one with p_idempotency_key), each leased to it for two minutes. Service role only.';
CREATE OR REPLACE FUNCTION public.service_claim_outside_calls(p_limit integer DEFAULT 10, p_idempotency_key text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_claimed jsonb;
begin
  with due as (
    select id from private.outbox
     where status = 'pending' and next_attempt_at <= v_now
       and (p_idempotency_key is null or idempotency_key = p_idempotency_key)
     order by next_attempt_at, id
     limit greatest(least(coalesce(p_limit, 10), 100), 1)
     for update skip locked
  ), claimed as (
    update private.outbox o
       set attempts = o.attempts + 1,
           next_attempt_at = v_now + private.outbox_lease()
      from due
     where o.id = due.id
    returning o.id, o.kind, o.idempotency_key, o.payload, o.attempts
  )
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', id, 'kind', kind, 'idempotency_key', idempotency_key, 'payload', payload, 'attempt', attempts
         ) order by id), '[]'::jsonb)
    into v_claimed
    from claimed;
  return v_claimed;
end;
$function$;

comment on function private.apply_outside_answer(private.outbox_kinds,private.outbox,text,jsonb) is 'Runs the answer_function the call''s area registered for its kind, if any, with the call''s new status: how an area learns what became of its calls without the outbox knowing its tables.';
CREATE OR REPLACE FUNCTION private.apply_outside_answer(p_kind private.outbox_kinds, p_job private.outbox, p_status text, p_answer jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if p_kind.answer_function is not null then
    -- The name is checked by the registry's constraint (private.<identifier>) and written by migrations only.
    execute format('select %s($1, $2, $3)', p_kind.answer_function) using p_job, p_status, coalesce(p_answer, '{}'::jsonb);
  end if;
end;
$function$;

comment on function public.service_record_outside_answer(bigint,text,jsonb) is 'What the outside service said: done (took effect, or had already), retry (after the backoff) or failed (staff look at it). A done refund marks the payment refunded in the same transaction. Service role only.';
CREATE OR REPLACE FUNCTION public.service_record_outside_answer(p_id bigint, p_outcome text, p_answer jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_item private.outbox%rowtype;
  v_kind private.outbox_kinds%rowtype;
  v_wait interval;
begin
  if p_outcome is null or p_outcome not in ('done', 'retry', 'failed') then
    raise exception 'Unknown outcome of an outside call' using errcode = 'PT400', hint = 'invalid_outbox_outcome';
  end if;
  -- What a provider said is kept without the personal data it may echo (names, addresses, UPI ids, PANs).
  p_answer := private.without_personal_fields(p_answer);
  select * into v_item from private.outbox where id = p_id for update;
  if not found then
    raise exception 'No such outside call' using errcode = 'PT404', hint = 'outbox_item_not_found';
  end if;

  insert into private.outbox_answers (outbox_id, attempt, ok, answer)
  values (v_item.id, v_item.attempts, p_outcome = 'done', coalesce(p_answer, '{}'::jsonb));

  if v_item.status <> 'pending' then
    return jsonb_build_object('status', v_item.status);
  end if;
  select * into v_kind from private.outbox_kinds where kind = v_item.kind;

  if p_outcome = 'done' then
    -- Delivered: the call needs no personal data any more (an e-mail's address goes with it).
    update private.outbox set status = 'done', done_at = v_now, last_answer = p_answer,
                              payload = private.without_personal_fields(
                                case when v_item.kind in ('email', 'parental_consent_email', 'story_news_email')
                                     then v_item.payload - 'to' else v_item.payload end)
     where id = v_item.id;
    -- What it changes in its area (a refund marks the payment refunded) is the area's own answer_function.
    perform private.apply_outside_answer(v_kind, v_item, 'done', p_answer);
    return jsonb_build_object('status', 'done');
  elsif p_outcome = 'retry' and (case when v_kind.retry_for is null then v_item.attempts < 12
                                      else v_item.created_at + v_kind.retry_for > v_now end) then
    -- A service that says when to come back (a rate limit's retry_after) is not called sooner.
    v_wait := greatest(private.outbox_backoff(v_item.attempts),
                       case when jsonb_typeof(p_answer -> 'retry_after_seconds') = 'number'
                            then least((p_answer ->> 'retry_after_seconds')::numeric, 3600) * interval '1 second' end);
    update private.outbox set next_attempt_at = v_now + v_wait, last_answer = p_answer where id = v_item.id;
    perform private.apply_outside_answer(v_kind, v_item, 'pending', p_answer);
    return jsonb_build_object('status', 'pending');
  else
    update private.outbox set status = 'gave_up', done_at = v_now, last_answer = p_answer where id = v_item.id;
    perform private.apply_outside_answer(v_kind, v_item, 'gave_up', p_answer);
    return jsonb_build_object('status', 'gave_up');
  end if;
end;
$function$;

comment on function public.staff_retry_outside_call(bigint) is 'Admins of the whole site: queues a given-up outside call again under the same idempotency key (never a second payout or refund), audited.';
CREATE OR REPLACE FUNCTION public.staff_retry_outside_call(p_job_id bigint)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_admin uuid := private.require_staff('admin');
  v_job private.outbox%rowtype;
begin
  select * into v_job from private.outbox where id = p_job_id for update;
  if not found then
    raise exception 'No such outside call' using errcode = 'PT404', hint = 'outbox_item_not_found';
  end if;
  if not private.outside_call_needs_retry(v_job) then
    raise exception 'This call is not waiting for a retry' using errcode = 'PT409', hint = 'outside_call_not_given_up';
  end if;
  -- The same row and idempotency key: the provider answers a repeated key with its first answer.
  update private.outbox
     set status = 'pending', attempts = 0, next_attempt_at = private.clock_now(), done_at = null
   where id = p_job_id
  returning * into v_job;
  if v_job.kind in ('pan_verification', 'upi_validation') then
    update public.kyc_records set reason = null, reason_code = null
     where user_id = (v_job.payload ->> 'user_id')::uuid and status = 'pending' and reason = private.kyc_check_late_reason();
  end if;
  perform private.audit(null, 'outside_call_retried', 'Retried ' || private.outside_call_label(v_job.kind), null, null,
                        jsonb_build_object('job_id', v_job.id, 'kind', v_job.kind), false, v_admin);
  return jsonb_build_object('job_id', v_job.id, 'kind', v_job.kind, 'status', v_job.status);
end;
$function$;

comment on function public.service_outside_call_details(bigint) is 'The personal data one claimed outside call needs, read when the worker makes it (the outbox keeps references only): a PAN (decrypted, audited), legal name, UPI id, e-mail address, link tokens and codes. {stale: true} when what it was about changed since. Service role only.';
CREATE OR REPLACE FUNCTION public.service_outside_call_details(p_job_id bigint)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_job private.outbox;
  v_details text;
  v_result jsonb;
begin
  select * into v_job from private.outbox where id = p_job_id;
  if not found then
    raise exception 'No such outside call' using errcode = 'PT404', hint = 'outbox_item_not_found';
  end if;
  if v_job.status <> 'pending' then
    raise exception 'This outside call is not waiting to be made' using errcode = 'PT409', hint = 'outbox_item_not_pending';
  end if;
  -- Each area reads its own calls' details (private.outbox_kinds.details_function); a kind without one needs
  -- nothing beyond its payload.
  select k.details_function into v_details from private.outbox_kinds k where k.kind = v_job.kind;
  if v_details is null then
    return '{}'::jsonb;
  end if;
  execute format('select %s($1)', v_details) using v_job into v_result;
  return coalesce(v_result, jsonb_build_object('stale', true));
end;
$function$;

-- Due work: the periodic function and its steps -------------------------------------------------------

comment on function public.service_run_due_work() is 'The periodic function for the outbox-worker, which only reaches PostgREST. Service role only.';
CREATE OR REPLACE FUNCTION public.service_run_due_work()
 RETURNS jsonb
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.run_due_work();
$function$;

-- Due work: each step and each item on its own, its failures and its health ---------------------------

comment on function public.get_due_work_health() is 'Platform admins at aal2 and the service role (an uptime check): every periodic step with its last run, its last clean run, the runs in a row that were not clean, the last error and its failed and parked items.';
CREATE OR REPLACE FUNCTION public.get_due_work_health()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_admin_or_service();
  return coalesce((
    select jsonb_agg(jsonb_build_object(
             'step', s.name, 'area', s.area, 'every_minutes', s.every_minutes, 'last_run_at', h.last_run_at, 'last_ok_at', h.last_ok_at,
             'failures_in_a_row', coalesce(h.failures_in_a_row, 0), 'last_error', h.last_error,
             'failed_items', (select count(*) from private.due_work_failures f where f.step = s.name and f.parked_at is null),
             'parked_items', (select count(*) from private.due_work_failures f where f.step = s.name and f.parked_at is not null))
           order by s.run_order)
      from private.due_work_steps s
      left join private.due_work_health h on h.step = s.name), '[]'::jsonb);
end;
$function$;

comment on function public.staff_retry_due_work(text,text) is 'Platform admins at aal2: the parked items of a periodic step (one with p_item, else all) are tried again on the next run; audited.';
CREATE OR REPLACE FUNCTION public.staff_retry_due_work(p_step text, p_item text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_admin uuid := private.require_staff('admin');
  v_released integer;
begin
  if not exists (select 1 from private.due_work_steps where name = p_step) then
    raise exception 'No periodic step is called that' using errcode = 'PT404', hint = 'due_work_step_not_found';
  end if;
  -- The failures go: the next run tries the item again, with the full count of tries before it parks.
  delete from private.due_work_failures
   where step = p_step and (p_item is null or item = p_item) and parked_at is not null;
  get diagnostics v_released = row_count;
  if v_released = 0 then
    raise exception 'Nothing of this step is parked' using errcode = 'PT409', hint = 'due_work_not_parked';
  end if;
  perform private.audit(null, 'due_work_retried',
                        'Periodic step ' || p_step || ': ' || v_released || ' parked item' || case when v_released = 1 then '' else 's' end
                        || ' tried again on the next run',
                        null, null, jsonb_build_object('step', p_step, 'item', p_item, 'released', v_released), false, v_admin);
  return jsonb_build_object('step', p_step, 'released', v_released);
end;
$function$;

-- =====================================================================================================
-- Policies and grants: who may read, write and call
-- =====================================================================================================

-- The private schema ----------------------------------------------------------------------------------

revoke all on function private.set_updated_at() from public;

-- The clock -------------------------------------------------------------------------------------------

revoke all on function private.clock_now() from public;

revoke all on function private.today_in_india() from public;

-- The outbox of outside calls -------------------------------------------------------------------------

revoke all on function private.outbox_lease() from public;

revoke all on function private.outbox_backoff(integer) from public;

revoke all on function private.notify_money_staff(text,text,text,text) from public;

revoke all on function private.outbox_gave_up() from public;

revoke all on function private.kyc_check_late_reason() from public;

revoke all on function private.outside_call_label(text) from public;

revoke all on function private.outside_call_error(jsonb) from public;

revoke all on function private.outside_call_needs_retry(private.outbox) from public;

revoke all on function private.personal_field_names() from public;

revoke all on function private.without_personal_fields(jsonb) from public;

revoke all on function private.outbox_kept_fields(text) from public;

revoke all on function private.apply_outside_answer(private.outbox_kinds,private.outbox,text,jsonb) from public;

revoke all on function private.hook_function(text) from public;

revoke all on function private.outbox_payload_once_over(text,jsonb) from public;

-- Due work: the periodic function and its steps -------------------------------------------------------

revoke all on function private.register_due_work(text,text,text,integer) from public;

revoke all on function private.run_due_work() from public;
revoke all on function private.run_due_steps(boolean) from public;
revoke all on procedure private.serve_due_work(integer,interval) from public;

-- Due work: each step and each item on its own, its failures and its health ---------------------------

revoke all on function private.due_step_fault_requested(text) from public;

revoke all on function private.due_item_parked(text) from public;

revoke all on function private.due_item_failed(text,text,text) from public;

revoke all on function private.due_step_ran(text,bigint,text) from public;

-- Retention: each rule a setting, applied by the periodic function ------------------------------------

revoke all on function private.retention_days(text) from public;

revoke all on function private.evidence_due_for_deletion(timestamp with time zone) from public;

revoke all on function private.run_due_retention_work() from public;

revoke all on function private.run_due_outbox_retention() from public;

-- Declared state machines: every status move, and the trigger that refuses any other ------------------

revoke all on function private.keep_to_state_machines() from public;

revoke all on function private.may_write_fixtures(oid) from public;

-- The outbox of outside calls -------------------------------------------------------------------------

revoke all on function private.enqueue_outside_call(text,text,jsonb) from public;

revoke all on function private.clear_outbox_personal_data() from public;

-- Shared helpers every area calls ---------------------------------------------------------------------

revoke all on function private.setting(text) from public;

revoke all on function private.audit(text,text,text,text,jsonb,jsonb,boolean,uuid,uuid,uuid) from public;

revoke all on function private.require_staff(text,text) from public;

revoke all on function private.require_reason(text) from public;

revoke all on function private.notify(uuid,text,text,text,text,text) from public;

revoke all on function private.player_language(uuid) from public;

revoke all on function private.lakh_grouped(numeric) from public;

revoke all on function private.money_in(bigint,text) from public;

revoke all on function private.datetime_in(timestamp with time zone,text,boolean) from public;

revoke all on function private.place_in(text,text) from public;

revoke all on function private.compose_message(text,text,jsonb) from public;

revoke all on function private.placeholder_value(text[],text,jsonb) from public;

revoke all on function private.catalog_phrase(text,text) from public;

revoke all on function private.deliver_messages(private.player_message[]) from public;

revoke all on function private.deliver_messages_now(private.player_message[]) from public;
revoke all on function private.deliver_earlier_messages(uuid[]) from public;
revoke all on function private.hold_messages() from public;
revoke all on function private.queue_messages(private.player_message[]) from public;
revoke all on function private.deliver_held_messages() from public;

revoke all on function private.deliver_messages_in_order(private.player_message[]) from public;

revoke all on function private.notice_fan_out_threshold() from public;

revoke all on function private.notice_batch_size() from public;

revoke all on function private.run_due_message_batches() from public;

revoke all on function private.notify_message(uuid,text,text,jsonb,text,text) from public;

revoke all on function private.deliver(private.notice[]) from public;

revoke all on function private.queue_email(text,text,text,text,text) from public;

revoke all on function private.email_not_before(timestamp with time zone,boolean) from public;

revoke all on function private.notification_is_urgent(text) from public;

revoke all on function private.money_text(bigint) from public;

revoke all on function private.require_admin_or_service() from public;

revoke all on function private.staff_role_of(uuid,text) from public;

revoke all on function private.staff_role_rank(text) from public;

revoke all on function private.staff_has_second_step() from public;

revoke all on function private.plays_in(uuid,text) from public;

revoke all on function private.is_admin(uuid) from public;

grant execute on function private.caller_is_admin() to authenticated;
revoke all on function private.caller_is_admin() from public;

revoke all on function private.acts_as_staff_in(uuid,text) from public;

revoke all on function private.require_staff_anywhere(text) from public;

revoke all on function private.staff_sees(uuid,text) from public;

revoke all on function private.organised_any(uuid,text[]) from public;

revoke all on function private.entry_name(uuid) from public;

-- The outbox of outside calls -------------------------------------------------------------------------

revoke all on function public.service_claim_outside_calls(integer,text) from anon;
revoke all on function public.service_claim_outside_calls(integer,text) from authenticated;
revoke all on function public.service_claim_outside_calls(integer,text) from public;

revoke all on function public.service_record_outside_answer(bigint,text,jsonb) from anon;
revoke all on function public.service_record_outside_answer(bigint,text,jsonb) from authenticated;
revoke all on function public.service_record_outside_answer(bigint,text,jsonb) from public;

revoke all on function public.staff_retry_outside_call(bigint) from anon;
revoke all on function public.staff_retry_outside_call(bigint) from public;

revoke all on function public.service_outside_call_details(bigint) from anon;
revoke all on function public.service_outside_call_details(bigint) from authenticated;
revoke all on function public.service_outside_call_details(bigint) from public;

-- Due work: the periodic function and its steps -------------------------------------------------------

revoke all on function public.service_run_due_work() from anon;
revoke all on function public.service_run_due_work() from authenticated;
revoke all on function public.service_run_due_work() from public;

-- Due work: each step and each item on its own, its failures and its health ---------------------------

revoke all on function public.get_due_work_health() from anon;
revoke all on function public.get_due_work_health() from public;

revoke all on function public.staff_retry_due_work(text,text) from anon;
revoke all on function public.staff_retry_due_work(text,text) from public;

-- Text a player writes: hidden characters -------------------------------------------------------------

revoke all on function private.has_hidden_controls(text) from public;

-- A player's age and a parent's consent, for every area -----------------------------------------------

revoke all on function private.age_on(date,date) from public;

revoke all on function private.profile_age(public.profiles) from public;

revoke all on function private.profile_age_on(public.profiles,date) from public;

revoke all on function private.players_to_process(uuid[]) from public;

revoke all on function private.may_process_player(uuid) from public;

revoke all on function private.legal_paid_entry_age() from public;

revoke all on function private.has_parental_consent(uuid) from public;
