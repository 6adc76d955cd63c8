-- =====================================================================================================
-- The staff console's disputes queue, and a player's places in the tournaments they finished
-- =====================================================================================================
-- staff_list_disputes(): every open dispute in the tournaments the caller looks after, the nearest staff
-- deadline first, with what the queue shows before opening one (the two players, the reason, the deadline).
-- The dispute view then reads get_match_reports (staff may) and the screenshots from match-evidence.
-- get_my_places(): the caller's place (get_standings' band) in each finished tournament they played, for
-- the history on My Tournaments.
-- =====================================================================================================

create function public.staff_list_disputes() returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
declare
  v_staff uuid := private.require_staff('referee', null);
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
             'opened_by_entry_id', d.opened_by_entry_id)
           order by d.deadline_at, d.opened_at, d.id)
      from public.match_disputes d
      join public.matches m on m.id = d.match_id
      join public.tournaments t on t.id = m.tournament_id
     where d.settled_at is null and t.cancelled_at is null and private.staff_sees(v_staff, t.id)
  ), '[]'::jsonb);
end;
$$;

create function public.get_my_places() returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
declare
  v_player uuid := private.require_player();
begin
  return coalesce((
    select jsonb_agg(jsonb_build_object('tournament_id', t.id, 'place', band ->> 'place',
                                        'from', (band ->> 'from')::integer, 'to', (band ->> 'to')::integer)
                     order by t.finished_at desc, t.id)
      from public.tournaments t
      join public.entries e on e.tournament_id = t.id and e.player_id = v_player
     cross join lateral jsonb_array_elements(public.get_standings(t.id)) as band
     where t.finished_at is not null and t.cancelled_at is null
       and exists (select 1 from jsonb_array_elements(band -> 'entries') as x where x ->> 'entry_id' = e.id::text)
  ), '[]'::jsonb);
end;
$$;

revoke all on function public.staff_list_disputes() from public, anon;
revoke all on function public.get_my_places() from public, anon;
grant execute on function public.staff_list_disputes() to authenticated;
grant execute on function public.get_my_places() to authenticated;
