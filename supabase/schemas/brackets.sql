-- =====================================================================================================
-- brackets: entries (places in a bracket), invitations, check-in, the draw, and the waitlist that fills no-shows' places
-- =====================================================================================================
-- The source of this area of the database. Edit it, then `npm run migration:new <name>` writes the migration
-- from the difference (scripts/migration-new.ts). Statements may name objects declared further down or in
-- another area file: the files are applied as a whole. Rule rows are idempotent upserts.
-- =====================================================================================================

-- =====================================================================================================
-- Tables: what is kept
-- =====================================================================================================

-- Entries ---------------------------------------------------------------------------------------------

comment on table public.entries is 'Places in a bracket, one per paid slot. Written only by SQL functions (registration, invitations, check-in, draw).';
create table public.entries (
  id uuid default gen_random_uuid() not null,
  tournament_id text not null,
  registration_id uuid not null,
  slot_number integer not null,
  buyer_id uuid not null,
  player_id uuid,
  status text default 'active'::text not null,
  checked_in_at timestamp with time zone,
  withdrawn_at timestamp with time zone,
  withdraw_reason text,
  invitation_token uuid,
  invited_email text,
  accepted_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  withdraw_reason_code text,
  constraint entries_pkey PRIMARY KEY (id),
  constraint entries_one_invitation_per_token UNIQUE (invitation_token),
  constraint entries_one_per_player UNIQUE (tournament_id, player_id),
  constraint entries_one_per_slot UNIQUE (registration_id, slot_number),
  constraint entries_buyer_id_fkey FOREIGN KEY (buyer_id) REFERENCES public.profiles(id),
  constraint entries_player_id_fkey FOREIGN KEY (player_id) REFERENCES public.profiles(id),
  constraint entries_registration_id_fkey FOREIGN KEY (registration_id) REFERENCES public.tournament_registrations(id),
  constraint entries_tournament_id_fkey FOREIGN KEY (tournament_id) REFERENCES public.tournaments(id),
  constraint entries_checked_in_has_player CHECK (((checked_in_at IS NULL) OR (player_id IS NOT NULL))),
  constraint entries_slot_number_range CHECK (((slot_number >= 1) AND (slot_number <= 10))),
  constraint entries_status_known CHECK ((status = ANY (ARRAY['active'::text, 'withdrawn'::text, 'cancelled'::text]))),
  -- The one list of withdrawal codes: pages word each one in the reader's language (src/lib/i18n/reasons.ts reads this list).
  constraint entries_withdraw_reason_code_known CHECK ((withdraw_reason_code = ANY (ARRAY['missed_check_in'::text, 'missed_check_in_refunded'::text, 'place_unclaimed'::text, 'place_unclaimed_refunded'::text, 'closed_early'::text, 'closed_early_refunded'::text, 'closed_early_unclaimed'::text, 'closed_early_unclaimed_refunded'::text, 'disqualified'::text, 'parental_consent_withdrawn'::text])))
);
CREATE INDEX entries_of_buyer ON public.entries USING btree (buyer_id);
CREATE INDEX entries_of_player ON public.entries USING btree (player_id) WHERE (player_id IS NOT NULL);
CREATE INDEX entries_of_tournament ON public.entries USING btree (tournament_id, status);
alter table public.entries enable row level security;
comment on column public.entries.invited_email is 'personal: email. The address a buyer invited to play an extra slot.';

-- Invitations -----------------------------------------------------------------------------------------

