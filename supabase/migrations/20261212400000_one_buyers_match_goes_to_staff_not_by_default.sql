-- =====================================================================================================
-- A match between two entries of one buyer is decided by staff, never by a walkover or a void
-- =====================================================================================================
-- A buyer may hold several entries of a tournament (places bought for friends). When two of them met, a
-- result both sides reported already went to staff, but the deadlines still decided the match alone: an
-- uncontested walkover claim gave it to the claimant, and neither side pressing Ready voided it. Either way
-- the buyer pushed one of his own entries on without a game being played (or took both out of a band of
-- places). Such a match now waits for staff: where the deadline would give a walkover or a void, it opens
-- a dispute (reason no_show, a note saying why) that referees see in their disputes list and decide with
-- the usual staff functions (set the result, order a replay, disqualify).
--
-- private.due_match_decision     answers buyer_walkover and buyer_void where a match between one buyer's
--                                entries would have been owed a walkover or a void.
-- private.apply_due_match_decision   opens the staff dispute for those two decisions.
-- private.refuse_decided_match   refuses a player's action on such a match with match_disputed: staff
--                                decide it now (the periodic step writes the dispute down).
-- public.claim_walkover          the claimant asking again after the 5 minutes opens that dispute.
-- =====================================================================================================

create or replace function private.due_match_decision(p_match public.matches, p_now timestamp with time zone)
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
$$;
comment on function private.due_match_decision(public.matches,timestamp with time zone) is
  'The decision an overdue match is owed at p_now (auto_confirm, walkover, void, no_result; buyer_review, buyer_walkover, buyer_void: staff decide a match between two entries of one buyer) or null: the one reading of the match deadlines, for the periodic step and for every function that acts on a match.';

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

create or replace function private.refuse_decided_match(p_match public.matches, p_now timestamp with time zone)
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
  elsif v_decision in ('buyer_walkover', 'buyer_void') then
    raise exception 'Both entries of this match were bought together: staff decide it now'
      using errcode = 'PT409', hint = 'match_disputed';
  end if;
end;
$$;
comment on function private.refuse_decided_match(public.matches,timestamp with time zone) is
  'Refuses an action on a match whose result a deadline has already decided (auto-confirmation, an uncontested walkover, neither ready) or handed to staff (a match between one buyer''s entries), even before the periodic function wrote it down.';

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
$$;
