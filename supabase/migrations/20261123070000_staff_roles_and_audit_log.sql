-- =====================================================================================================
-- Staff roles and the audit log
-- =====================================================================================================
-- public.staff_roles   who may run what: referee (matches, manual check-in), organiser (tournaments:
--                      check-in close, draw, postpone, cancel; and what a referee does), admin
--                      (everything, and grants roles). A grant may be limited to one tournament.
--                      Granted only by an admin, the first admin by the service role
--                      (npm run staff:grant-admin, README "Staff").
-- public.audit_log     append-only record of every staff action and every automatic decision: who,
--                      what, when, why, before and after. Nobody updates or deletes a row, not even the
--                      database owner (triggers refuse it). Public rows (manual check-in changes,
--                      withdrawals, the draw, cancellations, result changes) are shown on the tournament
--                      page through get_tournament_changes(); staff read everything.
-- private.require_staff(min_role, tournament)
--                      the one gate of every staff function: signed in with the second step (aal2),
--                      holding the role (or a higher one) for that tournament or globally, and not
--                      playing in that tournament.
-- =====================================================================================================

create table public.staff_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null
    constraint staff_roles_role_known check (role in ('referee', 'organiser', 'admin')),
  tournament_id text references public.tournaments (id) on delete cascade,
  granted_by uuid references auth.users (id) on delete set null,
  granted_at timestamptz not null default now()
);

create unique index staff_roles_one_grant on public.staff_roles (user_id, role, coalesce(tournament_id, ''));

comment on table public.staff_roles is
  'Staff grants. Read and written only through get_my_staff_roles() and the admin_* functions.';

alter table public.staff_roles enable row level security;
revoke all on public.staff_roles from anon, authenticated;

-- -----------------------------------------------------------------------------------------------------
-- Roles
-- -----------------------------------------------------------------------------------------------------
-- An organiser can do what a referee does, an admin what an organiser does.
create function private.staff_role_rank(p_role text) returns integer
  language sql immutable set search_path = ''
as $$
  select case p_role when 'referee' then 1 when 'organiser' then 2 when 'admin' then 3 else 0 end;
$$;

-- The caller's highest role that applies to the tournament (a global grant, or one for that tournament);
-- with p_tournament_id null, any grant counts.
create function private.staff_role_of(p_user_id uuid, p_tournament_id text) returns text
  language sql stable set search_path = ''
as $$
  select role from public.staff_roles
   where user_id = p_user_id
     and (p_tournament_id is null or tournament_id is null or tournament_id = p_tournament_id)
   order by private.staff_role_rank(role) desc
   limit 1;
$$;

-- Overridden by the entries migration once entries exist (a player or a buyer of the tournament).
create function private.plays_in(p_user_id uuid, p_tournament_id text) returns boolean
  language sql stable set search_path = ''
as $$
  select exists (select 1 from public.tournament_registrations
                  where user_id = p_user_id and tournament_id = p_tournament_id and status <> 'cancelled');
$$;

create function private.require_staff(p_min_role text, p_tournament_id text default null) returns uuid
  language plpgsql stable
  security definer
  set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_role text;
begin
  if v_user is null then
    raise exception 'Not logged in. Please sign in first.' using errcode = 'PT401', hint = 'not_signed_in';
  end if;
  -- Staff always use two-step sign-in, whether or not a factor is enrolled.
  if coalesce(auth.jwt() ->> 'aal', 'aal1') <> 'aal2' then
    raise exception 'Staff actions need two-step sign-in: enter the code from your authenticator app.'
      using errcode = 'PT403', hint = 'second_step_required';
  end if;
  v_role := private.staff_role_of(v_user, p_tournament_id);
  if v_role is null or private.staff_role_rank(v_role) < private.staff_role_rank(p_min_role) then
    raise exception 'This needs the % role (or a higher one).', p_min_role
      using errcode = 'PT403', hint = 'staff_only';
  end if;
  if p_tournament_id is not null and private.plays_in(v_user, p_tournament_id) then
    raise exception 'You play in this tournament, so another staff member must do this.'
      using errcode = 'PT403', hint = 'staff_plays_here';
  end if;
  return v_user;
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- The audit log
-- -----------------------------------------------------------------------------------------------------
create table public.audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  tournament_id text references public.tournaments (id),
  entry_id uuid,
  match_id uuid,
  -- Null for an automatic decision (the periodic function, the draw at check-in close).
  actor_id uuid references auth.users (id),
  actor_role text not null
    constraint audit_log_actor_role_known check (actor_role in ('referee', 'organiser', 'admin', 'automatic', 'service')),
  action text not null
    constraint audit_log_action_present check (char_length(action) between 2 and 60),
  -- What a reader sees: "demo3 checked in by hand", "Draw made: 7 entries, bracket of 8".
  summary text not null,
  reason text,
  before jsonb,
  after jsonb,
  is_public boolean not null default false
);

create index audit_log_of_tournament on public.audit_log (tournament_id, at desc);

comment on table public.audit_log is
  'Append-only: every staff action and automatic decision. Public rows appear on the tournament page.';

create function private.refuse_audit_change() returns trigger
  language plpgsql set search_path = ''
as $$
begin
  raise exception 'The audit log is append-only: rows are never changed or removed'
    using errcode = 'PT403', hint = 'audit_log_append_only';
end;
$$;

create trigger audit_log_no_update_or_delete
  before update or delete on public.audit_log
  for each row execute function private.refuse_audit_change();
create trigger audit_log_no_truncate
  before truncate on public.audit_log
  for each statement execute function private.refuse_audit_change();

