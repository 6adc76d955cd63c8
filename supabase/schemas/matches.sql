-- =====================================================================================================
-- matches: match play: the room, Ready, reports, confirmation, disputes and staff decisions, and their deadlines
-- =====================================================================================================
-- The source of this area of the database. Edit it, then `npm run migration:new <name>` writes the migration
-- from the difference (scripts/migration-new.ts). Statements may name objects declared further down or in
-- another area file: the files are applied as a whole. Rule rows are idempotent upserts.
-- =====================================================================================================

-- =====================================================================================================
-- Tables: what is kept
-- =====================================================================================================

-- Matches and who sees them ---------------------------------------------------------------------------

comment on table public.matches is 'Every match of a bracket, created by the draw for all rounds. Readable by anyone; written by SQL functions only.';
create table public.matches (
  id uuid default (((lpad(to_hex((floor((EXTRACT(epoch FROM clock_timestamp()) * (1000)::numeric)))::bigint), 12, '0'::text) || '7'::text) || substr((gen_random_uuid())::text, 16)))::uuid not null,
  tournament_id text not null,
  round integer not null,
  position integer not null,
  entry_a uuid,
  entry_b uuid,
  winner_entry_id uuid,
  score_a integer,
  score_b integer,
  status text default 'pending'::text not null,
  scheduled_at timestamp with time zone not null,
  confirmed_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  ready_a_at timestamp with time zone,
  ready_b_at timestamp with time zone,
  room_posted_at timestamp with time zone,
  walkover_entry_id uuid,
  walkover_claimed_at timestamp with time zone,
  room_host text default 'a'::text not null,
  settings_checked_at timestamp with time zone,
  disconnections_ruled integer default 0 not null,
  disconnection_ruling text,
  disconnection_minute integer,
  minutes_left integer,
  carried_score_a integer,
  carried_score_b integer,
  replay_ends_at timestamp with time zone,
  disconnection_reported_at timestamp with time zone,
  bracket text,
  group_name text,
  loser_match_id uuid,
  loser_slot text,
  next_match_id uuid,
  next_slot text,
  stage_no integer default 1 not null,
  constraint matches_pkey PRIMARY KEY (id),
  constraint matches_one_per_place UNIQUE (tournament_id, round, "position"),
  constraint matches_entry_a_fkey FOREIGN KEY (entry_a) REFERENCES public.entries(id),
  constraint matches_entry_b_fkey FOREIGN KEY (entry_b) REFERENCES public.entries(id),
  constraint matches_next_match_id_fkey FOREIGN KEY (next_match_id) REFERENCES public.matches(id),
  constraint matches_loser_match_id_fkey FOREIGN KEY (loser_match_id) REFERENCES public.matches(id),
  constraint matches_tournament_id_fkey FOREIGN KEY (tournament_id) REFERENCES public.tournaments(id),
  constraint matches_walkover_entry_id_fkey FOREIGN KEY (walkover_entry_id) REFERENCES public.entries(id),
  constraint matches_winner_entry_id_fkey FOREIGN KEY (winner_entry_id) REFERENCES public.entries(id),
  constraint matches_bracket_known CHECK (((bracket IS NULL) OR (bracket = ANY (ARRAY['winners'::text, 'losers'::text, 'grand_final'::text, 'third_place'::text])))),
  constraint matches_group_name_letters CHECK (((group_name IS NULL) OR (group_name ~ '^[A-Z]{1,3}$'::text))),
  constraint matches_next_slot_side CHECK ((((next_match_id IS NULL) AND (next_slot IS NULL)) OR ((next_match_id IS NOT NULL) AND (next_slot = ANY (ARRAY['a'::text, 'b'::text]))))),
  constraint matches_loser_slot_side CHECK ((((loser_match_id IS NULL) AND (loser_slot IS NULL)) OR ((loser_match_id IS NOT NULL) AND (loser_slot = ANY (ARRAY['a'::text, 'b'::text]))))),
  constraint matches_stage_no_positive CHECK ((stage_no >= 1)),
  constraint matches_disconnection_ruling_known CHECK (((disconnection_ruling IS NULL) OR (disconnection_ruling = ANY (ARRAY['restart'::text, 'play_remaining'::text])))),
  constraint matches_disconnections_ruled_range CHECK (((disconnections_ruled >= 0) AND (disconnections_ruled <= 1))),
  constraint matches_position_positive CHECK (("position" >= 1)),
  constraint matches_room_host_side CHECK ((room_host = ANY (ARRAY['a'::text, 'b'::text]))),
  constraint matches_round_range CHECK (((round >= 1) AND (round <= 16))),
  constraint matches_score_a_range CHECK (((score_a >= 0) AND (score_a <= 99))),
  constraint matches_score_b_range CHECK (((score_b >= 0) AND (score_b <= 99))),
  constraint matches_scores_together CHECK (((score_a IS NULL) = (score_b IS NULL))),
  constraint matches_status_known CHECK ((status = ANY (ARRAY['pending'::text, 'bye'::text, 'scheduled'::text, 'ready'::text, 'reported'::text, 'disputed'::text, 'confirmed'::text, 'void'::text]))),
  constraint matches_two_different_entries CHECK (((entry_a IS NULL) OR (entry_b IS NULL) OR (entry_a <> entry_b))),
  constraint matches_walkover_by_a_player CHECK (((walkover_entry_id IS NULL) OR (walkover_entry_id = entry_a) OR (walkover_entry_id = entry_b))),
  constraint matches_winner_is_a_player CHECK (((winner_entry_id IS NULL) OR (winner_entry_id = entry_a) OR (winner_entry_id = entry_b)))
);
CREATE INDEX matches_fed_by_winner ON public.matches USING btree (next_match_id) WHERE (next_match_id IS NOT NULL);
CREATE INDEX matches_fed_by_loser ON public.matches USING btree (loser_match_id) WHERE (loser_match_id IS NOT NULL);
-- What the periodic function looks for, so a run reads what is due instead of every match ever played: the matches
-- in play (the deadlines of private.run_due_match_work), and one group's matches (private.group_stats, read many
-- times by every table the tie-break ladder builds, and 75 tables at once when a championship's knockout fills).
CREATE INDEX matches_in_play ON public.matches USING btree (scheduled_at) WHERE (status = ANY (ARRAY['scheduled'::text, 'ready'::text, 'reported'::text]));
CREATE INDEX matches_of_group ON public.matches USING btree (tournament_id, stage_no, group_name) WHERE (group_name IS NOT NULL);
alter table public.matches enable row level security;
comment on column public.matches.stage_no is 'Which stage of the tournament (public.tournament_stages) the match belongs to; 1 for a plain knockout.';
comment on column public.matches.group_name is 'The group letter of a group-stage match (A, B, ... Z, AA, ...); null elsewhere.';
comment on column public.matches.bracket is 'winners, losers, grand_final or third_place where the stage has more than one bracket; null in a plain knockout and in groups.';
comment on column public.matches.next_match_id is 'Where the winner goes (next_slot a or b): advancing follows this link, never round arithmetic. Null: the winner goes nowhere (a final, a group match).';
comment on column public.matches.loser_match_id is 'Where the loser goes (loser_slot a or b): a third-place match, later a losers'' bracket. Null: the loser is out.';
comment on column public.matches.room_posted_at is 'When the host posted the room (the room itself is private: get_match_room).';
comment on column public.matches.room_host is 'Who hosts the room: the top slot (a) unless the guest took over once the host''s minutes had passed.';
comment on column public.matches.settings_checked_at is 'When the guest confirmed the room''s settings match the round''s (part of their Ready).';
comment on column public.matches.disconnection_ruling is 'The page''s ruling on the match''s disconnection: restart, or play_remaining (minutes_left, the carried score).';
comment on column public.matches.replay_ends_at is 'When the replay after a disconnection ruling is expected to end; reports are taken until 15 minutes later.';
comment on column public.matches.disconnection_reported_at is 'When a player last reported a disconnection (the opponent''s page follows it live).';

-- The match chat --------------------------------------------------------------------------------------

comment on table public.match_messages is 'The match chat: the two players (sides a and b) and staff, oldest first; closed 24 hours after the match ends, deleted with the match''s evidence.';
create table public.match_messages (
  id bigint generated always as identity not null,
  match_id uuid not null,
  sender text not null,
  body text not null,
  sent_at timestamp with time zone not null,
  constraint match_messages_pkey PRIMARY KEY (id),
  constraint match_messages_match_id_fkey FOREIGN KEY (match_id) REFERENCES public.matches(id) ON DELETE CASCADE,
  constraint match_messages_body_length CHECK (((char_length(btrim(body)) >= 1) AND (char_length(btrim(body)) <= 300))),
  constraint match_messages_sender_known CHECK ((sender = ANY (ARRAY['a'::text, 'b'::text, 'staff'::text])))
);
CREATE INDEX match_messages_by_match ON public.match_messages USING btree (match_id, sent_at, id);
alter table public.match_messages enable row level security;
comment on column public.match_messages.body is 'personal: free_text';

comment on table private.match_message_reports is 'Messages a player reported to staff, with their reason.';
create table private.match_message_reports (
  message_id bigint not null,
  reported_by uuid not null,
  reason text,
  reported_at timestamp with time zone not null,
  constraint match_message_reports_pkey PRIMARY KEY (message_id, reported_by),
  constraint match_message_reports_message_id_fkey FOREIGN KEY (message_id) REFERENCES public.match_messages(id) ON DELETE CASCADE,
  constraint match_message_reports_reason_length CHECK ((char_length(reason) <= 300))
);
comment on column private.match_message_reports.reason is 'personal: free_text';

-- The room and Ready ----------------------------------------------------------------------------------

comment on table private.match_rooms is 'The room id and password of a match, posted by the host; read only through get_match_room.';
create table private.match_rooms (
  match_id uuid not null,
  room_id text not null,
  password text not null,
  posted_by uuid not null,
  posted_at timestamp with time zone not null,
  constraint match_rooms_pkey PRIMARY KEY (match_id),
  constraint match_rooms_match_id_fkey FOREIGN KEY (match_id) REFERENCES public.matches(id),
  constraint match_rooms_posted_by_fkey FOREIGN KEY (posted_by) REFERENCES public.profiles(id)
);

-- Group tables kept once a group has ended -------------------------------------------------------------

comment on table private.settled_group_tables is 'Each ended group''s table (private.group_table, as jsonb rows), written when its last match ends, with the fingerprint of the group''s results it was worked out from (private.group_results_fingerprint). The knockout fill reads a table from here while the fingerprint still matches, so it works out only the tables of groups whose results changed since.';
create table private.settled_group_tables (
  tournament_id text not null,
  stage_no integer not null,
  group_name text not null,
  fingerprint text not null,
  table_rows jsonb not null,
  settled_at timestamp with time zone not null,
  constraint settled_group_tables_pkey PRIMARY KEY (tournament_id, stage_no, group_name),
  constraint settled_group_tables_tournament_id_fkey FOREIGN KEY (tournament_id) REFERENCES public.tournaments(id) ON DELETE CASCADE,
  constraint settled_group_tables_rows_array CHECK ((jsonb_typeof(table_rows) = 'array'::text))
);
alter table private.settled_group_tables enable row level security;

-- Results: reports, confirmation, the winner moves on -------------------------------------------------

comment on table private.match_reports is 'What each player reported of a match (score, who went through, screenshot path); the two players and staff read them through get_match_reports.';
create table private.match_reports (
  id uuid default gen_random_uuid() not null,
  match_id uuid not null,
  entry_id uuid not null,
  reported_by uuid not null,
  goals_a integer not null,
  goals_b integer not null,
  winner_entry_id uuid,
  screenshot_path text,
  reported_at timestamp with time zone not null,
  superseded_at timestamp with time zone,
  constraint match_reports_pkey PRIMARY KEY (id),
  constraint match_reports_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES public.entries(id),
  constraint match_reports_match_id_fkey FOREIGN KEY (match_id) REFERENCES public.matches(id),
  constraint match_reports_reported_by_fkey FOREIGN KEY (reported_by) REFERENCES public.profiles(id),
  constraint match_reports_winner_entry_id_fkey FOREIGN KEY (winner_entry_id) REFERENCES public.entries(id),
  constraint match_reports_goals_a_range CHECK (((goals_a >= 0) AND (goals_a <= 99))),
  constraint match_reports_goals_b_range CHECK (((goals_b >= 0) AND (goals_b <= 99)))
);
CREATE UNIQUE INDEX match_reports_one_live_per_entry ON private.match_reports USING btree (match_id, entry_id) WHERE (superseded_at IS NULL);
comment on column private.match_reports.screenshot_path is 'personal: screenshot_path. Path in the match-evidence bucket: <match id>/<user id>/<name>.';

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('match-evidence', 'match-evidence', false, 5242880, '{image/jpeg,image/png,image/webp}')
on conflict (id) do update set name = excluded.name, public = excluded.public, file_size_limit = excluded.file_size_limit, allowed_mime_types = excluded.allowed_mime_types;

-- Disputes --------------------------------------------------------------------------------------------

comment on table public.match_disputes is 'Disputes of a match, each with its reason, staff deadline and how staff settled it.';
create table public.match_disputes (
  id uuid default gen_random_uuid() not null,
  match_id uuid not null,
  opened_by_entry_id uuid,
  reason text not null,
  details text,
  opened_at timestamp with time zone not null,
  deadline_at timestamp with time zone not null,
  settled_at timestamp with time zone,
  settled_by uuid,
  outcome text,
  note text,
  constraint match_disputes_pkey PRIMARY KEY (id),
  constraint match_disputes_match_id_fkey FOREIGN KEY (match_id) REFERENCES public.matches(id),
  constraint match_disputes_opened_by_entry_id_fkey FOREIGN KEY (opened_by_entry_id) REFERENCES public.entries(id),
  constraint match_disputes_settled_by_fkey FOREIGN KEY (settled_by) REFERENCES public.profiles(id),
  constraint match_disputes_details_length CHECK ((char_length(details) <= 2000)),
  constraint match_disputes_outcome_known CHECK ((outcome = ANY (ARRAY['result_set'::text, 'replay'::text, 'disqualified'::text]))),
  constraint match_disputes_reason_known CHECK ((reason = ANY (ARRAY['wrong_score'::text, 'no_show'::text, 'disconnection'::text, 'cheating'::text, 'other'::text])))
);
CREATE UNIQUE INDEX match_disputes_one_open_per_match ON public.match_disputes USING btree (match_id) WHERE (settled_at IS NULL);
alter table public.match_disputes enable row level security;
comment on column public.match_disputes.details is 'personal: free_text. What the player who opened the dispute wrote.';
comment on column public.match_disputes.note is 'personal: free_text. The staff member''s note when settling (may name players).';

comment on table private.match_dispute_statements is 'Each player''s account of an open dispute and the screenshot they add, one per entry (a second one replaces the first until staff decide); read through get_match_reports and staff_list_disputes.';
create table private.match_dispute_statements (
  dispute_id uuid not null,
  entry_id uuid not null,
  player_id uuid not null,
  details text not null,
  screenshot_path text,
  added_at timestamp with time zone not null,
  constraint match_dispute_statements_pkey PRIMARY KEY (dispute_id, entry_id),
  constraint match_dispute_statements_dispute_id_fkey FOREIGN KEY (dispute_id) REFERENCES public.match_disputes(id),
  constraint match_dispute_statements_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES public.entries(id),
  constraint match_dispute_statements_player_id_fkey FOREIGN KEY (player_id) REFERENCES public.profiles(id),
  constraint match_dispute_statements_details_length CHECK (((char_length(details) >= 1) AND (char_length(details) <= 2000)))
);
comment on column private.match_dispute_statements.details is 'personal: free_text. What a player wrote in a dispute.';
comment on column private.match_dispute_statements.screenshot_path is 'personal: screenshot_path. Path in the match-evidence bucket: <match id>/<user id>/<name>.';

-- Disconnections --------------------------------------------------------------------------------------

comment on table private.match_disconnections is 'Each player''s report of a disconnection (game minute, score in entry order, a claim the opponent quit); read through get_match_disconnections and the dispute''s statements.';
create table private.match_disconnections (
  id uuid default gen_random_uuid() not null,
  match_id uuid not null,
  entry_id uuid not null,
  reported_by uuid not null,
  episode integer not null,
  minute integer not null,
  goals_a integer not null,
  goals_b integer not null,
  claims_quit boolean not null,
  reported_at timestamp with time zone not null,
  superseded_at timestamp with time zone,
  constraint match_disconnections_pkey PRIMARY KEY (id),
  constraint match_disconnections_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES public.entries(id),
  constraint match_disconnections_match_id_fkey FOREIGN KEY (match_id) REFERENCES public.matches(id),
  constraint match_disconnections_reported_by_fkey FOREIGN KEY (reported_by) REFERENCES public.profiles(id),
  constraint match_disconnections_goals_range CHECK (((goals_a >= 0) AND (goals_a <= 99) AND ((goals_b >= 0) AND (goals_b <= 99)))),
  constraint match_disconnections_minute_range CHECK (((minute >= 0) AND (minute <= 120)))
);
CREATE INDEX match_disconnections_by_match ON private.match_disconnections USING btree (match_id, episode);
alter table private.match_disconnections enable row level security;

-- =====================================================================================================
-- Rules: the rule rows, and the private functions and triggers that apply them
-- =====================================================================================================

-- Rows of private.due_work_steps ----------------------------------------------------------------------

insert into private.due_work_steps (name, area, function_name, run_order, every_minutes) values
  ('match_chat_retention', 'matches', 'private.run_due_chat_retention', '1740', '15'),
  ('match_deadlines', 'matches', 'private.run_due_match_work', '500', '1'),
  ('stage_fills', 'matches', 'private.run_due_stage_fills', '550', '1')
on conflict (name) do update set area = excluded.area, function_name = excluded.function_name, run_order = excluded.run_order,
  every_minutes = excluded.every_minutes;

-- Rows of private.status_transitions ------------------------------------------------------------------

