-- A dispute needs a reason that fits the match as it stands: before any report of the opponent the match
-- must be under way (a no-show only 10 minutes after the match time), "wrong score" needs the opponent's
-- report to disagree with, and "cheating" and "other" need details. Both players add their side and a
-- screenshot to an open dispute; staff read both, and the referee's note shows on the match page.

create or replace function private.dispute_needs_details(p_reason text)
returns boolean
language sql
immutable
set search_path = ''
as $$ select p_reason in ('cheating', 'other') $$;
comment on function private.dispute_needs_details(text) is
  'The reasons staff cannot weigh without the player''s account of what happened.';

create or replace function private.dispute_reason_opens_at(p_match public.matches, p_entry_id uuid, p_reason text)
returns timestamptz
language plpgsql
stable
set search_path = ''
as $$
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
$$;
comment on function private.dispute_reason_opens_at(public.matches, uuid, text) is
  'From when the player of p_entry_id may dispute the match with p_reason (null: not while the match stands as it is). The one rule behind dispute_match and the reasons get_match_reports offers.';

create or replace function public.dispute_match(p_match_id uuid, p_reason text, p_details text default null)
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
$$;
comment on function public.dispute_match(uuid, text, text) is
  'A player of the match opens a dispute with a reason that fits the match now (private.dispute_reason_opens_at; details for cheating and other); staff decide before its deadline.';

-- -----------------------------------------------------------------------------------------------------
-- Each player's side of an open dispute
-- -----------------------------------------------------------------------------------------------------

create table private.match_dispute_statements (
  dispute_id uuid not null references public.match_disputes (id),
  entry_id uuid not null references public.entries (id),
  player_id uuid not null references auth.users (id),
  details text not null,
  screenshot_path text,
  added_at timestamptz not null,
  constraint match_dispute_statements_pkey primary key (dispute_id, entry_id),
  constraint match_dispute_statements_details_length check (char_length(details) between 1 and 2000)
);
comment on table private.match_dispute_statements is
  'Each player''s account of an open dispute and the screenshot they add, one per entry (a second one replaces the first until staff decide); read through get_match_reports and staff_list_disputes.';

create or replace function public.add_dispute_evidence(p_match_id uuid, p_details text, p_screenshot_path text default null)
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
$$;
comment on function public.add_dispute_evidence(uuid, text, text) is
  'Either player of a match in dispute adds their account and, optionally, a screenshot they uploaded to match-evidence; staff read both sides before deciding.';
revoke all on function public.add_dispute_evidence(uuid, text, text) from public, anon;
grant execute on function public.add_dispute_evidence(uuid, text, text) to authenticated, service_role;

create or replace function private.dispute_statements_json(p_dispute_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('entry_id', s.entry_id, 'details', s.details, 'screenshot_path', s.screenshot_path,
                                               'added_at', s.added_at) order by s.added_at, s.entry_id), '[]'::jsonb)
    from private.match_dispute_statements s where s.dispute_id = p_dispute_id;
$$;
comment on function private.dispute_statements_json(uuid) is 'The players'' accounts of a dispute, oldest first, as the match page and the staff console read them.';

create or replace function private.referee_decision_json(p_match_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('action', a.action, 'note', a.reason, 'at', a.at)
    from public.audit_log a
   where a.match_id = p_match_id and a.is_public and a.actor_role <> 'automatic'
     and a.action in ('result_set_by_staff', 'replay_ordered', 'disqualified', 'result_corrected')
   order by a.at desc, a.id desc
   limit 1;
$$;
comment on function private.referee_decision_json(uuid) is
  'The last staff decision on a match with the referee''s public note (already public in the tournament''s changes), for the match page.';

create or replace function public.get_match_reports(p_match_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
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
$$;
comment on function public.get_match_reports(uuid) is
  'The reports on file, the dispute with both players'' accounts, the walkover claim, the reasons the caller may dispute with now or later, and the referee''s decision, for the two players and staff.';

create or replace function public.staff_list_disputes()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
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
$$;
