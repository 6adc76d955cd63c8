-- =====================================================================================================
-- staff: staff roles and their gate, the audit log, the console’s lists
-- =====================================================================================================
-- The source of this area of the database. Edit it, then `npm run migration:new <name>` writes the migration
-- from the difference (scripts/migration-new.ts). Statements may name objects declared further down or in
-- another area file: the files are applied as a whole. Rule rows are idempotent upserts.
-- =====================================================================================================

-- =====================================================================================================
-- Tables: what is kept
-- =====================================================================================================

-- Roles and the gate ----------------------------------------------------------------------------------

comment on table public.staff_roles is 'Staff grants. Read and written only through get_my_staff_roles() and the admin_* functions.';
create table public.staff_roles (
  id uuid default gen_random_uuid() not null,
  user_id uuid not null,
  role text not null,
  tournament_id text,
  granted_by uuid,
  granted_at timestamp with time zone default now() not null,
  constraint staff_roles_pkey PRIMARY KEY (id),
  constraint staff_roles_granted_by_fkey FOREIGN KEY (granted_by) REFERENCES auth.users(id) ON DELETE SET NULL,
  constraint staff_roles_tournament_id_fkey FOREIGN KEY (tournament_id) REFERENCES public.tournaments(id) ON DELETE CASCADE,
  constraint staff_roles_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint staff_roles_role_known CHECK ((role = ANY (ARRAY['referee'::text, 'organiser'::text, 'admin'::text])))
);
CREATE UNIQUE INDEX staff_roles_one_grant ON public.staff_roles USING btree (user_id, role, COALESCE(tournament_id, ''::text));
alter table public.staff_roles enable row level security;

-- The audit log ---------------------------------------------------------------------------------------

comment on table public.audit_log is 'Append-only: every staff action and automatic decision. Public rows appear on the tournament page.';
create table public.audit_log (
  id bigint generated always as identity not null,
  at timestamp with time zone default now() not null,
  tournament_id text,
  entry_id uuid,
  match_id uuid,
  actor_id uuid,
  actor_role text not null,
  action text not null,
  summary text not null,
  reason text,
  before jsonb,
  after jsonb,
  is_public boolean default false not null,
  constraint audit_log_pkey PRIMARY KEY (id),
  constraint audit_log_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES public.profiles(id),
  constraint audit_log_entry_known FOREIGN KEY (entry_id) REFERENCES public.entries(id),
  constraint audit_log_match_known FOREIGN KEY (match_id) REFERENCES public.matches(id),
  constraint audit_log_tournament_id_fkey FOREIGN KEY (tournament_id) REFERENCES public.tournaments(id),
  constraint audit_log_action_present CHECK (((char_length(action) >= 2) AND (char_length(action) <= 60))),
  constraint audit_log_actor_role_known CHECK ((actor_role = ANY (ARRAY['referee'::text, 'organiser'::text, 'admin'::text, 'automatic'::text, 'service'::text])))
);
CREATE INDEX audit_log_of_tournament ON public.audit_log USING btree (tournament_id, at DESC);
alter table public.audit_log enable row level security;
comment on column public.audit_log.summary is 'personal: free_text';
comment on column public.audit_log.reason is 'personal: free_text';
comment on column public.audit_log.before is 'personal: free_text';
comment on column public.audit_log.after is 'personal: free_text';

-- =====================================================================================================
-- Rules: the rule rows, and the private functions and triggers that apply them
-- =====================================================================================================

-- Rows of private.due_work_steps ----------------------------------------------------------------------

insert into private.due_work_steps (name, area, function_name, run_order, every_minutes) values
  ('old_grievances', 'staff', 'private.run_due_grievance_work', '1220', '15')
on conflict (name) do update set area = excluded.area, function_name = excluded.function_name, run_order = excluded.run_order,
  every_minutes = excluded.every_minutes;

-- Roles and the gate ----------------------------------------------------------------------------------

