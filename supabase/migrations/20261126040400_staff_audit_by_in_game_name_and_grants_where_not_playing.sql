-- =====================================================================================================
-- The audit log names staff by in-game name for referees; no grant is made where its maker plays
-- =====================================================================================================
-- Two gaps left by the staff rules (lifecycle.md: Staff):
--   - staff_get_audit gave every staff member, referees included, the e-mail address of each staff member who
--     acted, and the summaries of role grants carry the address of whoever was granted the role. Referees
--     see in-game names, not e-mail addresses: the log now names each actor by in-game name for everyone, adds
--     the e-mail address for organisers and admins only, and tells referees a role grant by in-game name.
--   - admin_grant_role and admin_revoke_role acted on the grants of a tournament their caller plays in: a
--     player with a platform admin grant could make a friend the referee of their own match. Staff who play
--     in a tournament see it as a player does: both are refused with staff_plays_here there.
-- supabase/tests/staff-powers.test.ts calls every staff and admin function as a platform admin who plays in
-- the tournament, and as one with only the first sign-in step.
-- =====================================================================================================

create or replace function public.staff_get_audit(p_tournament_id text) returns jsonb
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
declare
  v_staff uuid := private.require_staff('referee', p_tournament_id);
  -- Referees run matches by in-game name; reaching staff by e-mail is for organisers and admins.
  v_with_emails boolean := private.staff_role_rank(private.staff_role_of(v_staff, p_tournament_id))
                           >= private.staff_role_rank('organiser');
begin
  return coalesce((
    select jsonb_agg(jsonb_build_object('id', a.id, 'at', a.at, 'action', a.action,
                                        'summary', case when a.action = 'role_granted' and not v_with_emails
                                                        then 'Role ' || coalesce(a.after ->> 'role', '') || ' granted to '
                                                             || coalesce(granted.in_game_name, 'a staff member')
                                                        else a.summary end,
                                        'actor_in_game_name', actor.in_game_name, 'actor_role', a.actor_role, 'reason', a.reason,
                                        'before', a.before, 'after', a.after, 'is_public', a.is_public)
                       || case when v_with_emails then jsonb_build_object('actor_email', u.email) else '{}'::jsonb end
                     order by a.at desc, a.id desc)
      from public.audit_log a
      left join auth.users u on u.id = a.actor_id
      left join public.profiles actor on actor.id = a.actor_id
      left join public.profiles granted on a.action = 'role_granted' and granted.id::text = a.after ->> 'user_id'
     where a.tournament_id = p_tournament_id), '[]'::jsonb);
end;
$$;
comment on function public.staff_get_audit(text) is 'Staff: a tournament''s whole audit log, newest first, each actor by in-game name; their e-mail addresses (and those in role grants) for organisers and admins only.';

create or replace function public.admin_grant_role(p_email text, p_role text, p_tournament_id text default null) returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_admin uuid := private.require_staff('admin', null);
  v_tournament text := nullif(btrim(p_tournament_id), '');
begin
  -- A tournament-limited admin grant could not grant anything anywhere else: only global admins grant.
  if not exists (select 1 from public.staff_roles where user_id = v_admin and role = 'admin' and tournament_id is null) then
    raise exception 'Only admins can grant roles' using errcode = 'PT403', hint = 'staff_only';
  end if;
  if v_tournament is not null and private.plays_in(v_admin, v_tournament) then
    raise exception 'You play in this tournament, so another staff member must do this.'
      using errcode = 'PT403', hint = 'staff_plays_here';
  end if;
  return jsonb_build_object('id', private.grant_staff_role(p_email, p_role, v_tournament, v_admin));
end;
$$;

create or replace function public.admin_revoke_role(p_role_id uuid) returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_admin uuid := private.require_staff('admin', null);
  v_grant public.staff_roles%rowtype;
begin
  if not exists (select 1 from public.staff_roles where user_id = v_admin and role = 'admin' and tournament_id is null) then
    raise exception 'Only admins can revoke roles' using errcode = 'PT403', hint = 'staff_only';
  end if;
  select * into v_grant from public.staff_roles where id = p_role_id;
  if not found then
    raise exception 'No such role grant' using errcode = 'PT404', hint = 'role_not_found';
  end if;
  if v_grant.tournament_id is not null and private.plays_in(v_admin, v_grant.tournament_id) then
    raise exception 'You play in this tournament, so another staff member must do this.'
      using errcode = 'PT403', hint = 'staff_plays_here';
  end if;
  -- Keeps at least one admin: nobody locks the platform out by removing their own admin role.
  if v_grant.user_id = v_admin and v_grant.role = 'admin' then
    raise exception 'You cannot remove your own admin role; ask another admin' using errcode = 'PT409', hint = 'cannot_revoke_own_admin';
  end if;
  delete from public.staff_roles where id = p_role_id;
  perform private.audit(v_grant.tournament_id, 'role_revoked', 'Role ' || v_grant.role || ' revoked', null,
                        to_jsonb(v_grant), null, false, v_admin);
  return jsonb_build_object('id', p_role_id);
end;
$$;
