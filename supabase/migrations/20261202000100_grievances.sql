-- =====================================================================================================
-- Grievances: a ticket with its deadlines, an acknowledgement e-mail, and the staff console's queue
-- =====================================================================================================
-- The Digital Personal Data Protection Act 2023 (s.13) makes the platform answer a grievance about its
-- handling of personal data; the DPDP Rules set the time. Anyone may file one: a signed-in player, or a
-- visitor who gives an e-mail address (a parent, someone who never had an account).
--
-- private.grievances              one row per ticket (GRV-000001 ...): who, what, the deadlines and the answer.
--                                 Its status moves open -> acknowledged -> resolved (or open -> resolved), declared
--                                 in the state machines.
-- private.grievance_rules()       acknowledge within 48 hours, resolve within 30 days, at most 3 tickets per
--                                 e-mail address in any hour.
-- submit_grievance                validates, limits (PT409 too_many_grievances), files the ticket and queues the
--                                 acknowledgement e-mail: { ticket_id, acknowledge_by, resolve_by }.
-- get_my_grievances               the signed-in player's tickets with their deadlines and answers.
-- staff_list_grievances, staff_acknowledge_grievance, staff_resolve_grievance
--                                 admins of the whole platform at aal2; each action audited and e-mailed.
-- staff_needs_attention           (redefined) lists unresolved tickets as kind `grievance` with due_at.
-- private.run_due_grievance_work  due work: a resolved ticket is deleted a year after it was resolved.
-- =====================================================================================================

create function private.grievance_rules() returns jsonb
  language sql immutable
  set search_path = ''
as $$ select '{"acknowledge_within_hours": 48, "resolve_within_days": 30, "per_email_per_hour": 3}'::jsonb $$;
comment on function private.grievance_rules() is 'The grievance deadlines (acknowledge within 48 hours, resolve within 30 days; a lawyer confirms them against the DPDP Rules) and how many tickets one e-mail address may file in any hour.';
revoke all on function private.grievance_rules() from public;

create table private.grievances (
  id bigint generated always as identity primary key,
  ticket_id text generated always as ('GRV-' || lpad(id::text, 6, '0')) stored unique,
  user_id uuid references auth.users (id) on delete set null,
  email text not null,
  subject text not null,
  body text not null,
  status text not null default 'open',
  submitted_at timestamptz not null,
  acknowledge_by timestamptz not null,
  resolve_by timestamptz not null,
  acknowledged_at timestamptz,
  acknowledged_by uuid references auth.users (id) on delete set null,
  acknowledgement text,
  resolved_at timestamptz,
  resolved_by uuid references auth.users (id) on delete set null,
  resolution text,
  constraint grievances_status_known check (status in ('open', 'acknowledged', 'resolved')),
  constraint grievances_subject_length check (char_length(subject) between 3 and 140),
  constraint grievances_body_length check (char_length(body) between 10 and 5000),
  constraint grievances_email_shape check (email = lower(btrim(email)) and char_length(email) <= 254),
  constraint grievances_acknowledged_has_time check (status = 'open' or acknowledged_at is not null or resolved_at is not null),
  constraint grievances_resolved_has_answer check (status <> 'resolved' or (resolved_at is not null and resolution is not null))
);
comment on table private.grievances is 'Grievances about personal data (DPDP Act s.13): the ticket, who filed it (an account, or only an e-mail address), its deadlines and the answers. Written only by submit_grievance and the staff_*_grievance functions.';
comment on column private.grievances.email is 'personal: email. Where the grievance is answered.';
comment on column private.grievances.subject is 'personal: free_text. What the filer or staff wrote about the grievance.';
comment on column private.grievances.body is 'personal: free_text. What the filer or staff wrote about the grievance.';
comment on column private.grievances.acknowledgement is 'personal: free_text. What the filer or staff wrote about the grievance.';
comment on column private.grievances.resolution is 'personal: free_text. What the filer or staff wrote about the grievance.';
create index grievances_of_email on private.grievances (email, submitted_at desc);
create index grievances_of_user on private.grievances (user_id, submitted_at desc);
create index grievances_unresolved on private.grievances (status, acknowledge_by) where status <> 'resolved';
revoke all on table private.grievances from public, anon, authenticated;

