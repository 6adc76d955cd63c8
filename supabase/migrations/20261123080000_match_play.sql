-- =====================================================================================================
-- Playing a match: room, ready-up, reports, walkovers, disputes, and the winner moving on
-- =====================================================================================================
-- Times are relative to the match's time T (matches.scheduled_at; lifecycle.md, A match):
--   room       the top-slot player (entry a) posts the eFootball room id and password; only the two
--              players and staff read them (get_match_room);
--   ready      each player presses Ready between T - 5 min and T + 10 min;
--   no-show    after T + 10 min a ready player may claim a walkover; the opponent has 5 minutes to
--              contest it (dispute_match), else it is confirmed; neither ready by T + 10 min: both are
--              out (the match is void; the next match's other player goes through);
--   report     each player reports goals for and against and who went through, with a screenshot in
--              the private `match-evidence` bucket, from T - 5 min to T + 45 min; two agreeing reports
--              confirm at once, a single one is confirmed 10 minutes after it was filed unless the
--              opponent confirms or disputes first; disagreeing reports open a dispute; entries of one
--              buyer never decide alone (staff confirm);
--   dispute    a reason, details and a staff deadline (15 min for pods, 60 min for championships);
--              staff settle it with staff_settle_match.
-- Confirming a result moves the winner into the next match in the same transaction; when both players
-- of a match are known its time becomes the later of its schedule and now + the series' break (10 min):
-- a late round moves the rounds after it, never squeezes them. The final confirmed finishes the
-- tournament. Every automatic decision goes to the audit log.
-- =====================================================================================================

alter table public.matches
  add column ready_a_at timestamptz,
  add column ready_b_at timestamptz,
  add column room_posted_at timestamptz,
  add column walkover_entry_id uuid references public.entries (id),
  add column walkover_claimed_at timestamptz,
  add constraint matches_walkover_by_a_player check (walkover_entry_id is null or walkover_entry_id = entry_a or walkover_entry_id = entry_b);

comment on column public.matches.room_posted_at is 'When the host posted the room (the room itself is private: get_match_room).';

-- The room itself: only through get_match_room.
create table private.match_rooms (
  match_id uuid primary key references public.matches (id),
  room_id text not null,
  password text not null,
  posted_by uuid not null references auth.users (id),
  posted_at timestamptz not null
);
revoke all on private.match_rooms from public;

create table private.match_reports (
  id uuid primary key default gen_random_uuid(),
  match_id uuid not null references public.matches (id),
  entry_id uuid not null references public.entries (id),
  reported_by uuid not null references auth.users (id),
  goals_a integer not null constraint match_reports_goals_a_range check (goals_a between 0 and 99),
  goals_b integer not null constraint match_reports_goals_b_range check (goals_b between 0 and 99),
  winner_entry_id uuid not null references public.entries (id),
  screenshot_path text not null,
  reported_at timestamptz not null,
  -- A replay starts a new round of reports; older ones stay for the record.
  superseded_at timestamptz
);
create unique index match_reports_one_live_per_entry on private.match_reports (match_id, entry_id) where superseded_at is null;
revoke all on private.match_reports from public;

create table public.match_disputes (
  id uuid primary key default gen_random_uuid(),
  match_id uuid not null references public.matches (id),
  opened_by_entry_id uuid references public.entries (id),
  reason text not null
    constraint match_disputes_reason_known check (reason in ('wrong_score', 'no_show', 'disconnection', 'cheating', 'other')),
  details text constraint match_disputes_details_length check (char_length(details) <= 2000),
  opened_at timestamptz not null,
  deadline_at timestamptz not null,
  settled_at timestamptz,
  settled_by uuid references auth.users (id),
  outcome text constraint match_disputes_outcome_known check (outcome in ('result_set', 'replay', 'disqualified')),
  note text
);
create unique index match_disputes_one_open_per_match on public.match_disputes (match_id) where settled_at is null;
alter table public.match_disputes enable row level security;
revoke all on public.match_disputes from anon, authenticated;

-- -----------------------------------------------------------------------------------------------------
-- The private evidence bucket: <match id>/<user id>/<name>, images only, players of the match and staff
-- -----------------------------------------------------------------------------------------------------
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('match-evidence', 'match-evidence', false, 5242880, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update
  set public = excluded.public, file_size_limit = excluded.file_size_limit, allowed_mime_types = excluded.allowed_mime_types;

-- The user may read a match's evidence: one of its two players, or staff of its tournament.
create function private.may_see_match(p_user uuid, p_match_id uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select p_user is not null and exists (
    select 1 from public.matches m
      left join public.entries a on a.id = m.entry_a
      left join public.entries b on b.id = m.entry_b
     where m.id = p_match_id
       and (a.player_id = p_user or b.player_id = p_user or private.staff_role_of(p_user, m.tournament_id) is not null));
$$;

-- For the bucket's policies (they run as the caller): may the signed-in player read this object, and
-- write it (their own folder of a match they play)?
create function private.may_use_match_evidence(p_name text, p_write boolean) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select case
    when split_part(p_name, '/', 1) !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then false
    when p_write and (split_part(p_name, '/', 2) <> coalesce(private.current_player_id()::text, '')
                      or split_part(p_name, '/', 3) = '' or split_part(p_name, '/', 4) <> '') then false
    else private.may_see_match(private.current_player_id(), split_part(p_name, '/', 1)::uuid)
  end;
$$;

create policy "Players upload evidence of their own matches"
  on storage.objects for insert
  to authenticated
  with check (bucket_id = 'match-evidence' and private.may_use_match_evidence(name, true));

create policy "Players of the match and staff read its evidence"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'match-evidence' and private.may_use_match_evidence(name, false));

-- -----------------------------------------------------------------------------------------------------
-- Helpers
-- -----------------------------------------------------------------------------------------------------
-- The caller's entry in the match (a or b), or a refusal.
create function private.my_side(p_match public.matches, p_user uuid) returns text
  language plpgsql stable set search_path = ''
as $$
begin
  if exists (select 1 from public.entries where id = p_match.entry_a and player_id = p_user) then
    return 'a';
  elsif exists (select 1 from public.entries where id = p_match.entry_b and player_id = p_user) then
    return 'b';
  end if;
  raise exception 'You are not one of the two players of this match' using errcode = 'PT403', hint = 'not_your_match';
end;
$$;

create function private.lock_match(p_match_id uuid) returns public.matches
  language plpgsql set search_path = ''
as $$
declare
  v_match public.matches%rowtype;
begin
  select * into v_match from public.matches where id = p_match_id for update;
  if not found then
    raise exception 'This match does not exist' using errcode = 'PT404', hint = 'match_not_found';
  end if;
  return v_match;
end;
$$;

create function private.require_match_open(p_match public.matches) returns void
  language plpgsql stable set search_path = ''
as $$
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
$$;

-- The staff deadline of a dispute: 15 minutes for pods, 60 for championships.
create function private.dispute_window(p_tournament_id text) returns interval
  language sql stable set search_path = ''
as $$
  select case when (select series from public.tournaments where id = p_tournament_id) = 'championship'
              then interval '60 minutes' else interval '15 minutes' end;
$$;

create function private.break_between_rounds() returns interval
  language sql immutable set search_path = '' as $$ select interval '10 minutes' $$;

create function private.entry_name(p_entry_id uuid) returns text
  language sql stable set search_path = ''
as $$
  select coalesce(p.in_game_name, 'A player') from public.entries e left join public.profiles p on p.id = e.player_id
   where e.id = p_entry_id;
$$;

create function private.open_dispute(p_match public.matches, p_entry_id uuid, p_reason text, p_details text, p_actor uuid)
returns uuid
  language plpgsql set search_path = ''
as $$
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
  update public.matches set status = 'disputed' where id = p_match.id;
  perform private.audit(p_match.tournament_id, 'dispute_opened',
                        'Dispute opened on round ' || p_match.round || ' match ' || p_match.position
                          || case when p_entry_id is null then '' else ' by ' || private.entry_name(p_entry_id) end,
                        p_reason || coalesce(': ' || p_details, ''), null, jsonb_build_object('dispute_id', v_id), false,
                        p_actor, p_entry_id, p_match.id);
  return v_id;
end;
$$;

-- Puts an entry (or nobody, for a void match) into the next match, and starts that match when both of its
-- players are known; a next match whose other feeder was void sends its known player through.
create function private.advance_from(p_match public.matches) returns void
  language plpgsql set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_next public.matches%rowtype;
  v_other public.matches%rowtype;
  v_slot text := case when p_match.position % 2 = 1 then 'a' else 'b' end;
begin
  select * into v_next from public.matches
   where tournament_id = p_match.tournament_id and round = p_match.round + 1 and position = (p_match.position + 1) / 2
     for update;
  if not found then
    return;
  end if;
  if v_slot = 'a' then
    update public.matches set entry_a = p_match.winner_entry_id where id = v_next.id returning * into v_next;
  else
    update public.matches set entry_b = p_match.winner_entry_id where id = v_next.id returning * into v_next;
  end if;

  select * into v_other from public.matches
   where tournament_id = p_match.tournament_id and round = p_match.round
     and position = case when v_slot = 'a' then p_match.position + 1 else p_match.position - 1 end;

  if v_next.entry_a is not null and v_next.entry_b is not null then
    update public.matches
       set status = 'scheduled', scheduled_at = greatest(scheduled_at, v_now + private.break_between_rounds())
     where id = v_next.id;
  elsif v_other.status in ('confirmed', 'void') and (v_next.entry_a is not null or v_next.entry_b is not null) then
    -- The other feeder ended without a winner: the known player goes through without playing.
    update public.matches
       set status = 'confirmed', winner_entry_id = coalesce(entry_a, entry_b), confirmed_at = v_now
     where id = v_next.id
    returning * into v_next;
    perform private.audit(p_match.tournament_id, 'walkover_no_opponent',
                          private.entry_name(v_next.winner_entry_id) || ' goes through: no opponent in round ' || v_next.round,
                          null, null, null, true, null, v_next.winner_entry_id, v_next.id);
    perform private.after_result(v_next);
  elsif v_other.status = 'void' and p_match.status = 'void' then
    -- Both feeders void: this match is void too, and so on up the bracket.
    update public.matches set status = 'void', confirmed_at = v_now where id = v_next.id returning * into v_next;
    perform private.after_result(v_next);
  end if;
end;
$$;

-- After a match ends (confirmed or void): advance, move the tournament's round, finish it after the final.
create function private.after_result(p_match public.matches) returns void
  language plpgsql set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_rounds integer;
begin
  select max(round) into v_rounds from public.matches where tournament_id = p_match.tournament_id;
  if p_match.round = v_rounds then
    update public.tournaments set finished_at = coalesce(finished_at, v_now), current_round = v_rounds where id = p_match.tournament_id;
    perform private.audit(p_match.tournament_id, 'tournament_finished',
                          coalesce(private.entry_name(p_match.winner_entry_id) || ' wins the tournament', 'The final was void'),
                          null, null, jsonb_build_object('winner_entry_id', p_match.winner_entry_id), true, null,
                          p_match.winner_entry_id, p_match.id);
    return;
  end if;
  perform private.advance_from(p_match);
  update public.tournaments
     set current_round = coalesce((select min(round) from public.matches
                                    where tournament_id = p_match.tournament_id and status not in ('confirmed', 'void', 'bye')),
                                  current_round)
   where id = p_match.tournament_id;
end;
$$;

-- Confirms a result and moves the winner on, in the caller's transaction.
create function private.confirm_result(
  p_match public.matches, p_winner uuid, p_score_a integer, p_score_b integer, p_action text, p_reason text,
  p_actor uuid, p_public boolean
) returns public.matches
  language plpgsql set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_match public.matches%rowtype;
begin
  update public.matches
     set status = 'confirmed', winner_entry_id = p_winner, score_a = p_score_a, score_b = p_score_b, confirmed_at = v_now
   where id = p_match.id
  returning * into v_match;
  perform private.audit(v_match.tournament_id, p_action,
                        private.entry_name(p_winner) || ' beat ' || private.entry_name(case when p_winner = v_match.entry_a then v_match.entry_b else v_match.entry_a end)
                          || coalesce(' ' || p_score_a || '–' || p_score_b, '') || ' (round ' || v_match.round || ')',
                        p_reason,
                        jsonb_build_object('status', p_match.status, 'winner_entry_id', p_match.winner_entry_id,
                                           'score', case when p_match.score_a is null then null else jsonb_build_array(p_match.score_a, p_match.score_b) end),
                        jsonb_build_object('status', 'confirmed', 'winner_entry_id', p_winner,
                                           'score', case when p_score_a is null then null else jsonb_build_array(p_score_a, p_score_b) end),
                        p_public, p_actor, p_winner, v_match.id);
  perform private.after_result(v_match);
  return v_match;
end;
$$;

create function private.same_buyer(p_match public.matches) returns boolean
  language sql stable set search_path = ''
as $$
  select (select buyer_id from public.entries where id = p_match.entry_a) = (select buyer_id from public.entries where id = p_match.entry_b);
$$;

-- -----------------------------------------------------------------------------------------------------
-- The room
-- -----------------------------------------------------------------------------------------------------
create function public.post_room(p_match_id uuid, p_room_id text, p_password text) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
  v_match public.matches := private.lock_match(p_match_id);
begin
  if private.my_side(v_match, v_user) <> 'a' then
    raise exception 'The top-slot player hosts this match and posts the room' using errcode = 'PT403', hint = 'not_the_host';
  end if;
  perform private.require_match_open(v_match);
  if p_room_id is null or btrim(p_room_id) !~ '^[A-Za-z0-9-]{3,32}$' then
    raise exception 'The room id is 3 to 32 letters, digits or dashes' using errcode = 'PT400', hint = 'invalid_room';
  end if;
  if p_password is null or char_length(btrim(p_password)) not between 1 and 32 then
    raise exception 'The room password is 1 to 32 characters' using errcode = 'PT400', hint = 'invalid_room';
  end if;
  insert into private.match_rooms (match_id, room_id, password, posted_by, posted_at)
  values (p_match_id, btrim(p_room_id), btrim(p_password), v_user, private.clock_now())
  on conflict (match_id) do update set room_id = excluded.room_id, password = excluded.password, posted_at = excluded.posted_at;
  update public.matches set room_posted_at = private.clock_now() where id = p_match_id;
  return jsonb_build_object('match_id', p_match_id, 'room_posted_at', private.clock_now());
end;
$$;

create function public.get_match_room(p_match_id uuid) returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
  v_room private.match_rooms%rowtype;
begin
  if not exists (select 1 from public.matches where id = p_match_id) then
    raise exception 'This match does not exist' using errcode = 'PT404', hint = 'match_not_found';
  end if;
  if not private.may_see_match(v_user, p_match_id) then
    raise exception 'Only the two players and staff see the room' using errcode = 'PT403', hint = 'not_your_match';
  end if;
  select * into v_room from private.match_rooms where match_id = p_match_id;
  return jsonb_build_object('room_id', v_room.room_id, 'password', v_room.password, 'posted_at', v_room.posted_at);
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- Ready and walkovers
-- -----------------------------------------------------------------------------------------------------
create function private.mark_ready(p_match public.matches, p_side text, p_now timestamptz) returns public.matches
  language plpgsql set search_path = ''
as $$
declare
  v_match public.matches%rowtype;
begin
  update public.matches
     set ready_a_at = case when p_side = 'a' then coalesce(ready_a_at, p_now) else ready_a_at end,
         ready_b_at = case when p_side = 'b' then coalesce(ready_b_at, p_now) else ready_b_at end
   where id = p_match.id
  returning * into v_match;
  if v_match.status = 'scheduled' and v_match.ready_a_at is not null and v_match.ready_b_at is not null then
    update public.matches set status = 'ready' where id = v_match.id returning * into v_match;
  end if;
  return v_match;
end;
$$;

create function public.set_ready(p_match_id uuid) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_match public.matches := private.lock_match(p_match_id);
  v_side text := private.my_side(v_match, v_user);
begin
  perform private.require_match_open(v_match);
  if v_now < v_match.scheduled_at - interval '5 minutes' then
    raise exception 'Ready opens 5 minutes before the match' using errcode = 'PT409', hint = 'too_early';
  end if;
  if v_now > v_match.scheduled_at + interval '10 minutes' then
    raise exception 'Ready closed 10 minutes after the match time' using errcode = 'PT409', hint = 'too_late';
  end if;
  v_match := private.mark_ready(v_match, v_side, v_now);
  return jsonb_build_object('match_id', v_match.id, 'status', v_match.status,
                            'ready', jsonb_build_array(v_match.ready_a_at is not null, v_match.ready_b_at is not null));
end;
$$;

create function public.claim_walkover(p_match_id uuid) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_match public.matches := private.lock_match(p_match_id);
  v_side text := private.my_side(v_match, v_user);
  v_entry uuid := case v_side when 'a' then v_match.entry_a else v_match.entry_b end;
begin
  perform private.require_match_open(v_match);
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
  return jsonb_build_object('match_id', v_match.id, 'walkover_claimed_at', v_match.walkover_claimed_at,
                            'contest_until', v_match.walkover_claimed_at + interval '5 minutes');
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- Reports
-- -----------------------------------------------------------------------------------------------------
-- p_went_through: true (I went through), false (my opponent did), or the entry id of whoever went through.
create function public.report_match(
  p_match_id uuid, p_my_goals integer, p_opponent_goals integer, p_went_through text, p_screenshot_path text
) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
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
  if v_now < v_match.scheduled_at - interval '5 minutes' then
    raise exception 'Results can be reported from 5 minutes before the match' using errcode = 'PT409', hint = 'too_early';
  end if;
  if v_now > v_match.scheduled_at + interval '45 minutes' then
    raise exception 'Results must be reported within 45 minutes of the match time' using errcode = 'PT409', hint = 'too_late';
  end if;
  if p_my_goals is null or p_opponent_goals is null or p_my_goals not between 0 and 99 or p_opponent_goals not between 0 and 99 then
    raise exception 'Goals are whole numbers from 0 to 99' using errcode = 'PT400', hint = 'invalid_score';
  end if;
  v_winner := case lower(btrim(coalesce(p_went_through, '')))
                when 'true' then v_mine when 'me' then v_mine
                when 'false' then v_theirs when 'opponent' then v_theirs
                when v_mine::text then v_mine when v_theirs::text then v_theirs end;
  if v_winner is null then
    raise exception 'Say who went through: you or your opponent' using errcode = 'PT400', hint = 'invalid_winner';
  end if;
  if (p_my_goals > p_opponent_goals and v_winner <> v_mine) or (p_my_goals < p_opponent_goals and v_winner <> v_theirs) then
    raise exception 'The winner must be the player with more goals (a level score is settled by the shoot-out)'
      using errcode = 'PT400', hint = 'invalid_winner';
  end if;
  if p_screenshot_path is null
     or split_part(p_screenshot_path, '/', 1) <> p_match_id::text or split_part(p_screenshot_path, '/', 2) <> v_user::text
     or not exists (select 1 from storage.objects where bucket_id = 'match-evidence' and name = p_screenshot_path) then
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
    update public.matches set status = 'reported' where id = p_match_id returning * into v_match;
  elsif v_other.goals_a = v_goals_a and v_other.goals_b = v_goals_b and v_other.winner_entry_id = v_winner
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
$$;

-- The opponent agrees with the one report filed.
create function public.confirm_match(p_match_id uuid) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
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
  if private.same_buyer(v_match) then
    perform private.open_dispute(v_match, null, 'other', 'Both entries were bought together: staff confirm the result.', null);
  else
    v_match := private.confirm_result(v_match, v_report.winner_entry_id, v_report.goals_a, v_report.goals_b,
                                      'result_confirmed', 'The opponent confirmed the report', v_user, true);
  end if;
  select * into v_match from public.matches where id = p_match_id;
  return jsonb_build_object('match_id', p_match_id, 'status', v_match.status, 'winner_entry_id', v_match.winner_entry_id);
end;
$$;

create function public.dispute_match(p_match_id uuid, p_reason text, p_details text default null) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
  v_match public.matches := private.lock_match(p_match_id);
  v_side text := private.my_side(v_match, v_user);
  v_id uuid;
begin
  perform private.require_match_open(v_match);
  if p_reason is null or p_reason not in ('wrong_score', 'no_show', 'disconnection', 'cheating', 'other') then
    raise exception 'The reason is wrong_score, no_show, disconnection, cheating or other' using errcode = 'PT400', hint = 'invalid_dispute_reason';
  end if;
  if char_length(coalesce(p_details, '')) > 2000 then
    raise exception 'Keep the details under 2000 characters' using errcode = 'PT400', hint = 'details_too_long';
  end if;
  v_id := private.open_dispute(v_match, case v_side when 'a' then v_match.entry_a else v_match.entry_b end,
                               p_reason, nullif(btrim(coalesce(p_details, '')), ''), v_user);
  return (select jsonb_build_object('dispute_id', d.id, 'deadline_at', d.deadline_at, 'status', 'disputed')
            from public.match_disputes d where d.id = v_id);
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- staff_settle_match(p_match_id, p_winner_entry_id, p_score, p_note): the public contract
-- -----------------------------------------------------------------------------------------------------
create function public.staff_settle_match(p_match_id uuid, p_winner_entry_id uuid, p_score integer[], p_note text)
returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_match public.matches := private.lock_match(p_match_id);
  v_staff uuid := private.require_staff('referee', v_match.tournament_id);
  v_note text := private.require_reason(p_note);
begin
  perform private.require_match_open(v_match);
  if p_winner_entry_id is null or p_winner_entry_id not in (v_match.entry_a, v_match.entry_b) then
    raise exception 'The winner must be one of the two entries of the match' using errcode = 'PT400', hint = 'invalid_winner';
  end if;
  if p_score is not null and (array_length(p_score, 1) <> 2 or p_score[1] not between 0 and 99 or p_score[2] not between 0 and 99
                              or (p_score[1] > p_score[2] and p_winner_entry_id <> v_match.entry_a)
                              or (p_score[1] < p_score[2] and p_winner_entry_id <> v_match.entry_b)) then
    raise exception 'The score is [a, b] in the order of the entries, and the winner has more goals (or won the shoot-out)'
      using errcode = 'PT400', hint = 'invalid_score';
  end if;
  update public.match_disputes set settled_at = v_now, settled_by = v_staff, outcome = 'result_set', note = v_note
   where match_id = p_match_id and settled_at is null;
  v_match := private.confirm_result(v_match, p_winner_entry_id, p_score[1], p_score[2], 'result_set_by_staff', v_note, v_staff, true);
  return jsonb_build_object('match_id', p_match_id, 'status', v_match.status, 'winner_entry_id', v_match.winner_entry_id);
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- The match work of the periodic function
-- -----------------------------------------------------------------------------------------------------
create function private.run_due_match_work() returns jsonb
  language plpgsql set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_match public.matches%rowtype;
  v_report private.match_reports%rowtype;
  v_confirmed integer := 0;
  v_walkovers integer := 0;
  v_void integer := 0;
  v_disputes integer := 0;
begin
  for v_match in
    select m.* from public.matches m join public.tournaments t on t.id = m.tournament_id
     where m.status in ('scheduled', 'ready', 'reported') and t.cancelled_at is null
       and (m.scheduled_at + interval '10 minutes' < v_now or m.status = 'reported')
     order by m.scheduled_at, m.id
     for update of m skip locked
  loop
    select * into v_report from private.match_reports
     where match_id = v_match.id and superseded_at is null order by reported_at limit 1;
    if v_match.status = 'reported' and v_report.reported_at + interval '10 minutes' <= v_now then
      -- A single report the opponent neither confirmed nor disputed.
      if private.same_buyer(v_match) then
        perform private.open_dispute(v_match, null, 'other', 'Both entries were bought together: staff confirm the result.', null);
        v_disputes := v_disputes + 1;
      else
        perform private.confirm_result(v_match, v_report.winner_entry_id, v_report.goals_a, v_report.goals_b, 'result_auto_confirmed',
                                       'The opponent neither confirmed nor disputed within 10 minutes', null, true);
        v_confirmed := v_confirmed + 1;
      end if;
    elsif v_match.walkover_entry_id is not null and v_match.walkover_claimed_at + interval '5 minutes' <= v_now then
      perform private.confirm_result(v_match, v_match.walkover_entry_id, null, null, 'walkover',
                                     'The opponent did not show up and did not contest the walkover', null, true);
      v_walkovers := v_walkovers + 1;
    elsif v_match.status = 'scheduled' and v_match.ready_a_at is null and v_match.ready_b_at is null
          and v_match.scheduled_at + interval '10 minutes' < v_now and v_report.id is null then
      -- Neither player was ready: both are out (staff may still set a result).
      update public.matches set status = 'void', confirmed_at = v_now where id = v_match.id returning * into v_match;
      perform private.audit(v_match.tournament_id, 'match_void', 'Neither player was ready: both are out', null, null, null, true,
                            null, null, v_match.id);
      perform private.after_result(v_match);
      v_void := v_void + 1;
    elsif v_match.status in ('scheduled', 'ready') and v_report.id is null and v_match.walkover_entry_id is null
          and v_match.scheduled_at + interval '45 minutes' < v_now then
      -- No result by the deadline: staff decide.
      perform private.open_dispute(v_match, null, 'other', 'No result was reported within 45 minutes of the match time.', null);
      v_disputes := v_disputes + 1;
    end if;
  end loop;
  return jsonb_build_object('results_auto_confirmed', v_confirmed, 'walkovers', v_walkovers, 'matches_void', v_void,
                            'disputes_opened', v_disputes);
end;
$$;

create or replace function private.run_due_work() returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  return private.run_due_payment_work() || private.run_due_pod_work() || private.run_due_draw_work()
      || private.run_due_match_work();
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- Who may call them
-- -----------------------------------------------------------------------------------------------------
revoke all on function private.may_see_match(uuid, uuid) from public;
revoke all on function private.may_use_match_evidence(text, boolean) from public;
grant execute on function private.may_use_match_evidence(text, boolean) to authenticated;
revoke all on function private.my_side(public.matches, uuid) from public;
revoke all on function private.lock_match(uuid) from public;
revoke all on function private.require_match_open(public.matches) from public;
revoke all on function private.dispute_window(text) from public;
revoke all on function private.break_between_rounds() from public;
revoke all on function private.entry_name(uuid) from public;
revoke all on function private.open_dispute(public.matches, uuid, text, text, uuid) from public;
revoke all on function private.advance_from(public.matches) from public;
revoke all on function private.after_result(public.matches) from public;
revoke all on function private.confirm_result(public.matches, uuid, integer, integer, text, text, uuid, boolean) from public;
revoke all on function private.same_buyer(public.matches) from public;
revoke all on function private.mark_ready(public.matches, text, timestamptz) from public;
revoke all on function private.run_due_match_work() from public;
revoke all on function private.run_due_work() from public;
revoke all on function public.post_room(uuid, text, text) from public, anon;
revoke all on function public.get_match_room(uuid) from public, anon;
revoke all on function public.set_ready(uuid) from public, anon;
revoke all on function public.claim_walkover(uuid) from public, anon;
revoke all on function public.report_match(uuid, integer, integer, text, text) from public, anon;
revoke all on function public.confirm_match(uuid) from public, anon;
revoke all on function public.dispute_match(uuid, text, text) from public, anon;
revoke all on function public.staff_settle_match(uuid, uuid, integer[], text) from public, anon;
grant execute on function public.post_room(uuid, text, text) to authenticated;
grant execute on function public.get_match_room(uuid) to authenticated;
grant execute on function public.set_ready(uuid) to authenticated;
grant execute on function public.claim_walkover(uuid) to authenticated;
grant execute on function public.report_match(uuid, integer, integer, text, text) to authenticated;
grant execute on function public.confirm_match(uuid) to authenticated;
grant execute on function public.dispute_match(uuid, text, text) to authenticated;
grant execute on function public.staff_settle_match(uuid, uuid, integer[], text) to authenticated;
