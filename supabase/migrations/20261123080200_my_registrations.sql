-- =====================================================================================================
-- get_my_registrations(): the caller's own registrations, named for what it is
-- =====================================================================================================
-- get_user_registrations(p_user_id) only ever answered for the caller and refused any other id, so its
-- parameter was a formality that read as if any player's registrations could be asked for. The new
-- function takes no id. Only this site called the old one, so it goes.

create function public.get_my_registrations()
  returns table (
    tournament_id text,
    tournament_title text,
    series text,
    slots integer,
    status text,
    registered_at timestamptz
  )
  language plpgsql stable
  security definer
  set search_path = ''
as $$
declare
  player_id uuid := private.require_player();
begin
  return query
    select r.tournament_id, t.title, t.series, r.slots, r.status, r.registered_at
      from public.tournament_registrations as r
      join public.tournaments as t on t.id = r.tournament_id
     where r.user_id = player_id
     order by r.registered_at desc, r.id;
end;
$$;

revoke execute on function public.get_my_registrations() from public, anon;
grant execute on function public.get_my_registrations() to authenticated, service_role;

drop function public.get_user_registrations(uuid);
