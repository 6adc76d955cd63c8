-- Every deadline of a match is checked by the function that acts, when it acts: a late periodic run never
-- lets a dispute, a report or a Ready through after its window. The decision the periodic function takes
-- for an overdue match is one function (private.due_match_decision names it, private.apply_due_match_decision
-- takes it); the periodic step and the acting functions both use it.

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
        and p_match.scheduled_at + interval '45 minutes' < p_now then
    return 'no_result';
  end if;
  return null;
end;
$$;
comment on function private.due_match_decision(public.matches, timestamptz) is
  'The decision an overdue match is owed at p_now (auto_confirm, buyer_review, walkover, void, no_result) or null: the one reading of the match deadlines, for the periodic step and for every function that acts on a match.';

create or replace function private.apply_due_match_decision(p_match public.matches)
returns public.matches
language plpgsql
set search_path = ''
as $$
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
  elsif v_decision = 'auto_confirm' then
    -- A single report the opponent neither confirmed nor disputed.
    perform private.confirm_result(p_match, v_report.winner_entry_id, v_report.goals_a, v_report.goals_b, 'result_auto_confirmed',
                                   'The opponent neither confirmed nor disputed within 10 minutes', null, true);
  elsif v_decision = 'walkover' then
    perform private.confirm_result(p_match, p_match.walkover_entry_id, null, null, 'walkover',
                                   'The opponent did not show up and did not contest the walkover', null, true);
  elsif v_decision = 'void' then
    -- Neither player was ready: both are out (staff may still set a result).
    update public.matches set status = 'void', confirmed_at = v_now where id = p_match.id returning * into v_match;
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
$$;
comment on function private.apply_due_match_decision(public.matches) is
  'Takes the decision private.due_match_decision says an overdue match is owed (the caller holds the match''s lock) and answers the match as it now is.';

create or replace function private.run_due_match_work()
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_match public.matches%rowtype;
  v_decision text;
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
    v_decision := private.due_match_decision(v_match, v_now);
    continue when v_decision is null;
    perform private.apply_due_match_decision(v_match);
    case v_decision
      when 'auto_confirm' then v_confirmed := v_confirmed + 1;
      when 'walkover' then v_walkovers := v_walkovers + 1;
      when 'void' then v_void := v_void + 1;
      else v_disputes := v_disputes + 1;
    end case;
  end loop;
  return jsonb_build_object('results_auto_confirmed', v_confirmed, 'walkovers', v_walkovers, 'matches_void', v_void,
                            'disputes_opened', v_disputes);
end;
$$;

create or replace function private.refuse_decided_match(p_match public.matches, p_now timestamptz)
returns void
language plpgsql
stable
set search_path = ''
as $$
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
  end if;
end;
$$;
comment on function private.refuse_decided_match(public.matches, timestamptz) is
  'Refuses an action on a match whose result a deadline has already decided (auto-confirmation, an uncontested walkover, neither ready), even before the periodic function wrote it down.';

-- -----------------------------------------------------------------------------------------------------
-- The acting functions
-- -----------------------------------------------------------------------------------------------------

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
begin
  if private.my_side(v_match, v_user) <> 'a' then
    raise exception 'The top-slot player hosts this match and posts the room' using errcode = 'PT403', hint = 'not_the_host';
  end if;
  perform private.require_match_open(v_match);
  perform private.refuse_decided_match(v_match, v_now);
  if v_now > v_match.scheduled_at + interval '45 minutes' then
    raise exception 'The match time is long past: no room can be posted 45 minutes after it' using errcode = 'PT409', hint = 'too_late';
  end if;
  if p_room_id is null or btrim(p_room_id) !~ '^[A-Za-z0-9-]{3,32}$' then
    raise exception 'The room id is 3 to 32 letters, digits or dashes' using errcode = 'PT400', hint = 'invalid_room';
  end if;
  if p_password is null or char_length(btrim(p_password)) not between 1 and 32 then
    raise exception 'The room password is 1 to 32 characters' using errcode = 'PT400', hint = 'invalid_room';
  end if;
  insert into private.match_rooms (match_id, room_id, password, posted_by, posted_at)
  values (p_match_id, btrim(p_room_id), btrim(p_password), v_user, v_now)
  on conflict (match_id) do update set room_id = excluded.room_id, password = excluded.password, posted_at = excluded.posted_at;
  update public.matches set room_posted_at = v_now where id = p_match_id;
  return jsonb_build_object('match_id', p_match_id, 'room_posted_at', v_now);
end;
$$;

create or replace function public.set_ready(p_match_id uuid)
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
  v_match := private.mark_ready(v_match, v_side, v_now);
  return jsonb_build_object('match_id', v_match.id, 'status', v_match.status,
                            'ready', jsonb_build_array(v_match.ready_a_at is not null, v_match.ready_b_at is not null));
end;
$$;

create or replace function public.claim_walkover(p_match_id uuid)
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
  v_entry uuid := case v_side when 'a' then v_match.entry_a else v_match.entry_b end;
begin
  perform private.require_match_open(v_match);
  if v_match.walkover_entry_id = v_entry and private.due_match_decision(v_match, v_now) = 'walkover' then
    -- The claim's window has passed uncontested: the claimant asking again gets the walkover now.
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
$$;

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

create or replace function public.confirm_match(p_match_id uuid)
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
$$;

-- -----------------------------------------------------------------------------------------------------
-- Evidence in the bucket, one check for reports and disputes
-- -----------------------------------------------------------------------------------------------------

create or replace function private.is_my_match_evidence(p_match_id uuid, p_user uuid, p_path text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select p_path is not null
     and split_part(p_path, '/', 1) = p_match_id::text and split_part(p_path, '/', 2) = p_user::text
     and exists (select 1 from storage.objects where bucket_id = 'match-evidence' and name = p_path);
$$;
comment on function private.is_my_match_evidence(uuid, uuid, text) is
  'Whether a path names a file the player uploaded into their own folder of the match in match-evidence (reports and dispute evidence point at it).';
