-- =====================================================================================================
-- Entries for registrations whoever writes them; invitation links read as text; titles on My Tournaments
-- =====================================================================================================

-- Support staff and scripts (the service role) may record a registration directly: its entries are made
-- by the trigger as its owner, since private.entries is out of their reach.
alter function private.entries_follow_registration() security definer;

-- A mistyped or cut invitation link is "not valid", not a database error about uuid syntax.
create function private.invitation_token(p_token text) returns uuid
  language plpgsql immutable set search_path = ''
as $$
begin
  if p_token is null or btrim(p_token) !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    raise exception 'This invitation link is not valid' using errcode = 'PT404', hint = 'invitation_not_found';
  end if;
  return btrim(p_token)::uuid;
end;
$$;

alter function public.get_entry_invitation(uuid) rename to get_entry_invitation_by_uuid;
alter function public.accept_entry_invitation(uuid) rename to accept_entry_invitation_by_uuid;
alter function public.get_entry_invitation_by_uuid(uuid) set schema private;
alter function public.accept_entry_invitation_by_uuid(uuid) set schema private;
revoke all on function private.get_entry_invitation_by_uuid(uuid) from public, anon, authenticated;
revoke all on function private.accept_entry_invitation_by_uuid(uuid) from public, anon, authenticated;

create function public.get_entry_invitation(p_token text) returns jsonb
  language sql stable security definer set search_path = ''
as $$
  select private.get_entry_invitation_by_uuid(private.invitation_token(p_token));
$$;

create function public.accept_entry_invitation(p_token text) returns jsonb
  language sql security definer set search_path = ''
as $$
  select private.accept_entry_invitation_by_uuid(private.invitation_token(p_token));
$$;

-- My Tournaments shows places held through an invitation with their tournament's title and start.
create or replace function private.my_entries_json(p_player uuid, p_tournament public.tournaments, p_now timestamptz) returns jsonb
  language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'tournament_id', p_tournament.id,
    'tournament_title', p_tournament.title,
    'starts_at', p_tournament.starts_at,
    'check_in', jsonb_build_object(
      'opens_at', private.tournament_check_in_opens_at(p_tournament),
      'closes_at', private.tournament_check_in_closes_at(p_tournament),
      'is_open', private.check_in_is_open(p_tournament, p_now)),
    'my_entry', (select private.entry_json(e) || jsonb_build_object('bought_by_me', e.buyer_id = p_player)
                   from public.entries e
                  where e.tournament_id = p_tournament.id and e.player_id = p_player),
    'bought', coalesce((
      select jsonb_agg(private.entry_json(e) || jsonb_build_object(
                         'player_in_game_name', p.in_game_name,
                         'invitation_token', case when e.player_id is null and e.status = 'active' then e.invitation_token end,
                         'invited_email', e.invited_email)
                       order by e.slot_number, e.id)
        from public.entries e
        left join public.profiles p on p.id = e.player_id
       where e.tournament_id = p_tournament.id and e.buyer_id = p_player
         and e.player_id is distinct from p_player), '[]'::jsonb)
  );
$$;

revoke all on function private.invitation_token(text) from public;
revoke all on function public.get_entry_invitation(text) from public;
revoke all on function public.accept_entry_invitation(text) from public, anon;
grant execute on function public.get_entry_invitation(text) to anon, authenticated;
grant execute on function public.accept_entry_invitation(text) to authenticated;
