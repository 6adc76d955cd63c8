-- =====================================================================================================
-- A player's next matches
-- =====================================================================================================
-- The dashboard and My Tournaments show, for each drawn tournament the player is still in, the match they
-- play next: the round, the time, the opponent (null while the other match that feeds it is still being
-- played) and the match's id for its page (/match/?id=…). One call for all of the caller's tournaments.
-- =====================================================================================================

create function public.get_my_next_matches() returns jsonb
  language plpgsql stable security definer set search_path = '' as $$
declare
  v_player uuid := private.require_player();
begin
  return coalesce((
    select jsonb_agg(jsonb_build_object(
             'tournament_id', n.tournament_id,
             'title', n.title,
             'match_id', n.id,
             'round', n.round,
             'round_name', private.round_name(n.round, n.rounds),
             'scheduled_at', n.scheduled_at,
             'status', n.status,
             'opponent', n.opponent)
           order by n.scheduled_at, n.tournament_id)
      from (
        select distinct on (e.id)
               m.tournament_id, t.title, m.id, m.round, m.scheduled_at, m.status,
               (select max(r.round) from public.matches r where r.tournament_id = m.tournament_id) as rounds,
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
$$;

comment on function public.get_my_next_matches() is
  'The caller''s next match in each drawn tournament they are still in: round, time, opponent (null until known), match id.';

-- The in-game name of an entry's player; null for no entry.
create function private.entry_name_or_null(p_entry_id uuid) returns text
  language sql stable set search_path = '' as $$
  select case when p_entry_id is not null then private.entry_name(p_entry_id) end;
$$;

comment on function private.entry_name_or_null(uuid) is
  'An entry''s public name, or null while the place is still to be decided (the next match''s other side).';

revoke execute on function private.entry_name_or_null(uuid) from public;
revoke execute on function public.get_my_next_matches() from public, anon;
grant execute on function public.get_my_next_matches() to authenticated, service_role;