insert into private.status_transitions (machine, from_status, to_status, allowed_by) values
  ('grievance', null, 'open', '{public.submit_grievance}'),
  ('grievance', 'open', 'acknowledged', '{public.staff_acknowledge_grievance}'),
  ('grievance', 'open', 'resolved', '{public.staff_resolve_grievance}'),
  ('grievance', 'acknowledged', 'resolved', '{public.staff_resolve_grievance}');

create trigger grievances_start_in_state_machine before insert on private.grievances
  for each row execute function private.keep_to_state_machines('grievance', 'status');
create trigger grievances_move_along_state_machine before update on private.grievances
  for each row when (old.status is distinct from new.status) execute function private.keep_to_state_machines('grievance', 'status');
comment on trigger grievances_move_along_state_machine on private.grievances is
  'The grievance machine: open until staff acknowledge it, then resolved with an answer; a resolved ticket stays resolved.';

create function private.grievance_answer(p_row private.grievances) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object('ticket_id', p_row.ticket_id, 'subject', p_row.subject, 'body', p_row.body, 'status', p_row.status,
                            'submitted_at', p_row.submitted_at, 'acknowledge_by', p_row.acknowledge_by,
                            'resolve_by', p_row.resolve_by, 'acknowledged_at', p_row.acknowledged_at,
                            'acknowledgement', p_row.acknowledgement, 'resolved_at', p_row.resolved_at,
                            'resolution', p_row.resolution);
$$;
comment on function private.grievance_answer(private.grievances) is 'A ticket as its filer and staff read it.';
revoke all on function private.grievance_answer(private.grievances) from public;

create function private.ist_text(p_at timestamptz) returns text
  language sql stable
  set search_path = ''
as $$ select to_char(p_at at time zone 'Asia/Kolkata', 'DD Mon YYYY, HH24:MI') || ' IST' $$;
comment on function private.ist_text(timestamptz) is 'A moment as players read it in an e-mail: day, month, year and time in India.';
revoke all on function private.ist_text(timestamptz) from public;

create function public.submit_grievance(p_subject text, p_body text, p_email text default null) returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_user uuid := private.current_player_id();
  v_now timestamptz := private.clock_now();
  v_rules jsonb := private.grievance_rules();
  v_subject text := btrim(coalesce(p_subject, ''));
  v_body text := btrim(coalesce(p_body, ''));
  v_email text := nullif(lower(btrim(coalesce(p_email, ''))), '');
  v_row private.grievances%rowtype;
begin
  if v_user is not null then
    -- A signed-in player's ticket is answered at their sign-in address unless they name another.
    v_email := coalesce(v_email, (select lower(email) from auth.users where id = v_user));
  end if;
  if v_email is null then
    raise exception 'Give an e-mail address so we can answer you' using errcode = 'PT400', hint = 'email_required';
  end if;
  if not private.is_email_address(v_email) then
    raise exception 'Enter a valid e-mail address' using errcode = 'PT400', hint = 'invalid_email';
  end if;
  if char_length(v_subject) < 3 or char_length(v_subject) > 140 then
    raise exception 'Give a subject of 3 to 140 characters' using errcode = 'PT400', hint = 'grievance_subject_length';
  end if;
  if char_length(v_body) < 10 or char_length(v_body) > 5000 then
    raise exception 'Describe the problem in 10 to 5000 characters' using errcode = 'PT400', hint = 'grievance_body_length';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('grievances:' || v_email, 0));
  if (select count(*) from private.grievances
       where (email = v_email or (v_user is not null and user_id = v_user))
         and submitted_at > v_now - interval '1 hour') >= (v_rules ->> 'per_email_per_hour')::integer then
    raise exception 'You filed several grievances in the last hour. We will answer those; write again later if needed.'
      using errcode = 'PT409', hint = 'too_many_grievances';
  end if;

  insert into private.grievances (user_id, email, subject, body, submitted_at, acknowledge_by, resolve_by)
  values (v_user, v_email, v_subject, v_body, v_now,
          v_now + make_interval(hours => (v_rules ->> 'acknowledge_within_hours')::integer),
          v_now + make_interval(days => (v_rules ->> 'resolve_within_days')::integer))
  returning * into v_row;

  -- A receipt, not a notice of an action: sent at once, day or night.
  perform private.queue_email('grievance-received-' || v_row.ticket_id, v_email,
    'Grievance ' || v_row.ticket_id || ' received',
    'We received your grievance "' || left(regexp_replace(v_subject, '[\u0001-\u001F\u007F-\u009F]', ' ', 'g'), 140) || '".' || chr(10) || chr(10)
      || 'Ticket: ' || v_row.ticket_id || chr(10)
      || 'We acknowledge it by ' || private.ist_text(v_row.acknowledge_by) || chr(10)
      || 'and resolve it by ' || private.ist_text(v_row.resolve_by) || '.' || chr(10) || chr(10)
      || 'Quote the ticket number when you write to the grievance officer.',
    '/grievance');
  return jsonb_build_object('ticket_id', v_row.ticket_id, 'acknowledge_by', v_row.acknowledge_by, 'resolve_by', v_row.resolve_by);
