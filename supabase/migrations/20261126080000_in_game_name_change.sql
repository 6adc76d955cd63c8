-- =====================================================================================================
-- The in-game name may change once every 30 days, outside a running tournament
-- =====================================================================================================
-- eFootball lets players rename themselves, so a completed profile's in-game name is not locked forever:
-- a player may change it once every 30 days, unless they hold an entry in a tournament whose check-in or
-- play is under way (the bracket, the match pages and the referee would see a name change mid-event).
-- Every change is written to the audit log, which is also what the 30 days count from. The legal name
-- (the name on the player's PAN), the eFootball user id and the date of birth stay locked.
--
-- private.in_game_name_change_days()     the rule's one number
-- public.get_my_in_game_name_rule()      whether the caller may change it now, and if not why and when
-- public.change_my_in_game_name(text)    the change (checked like the profile form's name), audited
-- private.keep_completed_profile_locked  lets that one function change that one column
-- =====================================================================================================

create function private.in_game_name_change_days() returns integer
  language sql immutable set search_path = '' as $$ select 30 $$;

comment on function private.in_game_name_change_days() is
  'How many days apart a player may change the in-game name of a completed profile: the rule''s one number.';

-- When the caller last changed their in-game name (null: never), from the audit log.
create function private.in_game_name_changed_at(p_player uuid) returns timestamptz
  language sql stable set search_path = '' as $$
  select max(a.at) from public.audit_log a where a.actor_id = p_player and a.action = 'in_game_name_changed';
$$;

comment on function private.in_game_name_changed_at(uuid) is
  'The player''s last in-game name change, read from the audit log so the 30-day rule has one record.';

-- A tournament of the player's that is in check-in or being played (null: none).
create function private.running_tournament_of(p_player uuid, p_now timestamptz) returns text
  language sql stable set search_path = '' as $$
  select t.title
    from public.entries e
    join public.tournaments t on t.id = e.tournament_id
   where e.player_id = p_player and e.status = 'active'
     and private.tournament_status(t, p_now) in ('check-in', 'live')
   order by t.starts_at
   limit 1;
$$;

comment on function private.running_tournament_of(uuid, timestamptz) is
  'The title of a tournament in check-in or play where the player holds an active entry: no renaming then.';

create function public.get_my_in_game_name_rule() returns jsonb
  language plpgsql stable security definer set search_path = '' as $$
declare
  v_player uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_changed timestamptz := private.in_game_name_changed_at(v_player);
  v_next timestamptz := v_changed + make_interval(days => private.in_game_name_change_days());
  v_running text := private.running_tournament_of(v_player, v_now);
begin
  return jsonb_build_object(
    'every_days', private.in_game_name_change_days(),
    'last_changed_at', v_changed,
    'next_change_at', case when v_next > v_now then v_next end,
    'running_tournament', v_running,
    'can_change', (v_next is null or v_next <= v_now) and v_running is null
                  and coalesce((select profile_completed from public.profiles where id = v_player), false));
end;
$$;

comment on function public.get_my_in_game_name_rule() is
  'Whether the caller may change their in-game name now; if not, the date the 30 days end or the running tournament.';

create function public.change_my_in_game_name(p_in_game_name text) returns jsonb
  language plpgsql security definer set search_path = '' as $$
declare
  v_player uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_name text := btrim(p_in_game_name);
  v_profile public.profiles%rowtype;
  v_changed timestamptz;
  v_running text;
begin
  select * into v_profile from public.profiles where id = v_player for update;
  if not found then
    raise exception 'Profile not found' using errcode = 'PT404', hint = 'profile_not_found';
  end if;
  if not v_profile.profile_completed then
    raise exception 'Complete your profile first' using errcode = 'PT403', hint = 'profile_incomplete';
  end if;
  if char_length(coalesce(v_name, '')) < 2 then
    raise exception 'In-Game Name is required' using errcode = 'PT400', hint = 'in_game_name_required';
  end if;
  if char_length(v_name) > 40 then
    raise exception 'In-Game Name must be at most 40 characters' using errcode = 'PT400', hint = 'in_game_name_too_long';
  end if;
  if not private.is_visible_name(v_name) then
    raise exception 'In-Game Name must contain visible letters, not only spaces or invisible characters'
      using errcode = 'PT400', hint = 'in_game_name_invisible';
  end if;
  if v_name = v_profile.in_game_name then
    raise exception 'That is already your in-game name' using errcode = 'PT400', hint = 'in_game_name_unchanged';
  end if;
  v_changed := private.in_game_name_changed_at(v_player);
  if v_changed is not null and v_changed + make_interval(days => private.in_game_name_change_days()) > v_now then
    raise exception 'You changed your in-game name on %; the next change is possible from %',
                    to_char(v_changed at time zone 'Asia/Kolkata', 'DD/MM/YYYY'),
                    to_char((v_changed + make_interval(days => private.in_game_name_change_days())) at time zone 'Asia/Kolkata', 'DD/MM/YYYY')
      using errcode = 'PT409', hint = 'in_game_name_changed_recently';
  end if;
  v_running := private.running_tournament_of(v_player, v_now);
  if v_running is not null then
    raise exception 'Your in-game name cannot change while % is under way', v_running
      using errcode = 'PT409', hint = 'in_game_name_in_running_tournament';
  end if;

  perform set_config('golazo.in_game_name_change_for', v_player::text, true);
  update public.profiles set in_game_name = v_name where id = v_player;
  perform set_config('golazo.in_game_name_change_for', '', true);
  perform private.audit(null, 'in_game_name_changed', v_profile.in_game_name || ' is now ' || v_name, null,
                        jsonb_build_object('in_game_name', v_profile.in_game_name),
                        jsonb_build_object('in_game_name', v_name), false, v_player);
  return jsonb_build_object('in_game_name', v_name,
                            'next_change_at', v_now + make_interval(days => private.in_game_name_change_days()));
end;
$$;

comment on function public.change_my_in_game_name(text) is
  'The caller renames themselves: once every 30 days, not while a tournament of theirs is in check-in or play; audited.';

revoke execute on function public.get_my_in_game_name_rule() from public, anon;
grant execute on function public.get_my_in_game_name_rule() to authenticated, service_role;
revoke execute on function public.change_my_in_game_name(text) from public, anon;
grant execute on function public.change_my_in_game_name(text) to authenticated, service_role;
revoke execute on function private.in_game_name_change_days() from public;
revoke execute on function private.in_game_name_changed_at(uuid) from public;
revoke execute on function private.running_tournament_of(uuid, timestamptz) from public;

-- The lock: unchanged, except that change_my_in_game_name may change the in-game name (and only it).
CREATE OR REPLACE FUNCTION private.keep_completed_profile_locked()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if old.profile_completed and coalesce(auth.role(), '') in ('anon', 'authenticated') then
    if (new.in_game_name is not distinct from old.in_game_name
        or coalesce(current_setting('golazo.in_game_name_change_for', true), '') = old.id::text)
       and new.legal_name is not distinct from old.legal_name
       and new.game_user_id is not distinct from old.game_user_id
       and new.profile_image_url is not distinct from old.profile_image_url
       and new.profile_completed
       and new.email is not distinct from old.email
       and (new.date_of_birth is not distinct from old.date_of_birth
            or (old.date_of_birth is null and new.age is null))
       and (new.age is not distinct from old.age or (old.date_of_birth is null and new.date_of_birth is not null))
       and (new.lives_in_india_confirmed_at is not distinct from old.lives_in_india_confirmed_at
            or old.lives_in_india_confirmed_at is null)
    then
      return new;
    end if;
    raise exception 'Profile is completed and locked'
      using errcode = '42501', hint = 'Contact support to change a completed profile.';
  end if;
  return new;
end;
$function$;
