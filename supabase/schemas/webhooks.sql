-- =====================================================================================================
-- webhooks: endpoints the platform's admins register, the events sent to them, and every delivery
-- =====================================================================================================
-- The source of this area of the database. Edit it, then `npm run migration:new <name>` writes the migration
-- from the difference (scripts/migration-new.ts). Statements may name objects declared further down or in
-- another area file: the files are applied as a whole. Rule rows are idempotent upserts.
--
-- A community's Discord server, a streamer's overlay or a stats bot learns that a tournament was drawn, a
-- match confirmed, a tournament finished or a prize paid. Each event is written in the transaction that made
-- it happen (triggers on the tables below), one delivery per endpoint, each delivery an outside call of the
-- outbox (kind webhook_delivery): the outbox-worker signs it as Standard Webhooks sign and posts it. What an
-- event says is public already (the bracket and the standings show it): ids, in-game names of adults,
-- scores, places, amounts.
-- =====================================================================================================

-- =====================================================================================================
-- Tables: what is kept
-- =====================================================================================================

comment on table private.webhooks is 'Endpoints registered by the platform''s admins (staff_create_webhook), each with the events it wants and its signing secret. Turned off after a day of failed deliveries.';
create table private.webhooks (
  id uuid default gen_random_uuid() not null,
  url text not null,
  events text[] not null,
  secret text not null,
  created_by uuid not null,
  created_at timestamp with time zone default private.clock_now() not null,
  failing_since timestamp with time zone,
  disabled_at timestamp with time zone,
  constraint webhooks_pkey PRIMARY KEY (id),
  constraint webhooks_events_known CHECK (((cardinality(events) >= 1) AND (events <@ ARRAY['tournament.drawn'::text, 'match.confirmed'::text, 'tournament.finished'::text, 'prize.paid'::text]))),
  constraint webhooks_secret_format CHECK ((secret ~ '^whsec_[A-Za-z0-9+/]{32}$'::text)),
  constraint webhooks_url_length CHECK ((char_length(url) <= 500))
);
comment on column private.webhooks.secret is 'The Standard Webhooks signing secret, "whsec_" and the base64 of 24 random bytes: shown once to the admin who registers the endpoint, read by the worker at each delivery.';
comment on column private.webhooks.failing_since is 'When the first of the deliveries failing now failed; null while the endpoint answers. A day of failures turns it off.';

comment on table private.webhook_deliveries is 'One event for one endpoint: the body it was sent (signed afresh at each attempt), how many attempts it took and what the endpoint last answered.';
create table private.webhook_deliveries (
  id bigint generated always as identity not null,
  webhook_id uuid not null,
  event_id text not null,
  type text not null,
  body text not null,
  status text default 'pending'::text not null,
  attempts integer default 0 not null,
  last_status_code integer,
  last_error text,
  created_at timestamp with time zone default private.clock_now() not null,
  delivered_at timestamp with time zone,
  constraint webhook_deliveries_pkey PRIMARY KEY (id),
  constraint webhook_deliveries_one_per_event UNIQUE (webhook_id, event_id),
  constraint webhook_deliveries_webhook_id_fkey FOREIGN KEY (webhook_id) REFERENCES private.webhooks(id) ON DELETE CASCADE,
  constraint webhook_deliveries_status_known CHECK ((status = ANY (ARRAY['pending'::text, 'delivered'::text, 'failed'::text, 'cancelled'::text])))
);
CREATE INDEX webhook_deliveries_of_webhook ON private.webhook_deliveries USING btree (webhook_id, id DESC);
comment on column private.webhook_deliveries.event_id is 'The Standard Webhooks message id (webhook-id header), the same for every endpoint the event went to, so a receiver can drop a repeat.';
comment on column private.webhook_deliveries.status is 'pending: being tried. delivered: a 2xx answer. failed: given up after a day. cancelled: its endpoint was turned off.';

-- =====================================================================================================
-- Rules: the rule rows, and the private functions and triggers that apply them
-- =====================================================================================================

-- Rows of private.outbox_kinds ------------------------------------------------------------------------

insert into private.outbox_kinds (kind, area, label, kept_fields, details_function, answer_function, retry_for, gave_up_tells_staff) values
  ('webhook_delivery', 'webhooks', 'a webhook delivery', '{delivery_id}', 'private.webhook_delivery_details', 'private.webhook_delivery_answered', '1 day', false)
on conflict (kind) do update set area = excluded.area, label = excluded.label, kept_fields = excluded.kept_fields,
  details_function = excluded.details_function, answer_function = excluded.answer_function, retry_for = excluded.retry_for,
  gave_up_tells_staff = excluded.gave_up_tells_staff;