end;
$$;
comment on function public.submit_grievance(text,text,text) is 'Files a grievance about personal data: a signed-in player (answered at their sign-in address unless p_email names another) or anyone with p_email. Subject 3-140 and body 10-5000 characters; at most 3 tickets per e-mail address in any hour (PT409 too_many_grievances). Answers { ticket_id, acknowledge_by (48 hours), resolve_by (30 days) } and e-mails an acknowledgement.';
revoke all on function public.submit_grievance(text,text,text) from public;
grant execute on function public.submit_grievance(text,text,text) to anon, authenticated;

create function public.get_my_grievances() returns jsonb
  language plpgsql
  stable security definer
  set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
begin
  return coalesce((select jsonb_agg(private.grievance_answer(g) order by g.submitted_at desc)
                     from private.grievances g where g.user_id = v_user), '[]'::jsonb);
end;
$$;
comment on function public.get_my_grievances() is 'The signed-in player''s grievances, newest first, with their deadlines and answers.';
revoke all on function public.get_my_grievances() from public, anon;
grant execute on function public.get_my_grievances() to authenticated;

create function private.export_grievances(p_user uuid) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select coalesce(jsonb_agg(private.grievance_answer(g) order by g.submitted_at), '[]'::jsonb)
    from private.grievances g where g.user_id = p_user;
$$;
revoke all on function private.export_grievances(uuid) from public;
select private.register_data_export_section('grievances', 'privacy', 'private.export_grievances');

create function public.staff_list_grievances(p_include_resolved boolean default false) returns jsonb
  language plpgsql
  stable security definer
  set search_path = ''
as $$
begin
  perform private.require_staff('admin', null);
  return coalesce((select jsonb_agg(private.grievance_answer(g) || jsonb_build_object('email', g.email, 'has_account', g.user_id is not null)
                                    order by case when g.status = 'resolved' then 1 else 0 end,
                                             case when g.status = 'open' then g.acknowledge_by else g.resolve_by end)
                     from private.grievances g
                    where coalesce(p_include_resolved, false) or g.status <> 'resolved'), '[]'::jsonb);
end;
$$;
comment on function public.staff_list_grievances(boolean) is 'Admins of the whole site at aal2: grievances not resolved (all with p_include_resolved), the most urgent deadline first, with the filer''s e-mail address.';
revoke all on function public.staff_list_grievances(boolean) from public, anon;
grant execute on function public.staff_list_grievances(boolean) to authenticated;

create function private.locked_grievance(p_ticket_id text) returns private.grievances
  language plpgsql
  set search_path = ''
as $$
declare
  v_row private.grievances%rowtype;
begin
  select * into v_row from private.grievances where ticket_id = upper(btrim(coalesce(p_ticket_id, ''))) for update;
  if not found then
    raise exception 'No grievance has this ticket number' using errcode = 'PT404', hint = 'grievance_not_found';
  end if;
  return v_row;
end;
$$;
revoke all on function private.locked_grievance(text) from public;

create function public.staff_acknowledge_grievance(p_ticket_id text, p_note text) returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_admin uuid := private.require_staff('admin', null);
  v_now timestamptz := private.clock_now();
  v_row private.grievances%rowtype := private.locked_grievance(p_ticket_id);
  v_note text := private.require_reason(p_note);
