-- Match day: the game settings of every round, who hosts, and disconnections settled by the page.
--
-- Settings. A series (and a championship edition, which may differ) carries its match settings in the
-- game's words: Match Time in real minutes, Extra Time, Penalties, Injuries, Condition, Substitutions, the
-- minute by which a disconnection at 0–0 restarts the match and the host's minutes to post the room. Later
-- knockout rounds may differ (a longer final): `rounds.final`, `rounds.semi_finals`, `rounds.quarter_finals`
-- override the base. The catalog sync writes them; private.match_settings reads them for one match.
--
-- Host duty. The top slot hosts; once the host's minutes after the ready window opens have passed without a
-- room, the guest may post one and hosts from then on (staff are told). The guest ticks "settings checked"
-- as part of Ready.
--
-- Disconnections. Each player reports the game minute and the score; two reports that agree (same score,
-- minutes within 2, the earlier counts) are ruled by the page: restart by the cut-off minute at 0–0, else a
-- new room for the minutes left with the score carried. Anything else (disagreement, a quit claim, a
-- shoot-out, a second disconnection, the same player twice) goes to staff as a dispute with both accounts.
-- A ruling puts the match back to `ready` and moves the report window to 15 minutes after the replay's
-- expected end; the final report is the total score.

-- =====================================================================================================
-- Settings
-- =====================================================================================================

create or replace function private.default_match_settings()
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object('match_minutes', 10, 'extra_time', true, 'penalties', true, 'injuries', false,
                            'condition', 'Excellent', 'substitutions', 5, 'restart_by_minute', 20, 'host_minutes', 5);
$$;
revoke execute on function private.default_match_settings() from public;
comment on function private.default_match_settings() is
  'The match settings a series without its own uses: the game''s words (Match Time in real minutes, Extra Time, Penalties, Injuries, Condition, Substitutions), the disconnection cut-off minute and the host''s minutes.';