-- A match's status changes only through private.set_match_status (in brackets.sql, the lowest area that writes
-- it: the draw); allowed_by names the function that calls it.
insert into private.status_transitions (machine, from_status, to_status, allowed_by) values
  ('match', null, 'pending', '{private.run_draw,private.create_knockout,private.create_double_elimination}'),
  ('match', null, 'bye', '{private.run_draw,private.create_double_elimination,private.pair_swiss_round}'),
  ('match', null, 'scheduled', '{private.run_draw,private.create_knockout,private.schedule_groups,private.create_double_elimination,private.pair_swiss_round,private.add_grand_final_reset}'),
  ('match', 'pending', 'scheduled', '{private.advance_from,private.reset_match,private.fill_knockout}'),
  ('match', 'scheduled', 'ready', '{private.mark_ready}'),
  ('match', 'scheduled', 'reported', '{public.report_match}'),
  ('match', 'ready', 'reported', '{public.report_match}'),
  ('match', 'scheduled', 'disputed', '{private.open_dispute}'),
  ('match', 'ready', 'disputed', '{private.open_dispute}'),
  ('match', 'reported', 'disputed', '{private.open_dispute}'),
  ('match', 'scheduled', 'confirmed', '{private.confirm_result}'),
  ('match', 'ready', 'confirmed', '{private.confirm_result}'),
  ('match', 'reported', 'confirmed', '{private.confirm_result}'),
  ('match', 'disputed', 'confirmed', '{private.confirm_result}'),
  ('match', 'pending', 'confirmed', '{private.advance_from}'),
  ('match', 'pending', 'void', '{private.advance_from}'),
  ('match', 'pending', 'bye', '{private.fill_knockout}'),
  ('match', 'scheduled', 'void', '{private.apply_due_match_decision}'),
  ('match', 'scheduled', 'pending', '{private.reset_match}'),
  ('match', 'ready', 'scheduled', '{private.reset_match}'),
  ('match', 'ready', 'pending', '{private.reset_match}'),
  ('match', 'reported', 'scheduled', '{private.reset_match}'),
  ('match', 'reported', 'pending', '{private.reset_match}'),
  ('match', 'disputed', 'scheduled', '{private.reset_match}'),
  ('match', 'disputed', 'pending', '{private.reset_match}'),
  ('match', 'confirmed', 'scheduled', '{private.reset_match}'),
  ('match', 'confirmed', 'pending', '{private.reset_match}'),
  ('match', 'void', 'scheduled', '{private.reset_match}'),
  ('match', 'void', 'pending', '{private.reset_match}'),
  ('match', null, 'void', '{private.create_double_elimination}'),
  ('report', null, 'live', '{public.report_match}'),
  ('report', 'live', 'superseded', '{public.report_match,private.reset_match}'),
  ('dispute', null, 'open', '{private.open_dispute}'),
  ('dispute', 'open', 'result_set', '{public.staff_settle_match}'),
  ('dispute', 'open', 'replay', '{public.staff_order_replay,private.reset_match}'),
  ('dispute', 'open', 'disqualified', '{public.staff_disqualify}')
on conflict (machine, from_status, to_status) do update set allowed_by = excluded.allowed_by;

-- Matches and who sees them ---------------------------------------------------------------------------

