-- =====================================================================================================
-- What the two players (and staff) read of a match besides its row: the reports on file and the dispute
-- =====================================================================================================
-- The match page shows the score the opponent reported before asking to confirm it, and a dispute's
-- reason and staff deadline to both players. Nobody else reads them (the screenshots' paths included).

create function public.get_match_reports(p_match_id uuid) returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
  v_match public.matches%rowtype;
begin
  select * into v_match from public.matches where id = p_match_id;
  if not found then
    raise exception 'This match does not exist' using errcode = 'PT404', hint = 'match_not_found';
  end if;
  if not private.may_see_match(v_user, p_match_id) then
    raise exception 'Only the two players and staff see the reports' using errcode = 'PT403', hint = 'not_your_match';
  end if;
  return jsonb_build_object(
    'reports', coalesce((
      select jsonb_agg(jsonb_build_object(
               'entry_id', r.entry_id, 'score', jsonb_build_array(r.goals_a, r.goals_b), 'winner_entry_id', r.winner_entry_id,
               'screenshot_path', r.screenshot_path, 'reported_at', r.reported_at)
                       order by r.reported_at, r.entry_id = v_match.entry_b)
        from private.match_reports r where r.match_id = p_match_id and r.superseded_at is null), '[]'::jsonb),
    'dispute', (
      select jsonb_build_object('reason', d.reason, 'details', d.details, 'opened_at', d.opened_at, 'deadline_at', d.deadline_at,
                                'opened_by_entry_id', d.opened_by_entry_id, 'settled_at', d.settled_at, 'outcome', d.outcome, 'note', d.note)
        from public.match_disputes d where d.match_id = p_match_id
       order by d.opened_at desc limit 1),
    'walkover', case when v_match.walkover_entry_id is null then null
                     else jsonb_build_object('entry_id', v_match.walkover_entry_id, 'claimed_at', v_match.walkover_claimed_at,
                                             'contest_until', v_match.walkover_claimed_at + interval '5 minutes') end
  );
end;
$$;

revoke all on function public.get_match_reports(uuid) from public, anon;
grant execute on function public.get_match_reports(uuid) to authenticated;