alter table public.audit_log enable row level security;
revoke all on public.audit_log from anon, authenticated;
revoke insert, update, delete, truncate, references, trigger on public.audit_log from service_role;

-- Writes one row. p_actor null means an automatic decision.
create function private.audit(
  p_tournament_id text, p_action text, p_summary text, p_reason text, p_before jsonb, p_after jsonb,
  p_is_public boolean, p_actor uuid default null, p_entry_id uuid default null, p_match_id uuid default null
) returns void
  language sql
  set search_path = ''
as $$
  insert into public.audit_log (at, tournament_id, entry_id, match_id, actor_id, actor_role, action, summary, reason,
                                before, after, is_public)
  values (private.clock_now(), p_tournament_id, p_entry_id, p_match_id, p_actor,
          case when p_actor is null then 'automatic'
               else coalesce(private.staff_role_of(p_actor, p_tournament_id), 'service') end,
          p_action, p_summary, p_reason, p_before, p_after, p_is_public);
$$;

-- -----------------------------------------------------------------------------------------------------
-- Reading roles and granting them
-- -----------------------------------------------------------------------------------------------------
create function public.get_my_staff_roles() returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
begin
  return coalesce((select jsonb_agg(jsonb_build_object('id', id, 'role', role, 'tournament_id', tournament_id)
                                    order by private.staff_role_rank(role) desc, tournament_id nulls first)
                     from public.staff_roles where user_id = v_user), '[]'::jsonb);
end;
$$;

create function private.grant_staff_role(p_email text, p_role text, p_tournament_id text, p_granted_by uuid)
returns uuid
  language plpgsql set search_path = ''
as $$
declare
  v_user uuid;
  v_id uuid;
begin
  if p_role is null or private.staff_role_rank(p_role) = 0 then
    raise exception 'A role is referee, organiser or admin' using errcode = 'PT400', hint = 'invalid_role';
  end if;
  select id into v_user from auth.users where lower(email) = lower(btrim(p_email));
  if v_user is null then
    raise exception 'No account has this e-mail address' using errcode = 'PT404', hint = 'user_not_found';
  end if;
  if p_tournament_id is not null and not exists (select 1 from public.tournaments where id = p_tournament_id) then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  insert into public.staff_roles (user_id, role, tournament_id, granted_by)
  values (v_user, p_role, p_tournament_id, p_granted_by)
  on conflict (user_id, role, coalesce(tournament_id, '')) do nothing
  returning id into v_id;
  if v_id is null then
    select id into v_id from public.staff_roles
     where user_id = v_user and role = p_role and coalesce(tournament_id, '') = coalesce(p_tournament_id, '');
  else
    perform private.audit(p_tournament_id, 'role_granted', 'Role ' || p_role || ' granted to ' || lower(btrim(p_email)),
                          null, null, jsonb_build_object('user_id', v_user, 'role', p_role, 'tournament_id', p_tournament_id),
                          false, p_granted_by);
  end if;
  return v_id;
end;
$$;

create function public.admin_grant_role(p_email text, p_role text, p_tournament_id text default null) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_admin uuid := private.require_staff('admin', null);
begin
  -- A tournament-limited admin grant could not grant anything anywhere else: only global admins grant.
  if not exists (select 1 from public.staff_roles where user_id = v_admin and role = 'admin' and tournament_id is null) then
    raise exception 'Only admins can grant roles' using errcode = 'PT403', hint = 'staff_only';
  end if;
  return jsonb_build_object('id', private.grant_staff_role(p_email, p_role, nullif(btrim(p_tournament_id), ''), v_admin));
end;
$$;

create function public.admin_revoke_role(p_role_id uuid) returns jsonb
  language plpgsql security definer set search_path = ''
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

create function public.admin_list_roles() returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_staff('admin', null);
  return coalesce((
    select jsonb_agg(jsonb_build_object('id', r.id, 'email', u.email, 'in_game_name', p.in_game_name, 'role', r.role,
                                        'tournament_id', r.tournament_id, 'granted_at', r.granted_at)
                     order by u.email, private.staff_role_rank(r.role) desc)
      from public.staff_roles r
      join auth.users u on u.id = r.user_id
      left join public.profiles p on p.id = r.user_id), '[]'::jsonb);
end;
$$;

-- The first admin (README "Staff"): only the service role, from a trusted machine.
create function public.service_grant_role(p_email text, p_role text, p_tournament_id text default null) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
begin
  return jsonb_build_object('id', private.grant_staff_role(p_email, p_role, p_tournament_id, null));
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- Who may call them
-- -----------------------------------------------------------------------------------------------------
revoke all on function private.staff_role_rank(text) from public;
revoke all on function private.staff_role_of(uuid, text) from public;
revoke all on function private.plays_in(uuid, text) from public;
revoke all on function private.require_staff(text, text) from public;
revoke all on function private.refuse_audit_change() from public;
revoke all on function private.audit(text, text, text, text, jsonb, jsonb, boolean, uuid, uuid, uuid) from public;
revoke all on function private.grant_staff_role(text, text, text, uuid) from public;
revoke all on function public.get_my_staff_roles() from public, anon;
revoke all on function public.admin_grant_role(text, text, text) from public, anon;
revoke all on function public.admin_revoke_role(uuid) from public, anon;
revoke all on function public.admin_list_roles() from public, anon;
revoke all on function public.service_grant_role(text, text, text) from public, anon, authenticated;
grant execute on function public.get_my_staff_roles() to authenticated;
grant execute on function public.admin_grant_role(text, text, text) to authenticated;
grant execute on function public.admin_revoke_role(uuid) to authenticated;
grant execute on function public.admin_list_roles() to authenticated;
grant execute on function public.service_grant_role(text, text, text) to service_role;