-- The user may read a match's evidence: one of its two players, or staff of its tournament.
CREATE OR REPLACE FUNCTION private.may_see_match(p_user uuid, p_match_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select p_user is not null and exists (
    select 1 from public.matches m
      left join public.entries a on a.id = m.entry_a
      left join public.entries b on b.id = m.entry_b
     where m.id = p_match_id
       and (a.player_id = p_user or b.player_id = p_user or private.acts_as_staff_in(p_user, m.tournament_id)));
$function$;

comment on function private.require_may_see_match(uuid,uuid,text) is 'Refuses a caller who is neither one of the match''s two players nor staff acting in its tournament: second_step_required for staff owing the second step, else not_your_match with the refusal given.';
CREATE OR REPLACE FUNCTION private.require_may_see_match(p_user uuid, p_match_id uuid, p_refusal text)
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if private.may_see_match(p_user, p_match_id) then
    return;
  end if;
  -- Staff who would see it with the second step are told what is missing.
  if not private.staff_has_second_step()
     and exists (select 1 from public.matches m
                  where m.id = p_match_id and private.staff_role_of(p_user, m.tournament_id) is not null
                    and not private.plays_in(p_user, m.tournament_id)) then
    raise exception 'Staff actions need two-step sign-in: enter the code from your authenticator app.'
      using errcode = 'PT403', hint = 'second_step_required';
  end if;
  raise exception '%', p_refusal using errcode = 'PT403', hint = 'not_your_match';
end;
$function$;

comment on function private.side_in_match(public.matches,uuid) is 'The side (a or b) the user plays in the match, or null when they play neither entry.';
CREATE OR REPLACE FUNCTION private.side_in_match(p_match public.matches, p_user uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select case when exists (select 1 from public.entries where id = p_match.entry_a and player_id = p_user) then 'a'
              when exists (select 1 from public.entries where id = p_match.entry_b and player_id = p_user) then 'b' end
$function$;

-- Helpers
-- The caller's entry in the match (a or b), or a refusal.
CREATE OR REPLACE FUNCTION private.my_side(p_match public.matches, p_user uuid)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_side text := private.side_in_match(p_match, p_user);
begin
  if v_side is null then
    raise exception 'You are not one of the two players of this match' using errcode = 'PT403', hint = 'not_your_match';
  end if;
  return v_side;
end;
$function$;

comment on function private.entry_name_or_null(uuid) is 'An entry''s public name, or null while the place is still to be decided (the next match''s other side).';
CREATE OR REPLACE FUNCTION private.entry_name_or_null(p_entry_id uuid)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case when p_entry_id is not null then private.entry_name(p_entry_id) end;
$function$;

-- The match chat --------------------------------------------------------------------------------------

comment on function private.match_quick_phrases() is 'The quick phrases of the match chat, in the order the page offers them.';
CREATE OR REPLACE FUNCTION private.match_quick_phrases()
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select array['Room posted', 'I''m in the room', 'Connection problem', 'Ready when you are', 'Good game!']
$function$;

comment on function private.match_chat_rules(public.matches) is 'What the chat of a match allows now: its quick phrases, free text (not with a player under 18), the length and rate limits, whether it is open and when it closes (24 hours after the match ends).';
CREATE OR REPLACE FUNCTION private.match_chat_rules(p_match public.matches)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'phrases', to_jsonb(private.match_quick_phrases()),
    -- A child plays with a parent's consent: with a player under 18 in the match, only the quick phrases.
    'free_text', not exists (
      select 1 from public.entries e join public.profiles p on p.id = e.player_id
       where e.id in (p_match.entry_a, p_match.entry_b)
         and private.profile_age(p) < private.legal_paid_entry_age()),
    'max_length', 300,
    'burst', jsonb_build_object('messages', 5, 'seconds', 30),
    'open', p_match.entry_a is not null and p_match.entry_b is not null and p_match.status not in ('pending', 'bye')
            and (p_match.confirmed_at is null or private.clock_now() < p_match.confirmed_at + interval '24 hours'),
    'closes_at', p_match.confirmed_at + interval '24 hours')
$function$;

comment on function private.chat_side(public.matches,uuid) is 'The side the caller writes as in a match''s chat (a, b or staff); refuses anyone else.';
CREATE OR REPLACE FUNCTION private.chat_side(p_match public.matches, p_user uuid)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_side text := private.side_in_match(p_match, p_user);
begin
  if v_side is null then
    perform private.require_may_see_match(p_user, p_match.id, 'Only the two players and staff use the match chat');
    v_side := 'staff';
  end if;
  return v_side;
end;
$function$;

comment on function private.may_read_match_chat(uuid) is 'Row security of the match chat (REST and Realtime): the two players and staff acting in the tournament, read from private.current_player_id() so a first-step session of a player with an authenticator app sees nothing.';
CREATE OR REPLACE FUNCTION private.may_read_match_chat(p_match_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$ select private.may_see_match((select private.current_player_id()), p_match_id) $function$;

comment on function private.delete_expired_match_chats(timestamp with time zone) is 'Deletes the chats of matches whose evidence has passed its retention (retention_evidence_days after the tournament settles; kept while a dispute or chargeback is open). Answers how many messages went.';
CREATE OR REPLACE FUNCTION private.delete_expired_match_chats(p_now timestamp with time zone)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_deleted integer;
begin
  delete from public.match_messages mm
   using public.matches m, public.tournaments t
   where m.id = mm.match_id and t.id = m.tournament_id
     and coalesce(t.settled_at, t.cancelled_at) <= p_now - private.retention_days('retention_evidence_days')
     and not exists (select 1 from public.match_disputes d join public.matches dm on dm.id = d.match_id
                      where dm.tournament_id = t.id and d.settled_at is null)
     and not exists (select 1 from private.chargebacks c where c.tournament_id = t.id and c.status = 'open');
  get diagnostics v_deleted = row_count;
  return v_deleted;
end;
$function$;

comment on function private.run_due_chat_retention() is 'Due work: the match chats whose evidence retention has passed are deleted.';
CREATE OR REPLACE FUNCTION private.run_due_chat_retention()
 RETURNS jsonb
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$ select jsonb_build_object('chat_messages_deleted', private.delete_expired_match_chats(private.clock_now())) $function$;

-- The export's sections of the features that came after it.
CREATE OR REPLACE FUNCTION private.export_match_chat(p_user uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- The messages the caller's side wrote in their matches, and the reports they made of others' messages.
  select jsonb_build_object(
    'messages', coalesce((select jsonb_agg(jsonb_build_object('match_id', mm.match_id, 'body', mm.body, 'sent_at', mm.sent_at)
                                           order by mm.sent_at, mm.id)
                            from public.match_messages mm
                            join public.matches m on m.id = mm.match_id
                            join public.entries e on e.id = case mm.sender when 'a' then m.entry_a when 'b' then m.entry_b end
                           where e.player_id = p_user), '[]'::jsonb),
    'reports', coalesce((select jsonb_agg(jsonb_build_object('message_id', r.message_id, 'reason', r.reason, 'reported_at', r.reported_at)
                                          order by r.reported_at)
                           from private.match_message_reports r where r.reported_by = p_user), '[]'::jsonb));
$function$;

-- The room and Ready ----------------------------------------------------------------------------------

comment on function private.host_deadline(public.matches) is 'Until when only the host may post the room: the host''s minutes (a setting, 5 by default) after the ready window opens.';
CREATE OR REPLACE FUNCTION private.host_deadline(p_match public.matches)
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- The ready window opens 5 minutes before the match time; the host has their minutes from then.
  select p_match.scheduled_at - interval '5 minutes'
         + make_interval(mins => (private.match_settings(p_match)->>'host_minutes')::integer);
$function$;

comment on function private.notify_match_staff(public.matches,text,text,text) is 'Tells the referees (and admins) who look after a match''s tournament of something on match day that needs their eye.';
CREATE OR REPLACE FUNCTION private.notify_match_staff(p_match public.matches, p_title text, p_body text, p_key text)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.deliver(array(
    select row(s.user_id, 'staff_alert', p_title, p_body, '/staff', p_key)::private.notice
      from (select distinct r.user_id from public.staff_roles r
             where r.role in ('referee', 'admin') and (r.tournament_id is null or r.tournament_id = p_match.tournament_id)) as s));
$function$;

-- Ready and walkovers
CREATE OR REPLACE FUNCTION private.mark_ready(p_match public.matches, p_side text, p_now timestamp with time zone)
 RETURNS public.matches
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_match public.matches%rowtype;
begin
  update public.matches
     set ready_a_at = case when p_side = 'a' then coalesce(ready_a_at, p_now) else ready_a_at end,
         ready_b_at = case when p_side = 'b' then coalesce(ready_b_at, p_now) else ready_b_at end
   where id = p_match.id
  returning * into v_match;
  if v_match.status = 'scheduled' and v_match.ready_a_at is not null and v_match.ready_b_at is not null then
    select * into v_match from private.set_match_status(array[v_match.id], 'ready');
  end if;
  return v_match;
end;
$function$;

-- Results: reports, confirmation, the winner moves on -------------------------------------------------

-- For the bucket's policies (they run as the caller): may the signed-in player read this object, and
-- write it (their own folder of a match they play)?
CREATE OR REPLACE FUNCTION private.may_use_match_evidence(p_name text, p_write boolean)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select case
    when split_part(p_name, '/', 1) !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then false
    when p_write and (split_part(p_name, '/', 2) <> coalesce(private.current_player_id()::text, '')
                      or split_part(p_name, '/', 3) = '' or split_part(p_name, '/', 4) <> '') then false
    else private.may_see_match(private.current_player_id(), split_part(p_name, '/', 1)::uuid)
  end;
$function$;

comment on function private.is_my_match_evidence(uuid,uuid,text) is 'Whether a path names a file the player uploaded into their own folder of the match in match-evidence (reports and dispute evidence point at it).';
CREATE OR REPLACE FUNCTION private.is_my_match_evidence(p_match_id uuid, p_user uuid, p_path text)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select p_path is not null
     and split_part(p_path, '/', 1) = p_match_id::text and split_part(p_path, '/', 2) = p_user::text
     and exists (select 1 from storage.objects where bucket_id = 'match-evidence' and name = p_path);
$function$;

-- Confirms a result and moves the winner on, in the caller's transaction.
CREATE OR REPLACE FUNCTION private.confirm_result(p_match public.matches, p_winner uuid, p_score_a integer, p_score_b integer, p_action text, p_reason text, p_actor uuid, p_public boolean)
 RETURNS public.matches
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_match public.matches%rowtype;
  v_score_a integer := p_score_a;
  v_score_b integer := p_score_b;
begin
  -- Where a draw is a result (groups, Swiss), a walkover counts 3-0 to the player who was there.
  if p_score_a is null and p_winner is not null and private.draws_allowed(p_match)
     and p_match.entry_a is not null and p_match.entry_b is not null then
    v_score_a := case when p_winner = p_match.entry_a then 3 else 0 end;
    v_score_b := 3 - v_score_a;
  end if;
  select * into v_match
    from private.set_match_status(array[p_match.id], 'confirmed',
                                  jsonb_build_object('winner_entry_id', p_winner, 'score_a', v_score_a, 'score_b', v_score_b,
                                                     'confirmed_at', v_now));
  perform private.audit(v_match.tournament_id, p_action,
                        case when p_winner is null
                             then private.entry_name(v_match.entry_a) || ' drew with ' || private.entry_name(v_match.entry_b)
                             else private.entry_name(p_winner) || ' beat ' || private.entry_name(case when p_winner = v_match.entry_a then v_match.entry_b else v_match.entry_a end) end
                          || coalesce(' ' || v_score_a || '–' || v_score_b, '') || ' (round ' || v_match.round || ')',
                        p_reason,
                        jsonb_build_object('status', p_match.status, 'winner_entry_id', p_match.winner_entry_id,
                                           'score', case when p_match.score_a is null then null else jsonb_build_array(p_match.score_a, p_match.score_b) end),
                        jsonb_build_object('status', 'confirmed', 'winner_entry_id', p_winner,
                                           'score', case when v_score_a is null then null else jsonb_build_array(v_score_a, v_score_b) end),
                        p_public, p_actor, p_winner, v_match.id);
  perform private.after_result(v_match);
  return v_match;
end;
$function$;

comment on function private.draws_allowed(public.matches) is 'Whether a level score is a result in this match (a group or Swiss match: the contract''s draws), rather than one the shoot-out decides.';
CREATE OR REPLACE FUNCTION private.draws_allowed(p_match public.matches)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select p_match.group_name is not null
      or exists (select 1 from public.tournament_stages s
                  where s.tournament_id = p_match.tournament_id and s.stage_no = p_match.stage_no and s.kind = 'swiss');
$function$;

-- Moving a winner on never restarts a match that is already under way or played
-- A corrected score (same winner) confirms the match again; the next match keeps its state. Only a match
-- still waiting for its players (pending) is started, or given to the one player who has no opponent.
CREATE OR REPLACE FUNCTION private.advance_from(p_match public.matches)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_target record;
  v_next public.matches%rowtype;
  v_gone integer;
  v_stays text;
  v_empty text;
begin
  -- The winner follows next_match_id; the loser (of a match played between two) follows loser_match_id.
  for v_target in
    select p_match.next_match_id as id, p_match.next_slot as slot, p_match.winner_entry_id as entry_id
     where p_match.next_match_id is not null
    union all
    select p_match.loser_match_id, p_match.loser_slot,
           case when p_match.status = 'confirmed' and p_match.winner_entry_id is not null
                then case when p_match.winner_entry_id = p_match.entry_a then p_match.entry_b else p_match.entry_a end end
     where p_match.loser_match_id is not null
  loop
    select * into v_next from public.matches where id = v_target.id for update;
    if v_target.slot = 'a' then
      update public.matches set entry_a = v_target.entry_id where id = v_next.id returning * into v_next;
    else
      update public.matches set entry_b = v_target.entry_id where id = v_next.id returning * into v_next;
    end if;
    continue when v_next.status <> 'pending';

    v_empty := case when v_next.entry_a is null and v_next.entry_b is not null then 'a'
                    when v_next.entry_b is null and v_next.entry_a is not null then 'b' end;
    if v_next.entry_a is not null and v_next.entry_b is not null then
      select count(*) filter (where e.status <> 'active'), min(e.id::text) filter (where e.status = 'active')
        into v_gone, v_stays
        from public.entries e where e.id in (v_next.entry_a, v_next.entry_b);
      if v_gone = 2 then
        -- Both players withdrew while they waited: nobody plays, as when both feeders are void.
        select * into v_next from private.set_match_status(array[v_next.id], 'void', jsonb_build_object('confirmed_at', v_now));
        perform private.after_result(v_next);
      elsif v_gone = 1 then
        -- One withdrew while waiting for this opponent (a parent's consent withdrawn): the other goes through.
        select * into v_next
          from private.set_match_status(array[v_next.id], 'confirmed',
                                        jsonb_build_object('winner_entry_id', v_stays::uuid, 'confirmed_at', v_now));
        perform private.audit(p_match.tournament_id, 'walkover',
                              private.entry_name(v_next.winner_entry_id) || ' goes through: the opponent withdrew (round '
                                || v_next.round || ')',
                              'The opponent withdrew', null, null, true, null, v_next.winner_entry_id, v_next.id);
        perform private.after_result(v_next);
      else
        perform private.set_match_status(array[v_next.id], 'scheduled',
                                         jsonb_build_object('scheduled_at', greatest(v_next.scheduled_at, v_now + private.break_between_rounds())));
      end if;
    elsif v_empty is not null and not private.slot_may_still_fill(v_next.id, v_empty) then
      -- The empty place's feeder ended without a player for it: the known player goes through without playing.
      select * into v_next
        from private.set_match_status(array[v_next.id], 'confirmed',
                                      jsonb_build_object('winner_entry_id', coalesce(v_next.entry_a, v_next.entry_b), 'confirmed_at', v_now));
      perform private.audit(p_match.tournament_id, 'walkover_no_opponent',
                            private.entry_name(v_next.winner_entry_id) || ' goes through: no opponent in round ' || v_next.round,
                            null, null, null, true, null, v_next.winner_entry_id, v_next.id);
      perform private.after_result(v_next);
    elsif v_next.entry_a is null and v_next.entry_b is null and p_match.status = 'void'
          and not private.slot_may_still_fill(v_next.id, 'a') and not private.slot_may_still_fill(v_next.id, 'b') then
      -- Both feeders void: this match is void too, and so on up the bracket.
      select * into v_next from private.set_match_status(array[v_next.id], 'void', jsonb_build_object('confirmed_at', v_now));
      perform private.after_result(v_next);
    end if;
  end loop;
end;
$function$;

comment on function private.slot_may_still_fill(uuid,text) is 'Whether a place (a or b) of a match may still receive a player: some match whose winner or loser link leads to it has not ended yet.';
CREATE OR REPLACE FUNCTION private.slot_may_still_fill(p_match_id uuid, p_slot text)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select exists (select 1 from public.matches f
                  where ((f.next_match_id = p_match_id and f.next_slot = p_slot) or (f.loser_match_id = p_match_id and f.loser_slot = p_slot))
                    and f.status not in ('confirmed', 'void', 'bye'));
$function$;

-- After a match ends (confirmed or void): advance, move the tournament's round, finish it after the final.
CREATE OR REPLACE FUNCTION private.after_result(p_match public.matches)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_final public.matches%rowtype;
  v_kind text := (select kind from public.tournament_stages where tournament_id = p_match.tournament_id and stage_no = p_match.stage_no);
  v_over boolean;
  v_champion uuid;
begin
  perform private.advance_from(p_match);
  if p_match.group_name is not null then
    -- The group's last result keeps its table; the stage's last fills the knockout (a disputed group match holds it).
    perform private.keep_settled_group_table(p_match.tournament_id, p_match.stage_no, p_match.group_name);
    perform private.fill_knockout(p_match.tournament_id, p_match.stage_no);
  elsif v_kind = 'swiss' then
    -- The last result of a Swiss round pairs the next one (a disputed match holds it).
    perform private.pair_swiss_round(p_match.tournament_id, p_match.stage_no, v_now + private.break_between_rounds());
  elsif p_match.bracket = 'grand_final' then
    -- The losers' bracket winner who wins the grand final forces the reset.
    perform private.add_grand_final_reset(p_match, v_now + private.break_between_rounds());
  end if;
  -- Finished once the final has ended (in Swiss, the last round) and nothing else is left to play (a third-place
  -- match may end after the final).
  select * into v_final from private.final_match(p_match.tournament_id);
  v_over := not exists (select 1 from public.matches where tournament_id = p_match.tournament_id and status not in ('confirmed', 'void', 'bye'));
  if v_kind = 'swiss' then
    v_over := v_over and not private.swiss_rounds_left(p_match.tournament_id, p_match.stage_no);
    v_champion := (private.swiss_stage_table(p_match.tournament_id, p_match.stage_no) -> 0 ->> 'entry_id')::uuid;
  else
    v_over := v_over and v_final.status in ('confirmed', 'void');
    v_champion := v_final.winner_entry_id;
  end if;
  if v_over then
    if exists (select 1 from public.tournaments where id = p_match.tournament_id and finished_at is null) then
      update public.tournaments set finished_at = v_now, current_round = v_final.round where id = p_match.tournament_id;
      perform private.audit(p_match.tournament_id, 'tournament_finished',
                            coalesce(private.entry_name(v_champion) || ' wins the tournament', 'The final was void'),
                            null, null, jsonb_build_object('winner_entry_id', v_champion), true, null,
                            v_champion, case when v_kind = 'swiss' then null else v_final.id end);
    end if;
    return;
  end if;
  -- Only when the round moves: an update that changes nothing still sends every watcher of the tournament
  -- its whole row over Realtime (about 2.7 KB).
  update public.tournaments t
     set current_round = coalesce(next.round, t.current_round)
    from (select min(round) as round from public.matches
           where tournament_id = p_match.tournament_id and status not in ('confirmed', 'void', 'bye')) as next
   where t.id = p_match.tournament_id and t.current_round is distinct from coalesce(next.round, t.current_round);
end;
$function$;

comment on function private.group_results_fingerprint(text,integer,text) is 'What a group''s table is worked out from, as one text: each of its matches'' players, status, score and winner. Any change to a result changes it.';
CREATE OR REPLACE FUNCTION private.group_results_fingerprint(p_tournament_id text, p_stage_no integer, p_group text)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select md5(string_agg(concat_ws('|', m.id, m.entry_a, m.entry_b, m.status, m.score_a, m.score_b, m.winner_entry_id), ',' order by m.id))
    from public.matches m
   where m.tournament_id = p_tournament_id and m.stage_no = p_stage_no and m.group_name = p_group;
$function$;

comment on function private.keep_settled_group_table(text,integer,text) is 'When every match of a group has ended (none disputed): works out its table once and keeps it (private.settled_group_tables), so the knockout fill does not work out every group''s table at once. Answers whether it kept one.';
CREATE OR REPLACE FUNCTION private.keep_settled_group_table(p_tournament_id text, p_stage_no integer, p_group text)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if exists (select 1 from public.matches where tournament_id = p_tournament_id and stage_no = p_stage_no
                                             and group_name = p_group and status not in ('confirmed', 'void')) then
    return false;
  end if;
  insert into private.settled_group_tables as k (tournament_id, stage_no, group_name, fingerprint, table_rows, settled_at)
  values (p_tournament_id, p_stage_no, p_group, private.group_results_fingerprint(p_tournament_id, p_stage_no, p_group),
          coalesce((select jsonb_agg(to_jsonb(t) order by t.rank) from private.group_table(p_tournament_id, p_stage_no, p_group) t),
                   '[]'::jsonb),
          private.clock_now())
  on conflict (tournament_id, stage_no, group_name) do update
     set fingerprint = excluded.fingerprint, table_rows = excluded.table_rows, settled_at = excluded.settled_at;
  return true;
end;
$function$;

comment on function private.group_table_as_settled(text,integer,text) is 'A group''s table as private.group_table answers it: the one kept when the group ended while its results are unchanged, else worked out now.';
CREATE OR REPLACE FUNCTION private.group_table_as_settled(p_tournament_id text, p_stage_no integer, p_group text)
 RETURNS TABLE(entry_id uuid, played integer, won integer, drawn integer, lost integer, goals_for integer, goals_against integer, goal_difference integer, points integer, rank integer, decided_by text)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_rows jsonb := (select k.table_rows from private.settled_group_tables k
                    where k.tournament_id = p_tournament_id and k.stage_no = p_stage_no and k.group_name = p_group
                      and k.fingerprint = private.group_results_fingerprint(p_tournament_id, p_stage_no, p_group));
begin
  if v_rows is null then
    return query select * from private.group_table(p_tournament_id, p_stage_no, p_group);
    return;
  end if;
  return query
    select r.entry_id, r.played, r.won, r.drawn, r.lost, r.goals_for, r.goals_against, r.goal_difference, r.points, r.rank, r.decided_by
      from jsonb_to_recordset(v_rows) as r (entry_id uuid, played integer, won integer, drawn integer, lost integer, goals_for integer,
                                            goals_against integer, goal_difference integer, points integer, rank integer, decided_by text)
     order by r.rank;
end;
$function$;

comment on function private.stage_qualifiers(text,integer) is 'Who goes on from a finished group stage, in the order the decisions give: by place then group (A1, B1, ..., A2, B2, ...), then the best_of_next best of the next place across groups (points, goal difference, goals, then lots).';
CREATE OR REPLACE FUNCTION private.stage_qualifiers(p_tournament_id text, p_stage_no integer)
 RETURNS TABLE(entry_id uuid, group_name text, place integer, seed integer)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with stage as (
    select (settings #>> '{advance,per_group}')::integer as per_group,
           coalesce((settings #>> '{advance,best_of_next}')::integer, 0) as best_of_next
      from public.tournament_stages where tournament_id = p_tournament_id and stage_no = p_stage_no
  ), groups as (
    select distinct m.group_name from public.matches m
     where m.tournament_id = p_tournament_id and m.stage_no = p_stage_no and m.group_name is not null
  ), tables as (
    select g.group_name, t.*
      from groups g cross join lateral private.group_table_as_settled(p_tournament_id, p_stage_no, g.group_name) t
  ), direct as (
    select t.entry_id, t.group_name, t.rank as place,
           row_number() over (order by t.rank, char_length(t.group_name), t.group_name) as seed
      from tables t, stage where t.rank <= stage.per_group
  ), best_next as (
    select t.entry_id, t.group_name, t.rank as place,
           (select count(*) from direct) + row_number() over (
             order by t.points desc, t.goal_difference desc, t.goals_for desc,
                      private.sha256_hex((select secret from public.draws where tournament_id = p_tournament_id) || ':lots:' || t.entry_id::text)) as seed
      from tables t, stage where t.rank = stage.per_group + 1
  )
  select entry_id, group_name, place::integer, seed::integer from direct
  union all
  select b.entry_id, b.group_name, b.place::integer, b.seed::integer from best_next b, stage where b.seed <= (select count(*) from direct) + stage.best_of_next
  order by 4;
$function$;

comment on function private.fill_knockout(text,integer) is 'When every match of a group stage has ended (none disputed), puts its qualifiers into the knockout after it, once: with the top 2 of a power-of-two number of groups, each group winner meets the runner-up of the group drawn opposite in the other half (A1 and A2 can meet only in the final); otherwise by standard seeding of the qualifiers, byes going to the best placed. Closes the group stage (corrections then refused: stage_closed). Answers whether it filled.';
CREATE OR REPLACE FUNCTION private.fill_knockout(p_tournament_id text, p_stage_no integer)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_groups_stage public.tournament_stages%rowtype;
  v_knockout public.tournament_stages%rowtype;
  v_seeds uuid[];
  v_group_of text[];
  v_place_of integer[];
  v_g integer;
  v_size integer;
  v_slots uuid[];
  v_first_round integer;
  v_match public.matches%rowtype;
begin
  select * into v_groups_stage from public.tournament_stages
   where tournament_id = p_tournament_id and stage_no = p_stage_no and kind = 'groups' and closed_at is null
     for update;
  if not found or exists (select 1 from public.matches where tournament_id = p_tournament_id and stage_no = p_stage_no
                                                         and status not in ('confirmed', 'void')) then
    return false;
  end if;
  select * into v_knockout from public.tournament_stages where tournament_id = p_tournament_id and stage_no = p_stage_no + 1;
  select array_agg(q.entry_id order by q.seed), array_agg(q.group_name order by q.seed), array_agg(q.place order by q.seed)
    into v_seeds, v_group_of, v_place_of
    from private.stage_qualifiers(p_tournament_id, p_stage_no) q;
  v_g := (v_groups_stage.settings ->> 'groups')::integer;
  v_size := (v_knockout.settings ->> 'size')::integer;
  -- Which seed takes each slot: the rule get_bracket publishes as the knockout's feeds.
  v_slots := array(select v_seeds[k] from unnest(private.knockout_slot_seeds(
                     v_g, (v_groups_stage.settings #>> '{advance,per_group}')::integer,
                     (v_groups_stage.settings #>> '{advance,best_of_next}')::integer, v_size, cardinality(v_seeds))) with ordinality as x (k, n)
                   order by x.n);
  select min(round) into v_first_round from public.matches
   where tournament_id = p_tournament_id and stage_no = v_knockout.stage_no and bracket is null;
  perform 1 from public.matches
    where tournament_id = p_tournament_id and stage_no = v_knockout.stage_no and round = v_first_round and bracket is null
    order by position for update;
  -- Every match with two qualifiers: its players and time in one statement, then its status through the one
  -- writer in one more, so its players are told together (one delivery, not one a match).
  update public.matches m
     set entry_a = v_slots[2 * m.position - 1], entry_b = v_slots[2 * m.position],
         scheduled_at = greatest(m.scheduled_at, v_now + private.break_between_rounds())
   where m.tournament_id = p_tournament_id and m.stage_no = v_knockout.stage_no and m.round = v_first_round and m.bracket is null
     and v_slots[2 * m.position - 1] is not null and v_slots[2 * m.position] is not null;
  perform private.set_match_status(array(
            select m.id from public.matches m
             where m.tournament_id = p_tournament_id and m.stage_no = v_knockout.stage_no and m.round = v_first_round
               and m.bracket is null and v_slots[2 * m.position - 1] is not null and v_slots[2 * m.position] is not null),
          'scheduled');
  for v_match in
    select * from public.matches
     where tournament_id = p_tournament_id and stage_no = v_knockout.stage_no and round = v_first_round and bracket is null
       and (v_slots[2 * position - 1] is null or v_slots[2 * position] is null)
     order by position
  loop
    -- A bye: the best-placed qualifiers have no opponent and go straight on.
    select * into v_match
      from private.set_match_status(array[v_match.id], 'bye',
                                    jsonb_build_object('entry_a', coalesce(v_slots[2 * v_match.position - 1], v_slots[2 * v_match.position]),
                                                       'winner_entry_id', coalesce(v_slots[2 * v_match.position - 1], v_slots[2 * v_match.position])));
    perform private.advance_from(v_match);
  end loop;
  update public.tournament_stages set closed_at = v_now where tournament_id = p_tournament_id and stage_no = p_stage_no;
  perform private.audit(p_tournament_id, 'knockout_filled',
                        'The group stage is over: ' || cardinality(v_seeds) || ' players go through to the knockout',
                        null, null, jsonb_build_object('qualifiers', to_jsonb(v_seeds)), true, null);
  return true;
end;
$function$;

comment on function private.run_due_stage_fills() is 'Due work: fills every knockout whose group stage has ended but was not filled yet, and pairs every Swiss round whose previous round has ended (both normally run with the last result they wait for; this is their safety net). Each stage on its own (item <tournament>/<stage_no>): one that fails is recorded and the others go on; a parked one is skipped until an admin retries it.';
CREATE OR REPLACE FUNCTION private.run_due_stage_fills()
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_stage record;
  v_item text;
  v_filled integer := 0;
  v_paired integer := 0;
  v_failed integer := 0;
  v_error text;
  v_state text;
begin
  for v_stage in
    select s.tournament_id, s.stage_no, s.kind from public.tournament_stages s
      join public.tournaments t on t.id = s.tournament_id
     where ((s.kind = 'groups' and s.closed_at is null) or (s.kind = 'swiss' and t.finished_at is null))
       and t.cancelled_at is null
       and not private.due_item_parked(s.tournament_id || '/' || s.stage_no)
     order by s.kind, s.tournament_id, s.stage_no
  loop
    v_item := v_stage.tournament_id || '/' || v_stage.stage_no;
    begin
      if v_stage.kind = 'groups' then
        if private.fill_knockout(v_stage.tournament_id, v_stage.stage_no) then
          v_filled := v_filled + 1;
        end if;
      elsif private.pair_swiss_round(v_stage.tournament_id, v_stage.stage_no, private.clock_now() + private.break_between_rounds()) then
        v_paired := v_paired + 1;
      end if;
    exception when others then
      -- This stage's fill is undone (its subtransaction) and recorded; the other stages go on.
      get stacked diagnostics v_error = message_text, v_state = returned_sqlstate;
      perform private.due_item_failed(v_item, v_error, v_state);
      v_failed := v_failed + 1;
    end;
  end loop;
  return jsonb_build_object('knockouts_filled', v_filled, 'swiss_rounds_paired', v_paired, 'stage_fills_failed', v_failed);
end;
$function$;

comment on function private.final_match(text) is 'The final of a tournament: the match of its last stage that no winner link leaves, in its last round (never the third-place match).';
CREATE OR REPLACE FUNCTION private.final_match(p_tournament_id text)
 RETURNS SETOF public.matches
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from public.matches
   where tournament_id = p_tournament_id and next_match_id is null and group_name is null
     and bracket is distinct from 'third_place'
   order by stage_no desc, round desc, position
   limit 1;
$function$;

-- The later matches a new winner would reset, read from the table itself, whatever columns it has: the match
-- the old winner went on to, and from each of those the next one that received its winner (whoever won it) or
-- that was decided without it because it was void (a lone player's walkover, or void in turn). Each of them
-- is played again once the path before it is.
CREATE OR REPLACE FUNCTION private.matches_after(p_match public.matches)
 RETURNS SETOF public.matches
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with recursive path as (
    select n.id, n.next_match_id, n.winner_entry_id, n.status
      from public.matches n
     where n.id = p_match.next_match_id and p_match.winner_entry_id in (n.entry_a, n.entry_b)
    union all
    select n.id, n.next_match_id, n.winner_entry_id, n.status
      from path
      join public.matches n on n.id = path.next_match_id
     where (path.winner_entry_id is not null and path.winner_entry_id in (n.entry_a, n.entry_b))
        or (path.status = 'void' and n.status in ('confirmed', 'void'))
  )
  select m.*
    from path
    join public.matches m on m.id = path.id;
$function$;

-- Resetting a match for a replay
CREATE OR REPLACE FUNCTION private.reset_match(p_match_id uuid, p_now timestamp with time zone)
 RETURNS public.matches
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_match public.matches%rowtype;
begin
  update private.match_reports set superseded_at = p_now where match_id = p_match_id and superseded_at is null;
  update private.match_disconnections set superseded_at = p_now where match_id = p_match_id and superseded_at is null;
  update public.match_disputes set settled_at = p_now, outcome = 'replay', note = coalesce(note, 'Replay ordered')
   where match_id = p_match_id and settled_at is null;
  select * into v_match from public.matches where id = p_match_id for update;
  select * into v_match
    from private.set_match_status(
           array[p_match_id],
           case when v_match.entry_a is not null and v_match.entry_b is not null then 'scheduled' else 'pending' end,
           jsonb_build_object('winner_entry_id', null, 'score_a', null, 'score_b', null, 'confirmed_at', null,
                              'ready_a_at', null, 'ready_b_at', null, 'walkover_entry_id', null, 'walkover_claimed_at', null,
                              'settings_checked_at', null, 'disconnections_ruled', 0, 'disconnection_ruling', null,
                              'disconnection_minute', null, 'minutes_left', null, 'carried_score_a', null, 'carried_score_b', null,
                              'replay_ends_at', null,
                              'scheduled_at', greatest(v_match.scheduled_at, p_now + private.break_between_rounds())));
  return v_match;
end;
$function$;

-- Disputes --------------------------------------------------------------------------------------------

-- The staff deadline of a dispute: 15 minutes for pods, 60 for championships.
CREATE OR REPLACE FUNCTION private.dispute_window(p_tournament_id text)
 RETURNS interval
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case when (select series from public.tournaments where id = p_tournament_id) = 'championship'
              then interval '60 minutes' else interval '15 minutes' end;
$function$;

comment on function private.dispute_needs_details(text) is 'The reasons staff cannot weigh without the player''s account of what happened.';
CREATE OR REPLACE FUNCTION private.dispute_needs_details(p_reason text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select p_reason in ('cheating', 'other') $function$;

comment on function private.dispute_reason_opens_at(public.matches,uuid,text) is 'From when the player of p_entry_id may dispute the match with p_reason (null: not while the match stands as it is). The one rule behind dispute_match and the reasons get_match_reports offers.';
CREATE OR REPLACE FUNCTION private.dispute_reason_opens_at(p_match public.matches, p_entry_id uuid, p_reason text)
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_theirs uuid := case when p_entry_id = p_match.entry_a then p_match.entry_b else p_match.entry_a end;
  v_report_at timestamptz;
begin
  select reported_at into v_report_at from private.match_reports
   where match_id = p_match.id and entry_id = v_theirs and superseded_at is null;
  return case p_reason
    -- Something to disagree with: the opponent's report.
    when 'wrong_score' then v_report_at
    -- The opponent reported, so they showed up; otherwise once Ready has closed.
    when 'no_show' then case when v_report_at is null then p_match.scheduled_at + interval '10 minutes' end
    -- What happens in a game: once the match has started (or the opponent reported, from 5 minutes before).
    else least(p_match.scheduled_at, v_report_at)
  end;
end;
$function$;

comment on function private.dispute_statements_json(uuid) is 'The players'' accounts of a dispute, oldest first, as the match page and the staff console read them.';
CREATE OR REPLACE FUNCTION private.dispute_statements_json(p_dispute_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object('entry_id', s.entry_id, 'details', s.details, 'screenshot_path', s.screenshot_path,
                                               'added_at', s.added_at) order by s.added_at, s.entry_id), '[]'::jsonb)
    from private.match_dispute_statements s where s.dispute_id = p_dispute_id;
$function$;

comment on function private.referee_decision_json(uuid) is 'The last staff decision on a match with the referee''s public note (already public in the tournament''s changes), for the match page.';
CREATE OR REPLACE FUNCTION private.referee_decision_json(p_match_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('action', a.action, 'note', a.reason, 'at', a.at)
    from public.audit_log a
   where a.match_id = p_match_id and a.is_public and a.actor_role <> 'automatic'
     and a.action in ('result_set_by_staff', 'replay_ordered', 'disqualified', 'result_corrected')
   order by a.at desc, a.id desc
   limit 1;
$function$;

-- Match settings --------------------------------------------------------------------------------------

comment on function private.default_match_settings() is 'The match settings a series without its own uses: the game''s words (Match Time in real minutes, Extra Time, Penalties, Injuries, Condition, Substitutions), the disconnection cut-off minute and the host''s minutes.';
CREATE OR REPLACE FUNCTION private.default_match_settings()
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('match_minutes', 10, 'extra_time', true, 'penalties', true, 'injuries', false,
                            'condition', 'Excellent', 'substitutions', 5, 'restart_by_minute', 20, 'host_minutes', 5);
$function$;

comment on function private.match_settings_valid(jsonb) is 'Whether a series'' or an edition''s match settings are in the game''s words and ranges (a base and optional overrides for the final, semi-finals and quarter-finals).';
CREATE OR REPLACE FUNCTION private.match_settings_valid(p jsonb)
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
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
$function$;

comment on function private.match_settings(public.matches) is 'The settings one match is played with: the defaults, then the edition''s or the series'' own, then its round''s override (a knockout stage''s last three rounds, a double elimination''s grand final); in groups and Swiss never extra time or penalties, a draw being a result.';
CREATE OR REPLACE FUNCTION private.match_settings(p_match public.matches)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with base as (
    select coalesce(t.match_settings, s.match_settings, '{}'::jsonb) as own,
           coalesce((select st.kind from public.tournament_stages st
                      where st.tournament_id = p_match.tournament_id and st.stage_no = coalesce(p_match.stage_no, 1)), 'knockout') as kind,
           (select max(x.round) from public.matches x
             where x.tournament_id = p_match.tournament_id and x.stage_no = coalesce(p_match.stage_no, 1)) - p_match.round as from_end
      from public.tournaments t
      left join public.series s on s.id = t.series_id
     where t.id = p_match.tournament_id
  )
  select private.default_match_settings() || (own - 'rounds')
         -- A knockout's last rounds may be longer (counted from its final); in double elimination, the grand final.
         || case when kind = 'knockout'
                 then coalesce(own->'rounds'->(case from_end when 0 then 'final' when 1 then 'semi_finals' when 2 then 'quarter_finals' end),
                               '{}'::jsonb)
                 when kind = 'double_elimination' and p_match.bracket = 'grand_final' then coalesce(own->'rounds'->'final', '{}'::jsonb)
                 else '{}'::jsonb end
         -- Where a draw is a result (groups, Swiss) nobody plays extra time or penalties.
         || case when kind in ('groups', 'swiss') then '{"extra_time": false, "penalties": false}'::jsonb else '{}'::jsonb end
    from base;
$function$;

comment on function private.match_settings_text(jsonb) is 'A match''s game settings in one line, in the game''s words, for the room message.';
CREATE OR REPLACE FUNCTION private.match_settings_text(p_settings jsonb)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select 'Match Time ' || (p_settings->>'match_minutes') || ' min, Extra Time '
         || case when (p_settings->'extra_time')::boolean then 'On' else 'Off' end
         || ', Penalties ' || case when (p_settings->'penalties')::boolean then 'On' else 'Off' end
         || ', Injuries ' || case when (p_settings->'injuries')::boolean then 'On' else 'Off' end
         || ', Condition ' || (p_settings->>'condition')
         || ', ' || (p_settings->>'substitutions') || ' substitutions'
$function$;

-- Disconnections --------------------------------------------------------------------------------------

comment on function private.report_closes_at(public.matches) is 'Until when a match''s result is reported: 45 minutes after its time, or 15 minutes after a replay''s expected end when a disconnection ruling asked for one.';
CREATE OR REPLACE FUNCTION private.report_closes_at(p_match public.matches)
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select greatest(p_match.scheduled_at + interval '45 minutes', p_match.replay_ends_at + interval '15 minutes');
$function$;

comment on function private.disconnection_account(public.matches,private.match_disconnections) is 'A player''s disconnection report in words, with the score in entry order, as staff read it among the dispute''s statements.';
CREATE OR REPLACE FUNCTION private.disconnection_account(p_match public.matches, p_report private.match_disconnections)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select 'Disconnection at minute ' || p_report.minute || ' with the score ' || private.entry_name(p_match.entry_a) || ' '
         || p_report.goals_a || '–' || p_report.goals_b || ' ' || private.entry_name(p_match.entry_b)
         || case when p_report.claims_quit then '; says the opponent quit on purpose' else '' end
         || case when p_report.episode > 1 then ' (a second disconnection)' else '' end || '.';
$function$;

-- Deadlines -------------------------------------------------------------------------------------------

comment on function private.due_match_decision(public.matches,timestamp with time zone) is 'The decision an overdue match is owed at p_now (auto_confirm, walkover, void, no_result; buyer_review, buyer_walkover, buyer_void: staff decide a match between two entries of one buyer) or null: the one reading of the match deadlines, for the periodic step and for every function that acts on a match.';
CREATE OR REPLACE FUNCTION private.due_match_decision(p_match public.matches, p_now timestamp with time zone)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_report private.match_reports%rowtype;
begin
  if p_match.status not in ('scheduled', 'ready', 'reported')
     or exists (select 1 from public.tournaments t where t.id = p_match.tournament_id and t.cancelled_at is not null) then
    return null;
  end if;
  select * into v_report from private.match_reports
   where match_id = p_match.id and superseded_at is null order by reported_at limit 1;
  if p_match.status = 'reported' and v_report.reported_at + interval '10 minutes' <= p_now then
    return case when private.same_buyer(p_match) then 'buyer_review' else 'auto_confirm' end;
  elsif p_match.walkover_entry_id is not null and p_match.walkover_claimed_at + interval '5 minutes' <= p_now then
    return case when private.same_buyer(p_match) then 'buyer_walkover' else 'walkover' end;
  elsif p_match.status = 'scheduled' and p_match.ready_a_at is null and p_match.ready_b_at is null
        and p_match.scheduled_at + interval '10 minutes' < p_now and v_report.id is null then
    return case when private.same_buyer(p_match) then 'buyer_void' else 'void' end;
  elsif p_match.status in ('scheduled', 'ready') and v_report.id is null and p_match.walkover_entry_id is null
        and private.report_closes_at(p_match) < p_now then
    return 'no_result';
  end if;
  return null;
end;
$function$;

comment on function private.apply_due_match_decision(public.matches) is 'Takes the decision private.due_match_decision says an overdue match is owed (the caller holds the match''s lock) and answers the match as it now is.';
CREATE OR REPLACE FUNCTION private.apply_due_match_decision(p_match public.matches)
 RETURNS public.matches
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_decision text := private.due_match_decision(p_match, v_now);
  v_match public.matches%rowtype := p_match;
  v_report private.match_reports%rowtype;
begin
  if v_decision is null then
    return p_match;
  end if;
  select * into v_report from private.match_reports
   where match_id = p_match.id and superseded_at is null order by reported_at limit 1;
  if v_decision = 'buyer_review' then
    perform private.open_dispute(p_match, null, 'other', 'Both entries were bought together: staff confirm the result.', null);
  elsif v_decision = 'buyer_walkover' then
    perform private.open_dispute(p_match, null, 'no_show',
      'Both entries were bought together: a walkover was claimed and not contested, so staff decide the match.', null);
  elsif v_decision = 'buyer_void' then
    perform private.open_dispute(p_match, null, 'no_show',
      'Both entries were bought together: neither player pressed Ready, so staff decide the match.', null);
  elsif v_decision = 'auto_confirm' then
    -- A single report the opponent neither confirmed nor disputed.
    perform private.confirm_result(p_match, v_report.winner_entry_id, v_report.goals_a, v_report.goals_b, 'result_auto_confirmed',
                                   'The opponent neither confirmed nor disputed within 10 minutes', null, true);
  elsif v_decision = 'walkover' then
    perform private.confirm_result(p_match, p_match.walkover_entry_id, null, null, 'walkover',
                                   'The opponent did not show up and did not contest the walkover', null, true);
  elsif v_decision = 'void' then
    -- Neither player was ready: both are out (staff may still set a result).
    select * into v_match from private.set_match_status(array[p_match.id], 'void', jsonb_build_object('confirmed_at', v_now));
    perform private.audit(v_match.tournament_id, 'match_void', 'Neither player was ready: both are out', null, null, null, true,
                          null, null, v_match.id);
    perform private.after_result(v_match);
  elsif v_decision = 'no_result' then
    -- No result by the deadline: staff decide.
    perform private.open_dispute(p_match, null, 'other', 'No result was reported within 45 minutes of the match time.', null);
  end if;
  select * into v_match from public.matches where id = p_match.id;
  return v_match;
end;
$function$;

comment on function private.refuse_decided_match(public.matches,timestamp with time zone) is 'Refuses an action on a match whose result a deadline has already decided (auto-confirmation, an uncontested walkover, neither ready) or handed to staff (a match between one buyer''s entries), even before the periodic function wrote it down.';
CREATE OR REPLACE FUNCTION private.refuse_decided_match(p_match public.matches, p_now timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_decision text := private.due_match_decision(p_match, p_now);
begin
  if v_decision = 'auto_confirm' then
    raise exception 'The report was confirmed automatically: nobody confirmed or disputed it within 10 minutes'
      using errcode = 'PT409', hint = 'report_confirmed_automatically';
  elsif v_decision = 'walkover' then
    raise exception 'The walkover stands: it was not contested within 5 minutes of the claim'
      using errcode = 'PT409', hint = 'contest_window_closed';
  elsif v_decision = 'void' then
    raise exception 'Neither player pressed Ready within 10 minutes of the match time: both are out'
      using errcode = 'PT409', hint = 'neither_ready';
  elsif v_decision in ('buyer_walkover', 'buyer_void') then
    raise exception 'Both entries of this match were bought together: staff decide it now'
      using errcode = 'PT409', hint = 'match_disputed';
  end if;
end;
$function$;

-- The match work of the periodic function
CREATE OR REPLACE FUNCTION private.run_due_match_work()
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_match public.matches%rowtype;
  v_decision text;
  v_confirmed integer := 0;
  v_walkovers integer := 0;
  v_void integer := 0;
  v_disputes integer := 0;
  -- Decisions taken (or tried) in this run: at most private.due_match_batch_size(), the rest in the next runs.
  v_taken integer := 0;
  v_left integer := 0;
  v_error text;
  v_state text;
begin
  -- The players of this run's decisions are told together at its end (each decision's own messages undone with it).
  perform private.hold_messages();
  for v_match in
    select m.* from public.matches m join public.tournaments t on t.id = m.tournament_id
     where m.status in ('scheduled', 'ready', 'reported') and t.cancelled_at is null
       and (m.scheduled_at < v_now - interval '10 minutes' or m.status = 'reported')
       and not private.due_item_parked(m.id::text)
     order by m.scheduled_at, m.id
     for update of m skip locked
  loop
    begin
      v_decision := private.due_match_decision(v_match, v_now);
      continue when v_decision is null;
      -- A decision owed but over this run's share waits for the next run, oldest first. Until it is written down the
      -- match already refuses what the decision rules out (private.refuse_decided_match).
      if v_taken >= private.due_match_batch_size() then
        v_left := v_left + 1;
        continue;
      end if;
      v_taken := v_taken + 1;
      perform private.apply_due_match_decision(v_match);
      case v_decision
        when 'auto_confirm' then v_confirmed := v_confirmed + 1;
        when 'walkover' then v_walkovers := v_walkovers + 1;
        when 'void' then v_void := v_void + 1;
        else v_disputes := v_disputes + 1;
      end case;
    exception when others then
      get stacked diagnostics v_error = message_text, v_state = returned_sqlstate;
      perform private.due_item_failed(v_match.id::text, v_error, v_state);
    end;
  end loop;
  perform private.deliver_held_messages();
  return jsonb_build_object('results_auto_confirmed', v_confirmed, 'walkovers', v_walkovers, 'matches_void', v_void,
                            'disputes_opened', v_disputes, 'match_decisions_left_for_next_run', v_left);
end;
$function$;

comment on function private.due_match_batch_size() is 'The most match decisions (an auto-confirmation, an uncontested walkover, neither ready, a match handed to staff) one periodic run takes: each confirms and advances the winner, about 4 ms of database CPU, and their players are told together at the step''s end (private.hold_messages), so a round with many deadlines is written down over a few runs, oldest first, within the run''s 50 ms.';
CREATE OR REPLACE FUNCTION private.due_match_batch_size()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select 6 $function$;

-- Matches and who sees them ---------------------------------------------------------------------------

CREATE TRIGGER matches_move_along_state_machine BEFORE UPDATE ON public.matches FOR EACH ROW WHEN (old.status IS DISTINCT FROM new.status) EXECUTE FUNCTION private.keep_to_state_machines('match', 'status', 'private.set_match_status');
comment on trigger matches_move_along_state_machine on public.matches is 'The match machine: made by the draw (pending, scheduled or bye), played (ready, reported, disputed) and ended (confirmed or void); a replay or a correction resets it. Only private.set_match_status changes it, and the move is checked for its caller.';

CREATE TRIGGER matches_reopen_rated_weeks AFTER UPDATE ON public.matches FOR EACH ROW WHEN (old.status = 'confirmed'::text AND (new.status IS DISTINCT FROM old.status OR new.winner_entry_id IS DISTINCT FROM old.winner_entry_id OR new.score_a IS DISTINCT FROM old.score_a OR new.score_b IS DISTINCT FROM old.score_b OR new.confirmed_at IS DISTINCT FROM old.confirmed_at)) EXECUTE FUNCTION private.reopen_rated_weeks_of_match();
comment on trigger matches_reopen_rated_weeks on public.matches is 'A confirmed result that changes after its week was rated: that week and the later ones are rated again.';

CREATE TRIGGER matches_set_updated_at BEFORE UPDATE ON public.matches FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

-- Once per statement, not per row: a draw writes hundreds of matches in a few statements, and each row's check read the
-- call stack again. A refused start fails the statement, as a refused row did.
CREATE TRIGGER matches_start_in_state_machine AFTER INSERT ON public.matches REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.keep_to_state_machines('match', 'status');

comment on function private.same_buyer(public.matches) is 'Whether both sides of a match were bought by the same account.';
CREATE OR REPLACE FUNCTION private.same_buyer(p_match public.matches)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select (select buyer_id from public.entries where id = p_match.entry_a) = (select buyer_id from public.entries where id = p_match.entry_b);
$function$;

comment on function private.lock_match(uuid) is 'Locks a match row for the rest of the transaction and returns it; refuses an unknown match (PT404).';
CREATE OR REPLACE FUNCTION private.lock_match(p_match_id uuid)
 RETURNS public.matches
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_match public.matches%rowtype;
begin
  select * into v_match from public.matches where id = p_match_id for update;
  if not found then
    raise exception 'This match does not exist' using errcode = 'PT404', hint = 'match_not_found';
  end if;
  return v_match;
end;
$function$;

comment on function private.require_match_open(public.matches) is 'Refuses (PT409) an action on a match that is still waiting for its players, is over, or whose tournament was cancelled.';
CREATE OR REPLACE FUNCTION private.require_match_open(p_match public.matches)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  if p_match.status in ('pending', 'bye') or p_match.entry_a is null or p_match.entry_b is null then
    raise exception 'This match is waiting for its players' using errcode = 'PT409', hint = 'match_not_ready';
  end if;
  if p_match.status in ('confirmed', 'void') then
    raise exception 'This match is over' using errcode = 'PT409', hint = 'match_over';
  end if;
  if exists (select 1 from public.tournaments t where t.id = p_match.tournament_id and t.cancelled_at is not null) then
    raise exception 'This tournament was cancelled' using errcode = 'PT409', hint = 'tournament_cancelled';
  end if;
end;
$function$;

-- The room and Ready ----------------------------------------------------------------------------------

comment on function private.break_between_rounds() is 'The break between a player''s match and their next round: 10 minutes.';
CREATE OR REPLACE FUNCTION private.break_between_rounds()
 RETURNS interval
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select interval '10 minutes' $function$;

-- Results: reports, confirmation, the winner moves on -------------------------------------------------

CREATE TRIGGER match_reports_move_along_state_machine BEFORE UPDATE ON private.match_reports FOR EACH ROW WHEN (old.superseded_at IS DISTINCT FROM new.superseded_at) EXECUTE FUNCTION private.keep_to_state_machines('report', 'superseded_at');
comment on trigger match_reports_move_along_state_machine on private.match_reports is 'The report machine: live until the same entry reports again or a replay is ordered (superseded).';

CREATE TRIGGER match_reports_start_in_state_machine BEFORE INSERT ON private.match_reports FOR EACH ROW EXECUTE FUNCTION private.keep_to_state_machines('report', 'superseded_at');

-- Disputes --------------------------------------------------------------------------------------------

CREATE TRIGGER match_disputes_move_along_state_machine BEFORE UPDATE ON public.match_disputes FOR EACH ROW WHEN (old.settled_at IS DISTINCT FROM new.settled_at OR old.outcome IS DISTINCT FROM new.outcome) EXECUTE FUNCTION private.keep_to_state_machines('dispute', 'settled_at');
comment on trigger match_disputes_move_along_state_machine on public.match_disputes is 'The dispute machine: open until staff set the result, order a replay or disqualify a player; settled once.';

CREATE TRIGGER match_disputes_start_in_state_machine BEFORE INSERT ON public.match_disputes FOR EACH ROW EXECUTE FUNCTION private.keep_to_state_machines('dispute', 'settled_at');

comment on function private.open_dispute(public.matches,uuid,text,text,uuid) is 'Opens a dispute on a match (or returns the one already open), with its deadline from the tournament''s dispute window, and puts the match in disputed.';
CREATE OR REPLACE FUNCTION private.open_dispute(p_match public.matches, p_entry_id uuid, p_reason text, p_details text, p_actor uuid)
 RETURNS uuid
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_id uuid;
begin
  select id into v_id from public.match_disputes where match_id = p_match.id and settled_at is null;
  if v_id is not null then
    return v_id;
  end if;
  insert into public.match_disputes (match_id, opened_by_entry_id, reason, details, opened_at, deadline_at)
  values (p_match.id, p_entry_id, p_reason, p_details, v_now, v_now + private.dispute_window(p_match.tournament_id))
  returning id into v_id;
  perform private.set_match_status(array[p_match.id], 'disputed');
  perform private.audit(p_match.tournament_id, 'dispute_opened',
                        'Dispute opened on round ' || p_match.round || ' match ' || p_match.position
                          || case when p_entry_id is null then '' else ' by ' || private.entry_name(p_entry_id) end,
                        p_reason || coalesce(': ' || p_details, ''), null, jsonb_build_object('dispute_id', v_id), false,
                        p_actor, p_entry_id, p_match.id);
  return v_id;
end;
$function$;

-- Match settings --------------------------------------------------------------------------------------

comment on function private.match_settings_part_valid(jsonb) is 'Whether one part of a tournament''s match settings holds only known keys with values in range (match minutes 3 to 30, substitutions 0 to 11, ...).';
CREATE OR REPLACE FUNCTION private.match_settings_part_valid(p jsonb)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select jsonb_typeof(p) = 'object'
     and not exists (select 1 from jsonb_object_keys(p) k
                      where k not in ('match_minutes', 'extra_time', 'penalties', 'injuries', 'condition', 'substitutions',
                                      'restart_by_minute', 'host_minutes'))
     and (not p ? 'match_minutes' or (jsonb_typeof(p->'match_minutes') = 'number' and (p->>'match_minutes')::numeric between 3 and 30
                                      and (p->>'match_minutes')::numeric = trunc((p->>'match_minutes')::numeric)))
     and (not p ? 'extra_time' or jsonb_typeof(p->'extra_time') = 'boolean')
     and (not p ? 'penalties' or jsonb_typeof(p->'penalties') = 'boolean')
     and (not p ? 'injuries' or jsonb_typeof(p->'injuries') = 'boolean')
     and (not p ? 'condition' or (p->>'condition') in ('Excellent', 'Good', 'Normal', 'Poor', 'Random'))
     and (not p ? 'substitutions' or (jsonb_typeof(p->'substitutions') = 'number' and (p->>'substitutions')::numeric between 0 and 11))
     and (not p ? 'restart_by_minute' or (jsonb_typeof(p->'restart_by_minute') = 'number' and (p->>'restart_by_minute')::numeric between 0 and 45))
     and (not p ? 'host_minutes' or (jsonb_typeof(p->'host_minutes') = 'number' and (p->>'host_minutes')::numeric between 1 and 15));
$function$;

-- Disconnections --------------------------------------------------------------------------------------

comment on function private.disconnection_to_staff(public.matches,uuid,uuid,text) is 'Sends a disconnection to staff: opens a dispute and files both players'' latest accounts of it as their statements.';
CREATE OR REPLACE FUNCTION private.disconnection_to_staff(p_match public.matches, p_entry_id uuid, p_actor uuid, p_why text)
 RETURNS public.matches
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_dispute uuid;
  v_report private.match_disconnections%rowtype;
  v_match public.matches%rowtype;
begin
  v_dispute := private.open_dispute(p_match, p_entry_id, 'disconnection', p_why, p_actor);
  -- Both players' accounts go to staff as their statements (each may add to theirs later).
  for v_report in
    select distinct on (d.entry_id) d.* from private.match_disconnections d
     where d.match_id = p_match.id and d.superseded_at is null order by d.entry_id, d.reported_at desc
  loop
    insert into private.match_dispute_statements (dispute_id, entry_id, player_id, details, screenshot_path, added_at)
    values (v_dispute, v_report.entry_id, v_report.reported_by,
            private.disconnection_account(p_match, v_report),
            null, v_report.reported_at)
    on conflict (dispute_id, entry_id) do update set details = excluded.details, added_at = excluded.added_at;
  end loop;
  perform private.notify_match_staff(p_match, 'Disconnection for staff: round ' || p_match.round || ' match ' || p_match.position,
                                     p_why, 'disconnection-' || p_match.id || '-' || v_dispute);
  select * into v_match from public.matches where id = p_match.id;
  return v_match;
end;
$function$;

-- =====================================================================================================
-- Functions callers use (the API: public schema)
-- =====================================================================================================

-- Matches and who sees them ---------------------------------------------------------------------------

comment on function public.get_my_next_matches() is 'The caller''s next match in each drawn tournament they are still in: round, time, opponent (null until known), match id.';
CREATE OR REPLACE FUNCTION public.get_my_next_matches()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.require_player();
begin
  return coalesce((
    select jsonb_agg(jsonb_build_object(
             'tournament_id', n.tournament_id,
             'title', n.title,
             'match_id', n.id,
             'round', n.round,
             'round_name', private.match_round_name(n.match),
             'scheduled_at', n.scheduled_at,
             'status', n.status,
             'opponent', n.opponent)
           order by n.scheduled_at, n.tournament_id)
      from (
        select distinct on (e.id)
               m.tournament_id, t.title, m.id, m.round, m.scheduled_at, m.status, m as match,
               case when m.entry_a = e.id then private.entry_name_or_null(m.entry_b)
                    else private.entry_name_or_null(m.entry_a) end as opponent
          from public.entries e
          join public.tournaments t on t.id = e.tournament_id
          join public.matches m on m.tournament_id = e.tournament_id and e.id in (m.entry_a, m.entry_b)
         where e.player_id = v_player and e.status = 'active'
           and t.drawn_at is not null and t.finished_at is null and t.cancelled_at is null
           and m.status not in ('confirmed', 'void', 'bye')
         order by e.id, m.round
      ) n), '[]'::jsonb);
end;
$function$;

-- The match chat --------------------------------------------------------------------------------------

comment on function public.get_match_messages(uuid) is 'The match chat, oldest first, each message''s sender as a side (a, b) or staff, for the two players and staff.';
CREATE OR REPLACE FUNCTION public.get_match_messages(p_match_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
begin
  if not exists (select 1 from public.matches where id = p_match_id) then
    raise exception 'This match does not exist' using errcode = 'PT404', hint = 'match_not_found';
  end if;
  perform private.require_may_see_match(v_user, p_match_id, 'Only the two players and staff read the match chat');
  return coalesce((
    select jsonb_agg(jsonb_build_object('id', m.id, 'sender', m.sender, 'body', m.body, 'sent_at', m.sent_at)
                     order by m.sent_at, m.id)
      from public.match_messages m where m.match_id = p_match_id), '[]'::jsonb);
end;
$function$;

comment on function public.get_match_chat_rules(uuid) is 'What the caller may write in a match''s chat now (quick phrases, free text, limits, open, closes_at) and their side, for the two players and staff.';
CREATE OR REPLACE FUNCTION public.get_match_chat_rules(p_match_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_match public.matches;
begin
  select * into v_match from public.matches where id = p_match_id;
  if not found then
    raise exception 'This match does not exist' using errcode = 'PT404', hint = 'match_not_found';
  end if;
  return private.match_chat_rules(v_match) || jsonb_build_object('side', private.chat_side(v_match, v_user));
end;
$function$;

comment on function public.send_match_message(uuid,text) is 'Writes to the match chat as the caller''s side: 1 to 300 characters, the quick phrases only with a player under 18, at most 5 per 30 seconds per side, until 24 hours after the match ends.';
CREATE OR REPLACE FUNCTION public.send_match_message(p_match_id uuid, p_body text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_match public.matches;
  v_side text;
  v_rules jsonb;
  v_body text := btrim(coalesce(p_body, ''));
  v_message public.match_messages;
begin
  select * into v_match from public.matches where id = p_match_id;
  if not found then
    raise exception 'This match does not exist' using errcode = 'PT404', hint = 'match_not_found';
  end if;
  v_side := private.chat_side(v_match, v_user);
  v_rules := private.match_chat_rules(v_match);
  if v_body = '' or char_length(v_body) > 300 then
    raise exception 'A message is 1 to 300 characters' using errcode = 'PT400', hint = 'invalid_message';
  end if;
  if private.has_hidden_controls(v_body) then
    raise exception 'A message is one line, without hidden control characters' using errcode = 'PT400', hint = 'invalid_message';
  end if;
  if not (v_rules ->> 'open')::boolean then
    raise exception 'The chat of this match is closed' using errcode = 'PT409', hint = 'chat_closed';
  end if;
  if v_side <> 'staff' and not (v_rules ->> 'free_text')::boolean and not v_body = any (private.match_quick_phrases()) then
    raise exception 'This match''s chat takes the quick phrases only' using errcode = 'PT400', hint = 'quick_phrases_only';
  end if;
  -- One writer per side at a time keeps the burst count exact when two tabs send together.
  perform pg_advisory_xact_lock(hashtext('match_chat:' || p_match_id::text || ':' || v_side));
  if (select count(*) from public.match_messages
       where match_id = p_match_id and sender = v_side and sent_at > v_now - interval '30 seconds') >= 5 then
    raise exception 'At most 5 messages every 30 seconds: wait a moment' using errcode = 'PT409', hint = 'too_many_messages';
  end if;
  insert into public.match_messages (match_id, sender, body, sent_at)
  values (p_match_id, v_side, v_body, v_now)
  returning * into v_message;
  return jsonb_build_object('id', v_message.id, 'sender', v_message.sender, 'body', v_message.body, 'sent_at', v_message.sent_at);
end;
$function$;

comment on function public.report_match_message(bigint,text) is 'A player or staff member reports a message of the other side to the tournament''s staff who do not play in it (bell and audit log, both naming the message by id, never quoting it); reporting twice changes nothing.';
CREATE OR REPLACE FUNCTION public.report_match_message(p_message_id bigint, p_reason text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_message public.match_messages;
  v_match public.matches;
  v_side text;
  v_reason text := nullif(btrim(coalesce(p_reason, '')), '');
begin
  select * into v_message from public.match_messages where id = p_message_id;
  if not found then
    raise exception 'This message does not exist' using errcode = 'PT404', hint = 'message_not_found';
  end if;
  select * into v_match from public.matches where id = v_message.match_id;
  v_side := private.chat_side(v_match, v_user);
  if v_side = v_message.sender then
    raise exception 'You cannot report your own message' using errcode = 'PT409', hint = 'own_message';
  end if;
  if char_length(v_reason) > 300 then
    raise exception 'A reason is at most 300 characters' using errcode = 'PT400', hint = 'invalid_message';
  end if;
  insert into private.match_message_reports (message_id, reported_by, reason, reported_at)
  values (p_message_id, v_user, v_reason, private.clock_now())
  on conflict (message_id, reported_by) do nothing;
  if found then
    -- The message's id, never its words: they go with the chat when its retention ends.
    perform private.audit(v_match.tournament_id, 'message_reported', 'A chat message was reported to staff', v_reason,
                          null, jsonb_build_object('message_id', v_message.id, 'sender', v_message.sender),
                          false, v_user, null, v_match.id);
    perform private.deliver(array(
      select row(s.user_id, 'staff_alert', 'A chat message was reported',
                 case v_message.sender when 'staff' then 'A staff message' else 'Side ' || upper(v_message.sender) || '''s message' end
                   || ' in a match of ' || coalesce((select t.title from public.tournaments t where t.id = v_match.tournament_id), 'a tournament')
                   || ' was reported. Read it in the match''s chat.',
                 '/match/?id=' || v_match.id, 'message_reported:' || v_message.id)::private.notice
        from (select distinct r.user_id from public.staff_roles r
               where r.tournament_id is null and r.role = 'admin'
                  or r.tournament_id = v_match.tournament_id) s
       -- Staff who play in the tournament hear nothing of its reports.
       where not private.plays_in(s.user_id, v_match.tournament_id)));
  end if;
  return jsonb_build_object('message_id', p_message_id, 'reported', true);
end;
$function$;

comment on function public.staff_get_reported_message(bigint) is 'Staff acting in the tournament (a grant that covers it, the second step, no entry of theirs in it): a reported chat message with its side, words and reports, while the message exists (PT404 message_not_found once the chat is deleted).';
CREATE OR REPLACE FUNCTION public.staff_get_reported_message(p_message_id bigint)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  -- Staff somewhere, at aal2, before anything is looked up: nobody else learns whether a message exists.
  v_user uuid := private.require_staff_anywhere('referee');
  v_message public.match_messages;
  v_match public.matches;
begin
  select * into v_message from public.match_messages where id = p_message_id;
  if not found then
    -- Deleted with the chat's retention, or never written: there is nothing left to read.
    raise exception 'This message does not exist' using errcode = 'PT404', hint = 'message_not_found';
  end if;
  select * into v_match from public.matches where id = v_message.match_id;
  if not private.acts_as_staff_in(v_user, v_match.tournament_id) then
    if private.staff_role_of(v_user, v_match.tournament_id) is not null and not private.plays_in(v_user, v_match.tournament_id)
       and not private.staff_has_second_step() then
      raise exception 'Staff actions need two-step sign-in: enter the code from your authenticator app.'
        using errcode = 'PT403', hint = 'second_step_required';
    end if;
    raise exception 'Only staff of this tournament who do not play in it read reported messages'
      using errcode = 'PT403', hint = 'staff_only';
  end if;
  return jsonb_build_object(
    'message_id', v_message.id, 'match_id', v_message.match_id, 'tournament_id', v_match.tournament_id,
    'sender', v_message.sender, 'body', v_message.body, 'sent_at', v_message.sent_at,
    'reports', coalesce((select jsonb_agg(jsonb_build_object('reason', r.reason, 'reported_at', r.reported_at) order by r.reported_at)
                           from private.match_message_reports r where r.message_id = v_message.id), '[]'::jsonb));
end;
$function$;

-- The room and Ready ----------------------------------------------------------------------------------

comment on function public.post_room(uuid,text,text) is 'The host (the top slot) posts the room id and password; once the host''s minutes after the ready window opens have passed without a room, the guest may post it and hosts.';
CREATE OR REPLACE FUNCTION public.post_room(p_match_id uuid, p_room_id text, p_password text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_match public.matches := private.lock_match(p_match_id);
  v_side text := private.my_side(v_match, v_user);
  v_takes_over boolean := false;
begin
  if v_side <> v_match.room_host then
    if v_match.room_host = 'a' and v_match.room_posted_at is null and v_now >= private.host_deadline(v_match) then
      v_takes_over := true;
    elsif v_match.room_host = 'a' and v_match.room_posted_at is null then
      raise exception 'The top-slot player hosts this match and posts the room; you may host once their minutes to post it have passed'
        using errcode = 'PT403', hint = 'not_the_host';
    else
      raise exception 'Your opponent hosts this match and posts the room' using errcode = 'PT403', hint = 'not_the_host';
    end if;
  end if;
  perform private.require_match_open(v_match);
  perform private.refuse_decided_match(v_match, v_now);
  if v_now > private.report_closes_at(v_match) then
    raise exception 'The match time is long past: no room can be posted 45 minutes after it (or 15 minutes after a replay''s expected end)'
      using errcode = 'PT409', hint = 'too_late';
  end if;
  if p_room_id is null or btrim(p_room_id) !~ '^[A-Za-z0-9-]{3,32}$' then
    raise exception 'The room id is 3 to 32 letters, digits or dashes' using errcode = 'PT400', hint = 'invalid_room';
  end if;
  if p_password is null or char_length(btrim(p_password)) not between 1 and 32 then
    raise exception 'The room password is 1 to 32 characters' using errcode = 'PT400', hint = 'invalid_room';
  end if;
  insert into private.match_rooms (match_id, room_id, password, posted_by, posted_at)
  values (p_match_id, btrim(p_room_id), btrim(p_password), v_user, v_now)
  on conflict (match_id) do update
    set room_id = excluded.room_id, password = excluded.password, posted_at = excluded.posted_at, posted_by = excluded.posted_by;
  update public.matches set room_posted_at = v_now, room_host = v_side where id = p_match_id returning * into v_match;
  if v_takes_over then
    perform private.audit(v_match.tournament_id, 'guest_hosts',
                          private.entry_name(v_match.entry_b) || ' hosts: the top-slot player posted no room in time',
                          null, null, jsonb_build_object('host_deadline', private.host_deadline(v_match)), false, v_user,
                          v_match.entry_b, v_match.id);
    perform private.notify_match_staff(v_match, 'Guest hosts: round ' || v_match.round || ' match ' || v_match.position,
                                       private.entry_name(v_match.entry_a) || ' posted no room in time; '
                                         || private.entry_name(v_match.entry_b) || ' hosts.',
                                       'guest-hosts-' || v_match.id);
  elsif v_match.disconnection_ruling is not null then
    perform private.audit(v_match.tournament_id, 'room_posted_after_disconnection', 'A new room is posted after the disconnection',
                          null, null, null, false, v_user, null, v_match.id);
  end if;
  return jsonb_build_object('match_id', p_match_id, 'room_posted_at', v_now, 'host', v_match.room_host);
end;
$function$;

comment on function public.get_match_room(uuid) is 'The room of a match, for its two players and staff only.';
CREATE OR REPLACE FUNCTION public.get_match_room(p_match_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_room private.match_rooms%rowtype;
begin
  if not exists (select 1 from public.matches where id = p_match_id) then
    raise exception 'This match does not exist' using errcode = 'PT404', hint = 'match_not_found';
  end if;
  perform private.require_may_see_match(v_user, p_match_id, 'Only the two players and staff see the room');
  select * into v_room from private.match_rooms where match_id = p_match_id;
  return jsonb_build_object('room_id', v_room.room_id, 'password', v_room.password, 'posted_at', v_room.posted_at);
end;
$function$;

comment on function public.set_ready(uuid,boolean) is 'A player of the match is ready, from 5 minutes before to 10 minutes after the match time; the guest confirms the room''s settings with it (p_settings_checked, true unless said otherwise).';
CREATE OR REPLACE FUNCTION public.set_ready(p_match_id uuid, p_settings_checked boolean DEFAULT true)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_match public.matches := private.lock_match(p_match_id);
  v_side text := private.my_side(v_match, v_user);
begin
  perform private.require_match_open(v_match);
  perform private.refuse_decided_match(v_match, v_now);
  if v_now < v_match.scheduled_at - interval '5 minutes' then
    raise exception 'Ready opens 5 minutes before the match' using errcode = 'PT409', hint = 'too_early';
  end if;
  if v_now > v_match.scheduled_at + interval '10 minutes' then
    raise exception 'Ready closed 10 minutes after the match time' using errcode = 'PT409', hint = 'too_late';
  end if;
  if v_side <> v_match.room_host and not coalesce(p_settings_checked, false) then
    raise exception 'Check the room''s settings against the match''s before pressing Ready' using errcode = 'PT400', hint = 'settings_not_checked';
  end if;
  if v_side <> v_match.room_host and v_match.settings_checked_at is null then
    update public.matches set settings_checked_at = v_now where id = p_match_id returning * into v_match;
    perform private.audit(v_match.tournament_id, 'settings_checked', private.entry_name(case v_side when 'a' then v_match.entry_a else v_match.entry_b end)
                            || ' checked the room''s settings', null, null, null, false, v_user, null, v_match.id);
  end if;
  v_match := private.mark_ready(v_match, v_side, v_now);
  return jsonb_build_object('match_id', v_match.id, 'status', v_match.status,
                            'ready', jsonb_build_array(v_match.ready_a_at is not null, v_match.ready_b_at is not null),
                            'settings_checked', v_match.settings_checked_at is not null);
end;
$function$;

comment on function public.claim_walkover(uuid) is 'A player who was ready claims the match 10 minutes after its time when the opponent never was.';
CREATE OR REPLACE FUNCTION public.claim_walkover(p_match_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_match public.matches := private.lock_match(p_match_id);
  v_side text := private.my_side(v_match, v_user);
  v_entry uuid := case v_side when 'a' then v_match.entry_a else v_match.entry_b end;
begin
  perform private.require_match_open(v_match);
  if v_match.walkover_entry_id = v_entry and private.due_match_decision(v_match, v_now) in ('walkover', 'buyer_walkover') then
    -- The claim's window has passed uncontested: the claimant asking again gets the walkover now (or, when one
    -- buyer holds both entries, the match goes to staff).
    v_match := private.apply_due_match_decision(v_match);
    return jsonb_build_object('match_id', v_match.id, 'status', v_match.status, 'walkover_claimed_at', v_match.walkover_claimed_at,
                              'contest_until', v_match.walkover_claimed_at + interval '5 minutes');
  end if;
  perform private.refuse_decided_match(v_match, v_now);
  if v_match.status = 'disputed' then
    raise exception 'This match is in dispute: staff decide it now' using errcode = 'PT409', hint = 'match_disputed';
  end if;
  if v_now <= v_match.scheduled_at + interval '10 minutes' then
    raise exception 'A walkover can be claimed 10 minutes after the match time' using errcode = 'PT409', hint = 'too_early';
  end if;
  if (case v_side when 'a' then v_match.ready_a_at else v_match.ready_b_at end) is null then
    raise exception 'Only a player who pressed Ready in time can claim a walkover' using errcode = 'PT409', hint = 'not_ready';
  end if;
  if (case v_side when 'a' then v_match.ready_b_at else v_match.ready_a_at end) is not null then
    raise exception 'Your opponent was ready: report the result instead' using errcode = 'PT409', hint = 'opponent_was_ready';
  end if;
  if v_match.walkover_entry_id is null then
    update public.matches set walkover_entry_id = v_entry, walkover_claimed_at = v_now where id = p_match_id returning * into v_match;
    perform private.audit(v_match.tournament_id, 'walkover_claimed', private.entry_name(v_entry) || ' claims a walkover',
                          null, null, null, false, v_user, v_entry, v_match.id);
  end if;
  return jsonb_build_object('match_id', v_match.id, 'status', v_match.status, 'walkover_claimed_at', v_match.walkover_claimed_at,
                            'contest_until', v_match.walkover_claimed_at + interval '5 minutes');
end;
$function$;

-- Results: reports, confirmation, the winner moves on -------------------------------------------------

comment on function public.report_match(uuid,integer,integer,text,text) is 'A player reports the score, who went through and a screenshot in match-evidence, from 5 minutes before to 45 minutes after the match time (15 minutes after a replay''s expected end after a disconnection ruling; the total score). The opponent then confirms or disputes.';
CREATE OR REPLACE FUNCTION public.report_match(p_match_id uuid, p_my_goals integer, p_opponent_goals integer, p_went_through text, p_screenshot_path text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_match public.matches := private.lock_match(p_match_id);
  v_side text := private.my_side(v_match, v_user);
  v_mine uuid := case v_side when 'a' then v_match.entry_a else v_match.entry_b end;
  v_theirs uuid := case v_side when 'a' then v_match.entry_b else v_match.entry_a end;
  v_winner uuid;
  v_goals_a integer;
  v_goals_b integer;
  v_other private.match_reports%rowtype;
begin
  perform private.require_match_open(v_match);
  if v_match.status = 'disputed' then
    raise exception 'This match is in dispute: staff decide it now' using errcode = 'PT409', hint = 'match_disputed';
  end if;
  perform private.refuse_decided_match(v_match, v_now);
  if v_now < v_match.scheduled_at - interval '5 minutes' then
    raise exception 'Results can be reported from 5 minutes before the match' using errcode = 'PT409', hint = 'too_early';
  end if;
  if v_now > private.report_closes_at(v_match) then
    raise exception 'Results must be reported within 45 minutes of the match time (15 minutes after a replay''s expected end)'
      using errcode = 'PT409', hint = 'too_late';
  end if;
  if p_my_goals is null or p_opponent_goals is null or p_my_goals not between 0 and 99 or p_opponent_goals not between 0 and 99 then
    raise exception 'Goals are whole numbers from 0 to 99' using errcode = 'PT400', hint = 'invalid_score';
  end if;
  if private.draws_allowed(v_match) then
    -- A group (or Swiss) match: the goals decide, a draw stands, and who went through is not asked.
    v_winner := case when p_my_goals > p_opponent_goals then v_mine when p_my_goals < p_opponent_goals then v_theirs end;
  else
    v_winner := case lower(btrim(coalesce(p_went_through, '')))
                  when 'true' then v_mine when 'me' then v_mine
                  when 'false' then v_theirs when 'opponent' then v_theirs
                  when v_mine::text then v_mine when v_theirs::text then v_theirs end;
  end if;
  if v_winner is null and not private.draws_allowed(v_match) then
    raise exception 'Say who went through: you or your opponent' using errcode = 'PT400', hint = 'invalid_winner';
  end if;
  if (p_my_goals > p_opponent_goals and v_winner <> v_mine) or (p_my_goals < p_opponent_goals and v_winner <> v_theirs) then
    raise exception 'The winner must be the player with more goals (a level score is settled by the shoot-out)'
      using errcode = 'PT400', hint = 'invalid_winner';
  end if;
  if not private.is_my_match_evidence(p_match_id, v_user, p_screenshot_path) then
    raise exception 'Upload a screenshot of the result screen first (match-evidence/<match id>/<your user id>/<file>)'
      using errcode = 'PT400', hint = 'screenshot_required';
  end if;

  v_goals_a := case v_side when 'a' then p_my_goals else p_opponent_goals end;
  v_goals_b := case v_side when 'a' then p_opponent_goals else p_my_goals end;
  update private.match_reports set superseded_at = v_now where match_id = p_match_id and entry_id = v_mine and superseded_at is null;
  insert into private.match_reports (match_id, entry_id, reported_by, goals_a, goals_b, winner_entry_id, screenshot_path, reported_at)
  values (p_match_id, v_mine, v_user, v_goals_a, v_goals_b, v_winner, p_screenshot_path, v_now);
  -- A report filed before any walkover claim counts as Ready.
  if v_match.walkover_entry_id is null then
    v_match := private.mark_ready(v_match, v_side, v_now);
  end if;

  select * into v_other from private.match_reports where match_id = p_match_id and entry_id = v_theirs and superseded_at is null;
  if v_other.id is null then
    select * into v_match from private.set_match_status(array[p_match_id], 'reported');
  elsif v_other.goals_a = v_goals_a and v_other.goals_b = v_goals_b and v_other.winner_entry_id is not distinct from v_winner
        and not private.same_buyer(v_match) then
    v_match := private.confirm_result(v_match, v_winner, v_goals_a, v_goals_b, 'result_confirmed', 'Both players reported the same result', null, true);
  else
    perform private.open_dispute(v_match, null, 'wrong_score',
      case when private.same_buyer(v_match) then 'Both entries were bought together: staff confirm the result.'
           else 'The two reports disagree.' end, null);
    select * into v_match from public.matches where id = p_match_id;
  end if;
  return jsonb_build_object('match_id', p_match_id, 'status', v_match.status, 'winner_entry_id', v_match.winner_entry_id);
end;
$function$;

comment on function public.confirm_match(uuid) is 'The opponent agrees with the one report filed: the result stands and the winner moves on.';
CREATE OR REPLACE FUNCTION public.confirm_match(p_match_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_match public.matches := private.lock_match(p_match_id);
  v_side text := private.my_side(v_match, v_user);
  v_theirs uuid := case v_side when 'a' then v_match.entry_b else v_match.entry_a end;
  v_report private.match_reports%rowtype;
begin
  perform private.require_match_open(v_match);
  select * into v_report from private.match_reports where match_id = p_match_id and entry_id = v_theirs and superseded_at is null;
  if v_report.id is null or v_match.status <> 'reported' then
    raise exception 'There is no report of your opponent to confirm' using errcode = 'PT409', hint = 'nothing_to_confirm';
  end if;
  if private.due_match_decision(v_match, v_now) in ('auto_confirm', 'buyer_review') then
    -- Its 10 minutes have passed: the report stands as the deadline decided it, whoever confirms now.
    v_match := private.apply_due_match_decision(v_match);
  elsif private.same_buyer(v_match) then
    perform private.open_dispute(v_match, null, 'other', 'Both entries were bought together: staff confirm the result.', null);
  else
    v_match := private.confirm_result(v_match, v_report.winner_entry_id, v_report.goals_a, v_report.goals_b,
                                      'result_confirmed', 'The opponent confirmed the report', v_user, true);
  end if;
  select * into v_match from public.matches where id = p_match_id;
  return jsonb_build_object('match_id', p_match_id, 'status', v_match.status, 'winner_entry_id', v_match.winner_entry_id);
end;
$function$;

comment on function public.get_match_reports(uuid) is 'The reports on file, the dispute with both players'' accounts, the walkover claim, the reasons the caller may dispute with now or later, and the referee''s decision, for the two players and staff.';
CREATE OR REPLACE FUNCTION public.get_match_reports(p_match_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_match public.matches%rowtype;
  v_mine uuid;
begin
  select * into v_match from public.matches where id = p_match_id;
  if not found then
    raise exception 'This match does not exist' using errcode = 'PT404', hint = 'match_not_found';
  end if;
  perform private.require_may_see_match(v_user, p_match_id, 'Only the two players and staff see the reports');
  select e.id into v_mine from public.entries e where e.id in (v_match.entry_a, v_match.entry_b) and e.player_id = v_user;
  return jsonb_build_object(
    'reports', coalesce((
      select jsonb_agg(jsonb_build_object(
               'entry_id', r.entry_id, 'score', jsonb_build_array(r.goals_a, r.goals_b), 'winner_entry_id', r.winner_entry_id,
               'screenshot_path', r.screenshot_path, 'reported_at', r.reported_at)
                       order by r.reported_at, r.entry_id = v_match.entry_b)
        from private.match_reports r where r.match_id = p_match_id and r.superseded_at is null), '[]'::jsonb),
    'dispute', (
      select jsonb_build_object('reason', d.reason, 'details', d.details, 'opened_at', d.opened_at, 'deadline_at', d.deadline_at,
                                'opened_by_entry_id', d.opened_by_entry_id, 'settled_at', d.settled_at, 'outcome', d.outcome, 'note', d.note,
                                'statements', private.dispute_statements_json(d.id))
        from public.match_disputes d where d.match_id = p_match_id
       order by d.opened_at desc limit 1),
    'walkover', case when v_match.walkover_entry_id is null then null
                     else jsonb_build_object('entry_id', v_match.walkover_entry_id, 'claimed_at', v_match.walkover_claimed_at,
                                             'contest_until', v_match.walkover_claimed_at + interval '5 minutes') end,
    -- The reasons the caller may dispute with, and from when; none once a dispute is open or the result decided.
    'dispute_reasons', case
      when v_mine is null or v_match.status not in ('scheduled', 'ready', 'reported')
           or private.due_match_decision(v_match, v_now) in ('auto_confirm', 'walkover', 'void') then '[]'::jsonb
      else coalesce((
        select jsonb_agg(jsonb_build_object('reason', r.reason, 'opens_at', private.dispute_reason_opens_at(v_match, v_mine, r.reason),
                                            'details_required', private.dispute_needs_details(r.reason)) order by r.n)
          from unnest(array['wrong_score', 'no_show', 'disconnection', 'cheating', 'other']) with ordinality as r(reason, n)
         where private.dispute_reason_opens_at(v_match, v_mine, r.reason) is not null), '[]'::jsonb) end,
    'decision', private.referee_decision_json(p_match_id)
  );
end;
$function$;

-- Disputes --------------------------------------------------------------------------------------------

comment on function public.dispute_match(uuid,text,text) is 'A player of the match opens a dispute with a reason that fits the match now (private.dispute_reason_opens_at; details for cheating and other); staff decide before its deadline.';
CREATE OR REPLACE FUNCTION public.dispute_match(p_match_id uuid, p_reason text, p_details text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_match public.matches := private.lock_match(p_match_id);
  v_side text := private.my_side(v_match, v_user);
  v_mine uuid := case v_side when 'a' then v_match.entry_a else v_match.entry_b end;
  v_details text := nullif(btrim(coalesce(p_details, '')), '');
  v_open public.match_disputes%rowtype;
  v_opens_at timestamptz;
  v_id uuid;
begin
  perform private.require_match_open(v_match);
  if p_reason is null or p_reason not in ('wrong_score', 'no_show', 'disconnection', 'cheating', 'other') then
    raise exception 'The reason is wrong_score, no_show, disconnection, cheating or other' using errcode = 'PT400', hint = 'invalid_dispute_reason';
  end if;
  if char_length(coalesce(p_details, '')) > 2000 then
    raise exception 'Keep the details under 2000 characters' using errcode = 'PT400', hint = 'details_too_long';
  end if;
  select * into v_open from public.match_disputes where match_id = p_match_id and settled_at is null;
  if v_open.id is not null then
    if v_open.opened_by_entry_id is distinct from v_mine then
      raise exception 'A dispute is already open on this match: add your side to it' using errcode = 'PT409', hint = 'dispute_already_open';
    end if;
    -- The same player pressing again: the dispute they opened.
    return jsonb_build_object('dispute_id', v_open.id, 'deadline_at', v_open.deadline_at, 'status', 'disputed');
  end if;
  perform private.refuse_decided_match(v_match, v_now);
  if private.dispute_needs_details(p_reason) and v_details is null then
    raise exception 'Say what happened: staff need the details for this reason' using errcode = 'PT400', hint = 'dispute_details_required';
  end if;
  v_opens_at := private.dispute_reason_opens_at(v_match, v_mine, p_reason);
  if v_opens_at is null and p_reason = 'wrong_score' then
    raise exception 'Your opponent has not reported a score to disagree with: report yours instead'
      using errcode = 'PT409', hint = 'no_report_to_dispute';
  elsif v_opens_at is null then
    raise exception 'Your opponent reported a result, so they showed up: dispute the score instead'
      using errcode = 'PT409', hint = 'opponent_reported';
  elsif v_now < v_opens_at and p_reason = 'no_show' then
    raise exception 'A no-show can be claimed from 10 minutes after the match time, when Ready has closed'
      using errcode = 'PT409', hint = 'no_show_too_early';
  elsif v_now < v_opens_at then
    raise exception 'The match has not started yet: nothing has happened to dispute' using errcode = 'PT409', hint = 'match_not_started';
  end if;
  v_id := private.open_dispute(v_match, v_mine, p_reason, v_details, v_user);
  return (select jsonb_build_object('dispute_id', d.id, 'deadline_at', d.deadline_at, 'status', 'disputed')
            from public.match_disputes d where d.id = v_id);
end;
$function$;

comment on function public.add_dispute_evidence(uuid,text,text) is 'Either player of a match in dispute adds their account and, optionally, a screenshot they uploaded to match-evidence; staff read both sides before deciding.';
CREATE OR REPLACE FUNCTION public.add_dispute_evidence(p_match_id uuid, p_details text, p_screenshot_path text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_match public.matches := private.lock_match(p_match_id);
  v_side text := private.my_side(v_match, v_user);
  v_mine uuid := case v_side when 'a' then v_match.entry_a else v_match.entry_b end;
  v_details text := nullif(btrim(coalesce(p_details, '')), '');
  v_path text := nullif(btrim(coalesce(p_screenshot_path, '')), '');
  v_dispute public.match_disputes%rowtype;
begin
  select * into v_dispute from public.match_disputes where match_id = p_match_id and settled_at is null;
  if v_dispute.id is null then
    raise exception 'There is no open dispute on this match' using errcode = 'PT409', hint = 'no_open_dispute';
  end if;
  if v_details is null then
    raise exception 'Say what happened: staff need your account' using errcode = 'PT400', hint = 'dispute_details_required';
  end if;
  if char_length(v_details) > 2000 then
    raise exception 'Keep the details under 2000 characters' using errcode = 'PT400', hint = 'details_too_long';
  end if;
  if v_path is not null and not private.is_my_match_evidence(p_match_id, v_user, v_path) then
    raise exception 'Upload the screenshot first (match-evidence/<match id>/<your user id>/<file>)'
      using errcode = 'PT400', hint = 'screenshot_required';
  end if;
  insert into private.match_dispute_statements (dispute_id, entry_id, player_id, details, screenshot_path, added_at)
  values (v_dispute.id, v_mine, v_user, v_details, v_path, v_now)
  on conflict (dispute_id, entry_id) do update
     set details = excluded.details, screenshot_path = coalesce(excluded.screenshot_path, private.match_dispute_statements.screenshot_path),
         added_at = excluded.added_at, player_id = excluded.player_id;
  perform private.audit(v_match.tournament_id, 'dispute_evidence_added',
                        private.entry_name(v_mine) || ' adds their side to the dispute on round ' || v_match.round || ' match ' || v_match.position,
                        v_details, null, jsonb_build_object('dispute_id', v_dispute.id, 'screenshot_path', v_path), false,
                        v_user, v_mine, v_match.id);
  return jsonb_build_object('match_id', p_match_id, 'dispute_id', v_dispute.id, 'added_at', v_now);
end;
$function$;

comment on function public.get_match_decision(uuid) is 'The referee''s last public decision on a match with their note ({ action, note, at }), or null, for anyone.';
CREATE OR REPLACE FUNCTION public.get_match_decision(p_match_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$ select private.referee_decision_json(p_match_id) $function$;

comment on function public.staff_list_disputes() is 'Staff: every open dispute in the tournaments they look after, the nearest staff deadline first.';
CREATE OR REPLACE FUNCTION public.staff_list_disputes()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_staff uuid := private.require_staff_anywhere('referee');
begin
  return coalesce((
    select jsonb_agg(jsonb_build_object(
             'dispute_id', d.id, 'match_id', m.id, 'tournament_id', t.id, 'title', t.title,
             'round', m.round, 'rounds', (select max(x.round) from public.matches x where x.tournament_id = m.tournament_id),
             'position', m.position, 'status', m.status, 'scheduled_at', m.scheduled_at,
             'entries', jsonb_build_array(
               jsonb_build_object('entry_id', m.entry_a, 'in_game_name', private.entry_name(m.entry_a)),
               jsonb_build_object('entry_id', m.entry_b, 'in_game_name', private.entry_name(m.entry_b))),
             'reason', d.reason, 'details', d.details, 'opened_at', d.opened_at, 'deadline_at', d.deadline_at,
             'opened_by_entry_id', d.opened_by_entry_id, 'statements', private.dispute_statements_json(d.id))
           order by d.deadline_at, d.opened_at, d.id)
      from public.match_disputes d
      join public.matches m on m.id = d.match_id
      join public.tournaments t on t.id = m.tournament_id
     where d.settled_at is null and t.cancelled_at is null and private.staff_sees(v_staff, t.id)
  ), '[]'::jsonb);
end;
$function$;

comment on function private.check_staff_result(public.matches,uuid,integer[]) is 'Refuses a result staff set that cannot be: a winner who is not in the match, a winner who has withdrawn or was disqualified (winner_out), a score out of range or against the winner; in a group or Swiss match a score is required and a level one has no winner (null).';
CREATE OR REPLACE FUNCTION private.check_staff_result(p_match public.matches, p_winner uuid, p_score integer[])
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_draws boolean := private.draws_allowed(p_match);
begin
  if (p_winner is null and not (v_draws and p_score is not null and array_length(p_score, 1) = 2 and p_score[1] = p_score[2]))
     or p_winner not in (p_match.entry_a, p_match.entry_b) then
    raise exception 'The winner must be one of the two entries of the match' using errcode = 'PT400', hint = 'invalid_winner';
  end if;
  -- A withdrawn or disqualified player is out of the tournament: staff cannot send them on (a correction would
  -- otherwise seat them in a later match, or a grand-final reset, that nobody can play).
  if p_winner is not null and exists (select 1 from public.entries where id = p_winner and status <> 'active') then
    raise exception 'This player has withdrawn or was disqualified: the win goes to the other player or the match is replayed'
      using errcode = 'PT409', hint = 'winner_out';
  end if;
  if (p_score is null and v_draws)
     or (p_score is not null and (array_length(p_score, 1) is distinct from 2 or p_score[1] not between 0 and 99 or p_score[2] not between 0 and 99
                                  or (p_score[1] > p_score[2] and p_winner is distinct from p_match.entry_a)
                                  or (p_score[1] < p_score[2] and p_winner is distinct from p_match.entry_b)
                                  or (v_draws and p_score[1] = p_score[2] and p_winner is not null))) then
    raise exception 'The score is [a, b] in the order of the entries, and the winner has more goals (or won the shoot-out)'
      using errcode = 'PT400', hint = 'invalid_score';
  end if;
end;
$function$;

comment on function public.staff_settle_match(uuid,uuid,integer[],text) is 'Referees (public contract): decide a match with its winner and score; the winner moves on.';
CREATE OR REPLACE FUNCTION public.staff_settle_match(p_match_id uuid, p_winner_entry_id uuid, p_score integer[], p_note text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_match public.matches := private.lock_match(p_match_id);
  v_staff uuid := private.require_staff('referee', v_match.tournament_id);
  v_note text := private.require_reason(p_note);
begin
  perform private.require_match_open(v_match);
  perform private.check_staff_result(v_match, p_winner_entry_id, p_score);
  update public.match_disputes set settled_at = v_now, settled_by = v_staff, outcome = 'result_set', note = v_note
   where match_id = p_match_id and settled_at is null;
  v_match := private.confirm_result(v_match, p_winner_entry_id, p_score[1], p_score[2], 'result_set_by_staff', v_note, v_staff, true);
  return jsonb_build_object('match_id', p_match_id, 'status', v_match.status, 'winner_entry_id', v_match.winner_entry_id);
end;
$function$;

comment on function public.staff_order_replay(uuid,text) is 'Referees: a disputed match is reset to be played again.';
CREATE OR REPLACE FUNCTION public.staff_order_replay(p_match_id uuid, p_note text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_match public.matches := private.lock_match(p_match_id);
  v_staff uuid := private.require_staff('referee', v_match.tournament_id);
  v_note text := private.require_reason(p_note);
begin
  perform private.require_match_open(v_match);
  update public.match_disputes set settled_at = v_now, settled_by = v_staff, outcome = 'replay', note = v_note
   where match_id = p_match_id and settled_at is null;
  v_match := private.reset_match(p_match_id, v_now);
  perform private.audit(v_match.tournament_id, 'replay_ordered', 'Replay ordered for round ' || v_match.round || ' match ' || v_match.position,
                        v_note, null, jsonb_build_object('scheduled_at', v_match.scheduled_at), true, v_staff, null, v_match.id);
  return jsonb_build_object('match_id', p_match_id, 'status', v_match.status, 'scheduled_at', v_match.scheduled_at);
end;
$function$;

comment on function public.staff_disqualify(uuid,uuid,text) is 'Referees: disqualifies one entry of a match (withdrawn, with the note); the other goes through.';
CREATE OR REPLACE FUNCTION public.staff_disqualify(p_match_id uuid, p_entry_id uuid, p_note text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_match public.matches := private.lock_match(p_match_id);
  v_staff uuid := private.require_staff('referee', v_match.tournament_id);
  v_note text := private.require_reason(p_note);
  v_winner uuid;
begin
  perform private.require_match_open(v_match);
  if p_entry_id is null or p_entry_id not in (v_match.entry_a, v_match.entry_b) then
    raise exception 'Disqualify one of the two entries of the match' using errcode = 'PT400', hint = 'invalid_winner';
  end if;
  v_winner := case when p_entry_id = v_match.entry_a then v_match.entry_b else v_match.entry_a end;
  update public.entries set status = 'withdrawn', withdrawn_at = v_now, withdraw_reason = 'Disqualified: ' || v_note,
         withdraw_reason_code = 'disqualified' where id = p_entry_id;
  update public.match_disputes set settled_at = v_now, settled_by = v_staff, outcome = 'disqualified', note = v_note
   where match_id = p_match_id and settled_at is null;
  perform private.audit(v_match.tournament_id, 'disqualified', private.entry_name(p_entry_id) || ' disqualified', v_note, null, null,
                        true, v_staff, p_entry_id, v_match.id);
  v_match := private.confirm_result(v_match, v_winner, null, null, 'walkover', 'The opponent was disqualified', v_staff, true);
  -- In groups the disqualified player's other matches are walkovers too; their results so far stand.
  perform private.walk_over_open_matches(p_entry_id, 'The opponent was disqualified', v_staff);
  return jsonb_build_object('match_id', p_match_id, 'status', v_match.status, 'winner_entry_id', v_match.winner_entry_id);
end;
$function$;

comment on function private.walk_over_open_matches(uuid,text,uuid) is 'After an entry is withdrawn while its tournament runs (disqualified, a parent''s consent withdrawn): every match it still has to play against a known opponent (scheduled, ready or reported) is a walkover to that opponent, [3, 0] where draws stand. Results it already played stand. Answers how many.';
CREATE OR REPLACE FUNCTION private.walk_over_open_matches(p_entry_id uuid, p_reason text, p_actor uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_match public.matches%rowtype;
  v_count integer := 0;
begin
  for v_match in
    select * from public.matches m
     where p_entry_id in (m.entry_a, m.entry_b) and m.entry_a is not null and m.entry_b is not null
       and m.status in ('scheduled', 'ready', 'reported')
     order by m.round, m.position
       for update
  loop
    -- Each walkover may pair or fill what follows; read the row again so it is not walked over twice.
    select * into v_match from public.matches where id = v_match.id;
    continue when v_match.status not in ('scheduled', 'ready', 'reported');
    perform private.confirm_result(v_match, case when v_match.entry_a = p_entry_id then v_match.entry_b else v_match.entry_a end,
                                   null, null, 'walkover', p_reason, p_actor, true);
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$function$;

comment on function public.staff_correct_result(uuid,uuid,integer[],text,boolean) is 'Referees: corrects a confirmed result until the prizes are credited. Without p_apply it previews the later matches the change would reset.';
CREATE OR REPLACE FUNCTION public.staff_correct_result(p_match_id uuid, p_winner_entry_id uuid, p_score integer[], p_reason text, p_apply boolean DEFAULT false)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_match public.matches := private.lock_match(p_match_id);
  v_staff uuid := private.require_staff('referee', v_match.tournament_id);
  v_reason text := private.require_reason(p_reason);
  v_old_winner uuid := v_match.winner_entry_id;
  v_later jsonb;
  v_next public.matches%rowtype;
  v_path uuid[] := '{}';
begin
  if v_match.status <> 'confirmed' or v_match.entry_a is null or v_match.entry_b is null then
    raise exception 'Only a confirmed result between two players can be corrected' using errcode = 'PT409', hint = 'match_not_confirmed';
  end if;
  -- The prize credit holds this lock while it pays: a correction waits for it, then sees the prizes credited.
  perform 1 from public.tournaments where id = v_match.tournament_id for update;
  if exists (select 1 from public.tournaments where id = v_match.tournament_id and settled_at is not null) then
    raise exception 'The prizes of this tournament are credited: results can no longer change' using errcode = 'PT409', hint = 'prizes_credited';
  end if;
  if v_match.group_name is not null
     and exists (select 1 from public.tournament_stages where tournament_id = v_match.tournament_id and stage_no = v_match.stage_no
                                                         and closed_at is not null) then
    raise exception 'The group results are final: the knockout has been filled from them' using errcode = 'PT409', hint = 'stage_closed';
  end if;
  if exists (select 1 from public.tournament_stages s where s.tournament_id = v_match.tournament_id and s.stage_no = v_match.stage_no
                                                        and s.kind = 'swiss')
     and exists (select 1 from public.matches m where m.tournament_id = v_match.tournament_id and m.stage_no = v_match.stage_no
                                                and m.round > v_match.round) then
    raise exception 'This Swiss round''s results are final: the next round was paired from them' using errcode = 'PT409', hint = 'stage_closed';
  end if;
  -- Nor once the loser of a match the correction resets (this one, or one on its path) has played on there.
  if p_winner_entry_id is distinct from v_old_winner
     and exists (select 1 from public.matches m
                  where m.bracket = 'losers' and m.status not in ('pending', 'scheduled')
                    and (m.id = v_match.loser_match_id
                         or m.id in (select a.loser_match_id from private.matches_after(v_match) a
                                      where a.status = 'confirmed' and a.entry_a is not null and a.entry_b is not null))) then
    raise exception 'The loser of this match has already played on in the losers'' bracket: the winner can no longer change'
      using errcode = 'PT409', hint = 'stage_closed';
  end if;
  -- Nor once the grand final was played again (the reset, linked to nothing): a new grand final could not undo it.
  if p_winner_entry_id is distinct from v_old_winner
     and exists (select 1 from public.matches r
                  where r.tournament_id = v_match.tournament_id and r.bracket = 'grand_final'
                    and exists (select 1 from public.matches g
                                 where g.tournament_id = r.tournament_id and g.bracket = 'grand_final' and g.round < r.round
                                   and (g.id = v_match.id or g.id in (select a.id from private.matches_after(v_match) a)))) then
    raise exception 'The grand final has been played again: the results before it can no longer change'
      using errcode = 'PT409', hint = 'stage_closed';
  end if;
  perform private.check_staff_result(v_match, p_winner_entry_id, p_score);

  select coalesce(jsonb_agg(jsonb_build_object('match_id', m.id, 'round', m.round, 'position', m.position, 'status', m.status,
                                               'played', m.status in ('confirmed', 'reported', 'disputed', 'ready'))
                            order by m.round), '[]'::jsonb)
    into v_later
    from private.matches_after(v_match) m
   where p_winner_entry_id is distinct from v_old_winner;

  if not p_apply then
    return jsonb_build_object('match_id', p_match_id, 'winner_changes', p_winner_entry_id is distinct from v_old_winner, 'later_matches', v_later,
                              'applied', false);
  end if;

  if p_winner_entry_id is distinct from v_old_winner then
    -- A third-place match waits again for its new player.
    if v_match.loser_match_id is not null then
      perform private.reset_match(v_match.loser_match_id, v_now);
    end if;
    -- Reset the path, from the last match back to the first, then put the new winner in. Each match of the path
    -- loses the player the match before it on the path sent (the old winner first, then whoever won each).
    v_path := array(select m.id from private.matches_after(v_match) m);
    for v_next in select * from public.matches where id = any (v_path) order by round desc loop
      -- The loser it sent on (to the losers' bracket or a third-place match) waits there no more.
      if v_next.loser_match_id is not null and v_next.status = 'confirmed' and v_next.entry_a is not null and v_next.entry_b is not null then
        update public.matches l
           set entry_a = case when v_next.loser_slot = 'a' then null else l.entry_a end,
               entry_b = case when v_next.loser_slot = 'b' then null else l.entry_b end
         where l.id = v_next.loser_match_id;
        perform private.reset_match(v_next.loser_match_id, v_now);
      end if;
      update public.matches n
         set entry_a = case when exists (select 1 from public.matches f where f.next_match_id = n.id and f.next_slot = 'a'
                                                                         and (f.id = v_match.id or f.id = any (v_path)))
                            then null else n.entry_a end,
             entry_b = case when exists (select 1 from public.matches f where f.next_match_id = n.id and f.next_slot = 'b'
                                                                         and (f.id = v_match.id or f.id = any (v_path)))
                            then null else n.entry_b end
       where n.id = v_next.id;
      perform private.reset_match(v_next.id, v_now);
      perform private.audit(v_match.tournament_id, 'match_reset',
                            'Round ' || v_next.round || ' match ' || v_next.position || ' reset after a correction',
                            v_reason, to_jsonb(v_next), null, true, v_staff, null, v_next.id);
    end loop;
    -- A later match to play again (or a third-place match) means the tournament is not finished any more: its
    -- prizes wait for the new final. (The path is read before it is reset: afterwards it no longer holds the old winner.)
    update public.tournaments set finished_at = null where id = v_match.tournament_id and finished_at is not null
       and (cardinality(v_path) > 0 or v_match.loser_match_id is not null);
  end if;
  v_match := private.confirm_result(v_match, p_winner_entry_id, p_score[1], p_score[2], 'result_corrected', v_reason, v_staff, true);
  -- A corrected first grand final that the losers' bracket winner now wins adds the reset, which is linked to
  -- nothing on the path above: a finished tournament with a match left to play is not finished.
  update public.tournaments t set finished_at = null
   where t.id = v_match.tournament_id and t.finished_at is not null
     and exists (select 1 from public.matches m where m.tournament_id = t.id and m.status not in ('confirmed', 'void', 'bye'));
  return jsonb_build_object('match_id', p_match_id, 'winner_changes', p_winner_entry_id is distinct from v_old_winner, 'later_matches', v_later,
                            'applied', true);
end;
$function$;

-- Match settings --------------------------------------------------------------------------------------

comment on function public.get_match_settings(uuid) is 'Anyone: the game settings of a match (Match Time in real minutes, Extra Time, Penalties, Injuries, Condition, Substitutions), by its round.';
CREATE OR REPLACE FUNCTION public.get_match_settings(p_match_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_match public.matches%rowtype;
  v_settings jsonb;
begin
  select * into v_match from public.matches where id = p_match_id;
  if not found then
    raise exception 'This match does not exist' using errcode = 'PT404', hint = 'match_not_found';
  end if;
  v_settings := private.match_settings(v_match);
  return jsonb_build_object('match_minutes', (v_settings->>'match_minutes')::integer, 'extra_time', (v_settings->'extra_time')::boolean,
                            'penalties', (v_settings->'penalties')::boolean, 'injuries', (v_settings->'injuries')::boolean,
                            'condition', v_settings->>'condition', 'substitutions', (v_settings->>'substitutions')::integer);
end;
$function$;

comment on function public.get_match_result_rule(uuid) is 'Anyone: how a match''s result is read, for its report form: draw_is_result, whether a level score stands as a draw (groups and Swiss: 3 points a win, 1 a draw) rather than going to extra time and penalties.';
CREATE OR REPLACE FUNCTION public.get_match_result_rule(p_match_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_match public.matches%rowtype;
begin
  select * into v_match from public.matches where id = p_match_id;
  if not found then
    raise exception 'This match does not exist' using errcode = 'PT404', hint = 'match_not_found';
  end if;
  return jsonb_build_object('draw_is_result', private.draws_allowed(v_match));
end;
$function$;

-- Disconnections --------------------------------------------------------------------------------------

comment on function public.report_disconnection(uuid,integer,integer,integer,boolean) is 'A player of the match reports a disconnection (game minute 0–120, the score, a claim the opponent quit). Two agreeing reports are ruled at once: restart by the cut-off minute at 0–0, else the minutes left with the score carried; anything else goes to staff.';
CREATE OR REPLACE FUNCTION public.report_disconnection(p_match_id uuid, p_minute integer, p_my_goals integer, p_opponent_goals integer, p_claims_quit boolean DEFAULT false)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_match public.matches := private.lock_match(p_match_id);
  v_side text := private.my_side(v_match, v_user);
  v_mine uuid := case v_side when 'a' then v_match.entry_a else v_match.entry_b end;
  v_quit boolean := coalesce(p_claims_quit, false);
  v_settings jsonb;
  v_episode integer;
  v_goals_a integer;
  v_goals_b integer;
  v_other private.match_disconnections%rowtype;
  v_minute integer;
  v_extra boolean;
  v_game_left integer;
  v_real_left integer;
  v_ruling text;
  v_summary text;
  v_why text;
begin
  perform private.require_match_open(v_match);
  if v_match.status = 'disputed' then
    raise exception 'This match is in dispute: staff decide it now' using errcode = 'PT409', hint = 'match_disputed';
  end if;
  perform private.refuse_decided_match(v_match, v_now);
  if v_match.status = 'reported' then
    raise exception 'A result is already reported: confirm or dispute it instead' using errcode = 'PT409', hint = 'result_reported';
  end if;
  if p_minute is null or p_minute not between 0 and 120 then
    raise exception 'The minute is the game clock, 0 to 120' using errcode = 'PT400', hint = 'invalid_minute';
  end if;
  if p_my_goals is null or p_opponent_goals is null or p_my_goals not between 0 and 99 or p_opponent_goals not between 0 and 99 then
    raise exception 'Goals are whole numbers from 0 to 99' using errcode = 'PT400', hint = 'invalid_score';
  end if;
  if v_now < v_match.scheduled_at - interval '5 minutes' then
    raise exception 'The match has not started yet' using errcode = 'PT409', hint = 'too_early';
  end if;
  if v_now > private.report_closes_at(v_match) then
    raise exception 'The match''s report window has closed' using errcode = 'PT409', hint = 'too_late';
  end if;

  v_settings := private.match_settings(v_match);
  v_episode := v_match.disconnections_ruled + 1;
  v_goals_a := case v_side when 'a' then p_my_goals else p_opponent_goals end;
  v_goals_b := case v_side when 'a' then p_opponent_goals else p_my_goals end;
  select * into v_other from private.match_disconnections
   where match_id = p_match_id and episode = v_episode and superseded_at is null and entry_id <> v_mine
   order by reported_at limit 1;

  -- Why this report goes to staff, if it does.
  v_why := case
    when exists (select 1 from private.match_disconnections where match_id = p_match_id and episode = v_episode
                                                             and superseded_at is null and entry_id = v_mine)
      then 'The same player reported a disconnection twice.'
    when v_match.disconnections_ruled > 0 then 'A second disconnection in this match.'
    when v_quit then private.entry_name(v_mine) || ' says the opponent quit on purpose.'
  end;

  insert into private.match_disconnections (match_id, entry_id, reported_by, episode, minute, goals_a, goals_b, claims_quit, reported_at)
  values (p_match_id, v_mine, v_user, v_episode, p_minute, v_goals_a, v_goals_b, v_quit, v_now);
  update public.matches set disconnection_reported_at = v_now where id = p_match_id returning * into v_match;
  perform private.audit(v_match.tournament_id, 'disconnection_reported',
                        private.entry_name(v_mine) || ' reports a disconnection at minute ' || p_minute || ' (' || v_goals_a || '–' || v_goals_b || ')',
                        case when v_quit then 'Claims the opponent quit on purpose' end, null,
                        jsonb_build_object('minute', p_minute, 'score', jsonb_build_array(v_goals_a, v_goals_b), 'claims_quit', v_quit,
                                           'episode', v_episode),
                        false, v_user, v_mine, v_match.id);

  if v_why is null and v_other.id is null then
    return jsonb_build_object('ruling', 'awaiting_opponent', 'minutes_left', null, 'carried_score', null);
  end if;

  if v_why is null then
    if v_other.goals_a <> v_goals_a or v_other.goals_b <> v_goals_b or abs(v_other.minute - p_minute) > 2 then
      v_why := 'The two disconnection reports disagree.';
    end if;
  end if;
  v_minute := least(p_minute, coalesce(v_other.minute, p_minute));
  v_extra := (v_settings->'extra_time')::boolean;
  if v_why is null then
    if v_minute <= (v_settings->>'restart_by_minute')::integer and v_goals_a = 0 and v_goals_b = 0 then
      v_ruling := 'restart';
    elsif v_goals_a = v_goals_b and (v_settings->'penalties')::boolean
          and ((v_extra and v_minute >= 120) or (not v_extra and v_minute >= 90)) then
      v_why := 'A disconnection in the penalty shoot-out.';
    else
      v_ruling := 'play_remaining';
    end if;
  end if;

  if v_why is not null then
    v_match := private.disconnection_to_staff(v_match, v_mine, v_user, v_why);
    return jsonb_build_object('ruling', 'disputed', 'minutes_left', null, 'carried_score', null);
  end if;

  -- Extra time when the clock is past 90, or at 90 with the score level and extra time on.
  v_game_left := case when v_ruling = 'restart' then null
                      when v_minute > 90 or (v_minute = 90 and v_goals_a = v_goals_b and v_extra) then greatest(0, 120 - v_minute)
                      else greatest(0, 90 - v_minute) end;
  -- The replay's expected end: the host's minutes for the new room, the game minutes left in real minutes
  -- (Match Time covers 90 game minutes; extra time 30 more when it may still come), a shoot-out's few.
  v_real_left := (v_settings->>'host_minutes')::integer
                 + ceil((v_settings->>'match_minutes')::numeric
                        * (coalesce(v_game_left, 90) + case when v_extra and v_minute < 90 or v_ruling = 'restart' and v_extra then 30 else 0 end)
                        / 90)::integer
                 + case when (v_settings->'penalties')::boolean then 3 else 0 end;
  update public.matches
     set disconnections_ruled = disconnections_ruled + 1,
         disconnection_ruling = v_ruling,
         disconnection_minute = v_minute,
         minutes_left = v_game_left,
         carried_score_a = case when v_ruling = 'restart' then 0 else v_goals_a end,
         carried_score_b = case when v_ruling = 'restart' then 0 else v_goals_b end,
         replay_ends_at = v_now + make_interval(mins => v_real_left)
   where id = p_match_id
  returning * into v_match;
  -- Both played: both are ready, and the match is `ready` while the replay is played.
  v_match := private.mark_ready(v_match, 'a', v_now);
  v_match := private.mark_ready(v_match, 'b', v_now);
  v_summary := case v_ruling
    when 'restart' then 'Disconnection at minute ' || v_minute || ' at 0–0: the match restarts in a new room'
    else 'Disconnection at minute ' || v_minute || ' at ' || v_goals_a || '–' || v_goals_b || ': a new room for the '
         || v_game_left || ' minutes left, the score carried' end;
  perform private.audit(v_match.tournament_id, 'disconnection_ruled', v_summary,
                        'Both players reported the same disconnection', null,
                        jsonb_build_object('ruling', v_ruling, 'minute', v_minute, 'minutes_left', v_game_left,
                                           'carried_score', jsonb_build_array(v_match.carried_score_a, v_match.carried_score_b),
                                           'replay_ends_at', v_match.replay_ends_at),
                        true, null, null, v_match.id);
  return jsonb_build_object('ruling', v_ruling, 'minutes_left', v_game_left,
                            'carried_score', jsonb_build_array(v_match.carried_score_a, v_match.carried_score_b));
end;
$function$;

comment on function public.get_match_disconnections(uuid) is 'The two players and staff: the disconnection reports, the page''s ruling (minutes left, carried score, until when reports are taken) and who hosts.';
CREATE OR REPLACE FUNCTION public.get_match_disconnections(p_match_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_match public.matches%rowtype;
begin
  select * into v_match from public.matches where id = p_match_id;
  if not found then
    raise exception 'This match does not exist' using errcode = 'PT404', hint = 'match_not_found';
  end if;
  perform private.require_may_see_match(v_user, p_match_id, 'Only the two players and staff see the disconnection reports');
  return jsonb_build_object(
    'reports', coalesce((
      select jsonb_agg(jsonb_build_object('entry_id', d.entry_id, 'episode', d.episode, 'minute', d.minute,
                                          'score', jsonb_build_array(d.goals_a, d.goals_b), 'claims_quit', d.claims_quit,
                                          'reported_at', d.reported_at) order by d.reported_at)
        from private.match_disconnections d where d.match_id = p_match_id and d.superseded_at is null), '[]'::jsonb),
    'ruling', v_match.disconnection_ruling,
    'minute', v_match.disconnection_minute,
    'minutes_left', v_match.minutes_left,
    'carried_score', case when v_match.disconnection_ruling is null then null
                          else jsonb_build_array(v_match.carried_score_a, v_match.carried_score_b) end,
    'replay_ends_at', v_match.replay_ends_at,
    'report_closes_at', private.report_closes_at(v_match),
    'host', v_match.room_host,
    'host_deadline', private.host_deadline(v_match),
    'settings_checked_at', v_match.settings_checked_at,
    'restart_by_minute', (private.match_settings(v_match)->>'restart_by_minute')::integer
  );
end;
$function$;

-- =====================================================================================================
-- Policies and grants: who may read, write and call
-- =====================================================================================================

-- Matches and who sees them ---------------------------------------------------------------------------

revoke all on table public.matches from anon;
grant select on table public.matches to anon;
revoke all on table public.matches from authenticated;
grant select on table public.matches to authenticated;
alter publication supabase_realtime add table public.matches;

-- The match chat --------------------------------------------------------------------------------------

revoke all on table public.match_messages from anon;
revoke all on table public.match_messages from authenticated;
grant select on table public.match_messages to authenticated;
alter publication supabase_realtime add table public.match_messages;

-- Disputes --------------------------------------------------------------------------------------------

revoke all on table public.match_disputes from anon;
revoke all on table public.match_disputes from authenticated;

-- Matches and who sees them ---------------------------------------------------------------------------

revoke all on function private.may_see_match(uuid,uuid) from public;

revoke all on function private.require_may_see_match(uuid,uuid,text) from public;

revoke all on function private.side_in_match(public.matches,uuid) from public;

revoke all on function private.my_side(public.matches,uuid) from public;

revoke all on function private.entry_name_or_null(uuid) from public;

-- The match chat --------------------------------------------------------------------------------------

revoke all on function private.match_quick_phrases() from public;

revoke all on function private.match_chat_rules(public.matches) from public;

revoke all on function private.chat_side(public.matches,uuid) from public;

grant execute on function private.may_read_match_chat(uuid) to authenticated;
revoke all on function private.may_read_match_chat(uuid) from public;

revoke all on function private.delete_expired_match_chats(timestamp with time zone) from public;

revoke all on function private.run_due_chat_retention() from public;

revoke all on function private.export_match_chat(uuid) from public;

-- The room and Ready ----------------------------------------------------------------------------------

revoke all on function private.host_deadline(public.matches) from public;

revoke all on function private.notify_match_staff(public.matches,text,text,text) from public;

revoke all on function private.mark_ready(public.matches,text,timestamp with time zone) from public;

-- Results: reports, confirmation, the winner moves on -------------------------------------------------

grant execute on function private.may_use_match_evidence(text,boolean) to authenticated;
revoke all on function private.may_use_match_evidence(text,boolean) from public;

revoke all on function private.is_my_match_evidence(uuid,uuid,text) from public;

revoke all on function private.confirm_result(public.matches,uuid,integer,integer,text,text,uuid,boolean) from public;

revoke all on function private.advance_from(public.matches) from public;

revoke all on function private.slot_may_still_fill(uuid,text) from public;

revoke all on function private.final_match(text) from public;

revoke all on function private.group_results_fingerprint(text,integer,text) from public;
revoke all on function private.keep_settled_group_table(text,integer,text) from public;
revoke all on function private.group_table_as_settled(text,integer,text) from public;
revoke all on function private.stage_qualifiers(text,integer) from public;

revoke all on function private.fill_knockout(text,integer) from public;

revoke all on function private.run_due_stage_fills() from public;

revoke all on function private.draws_allowed(public.matches) from public;

revoke all on function private.check_staff_result(public.matches,uuid,integer[]) from public;

revoke all on function private.after_result(public.matches) from public;

revoke all on function private.matches_after(public.matches) from public;

revoke all on function private.reset_match(uuid,timestamp with time zone) from public;

-- Disputes --------------------------------------------------------------------------------------------

revoke all on function private.dispute_window(text) from public;

revoke all on function private.dispute_needs_details(text) from public;

revoke all on function private.dispute_reason_opens_at(public.matches,uuid,text) from public;

revoke all on function private.dispute_statements_json(uuid) from public;

revoke all on function private.referee_decision_json(uuid) from public;

-- Match settings --------------------------------------------------------------------------------------

revoke all on function private.default_match_settings() from public;

revoke all on function private.match_settings_valid(jsonb) from public;
grant execute on function private.match_settings_valid(jsonb) to service_role;

revoke all on function private.match_settings(public.matches) from public;

revoke all on function private.match_settings_text(jsonb) from public;

-- Disconnections --------------------------------------------------------------------------------------

revoke all on function private.report_closes_at(public.matches) from public;

revoke all on function private.disconnection_account(public.matches,private.match_disconnections) from public;

-- Deadlines -------------------------------------------------------------------------------------------

revoke all on function private.due_match_decision(public.matches,timestamp with time zone) from public;

revoke all on function private.apply_due_match_decision(public.matches) from public;

revoke all on function private.refuse_decided_match(public.matches,timestamp with time zone) from public;

revoke all on function private.run_due_match_work() from public;

revoke all on function private.due_match_batch_size() from public;

-- Matches and who sees them ---------------------------------------------------------------------------

revoke all on function private.same_buyer(public.matches) from public;

revoke all on function private.lock_match(uuid) from public;

revoke all on function private.require_match_open(public.matches) from public;

-- The room and Ready ----------------------------------------------------------------------------------

revoke all on function private.break_between_rounds() from public;

-- Disputes --------------------------------------------------------------------------------------------

revoke all on function private.open_dispute(public.matches,uuid,text,text,uuid) from public;

-- Match settings --------------------------------------------------------------------------------------

revoke all on function private.match_settings_part_valid(jsonb) from public;
grant execute on function private.match_settings_part_valid(jsonb) to service_role;

-- Disconnections --------------------------------------------------------------------------------------

revoke all on function private.disconnection_to_staff(public.matches,uuid,uuid,text) from public;

-- Matches and who sees them ---------------------------------------------------------------------------

revoke all on function public.get_my_next_matches() from anon;
revoke all on function public.get_my_next_matches() from public;

-- The match chat --------------------------------------------------------------------------------------

revoke all on function public.get_match_messages(uuid) from anon;
revoke all on function public.get_match_messages(uuid) from public;

revoke all on function public.get_match_chat_rules(uuid) from anon;
revoke all on function public.get_match_chat_rules(uuid) from public;

revoke all on function public.send_match_message(uuid,text) from anon;
revoke all on function public.send_match_message(uuid,text) from public;

revoke all on function public.report_match_message(bigint,text) from anon;
revoke all on function public.report_match_message(bigint,text) from public;

revoke all on function public.staff_get_reported_message(bigint) from anon;
revoke all on function public.staff_get_reported_message(bigint) from public;

-- The room and Ready ----------------------------------------------------------------------------------

revoke all on function public.post_room(uuid,text,text) from anon;
revoke all on function public.post_room(uuid,text,text) from public;

revoke all on function public.get_match_room(uuid) from anon;
revoke all on function public.get_match_room(uuid) from public;

revoke all on function public.set_ready(uuid,boolean) from anon;
revoke all on function public.set_ready(uuid,boolean) from public;

revoke all on function public.claim_walkover(uuid) from anon;
revoke all on function public.claim_walkover(uuid) from public;

-- Results: reports, confirmation, the winner moves on -------------------------------------------------

revoke all on function public.report_match(uuid,integer,integer,text,text) from anon;
revoke all on function public.report_match(uuid,integer,integer,text,text) from public;

revoke all on function public.confirm_match(uuid) from anon;
revoke all on function public.confirm_match(uuid) from public;

revoke all on function public.get_match_reports(uuid) from anon;
revoke all on function public.get_match_reports(uuid) from public;

-- Disputes --------------------------------------------------------------------------------------------

revoke all on function public.dispute_match(uuid,text,text) from anon;
revoke all on function public.dispute_match(uuid,text,text) from public;

revoke all on function public.add_dispute_evidence(uuid,text,text) from anon;
revoke all on function public.add_dispute_evidence(uuid,text,text) from public;

revoke all on function public.staff_list_disputes() from anon;
revoke all on function public.staff_list_disputes() from public;

revoke all on function public.staff_settle_match(uuid,uuid,integer[],text) from anon;
revoke all on function public.staff_settle_match(uuid,uuid,integer[],text) from public;

revoke all on function public.staff_order_replay(uuid,text) from anon;
revoke all on function public.staff_order_replay(uuid,text) from public;

revoke all on function public.staff_disqualify(uuid,uuid,text) from anon;
revoke all on function public.staff_disqualify(uuid,uuid,text) from public;

revoke all on function private.walk_over_open_matches(uuid,text,uuid) from public;

revoke all on function public.staff_correct_result(uuid,uuid,integer[],text,boolean) from anon;
revoke all on function public.staff_correct_result(uuid,uuid,integer[],text,boolean) from public;

-- Match settings --------------------------------------------------------------------------------------

revoke all on function public.get_match_settings(uuid) from public;

revoke all on function public.get_match_result_rule(uuid) from public;

-- Disconnections --------------------------------------------------------------------------------------

revoke all on function public.report_disconnection(uuid,integer,integer,integer,boolean) from anon;
revoke all on function public.report_disconnection(uuid,integer,integer,integer,boolean) from public;

revoke all on function public.get_match_disconnections(uuid) from anon;
revoke all on function public.get_match_disconnections(uuid) from public;

-- Matches and who sees them ---------------------------------------------------------------------------

create policy "Anyone can read matches" on public.matches
  as permissive for select to anon, authenticated
  using (true);

-- The match chat --------------------------------------------------------------------------------------

create policy "The two players and staff read the match chat" on public.match_messages
  as permissive for select to authenticated
  using (private.may_read_match_chat(match_id));

-- Results: reports, confirmation, the winner moves on -------------------------------------------------

create policy "Players upload evidence of their own matches" on storage.objects
  as permissive for insert to authenticated
  with check (((bucket_id = 'match-evidence'::text) AND private.may_use_match_evidence(name, true)));

create policy "Players of the match and staff read its evidence" on storage.objects
  as permissive for select to authenticated
  using (((bucket_id = 'match-evidence'::text) AND private.may_use_match_evidence(name, false)));