comment on table private.invitation_emails is 'Each invitation e-mail queued by invite_to_entry: the place, the buyer and when. It is what the hourly limits count.';
create table private.invitation_emails (
  id bigint generated always as identity not null,
  entry_id uuid not null,
  buyer_id uuid not null,
  sent_at timestamp with time zone not null,
  constraint invitation_emails_pkey PRIMARY KEY (id),
  constraint invitation_emails_buyer_id_fkey FOREIGN KEY (buyer_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint invitation_emails_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES public.entries(id) ON DELETE CASCADE
);
CREATE INDEX invitation_emails_of_buyer ON private.invitation_emails USING btree (buyer_id, sent_at);
CREATE INDEX invitation_emails_of_entry ON private.invitation_emails USING btree (entry_id, sent_at);

-- The draw --------------------------------------------------------------------------------------------

comment on table private.draw_secrets is 'The secret of each tournament''s draw, made when the tournament row is created; only its SHA-256 commitment (tournaments.draw_commitment) is public until the draw.';
create table private.draw_secrets (
  tournament_id text not null,
  secret text not null,
  created_at timestamp with time zone default now() not null,
  constraint draw_secrets_pkey PRIMARY KEY (tournament_id)
);

comment on table public.draws is 'The draw of a tournament: the seeds in order, the secret that decided them and its public commitment. Readable by anyone once made.';
create table public.draws (
  tournament_id text not null,
  commitment text not null,
  secret text not null,
  entry_ids uuid[] not null,
  same_buyer jsonb default '[]'::jsonb not null,
  bracket_size integer not null,
  drawn_at timestamp with time zone not null,
  groups jsonb,
  ratings integer[],
  constraint draws_pkey PRIMARY KEY (tournament_id),
  constraint draws_tournament_id_fkey FOREIGN KEY (tournament_id) REFERENCES public.tournaments(id),
  constraint draws_bracket_size_power_of_two CHECK (((bracket_size >= 2) AND ((bracket_size & (bracket_size - 1)) = 0))),
  constraint draws_secret_matches_commitment CHECK ((commitment = encode(sha256(convert_to(secret, 'UTF8'::name)), 'hex'::text)))
);
alter table public.draws enable row level security;
comment on column public.draws.ratings is 'Where the group stage seeds by rating: each entry''s rating at the draw (rounded), in the order of entry_ids, from which the pots were made (private.rating_pots); null otherwise.';
comment on column public.draws.groups is 'A group stage''s draw: one array of entry ids per group, in letter order (A first), each in the order the round-robin schedule numbers them. Null for a knockout.';

-- Stages ----------------------------------------------------------------------------------------------

comment on table public.tournament_stages is 'The stages a draw made, in play order: groups, knockout, swiss or double_elimination, with what the catalog declared for each (settings) and when a stage''s results became final. Readable by anyone.';
create table public.tournament_stages (
  tournament_id text not null,
  stage_no integer not null,
  kind text not null,
  name text not null,
  settings jsonb default '{}'::jsonb not null,
  closed_at timestamp with time zone,
  constraint tournament_stages_pkey PRIMARY KEY (tournament_id, stage_no),
  constraint tournament_stages_tournament_id_fkey FOREIGN KEY (tournament_id) REFERENCES public.tournaments(id),
  constraint tournament_stages_kind_known CHECK ((kind = ANY (ARRAY['groups'::text, 'knockout'::text, 'swiss'::text, 'double_elimination'::text]))),
  constraint tournament_stages_stage_no_positive CHECK ((stage_no >= 1))
);
-- The stages the periodic safety net of the stage fills looks at: group stages not closed yet, and Swiss stages.
CREATE INDEX tournament_stages_open_groups ON public.tournament_stages USING btree (tournament_id, stage_no) WHERE ((kind = 'groups'::text) AND (closed_at IS NULL));
CREATE INDEX tournament_stages_swiss ON public.tournament_stages USING btree (tournament_id, stage_no) WHERE (kind = 'swiss'::text);
alter table public.tournament_stages enable row level security;
comment on column public.tournament_stages.closed_at is 'When the stage''s results became final: for groups, the moment the knockout was filled from them (corrections are refused from then on: stage_closed).';

-- Live brackets: the rows a watcher receives ---------------------------------------------------------

comment on table public.bracket_rows is 'Each match as a bracket page shows it (status, players, scores, winner, time, place in the bracket), in one small jsonb row published to Realtime: a watcher of a tournament receives about 0.7 KB per changed match instead of the whole matches row (2.7 KB with its column list) or the whole bracket. Written only by the matches_publish_bracket_row trigger, once per match and transaction, and only when what the page shows changed; readable by anyone, like the matches themselves.';
create table public.bracket_rows (
  match_id uuid not null,
  tournament_id text not null,
  "row" jsonb not null,
  constraint bracket_rows_pkey PRIMARY KEY (match_id),
  constraint bracket_rows_match_id_fkey FOREIGN KEY (match_id) REFERENCES public.matches(id) ON DELETE CASCADE
);

alter table public.bracket_rows enable row level security;

-- The waitlist: joining, reading a place --------------------------------------------------------------

comment on table public.waitlist_places is 'A player''s place on the waitlist of a full tournament, in joining order (number). Written only by the waitlist functions; a player reads their own.';
create table public.waitlist_places (
  id uuid default gen_random_uuid() not null,
  number bigint generated always as identity not null,
  tournament_id text not null,
  player_id uuid not null,
  payment_id uuid,
  status text default 'waiting'::text not null,
  joined_at timestamp with time zone not null,
  checked_in_at timestamp with time zone,
  entry_id uuid,
  closed_at timestamp with time zone,
  constraint waitlist_places_pkey PRIMARY KEY (id),
  constraint waitlist_places_number_key UNIQUE (number),
  constraint waitlist_places_one_per_payment UNIQUE (payment_id),
  constraint waitlist_places_one_per_player UNIQUE (tournament_id, player_id),
  constraint waitlist_places_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES public.entries(id),
  constraint waitlist_places_payment_id_fkey FOREIGN KEY (payment_id) REFERENCES public.payments(id),
  constraint waitlist_places_player_id_fkey FOREIGN KEY (player_id) REFERENCES public.profiles(id),
  constraint waitlist_places_tournament_id_fkey FOREIGN KEY (tournament_id) REFERENCES public.tournaments(id),
  constraint waitlist_places_closed_when_not_waiting CHECK (((status = 'waiting'::text) = (closed_at IS NULL))),
  constraint waitlist_places_promoted_has_entry CHECK (((status = 'promoted'::text) = (entry_id IS NOT NULL))),
  constraint waitlist_places_status_known CHECK ((status = ANY (ARRAY['waiting'::text, 'promoted'::text, 'refunded'::text, 'released'::text])))
);
CREATE INDEX waitlist_places_in_order ON public.waitlist_places USING btree (tournament_id, status, number);
alter table public.waitlist_places enable row level security;
comment on column public.waitlist_places.payment_id is 'The payment made when joining a paid tournament; null on a free one.';
comment on column public.waitlist_places.status is 'waiting: on the waitlist. promoted: given an empty place at check-in close (entry_id). refunded: not promoted, or its payment refunded: the fee goes back. released: a free place not promoted.';
comment on column public.waitlist_places.checked_in_at is 'Set by check_in: only checked-in waitlisted players are promoted.';

-- =====================================================================================================
-- Rules: the rule rows, and the private functions and triggers that apply them
-- =====================================================================================================

-- Rows of private.due_work_steps ----------------------------------------------------------------------

insert into private.due_work_steps (name, area, function_name, run_order, every_minutes) values
  ('draw_announcements', 'brackets', 'private.run_due_draw_announcements', '600', '1'),
  ('draws', 'brackets', 'private.run_due_draw_work', '400', '1')
on conflict (name) do update set area = excluded.area, function_name = excluded.function_name, run_order = excluded.run_order,
  every_minutes = excluded.every_minutes;

-- Rows of private.status_transitions ------------------------------------------------------------------

insert into private.status_transitions (machine, from_status, to_status, allowed_by) values
  ('entry', null, 'active', null),
  ('entry', 'active', 'withdrawn', '{private.run_draw,public.staff_close_check_in,public.staff_disqualify,private.end_play_without_consent}'),
  ('entry', 'active', 'cancelled', '{private.entries_follow_registration}'),
  ('entry', 'withdrawn', 'cancelled', '{private.entries_follow_registration}'),
  ('entry', 'cancelled', 'withdrawn', '{public.staff_disqualify}')
on conflict (machine, from_status, to_status) do update set allowed_by = excluded.allowed_by;

-- Entries ---------------------------------------------------------------------------------------------

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

-- My Tournaments shows places held through an invitation with their tournament's title and start.
CREATE OR REPLACE FUNCTION private.my_entries_json(p_player uuid, p_tournament public.tournaments, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'tournament_id', p_tournament.id,
    'tournament_title', p_tournament.title,
    'starts_at', p_tournament.starts_at,
    'check_in', jsonb_build_object(
      'opens_at', private.tournament_check_in_opens_at(p_tournament),
      'closes_at', private.tournament_check_in_closes_at(p_tournament),
      'is_open', private.check_in_is_open(p_tournament, p_now)),
    'my_entry', (select private.entry_json(e) || jsonb_build_object('bought_by_me', e.buyer_id = p_player)
                   from public.entries e
                  where e.tournament_id = p_tournament.id and e.player_id = p_player),
    'bought', coalesce((
      select jsonb_agg(private.entry_json(e) || jsonb_build_object(
                         'player_in_game_name', p.in_game_name,
                         'invitation_token', case when e.player_id is null and e.status = 'active' then e.invitation_token end,
                         'invited_email', e.invited_email)
                       order by e.slot_number, e.id)
        from public.entries e
        left join public.profiles p on p.id = e.player_id
       where e.tournament_id = p_tournament.id and e.buyer_id = p_player
         and e.player_id is distinct from p_player), '[]'::jsonb)
  );
$function$;

-- Invitations -----------------------------------------------------------------------------------------

-- Invitations
CREATE OR REPLACE FUNCTION private.is_email_address(p_email text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select p_email ~ '^[^@\s]{1,64}@[^@\s]+\.[^@\s]{2,}$' and char_length(p_email) <= 254;
$function$;

-- A mistyped or cut invitation link is "not valid", not a database error about uuid syntax.
CREATE OR REPLACE FUNCTION private.invitation_token(p_token text)
 RETURNS uuid
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  if p_token is null or btrim(p_token) !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    raise exception 'This invitation link is not valid' using errcode = 'PT404', hint = 'invitation_not_found';
  end if;
  return btrim(p_token)::uuid;
end;
$function$;

comment on function private.invitation_email_limits() is 'How many invitation e-mails one place and one buyer may send in any hour: enough to correct a typo, not enough to mail strangers from the platform''s address.';
CREATE OR REPLACE FUNCTION private.invitation_email_limits()
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select '{"per_place_per_hour": 3, "per_buyer_per_hour": 10}'::jsonb $function$;

comment on function private.quoted_in_game_name(text) is 'An in-game name made safe to quote inside a plain-text e-mail written by the database: control and direction characters removed, double quotes turned into single ones.';
CREATE OR REPLACE FUNCTION private.quoted_in_game_name(p_name text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  -- Plain-text mail: no control characters (no forged lines) and no double quotes (no broken quoting).
  select nullif(replace(regexp_replace(btrim(p_name), '[\u0001-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]', '', 'g'), '"', ''''), '');
$function$;

-- Check-in --------------------------------------------------------------------------------------------

-- The check-in window
CREATE OR REPLACE FUNCTION private.check_in_is_open(p_tournament public.tournaments, p_now timestamp with time zone)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select p_tournament.drawn_at is null
     and private.tournament_status(p_tournament, p_now) = 'check-in'
     and private.tournament_check_in_opens_at(p_tournament) <= p_now
     and p_now < private.tournament_check_in_closes_at(p_tournament);
$function$;

-- Raises the reason check-in is not possible now, if any.
CREATE OR REPLACE FUNCTION private.raise_unless_check_in_open(p_tournament public.tournaments, p_now timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  if private.tournament_status(p_tournament, p_now) = 'cancelled' then
    raise exception 'This tournament was cancelled' using errcode = 'PT409', hint = 'tournament_cancelled';
  end if;
  if p_tournament.drawn_at is not null or p_now >= private.tournament_check_in_closes_at(p_tournament) then
    raise exception 'Check-in for this tournament has closed' using errcode = 'PT409', hint = 'check_in_closed';
  end if;
  if not private.check_in_is_open(p_tournament, p_now) then
    raise exception 'Check-in opens at %', to_char(private.tournament_check_in_opens_at(p_tournament) at time zone 'Asia/Kolkata', 'DD Mon YYYY HH24:MI "IST"')
      using errcode = 'PT409', hint = 'check_in_not_open';
  end if;
end;
$function$;

comment on function private.withdraw_reason_text(text) is 'The English sentence kept in withdraw_reason beside a withdrawal code (entries_withdraw_reason_code_known); a disqualification keeps the referee''s note after "Disqualified: "; pages word the code in the reader''s language.';
CREATE OR REPLACE FUNCTION private.withdraw_reason_text(p_code text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case p_code
    when 'missed_check_in' then 'Not checked in before check-in closed.'
    when 'missed_check_in_refunded' then 'Not checked in before check-in closed. Your entry fee is refunded in full.'
    when 'place_unclaimed' then 'Nobody accepted this place before check-in closed.'
    when 'place_unclaimed_refunded' then 'Nobody accepted this place before check-in closed. Its fee is refunded in full.'
    when 'closed_early' then 'Check-in was closed early by the organisers before you checked in.'
    when 'closed_early_refunded' then 'Check-in was closed early by the organisers before you checked in. Your entry fee is refunded in full.'
    when 'closed_early_unclaimed' then 'Check-in was closed early before anybody accepted this place.'
    when 'closed_early_unclaimed_refunded' then 'Check-in was closed early before anybody accepted this place. Its fee is refunded in full.'
    when 'disqualified' then 'Disqualified.'
    when 'parental_consent_withdrawn' then 'Parental consent was withdrawn.'
  end;
$function$;

comment on function private.early_close_withdraw_reason_code(boolean,boolean) is 'The withdrawal code of an entry withdrawn by an early close of check-in: whether a player had accepted the place, whether its fee is refunded.';
CREATE OR REPLACE FUNCTION private.early_close_withdraw_reason_code(p_has_player boolean, p_paid boolean)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when p_has_player then 'closed_early' else 'closed_early_unclaimed' end || case when p_paid then '_refunded' else '' end;
$function$;

comment on function private.refund_entries_withdrawn_early(text,uuid[]) is 'Queues, per payment, the refund of the entry fees of the entries an early close of check-in withdrew (the share of each entry in its payment); answers how many refunds it queued.';
CREATE OR REPLACE FUNCTION private.refund_entries_withdrawn_early(p_tournament_id text, p_entry_ids uuid[])
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_payment record;
  v_queued integer := 0;
begin
  for v_payment in
    select p.*, count(e.id)::integer as withdrawn
      from public.entries e
      join public.tournament_registrations r on r.id = e.registration_id
      join public.payments p on p.id = r.payment_id
     where e.id = any(p_entry_ids) and e.tournament_id = p_tournament_id
       and p.status = 'paid' and p.razorpay_payment_id is not null and p.refunded_paise < p.amount_paise
     group by p.id
  loop
    perform private.enqueue_outside_call(
      'razorpay_refund',
      'refund-' || v_payment.razorpay_payment_id || '-early-close',
      jsonb_build_object(
        'razorpay_payment_id', v_payment.razorpay_payment_id,
        'amount_paise', least(v_payment.amount_paise / v_payment.slots * v_payment.withdrawn,
                              v_payment.amount_paise - v_payment.refunded_paise),
        'reason', 'check_in_closed_early',
        'razorpay_order_id', v_payment.razorpay_order_id,
        'tournament_id', v_payment.tournament_id));
    v_queued := v_queued + 1;
  end loop;
  return v_queued;
end;
$function$;

comment on function private.missed_check_in_reason_code(boolean,boolean) is 'The withdrawal code of an entry withdrawn at check-in close: whether a player had accepted the place, whether its fee is refunded (a quick pod).';
CREATE OR REPLACE FUNCTION private.missed_check_in_reason_code(p_has_player boolean, p_refunded boolean)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when p_has_player then 'missed_check_in' else 'place_unclaimed' end || case when p_refunded then '_refunded' else '' end;
$function$;

comment on function private.refund_missed_pod_check_ins(text,uuid[]) is 'A quick pod''s places withdrawn for a missed check-in, refunded in full through the outbox: a payment whose every place missed moves to refund_pending (reason missed_pod_check_in) and its registration is cancelled; a payment of several places gets back the share of those that missed. Answers how many refunds it queued.';
CREATE OR REPLACE FUNCTION private.refund_missed_pod_check_ins(p_tournament_id text, p_entry_ids uuid[])
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_payment record;
  v_paid public.payments%rowtype;
  v_tournament public.tournaments%rowtype;
  v_amount bigint;
  v_queued integer := 0;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id;
  for v_payment in
    select p.id, p.user_id, p.slots, p.amount_paise, p.razorpay_payment_id, p.razorpay_order_id, p.tournament_id,
           count(e.id)::integer as missed, private.refundable_paise(p) as refundable
      from public.entries e
      join public.tournament_registrations r on r.id = e.registration_id
      join public.payments p on p.id = r.payment_id
     where e.id = any(p_entry_ids) and e.tournament_id = p_tournament_id
       and p.status = 'paid' and p.razorpay_payment_id is not null
     group by p.id
  loop
    continue when v_payment.refundable <= 0;
    if v_payment.missed >= v_payment.slots then
      -- Every place of the payment missed check-in: the whole payment goes back, with the reason players read.
      update public.payments p
         set status = 'refund_pending', failure_reason = private.refusal_reason('missed_pod_check_in'), failure_reason_code = 'missed_pod_check_in', updated_at = v_now
       where p.id = v_payment.id and p.status = 'paid'
      returning * into v_paid;
      continue when not found;
      update public.tournament_registrations set status = 'cancelled'
       where payment_id = v_paid.id and status <> 'cancelled';
      v_amount := private.refundable_paise(v_paid);
      perform private.queue_refund(v_paid.razorpay_payment_id, v_amount::integer, 'missed_pod_check_in', v_paid);
    else
      v_amount := least(v_payment.amount_paise / v_payment.slots * v_payment.missed, v_payment.refundable);
      -- Some places of a payment of several: their share comes back; the places checked in stand.
      perform private.enqueue_outside_call(
        'razorpay_refund',
        'refund-' || v_payment.razorpay_payment_id || '-missed-check-in',
        jsonb_build_object(
          'razorpay_payment_id', v_payment.razorpay_payment_id,
          'amount_paise', v_amount,
          'reason', 'missed_pod_check_in',
          'razorpay_order_id', v_payment.razorpay_order_id,
          'tournament_id', v_payment.tournament_id));
    end if;
    -- The buyer hears of it in the bell (and by e-mail): the money is theirs.
    perform private.notify_message(v_payment.user_id, 'pod_check_in_missed',
                                   case when v_payment.missed >= v_payment.slots and v_payment.slots = 1 then 'pod_check_in_missed_place'
                                        when v_payment.missed = 1 then 'pod_check_in_missed_one_place'
                                        else 'pod_check_in_missed_places' end,
                                   jsonb_build_object('tournament', v_tournament.title, 'amount', v_amount,
                                                      'places', v_payment.missed),
                                   private.tournament_page_link(v_tournament), 'pod-check-in-missed-' || v_payment.id);
    v_queued := v_queued + 1;
  end loop;
  return v_queued;
end;
$function$;

comment on function private.pod_prize_pool(bigint,integer,integer) is 'The pool a quick pod pays when it runs with p_players of its p_places: the pool times players over places, rounded down to the paisa. The pay panel states it (POD_PRIZE_POOL_PAISE in rules.ts).';
CREATE OR REPLACE FUNCTION private.pod_prize_pool(p_pool_paise bigint, p_places integer, p_players integer)
 RETURNS bigint
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when p_places is null or p_places <= 0 then p_pool_paise
              else p_pool_paise * greatest(least(p_players, p_places), 0) / p_places end;
$function$;

comment on function private.pod_prize_formula(jsonb,bigint,bigint) is 'A prize formula''s bands for a smaller pool: each band in proportion, rounded down, the paise left to the best band, so the bands total the new pool exactly.';
CREATE OR REPLACE FUNCTION private.pod_prize_formula(p_formula jsonb, p_pool_paise bigint, p_new_pool_paise bigint)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  with bands as (
    select b.from_place, b.to_place,
           case when coalesce(p_pool_paise, 0) > 0 then b.total_paise * p_new_pool_paise / p_pool_paise else 0 end as scaled,
           row_number() over (order by b.from_place) as rank
      from private.formula_bands(
             coalesce(nullif(p_formula, '[]'::jsonb),
                      jsonb_build_array(jsonb_build_object('from_place', 1, 'to_place', 1, 'amount_paise', p_pool_paise))),
             p_pool_paise) as b
  ), left_over as (
    select p_new_pool_paise - coalesce(sum(scaled), 0) as paise from bands
  )
  select coalesce(jsonb_agg(jsonb_build_object('from_place', b.from_place, 'to_place', b.to_place,
                                               'amount_paise', b.scaled + case when b.rank = 1 then l.paise else 0 end)
                            order by b.from_place), '[]'::jsonb)
    from bands b cross join left_over l;
$function$;

comment on function private.shrink_pod_prizes(text,integer) is 'At the draw of a quick pod that runs with fewer players than places: its pool, formula and winner''s prize become the share for the players drawn (private.pod_prize_pool), with a public change saying so. Answers the pool.';
CREATE OR REPLACE FUNCTION private.shrink_pod_prizes(p_tournament_id text, p_players integer)
 RETURNS bigint
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_tournament public.tournaments%rowtype;
  v_pool bigint;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if v_tournament.pod_number is null or p_players >= v_tournament.max_players or v_tournament.prize_pool_paise = 0 then
    return v_tournament.prize_pool_paise;
  end if;
  v_pool := private.pod_prize_pool(v_tournament.prize_pool_paise, v_tournament.max_players, p_players);
  update public.tournaments
     set prize_formula = private.pod_prize_formula(prize_formula, prize_pool_paise, v_pool),
         winner_prize_paise = case when winner_prize_paise is not null
                                   then private.pod_prize_pool(winner_prize_paise, max_players, p_players) end,
         prize_pool_paise = v_pool
   where id = p_tournament_id;
  perform private.audit(p_tournament_id, 'prize_pool_set_for_players',
                        'The pod runs with ' || p_players || ' of ' || v_tournament.max_players || ' players: prize pool ₹'
                          || to_char(v_pool / 100.0, 'FM99999999990.00'),
                        'A place was refunded for a missed check-in and nobody on the waitlist took it',
                        jsonb_build_object('prize_pool_paise', v_tournament.prize_pool_paise),
                        jsonb_build_object('prize_pool_paise', v_pool), true);
  return v_pool;
end;
$function$;

-- The one writer of a match's status ------------------------------------------------------------------

comment on function private.set_match_status(uuid[],text,jsonb) is 'The only function that changes a match''s status (as a bracket library has one updater; it sits with the draw, the lowest area that writes a match, so the matches area calls down to it): moves the matches p_match_ids to p_to in one statement, with the other columns p_also names (a column name and its new value each) changed in the same statement. The move is checked against the match machine in private.status_transitions for the function that called this one (the trigger matches_move_along_state_machine names this function as the writer); any other function writing the status is refused. A match is created in its starting status by the draw (an insert), never through here.';
CREATE OR REPLACE FUNCTION private.set_match_status(p_match_ids uuid[], p_to text, p_also jsonb DEFAULT '{}'::jsonb)
 RETURNS SETOF public.matches
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
-- One statement for all the matches, as the callers wrote it before: the players' notifications are made per
-- statement (matches_notify_players_on_update). Only the columns p_also names are set, so a trigger on a
-- column's update fires exactly as it did; a name that is no column of public.matches fails.
begin
  return query execute format(
    'update public.matches m set status = $2%s from jsonb_populate_record(null::public.matches, $3) r
      where m.id = any ($1) returning m.*',
    (select coalesce(string_agg(format(', %I = r.%I', k, k), '' order by k), '') from jsonb_object_keys(p_also) as k))
    using p_match_ids, p_to, p_also;
end;
$function$;

-- The draw --------------------------------------------------------------------------------------------

-- The draw hashes every entry id (and a few block keys) several times. As a SQL function with its own
-- search_path, private.sha256_hex could not be inlined: each call paid for a function call and a
-- settings save and restore, most of the draw's time for 300 entries. Without the setting (every name
-- below is schema-qualified, so there is nothing for a search_path to change) the planner inlines it
-- into the queries that call it. The result is the same lowercase hex digest.
CREATE OR REPLACE FUNCTION private.sha256_hex(p_text text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$
  select pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(p_text, 'UTF8')), 'hex');
$function$;

-- 244 random bits from two version-4 UUIDs (core PostgreSQL, no extension needed).
CREATE OR REPLACE FUNCTION private.new_draw_secret()
 RETURNS text
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
$function$;

comment on function private.commit_draw_secret() is 'Before a tournament row is inserted: makes its draw secret if it has none (never a second one, so an upsert of an existing tournament keeps it) and sets the public commitment to its SHA-256.';
CREATE OR REPLACE FUNCTION private.commit_draw_secret()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_secret text;
begin
  insert into private.draw_secrets (tournament_id, secret) values (new.id, private.new_draw_secret())
  on conflict (tournament_id) do nothing;
  select secret into v_secret from private.draw_secrets where tournament_id = new.id;
  new.draw_commitment := private.sha256_hex(v_secret);
  return new;
end;
$function$;

-- Bracket arithmetic
-- Integer arithmetic only: floating-point logarithms round the wrong way at exact powers.
CREATE OR REPLACE FUNCTION private.next_power_of_two(p_n integer)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select min(1 << k) from generate_series(1, 20) as k where (1 << k) >= p_n;
$function$;

-- Rounds of a bracket of p_size (a power of two): 2 -> 1, 8 -> 3, 512 -> 9.
CREATE OR REPLACE FUNCTION private.bracket_rounds(p_size integer)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select count(*)::integer from generate_series(1, 20) as k where (1 << k) <= p_size;
$function$;

-- Standard seeding: order(1) = [1]; order(2m) = s, 2m + 1 - s for each s of order(m). Position i of
-- round 1 holds seed order[i].
CREATE OR REPLACE FUNCTION private.standard_seed_order(p_size integer)
 RETURNS integer[]
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v_order integer[] := array[1];
  v_next integer[];
  v_half integer := 1;
  v_seed integer;
begin
  while v_half < p_size loop
    v_next := '{}';
    foreach v_seed in array v_order loop
      v_next := v_next || v_seed || (2 * v_half + 1 - v_seed);
    end loop;
    v_order := v_next;
    v_half := v_half * 2;
  end loop;
  return v_order;
end;
$function$;

-- Seeds for the draw: entry ids in seed order (element s is seed s). p_buyers[i] bought p_entries[i].
CREATE OR REPLACE FUNCTION private.draw_seeds(p_secret text, p_entries uuid[], p_buyers uuid[])
 RETURNS uuid[]
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v_n integer := coalesce(array_length(p_entries, 1), 0);
  -- Seeds already given to entries bought together, and those entries, side by side.
  v_group_seeds integer[] := '{}';
  v_group_entries uuid[] := '{}';
  v_group record;
  v_block integer;
  v_size integer;
  v_free integer[];
begin
  -- Groups of entries bought together, in the order of their smallest key.
  for v_group in
    with keyed as (
      select e.entry_id, b.buyer_id, private.sha256_hex(p_secret || ':' || e.entry_id::text) as key
        from unnest(p_entries) with ordinality as e (entry_id, i)
        join unnest(p_buyers) with ordinality as b (buyer_id, i) using (i)
    )
    select array_agg(entry_id order by key) as ids
      from keyed group by buyer_id having count(*) >= 2
     order by min(key)
  loop
    v_size := private.next_power_of_two(array_length(v_group.ids, 1));
    v_free := null;
    for v_block in
      select j from generate_series(0, (v_n + v_size - 1) / v_size - 1) as j
       order by private.sha256_hex(p_secret || ':block:' || v_group.ids[1]::text || ':' || j), j
    loop
      select array_agg(s order by s) into v_free
        from generate_series(v_block * v_size + 1, least(v_block * v_size + v_size, v_n)) as s
       where s <> all (v_group_seeds);
      exit when coalesce(array_length(v_free, 1), 0) >= array_length(v_group.ids, 1);
      v_free := null;
    end loop;
    if v_free is null then
      -- No block has room (a crowded small bracket): the lowest free seeds.
      select array_agg(s order by s) into v_free from generate_series(1, v_n) as s where s <> all (v_group_seeds);
    end if;
    v_group_seeds := v_group_seeds || v_free[1:array_length(v_group.ids, 1)];
    v_group_entries := v_group_entries || v_group.ids;
  end loop;

  -- Everyone else, in key order, on the lowest free seeds; then all of them in seed order.
  return (
    with singles as (
      select e.entry_id, row_number() over (order by private.sha256_hex(p_secret || ':' || e.entry_id::text)) as rank
        from unnest(p_entries) as e (entry_id)
       where e.entry_id <> all (v_group_entries)
    ),
    free as (
      select s as seed, row_number() over (order by s) as rank
        from generate_series(1, v_n) as s
       where s <> all (v_group_seeds)
    ),
    placed as (
      select free.seed, singles.entry_id from singles join free using (rank)
      union all
      select g.seed, g.entry_id from unnest(v_group_seeds, v_group_entries) as g (seed, entry_id)
    )
    select coalesce(array_agg(entry_id order by seed), '{}') from placed
  );
end;
$function$;

-- Stages ----------------------------------------------------------------------------------------------

comment on function private.new_match_id_base() is 'What the match ids of one draw share: the draw''s millisecond time (48 bits) and 64 random bits with the UUID variant. private.match_id puts a counter between them.';
CREATE OR REPLACE FUNCTION private.new_match_id_base()
 RETURNS text
 LANGUAGE sql
 VOLATILE
 SET search_path TO ''
AS $function$
  select lpad(to_hex(floor(extract(epoch from clock_timestamp()) * 1000)::bigint), 12, '0')
         || substr(replace(gen_random_uuid()::text, '-', ''), 17, 16);
$function$;

comment on function private.match_id(text,integer) is 'The n-th match id of a draw: a version 7 UUID (RFC 9562) whose 12 bits after the version are a counter (its method 1), so one draw''s ids differ only there and a bracket that names each match twice (its rounds and its stages) stays small on the wire.';
-- Asked for every match a draw writes (twice for a linked one): like private.sha256_hex it has no search_path of its
-- own (every name is pg_catalog's), so the planner inlines it instead of saving and restoring the setting per call.
CREATE OR REPLACE FUNCTION private.match_id(p_base text, p_n integer)
 RETURNS uuid
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select (pg_catalog.left(p_base, 12) || '7' || pg_catalog.lpad(pg_catalog.to_hex(p_n), 3, '0')
          || pg_catalog.right(p_base, 16))::uuid;
$function$;

comment on function private.group_letter(integer) is 'The name of the n-th group (1-based): A ... Z, then AA, AB, ... as spreadsheets count columns.';
-- Inlined, as private.match_id (no search_path of its own; only pg_catalog's names).
CREATE OR REPLACE FUNCTION private.group_letter(p_n integer)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select case when p_n <= 26 then pg_catalog.chr(64 + p_n)
              else pg_catalog.chr(64 + (p_n - 1) / 26) || pg_catalog.chr(65 + (p_n - 1) % 26) end;
$function$;

comment on function private.knockout_slot_seeds(integer,integer,integer,integer,integer) is 'Which qualifier seed (private.stage_qualifiers: A1, B1, ..., A2, B2, ..., then the best of the next place) takes each slot of the first round of the knockout after a group stage, slot 2p - 1 and 2p being match p''s; null a bye. With the top 2 of a power-of-two number of groups and no best of the next place, each winner meets the runner-up of the group drawn opposite in the other half (so two players of one group meet no earlier than the final); otherwise the standard seeding, byes to the best placed. private.fill_knockout fills by it and get_bracket publishes it (feeds), so the projected path is the real one.';
CREATE OR REPLACE FUNCTION private.knockout_slot_seeds(p_groups integer, p_per_group integer, p_best_of_next integer, p_size integer, p_qualifiers integer)
 RETURNS integer[]
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v_order integer[] := private.standard_seed_order(p_size);
  v_slots integer[] := array_fill(null::integer, array[p_size]);
begin
  if p_per_group = 2 and coalesce(p_best_of_next, 0) = 0 and p_size = 2 * p_groups and p_qualifiers = p_size then
    -- Seed i (i <= groups) is the winner of the i-th group, seed groups + i its runner-up. Each match holds one winner
    -- (its top slot); the runner-up beside it is from the group whose winner sits at the same place in the other half.
    for v_m in 0 .. p_groups - 1 loop
      v_slots[2 * v_m + 1] := v_order[2 * v_m + 1];
      v_slots[2 * v_m + 2] := p_groups + v_order[2 * (v_m # (p_groups / 2)) + 1];
    end loop;
  else
    for v_i in 1 .. p_size loop
      v_slots[v_i] := case when v_order[v_i] <= p_qualifiers then v_order[v_i] end;
    end loop;
  end if;
  return v_slots;
end;
$function$;

comment on function private.qualifier_slot(integer,integer,integer) is 'What a knockout slot fed by a group stage holds, from its qualifier seed (private.knockout_slot_seeds): { group, place } for a direct place (A1 is { "group": "A", "place": 1 }), { place, best } for the best-th best of the next place across groups ({ "place": 2, "best": 3 }: the third-best runner-up), null for a bye.';
CREATE OR REPLACE FUNCTION private.qualifier_slot(p_seed integer, p_groups integer, p_per_group integer)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when p_seed is null then null
              when p_seed <= p_groups * p_per_group
                then jsonb_build_object('group', private.group_letter((p_seed - 1) % p_groups + 1), 'place', (p_seed - 1) / p_groups + 1)
              else jsonb_build_object('place', p_per_group + 1, 'best', p_seed - p_groups * p_per_group) end;
$function$;

comment on function private.rating_pots(uuid[],uuid[],integer[],integer) is 'The order a group draw by rating fills the groups in (private.draw_groups takes it as its seeds): pot k is the k-th quarter by rating, p_group_count players each (the last pot the rest, one for each group of 4), highest rating first and a tie by seed; inside a pot the players keep their seed order, the committed draw''s randomness. p_seeds the entries in seed order, p_ratings the rating of each entry of p_entries, in its order. So group g takes the g-th player of each pot in seed order, unless the same-buyer rule moves one on.';
CREATE OR REPLACE FUNCTION private.rating_pots(p_seeds uuid[], p_entries uuid[], p_ratings integer[], p_group_count integer)
 RETURNS uuid[]
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  with ranked as (
    select s.id, s.n as seed,
           row_number() over (order by p_ratings[array_position(p_entries, s.id)] desc nulls last, s.n) as by_rating
      from unnest(p_seeds) with ordinality as s (id, n)
  )
  select array_agg(id order by least((by_rating - 1) / p_group_count, 3), seed) from ranked;
$function$;

comment on function private.draw_groups(uuid[],uuid[],uuid[],integer) is 'The groups of a draw: p_group_count groups of 4 and 3 (the first ones hold 4), filled in seed order, seed s going to the first group from (s - 1) mod groups on that has room and holds the fewest entries of the same buyer, so two entries of one buyer share a group only when the buyer holds more entries than there are groups. Answers one array of entry ids per group, in the order the schedule numbers them.';
CREATE OR REPLACE FUNCTION private.draw_groups(p_seeds uuid[], p_entries uuid[], p_buyers uuid[], p_group_count integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v_n integer := cardinality(p_seeds);
  v_fours integer := v_n - 3 * p_group_count;
  v_members uuid[][];
  v_sizes integer[] := array_fill(0, array[p_group_count]);
  v_groups jsonb := '[]'::jsonb;
  v_buyer_of jsonb;
  v_buyer text;
  v_best integer;
  v_best_same integer;
  v_same integer;
  v_g integer;
  -- How many entries of each buyer each group holds so far ("<group>:<buyer>" -> count), kept as the groups fill:
  -- plain expressions, where a query per group and seed (75 groups x 300 seeds) was most of a championship's draw.
  v_held jsonb := '{}'::jsonb;
begin
  select jsonb_object_agg(e::text, b::text) into v_buyer_of from unnest(p_entries, p_buyers) as x (e, b);
  v_groups := (select jsonb_agg('[]'::jsonb) from generate_series(1, p_group_count));
  for v_s in 1 .. v_n loop
    v_buyer := v_buyer_of ->> p_seeds[v_s]::text;
    v_best := null;
    for v_k in 0 .. p_group_count - 1 loop
      v_g := (v_s - 1 + v_k) % p_group_count + 1;
      continue when v_sizes[v_g] >= case when v_g <= v_fours then 4 else 3 end;
      v_same := coalesce((v_held ->> (v_g || ':' || coalesce(v_buyer, '')))::integer, 0);
      if v_best is null or v_same < v_best_same then
        v_best := v_g;
        v_best_same := v_same;
      end if;
      -- No group can hold fewer than none: the first group with room and none of the buyer's is the one.
      exit when v_best_same = 0;
    end loop;
    v_groups := jsonb_set(v_groups, array[(v_best - 1)::text], (v_groups -> (v_best - 1)) || to_jsonb(p_seeds[v_s]::text));
    v_sizes[v_best] := v_sizes[v_best] + 1;
    if v_buyer is not null then
      v_held := v_held || jsonb_build_object(v_best || ':' || v_buyer, v_best_same + 1);
    end if;
  end loop;
  return v_groups;
end;
$function$;

comment on function private.schedule_groups(text,jsonb,timestamp with time zone,interval,text) is 'A round-robin in every group of a draw (the circle method, as brackets-manager schedules it: each player meets every other once and plays at most once a round; in a group of 3 one player rests each round). Group matches take play-order rounds 1 to 3 from the start, one round interval apart. Answers how many rounds the groups take. JIT is off: the planner guesses 1,000 rows for each generated series, and compiling for that guess took 0.8 s of a 450-match draw.';
CREATE OR REPLACE FUNCTION private.schedule_groups(p_tournament_id text, p_groups jsonb, p_starts_at timestamp with time zone, p_interval interval, p_id_base text)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
 SET jit TO 'off'
AS $function$
declare
  v_rounds integer;
begin
  -- With n players (n1 = n rounded up to even): round r (0-based) pairs slot (r - j - 1 + n1) mod (n1 - 1) with
  -- slot (r + j) mod (n1 - 1), and j = 0 pairs with slot n1 - 1 (the resting slot when n is odd).
  with groups as (
    select g.i as group_index, g.members, jsonb_array_length(g.members) as n,
           jsonb_array_length(g.members) + jsonb_array_length(g.members) % 2 as n1
      from jsonb_array_elements(p_groups) with ordinality as g (members, i)
  ), pairs as (
    select gr.group_index, r + 1 as round, j,
           (r - j - 1 + gr.n1) % (gr.n1 - 1) as slot_a,
           case when j = 0 then gr.n1 - 1 else (r + j) % (gr.n1 - 1) end as slot_b,
           gr.members, gr.n
      from groups gr
     cross join lateral generate_series(0, gr.n1 - 2) as r
     cross join lateral generate_series(0, gr.n1 / 2 - 1) as j
     where not (j = 0 and gr.n % 2 = 1)
  )
  insert into public.matches (id, tournament_id, round, position, stage_no, group_name, entry_a, entry_b, status, scheduled_at)
  select private.match_id(p_id_base, (row_number() over (order by round, group_index, j))::integer),
         p_tournament_id, round, row_number() over (partition by round order by group_index, j), 1,
         private.group_letter(group_index::integer), (members ->> slot_a)::uuid, (members ->> slot_b)::uuid, 'scheduled',
         p_starts_at + (round - 1) * p_interval
    from pairs
   order by round, group_index, j;
  select max(round) into v_rounds from public.matches where tournament_id = p_tournament_id and stage_no = 1;
  return v_rounds;
end;
$function$;

comment on function private.create_knockout(text,integer,integer,integer,integer,boolean,timestamp with time zone,interval,text,integer,uuid[]) is 'The matches of a knockout stage of p_size places from its p_from_round-th round on (its first round starting at play-order round p_first_round), a third-place match beside the final where asked, and every link of the stage: each winner to the next round (odd positions to the top slot), each semi-final loser to the third-place match. The matches are empty (pending), but for the players already known of the first round made here (p_known_players: the winner of the round before''s i-th match, a bye''s player, or null; null for none): each is written with its match, which is created scheduled when both its players are known.';
CREATE OR REPLACE FUNCTION private.create_knockout(p_tournament_id text, p_stage_no integer, p_first_round integer, p_from_round integer, p_size integer, p_third_place boolean, p_starts_at timestamp with time zone, p_interval interval, p_id_base text, p_first_n integer, p_known_players uuid[] DEFAULT NULL::uuid[])
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_rounds integer := private.bracket_rounds(p_size);
  v_final_round integer := p_first_round + v_rounds - 1;
  -- The third-place match takes the number after the stage's other matches.
  v_third uuid := case when p_third_place and v_rounds >= 2
                       then private.match_id(p_id_base, p_first_n + (p_size >> (p_from_round - 1)) - 1) end;
begin
  -- The links are made once, here, from the shape of the tree (each id is known from its round and place, so
  -- they are written with the rows); everything after follows them. So are the first round's known players, and
  -- the status they give a match: each row is written once, in its state after the draw (a row written again
  -- costs its indexes, its foreign keys and its triggers a second time).
  if v_third is not null then
    insert into public.matches (id, tournament_id, round, position, stage_no, bracket, status, scheduled_at)
    values (v_third, p_tournament_id, v_final_round, 2, p_stage_no, 'third_place', 'pending', p_starts_at + (v_final_round - 1) * p_interval);
  end if;
  insert into public.matches (id, tournament_id, round, position, stage_no, entry_a, entry_b, status, scheduled_at,
                              next_match_id, next_slot, loser_match_id, loser_slot)
  select private.match_id(p_id_base, private.knockout_match_n(p_first_n, p_size, p_from_round, k, p)),
         p_tournament_id, p_first_round + k - 1, p, p_stage_no,
         case when k = p_from_round then p_known_players[2 * p - 1] end,
         case when k = p_from_round then p_known_players[2 * p] end,
         case when k = p_from_round and p_known_players[2 * p - 1] is not null and p_known_players[2 * p] is not null
              then 'scheduled' else 'pending' end,
         p_starts_at + (p_first_round + k - 2) * p_interval,
         case when k < v_rounds then private.match_id(p_id_base, private.knockout_match_n(p_first_n, p_size, p_from_round, k + 1, (p + 1) / 2)) end,
         case when k < v_rounds then case when p % 2 = 1 then 'a' else 'b' end end,
         case when k = v_rounds - 1 then v_third end,
         case when k = v_rounds - 1 and v_third is not null then case when p % 2 = 1 then 'a' else 'b' end end
    from generate_series(p_from_round, v_rounds) as k
   cross join lateral generate_series(1, p_size >> k) as p
   order by k, p;
end;
$function$;

comment on function private.knockout_match_n(integer,integer,integer,integer,integer) is 'The counter (private.match_id) of the p-th match of round k of a knockout of p_size whose rounds from p_from_round on are numbered from p_first_n, round by round.';
CREATE OR REPLACE FUNCTION private.knockout_match_n(p_first_n integer, p_size integer, p_from_round integer, p_round integer, p_position integer)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
AS $function$
  -- Inlined, as private.match_id (no search_path of its own; arithmetic only).
  -- The rounds before k hold size/2^from + ... + size/2^(k-1) = (size >> (from - 1)) - (size >> (k - 1)) matches.
  select p_first_n + (p_size >> (p_from_round - 1)) - (p_size >> (p_round - 1)) + p_position - 1;
$function$;

comment on function private.match_id_base_of(uuid) is 'What a draw''s match ids share (private.new_match_id_base), read back from one of them: a match added after the draw (a Swiss round, a grand-final reset) takes the next counter with the same base.';
CREATE OR REPLACE FUNCTION private.match_id_base_of(p_match_id uuid)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select left(replace(p_match_id::text, '-', ''), 12) || right(replace(p_match_id::text, '-', ''), 16);
$function$;

comment on function private.next_match_id(text) is 'The id of the next match added to a drawn tournament: the draw''s base with the counter after its matches so far.';
CREATE OR REPLACE FUNCTION private.next_match_id(p_tournament_id text)
 RETURNS uuid
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select private.match_id(private.match_id_base_of(min(m.id::text)::uuid), count(*)::integer + 1)
    from public.matches m where m.tournament_id = p_tournament_id;
$function$;

comment on function private.create_double_elimination(text,integer,uuid[],timestamp with time zone,interval,text) is 'Every match of a double-elimination stage for the seeds (private.double_elimination_structure), numbered in play order, with its winner and loser links: the winners'' bracket''s first round from the standard seeding (a bye goes straight on), the losers'' bracket empty until players drop into it (a match no player can ever reach is void from the start), and the grand final. The grand final''s reset is added only when the losers'' bracket winner wins the first (private.add_grand_final_reset).';
CREATE OR REPLACE FUNCTION private.create_double_elimination(p_tournament_id text, p_stage_no integer, p_seeds uuid[], p_starts_at timestamp with time zone, p_interval interval, p_id_base text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  -- Each match is written once, in its state after the draw, as a knockout's are (private.create_knockout).
  with s as (
    select d.*,
           row_number() over (order by d.play_round, case d.bracket when 'winners' then 1 when 'losers' then 2 else 3 end, d.position)::integer as n,
           row_number() over (partition by d.play_round
                              order by case d.bracket when 'winners' then 1 when 'losers' then 2 else 3 end, d.position)::integer as board
      from private.double_elimination_structure(cardinality(p_seeds)) d
     where not d.reset
  ),
  -- A bye's player is already in the winners' match its link leads to, which starts when both are known.
  bye as (
    select s.winner_to ->> 'bracket' as bracket, (s.winner_to ->> 'round')::integer as round,
           (s.winner_to ->> 'position')::integer as position, s.winner_to ->> 'slot' as slot, p_seeds[s.seed_a] as player
      from s
     where s.bracket = 'winners' and s.round = 1 and s.seed_b is null and s.winner_to is not null
  ),
  placed as (
    select s.*, coalesce(p_seeds[s.seed_a], ba.player) as player_a, coalesce(p_seeds[s.seed_b], bb.player) as player_b
      from s
      left join bye ba on ba.bracket = s.bracket and ba.round = s.round and ba.position = s.position and ba.slot = 'a'
      left join bye bb on bb.bracket = s.bracket and bb.round = s.round and bb.position = s.position and bb.slot = 'b'
  )
  insert into public.matches (id, tournament_id, round, position, stage_no, bracket, entry_a, entry_b, winner_entry_id, status,
                              scheduled_at, next_match_id, next_slot, loser_match_id, loser_slot)
  select private.match_id(p_id_base, s.n), p_tournament_id, s.play_round, s.board, p_stage_no, s.bracket,
         s.player_a, s.player_b,
         case when s.bracket = 'winners' and s.round = 1 and s.seed_b is null then p_seeds[s.seed_a] end,
         case when s.bracket = 'winners' and s.round = 1 then case when s.seed_b is null then 'bye' else 'scheduled' end
              when s.empty_a and s.empty_b then 'void'
              when s.player_a is not null and s.player_b is not null then 'scheduled'
              else 'pending' end,
         p_starts_at + (s.play_round - 1) * p_interval,
         case when w.n is not null then private.match_id(p_id_base, w.n) end,
         case when w.n is not null then s.winner_to ->> 'slot' end,
         case when l.n is not null then private.match_id(p_id_base, l.n) end,
         case when l.n is not null then s.loser_to ->> 'slot' end
    from placed s
    left join s w on w.bracket = s.winner_to ->> 'bracket' and w.round = (s.winner_to ->> 'round')::integer
                 and w.position = (s.winner_to ->> 'position')::integer
    left join s l on l.bracket = s.loser_to ->> 'bracket' and l.round = (s.loser_to ->> 'round')::integer
                 and l.position = (s.loser_to ->> 'position')::integer
   order by s.n;
end;
$function$;

comment on function private.add_grand_final_reset(public.matches,timestamp with time zone) is 'After a double elimination''s first grand final: when the losers'' bracket winner (seat b) won it, both players have lost once, so the reset match is added (the same two players, a and b as before), once: never after the reset itself, nor after a grand final one player was given alone (the other side''s final void). Answers whether it was added.';
CREATE OR REPLACE FUNCTION private.add_grand_final_reset(p_match public.matches, p_not_before timestamp with time zone)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  -- A grand final given to one player without playing (the other side's final was void) is no meeting: no reset.
  if p_match.bracket is distinct from 'grand_final' or p_match.status <> 'confirmed'
     or p_match.entry_a is null or p_match.entry_b is null
     or p_match.winner_entry_id is distinct from p_match.entry_b
     or exists (select 1 from public.matches where tournament_id = p_match.tournament_id and bracket = 'grand_final'
                                              and round <> p_match.round) then
    return false;
  end if;
  insert into public.matches (id, tournament_id, round, position, stage_no, bracket, entry_a, entry_b, status, scheduled_at)
  values (private.next_match_id(p_match.tournament_id), p_match.tournament_id, p_match.round + 1, 1, p_match.stage_no, 'grand_final',
          p_match.entry_a, p_match.entry_b, 'scheduled', greatest(p_match.scheduled_at, p_not_before));
  perform private.audit(p_match.tournament_id, 'grand_final_reset',
                        private.entry_name(p_match.entry_b) || ' won the grand final from the losers'' bracket: the grand final is played again',
                        null, null, null, true, null, null, p_match.id);
  return true;
end;
$function$;

comment on function private.swiss_stage_table(text,integer) is 'The table of a tournament''s Swiss stage as private.swiss_table ranks it, from the stage''s matches and the draw''s order kept with the stage.';
CREATE OR REPLACE FUNCTION private.swiss_stage_table(p_tournament_id text, p_stage_no integer)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select private.swiss_table(
           array(select o::uuid from jsonb_array_elements_text(s.settings -> 'order') as o),
           coalesce((select jsonb_agg(to_jsonb(m)) from public.matches m
                      where m.tournament_id = p_tournament_id and m.stage_no = p_stage_no), '[]'::jsonb))
    from public.tournament_stages s
   where s.tournament_id = p_tournament_id and s.stage_no = p_stage_no and s.kind = 'swiss';
$function$;

comment on function private.swiss_rounds_left(text,integer) is 'Whether a Swiss stage has rounds still to pair (fewer rounds paired than its settings say).';
CREATE OR REPLACE FUNCTION private.swiss_rounds_left(p_tournament_id text, p_stage_no integer)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select (select count(distinct m.round) from public.matches m where m.tournament_id = p_tournament_id and m.stage_no = p_stage_no)
         < (s.settings ->> 'rounds')::integer
    from public.tournament_stages s
   where s.tournament_id = p_tournament_id and s.stage_no = p_stage_no and s.kind = 'swiss';
$function$;

comment on function private.pair_swiss_round(text,integer,timestamp with time zone,text) is 'Pairs the next round of a Swiss stage (private.swiss_pairing over the stage''s results; withdrawn players are not paired but count for their opponents'' Buchholz; in round 1 one buyer''s two entries are kept apart when any pairing allows), once every match of the rounds before has ended (a disputed match holds it) and while rounds are left. A bye is a match [a, null] with status bye. The round starts at its time in the schedule, or p_not_before when later. p_id_base: the draw''s, for the first round (later rounds read it from the matches). Answers whether a round was paired.';
CREATE OR REPLACE FUNCTION private.pair_swiss_round(p_tournament_id text, p_stage_no integer, p_not_before timestamp with time zone, p_id_base text DEFAULT NULL::text)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_stage public.tournament_stages%rowtype;
  v_tournament public.tournaments%rowtype;
  v_count integer;
  v_base text;
  v_round integer;
  v_pairs jsonb;
begin
  select * into v_stage from public.tournament_stages
   where tournament_id = p_tournament_id and stage_no = p_stage_no and kind = 'swiss'
     for update;
  if not found or exists (select 1 from public.matches where tournament_id = p_tournament_id and stage_no = p_stage_no
                                                         and status not in ('confirmed', 'void', 'bye')) then
    return false;
  end if;
  if not private.swiss_rounds_left(p_tournament_id, p_stage_no) then
    return false;
  end if;
  select coalesce(max(m.round), 0) into v_round from public.matches m where m.tournament_id = p_tournament_id and m.stage_no = p_stage_no;
  select * into v_tournament from public.tournaments where id = p_tournament_id;
  select count(*)::integer, coalesce(p_id_base, private.match_id_base_of(min(m.id::text)::uuid)) into v_count, v_base
    from public.matches m where m.tournament_id = p_tournament_id;
  v_pairs := private.swiss_pairing(
    array(select o::uuid from jsonb_array_elements_text(v_stage.settings -> 'order') as o),
    coalesce((select jsonb_agg(to_jsonb(m)) from public.matches m
               where m.tournament_id = p_tournament_id and m.stage_no = p_stage_no), '[]'::jsonb),
    array(select e.id from public.entries e where e.tournament_id = p_tournament_id and e.status = 'active'),
    -- Round 1 keeps one buyer's entries apart, as the knockout and the groups do; later rounds pair by the table.
    case when v_round = 0 then
      array(select e.buyer_id from jsonb_array_elements_text(v_stage.settings -> 'order') with ordinality as o (id, n)
              join public.entries e on e.id = o.id::uuid order by o.n)
    end);
  insert into public.matches (id, tournament_id, round, position, stage_no, entry_a, entry_b, winner_entry_id, status, scheduled_at)
  select private.match_id(v_base, v_count + (x ->> 'position')::integer), p_tournament_id, v_round + 1, (x ->> 'position')::integer,
         p_stage_no, (x ->> 'entry_a')::uuid, (x ->> 'entry_b')::uuid,
         case when x ->> 'entry_b' is null then (x ->> 'entry_a')::uuid end,
         case when x ->> 'entry_b' is null then 'bye' else 'scheduled' end,
         greatest(v_tournament.starts_at + v_round * private.tournament_round_interval(v_tournament), p_not_before)
    from jsonb_array_elements(v_pairs) as x;
  if v_round > 0 then
    perform private.audit(p_tournament_id, 'swiss_round_paired',
                          'Round ' || (v_round + 1) || ' of ' || (v_stage.settings ->> 'rounds') || ' is paired',
                          null, null, jsonb_build_object('round', v_round + 1, 'pairs', v_pairs), true, null);
  end if;
  return true;
end;
$function$;

comment on function private.group_stats(text,integer,text,uuid[]) is 'Each player''s record in a group from its confirmed matches (a void match is not played), counting only matches between players of p_among: played, won, drawn, lost, goals for and against, points (3 a win, 1 a draw). A walkover without a score counts 3-0.';
CREATE OR REPLACE FUNCTION private.group_stats(p_tournament_id text, p_stage_no integer, p_group text, p_among uuid[])
 RETURNS TABLE(entry_id uuid, played integer, won integer, drawn integer, lost integer, goals_for integer, goals_against integer, points integer)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  -- PL/pgSQL keeps the query's plan for the session: a group's table asks for these figures a dozen times or more
  -- (the tie-break ladder, each smaller tie again), and planning them anew each time was most of a table's cost.
  return query
  with sides as (
    select x.me, x.gf, x.ga
      from public.matches m
     cross join lateral (values
       (m.entry_a, coalesce(m.score_a, case when m.winner_entry_id = m.entry_a then 3 else 0 end),
                   coalesce(m.score_b, case when m.winner_entry_id = m.entry_b then 3 else 0 end)),
       (m.entry_b, coalesce(m.score_b, case when m.winner_entry_id = m.entry_b then 3 else 0 end),
                   coalesce(m.score_a, case when m.winner_entry_id = m.entry_a then 3 else 0 end))) as x (me, gf, ga)
     where m.tournament_id = p_tournament_id and m.stage_no = p_stage_no and m.group_name = p_group
       and m.status = 'confirmed' and m.entry_a = any (p_among) and m.entry_b = any (p_among)
  )
  select a.id,
         count(s.me)::integer,
         count(*) filter (where s.gf > s.ga)::integer,
         count(*) filter (where s.gf = s.ga)::integer,
         count(*) filter (where s.gf < s.ga)::integer,
         coalesce(sum(s.gf), 0)::integer,
         coalesce(sum(s.ga), 0)::integer,
         (3 * count(*) filter (where s.gf > s.ga) + count(*) filter (where s.gf = s.ga))::integer
    from unnest(p_among) as a (id)
    left join sides s on s.me = a.id
   group by a.id;
end;
$function$;

comment on function private.group_tie_order(text,integer,text,uuid[],text) is 'The order of players level on points, by the published ladder: points, goal difference and goals scored in the matches between them only (each step applied again to a smaller tie that is left), then goal difference in all group matches, goals scored, wins, and lots (the SHA-256 of the draw''s revealed secret, '':lots:'' and the entry id, lowest first). decided_by names the step that put each row above the next; the last row''s is null.';
CREATE OR REPLACE FUNCTION private.group_tie_order(p_tournament_id text, p_stage_no integer, p_group text, p_members uuid[], p_secret text)
 RETURNS TABLE(entry_id uuid, decided_by text)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_step record;
  v_value integer;
  v_subset uuid[];
  v_ids uuid[] := '{}';
  v_by text[] := '{}';
  v_sub record;
begin
  if cardinality(p_members) <= 1 then
    return query select m, null::text from unnest(p_members) as m;
    return;
  end if;
  for v_step in
    select step, values_by_entry
      from (select 1 as n, 'head_to_head_points' as step, jsonb_object_agg(h.entry_id, h.points) as values_by_entry
              from private.group_stats(p_tournament_id, p_stage_no, p_group, p_members) h
            union all
            select 2, 'head_to_head_goal_difference', jsonb_object_agg(h.entry_id, h.goals_for - h.goals_against)
              from private.group_stats(p_tournament_id, p_stage_no, p_group, p_members) h
            union all
            select 3, 'head_to_head_goals_for', jsonb_object_agg(h.entry_id, h.goals_for)
              from private.group_stats(p_tournament_id, p_stage_no, p_group, p_members) h) as steps
     order by n
  loop
    continue when (select count(distinct value) from jsonb_each(v_step.values_by_entry)) <= 1;
    -- This step splits the tie: each smaller tie left starts the ladder again among its own players.
    for v_value in select distinct (value)::integer from jsonb_each(v_step.values_by_entry) order by 1 desc loop
      select array_agg(key::uuid order by key) into v_subset from jsonb_each(v_step.values_by_entry) where (value)::integer = v_value;
      for v_sub in select * from private.group_tie_order(p_tournament_id, p_stage_no, p_group, v_subset, p_secret) loop
        v_ids := v_ids || v_sub.entry_id;
        v_by := v_by || coalesce(v_sub.decided_by, v_step.step);
      end loop;
    end loop;
    v_by[cardinality(v_by)] := null;
    return query select i, b from unnest(v_ids, v_by) as x (i, b);
    return;
  end loop;
  -- Nothing between them separates them: the whole group's record, then lots.
  return query
    with whole as (
      select o.entry_id, o.goals_for - o.goals_against as gd, o.goals_for as gf, o.won,
             private.sha256_hex(p_secret || ':lots:' || o.entry_id::text) as lots
        from private.group_stats(p_tournament_id, p_stage_no, p_group,
                                 (select array_agg(distinct e) from public.matches m cross join lateral unnest(array[m.entry_a, m.entry_b]) as e
                                   where m.tournament_id = p_tournament_id and m.stage_no = p_stage_no and m.group_name = p_group and e is not null)) o
       where o.entry_id = any (p_members)
    ), ordered as (
      select w.*, lead(gd) over o as next_gd, lead(gf) over o as next_gf, lead(won) over o as next_won,
             lead(lots) over o as next_lots, row_number() over o as n
        from whole w
      window o as (order by gd desc, gf desc, won desc, lots)
    )
    select o.entry_id,
           case when o.next_lots is null then null
                when o.gd <> o.next_gd then 'goal_difference'
                when o.gf <> o.next_gf then 'goals_for'
                when o.won <> o.next_won then 'wins'
                else 'lots' end
      from ordered o
     order by o.n;
end;
$function$;

comment on function private.group_table(text,integer,text) is 'A group''s table as the contract shows it: each player''s record, points, rank by the published tie-break ladder (private.group_tie_order) and decided_by, the step that put the row above the next one (null when their points differ, and on the last row).';
CREATE OR REPLACE FUNCTION private.group_table(p_tournament_id text, p_stage_no integer, p_group text)
 RETURNS TABLE(entry_id uuid, played integer, won integer, drawn integer, lost integer, goals_for integer, goals_against integer, goal_difference integer, points integer, rank integer, decided_by text)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_members uuid[];
  v_secret text := (select d.secret from public.draws d where d.tournament_id = p_tournament_id);
  v_points integer;
  v_tied uuid[];
  v_ids uuid[] := '{}';
  v_by text[] := '{}';
  v_row record;
begin
  select array_agg(distinct e) into v_members
    from public.matches m cross join lateral unnest(array[m.entry_a, m.entry_b]) as e
   where m.tournament_id = p_tournament_id and m.stage_no = p_stage_no and m.group_name = p_group and e is not null;
  for v_points in select distinct g.points from private.group_stats(p_tournament_id, p_stage_no, p_group, v_members) g order by 1 desc loop
    select array_agg(g.entry_id order by g.entry_id) into v_tied
      from private.group_stats(p_tournament_id, p_stage_no, p_group, v_members) g where g.points = v_points;
    for v_row in select * from private.group_tie_order(p_tournament_id, p_stage_no, p_group, v_tied, v_secret) loop
      v_ids := v_ids || v_row.entry_id;
      v_by := v_by || v_row.decided_by;
    end loop;
  end loop;
  return query
    select g.entry_id, g.played, g.won, g.drawn, g.lost, g.goals_for, g.goals_against, g.goals_for - g.goals_against, g.points,
           x.n::integer, x.b
      from unnest(v_ids, v_by) with ordinality as x (id, b, n)
      join private.group_stats(p_tournament_id, p_stage_no, p_group, v_members) g on g.entry_id = x.id
     order by x.n;
end;
$function$;

-- The draw
-- p_actor: the staff member who closed check-in, or null when the periodic function did.
CREATE OR REPLACE FUNCTION private.run_draw(p_tournament_id text, p_actor uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_secret text;
  v_entries uuid[];
  v_buyers uuid[];
  v_n integer;
  v_size integer;
  v_rounds integer;
  v_seeds uuid[];
  v_order integer[];
  v_interval interval;
  v_withdrawn record;
  v_refunds integer;
  -- A quick pod's entries withdrawn for a missed check-in: refunded in full once the pod is drawn.
  v_pod boolean;
  v_missed uuid[] := '{}';
  -- Formats: the groups stage as declared (null: a knockout), its groups as drawn, the knockout after it.
  v_groups_stage jsonb;
  v_knockout_stage jsonb;
  v_group_count integer;
  v_groups jsonb;
  v_qualifiers integer;
  v_first_knockout_round integer;
  v_third_place boolean;
  -- A Swiss or double-elimination stage, the whole tournament (null: another format).
  v_single_stage jsonb;
  -- What this draw's match ids share (private.match_id).
  v_id_base text := private.new_match_id_base();
  -- A group stage seeded by rating: each entry's rating at the draw, in the order of v_entries.
  v_ratings integer[];
  -- One knockout: the player of each first-round match that is a bye, by the match's position (null: a match).
  v_bye_players uuid[];
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  if v_tournament.drawn_at is not null then
    return jsonb_build_object('drawn', true, 'entries', (select array_length(entry_ids, 1) from public.draws where tournament_id = p_tournament_id),
                              'bracket_size', (select bracket_size from public.draws where tournament_id = p_tournament_id));
  end if;
  if private.tournament_status(v_tournament, v_now) = 'cancelled' then
    raise exception 'This tournament was cancelled' using errcode = 'PT409', hint = 'tournament_cancelled';
  end if;

  -- 1. Withdraw every entry not checked in (and every slot nobody accepted). A scheduled tournament keeps the
  --    fee of a no-show; a quick pod refunds it in full (step 2b).
  v_pod := v_tournament.pod_number is not null and v_tournament.entry_fee_paise > 0;
  for v_withdrawn in
    update public.entries e
       set status = 'withdrawn', withdrawn_at = v_now,
           withdraw_reason = private.withdraw_reason_text(private.missed_check_in_reason_code(e.player_id is not null, v_pod)),
           withdraw_reason_code = private.missed_check_in_reason_code(e.player_id is not null, v_pod)
     where e.tournament_id = p_tournament_id and e.status = 'active' and e.checked_in_at is null
    returning e.id, e.player_id, e.withdraw_reason
  loop
    if v_pod then
      v_missed := v_missed || v_withdrawn.id;
    end if;
    perform private.audit(p_tournament_id, 'entry_withdrawn',
                          coalesce((select in_game_name from public.profiles where id = v_withdrawn.player_id), 'An unclaimed place')
                            || ' withdrawn at check-in close' || case when v_pod then ', refunded in full' else '' end,
                          v_withdrawn.withdraw_reason, null, null, true, null, v_withdrawn.id);
  end loop;

  -- 1b. The empty places go to the checked-in waitlisted players, in order; the others are refunded.
  perform private.fill_places_from_waitlist(p_tournament_id, v_now);

  select array_agg(id order by id::text), array_agg(buyer_id order by id::text)
    into v_entries, v_buyers
    from public.entries where tournament_id = p_tournament_id and status = 'active';
  v_n := coalesce(array_length(v_entries, 1), 0);

  -- 2. Nobody to play: the tournament is called off and every paid entry refunded.
  if v_n < 2 then
    v_refunds := private.cancel_tournament(p_tournament_id,
      'Fewer than two players checked in, so the tournament could not be played. Every paid entry has been refunded.', v_now, 'too_few_checked_in');
    perform private.audit(p_tournament_id, 'tournament_cancelled', 'Cancelled: fewer than two players checked in', null,
                          null, jsonb_build_object('checked_in', v_n, 'refunds_queued', v_refunds), true, p_actor);
    return jsonb_build_object('drawn', false, 'cancelled', true, 'entries', v_n, 'bracket_size', null);
  end if;

  -- 2b. A quick pod gives back the fee of every place withdrawn for a missed check-in (a cancelled pod, above,
  --     refunds every payment whole instead).
  if cardinality(v_missed) > 0 then
    perform private.refund_missed_pod_check_ins(p_tournament_id, v_missed);
  end if;

  -- 2c. A quick pod that runs short pays its pool's share for the players it runs with.
  if v_tournament.pod_number is not null and v_n < v_tournament.max_players then
    perform private.shrink_pod_prizes(p_tournament_id, v_n);
  end if;

  -- 3. Seeds.
  select secret into v_secret from private.draw_secrets where tournament_id = p_tournament_id;
  if v_secret is null then
    v_secret := private.new_draw_secret();
    insert into private.draw_secrets (tournament_id, secret) values (p_tournament_id, v_secret);
    update public.tournaments set draw_commitment = private.sha256_hex(v_secret) where id = p_tournament_id;
  end if;
  v_seeds := private.draw_seeds(v_secret, v_entries, v_buyers);
  v_size := private.next_power_of_two(v_n);
  v_rounds := private.bracket_rounds(v_size);
  v_order := private.standard_seed_order(v_size);
  v_interval := private.tournament_round_interval(v_tournament);

  -- 4. The format. Groups need at least two groups of three; with fewer checked in the tournament is played
  --    as a knockout, and the players are told so (a public line in the changes).
  v_groups_stage := case when v_tournament.stages -> 0 ->> 'kind' = 'groups' then v_tournament.stages -> 0 end;
  v_single_stage := case when v_tournament.stages -> 0 ->> 'kind' in ('swiss', 'double_elimination') then v_tournament.stages -> 0 end;
  if v_single_stage ->> 'kind' = 'double_elimination' and v_n < 3 then
    -- Two players: one match decides it, so the tournament is played as a knockout (a final).
    perform private.audit(p_tournament_id, 'format_fallback',
                          'Only ' || v_n || ' players checked in, too few for double elimination: the tournament is played as a knockout',
                          null, jsonb_build_object('stages', v_tournament.stages), jsonb_build_object('format', 'knockout'), true, p_actor);
    v_single_stage := null;
  end if;
  if v_groups_stage is not null then
    v_group_count := (v_n + 3) / 4;
    if v_group_count < 2 or v_n < 3 * v_group_count then
      perform private.audit(p_tournament_id, 'format_fallback',
                            'Only ' || v_n || ' players checked in, fewer than two groups of three: the tournament is played as a knockout',
                            null, jsonb_build_object('stages', v_tournament.stages), jsonb_build_object('format', 'knockout'), true, p_actor);
      v_groups_stage := null;
    end if;
  end if;

  if v_groups_stage is not null then
    -- 4a. Groups of 4 (and 3) from the seeds, a round-robin in each, then the knockout they fill, empty until then.
    v_knockout_stage := coalesce(v_tournament.stages -> 1, '{"kind": "knockout"}'::jsonb);
    -- The best of the next place come one from each group at most: fewer groups than best_of_next cap them.
    v_qualifiers := least(v_n, v_group_count * (v_groups_stage #>> '{advance,per_group}')::integer
                               + least(coalesce((v_groups_stage #>> '{advance,best_of_next}')::integer, 0), v_group_count));
    v_size := private.next_power_of_two(greatest(v_qualifiers, 2));
    insert into public.tournament_stages (tournament_id, stage_no, kind, name, settings)
    values (p_tournament_id, 1, 'groups', coalesce(v_groups_stage ->> 'name', 'Groups'),
            jsonb_build_object('group_size', 4, 'groups', v_group_count,
                               'seeding', coalesce(v_groups_stage ->> 'seeding', 'random'),
                               'advance', jsonb_build_object('per_group', (v_groups_stage #>> '{advance,per_group}')::integer,
                                                             'best_of_next', coalesce((v_groups_stage #>> '{advance,best_of_next}')::integer, 0)))),
           (p_tournament_id, 2, 'knockout', coalesce(v_knockout_stage ->> 'name', 'Knockout'),
            jsonb_build_object('third_place', coalesce((v_knockout_stage ->> 'third_place')::boolean, false),
                               'qualifiers', v_qualifiers, 'size', v_size));
    -- Seeded by rating: the groups take one player of each pot (private.rating_pots), the ratings published with the draw.
    if v_groups_stage ->> 'seeding' = 'rating' then
      v_ratings := array(select round(coalesce((select r.rating from private.current_rating(e.player_id) as r), 1500))::integer
                           from unnest(v_entries) with ordinality as x (id, n)
                           join public.entries e on e.id = x.id
                          order by x.n);
    end if;
    v_groups := private.draw_groups(case when v_ratings is null then v_seeds
                                         else private.rating_pots(v_seeds, v_entries, v_ratings, v_group_count) end,
                                    v_entries, v_buyers, v_group_count);
    v_first_knockout_round := private.schedule_groups(p_tournament_id, v_groups, v_tournament.starts_at, v_interval, v_id_base) + 1;
    perform private.create_knockout(p_tournament_id, 2, v_first_knockout_round, 1, v_size,
                                    coalesce((v_knockout_stage ->> 'third_place')::boolean, false),
                                    v_tournament.starts_at, v_interval, v_id_base,
                                    (select count(*)::integer + 1 from public.matches where tournament_id = p_tournament_id));
  elsif v_single_stage ->> 'kind' = 'swiss' then
    -- 4c. Swiss: the stage remembers the draw's order (the table's last tie-break); round 1 is paired now, each
    --     later round when the one before it has ended.
    insert into public.tournament_stages (tournament_id, stage_no, kind, name, settings)
    values (p_tournament_id, 1, 'swiss', coalesce(v_single_stage ->> 'name', 'Swiss'),
            jsonb_build_object('rounds', private.swiss_rounds(v_n, (v_single_stage ->> 'rounds')::integer),
                               'order', to_jsonb(v_seeds)));
    perform private.pair_swiss_round(p_tournament_id, 1, v_tournament.starts_at, v_id_base);
  elsif v_single_stage ->> 'kind' = 'double_elimination' then
    -- 4d. Double elimination: both brackets and the grand final, linked; the reset match is added only if needed.
    insert into public.tournament_stages (tournament_id, stage_no, kind, name, settings)
    values (p_tournament_id, 1, 'double_elimination', coalesce(v_single_stage ->> 'name', 'Double elimination'),
            jsonb_build_object('size', v_size));
    perform private.create_double_elimination(p_tournament_id, 1, v_seeds, v_tournament.starts_at, v_interval, v_id_base);
  else
    -- 4b. One knockout: every match of every round. Round 1 from the seeds; a bye's opponent goes straight into round 2.
    v_third_place := coalesce(v_tournament.stages -> 0 ->> 'kind' = 'knockout' and (v_tournament.stages -> 0 ->> 'third_place')::boolean, false);
    insert into public.tournament_stages (tournament_id, stage_no, kind, name, settings)
    values (p_tournament_id, 1, 'knockout', coalesce(case when v_tournament.stages -> 0 ->> 'kind' = 'knockout' then v_tournament.stages -> 0 ->> 'name' end, 'Knockout'),
            jsonb_build_object('third_place', v_third_place, 'qualifiers', v_n, 'size', v_size));
    -- A first-round match whose second place is empty is a bye: its player is in round 2 from the draw on.
    v_bye_players := array(select case when v_order[2 * p] > v_n then v_seeds[v_order[2 * p - 1]] end
                             from generate_series(1, v_size / 2) as p order by p);
    perform private.create_knockout(p_tournament_id, 1, 1, 2, v_size, v_third_place, v_tournament.starts_at, v_interval, v_id_base,
                                    v_size / 2 + 1, v_bye_players);
    insert into public.matches (id, tournament_id, round, position, entry_a, entry_b, winner_entry_id, status, scheduled_at,
                                next_match_id, next_slot, loser_match_id, loser_slot)
    select private.match_id(v_id_base, p), p_tournament_id, 1, p,
           v_seeds[v_order[2 * p - 1]],
           case when v_order[2 * p] <= v_n then v_seeds[v_order[2 * p]] end,
           v_bye_players[p],
           case when v_bye_players[p] is not null then 'bye' else 'scheduled' end,
           v_tournament.starts_at,
           case when v_rounds > 1 then private.match_id(v_id_base, private.knockout_match_n(v_size / 2 + 1, v_size, 2, 2, (p + 1) / 2)) end,
           case when v_rounds > 1 then case when p % 2 = 1 then 'a' else 'b' end end,
           -- Four places: the first round is the semi-finals, whose losers meet for third place.
           case when v_third_place and v_rounds = 2 then private.match_id(v_id_base, v_size) end,
           case when v_third_place and v_rounds = 2 then case when p % 2 = 1 then 'a' else 'b' end end
      from generate_series(1, v_size / 2) as p;
  end if;

  -- 5. Reveal.
  insert into public.draws (tournament_id, commitment, secret, entry_ids, same_buyer, bracket_size, drawn_at, groups, ratings)
  values (
    p_tournament_id, private.sha256_hex(v_secret), v_secret, v_entries,
    coalesce((select jsonb_agg(ids order by first_key)
                from (select jsonb_agg(e.id order by e.id::text) as ids,
                             min(private.sha256_hex(v_secret || ':' || e.id::text)) as first_key
                        from public.entries e
                       where e.tournament_id = p_tournament_id and e.status = 'active'
                       group by e.buyer_id having count(*) >= 2) as g), '[]'::jsonb),
    v_size, v_now, v_groups, v_ratings);

  update public.tournaments
     set drawn_at = v_now, current_round = 1,
         check_in_closes_at = least(coalesce(check_in_closes_at, private.tournament_check_in_closes_at(v_tournament)), v_now)
   where id = p_tournament_id;

  perform private.audit(p_tournament_id, 'draw_made',
                        'Draw made: ' || v_n || ' entries, bracket of ' || v_size, null, null,
                        jsonb_build_object('entries', v_n, 'bracket_size', v_size, 'commitment', private.sha256_hex(v_secret),
                                           'secret', v_secret),
                        true, p_actor);
  return jsonb_build_object('drawn', true, 'entries', v_n, 'bracket_size', v_size);
end;
$function$;

-- The draw work of the periodic function: every tournament whose check-in has closed is drawn once.
CREATE OR REPLACE FUNCTION private.run_due_draw_work()
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_drawn integer := 0;
  v_failed integer := 0;
  v_error text;
  v_state text;
begin
  for v_tournament in
    select * from public.tournaments t
     where t.drawn_at is null and t.cancelled_at is null
       and private.tournament_check_in_closes_at(t) <= v_now
       and private.tournament_status(t, v_now) = 'check-in'
       and not private.due_item_parked(t.id)
     order by private.tournament_check_in_closes_at(t), t.id
     for update skip locked
  loop
    begin
      perform private.run_draw(v_tournament.id, null);
      -- Remembered for this run's draw announcements (undone with the draw if it fails).
      perform set_config('golazo.drawn_in_this_run',
                         (coalesce(nullif(current_setting('golazo.drawn_in_this_run', true), ''), '{}')::text[]
                            || v_tournament.id)::text, true);
      v_drawn := v_drawn + 1;
    exception when others then
      get stacked diagnostics v_error = message_text, v_state = returned_sqlstate;
      perform private.due_item_failed(v_tournament.id, v_error, v_state);
      v_failed := v_failed + 1;
    end;
  end loop;
  return jsonb_build_object('draws_run', v_drawn, 'draws_failed', v_failed);
end;
$function$;

-- The draw announcements were a call inside the periodic function; as a step they answer as the others do.
CREATE OR REPLACE FUNCTION private.run_due_draw_announcements()
 RETURNS jsonb
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select jsonb_build_object('draws_announced', private.announce_draws(private.clock_now()));
$function$;

-- Entries ---------------------------------------------------------------------------------------------

CREATE TRIGGER entries_move_along_state_machine BEFORE UPDATE ON public.entries FOR EACH ROW WHEN (old.status IS DISTINCT FROM new.status) EXECUTE FUNCTION private.keep_to_state_machines('entry', 'status');
comment on trigger entries_move_along_state_machine on public.entries is 'The entry machine: active, then withdrawn (not checked in at the draw, or disqualified) or cancelled (its registration refunded or called off).';

CREATE TRIGGER entries_start_in_state_machine BEFORE INSERT ON public.entries FOR EACH ROW WHEN (new.status IS DISTINCT FROM 'active'::text) EXECUTE FUNCTION private.keep_to_state_machines('entry', 'status');

-- The draw's secret is committed the moment a tournament row is made (its trigger lives with the draw).
CREATE TRIGGER tournaments_commit_draw_secret BEFORE INSERT ON public.tournaments FOR EACH ROW EXECUTE FUNCTION private.commit_draw_secret();

-- The entries follow the payments area's registrations (a trigger filed here, so payments never calls up).
CREATE TRIGGER tournament_registrations_make_entries AFTER INSERT OR UPDATE OF status ON public.tournament_registrations FOR EACH ROW EXECUTE FUNCTION private.entries_follow_registration();

comment on function private.entries_follow_registration() is 'Trigger on tournament_registrations: a new registration creates its entries, and a cancelled one cancels the entries it made.';
CREATE OR REPLACE FUNCTION private.entries_follow_registration()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' then
    if new.status <> 'cancelled' then
      perform private.create_entries_for_registration(new);
    end if;
  elsif new.status = 'cancelled' and old.status <> 'cancelled' then
    update public.entries set status = 'cancelled' where registration_id = new.id and status <> 'cancelled';
  end if;
  return null;
end;
$function$;

comment on function private.entry_json(public.entries) is 'One entry as a player sees it: id, slot number, status, check-in time and why it was withdrawn (null while it stands).';
CREATE OR REPLACE FUNCTION private.entry_json(p_entry public.entries)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('entry_id', p_entry.id, 'slot_number', p_entry.slot_number, 'status', p_entry.status,
                            'checked_in_at', p_entry.checked_in_at, 'withdraw_reason', p_entry.withdraw_reason,
                            'withdraw_reason_code', p_entry.withdraw_reason_code);
$function$;

-- Invitations -----------------------------------------------------------------------------------------

comment on function private.get_entry_invitation_by_uuid(uuid) is 'What an entry invitation link shows before it is accepted (the tournament and the entry), by the token''s old uuid form; refuses an unknown token (PT404).';
CREATE OR REPLACE FUNCTION private.get_entry_invitation_by_uuid(p_token uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_entry public.entries%rowtype;
  v_tournament public.tournaments%rowtype;
begin
  select * into v_entry from public.entries where invitation_token = p_token;
  if not found then
    raise exception 'This invitation link is not valid' using errcode = 'PT404', hint = 'invitation_not_found';
  end if;
  select * into v_tournament from public.tournaments where id = v_entry.tournament_id;
  return jsonb_build_object(
    'tournament_id', v_tournament.id,
    'tournament_title', v_tournament.title,
    'starts_at', v_tournament.starts_at,
    'check_in_closes_at', private.tournament_check_in_closes_at(v_tournament),
    'entry_fee_paise', v_tournament.entry_fee_paise,
    'buyer_in_game_name', (select in_game_name from public.profiles where id = v_entry.buyer_id),
    'status', case when v_entry.player_id is not null then 'accepted'
                   when v_entry.status <> 'active' then 'withdrawn' else 'open' end);
end;
$function$;

comment on function private.accept_entry_invitation_by_uuid(uuid) is 'The signed-in player takes the invited entry, by the token''s old uuid form; refuses an unknown token, one''s own entry and a tournament that no longer takes players.';
CREATE OR REPLACE FUNCTION private.accept_entry_invitation_by_uuid(p_token uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_entry public.entries%rowtype;
  v_tournament public.tournaments%rowtype;
  v_refusal text;
begin
  select * into v_entry from public.entries where invitation_token = p_token for update;
  if not found then
    raise exception 'This invitation link is not valid' using errcode = 'PT404', hint = 'invitation_not_found';
  end if;
  if v_entry.player_id = v_player then
    return jsonb_build_object('entry_id', v_entry.id, 'tournament_id', v_entry.tournament_id);
  end if;
  if v_entry.player_id is not null or v_entry.status <> 'active' then
    raise exception 'This place has already been taken' using errcode = 'PT409', hint = 'invitation_used';
  end if;
  select * into v_tournament from public.tournaments where id = v_entry.tournament_id;
  if v_tournament.drawn_at is not null or v_now >= private.tournament_check_in_closes_at(v_tournament)
     or private.tournament_status(v_tournament, v_now) = 'cancelled' then
    raise exception 'Check-in for this tournament has closed' using errcode = 'PT409', hint = 'check_in_closed';
  end if;
  if exists (select 1 from public.entries where tournament_id = v_entry.tournament_id and player_id = v_player) then
    raise exception 'You already have a place in this tournament' using errcode = 'PT409', hint = 'already_entered';
  end if;
  -- The same eligibility as buying the place; the paid-entry switch does not take back a place already paid.
  if v_tournament.entry_fee_paise > 0 then
    v_refusal := nullif(private.paid_entry_refusal(v_player), 'paid_entry_disabled');
  else
    v_refusal := private.free_entry_refusal(v_player);
  end if;
  perform private.raise_entry_refusal(v_refusal);
  update public.entries set player_id = v_player, accepted_at = v_now where id = v_entry.id;
  return jsonb_build_object('entry_id', v_entry.id, 'tournament_id', v_entry.tournament_id);
end;
$function$;

-- The draw --------------------------------------------------------------------------------------------

comment on function private.tournament_round_interval(public.tournaments) is 'Time between two rounds of a tournament: its series'' round_interval, else 1 hour for a championship and 30 minutes otherwise.';
CREATE OR REPLACE FUNCTION private.tournament_round_interval(p_tournament public.tournaments)
 RETURNS interval
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce((select round_interval from public.series where id = p_tournament.series_id),
                  case p_tournament.series when 'championship' then interval '1 hour' else interval '30 minutes' end);
$function$;

comment on function private.round_name(integer,integer) is 'A round''s name from how many rounds remain: Final, Semi-finals, Quarter-finals, else Round of N.';
CREATE OR REPLACE FUNCTION private.round_name(p_round integer, p_rounds integer)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case p_rounds - p_round
    when 0 then 'Final'
    when 1 then 'Semi-finals'
    when 2 then 'Quarter-finals'
    else 'Round of ' || (1 << (p_rounds - p_round + 1))
  end;
$function$;

comment on function private.announce_draws(timestamp with time zone) is 'Due work: tells every player of a drawn tournament, once, that the draw is made and whom they meet first (in groups, their group and how many matches they play there); returns how many tournaments were announced.';
CREATE OR REPLACE FUNCTION private.announce_draws(p_now timestamp with time zone)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_tournament public.tournaments%rowtype;
  v_messages private.player_message[];
  v_told integer := 0;
begin
  for v_tournament in
    select * from public.tournaments
     where drawn_at is not null and draw_announced_at is null and cancelled_at is null
     for update skip locked
  loop
    -- A draw for more players than a delivery tells at once, made in this very run, is announced in the next one:
    -- its players are told in batches over the following runs anyway (private.deliver_messages), and the draw's
    -- run is the periodic function's heaviest. A smaller draw (a pod) is told at once, in its own run.
    continue when v_tournament.id = any (coalesce(nullif(current_setting('golazo.drawn_in_this_run', true), ''), '{}')::text[])
              and (select count(*) from public.entries e
                    where e.tournament_id = v_tournament.id and e.status = 'active' and e.player_id is not null)
                  > private.notice_fan_out_threshold();
    -- Each player's first match (in a group of three one player rests on the first matchday) and, in groups,
    -- how many group matches they have: one pass over the tournament's matches, each read once per side.
    with sides as (
      select x.entry_id, m.id, m.round, m.position, m.group_name, m.status, m.scheduled_at,
             case when m.entry_a = x.entry_id then m.entry_b else m.entry_a end as opponent
        from public.matches m
       cross join lateral (values (m.entry_a), (m.entry_b)) as x (entry_id)
       where m.tournament_id = v_tournament.id and x.entry_id is not null
    ), firsts as (
      select distinct on (s.entry_id) s.* from sides s order by s.entry_id, s.round, s.position
    ), group_matches as (
      select s.entry_id, s.group_name, count(*)::integer as matches from sides s where s.group_name is not null group by 1, 2
    )
    select array_agg(row(e.player_id, 'draw_made',
                         case when m.id is null then 'draw_made_bracket'
                              when m.status = 'bye' then 'draw_made_bye'
                              when m.group_name is not null then 'draw_made_group_first_match'
                              else 'draw_made_first_match' end,
                         jsonb_build_object('tournament', v_tournament.title, 'group', m.group_name, 'matches', g.matches,
                                            'time', m.scheduled_at, 'opponent', p.in_game_name),
                         coalesce('/match/?id=' || m.id, '/pod/?id=' || v_tournament.id), v_tournament.id)::private.player_message)
      into v_messages
      from public.entries e
      left join firsts m on m.entry_id = e.id
      left join group_matches g on g.entry_id = e.id and g.group_name = m.group_name
      left join public.entries other on other.id = m.opponent
      left join public.profiles p on p.id = other.player_id
     where e.tournament_id = v_tournament.id and e.status = 'active' and e.player_id is not null;
    if v_messages is not null then
      perform private.deliver_messages(v_messages);
    end if;
    update public.tournaments set draw_announced_at = p_now where id = v_tournament.id;
    v_told := v_told + 1;
  end loop;
  perform set_config('golazo.drawn_in_this_run', '', true);
  return v_told;
end;
$function$;

-- Rows of private.status_transitions: the waitlist place ----------------------------------------------

insert into private.status_transitions (machine, from_status, to_status, allowed_by) values
  ('waitlist_place', null, 'waiting', null),
  ('waitlist_place', 'waiting', 'promoted', '{private.fill_places_from_waitlist}'),
  ('waitlist_place', 'waiting', 'refunded', '{private.fill_places_from_waitlist,private.waitlist_follows_payment}'),
  ('waitlist_place', 'waiting', 'released', '{private.fill_places_from_waitlist,private.end_play_without_consent,public.leave_waitlist}')
on conflict (machine, from_status, to_status) do update set allowed_by = excluded.allowed_by;

-- Rows of private.area_hooks: the waitlist's answers to the payment confirmation -----------------------

insert into private.area_hooks (hook, called_from, area, function_name) values
  ('waitlist_payment', 'payments', 'brackets', 'private.take_waitlist_place'),
  ('waitlist_position_of_payment', 'payments', 'brackets', 'private.payment_waitlist_position')
on conflict (hook) do update set called_from = excluded.called_from, area = excluded.area, function_name = excluded.function_name;

-- The waitlist: joining, reading a place --------------------------------------------------------------

comment on function private.waitlist_capacity(integer) is 'How many players a tournament''s waitlist holds: a tenth of its capacity, rounded up.';
CREATE OR REPLACE FUNCTION private.waitlist_capacity(p_max_players integer)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select ((p_max_players + 9) / 10)::integer $function$;

comment on function private.waitlist_takes_joins(public.tournaments,timestamp with time zone) is 'Whether a tournament''s waitlist takes a join now: every place taken, until check-in closes.';
CREATE OR REPLACE FUNCTION private.waitlist_takes_joins(p_tournament public.tournaments, p_now timestamp with time zone)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  return p_tournament.drawn_at is null and p_tournament.cancelled_at is null
     and p_tournament.filled_slots >= p_tournament.max_players
     and private.tournament_status(p_tournament, p_now) in ('full', 'check-in')
     and p_now < private.tournament_check_in_closes_at(p_tournament)
     and p_now < p_tournament.starts_at;
end;
$function$;

comment on function private.waitlist_refusal(public.tournaments,uuid,timestamp with time zone) is 'Why a player may not join a tournament''s waitlist now (a hint code), or null. Read under the tournament''s row lock when it decides.';
CREATE OR REPLACE FUNCTION private.waitlist_refusal(p_tournament public.tournaments, p_player uuid, p_now timestamp with time zone)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  if private.tournament_status(p_tournament, p_now) = 'open' and p_tournament.filled_slots < p_tournament.max_players then
    return 'not_full';
  end if;
  if not private.waitlist_takes_joins(p_tournament, p_now) then
    return 'waitlist_closed';
  end if;
  if exists (select 1 from public.entries e where e.tournament_id = p_tournament.id and e.player_id = p_player)
     or exists (select 1 from public.tournament_registrations r
                 where r.tournament_id = p_tournament.id and r.user_id = p_player and r.status <> 'cancelled') then
    return 'already_registered';
  end if;
  if exists (select 1 from public.waitlist_places w where w.tournament_id = p_tournament.id and w.player_id = p_player) then
    return 'already_on_waitlist';
  end if;
  if (select count(*) from public.waitlist_places w where w.tournament_id = p_tournament.id and w.status = 'waiting')
     >= private.waitlist_capacity(p_tournament.max_players) then
    return 'waitlist_full';
  end if;
  return null;
end;
$function$;

comment on function private.waitlist_position(public.waitlist_places) is 'A place''s position on its waitlist (1 = next to move up); null once promoted, refunded or released, or when the tournament was drawn or cancelled.';
CREATE OR REPLACE FUNCTION private.waitlist_position(p_place public.waitlist_places)
 RETURNS integer
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case when p_place.status = 'waiting' and t.cancelled_at is null and t.drawn_at is null then
           (select count(*)::integer from public.waitlist_places w
             where w.tournament_id = p_place.tournament_id and w.status = 'waiting' and w.number <= p_place.number)
         end
    from public.tournaments t where t.id = p_place.tournament_id;
$function$;

comment on function private.payment_waitlist_position(public.payments) is 'The waitlist position of the place a waitlist payment bought (null when it has none, or is no longer waiting). The payment confirmation asks it through the hook waitlist_position_of_payment when a paid waitlist payment is confirmed again.';
CREATE OR REPLACE FUNCTION private.payment_waitlist_position(p_payment public.payments)
 RETURNS integer
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select private.waitlist_position(w) from public.waitlist_places w where w.payment_id = p_payment.id;
$function$;

comment on function private.take_waitlist_place(public.payments,text,timestamp with time zone) is 'The confirmation of a waitlist payment for a full tournament (run by the payment confirmation through the hook waitlist_payment): the payment is taken and the player put on the waitlist, or the refusal code (waitlist_full, waitlist_closed, already_registered, already_on_waitlist) the refund gives.';
CREATE OR REPLACE FUNCTION private.take_waitlist_place(p_payment public.payments, p_razorpay_payment_id text, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_tournament public.tournaments%rowtype;
  v_refusal text;
  v_paid public.payments%rowtype;
  v_place public.waitlist_places%rowtype;
begin
  -- The tournament's row lock, as join_waitlist and the draw take it: the cap holds however many pay at once.
  select * into v_tournament from public.tournaments where id = p_payment.tournament_id for update;
  v_refusal := private.waitlist_refusal(v_tournament, p_payment.user_id, p_now);
  if v_refusal is not null then
    return jsonb_build_object('refusal', v_refusal);
  end if;
  update public.payments
     set status = 'paid', razorpay_payment_id = p_razorpay_payment_id, paid_at = p_now, failure_reason = null, failure_reason_code = null, updated_at = p_now
   where id = p_payment.id
  returning * into v_paid;
  insert into public.waitlist_places (tournament_id, player_id, payment_id, joined_at)
  values (v_paid.tournament_id, v_paid.user_id, v_paid.id, p_now)
  returning * into v_place;
  if private.apply_refunds_awaiting_capture(p_razorpay_payment_id) then
    -- Refunded before we saw the capture: the place went with the money.
    select * into v_paid from public.payments where id = v_paid.id;
    return public.payment_confirmation_result(v_paid, v_paid.status, null);
  end if;
  return public.payment_confirmation_result(v_paid, 'waitlisted', null)
      || jsonb_build_object('waitlist_position', private.waitlist_position(v_place));
end;
$function$;

comment on function private.waitlist_follows_payment() is 'A waitlist payment refunded while its player waits (the tournament cancelled, a refund from the dashboard) takes the place off the waitlist.';
CREATE OR REPLACE FUNCTION private.waitlist_follows_payment()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update public.waitlist_places set status = 'refunded', closed_at = private.clock_now()
   where payment_id = new.id and status = 'waiting';
  return null;
end;
$function$;

CREATE TRIGGER waitlist_places_move_along_state_machine BEFORE UPDATE ON public.waitlist_places FOR EACH ROW WHEN (old.status IS DISTINCT FROM new.status) EXECUTE FUNCTION private.keep_to_state_machines('waitlist_place', 'status');
comment on trigger waitlist_places_move_along_state_machine on public.waitlist_places is 'The waitlist place machine: waiting, then promoted, refunded or released.';

CREATE TRIGGER waitlist_places_send_receipt AFTER INSERT ON public.waitlist_places FOR EACH ROW EXECUTE FUNCTION private.send_waitlist_receipt();
comment on trigger waitlist_places_send_receipt on public.waitlist_places is 'The receipt of a paid place, or the notice of a free one, in the bell.';

CREATE TRIGGER waitlist_places_start_in_state_machine BEFORE INSERT ON public.waitlist_places FOR EACH ROW WHEN (new.status IS DISTINCT FROM 'waiting'::text) EXECUTE FUNCTION private.keep_to_state_machines('waitlist_place', 'status');

-- A waitlist place follows its payment's refund (a trigger on the payments area's table, filed here).
CREATE TRIGGER payments_waitlist_place_follows AFTER UPDATE OF status ON public.payments FOR EACH ROW WHEN (new.for_waitlist AND old.status = 'paid'::text AND (new.status = ANY (ARRAY['refund_pending'::text, 'refunded'::text]))) EXECUTE FUNCTION private.waitlist_follows_payment();

comment on function private.raise_waitlist_refusal(text) is 'Raises the refusal (PT409) for a waitlist refusal code: not full, closed, already registered, already waiting, waitlist full.';
CREATE OR REPLACE FUNCTION private.raise_waitlist_refusal(p_code text)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  case p_code
    when 'not_full' then
      raise exception 'Places are left in this tournament: enter it normally' using errcode = 'PT409', hint = 'not_full';
    when 'waitlist_closed' then
      raise exception 'This tournament''s waitlist is closed' using errcode = 'PT409', hint = 'waitlist_closed';
    when 'already_registered' then
      raise exception 'You already have a place in this tournament' using errcode = 'PT409', hint = 'already_registered';
    when 'already_on_waitlist' then
      raise exception 'You are already on this tournament''s waitlist' using errcode = 'PT409', hint = 'already_on_waitlist';
    when 'waitlist_full' then
      raise exception 'This tournament''s waitlist is full' using errcode = 'PT409', hint = 'waitlist_full';
    else
      null;
  end case;
end;
$function$;

-- The waitlist: the player's place, its receipt, leaving it -------------------------------------------

comment on function private.waitlist_joined_notice(public.waitlist_places) is 'The bell entry of a waitlist place just taken ({ kind, message_key, params, link }, words from the message catalog): a payment receipt for a paid place, a waitlist_joined notice for a free one; both give the position and the check-in window that can move the player up.';
CREATE OR REPLACE FUNCTION private.waitlist_joined_notice(p_place public.waitlist_places)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_tournament public.tournaments%rowtype;
  v_payment public.payments%rowtype;
  v_params jsonb;
begin
  select * into v_tournament from public.tournaments where id = p_place.tournament_id;
  v_params := jsonb_build_object(
    'tournament', v_tournament.title, 'position', coalesce(private.waitlist_position(p_place)::text, '?'),
    'page', case when v_tournament.series = 'quick' then 'phrase.pod_page' else 'phrase.tournament_page' end,
    'opens', private.tournament_check_in_opens_at(v_tournament), 'closes', private.tournament_check_in_closes_at(v_tournament));
  if p_place.payment_id is null then
    return jsonb_build_object('kind', 'waitlist_joined', 'message_key', 'waitlist_joined', 'params', v_params,
                              'link', private.tournament_page_link(v_tournament));
  end if;
  select * into v_payment from public.payments where id = p_place.payment_id;
  return jsonb_build_object(
    'kind', 'payment_receipt', 'message_key', 'waitlist_receipt',
    'params', v_params || jsonb_build_object('amount', v_payment.amount_paise,
                                             'payment_id', coalesce(v_payment.razorpay_payment_id, v_payment.id::text)),
    'link', private.tournament_page_link(v_tournament));
end;
$function$;

comment on function private.send_waitlist_receipt() is 'A waitlist place just taken: its receipt (paid) or notice (free) in the player''s bell, written with the place in the player''s language.';
CREATE OR REPLACE FUNCTION private.send_waitlist_receipt()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_notice jsonb := private.waitlist_joined_notice(new);
  v_language text;
  v_message private.composed_message;
begin
  if new.payment_id is not null then
    -- As the entry's receipt: one insert in the confirmation's transaction; the receipt_emails step queues
    -- its e-mail.
    v_language := private.player_language(new.player_id);
    v_message := private.compose_message(v_notice ->> 'message_key', v_language, v_notice -> 'params');
    insert into public.notifications (user_id, kind, title, body, link, created_at, message_key, message_params, language)
    values (new.player_id, 'payment_receipt', v_message.title, v_message.body, v_notice ->> 'link', private.clock_now(),
            v_notice ->> 'message_key', v_notice -> 'params', v_language);
  else
    perform private.notify_message(new.player_id, 'waitlist_joined', v_notice ->> 'message_key', v_notice -> 'params',
                                   v_notice ->> 'link', new.id::text);
  end if;
  return null;
end;
$function$;

comment on function private.export_waitlist(uuid) is 'Download my data, the waitlist section.';
CREATE OR REPLACE FUNCTION private.export_waitlist(p_user uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object('tournament_id', w.tournament_id, 'status', w.status, 'joined_at', w.joined_at,
                                               'checked_in_at', w.checked_in_at, 'closed_at', w.closed_at,
                                               'paid', w.payment_id is not null)
                            order by w.joined_at), '[]'::jsonb)
    from public.waitlist_places w where w.player_id = p_user;
$function$;

-- Check-in close: the empty places go to the waitlist -------------------------------------------------

comment on function private.fill_places_from_waitlist(text,timestamp with time zone) is 'At check-in close, before the draw counts the entries: every empty place goes to the next checked-in waitlisted player (a registration and a checked-in entry, paid by their waitlist payment); the others are told, and a paid place is refunded in full through the outbox.';
CREATE OR REPLACE FUNCTION private.fill_places_from_waitlist(p_tournament_id text, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_tournament public.tournaments%rowtype;
  v_link text;
  v_room integer;
  v_place public.waitlist_places%rowtype;
  v_registration_id uuid;
  v_entry_id uuid;
  v_payment public.payments%rowtype;
  v_name text;
  v_promoted integer := 0;
  v_refunded integer := 0;
  v_released integer := 0;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  v_link := private.tournament_page_link(v_tournament);
  v_room := greatest(v_tournament.max_players
                     - (select count(*) from public.entries e where e.tournament_id = p_tournament_id and e.status = 'active'), 0);

  for v_place in
    select * from public.waitlist_places w
     where w.tournament_id = p_tournament_id and w.status = 'waiting'
     order by w.number
       for update
  loop
    select in_game_name into v_name from public.profiles where id = v_place.player_id;
    if v_room > 0 and v_place.checked_in_at is not null
       and not exists (select 1 from public.entries e where e.tournament_id = p_tournament_id and e.player_id = v_place.player_id)
       and (v_place.payment_id is null
            or exists (select 1 from public.payments p where p.id = v_place.payment_id and p.status = 'paid')) then
      insert into public.tournament_registrations (user_id, tournament_id, slots, payment_id, registered_at)
      values (v_place.player_id, p_tournament_id, 1, v_place.payment_id, p_now)
      returning id into v_registration_id;
      update public.entries set checked_in_at = v_place.checked_in_at
       where registration_id = v_registration_id and player_id = v_place.player_id
      returning id into v_entry_id;
      update public.waitlist_places set status = 'promoted', entry_id = v_entry_id, closed_at = p_now where id = v_place.id;
      v_room := v_room - 1;
      v_promoted := v_promoted + 1;
      perform private.audit(p_tournament_id, 'waitlist_promoted', coalesce(v_name, 'A player') || ' moved up from the waitlist',
                            'A place was left empty at check-in close', null,
                            jsonb_build_object('waitlist_number', v_place.number), true, null, v_entry_id);
      perform private.notify_message(v_place.player_id, 'waitlist_promoted', 'waitlist_promoted',
                                     jsonb_build_object('tournament', v_tournament.title), v_link, p_tournament_id);
    elsif v_place.payment_id is not null then
      update public.waitlist_places set status = 'refunded', closed_at = p_now where id = v_place.id;
      update public.payments p
         set status = 'refund_pending', failure_reason = private.refusal_reason('not_promoted'), failure_reason_code = 'not_promoted', updated_at = p_now
       where p.id = v_place.payment_id and p.status = 'paid' and private.refundable_paise(p) > 0
      returning * into v_payment;
      if found then
        perform private.queue_refund(v_payment.razorpay_payment_id, private.refundable_paise(v_payment)::integer,
                                     'not_promoted', v_payment);
      end if;
      v_refunded := v_refunded + 1;
      perform private.notify_message(v_place.player_id, 'waitlist_not_promoted',
                                     case when v_place.checked_in_at is null then 'waitlist_not_promoted_not_checked_in_refunded'
                                          else 'waitlist_not_promoted_full_refunded' end,
                                     jsonb_build_object('tournament', v_tournament.title), v_link, p_tournament_id);
    else
      update public.waitlist_places set status = 'released', closed_at = p_now where id = v_place.id;
      v_released := v_released + 1;
      perform private.notify_message(v_place.player_id, 'waitlist_not_promoted',
                                     case when v_place.checked_in_at is null then 'waitlist_not_promoted_not_checked_in'
                                          else 'waitlist_not_promoted_full' end,
                                     jsonb_build_object('tournament', v_tournament.title), v_link, p_tournament_id);
    end if;
  end loop;
  return jsonb_build_object('promoted', v_promoted, 'refunded', v_refunded, 'released', v_released);
end;
$function$;

-- =====================================================================================================
-- Functions callers use (the API: public schema)
-- =====================================================================================================

-- Entries ---------------------------------------------------------------------------------------------

comment on function public.get_my_entries(text) is 'The caller''s entries in a tournament (played or bought), with check-in and invitation state.';
CREATE OR REPLACE FUNCTION public.get_my_entries(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.require_player();
  v_tournament public.tournaments%rowtype;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id;
  if not found then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  return private.my_entries_json(v_player, v_tournament, private.clock_now());
end;
$function$;

comment on function public.get_my_entries_all() is 'get_my_entries for every tournament the caller plays in or bought places for, newest first.';
CREATE OR REPLACE FUNCTION public.get_my_entries_all()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.require_player();
begin
  return coalesce((
    select jsonb_agg(private.my_entries_json(v_player, t, private.clock_now()) order by t.starts_at desc, t.id)
      from public.tournaments t
     where exists (select 1 from public.entries e
                    where e.tournament_id = t.id and (e.player_id = v_player or e.buyer_id = v_player))), '[]'::jsonb);
end;
$function$;

-- Invitations -----------------------------------------------------------------------------------------

comment on function public.invite_to_entry(uuid,text,text) is 'The buyer of a place without a player makes its invitation link, optionally e-mailed to the invited player (at most 3 e-mails per place and 10 per buyer in any hour; the subject is the product''s words, the buyer''s in-game name is only quoted in the body). The e-mail is the message catalog''s, in p_language (the page the buyer invited from: en or hi; English otherwise): the invited person has no account, so no language of their own yet.';
CREATE OR REPLACE FUNCTION public.invite_to_entry(p_entry_id uuid, p_email text DEFAULT NULL::text, p_language text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_entry public.entries%rowtype;
  v_tournament public.tournaments%rowtype;
  v_email text := nullif(lower(btrim(coalesce(p_email, ''))), '');
  v_key text;
  v_buyer_name text;
  v_limits jsonb := private.invitation_email_limits();
begin
  select * into v_entry from public.entries where id = p_entry_id for update;
  if not found or v_entry.buyer_id <> v_player then
    raise exception 'This is not a place you bought' using errcode = 'PT403', hint = 'not_your_entry';
  end if;
  if v_entry.player_id is not null or v_entry.status <> 'active' then
    raise exception 'This place already has its player' using errcode = 'PT409', hint = 'entry_taken';
  end if;
  select * into v_tournament from public.tournaments where id = v_entry.tournament_id;
  if v_tournament.drawn_at is not null or v_now >= private.tournament_check_in_closes_at(v_tournament)
     or private.tournament_status(v_tournament, v_now) = 'cancelled' then
    raise exception 'Check-in for this tournament has closed' using errcode = 'PT409', hint = 'check_in_closed';
  end if;
  if v_email is not null and not private.is_email_address(v_email) then
    raise exception 'Enter a valid e-mail address' using errcode = 'PT400', hint = 'invalid_email';
  end if;
  v_key := 'entry-invitation-' || v_entry.id || '-' || v_email;
  -- A new message (not one already sent to this address for this place) counts against the limits.
  if v_email is not null and not exists (select 1 from private.outbox where idempotency_key = v_key) then
    perform pg_advisory_xact_lock(hashtextextended('invitation-emails:' || v_player::text, 0));
    if (select count(*) from private.invitation_emails
         where entry_id = v_entry.id and sent_at > v_now - interval '1 hour') >= (v_limits ->> 'per_place_per_hour')::integer
       or (select count(*) from private.invitation_emails
            where buyer_id = v_player and sent_at > v_now - interval '1 hour') >= (v_limits ->> 'per_buyer_per_hour')::integer then
      raise exception 'You have sent as many invitation e-mails as allowed for now (% per place and % in all, per hour). Copy the invitation link and send it yourself, or try again later.',
                      v_limits ->> 'per_place_per_hour', v_limits ->> 'per_buyer_per_hour'
        using errcode = 'PT409', hint = 'invitation_emails_limit';
    end if;
  end if;
  update public.entries
     set invitation_token = coalesce(invitation_token, gen_random_uuid()),
         invited_email = coalesce(v_email, invited_email)
   where id = v_entry.id
  returning * into v_entry;
  if v_email is not null and not exists (select 1 from private.outbox where idempotency_key = v_key) then
    select in_game_name into v_buyer_name from public.profiles where id = v_player;
    insert into private.invitation_emails (entry_id, buyer_id, sent_at) values (v_entry.id, v_player, v_now);
    perform private.queue_email(v_key, v_email, m.title, m.body, '/invite/?token=' || v_entry.invitation_token)
       from private.compose_message(
              case when v_buyer_name is null then 'entry_invitation' else 'entry_invitation_named' end,
              case when p_language in ('en', 'hi') then p_language else 'en' end,
              jsonb_build_object('tournament', v_tournament.title, 'buyer', private.quoted_in_game_name(v_buyer_name),
                                 'closes', private.tournament_check_in_closes_at(v_tournament),
                                 'condition', case when v_tournament.entry_fee_paise > 0 then 'phrase.invitation_paid_condition'
                                                   else 'phrase.invitation_free_condition' end)) as m;
  end if;
  return jsonb_build_object('entry_id', v_entry.id, 'invitation_token', v_entry.invitation_token, 'invited_email', v_entry.invited_email);
end;
$function$;

comment on function public.get_entry_invitation(text) is 'What an invitation link offers (tournament, buyer), for anyone; a malformed link is not found.';
CREATE OR REPLACE FUNCTION public.get_entry_invitation(p_token text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.get_entry_invitation_by_uuid(private.invitation_token(p_token));
$function$;

comment on function public.accept_entry_invitation(text) is 'The signed-in player takes the invited place, when they may enter the tournament.';
CREATE OR REPLACE FUNCTION public.accept_entry_invitation(p_token text)
 RETURNS jsonb
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.accept_entry_invitation_by_uuid(private.invitation_token(p_token));
$function$;

-- Check-in --------------------------------------------------------------------------------------------

comment on function public.check_in(text) is 'The public contract: checks in the caller''s entries while the check-in window is open, or the caller''s waitlist place.';
CREATE OR REPLACE FUNCTION public.check_in(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_entry public.entries%rowtype;
  v_place public.waitlist_places%rowtype;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id;
  if not found then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  select * into v_entry from public.entries
   where tournament_id = p_tournament_id and player_id = v_player and status <> 'cancelled';
  if not found then
    -- No entry: the caller's waitlist place, if they have one, is what they check in.
    select * into v_place from public.waitlist_places where tournament_id = p_tournament_id and player_id = v_player;
    if not found then
      raise exception 'You have no entry in this tournament' using errcode = 'PT403', hint = 'not_entered';
    end if;
    if v_place.status <> 'waiting' then
      raise exception 'Check-in for this tournament has closed: no place came free for you' using errcode = 'PT409', hint = 'check_in_closed';
    end if;
    perform private.raise_unless_check_in_open(v_tournament, v_now);
    -- Only while still waiting: a check-in that waited for the draw's lock finds the place closed.
    update public.waitlist_places set checked_in_at = coalesce(checked_in_at, v_now)
     where id = v_place.id and status = 'waiting'
    returning * into v_place;
    if not found then
      raise exception 'Check-in for this tournament has closed' using errcode = 'PT409', hint = 'check_in_closed';
    end if;
    return jsonb_build_object('entry_id', null, 'checked_in_at', v_place.checked_in_at,
                              'waitlist_position', private.waitlist_position(v_place));
  end if;
  if v_entry.status = 'withdrawn' then
    raise exception 'Your entry was withdrawn: %', coalesce(v_entry.withdraw_reason, 'not checked in in time')
      using errcode = 'PT409', hint = 'entry_withdrawn';
  end if;
  perform private.raise_unless_check_in_open(v_tournament, v_now);
  update public.entries set checked_in_at = coalesce(checked_in_at, v_now)
   where id = v_entry.id
  returning * into v_entry;
  return jsonb_build_object('entry_id', v_entry.id, 'checked_in_at', v_entry.checked_in_at);
end;
$function$;

comment on function public.staff_set_check_in(uuid,boolean,text) is 'Referees: checks an entry in or out by hand with a public reason; not in the window''s last 5 minutes.';
CREATE OR REPLACE FUNCTION public.staff_set_check_in(p_entry_id uuid, p_checked_in boolean, p_reason text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_entry public.entries%rowtype;
  v_tournament public.tournaments%rowtype;
  v_staff uuid;
  v_reason text;
  v_name text;
begin
  select * into v_entry from public.entries where id = p_entry_id for update;
  if not found then
    raise exception 'No such entry' using errcode = 'PT404', hint = 'entry_not_found';
  end if;
  v_staff := private.require_staff('referee', v_entry.tournament_id);
  v_reason := private.require_reason(p_reason);
  if v_entry.status <> 'active' or v_entry.player_id is null then
    raise exception 'Only an active entry with a player can be checked in' using errcode = 'PT409', hint = 'entry_not_active';
  end if;
  select * into v_tournament from public.tournaments where id = v_entry.tournament_id;
  perform private.raise_unless_check_in_open(v_tournament, v_now);
  if v_now >= private.tournament_check_in_closes_at(v_tournament) - interval '5 minutes' then
    raise exception 'Check-in changes by hand are closed in the last 5 minutes of the window' using errcode = 'PT409', hint = 'check_in_locked';
  end if;
  update public.entries set checked_in_at = case when p_checked_in then coalesce(checked_in_at, v_now) end
   where id = p_entry_id
  returning * into v_entry;
  select in_game_name into v_name from public.profiles where id = v_entry.player_id;
  perform private.audit(v_entry.tournament_id, case when p_checked_in then 'checked_in_by_staff' else 'checked_out_by_staff' end,
                        coalesce(v_name, 'A player') || case when p_checked_in then ' checked in by hand' else ' checked out by hand' end,
                        v_reason, null, jsonb_build_object('checked_in_at', v_entry.checked_in_at), true, v_staff, v_entry.id);
  return jsonb_build_object('entry_id', v_entry.id, 'checked_in_at', v_entry.checked_in_at);
end;
$function$;

comment on function public.staff_close_check_in(text) is 'Organisers (public contract): closes check-in now and runs the draw, once (a second call answers the first draw). Before the scheduled close, the entries it withdraws are refunded in full.';
CREATE OR REPLACE FUNCTION public.staff_close_check_in(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_staff uuid := private.require_staff('organiser', p_tournament_id);
  v_early boolean := false;
  v_withdrawn record;
  v_ids uuid[] := '{}';
  v_result jsonb;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  if v_tournament.drawn_at is null then
    if private.tournament_status(v_tournament, v_now) <> 'check-in' then
      raise exception 'Check-in can be closed once registration has closed, before the draw'
        using errcode = 'PT409', hint = 'check_in_not_open';
    end if;
    v_early := v_now < private.tournament_check_in_closes_at(v_tournament);
    perform private.audit(p_tournament_id, 'check_in_closed_by_staff', 'Check-in closed by hand',
                          case when v_early then 'Closed before the scheduled close: entries not checked in are refunded in full' end,
                          jsonb_build_object('check_in_closes_at', private.tournament_check_in_closes_at(v_tournament)),
                          jsonb_build_object('check_in_closes_at', v_now), true, v_staff);
    if v_early then
      for v_withdrawn in
        update public.entries e
           set status = 'withdrawn', withdrawn_at = v_now, withdraw_reason = private.withdraw_reason_text(private.early_close_withdraw_reason_code(e.player_id is not null, v_tournament.entry_fee_paise > 0)),
               withdraw_reason_code = private.early_close_withdraw_reason_code(e.player_id is not null, v_tournament.entry_fee_paise > 0)
         where e.tournament_id = p_tournament_id and e.status = 'active' and e.checked_in_at is null
        returning e.id, e.player_id, e.withdraw_reason
      loop
        v_ids := v_ids || v_withdrawn.id;
        perform private.audit(p_tournament_id, 'entry_withdrawn',
                              coalesce((select in_game_name from public.profiles where id = v_withdrawn.player_id), 'An unclaimed place')
                                || ' withdrawn when check-in was closed early'
                                || case when v_tournament.entry_fee_paise > 0 then ', refunded in full' else '' end,
                              v_withdrawn.withdraw_reason, null, null, true, v_staff, v_withdrawn.id);
      end loop;
    end if;
  end if;
  v_result := private.run_draw(p_tournament_id, v_staff);
  -- A draw that cancels the tournament refunds every paid entry itself.
  if v_early and cardinality(v_ids) > 0 and not coalesce((v_result ->> 'cancelled')::boolean, false) then
    perform private.refund_entries_withdrawn_early(p_tournament_id, v_ids);
  end if;
  return v_result;
end;
$function$;

-- The draw --------------------------------------------------------------------------------------------

comment on function public.get_bracket(text) is 'The public contract: the draw (commitment, secret once drawn, seeds) and every round''s matches with names, scores, winners and status, for anyone.';
CREATE OR REPLACE FUNCTION public.get_bracket(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not exists (select 1 from public.tournaments where id = p_tournament_id) then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  return private.bracket_json(p_tournament_id, null);
end;
$function$;

comment on function public.get_bracket_first(text) is 'What a tournament page shows first, for anyone: get_bracket''s shape with, in a group stage, the matches and tables of the caller''s own groups only (an anonymous visitor or a player without an entry: the first two groups); the other groups are listed by name with later: true and empty tables. complete says whether this is the whole bracket (no group stage, or every group given): if not, the page reads get_bracket once it has painted. At 300 entries in groups then a knockout this is a sixth of the whole.';
CREATE OR REPLACE FUNCTION public.get_bracket_first(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.current_player_id();
  v_all text[];
  v_groups text[];
begin
  if not exists (select 1 from public.tournaments where id = p_tournament_id) then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  select array_agg(g.group_name order by char_length(g.group_name), g.group_name) into v_all
    from (select distinct m.group_name from public.matches m where m.tournament_id = p_tournament_id and m.group_name is not null) as g;
  if v_all is not null then
    select array_agg(distinct m.group_name) into v_groups
      from public.matches m join public.entries e on e.id in (m.entry_a, m.entry_b)
     where m.tournament_id = p_tournament_id and m.group_name is not null and v_player is not null and e.player_id = v_player;
    v_groups := coalesce(v_groups, v_all[1:2]);
  end if;
  return private.bracket_json(p_tournament_id, v_groups)
         || jsonb_build_object('complete', v_all is null or cardinality(v_groups) >= cardinality(v_all));
end;
$function$;

comment on function private.bracket_json(text,text[]) is 'get_bracket''s answer for a tournament that exists: the draw, the rounds with every match object once and the stages (private.stages_json). With p_groups, a group stage''s matches and tables are given only for those groups (get_bracket_first); null gives everything.';
CREATE OR REPLACE FUNCTION private.bracket_json(p_tournament_id text, p_groups text[])
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_tournament public.tournaments%rowtype;
  v_draw public.draws%rowtype;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id;
  select * into v_draw from public.draws where tournament_id = p_tournament_id;
  return jsonb_build_object(
    'format', private.tournament_format(v_tournament),
    'draw', jsonb_build_object(
      'commitment', coalesce(v_draw.commitment, v_tournament.draw_commitment),
      'secret', v_draw.secret,
      'entry_ids', coalesce(to_jsonb(v_draw.entry_ids), '[]'::jsonb),
      'same_buyer', coalesce(v_draw.same_buyer, '[]'::jsonb),
      'drawn_at', v_draw.drawn_at,
      'bracket_size', v_draw.bracket_size)
      -- Groups seeded by rating: the ratings the pots were made from, in the order of entry_ids.
      || case when v_draw.ratings is not null then jsonb_build_object('ratings', to_jsonb(v_draw.ratings)) else '{}'::jsonb end,
    'rounds', coalesce((
      with bounds as (
        select x.stage_no, min(x.round) as first_round, max(x.round) as last_round
          from public.matches x where x.tournament_id = p_tournament_id group by x.stage_no
      ), shaped as (
        select m.round, m.position, m.scheduled_at,
               private.stage_round_name(m.round, coalesce(st.kind, 'knockout'), m.bracket, b.first_round, b.last_round) as name,
               jsonb_build_object(
                 'id', m.id, 'round', m.round, 'position', m.position,
                 'entries', jsonb_build_array(
                   case when m.entry_a is null then null else jsonb_build_object('entry_id', m.entry_a, 'in_game_name', pa.in_game_name) end,
                   case when m.entry_b is null then null else jsonb_build_object('entry_id', m.entry_b, 'in_game_name', pb.in_game_name) end),
                 'score', case when m.score_a is null then null else jsonb_build_array(m.score_a, m.score_b) end,
                 'winner_entry_id', m.winner_entry_id,
                 'status', m.status,
                 'scheduled_at', m.scheduled_at,
                 'stage', coalesce(st.kind, 'knockout'), 'group', m.group_name, 'bracket', m.bracket) as match
          from public.matches m
          join bounds b on b.stage_no = m.stage_no
          left join public.tournament_stages st on st.tournament_id = m.tournament_id and st.stage_no = m.stage_no
          left join public.entries ea on ea.id = m.entry_a
          left join public.profiles pa on pa.id = ea.player_id
          left join public.entries eb on eb.id = m.entry_b
          left join public.profiles pb on pb.id = eb.player_id
         where m.tournament_id = p_tournament_id
           and (p_groups is null or m.group_name is null or m.group_name = any (p_groups))
      )
      select jsonb_agg(jsonb_build_object('round', round, 'name', name, 'scheduled_at', scheduled_at, 'matches', matches)
                       order by round, first_position)
        from (select round, name, min(position) as first_position, min(scheduled_at) as scheduled_at,
                     jsonb_agg(match order by position) as matches
                from shaped group by round, name) as r), '[]'::jsonb),
    'stages', private.stages_json(p_tournament_id, p_groups)
  );
end;
$function$;

comment on function private.match_round_name(public.matches) is 'The name of a match''s round as players read it (private.stage_round_name): Group matchday n in groups, Round n in Swiss, the winners'' and losers'' rounds and the grand final in double elimination; in a knockout stage Final, Semi-finals, Quarter-finals or Round of N counted from the stage''s final, and Third place.';
CREATE OR REPLACE FUNCTION private.match_round_name(p_match public.matches)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select private.stage_round_name(p_match.round,
                                  coalesce((select s.kind from public.tournament_stages s
                                             where s.tournament_id = p_match.tournament_id and s.stage_no = p_match.stage_no), 'knockout'),
                                  p_match.bracket, min(x.round), max(x.round))
    from public.matches x
   where x.tournament_id = p_match.tournament_id and x.stage_no = p_match.stage_no;
$function$;

comment on function private.stage_round_name(integer,text,text,integer,integer) is 'A round''s name from its stage''s kind and its place in the stage (the stage''s first and last play-order rounds): Group matchday n; Round n of a Swiss stage; Winners round n, Losers round n, Grand final and Grand final reset in double elimination (the grand final is played at an even place of the stage, its reset right after); Third place; else the knockout names counted from the stage''s final.';
CREATE OR REPLACE FUNCTION private.stage_round_name(p_round integer, p_kind text, p_bracket text, p_first integer, p_last integer)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when p_kind = 'groups' then 'Group matchday ' || (p_round - p_first + 1)
              when p_kind = 'swiss' then 'Round ' || (p_round - p_first + 1)
              when p_bracket = 'winners' then 'Winners round ' || case when p_round = p_first then 1 else (p_round - p_first + 1) / 2 + 1 end
              when p_bracket = 'losers' then 'Losers round ' || (p_round - p_first)
              when p_bracket = 'grand_final' then case when (p_round - p_first + 1) % 2 = 0 then 'Grand final' else 'Grand final reset' end
              when p_bracket = 'third_place' then 'Third place'
              else private.round_name(p_round - p_first + 1, p_last - p_first + 1) end;
$function$;

comment on function private.de_bracket_rounds_json(text,integer,text) is 'One bracket of a double-elimination stage for get_bracket''s stages (p_bracket winners or losers): its rounds in play order, each { name, matches } with the match ids by position.';
CREATE OR REPLACE FUNCTION private.de_bracket_rounds_json(p_tournament_id text, p_stage_no integer, p_bracket text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object('name', r.name, 'matches', r.ids) order by r.round), '[]'::jsonb)
    from (select m.round, private.stage_round_name(m.round, 'double_elimination', p_bracket, 1, 1) as name,
                 jsonb_agg(m.id order by m.position) as ids
            from public.matches m
           where m.tournament_id = p_tournament_id and m.stage_no = p_stage_no and m.bracket = p_bracket
           group by m.round) as r;
$function$;

comment on function private.group_table_json(text,integer,text,boolean) is 'One group''s table as get_bracket''s stages and get_group_table give it: each row of private.group_table with the player''s in-game name, in rank order, and whether the player went on to a later stage (only once the stage is closed).';
CREATE OR REPLACE FUNCTION private.group_table_json(p_tournament_id text, p_stage_no integer, p_group text, p_closed boolean)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object(
           'entry_id', t.entry_id, 'in_game_name', p.in_game_name, 'played', t.played, 'won', t.won,
           'drawn', t.drawn, 'lost', t.lost, 'goals_for', t.goals_for, 'goals_against', t.goals_against,
           'goal_difference', t.goal_difference, 'points', t.points, 'rank', t.rank,
           'qualified', p_closed and exists (
             select 1 from public.matches k where k.tournament_id = p_tournament_id and k.stage_no > p_stage_no
                and t.entry_id in (k.entry_a, k.entry_b)),
           'decided_by', t.decided_by) order by t.rank), '[]'::jsonb)
    from private.group_table(p_tournament_id, p_stage_no, p_group) t
    left join public.entries e on e.id = t.entry_id
    left join public.profiles p on p.id = e.player_id;
$function$;

comment on function public.get_group_table(text,text) is 'One group''s table of a tournament''s group stage, exactly as get_bracket''s stages give it (private.group_table_json), for anyone: what a bracket page reads after a result in that group instead of the whole bracket. An unknown tournament or group answers an empty table.';
CREATE OR REPLACE FUNCTION public.get_group_table(p_tournament_id text, p_group text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce((select private.group_table_json(p_tournament_id, s.stage_no, p_group, s.closed_at is not null)
                     from public.tournament_stages s
                    where s.tournament_id = p_tournament_id and s.kind = 'groups'
                      and exists (select 1 from public.matches m
                                   where m.tournament_id = p_tournament_id and m.stage_no = s.stage_no and m.group_name = p_group)
                    order by s.stage_no limit 1), '[]'::jsonb);
$function$;

comment on function private.stages_json(text,text[]) is 'get_bracket''s stages: each stage the draw made, in play order, referring to matches by id in play order (groups with their tables, or with p_groups only those groups'' tables and matches, the others by name with later: true; a knockout with its rounds and third-place match, and after groups its feeds: the group place each first-round slot takes, private.qualifier_slot; Swiss with its rounds and table; double elimination with its winners'' and losers'' rounds and the grand final, one match or two after a reset).';
CREATE OR REPLACE FUNCTION private.stages_json(p_tournament_id text, p_groups text[] DEFAULT NULL::text[])
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(
    case s.kind
      when 'groups' then jsonb_build_object(
        'kind', 'groups', 'name', s.name,
        'advance', jsonb_build_object('per_group', (s.settings #>> '{advance,per_group}')::integer,
                                      'best_of_next', coalesce((s.settings #>> '{advance,best_of_next}')::integer, 0)),
        'groups', coalesce((
          select jsonb_agg(case when p_groups is null or g.group_name = any (p_groups) then jsonb_build_object(
                   'name', g.group_name,
                   'table', private.group_table_json(p_tournament_id, s.stage_no, g.group_name, s.closed_at is not null),
                   'matches', (select jsonb_agg(m.id order by m.round, m.position) from public.matches m
                                where m.tournament_id = p_tournament_id and m.stage_no = s.stage_no and m.group_name = g.group_name))
                   else jsonb_build_object('name', g.group_name, 'table', '[]'::jsonb, 'matches', '[]'::jsonb, 'later', true) end
                 order by char_length(g.group_name), g.group_name)
            from (select distinct m.group_name from public.matches m
                   where m.tournament_id = p_tournament_id and m.stage_no = s.stage_no and m.group_name is not null) as g), '[]'::jsonb))
      when 'knockout' then jsonb_build_object(
        'kind', 'knockout', 'name', s.name,
        'rounds', coalesce((
          select jsonb_agg(jsonb_build_object('name', r.name, 'matches', r.ids) order by r.round, r.first_position)
            from (select m.round, m.bracket = 'third_place' as third, min(m.position) as first_position,
                         private.stage_round_name(m.round, 'knockout', min(m.bracket), min(min(m.round)) over (), max(max(m.round)) over ()) as name,
                         jsonb_agg(m.id order by m.position) as ids
                    from public.matches m
                   where m.tournament_id = p_tournament_id and m.stage_no = s.stage_no
                   group by m.round, m.bracket = 'third_place') as r), '[]'::jsonb),
        'third_place', (select to_jsonb(m.id) from public.matches m
                         where m.tournament_id = p_tournament_id and m.stage_no = s.stage_no and m.bracket = 'third_place'))
        -- After a group stage: which group place feeds each first-round match, [slot a, slot b] (the projected path).
        || coalesce((
          select jsonb_build_object('feeds', (
                   select jsonb_agg(jsonb_build_array(private.qualifier_slot(x.seeds[2 * p - 1], x.groups, x.per_group),
                                                      private.qualifier_slot(x.seeds[2 * p], x.groups, x.per_group)) order by p)
                     from generate_series(1, (s.settings ->> 'size')::integer / 2) as p))
            from public.tournament_stages g
           cross join lateral (select (g.settings ->> 'groups')::integer as groups,
                                      (g.settings #>> '{advance,per_group}')::integer as per_group,
                                      private.knockout_slot_seeds((g.settings ->> 'groups')::integer,
                                                                  (g.settings #>> '{advance,per_group}')::integer,
                                                                  (g.settings #>> '{advance,best_of_next}')::integer,
                                                                  (s.settings ->> 'size')::integer,
                                                                  (s.settings ->> 'qualifiers')::integer) as seeds) as x
           where g.tournament_id = p_tournament_id and g.stage_no = s.stage_no - 1 and g.kind = 'groups'), '{}'::jsonb)
      when 'swiss' then jsonb_build_object(
        'kind', 'swiss', 'name', s.name,
        'rounds', coalesce((
          select jsonb_agg(jsonb_build_object('name', 'Round ' || r.n, 'matches', r.ids) order by r.n)
            from (select dense_rank() over (order by m.round) as n, jsonb_agg(m.id order by m.position) as ids
                    from public.matches m
                   where m.tournament_id = p_tournament_id and m.stage_no = s.stage_no
                   group by m.round) as r), '[]'::jsonb),
        'table', coalesce((
          select jsonb_agg(jsonb_build_object(
                   'entry_id', t.row ->> 'entry_id', 'in_game_name', p.in_game_name,
                   'played', (t.row ->> 'played')::integer, 'won', (t.row ->> 'won')::integer, 'drawn', (t.row ->> 'drawn')::integer,
                   'lost', (t.row ->> 'lost')::integer, 'points', (t.row ->> 'points')::integer,
                   'median_buchholz', (t.row ->> 'median_buchholz')::integer, 'buchholz', (t.row ->> 'buchholz')::integer,
                   'goal_difference', (t.row ->> 'goal_difference')::integer, 'byes', (t.row ->> 'byes')::integer,
                   'rank', (t.row ->> 'rank')::integer) order by t.n)
            from jsonb_array_elements(private.swiss_stage_table(p_tournament_id, s.stage_no)) with ordinality as t (row, n)
            left join public.entries e on e.id = (t.row ->> 'entry_id')::uuid
            left join public.profiles p on p.id = e.player_id), '[]'::jsonb))
      when 'double_elimination' then jsonb_build_object(
        'kind', 'double_elimination', 'name', s.name,
        'winners', private.de_bracket_rounds_json(p_tournament_id, s.stage_no, 'winners'),
        'losers', private.de_bracket_rounds_json(p_tournament_id, s.stage_no, 'losers'),
        'grand_final', coalesce((
          select jsonb_agg(m.id order by m.round) from public.matches m
           where m.tournament_id = p_tournament_id and m.stage_no = s.stage_no and m.bracket = 'grand_final'), '[]'::jsonb))
      else jsonb_build_object('kind', s.kind, 'name', s.name)
    end order by s.stage_no), '[]'::jsonb)
    from public.tournament_stages s
   where s.tournament_id = p_tournament_id;
$function$;

-- The waitlist: joining, reading a place --------------------------------------------------------------

comment on function public.join_waitlist(text) is 'The public contract: puts the caller on the waitlist of a full free tournament; answers { position }.';
CREATE OR REPLACE FUNCTION public.join_waitlist(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_place public.waitlist_places%rowtype;
begin
  -- The lock every waitlist join and the draw take: joins are counted one at a time, and none slips in
  -- while the draw hands out the empty places.
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    raise exception 'Unknown tournament' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  if v_tournament.entry_fee_paise > 0 then
    raise exception 'This tournament has an entry fee: pay to join its waitlist' using errcode = 'PT409', hint = 'not_a_free_tournament';
  end if;
  perform private.raise_entry_refusal(private.free_entry_refusal(v_player));
  perform private.raise_waitlist_refusal(private.waitlist_refusal(v_tournament, v_player, v_now));

  insert into public.waitlist_places (tournament_id, player_id, joined_at)
  values (p_tournament_id, v_player, v_now)
  returning * into v_place;
  return jsonb_build_object('position', private.waitlist_position(v_place));
end;
$function$;

comment on function public.service_prepare_waitlist_entry(uuid,text,integer) is 'What a waitlist place costs (the entry fee, one slot), or why it is refused (not_full, waitlist_full, waitlist_closed, invalid_slot_count, eligibility). Service role only.';
CREATE OR REPLACE FUNCTION public.service_prepare_waitlist_entry(p_user_id uuid, p_tournament_id text, p_slots integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
begin
  if p_user_id is null then
    raise exception 'Please log in to continue' using errcode = 'PT401', hint = 'not_signed_in';
  end if;
  if p_slots is distinct from 1 then
    raise exception 'The waitlist takes one place per player: choose 1 slot' using errcode = 'PT400', hint = 'invalid_slot_count';
  end if;
  select * into v_tournament from public.tournaments where id = p_tournament_id;
  if not found then
    raise exception 'Unknown tournament' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  if v_tournament.entry_fee_paise = 0 then
    raise exception 'This tournament is free: join its waitlist without paying' using errcode = 'PT409', hint = 'free_entry_no_checkout';
  end if;
  perform private.raise_entry_refusal(private.paid_entry_refusal(p_user_id));
  perform private.raise_waitlist_refusal(private.waitlist_refusal(v_tournament, p_user_id, v_now));
  return jsonb_build_object(
    'amount_paise', v_tournament.entry_fee_paise,
    'currency', 'INR',
    'checkout_timeout_seconds', private.checkout_timeout_seconds()
  );
end;
$function$;

comment on function public.service_record_waitlist_order(uuid,text,text,integer,text) is 'The payments row of a new Razorpay order for a waitlist place (one slot); it replaces the player''s open orders for the tournament. Service role only.';
CREATE OR REPLACE FUNCTION public.service_record_waitlist_order(p_user_id uuid, p_tournament_id text, p_razorpay_order_id text, p_amount_paise integer, p_currency text)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_payment_id uuid;
begin
  v_payment_id := public.service_record_payment_order(p_user_id, p_tournament_id, 1, p_razorpay_order_id, p_amount_paise, p_currency);
  update public.payments set for_waitlist = true where id = v_payment_id;
  return v_payment_id;
end;
$function$;

comment on function public.get_waitlist_position(text) is 'The public contract: the caller''s position on a tournament''s waitlist, { position } (1-based; null once promoted or refunded); PT404 not_on_waitlist if never on it.';
CREATE OR REPLACE FUNCTION public.get_waitlist_position(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.require_player();
  v_place public.waitlist_places%rowtype;
begin
  select * into v_place from public.waitlist_places where tournament_id = p_tournament_id and player_id = v_player;
  if not found then
    raise exception 'You are not on this tournament''s waitlist' using errcode = 'PT404', hint = 'not_on_waitlist';
  end if;
  return jsonb_build_object('position', private.waitlist_position(v_place));
end;
$function$;

comment on function public.get_waitlist(text) is 'A tournament''s waitlist for its page: whether it takes joins, its size and how many wait, until when, and the caller''s own place (mine: position, status, checked_in_at, paid, left) when signed in.';
CREATE OR REPLACE FUNCTION public.get_waitlist(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_player uuid := private.current_player_id();
  v_tournament public.tournaments%rowtype;
  v_place public.waitlist_places%rowtype;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id;
  if not found then
    raise exception 'Unknown tournament' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  if v_player is not null then
    select * into v_place from public.waitlist_places where tournament_id = p_tournament_id and player_id = v_player;
  end if;
  return jsonb_build_object(
    'takes_joins', private.waitlist_takes_joins(v_tournament, v_now),
    'capacity', private.waitlist_capacity(v_tournament.max_players),
    'waiting', (select count(*) from public.waitlist_places w where w.tournament_id = p_tournament_id and w.status = 'waiting'),
    'closes_at', private.tournament_check_in_closes_at(v_tournament),
    'check_in_opens_at', private.tournament_check_in_opens_at(v_tournament),
    'check_in_open', private.check_in_is_open(v_tournament, v_now),
    'entry_fee_paise', v_tournament.entry_fee_paise,
    -- A player with a place in the bracket is not offered the waitlist.
    'in_tournament', v_player is not null and exists (select 1 from public.entries e
                                                        where e.tournament_id = p_tournament_id and e.player_id = v_player
                                                          and e.status <> 'cancelled'),
    'mine', case when v_place.id is not null then jsonb_build_object(
              'position', private.waitlist_position(v_place), 'status', v_place.status, 'checked_in_at', v_place.checked_in_at,
              'paid', v_place.payment_id is not null,
              -- Released before the draw: the player left it (the close releases a place in the draw's own moment).
              'left', v_place.status = 'released' and v_place.closed_at < coalesce(v_tournament.drawn_at, 'infinity'::timestamptz)) end
  );
end;
$function$;

-- The waitlist: the player's place, its receipt, leaving it -------------------------------------------

comment on function public.get_my_waitlist_places() is 'The caller''s waitlist places still waiting, for the dashboard and My Tournaments: the tournament, its page, the position, the check-in window that can move them up, whether checked in, and what was paid (0 for a free place).';
CREATE OR REPLACE FUNCTION public.get_my_waitlist_places()
 RETURNS TABLE(tournament_id text, tournament_title text, link text, "position" integer, checked_in_at timestamp with time zone, check_in_opens_at timestamp with time zone, check_in_closes_at timestamp with time zone, paid_paise integer, joined_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.require_player();
begin
  return query
    select w.tournament_id, t.title, private.tournament_page_link(t), private.waitlist_position(w), w.checked_in_at,
           private.tournament_check_in_opens_at(t), private.tournament_check_in_closes_at(t),
           coalesce(p.amount_paise, 0), w.joined_at
      from public.waitlist_places w
      join public.tournaments t on t.id = w.tournament_id
      left join public.payments p on p.id = w.payment_id
     where w.player_id = v_player and w.status = 'waiting' and private.waitlist_position(w) is not null
     order by t.starts_at, w.number;
end;
$function$;

comment on function public.leave_waitlist(text) is 'The public contract: the caller leaves a tournament''s waitlist until check-in closes ({ status: released, refund_paise }); a paid place is refunded in full through the refund outbox (left_waitlist). PT409 waitlist_promoted, waitlist_place_closed, waitlist_leave_closed; PT404 not_on_waitlist, tournament_not_found.';
CREATE OR REPLACE FUNCTION public.leave_waitlist(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_place public.waitlist_places%rowtype;
  v_payment public.payments%rowtype;
  v_refund integer := 0;
begin
  -- The lock joins and the draw take: a leave and the close never cross.
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    raise exception 'Unknown tournament' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  select * into v_place from public.waitlist_places
   where tournament_id = p_tournament_id and player_id = v_player
     for update;
  if not found then
    raise exception 'You are not on this tournament''s waitlist' using errcode = 'PT404', hint = 'not_on_waitlist';
  end if;
  if v_place.status = 'promoted' then
    raise exception 'You moved up from the waitlist: you have a place in the tournament now'
      using errcode = 'PT409', hint = 'waitlist_promoted';
  end if;
  if v_place.status <> 'waiting' then
    raise exception 'You are no longer on this tournament''s waitlist' using errcode = 'PT409', hint = 'waitlist_place_closed';
  end if;
  if v_tournament.drawn_at is not null or v_tournament.cancelled_at is not null
     or v_now >= private.tournament_check_in_closes_at(v_tournament) then
    raise exception 'Check-in has closed: your waitlist place can no longer be left'
      using errcode = 'PT409', hint = 'waitlist_leave_closed';
  end if;

  update public.waitlist_places set status = 'released', closed_at = v_now where id = v_place.id;
  if v_place.payment_id is not null then
    update public.payments p
       set status = 'refund_pending', failure_reason = private.refusal_reason('left_waitlist'), failure_reason_code = 'left_waitlist', updated_at = v_now
     where p.id = v_place.payment_id and p.status = 'paid' and private.refundable_paise(p) > 0
    returning * into v_payment;
    if found then
      v_refund := private.refundable_paise(v_payment)::integer;
      perform private.queue_refund(v_payment.razorpay_payment_id, v_refund, 'left_waitlist', v_payment);
    end if;
  end if;
  return jsonb_build_object('status', 'released', 'refund_paise', v_refund);
end;
$function$;

-- Live brackets: the rows a watcher receives ---------------------------------------------------------

comment on function private.publish_bracket_row() is 'The matches_publish_bracket_row trigger: at commit, writes the match as the bracket shows it into bracket_rows, and leaves the row untouched when nothing shown changed (so a transaction that updates a match twice, or changes only a ready time, sends watchers nothing more).';
CREATE OR REPLACE FUNCTION private.publish_bracket_row()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_row jsonb;
begin
  -- Deferred to the commit: the match as the transaction leaves it, whatever it did to it in between.
  -- The match's id and tournament are the row's own columns: not repeated in it.
  select jsonb_build_object('round', m.round, 'position', m.position,
                            'entry_a', m.entry_a, 'entry_b', m.entry_b, 'winner_entry_id', m.winner_entry_id,
                            'score_a', m.score_a, 'score_b', m.score_b, 'status', m.status,
                            'scheduled_at', m.scheduled_at, 'updated_at', m.updated_at, 'group_name', m.group_name)
    into v_row
    from public.matches m
   where m.id = new.id;
  if v_row is null then
    return null;
  end if;
  insert into public.bracket_rows as b (match_id, tournament_id, "row")
  values (new.id, new.tournament_id, v_row)
  on conflict (match_id) do update set "row" = excluded."row" where b."row" is distinct from excluded."row";
  return null;
end;
$function$;

CREATE CONSTRAINT TRIGGER matches_publish_bracket_row AFTER UPDATE ON public.matches DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_at <> now() AND (old.status IS DISTINCT FROM new.status OR old.entry_a IS DISTINCT FROM new.entry_a OR old.entry_b IS DISTINCT FROM new.entry_b OR old.winner_entry_id IS DISTINCT FROM new.winner_entry_id OR old.score_a IS DISTINCT FROM new.score_a OR old.score_b IS DISTINCT FROM new.score_b OR old.scheduled_at IS DISTINCT FROM new.scheduled_at)) EXECUTE FUNCTION private.publish_bracket_row();
comment on trigger matches_publish_bracket_row on public.matches is 'What a bracket page shows of a match changed: bracket_rows gets the match as the transaction leaves it, once, at commit (private.publish_bracket_row). Not for a match made in the same transaction (the draw, a Swiss round, a reset: its byes and first players): watchers read the whole bracket for a new match.';

-- =====================================================================================================
-- Policies and grants: who may read, write and call
-- =====================================================================================================

-- Entries ---------------------------------------------------------------------------------------------

revoke all on table public.entries from anon;
revoke all on table public.entries from authenticated;
grant select on table public.entries to authenticated;
alter publication supabase_realtime add table public.entries;

-- The draw --------------------------------------------------------------------------------------------

revoke all on table public.tournament_stages from anon;
grant select on table public.tournament_stages to anon;
revoke all on table public.tournament_stages from authenticated;
grant select on table public.tournament_stages to authenticated;

revoke all on table public.draws from anon;
grant select on table public.draws to anon;
revoke all on table public.draws from authenticated;
grant select on table public.draws to authenticated;

-- Entries ---------------------------------------------------------------------------------------------

revoke all on function private.create_entries_for_registration(public.tournament_registrations) from public;

revoke all on function private.my_entries_json(uuid,public.tournaments,timestamp with time zone) from public;

-- Invitations -----------------------------------------------------------------------------------------

revoke all on function private.is_email_address(text) from public;

revoke all on function private.invitation_token(text) from public;

revoke all on function private.invitation_email_limits() from public;

revoke all on function private.quoted_in_game_name(text) from public;

-- Check-in --------------------------------------------------------------------------------------------

revoke all on function private.check_in_is_open(public.tournaments,timestamp with time zone) from public;

revoke all on function private.raise_unless_check_in_open(public.tournaments,timestamp with time zone) from public;

revoke all on function private.early_close_withdraw_reason_code(boolean,boolean) from public;
revoke all on function private.withdraw_reason_text(text) from public;

revoke all on function private.refund_entries_withdrawn_early(text,uuid[]) from public;

revoke all on function private.missed_check_in_reason_code(boolean,boolean) from public;

revoke all on function private.refund_missed_pod_check_ins(text,uuid[]) from public;

revoke all on function private.pod_prize_pool(bigint,integer,integer) from public;

revoke all on function private.pod_prize_formula(jsonb,bigint,bigint) from public;

revoke all on function private.shrink_pod_prizes(text,integer) from public;

-- The draw --------------------------------------------------------------------------------------------

revoke all on function private.sha256_hex(text) from public;

revoke all on function private.set_match_status(uuid[],text,jsonb) from public;

revoke all on function private.new_draw_secret() from public;

revoke all on function private.commit_draw_secret() from public;

revoke all on function private.next_power_of_two(integer) from public;

revoke all on function private.bracket_rounds(integer) from public;

revoke all on function private.standard_seed_order(integer) from public;

revoke all on function private.de_bracket_rounds_json(text,integer,text) from public;

revoke all on function private.rating_pots(uuid[],uuid[],integer[],integer) from public;

revoke all on function private.knockout_slot_seeds(integer,integer,integer,integer,integer) from public;

revoke all on function private.qualifier_slot(integer,integer,integer) from public;

revoke all on function private.draw_seeds(text,uuid[],uuid[]) from public;

revoke all on function private.run_draw(text,uuid) from public;

revoke all on function private.group_letter(integer) from public;

revoke all on function private.group_stats(text,integer,text,uuid[]) from public;

revoke all on function private.group_tie_order(text,integer,text,uuid[],text) from public;

revoke all on function private.group_table(text,integer,text) from public;

revoke all on function private.draw_groups(uuid[],uuid[],uuid[],integer) from public;

revoke all on function private.schedule_groups(text,jsonb,timestamp with time zone,interval,text) from public;

revoke all on function private.new_match_id_base() from public;

revoke all on function private.match_id(text,integer) from public;

revoke all on function private.knockout_match_n(integer,integer,integer,integer,integer) from public;

revoke all on function private.match_id_base_of(uuid) from public;

revoke all on function private.next_match_id(text) from public;

revoke all on function private.create_double_elimination(text,integer,uuid[],timestamp with time zone,interval,text) from public;

revoke all on function private.add_grand_final_reset(public.matches,timestamp with time zone) from public;

revoke all on function private.swiss_stage_table(text,integer) from public;

revoke all on function private.swiss_rounds_left(text,integer) from public;

revoke all on function private.pair_swiss_round(text,integer,timestamp with time zone,text) from public;

revoke all on function private.create_knockout(text,integer,integer,integer,integer,boolean,timestamp with time zone,interval,text,integer,uuid[]) from public;

revoke all on function private.run_due_draw_work() from public;

revoke all on function private.run_due_draw_announcements() from public;

-- Entries ---------------------------------------------------------------------------------------------

revoke all on function private.entries_follow_registration() from public;

revoke all on function private.entry_json(public.entries) from public;

-- Invitations -----------------------------------------------------------------------------------------

revoke all on function private.get_entry_invitation_by_uuid(uuid) from public;
grant execute on function private.get_entry_invitation_by_uuid(uuid) to service_role;

revoke all on function private.accept_entry_invitation_by_uuid(uuid) from public;
grant execute on function private.accept_entry_invitation_by_uuid(uuid) to service_role;

-- The draw --------------------------------------------------------------------------------------------

revoke all on function private.tournament_round_interval(public.tournaments) from public;

revoke all on function private.round_name(integer,integer) from public;

revoke all on function private.match_round_name(public.matches) from public;

revoke all on function private.stage_round_name(integer,text,text,integer,integer) from public;

revoke all on function private.stages_json(text,text[]) from public;

revoke all on function private.announce_draws(timestamp with time zone) from public;

-- Entries ---------------------------------------------------------------------------------------------

revoke all on function public.get_my_entries(text) from anon;
revoke all on function public.get_my_entries(text) from public;

revoke all on function public.get_my_entries_all() from anon;
revoke all on function public.get_my_entries_all() from public;

-- Invitations -----------------------------------------------------------------------------------------

revoke all on function public.invite_to_entry(uuid,text,text) from anon;
revoke all on function public.invite_to_entry(uuid,text,text) from public;

revoke all on function public.get_entry_invitation(text) from public;

revoke all on function public.accept_entry_invitation(text) from anon;
revoke all on function public.accept_entry_invitation(text) from public;

-- Check-in --------------------------------------------------------------------------------------------

revoke all on function public.check_in(text) from anon;
revoke all on function public.check_in(text) from public;

revoke all on function public.staff_set_check_in(uuid,boolean,text) from anon;
revoke all on function public.staff_set_check_in(uuid,boolean,text) from public;

revoke all on function public.staff_close_check_in(text) from anon;
revoke all on function public.staff_close_check_in(text) from public;

-- The draw --------------------------------------------------------------------------------------------

revoke all on function public.get_bracket(text) from public;
revoke all on function public.get_bracket_first(text) from public;
revoke all on function private.bracket_json(text,text[]) from public;

-- Entries ---------------------------------------------------------------------------------------------

create policy "Players read the entries they play or bought" on public.entries
  as permissive for select to authenticated
  using (((player_id = ( SELECT private.current_player_id() AS current_player_id)) OR (buyer_id = ( SELECT private.current_player_id() AS current_player_id))));

-- The draw --------------------------------------------------------------------------------------------

create policy "Anyone can read the stages" on public.tournament_stages
  as permissive for select to anon, authenticated
  using (true);

create policy "Anyone can read draws" on public.draws
  as permissive for select to anon, authenticated
  using (true);

-- The waitlist: joining, reading a place --------------------------------------------------------------

revoke all on table public.waitlist_places from anon;
revoke all on table public.waitlist_places from authenticated;
grant select on table public.waitlist_places to authenticated;

revoke all on function private.waitlist_capacity(integer) from public;

revoke all on function private.waitlist_takes_joins(public.tournaments,timestamp with time zone) from public;

revoke all on function private.waitlist_refusal(public.tournaments,uuid,timestamp with time zone) from public;

revoke all on function private.waitlist_position(public.waitlist_places) from public;

revoke all on function private.payment_waitlist_position(public.payments) from public;

revoke all on function private.take_waitlist_place(public.payments,text,timestamp with time zone) from public;

revoke all on function private.waitlist_follows_payment() from public;

revoke all on function private.raise_waitlist_refusal(text) from public;

revoke all on function public.join_waitlist(text) from anon;
revoke all on function public.join_waitlist(text) from public;

revoke all on function public.service_prepare_waitlist_entry(uuid,text,integer) from anon;
revoke all on function public.service_prepare_waitlist_entry(uuid,text,integer) from authenticated;
revoke all on function public.service_prepare_waitlist_entry(uuid,text,integer) from public;

revoke all on function public.service_record_waitlist_order(uuid,text,text,integer,text) from anon;
revoke all on function public.service_record_waitlist_order(uuid,text,text,integer,text) from authenticated;
revoke all on function public.service_record_waitlist_order(uuid,text,text,integer,text) from public;

revoke all on function public.get_waitlist_position(text) from anon;
revoke all on function public.get_waitlist_position(text) from public;

create policy "Players read their own waitlist places" on public.waitlist_places
  as permissive for select to authenticated
  using ((( SELECT private.current_player_id() AS current_player_id) = player_id));

-- The waitlist: the player's place, its receipt, leaving it -------------------------------------------

revoke all on function private.waitlist_joined_notice(public.waitlist_places) from public;

revoke all on function private.send_waitlist_receipt() from public;

revoke all on function private.export_waitlist(uuid) from public;

revoke all on function public.get_my_waitlist_places() from anon;
revoke all on function public.get_my_waitlist_places() from public;

revoke all on function public.leave_waitlist(text) from anon;
revoke all on function public.leave_waitlist(text) from public;

-- Check-in close: the empty places go to the waitlist -------------------------------------------------

revoke all on function private.fill_places_from_waitlist(text,timestamp with time zone) from public;

-- Live brackets: the rows a watcher receives ---------------------------------------------------------

revoke all on table public.bracket_rows from anon;
grant select on table public.bracket_rows to anon;
revoke all on table public.bracket_rows from authenticated;
grant select on table public.bracket_rows to authenticated;
alter publication supabase_realtime add table public.bracket_rows;

revoke all on function private.publish_bracket_row() from public;

create policy "Anyone can read the bracket's rows" on public.bracket_rows
  as permissive for select to anon, authenticated
  using (true);

revoke all on function private.group_table_json(text,integer,text,boolean) from public;

revoke all on function public.get_group_table(text,text) from public;