-- Rows of private.status_transitions ------------------------------------------------------------------

insert into private.status_transitions (machine, from_status, to_status, allowed_by) values
  ('webhook_delivery', null, 'pending', null),
  ('webhook_delivery', 'pending', 'delivered', '{private.webhook_delivery_answered}'),
  ('webhook_delivery', 'pending', 'failed', '{private.webhook_delivery_answered}'),
  ('webhook_delivery', 'pending', 'cancelled', '{private.webhook_delivery_answered,public.staff_disable_webhook}')
on conflict (machine, from_status, to_status) do update set allowed_by = excluded.allowed_by;

-- The events ------------------------------------------------------------------------------------------

comment on function private.webhook_events() is 'The events an endpoint may ask for, in the order the admin''s form lists them.';
CREATE OR REPLACE FUNCTION private.webhook_events()
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select array['tournament.drawn', 'match.confirmed', 'tournament.finished', 'prize.paid'] $function$;

comment on function private.queue_webhook_event(text,jsonb) is 'One event to every endpoint that is on and asked for its type: a delivery each, under one event id, each an outside call of the outbox. Nothing when no endpoint wants it.';
CREATE OR REPLACE FUNCTION private.queue_webhook_event(p_type text, p_data jsonb)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_event_id text := 'msg_' || replace(gen_random_uuid()::text, '-', '');
  v_body text;
  v_queued integer := 0;
  v_delivery bigint;
