-- =====================================================================================================
-- Tournament and history functions answer PT4xx with stable codes
-- =====================================================================================================
-- Same bodies as 20261121000008 / 20261121000009; only the errors change, so a caller with an unknown or
-- missing id gets a clear 400/403/404 with a hint listed in supabase/functions/_shared/error-codes.ts.

create or replace function public.get_tournament_participants(p_tournament_id text)
  returns table (in_game_name text, slots integer, registered_at timestamptz)
  language plpgsql stable
  security definer
  set search_path = ''
as $$
begin
  if p_tournament_id is null or btrim(p_tournament_id) = '' then
    raise exception 'p_tournament_id is required' using errcode = 'PT400', hint = 'tournament_id_required';
  end if;
  if not exists (select 1 from public.tournaments as t where t.id = p_tournament_id) then
    raise exception 'Tournament not found' using errcode = 'PT404', hint = 'tournament_not_found';
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

create or replace function public.get_user_registrations(p_user_id uuid)
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
  if p_user_id is null then
    raise exception 'p_user_id is required' using errcode = 'PT400', hint = 'user_id_required';
  end if;
  if p_user_id <> player_id then
    raise exception 'You can only read your own registrations' using errcode = 'PT403', hint = 'not_your_registrations';
  end if;
  return query
    select r.tournament_id, t.title, t.series, r.slots, r.status, r.registered_at
      from public.tournament_registrations as r
      join public.tournaments as t on t.id = r.tournament_id
     where r.user_id = player_id
     order by r.registered_at desc, r.id;
end;
$$;