create or replace function private.match_settings_part_valid(p jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
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
$$;
revoke execute on function private.match_settings_part_valid(jsonb) from public;

create or replace function private.match_settings_valid(p jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p is null
      or (jsonb_typeof(p) = 'object'
          and private.match_settings_part_valid(p - 'rounds')
          and (not p ? 'rounds'
               or (jsonb_typeof(p->'rounds') = 'object'
                   and not exists (select 1 from jsonb_each(p->'rounds') r
                                    where r.key not in ('final', 'semi_finals', 'quarter_finals')
                                       or not private.match_settings_part_valid(r.value)))));
$$;
revoke execute on function private.match_settings_valid(jsonb) from public;
-- The tables' check calls them: whoever may write a series or an edition (the service role) runs them.
grant execute on function private.match_settings_valid(jsonb), private.match_settings_part_valid(jsonb) to service_role;
comment on function private.match_settings_valid(jsonb) is
  'Whether a series'' or an edition''s match settings are in the game''s words and ranges (a base and optional overrides for the final, semi-finals and quarter-finals).';

alter table public.series add column match_settings jsonb;
alter table public.series add constraint series_match_settings_valid check (private.match_settings_valid(match_settings));
comment on column public.series.match_settings is 'The series'' match settings (private.match_settings_valid); null: the defaults.';
alter table public.tournaments add column match_settings jsonb;
alter table public.tournaments add constraint tournaments_match_settings_valid check (private.match_settings_valid(match_settings));
comment on column public.tournaments.match_settings is 'An edition''s own match settings, over its series'' (private.match_settings_valid); null: the series''.';

create or replace function private.match_settings(p_match public.matches)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with base as (
    select coalesce(t.match_settings, s.match_settings, '{}'::jsonb) as own,
           (select max(x.round) from public.matches x where x.tournament_id = p_match.tournament_id) - p_match.round as from_end
      from public.tournaments t
      left join public.series s on s.id = t.series_id
     where t.id = p_match.tournament_id
  )
  select private.default_match_settings() || (own - 'rounds')
         || coalesce(own->'rounds'->(case from_end when 0 then 'final' when 1 then 'semi_finals' when 2 then 'quarter_finals' end),
                     '{}'::jsonb)
    from base;
$$;
revoke execute on function private.match_settings(public.matches) from public;
comment on function private.match_settings(public.matches) is
  'The settings one match is played with: the defaults, then the edition''s or the series'' own, then its round''s override.';

create or replace function public.get_match_settings(p_match_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
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
$$;
revoke execute on function public.get_match_settings(uuid) from public;
grant execute on function public.get_match_settings(uuid) to anon, authenticated, service_role;
comment on function public.get_match_settings(uuid) is
  'Anyone: the game settings of a match (Match Time in real minutes, Extra Time, Penalties, Injuries, Condition, Substitutions), by its round.';

-- =====================================================================================================
-- Host duty
-- =====================================================================================================

alter table public.matches add column room_host text not null default 'a';
alter table public.matches add constraint matches_room_host_side check (room_host in ('a', 'b'));
comment on column public.matches.room_host is 'Who hosts the room: the top slot (a) unless the guest took over once the host''s minutes had passed.';
alter table public.matches add column settings_checked_at timestamptz;
comment on column public.matches.settings_checked_at is 'When the guest confirmed the room''s settings match the round''s (part of their Ready).';

create or replace function private.host_deadline(p_match public.matches)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  -- The ready window opens 5 minutes before the match time; the host has their minutes from then.
  select p_match.scheduled_at - interval '5 minutes'
         + make_interval(mins => (private.match_settings(p_match)->>'host_minutes')::integer);
$$;
revoke execute on function private.host_deadline(public.matches) from public;
comment on function private.host_deadline(public.matches) is
  'Until when only the host may post the room: the host''s minutes (a setting, 5 by default) after the ready window opens.';

create or replace function private.notify_match_staff(p_match public.matches, p_title text, p_body text, p_key text)
returns void
language sql
set search_path = ''
as $$
  select private.deliver(array(
    select row(s.user_id, 'staff_alert', p_title, p_body, '/staff', p_key)::private.notice
      from (select distinct r.user_id from public.staff_roles r
             where r.role in ('referee', 'admin') and (r.tournament_id is null or r.tournament_id = p_match.tournament_id)) as s));
$$;
revoke execute on function private.notify_match_staff(public.matches, text, text, text) from public;
comment on function private.notify_match_staff(public.matches, text, text, text) is
  'Tells the referees (and admins) who look after a match''s tournament of something on match day that needs their eye.';

-- =====================================================================================================
-- Disconnections
-- =====================================================================================================

alter table public.matches add column disconnections_ruled integer not null default 0;
alter table public.matches add constraint matches_disconnections_ruled_range check (disconnections_ruled between 0 and 1);
alter table public.matches add column disconnection_ruling text;
alter table public.matches add constraint matches_disconnection_ruling_known
  check (disconnection_ruling is null or disconnection_ruling in ('restart', 'play_remaining'));
alter table public.matches add column disconnection_minute integer;
alter table public.matches add column minutes_left integer;
alter table public.matches add column carried_score_a integer;
alter table public.matches add column carried_score_b integer;
alter table public.matches add column replay_ends_at timestamptz;
alter table public.matches add column disconnection_reported_at timestamptz;
comment on column public.matches.disconnection_ruling is 'The page''s ruling on the match''s disconnection: restart, or play_remaining (minutes_left, the carried score).';
comment on column public.matches.replay_ends_at is 'When the replay after a disconnection ruling is expected to end; reports are taken until 15 minutes later.';
comment on column public.matches.disconnection_reported_at is 'When a player last reported a disconnection (the opponent''s page follows it live).';

create table private.match_disconnections (
  id uuid primary key default gen_random_uuid(),
  match_id uuid not null references public.matches (id),
  entry_id uuid not null references public.entries (id),
  reported_by uuid not null references auth.users (id),
  episode integer not null,
  minute integer not null,
  goals_a integer not null,
  goals_b integer not null,
  claims_quit boolean not null,
  reported_at timestamptz not null,
  superseded_at timestamptz,
  constraint match_disconnections_minute_range check (minute between 0 and 120),
  constraint match_disconnections_goals_range check (goals_a between 0 and 99 and goals_b between 0 and 99)
);
create index match_disconnections_by_match on private.match_disconnections (match_id, episode);
alter table private.match_disconnections enable row level security;
comment on table private.match_disconnections is
  'Each player''s report of a disconnection (game minute, score in entry order, a claim the opponent quit); read through get_match_disconnections and the dispute''s statements.';

create or replace function private.report_closes_at(p_match public.matches)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select greatest(p_match.scheduled_at + interval '45 minutes', p_match.replay_ends_at + interval '15 minutes');
$$;
revoke execute on function private.report_closes_at(public.matches) from public;
comment on function private.report_closes_at(public.matches) is
  'Until when a match''s result is reported: 45 minutes after its time, or 15 minutes after a replay''s expected end when a disconnection ruling asked for one.';

create or replace function private.disconnection_account(p_match public.matches, p_report private.match_disconnections)
returns text
language sql
stable
set search_path = ''
as $$
  select 'Disconnection at minute ' || p_report.minute || ' with the score ' || private.entry_name(p_match.entry_a) || ' '
         || p_report.goals_a || '–' || p_report.goals_b || ' ' || private.entry_name(p_match.entry_b)
         || case when p_report.claims_quit then '; says the opponent quit on purpose' else '' end
         || case when p_report.episode > 1 then ' (a second disconnection)' else '' end || '.';
$$;
revoke execute on function private.disconnection_account(public.matches, private.match_disconnections) from public;
comment on function private.disconnection_account(public.matches, private.match_disconnections) is
  'A player''s disconnection report in words, with the score in entry order, as staff read it among the dispute''s statements.';

create or replace function private.disconnection_to_staff(p_match public.matches, p_entry_id uuid, p_actor uuid, p_why text)
returns public.matches
language plpgsql
set search_path = ''
as $$
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
$$;
revoke execute on function private.disconnection_to_staff(public.matches, uuid, uuid, text) from public;

create or replace function public.report_disconnection(p_match_id uuid, p_minute integer, p_my_goals integer, p_opponent_goals integer,
                                                       p_claims_quit boolean default false)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
$$;
revoke execute on function public.report_disconnection(uuid, integer, integer, integer, boolean) from public, anon;
grant execute on function public.report_disconnection(uuid, integer, integer, integer, boolean) to authenticated, service_role;
comment on function public.report_disconnection(uuid, integer, integer, integer, boolean) is
  'A player of the match reports a disconnection (game minute 0–120, the score, a claim the opponent quit). Two agreeing reports are ruled at once: restart by the cut-off minute at 0–0, else the minutes left with the score carried; anything else goes to staff.';

create or replace function public.get_match_disconnections(p_match_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
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
$$;
revoke execute on function public.get_match_disconnections(uuid) from public, anon;
grant execute on function public.get_match_disconnections(uuid) to authenticated, service_role;
comment on function public.get_match_disconnections(uuid) is
  'The two players and staff: the disconnection reports, the page''s ruling (minutes left, carried score, until when reports are taken) and who hosts.';

-- =====================================================================================================
-- The room, Ready, reports and deadlines with a host who may change and a replay's window
-- =====================================================================================================

create or replace function public.post_room(p_match_id uuid, p_room_id text, p_password text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
$$;
comment on function public.post_room(uuid, text, text) is
  'The host (the top slot) posts the room id and password; once the host''s minutes after the ready window opens have passed without a room, the guest may post it and hosts.';

drop function public.set_ready(uuid);
create function public.set_ready(p_match_id uuid, p_settings_checked boolean default true)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
$$;
revoke execute on function public.set_ready(uuid, boolean) from public, anon;
grant execute on function public.set_ready(uuid, boolean) to authenticated, service_role;
comment on function public.set_ready(uuid, boolean) is
  'A player of the match is ready, from 5 minutes before to 10 minutes after the match time; the guest confirms the room''s settings with it (p_settings_checked, true unless said otherwise).';

create or replace function public.report_match(p_match_id uuid, p_my_goals integer, p_opponent_goals integer, p_went_through text,
                                               p_screenshot_path text)
returns jsonb
language plpgsql
security definer
set search_path = ''
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
comment on function public.report_match(uuid, integer, integer, text, text) is
  'A player reports the score, who went through and a screenshot in match-evidence, from 5 minutes before to 45 minutes after the match time (15 minutes after a replay''s expected end after a disconnection ruling; the total score). The opponent then confirms or disputes.';

create or replace function private.due_match_decision(p_match public.matches, p_now timestamptz)
returns text
language plpgsql
stable
set search_path = ''
as $$
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
    return 'walkover';
  elsif p_match.status = 'scheduled' and p_match.ready_a_at is null and p_match.ready_b_at is null
        and p_match.scheduled_at + interval '10 minutes' < p_now and v_report.id is null then
    return 'void';
  elsif p_match.status in ('scheduled', 'ready') and v_report.id is null and p_match.walkover_entry_id is null
        and private.report_closes_at(p_match) < p_now then
    return 'no_result';
  end if;
  return null;
end;
$$;

create or replace function private.reset_match(p_match_id uuid, p_now timestamptz)
returns public.matches
language plpgsql
set search_path = ''
as $$
declare
  v_match public.matches%rowtype;
begin
  update private.match_reports set superseded_at = p_now where match_id = p_match_id and superseded_at is null;
  update private.match_disconnections set superseded_at = p_now where match_id = p_match_id and superseded_at is null;
  update public.match_disputes set settled_at = p_now, outcome = 'replay', note = coalesce(note, 'Replay ordered')
   where match_id = p_match_id and settled_at is null;
  update public.matches
     set status = case when entry_a is not null and entry_b is not null then 'scheduled' else 'pending' end,
         winner_entry_id = null, score_a = null, score_b = null, confirmed_at = null,
         ready_a_at = null, ready_b_at = null, walkover_entry_id = null, walkover_claimed_at = null,
         settings_checked_at = null, disconnections_ruled = 0, disconnection_ruling = null, disconnection_minute = null,
         minutes_left = null, carried_score_a = null, carried_score_b = null, replay_ends_at = null,
         scheduled_at = greatest(scheduled_at, p_now + private.break_between_rounds())
   where id = p_match_id
  returning * into v_match;
  return v_match;
end;
$$;

-- The later matches a new winner would reset, read from the table itself, whatever columns it has.
create or replace function private.matches_after(p_match public.matches)
returns setof public.matches
language sql
stable
set search_path = ''
as $$
  with recursive path as (
    select n.id, n.tournament_id, n.round, n.position, n.winner_entry_id, n.entry_a, n.entry_b, p_match.winner_entry_id as carried
      from public.matches n
     where n.tournament_id = p_match.tournament_id and n.round = p_match.round + 1 and n.position = (p_match.position + 1) / 2
    union all
    select n.id, n.tournament_id, n.round, n.position, n.winner_entry_id, n.entry_a, n.entry_b, path.winner_entry_id
      from path
      join public.matches n on n.tournament_id = path.tournament_id and n.round = path.round + 1 and n.position = (path.position + 1) / 2
     where path.winner_entry_id is not null and path.winner_entry_id = path.carried
  )
  select m.*
    from path
    join public.matches m on m.id = path.id
   where path.carried is not null and path.carried in (path.entry_a, path.entry_b);
$$;