begin
  if not exists (select 1 from private.webhooks where disabled_at is null and p_type = any (events)) then
    return 0;
  end if;
  v_body := jsonb_build_object('type', p_type, 'timestamp', to_char(v_now at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                               'data', p_data)::text;
  for v_delivery in
    insert into private.webhook_deliveries (webhook_id, event_id, type, body)
    select w.id, v_event_id, p_type, v_body from private.webhooks w
     where w.disabled_at is null and p_type = any (w.events)
    returning id
  loop
    perform private.enqueue_outside_call('webhook_delivery', 'webhook-' || v_delivery, jsonb_build_object('delivery_id', v_delivery));
    v_queued := v_queued + 1;
  end loop;
  return v_queued;
end;
$function$;

comment on function private.webhook_on_tournament_change() is 'Trigger on tournaments: tournament.drawn when the draw is made, tournament.finished when the final result is confirmed.';
CREATE OR REPLACE FUNCTION private.webhook_on_tournament_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.drawn_at is not null and old.drawn_at is null then
    perform private.queue_webhook_event('tournament.drawn', jsonb_build_object(
      'tournament_id', new.id, 'title', new.title, 'path', private.tournament_page_link(new), 'drawn_at', new.drawn_at,
      'entries', (select count(*) from public.entries e where e.tournament_id = new.id and e.status = 'active')));
  end if;
  if new.finished_at is not null and old.finished_at is null then
    perform private.queue_webhook_event('tournament.finished', jsonb_build_object(
      'tournament_id', new.id, 'title', new.title, 'path', private.tournament_page_link(new), 'finished_at', new.finished_at,
      'standings', private.api_standings(new.id)));
  end if;
  return null;
end;
$function$;

comment on function private.webhook_on_match_confirmed() is 'Trigger on matches: match.confirmed when a result stands (confirmed by both players, by staff, or by a walkover).';
CREATE OR REPLACE FUNCTION private.webhook_on_match_confirmed()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.queue_webhook_event('match.confirmed', jsonb_build_object(
    'tournament_id', new.tournament_id, 'title', (select t.title from public.tournaments t where t.id = new.tournament_id),
    'match_id', new.id, 'path', private.match_link(new.id), 'round', new.round,
    'entries', jsonb_build_array(
      jsonb_build_object('entry_id', new.entry_a, 'in_game_name', private.api_entry_name(new.entry_a)),
      jsonb_build_object('entry_id', new.entry_b, 'in_game_name', private.api_entry_name(new.entry_b))),
    'score', case when new.score_a is null then null else jsonb_build_array(new.score_a, new.score_b) end,
    'winner_entry_id', new.winner_entry_id, 'walkover', new.walkover_entry_id is not null,
    'confirmed_at', new.confirmed_at));
  return null;
end;
$function$;

comment on function private.webhook_on_prize_credited() is 'Trigger on prize awards: prize.paid when a prize is credited to its winner''s balance.';
CREATE OR REPLACE FUNCTION private.webhook_on_prize_credited()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.queue_webhook_event('prize.paid', jsonb_build_object(
    'tournament_id', new.tournament_id, 'title', t.title, 'path', private.tournament_page_link(t),
    'entry_id', new.entry_id, 'in_game_name', private.api_entry_name(new.entry_id),
    'place', new.place_label, 'amount_paise', new.amount_paise))
    from public.tournaments t where t.id = new.tournament_id;
  return null;
end;
$function$;

CREATE TRIGGER tournaments_tell_webhooks AFTER UPDATE OF drawn_at, finished_at ON public.tournaments FOR EACH ROW WHEN (((new.drawn_at IS NOT NULL) AND (old.drawn_at IS NULL)) OR ((new.finished_at IS NOT NULL) AND (old.finished_at IS NULL))) EXECUTE FUNCTION private.webhook_on_tournament_change();

CREATE TRIGGER matches_tell_webhooks AFTER UPDATE OF status ON public.matches FOR EACH ROW WHEN (((new.status = 'confirmed'::text) AND (old.status IS DISTINCT FROM 'confirmed'::text))) EXECUTE FUNCTION private.webhook_on_match_confirmed();

CREATE TRIGGER prize_awards_tell_webhooks AFTER INSERT OR UPDATE OF status ON private.prize_awards FOR EACH ROW WHEN ((new.status = 'credited'::text)) EXECUTE FUNCTION private.webhook_on_prize_credited();

CREATE TRIGGER webhook_deliveries_move_along_state_machine BEFORE UPDATE ON private.webhook_deliveries FOR EACH ROW WHEN (old.status IS DISTINCT FROM new.status) EXECUTE FUNCTION private.keep_to_state_machines('webhook_delivery', 'status');

CREATE TRIGGER webhook_deliveries_start_in_state_machine BEFORE INSERT ON private.webhook_deliveries FOR EACH ROW EXECUTE FUNCTION private.keep_to_state_machines('webhook_delivery', 'status');

-- Deliveries ------------------------------------------------------------------------------------------

comment on function private.webhook_url_refusal(text) is 'Why an endpoint address is refused, or null. Hosted: https to a host name or a public IP address, in printable ASCII, no user name or password. The local stack (its setting webhook_local_receiver) also accepts its own receiver, http://127.0.0.1:<port>/__webhooks/<name>. The worker checks again at every delivery, after resolving the name.';
CREATE OR REPLACE FUNCTION private.webhook_url_refusal(p_url text)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_host text;
begin
  -- Printable ASCII only: an address with other characters is written percent-encoded (and a host name in
  -- punycode), so no invisible or direction mark can make it read as another.
  if p_url is null or char_length(p_url) > 500 or p_url ~ '[^!-~]' then
    return 'Give the endpoint''s address: at most 500 characters, no spaces, other characters percent-encoded.';
  end if;
  if coalesce((private.setting('webhook_local_receiver') #>> '{}')::boolean, false)
     and p_url ~ '^http://127\.0\.0\.1:[0-9]{1,5}/__webhooks/[A-Za-z0-9_-]{1,64}$' then
    return null;
  end if;
  if p_url !~* '^https://[^/?#@]+(/[^#]*)?$' then
    return 'An endpoint must be an https:// address without a user name or password.';
  end if;
  v_host := lower(substring(p_url from '^https://([^/?#:]+|\[[^]]+\])'));
  if v_host is null or v_host in ('localhost', 'localhost.localdomain') or v_host ~ '\.(localhost|local|internal|lan|home|corp)$'
     or v_host !~ '\.' or v_host ~ '^\[' then
    return 'An endpoint must be a public host name or address, not this machine or a private network.';
  end if;
  -- Written as an IPv4 address: refused in loopback, private, link-local, shared and reserved ranges.
  if v_host ~ '^[0-9.]+$' then
    if v_host !~ '^(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}$' then
      return 'An endpoint must be a public host name or address, not this machine or a private network.';
    end if;
    if v_host::inet <<= any (array['0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12',
                                     '192.0.0.0/24', '192.168.0.0/16', '198.18.0.0/15', '224.0.0.0/3']::inet[]) then
      return 'An endpoint must be a public host name or address, not this machine or a private network.';
    end if;
  end if;
  return null;
end;
$function$;

comment on function private.webhook_delivery_id(private.outbox) is 'The delivery an outside call of kind webhook_delivery is about (null when its payload names none).';
CREATE OR REPLACE FUNCTION private.webhook_delivery_id(p_job private.outbox)
 RETURNS bigint
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when p_job.payload ->> 'delivery_id' ~ '^[0-9]{1,18}$' then (p_job.payload ->> 'delivery_id')::bigint end;
$function$;

comment on function private.webhook_delivery_details(private.outbox) is 'What the worker needs to make one delivery: the address (checked again), the secret, the event id and the body; {stale: true} once its endpoint is off or gone.';
CREATE OR REPLACE FUNCTION private.webhook_delivery_details(p_job private.outbox)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce((
    select jsonb_build_object('url', w.url, 'secret', w.secret, 'event_id', d.event_id, 'type', d.type, 'body', d.body)
      from private.webhook_deliveries d join private.webhooks w on w.id = d.webhook_id
     where d.id = private.webhook_delivery_id(p_job) and d.status = 'pending' and w.disabled_at is null
       and private.webhook_url_refusal(w.url) is null), jsonb_build_object('stale', true));
$function$;

comment on function private.webhook_delivery_answered(private.outbox,text,jsonb) is 'Records each attempt on its delivery (the status code, the error) and the endpoint''s health: a 2xx clears its failing_since; a day of failures turns it off, cancels what it still had queued and tells the admins.';
CREATE OR REPLACE FUNCTION private.webhook_delivery_answered(p_job private.outbox, p_status text, p_answer jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_delivery private.webhook_deliveries;
  v_hook private.webhooks;
begin
  update private.webhook_deliveries
     set attempts = attempts + 1,
         last_status_code = case when jsonb_typeof(p_answer -> 'status_code') = 'number' then (p_answer ->> 'status_code')::integer
                                 else last_status_code end,
         last_error = left(p_answer ->> 'error', 300),
         status = case p_status when 'done' then case when p_answer ? 'stale' then 'cancelled' else 'delivered' end
                                when 'gave_up' then 'failed' else status end,
         delivered_at = case when p_status = 'done' and not p_answer ? 'stale' then v_now else delivered_at end
   where id = private.webhook_delivery_id(p_job) and status = 'pending'
  returning * into v_delivery;
  if not found then
    return;
  end if;
  if v_delivery.status = 'delivered' then
    update private.webhooks set failing_since = null where id = v_delivery.webhook_id and failing_since is not null;
    return;
  end if;
  if v_delivery.status = 'cancelled' then
    return;
  end if;
  update private.webhooks set failing_since = coalesce(failing_since, v_now)
   where id = v_delivery.webhook_id
  returning * into v_hook;
  if v_hook.disabled_at is null and v_hook.failing_since <= v_now - interval '1 day' then
    update private.webhooks set disabled_at = v_now where id = v_hook.id;
    update private.webhook_deliveries set status = 'cancelled' where webhook_id = v_hook.id and status = 'pending';
    perform private.audit(null, 'webhook_disabled', 'Turned off the webhook to ' || v_hook.url || ' after a day of failed deliveries',
                          v_delivery.last_error, null, jsonb_build_object('webhook_id', v_hook.id, 'last_status_code', v_delivery.last_status_code), false);
    perform private.notify_money_staff(null, 'A webhook was turned off',
                                       'Deliveries to ' || left(v_hook.url, 200) || ' failed for a day (last answer: '
                                       || coalesce(v_delivery.last_status_code::text, coalesce(v_delivery.last_error, 'none'))
                                       || '). Register it again once it answers.',
                                       'webhook-disabled-' || v_hook.id);
  end if;
end;
$function$;

-- =====================================================================================================
-- Functions: what callers may do
-- =====================================================================================================

comment on function public.staff_create_webhook(text,text[]) is 'Platform admins at aal2: registers an endpoint for some of the events (tournament.drawn, match.confirmed, tournament.finished, prize.paid) and returns its id and signing secret, shown this once. Audited.';
CREATE OR REPLACE FUNCTION public.staff_create_webhook(p_url text, p_events text[])
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_admin uuid := private.require_staff('admin');
  v_refusal text := private.webhook_url_refusal(btrim(p_url));
  v_events text[];
  v_hook private.webhooks;
begin
  if v_refusal is not null then
    raise exception '%', v_refusal using errcode = 'PT400', hint = 'webhook_url_refused';
  end if;
  if p_events is null or cardinality(p_events) = 0 or array_position(p_events, null) is not null
     or not p_events <@ private.webhook_events() then
    raise exception 'Choose one or more of these events: %.', array_to_string(private.webhook_events(), ', ')
      using errcode = 'PT400', hint = 'webhook_events_unknown';
  end if;
  -- Once each, in the order the events are listed.
  select array_agg(e order by n) into v_events from unnest(private.webhook_events()) with ordinality as w(e, n) where e = any (p_events);
  if (select count(*) from private.webhooks where disabled_at is null) >= 20 then
    raise exception 'At most 20 webhooks can be on at once: turn one off first.' using errcode = 'PT409', hint = 'too_many_webhooks';
  end if;
  insert into private.webhooks (url, events, secret, created_by)
  values (btrim(p_url), v_events, 'whsec_' || encode(extensions.gen_random_bytes(24), 'base64'), v_admin)
  returning * into v_hook;
  perform private.audit(null, 'webhook_created', 'Registered a webhook to ' || v_hook.url, null, null,
                        jsonb_build_object('webhook_id', v_hook.id, 'events', v_hook.events), false, v_admin);
  return jsonb_build_object('id', v_hook.id, 'secret', v_hook.secret);
end;
$function$;

comment on function public.staff_list_webhooks() is 'Platform admins at aal2: every endpoint with its events, whether it is on, since when it fails, and its last delivery (never the secret).';
CREATE OR REPLACE FUNCTION public.staff_list_webhooks()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_staff('admin');
  return coalesce((
    select jsonb_agg(jsonb_build_object(
             'id', w.id, 'url', w.url, 'events', to_jsonb(w.events), 'created_at', w.created_at,
             'enabled', w.disabled_at is null, 'disabled_at', w.disabled_at, 'failing_since', w.failing_since,
             'last_delivery', (select jsonb_build_object('type', d.type, 'status', d.status, 'last_status_code', d.last_status_code,
                                                         'created_at', d.created_at)
                                 from private.webhook_deliveries d where d.webhook_id = w.id order by d.id desc limit 1))
           order by w.created_at desc)
      from private.webhooks w), '[]'::jsonb);
end;
$function$;

comment on function public.staff_list_webhook_deliveries(uuid) is 'Platform admins at aal2: the latest 100 deliveries to one endpoint, newest first: event id, type, status, attempts, the last status code and when it was delivered.';
CREATE OR REPLACE FUNCTION public.staff_list_webhook_deliveries(p_webhook_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_staff('admin');
  if not exists (select 1 from private.webhooks where id = p_webhook_id) then
    raise exception 'No such webhook' using errcode = 'PT404', hint = 'webhook_not_found';
  end if;
  return coalesce((
    select jsonb_agg(jsonb_build_object('event_id', d.event_id, 'type', d.type, 'status', d.status, 'attempts', d.attempts,
                                        'last_status_code', d.last_status_code, 'last_error', d.last_error,
                                        'created_at', d.created_at, 'delivered_at', d.delivered_at) order by d.id desc)
      from (select * from private.webhook_deliveries where webhook_id = p_webhook_id order by id desc limit 100) d), '[]'::jsonb);
end;
$function$;

comment on function public.staff_disable_webhook(uuid) is 'Platform admins at aal2: turns an endpoint off; what it still had queued is cancelled. Audited.';
CREATE OR REPLACE FUNCTION public.staff_disable_webhook(p_webhook_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_admin uuid := private.require_staff('admin');
  v_hook private.webhooks;
begin
  update private.webhooks set disabled_at = coalesce(disabled_at, private.clock_now()) where id = p_webhook_id returning * into v_hook;
  if not found then
    raise exception 'No such webhook' using errcode = 'PT404', hint = 'webhook_not_found';
  end if;
  update private.webhook_deliveries set status = 'cancelled' where webhook_id = p_webhook_id and status = 'pending';
  perform private.audit(null, 'webhook_disabled', 'Turned off the webhook to ' || v_hook.url, null, null,
                        jsonb_build_object('webhook_id', v_hook.id), false, v_admin);
  return jsonb_build_object('id', v_hook.id, 'enabled', false);
end;
$function$;

-- =====================================================================================================
-- Grants
-- =====================================================================================================

revoke all on function private.webhook_events() from public;


revoke all on function private.queue_webhook_event(text,jsonb) from public;

revoke all on function private.webhook_on_tournament_change() from public;

revoke all on function private.webhook_on_match_confirmed() from public;

revoke all on function private.webhook_on_prize_credited() from public;

revoke all on function private.webhook_url_refusal(text) from public;

revoke all on function private.webhook_delivery_id(private.outbox) from public;

revoke all on function private.webhook_delivery_details(private.outbox) from public;

revoke all on function private.webhook_delivery_answered(private.outbox,text,jsonb) from public;

revoke all on function public.staff_create_webhook(text,text[]) from anon;
revoke all on function public.staff_create_webhook(text,text[]) from public;

revoke all on function public.staff_list_webhooks() from anon;
revoke all on function public.staff_list_webhooks() from public;

revoke all on function public.staff_list_webhook_deliveries(uuid) from anon;
revoke all on function public.staff_list_webhook_deliveries(uuid) from public;

revoke all on function public.staff_disable_webhook(uuid) from anon;
revoke all on function public.staff_disable_webhook(uuid) from public;