comment on function private.age_text(interval) is 'An age in words for staff: "42 min", "3 h 5 min", "2 days 4 h".';
CREATE OR REPLACE FUNCTION private.age_text(p_age interval)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case
           when p_age < interval '1 hour' then greatest(floor(extract(epoch from p_age) / 60), 0)::integer || ' min'
           when p_age < interval '1 day' then floor(extract(epoch from p_age) / 3600)::integer || ' h '
                                              || (floor(extract(epoch from p_age) / 60)::integer % 60) || ' min'
           else floor(extract(epoch from p_age) / 86400)::integer || ' day'
                || case when floor(extract(epoch from p_age) / 86400) >= 2 then 's' else '' end || ' '
                || (floor(extract(epoch from p_age) / 3600)::integer % 24) || ' h'
         end;
$function$;

-- The audit log ---------------------------------------------------------------------------------------

-- The audit log is append-only, except that erasure redacts the personal text in it (the original is kept
-- in the restricted store for the logs' period).
CREATE OR REPLACE FUNCTION private.refuse_audit_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_context text;
begin
  if tg_op = 'UPDATE' then
    get diagnostics v_context = pg_context;
    if strpos(v_context, E'\nPL/pgSQL function private.erase_personal_data(uuid)') > 0
       and (new.id, new.at, new.tournament_id, new.entry_id, new.match_id, new.actor_id, new.actor_role, new.action, new.is_public)
           is not distinct from
           (old.id, old.at, old.tournament_id, old.entry_id, old.match_id, old.actor_id, old.actor_role, old.action, old.is_public) then
      return new;
    end if;
  end if;
  raise exception 'The audit log is append-only: rows are never changed or removed'
    using errcode = 'PT403', hint = 'audit_log_append_only';
end;
$function$;

-- Roles and the gate ----------------------------------------------------------------------------------

comment on function private.grant_staff_role(text,text,text,uuid) is 'Grants a staff role (referee, organiser or admin, for one tournament or all) to the account with an e-mail address.';
CREATE OR REPLACE FUNCTION private.grant_staff_role(p_email text, p_role text, p_tournament_id text, p_granted_by uuid)
 RETURNS uuid
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$;

-- The audit log ---------------------------------------------------------------------------------------

CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON public.audit_log FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_audit_change();

CREATE TRIGGER audit_log_no_update_or_delete BEFORE DELETE OR UPDATE ON public.audit_log FOR EACH ROW EXECUTE FUNCTION private.refuse_audit_change();

-- =====================================================================================================
-- Functions callers use (the API: public schema)
-- =====================================================================================================

-- Roles and the gate ----------------------------------------------------------------------------------

comment on function public.get_my_staff_roles() is 'The caller''s staff roles (global or per tournament).';
CREATE OR REPLACE FUNCTION public.get_my_staff_roles()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
begin
  return coalesce((select jsonb_agg(jsonb_build_object('id', id, 'role', role, 'tournament_id', tournament_id)
                                    order by private.staff_role_rank(role) desc, tournament_id nulls first)
                     from public.staff_roles where user_id = v_user), '[]'::jsonb);
end;
$function$;

comment on function public.admin_list_roles() is 'Admins of the whole site: every staff grant with the e-mail and in-game name.';
CREATE OR REPLACE FUNCTION public.admin_list_roles()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;

comment on function public.admin_grant_role(text,text,text) is 'Admins of the whole site: grants a role (referee, organiser, admin), globally or for one tournament.';
CREATE OR REPLACE FUNCTION public.admin_grant_role(p_email text, p_role text, p_tournament_id text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;

comment on function public.admin_revoke_role(uuid) is 'Admins of the whole site: removes a grant, never their own admin role.';
CREATE OR REPLACE FUNCTION public.admin_revoke_role(p_role_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;

comment on function public.service_grant_role(text,text,text) is 'The first admin, from a trusted machine (npm run staff:grant-admin). Service role only.';
CREATE OR REPLACE FUNCTION public.service_grant_role(p_email text, p_role text, p_tournament_id text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  return jsonb_build_object('id', private.grant_staff_role(p_email, p_role, p_tournament_id, null));
end;
$function$;

-- The audit log ---------------------------------------------------------------------------------------

comment on function public.staff_get_audit(text) is 'Staff: a tournament''s whole audit log, newest first, each actor by in-game name; their e-mail addresses (and those in role grants) for organisers and admins only.';
CREATE OR REPLACE FUNCTION public.staff_get_audit(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;

comment on function public.get_tournament_changes(text) is 'The public part of a tournament''s audit log, for anyone; who acted shows as a role, never a name.';
CREATE OR REPLACE FUNCTION public.get_tournament_changes(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object(
           'at', a.at, 'action', a.action, 'summary', a.summary, 'reason', a.reason,
           'actor', case a.actor_role when 'referee' then 'Referee' when 'organiser' then 'Organiser'
                                      when 'admin' then 'Admin' else 'Automatic' end,
           'result', r.result)
         order by a.at desc, a.id desc), '[]'::jsonb)
    from public.audit_log a
    left join lateral (
      select jsonb_build_object(
               'winner', private.entry_name(w.winner),
               'loser', private.entry_name(case when w.winner = m.entry_a then m.entry_b else m.entry_a end),
               'winner_goals', case when w.winner = m.entry_a then (a.after -> 'score' ->> 0)::int else (a.after -> 'score' ->> 1)::int end,
               'loser_goals', case when w.winner = m.entry_a then (a.after -> 'score' ->> 1)::int else (a.after -> 'score' ->> 0)::int end,
               'round', m.round) as result
        from public.matches m
        cross join lateral (select (a.after ->> 'winner_entry_id')::uuid as winner) w
       where m.id = a.match_id and w.winner is not null and w.winner in (m.entry_a, m.entry_b)
    ) r on true
   where a.tournament_id = p_tournament_id and a.is_public;
$function$;

-- The console -----------------------------------------------------------------------------------------

comment on function public.staff_list_tournaments() is 'Staff: the tournaments of the last 30 days and those not settled that the caller looks after.';
CREATE OR REPLACE FUNCTION public.staff_list_tournaments()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_staff uuid := private.require_staff_anywhere('referee');
  v_now timestamptz := private.clock_now();
begin
  return coalesce((
    select jsonb_agg(jsonb_build_object('title', t.title, 'is_pod', t.pod_number is not null)
                       || private.tournament_list_state(t, v_now)
                     order by t.starts_at, t.id)
      from public.tournaments t
     where private.staff_sees(v_staff, t.id)
       and (t.settled_at is null and t.cancelled_at is null and t.finished_at is null
            or t.starts_at > v_now - interval '30 days')
       -- Empty pods that are still filling are one per series; they need nobody's attention.
       and (t.pod_number is null or t.filled_slots > 0 or t.cancelled_at is not null)
  ), '[]'::jsonb);
end;
$function$;

comment on function public.staff_needs_attention() is 'Staff: what needs attention (check-in closing, places without a player, failed refunds, chargebacks, outside calls given up with a retry, grievances not resolved, withdrawals waiting for approval and periodic work that failed, the last four for admins of the whole site), soonest first. Chargeback, outside-call, grievance, payout and due-work items carry an object detail (razorpay_payment_id; job_id and error; ticket_id and the deadlines; payout_id, age_minutes and approval_due_at; step, item, error and, for a parked erasure, legal_deadline).';
CREATE OR REPLACE FUNCTION public.staff_needs_attention()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_staff uuid := private.require_staff_anywhere('referee');
  v_now timestamptz := private.clock_now();
  v_platform_admin boolean := private.is_admin(v_staff);
begin
  return coalesce((
    select jsonb_agg(item order by item ->> 'due_at', item ->> 'tournament_id')
      from (
        -- Check-in closing within two hours (or open now), with entries not checked in yet.
        select jsonb_build_object(
                 'kind', 'check_in_closing', 'tournament_id', t.id, 'title', t.title,
                 'due_at', private.tournament_check_in_closes_at(t),
                 'detail', (select count(*) filter (where checked_in_at is not null) from public.entries e
                             where e.tournament_id = t.id and e.status = 'active')
                           || ' of ' || (select count(*) from public.entries e where e.tournament_id = t.id and e.status = 'active')
                           || ' entries checked in') as item
          from public.tournaments t
         where private.staff_sees(v_staff, t.id) and t.drawn_at is null
           and private.tournament_status(t, v_now) = 'check-in'
           and private.tournament_check_in_closes_at(t) <= v_now + interval '2 hours'
           and exists (select 1 from public.entries e where e.tournament_id = t.id and e.status = 'active' and e.checked_in_at is null)
        union all
        -- Places bought for someone else that nobody has accepted yet.
        select jsonb_build_object(
                 'kind', 'unnamed_entries', 'tournament_id', t.id, 'title', t.title,
                 'due_at', private.tournament_check_in_closes_at(t),
                 'detail', count(*) || ' place' || case when count(*) = 1 then '' else 's' end || ' without a named player')
          from public.tournaments t
          join public.entries e on e.tournament_id = t.id and e.status = 'active' and e.player_id is null
         where private.staff_sees(v_staff, t.id) and t.drawn_at is null
           and private.tournament_status(t, v_now) in ('open', 'full', 'check-in')
         group by t.id
        union all
        -- Refunds the outbox gave up on: they need a person (retry, or look at Razorpay).
        select jsonb_build_object(
                 'kind', 'refunds_failed', 'tournament_id', t.id, 'title', t.title, 'due_at', v_now,
                 'detail', count(*) || ' refund' || case when count(*) = 1 then '' else 's' end || ' failed')
          from public.tournaments t
          join private.outbox o on o.kind = 'razorpay_refund' and o.status = 'gave_up' and o.payload ->> 'tournament_id' = t.id
         where private.staff_sees(v_staff, t.id)
         group by t.id
        union all
        -- Chargebacks: open ones until the bank decides, decided ones for a week.
        select jsonb_build_object(
                 'kind', 'chargeback', 'tournament_id', c.tournament_id,
                 'title', 'Chargeback ' || case c.status when 'open' then 'open' else c.status end || ': '
                          || private.money_text(c.amount_paise) || coalesce(' in ' || t.title, ''),
                 'due_at', coalesce(c.decided_at, c.opened_at),
                 'detail', jsonb_build_object(
                   'razorpay_payment_id', c.razorpay_payment_id, 'razorpay_dispute_id', c.razorpay_dispute_id,
                   'status', c.status, 'amount_paise', c.amount_paise, 'recovered_paise', c.recovered_paise,
                   'loss_paise', c.loss_paise,
                   'text', 'Payment ' || c.razorpay_payment_id || case c.status
                             when 'open' then ': the player''s withdrawals are held up to this amount until the bank decides.'
                             when 'lost' then ': lost. ' || private.money_text(c.recovered_paise) || ' from the player''s balance, '
                                              || private.money_text(c.loss_paise) || ' platform loss.'
                             else ': won. The hold is released.' end))
          from private.chargebacks c
          left join public.tournaments t on t.id = c.tournament_id
         -- Money of a tournament is for its organisers and admins, not its referees.
         where (v_platform_admin
                or (c.tournament_id is not null and private.staff_sees(v_staff, c.tournament_id)
                    and private.staff_role_rank(private.staff_role_of(v_staff, c.tournament_id)) >= private.staff_role_rank('organiser')))
           and (c.status = 'open' or c.decided_at > v_now - interval '7 days')
        union all
        -- Outside calls given up on: the error, and a retry for an admin of the whole site.
        select jsonb_build_object(
                 'kind', 'outside_call_failed',
                 'tournament_id', (select t.id from public.tournaments t where t.id = o.payload ->> 'tournament_id'),
                 'title', 'Gave up on ' || private.outside_call_label(o.kind),
                 'due_at', o.done_at,
                 'detail', jsonb_build_object(
                   'job_id', o.id, 'job_kind', o.kind, 'attempts', o.attempts, 'error', private.outside_call_error(o.last_answer),
                   'retry', 'staff_retry_outside_call',
                   'text', coalesce(private.outside_call_error(o.last_answer), 'No answer') || ' (after ' || o.attempts || ' attempts)'))
          from private.outbox o
         where v_platform_admin and private.outside_call_needs_retry(o)
        union all
        -- Grievances not resolved: acknowledge within 48 hours, resolve within 30 days (admins of the whole site).
        select jsonb_build_object(
                 'kind', 'grievance', 'tournament_id', null,
                 'title', 'Grievance ' || g.ticket_id || ': ' || g.subject,
                 'due_at', case when g.status = 'open' then g.acknowledge_by else g.resolve_by end,
                 'detail', jsonb_build_object(
                   'ticket_id', g.ticket_id, 'status', g.status, 'acknowledge_by', g.acknowledge_by, 'resolve_by', g.resolve_by,
                   'text', case when g.status = 'open' then 'Acknowledge by ' else 'Acknowledged; resolve by ' end
                           || to_char((case when g.status = 'open' then g.acknowledge_by else g.resolve_by end) at time zone 'Asia/Kolkata',
                                      'DD Mon YYYY HH24:MI') || ' IST'))
          from private.grievances g
         where v_platform_admin and g.status in ('open', 'acknowledged')
        union all
        -- Withdrawals waiting for an admin's approval, with their age and the time the player was told (admins of the whole site).
        select jsonb_build_object(
                 'kind', 'payout_awaiting_approval', 'tournament_id', null,
                 'title', 'Withdrawal of ' || private.money_text(p.gross_paise) || ' waiting for approval',
                 'due_at', private.payout_approval_due_at(p),
                 'detail', jsonb_build_object(
                   'payout_id', p.id, 'gross_paise', p.gross_paise, 'requested_at', p.created_at,
                   'approval_due_at', private.payout_approval_due_at(p),
                   'age_minutes', floor(extract(epoch from v_now - p.created_at) / 60)::integer,
                   'text', 'Requested ' || private.age_text(v_now - p.created_at) || ' ago; the player was told an admin approves it by '
                           || to_char(private.payout_approval_due_at(p) at time zone 'Asia/Kolkata', 'DD Mon YYYY HH24:MI') || ' IST'
                           || case when private.payout_approval_due_at(p) < v_now then ' (late)' else '' end))
          from public.payouts p
         where v_platform_admin and p.status = 'awaiting_approval'
        union all
        -- Periodic work: a step that raised in its last run (admins of the whole site), until it runs clean.
        select jsonb_build_object(
                 'kind', 'due_work_failed', 'tournament_id', null,
                 'title', 'Periodic step failed: ' || h.step,
                 'due_at', h.last_run_at,
                 'detail', jsonb_build_object(
                   'step', h.step, 'item', null, 'error', h.step_error, 'failures_in_a_row', h.failures_in_a_row,
                   'parked', false, 'last_ok_at', h.last_ok_at,
                   'text', h.step_error || ' (' || h.failures_in_a_row || ' run' || case when h.failures_in_a_row = 1 then '' else 's' end
                           || ' in a row; every other step goes on, and this one is tried again each run)'))
          from private.due_work_health h
         where v_platform_admin and h.step_error is not null
        union all
        -- ... and each item that failed in its step's last run or is parked; a parked erasure with the date the law expects it by.
        select jsonb_build_object(
                 'kind', 'due_work_failed',
                 'tournament_id', (select t.id from public.tournaments t where t.id = f.item),
                 'title', case when f.parked_at is not null then 'Parked until retried: ' else 'Failed, tried again next run: ' end
                          || f.step || ' (' || f.item || ')',
                 'due_at', coalesce(x.legal_deadline, f.first_failed_at),
                 'detail', jsonb_build_object(
                   'step', f.step, 'item', f.item, 'error', f.error, 'failures_in_a_row', f.failures_in_a_row,
                   'parked', f.parked_at is not null, 'parked_at', f.parked_at, 'legal_deadline', x.legal_deadline,
                   'retry', case when f.parked_at is not null then 'staff_retry_due_work' end,
                   'text', f.error || ' (' || f.failures_in_a_row || ' run' || case when f.failures_in_a_row = 1 then '' else 's' end
                           || ' in a row' || case when f.parked_at is not null then '; parked until an admin retries it' else '' end
                           || coalesce('; the law expects this erasure by '
                                       || to_char(x.legal_deadline at time zone 'Asia/Kolkata', 'DD Mon YYYY HH24:MI') || ' IST', '')
                           || ')'))
          from private.due_work_failures f
          cross join lateral (
            select case when f.step = 'account_erasure'
                         and f.item ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                        then private.erasure_deadline(f.item::uuid) end as legal_deadline
          ) as x
         where v_platform_admin
      ) as items), '[]'::jsonb);
end;
$function$;

comment on function public.staff_get_entries(text) is 'Staff: a tournament''s entries with their players, payment state and check-in; the e-mail addresses for organisers and admins only.';
CREATE OR REPLACE FUNCTION public.staff_get_entries(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_staff uuid := private.require_staff('referee', p_tournament_id);
  -- Referees run matches by in-game name; reaching players by e-mail is for organisers and admins.
  v_with_emails boolean := private.staff_role_rank(private.staff_role_of(v_staff, p_tournament_id))
                           >= private.staff_role_rank('organiser');
begin
  return coalesce((
    select jsonb_agg(jsonb_build_object(
             'entry_id', e.id, 'slot_number', e.slot_number,
             'buyer_in_game_name', buyer.in_game_name, 'player_in_game_name', player.in_game_name,
             'status', e.status, 'checked_in_at', e.checked_in_at, 'withdraw_reason', e.withdraw_reason,
             'payment_status', coalesce(pay.status, 'free'), 'amount_paise', coalesce(pay.amount_paise, 0))
           || case when v_with_emails
                   then jsonb_build_object('buyer_email', buyer_user.email, 'player_email', player_user.email)
                   else '{}'::jsonb end
           order by buyer.in_game_name, e.registration_id, e.slot_number)
      from public.entries e
      join public.tournament_registrations r on r.id = e.registration_id
      left join public.payments pay on pay.id = r.payment_id
      left join public.profiles buyer on buyer.id = e.buyer_id
      left join auth.users buyer_user on buyer_user.id = e.buyer_id
      left join public.profiles player on player.id = e.player_id
      left join auth.users player_user on player_user.id = e.player_id
     where e.tournament_id = p_tournament_id), '[]'::jsonb);
end;
$function$;

-- =====================================================================================================
-- Policies and grants: who may read, write and call
-- =====================================================================================================

-- Roles and the gate ----------------------------------------------------------------------------------

revoke all on table public.staff_roles from anon;
revoke all on table public.staff_roles from authenticated;

-- The audit log ---------------------------------------------------------------------------------------

revoke all on table public.audit_log from anon;
revoke all on table public.audit_log from authenticated;
revoke all on table public.audit_log from service_role;
grant select on table public.audit_log to service_role;

-- Roles and the gate ----------------------------------------------------------------------------------

revoke all on function private.age_text(interval) from public;

-- The audit log ---------------------------------------------------------------------------------------

revoke all on function private.refuse_audit_change() from public;

-- Roles and the gate ----------------------------------------------------------------------------------

revoke all on function private.grant_staff_role(text,text,text,uuid) from public;

revoke all on function public.get_my_staff_roles() from anon;
revoke all on function public.get_my_staff_roles() from public;

revoke all on function public.admin_list_roles() from anon;
revoke all on function public.admin_list_roles() from public;

revoke all on function public.admin_grant_role(text,text,text) from anon;
revoke all on function public.admin_grant_role(text,text,text) from public;

revoke all on function public.admin_revoke_role(uuid) from anon;
revoke all on function public.admin_revoke_role(uuid) from public;

revoke all on function public.service_grant_role(text,text,text) from anon;
revoke all on function public.service_grant_role(text,text,text) from authenticated;
revoke all on function public.service_grant_role(text,text,text) from public;

-- The audit log ---------------------------------------------------------------------------------------

revoke all on function public.staff_get_audit(text) from anon;
revoke all on function public.staff_get_audit(text) from public;

revoke all on function public.get_tournament_changes(text) from public;

-- The console -----------------------------------------------------------------------------------------

revoke all on function public.staff_list_tournaments() from anon;
revoke all on function public.staff_list_tournaments() from public;

revoke all on function public.staff_needs_attention() from anon;
revoke all on function public.staff_needs_attention() from public;

revoke all on function public.staff_get_entries(text) from anon;
revoke all on function public.staff_get_entries(text) from public;
