-- =====================================================================================================
-- Needs attention: withdrawals waiting for approval with their age, and periodic work that failed
-- =====================================================================================================
-- A first withdrawal, or one above the approval threshold, waits for an admin; the player is told by when
-- (private.payout_approval_due_at). Nothing put those payouts in front of the admins: they had to open the payouts
-- panel to find them. staff_needs_attention now lists each for platform admins, soonest due first, with how long
-- it has waited and whether the time the player was told has passed.
-- It also lists, for platform admins, each periodic step that raised in its last run and each item of a step that
-- failed in its last run or is parked (private.due_work_health, private.due_work_failures), with a retry for a
-- parked item; a parked erasure shows the date the law expects it by. An item stays until its step runs clean.
--
-- private.age_text             "3 h 5 min", "2 days 4 h": an age in words for staff.
-- public.staff_needs_attention  adds the kinds payout_awaiting_approval and due_work_failed.
-- =====================================================================================================

create or replace function private.age_text(p_age interval) returns text
language sql
immutable
set search_path = ''
as $$
  select case
           when p_age < interval '1 hour' then greatest(floor(extract(epoch from p_age) / 60), 0)::integer || ' min'
           when p_age < interval '1 day' then floor(extract(epoch from p_age) / 3600)::integer || ' h '
                                              || (floor(extract(epoch from p_age) / 60)::integer % 60) || ' min'
           else floor(extract(epoch from p_age) / 86400)::integer || ' day'
                || case when floor(extract(epoch from p_age) / 86400) >= 2 then 's' else '' end || ' '
                || (floor(extract(epoch from p_age) / 3600)::integer % 24) || ' h'
         end;
$$;
comment on function private.age_text(interval) is 'An age in words for staff: "42 min", "3 h 5 min", "2 days 4 h".';

create or replace function public.staff_needs_attention() returns jsonb
language plpgsql
stable
security definer
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
$$;
comment on function public.staff_needs_attention() is 'Staff: what needs attention (check-in closing, places without a player, failed refunds, chargebacks, outside calls given up with a retry, grievances not resolved, withdrawals waiting for approval and periodic work that failed, the last four for admins of the whole site), soonest first. Chargeback, outside-call, grievance, payout and due-work items carry an object detail (razorpay_payment_id; job_id and error; ticket_id and the deadlines; payout_id, age_minutes and approval_due_at; step, item, error and, for a parked erasure, legal_deadline).';

revoke execute on all functions in schema private from public;
