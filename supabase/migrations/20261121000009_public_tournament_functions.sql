-- =====================================================================================================
-- Public tournament functions: live capacity and who is playing
-- =====================================================================================================
-- Callable without signing in. They reveal counts and in-game names only: never emails, user ids,
-- legal names or payments.

-- -----------------------------------------------------------------------------------------------------
-- get_tournament_slots(): filled and total slots of every tournament
-- -----------------------------------------------------------------------------------------------------
create function public.get_tournament_slots()
  returns table (tournament_id text, filled_slots integer, max_players integer)
  language sql stable
  security definer
  set search_path = ''
as $$
  select t.id, t.filled_slots, t.max_players
    from public.tournaments as t
   order by t.id
$$;

-- -----------------------------------------------------------------------------------------------------
-- get_tournament_participants(p_tournament_id): in-game names, in registration order
-- -----------------------------------------------------------------------------------------------------
-- Cancelled registrations are left out. in_game_name is null for a player who has not completed their
-- profile yet; the page decides how to show that.
create function public.get_tournament_participants(p_tournament_id text)
  returns table (in_game_name text, slots integer, registered_at timestamptz)
  language plpgsql stable
  security definer
  set search_path = ''
as $$
begin
  if p_tournament_id is null or btrim(p_tournament_id) = '' then
    raise exception 'p_tournament_id is required' using errcode = '22023';
  end if;
  if not exists (select 1 from public.tournaments as t where t.id = p_tournament_id) then
    raise exception 'Tournament not found' using errcode = 'P0002';
  end if;
  return query
    select p.in_game_name, r.slots, r.registered_at
      from public.tournament_registrations as r
      join public.profiles as p on p.id = r.user_id
     where r.tournament_id = p_tournament_id
       and r.status <> 'cancelled'
     order by r.registered_at, r.id;
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- Who may call them: everyone
-- -----------------------------------------------------------------------------------------------------
revoke execute on function public.get_tournament_slots() from public;
revoke execute on function public.get_tournament_participants(text) from public;
grant execute on function public.get_tournament_slots() to anon, authenticated, service_role;
grant execute on function public.get_tournament_participants(text) to anon, authenticated, service_role;