begin
  if v_row.status <> 'open' then
    raise exception 'This grievance was already acknowledged' using errcode = 'PT409', hint = 'grievance_not_open';
  end if;
  update private.grievances set status = 'acknowledged', acknowledged_at = v_now, acknowledged_by = v_admin, acknowledgement = v_note
   where id = v_row.id returning * into v_row;
  perform private.audit(null, 'grievance_acknowledged', 'Grievance ' || v_row.ticket_id || ' acknowledged', v_note,
                        null, jsonb_build_object('ticket_id', v_row.ticket_id, 'user_id', v_row.user_id), false, v_admin);
  perform private.queue_email('grievance-acknowledged-' || v_row.ticket_id, v_row.email,
    'Grievance ' || v_row.ticket_id || ' acknowledged',
    v_note || chr(10) || chr(10) || 'We resolve it by ' || private.ist_text(v_row.resolve_by) || '.', '/grievance');
  return private.grievance_answer(v_row);
end;
$$;
comment on function public.staff_acknowledge_grievance(text,text) is 'Admins of the whole site at aal2: acknowledges an open grievance with a note the filer receives by e-mail; audited.';
revoke all on function public.staff_acknowledge_grievance(text,text) from public, anon;
grant execute on function public.staff_acknowledge_grievance(text,text) to authenticated;

create function public.staff_resolve_grievance(p_ticket_id text, p_resolution text) returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_admin uuid := private.require_staff('admin', null);
  v_now timestamptz := private.clock_now();
  v_row private.grievances%rowtype := private.locked_grievance(p_ticket_id);
  v_answer text := btrim(coalesce(p_resolution, ''));
begin
  if char_length(v_answer) < 10 or char_length(v_answer) > 5000 then
    raise exception 'Write the answer the filer receives (10 to 5000 characters)' using errcode = 'PT400', hint = 'grievance_resolution_length';
  end if;
  if v_row.status = 'resolved' then
    raise exception 'This grievance is already resolved' using errcode = 'PT409', hint = 'grievance_resolved';
  end if;
  update private.grievances
     set status = 'resolved', resolved_at = v_now, resolved_by = v_admin, resolution = v_answer,
         acknowledged_at = coalesce(acknowledged_at, v_now), acknowledged_by = coalesce(acknowledged_by, v_admin)
   where id = v_row.id returning * into v_row;
  perform private.audit(null, 'grievance_resolved', 'Grievance ' || v_row.ticket_id || ' resolved', v_answer,
                        null, jsonb_build_object('ticket_id', v_row.ticket_id, 'user_id', v_row.user_id), false, v_admin);
  perform private.queue_email('grievance-resolved-' || v_row.ticket_id, v_row.email,
    'Grievance ' || v_row.ticket_id || ' resolved',
    v_answer || chr(10) || chr(10)
      || 'If this does not settle it, you may complain to the Data Protection Board of India.', '/grievance');
  return private.grievance_answer(v_row);
end;
$$;
comment on function public.staff_resolve_grievance(text,text) is 'Admins of the whole site at aal2: resolves a grievance with the answer the filer receives by e-mail (acknowledging it too if it was open); audited.';
revoke all on function public.staff_resolve_grievance(text,text) from public, anon;
grant execute on function public.staff_resolve_grievance(text,text) to authenticated;

-- A resolved grievance is kept one year (the privacy notice says so), then deleted by the periodic work.
create function private.run_due_grievance_work() returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  v_deleted integer;
begin
  delete from private.grievances where status = 'resolved' and resolved_at < private.clock_now() - interval '1 year';
  get diagnostics v_deleted = row_count;
  return jsonb_build_object('resolved_grievances_deleted', v_deleted);
end;
$$;
comment on function private.run_due_grievance_work() is 'Due work: deletes grievances resolved more than a year ago.';
revoke all on function private.run_due_grievance_work() from public;
select private.register_due_work('old_grievances', 'staff', 'private.run_due_grievance_work', 1220);

-- -----------------------------------------------------------------------------------------------------
-- The console's list of what needs attention, with the grievances
-- -----------------------------------------------------------------------------------------------------

create or replace function public.staff_needs_attention() returns jsonb
  language plpgsql
  stable security definer
  set search_path = ''
as $$
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
      ) as items), '[]'::jsonb);
end;
$$;comment on function public.staff_needs_attention() is 'Staff: what needs attention (check-in closing, places without a player, failed refunds, chargebacks, outside calls given up with a retry for admins of the whole site, grievances not resolved for admins of the whole site), soonest first. Chargeback, outside-call and grievance items carry an object detail (razorpay_payment_id; job_id and error; ticket_id and the deadlines).';
