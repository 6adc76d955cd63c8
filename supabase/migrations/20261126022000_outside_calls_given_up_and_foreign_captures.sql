-- =====================================================================================================
-- Nothing stuck in silence, and captures that are not ours
-- =====================================================================================================
-- An outbox call the worker gives up on (a payout, a KYC check, a refund, an e-mail) is audited, told to
-- the platform's admins and listed on the console's needs-attention (kind outside_call_failed) with its
-- error, until an admin retries it (staff_retry_outside_call: the same row and idempotency key, so the
-- provider never acts twice). The player is not left guessing either: a payout reads "delayed" on My
-- Earnings, a KYC check says the check is late and is being retried.
--
-- A capture for an order we never recorded is refunded only when the order is Golazo's (its notes name
-- the product, or one of our tournaments); a merchant account shared with other products keeps their
-- sales. Those are recorded and audited, never refunded.
-- =====================================================================================================

create function private.outbox_gave_up()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_error text := private.outside_call_error(new.last_answer);
  v_tournament text := nullif(new.payload ->> 'tournament_id', '');
begin
  if v_tournament is not null and not exists (select 1 from public.tournaments where id = v_tournament) then
    v_tournament := null;
  end if;
  perform private.audit(v_tournament, 'outside_call_failed',
                        'Gave up on ' || private.outside_call_label(new.kind) || ' after ' || new.attempts || ' attempts',
                        v_error, null, jsonb_build_object('job_id', new.id, 'kind', new.kind,
                                                          'idempotency_key', new.idempotency_key), false);
  -- Not for e-mails: telling staff is an e-mail too, and a mail service that is down would feed itself.
  if new.kind not in ('email', 'parental_consent_email') then
    perform private.notify_money_staff(null, 'Gave up on ' || private.outside_call_label(new.kind),
                                       coalesce(v_error, 'No answer.') || ' Retry it from the staff console.',
                                       'outbox-' || new.id || '-' || new.attempts);
  end if;
  if new.kind in ('pan_verification', 'upi_validation') then
    update public.kyc_records
       set reason = private.kyc_check_late_reason(), updated_at = private.clock_now()
     where user_id = (new.payload ->> 'user_id')::uuid and status = 'pending';
  end if;
  return null;
end;
$$;
comment on function private.outbox_gave_up() is 'An outside call given up on is audited and told to the platform''s admins; a pending KYC check says it is late. Its needs-attention item lasts until an admin retries it.';

create function private.kyc_check_late_reason()
returns text
language sql
immutable
set search_path = ''
as $$ select 'The check of your PAN or UPI id is taking longer than it should: our team is retrying it. You need not submit again.' $$;
comment on function private.kyc_check_late_reason() is 'What a player whose KYC check the outbox gave up on reads while staff retry it.';

create function private.outside_call_label(p_kind text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case p_kind
    when 'razorpay_refund' then 'a refund'
    when 'razorpay_order_check' then 'an order check'
    when 'parental_consent_email' then 'a parental consent e-mail'
    when 'email' then 'an e-mail'
    when 'pan_verification' then 'a PAN check'
    when 'upi_validation' then 'a UPI id check'
    when 'razorpayx_payout' then 'a payout'
    when 'razorpayx_payout_check' then 'a payout status check'
    when 'provider_reconciliation' then 'a reconciliation'
    else replace(p_kind, '_', ' ') end;
$$;
comment on function private.outside_call_label(text) is 'An outbox call''s kind in the words staff read.';

create function private.outside_call_error(p_answer jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select left(coalesce(p_answer ->> 'description', p_answer ->> 'error', p_answer ->> 'reason',
                       case when p_answer is not null and p_answer <> '{}'::jsonb then p_answer::text end), 300);
$$;
comment on function private.outside_call_error(jsonb) is 'The error an outside service gave, from the outbox''s last answer, for staff.';

create trigger outbox_tells_staff_when_given_up after update of status on private.outbox
  for each row when (new.status = 'gave_up' and old.status is distinct from 'gave_up')
  execute function private.outbox_gave_up();

create function private.outside_call_needs_retry(p_job private.outbox)
returns boolean
language sql
stable
set search_path = ''
as $$
  -- A payout that ended anyway (the provider refused it and the money is back) has nothing left to retry.
  select p_job.status = 'gave_up'
     and (p_job.kind not in ('razorpayx_payout', 'razorpayx_payout_check')
          or exists (select 1 from public.payouts p
                      where p.id = (p_job.payload ->> 'payout_id')::uuid
                        and p.status in ('approved', 'queued', 'pending', 'scheduled', 'processing')));
$$;
comment on function private.outside_call_needs_retry(private.outbox) is 'Whether a given-up outside call still needs a person: every kind, except a payout call whose payout has ended since.';

create function public.staff_retry_outside_call(p_job_id bigint)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_admin uuid := private.require_staff('admin');
  v_job private.outbox%rowtype;
begin
  select * into v_job from private.outbox where id = p_job_id for update;
  if not found then
    raise exception 'No such outside call' using errcode = 'PT404', hint = 'outbox_item_not_found';
  end if;
  if not private.outside_call_needs_retry(v_job) then
    raise exception 'This call is not waiting for a retry' using errcode = 'PT409', hint = 'outside_call_not_given_up';
  end if;
  -- The same row and idempotency key: the provider answers a repeated key with its first answer.
  update private.outbox
     set status = 'pending', attempts = 0, next_attempt_at = private.clock_now(), done_at = null
   where id = p_job_id
  returning * into v_job;
  if v_job.kind in ('pan_verification', 'upi_validation') then
    update public.kyc_records set reason = null
     where user_id = (v_job.payload ->> 'user_id')::uuid and status = 'pending' and reason = private.kyc_check_late_reason();
  end if;
  perform private.audit(null, 'outside_call_retried', 'Retried ' || private.outside_call_label(v_job.kind), null, null,
                        jsonb_build_object('job_id', v_job.id, 'kind', v_job.kind), false, v_admin);
  return jsonb_build_object('job_id', v_job.id, 'kind', v_job.kind, 'status', v_job.status);
end;
$$;
comment on function public.staff_retry_outside_call(bigint) is 'Admins of the whole site: queues a given-up outside call again under the same idempotency key (never a second payout or refund), audited.';
revoke all on function public.staff_retry_outside_call(bigint) from public, anon;
grant execute on function public.staff_retry_outside_call(bigint) to authenticated, service_role;

create or replace function public.staff_needs_attention()
returns jsonb
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
      ) as items), '[]'::jsonb);
end;
$$;
comment on function public.staff_needs_attention() is 'Staff: what needs attention (check-in closing, places without a player, failed refunds, chargebacks, outside calls given up with a retry for admins of the whole site), soonest first. Chargeback and outside-call items carry an object detail (razorpay_payment_id; job_id and error).';

-- -----------------------------------------------------------------------------------------------------
-- Captures on orders we never recorded
-- -----------------------------------------------------------------------------------------------------

create table private.foreign_captures (
  razorpay_payment_id text primary key,
  razorpay_order_id text,
  amount_paise bigint not null,
  notes jsonb not null default '{}'::jsonb,
  seen_at timestamptz not null
);
comment on table private.foreign_captures is 'Captures on the merchant account for orders that are not Golazo''s (another product sharing the account): recorded for reconciliation, never refunded.';
revoke all on private.foreign_captures from public, anon, authenticated, service_role;

create function private.order_is_ours(p_notes jsonb)
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(p_notes ->> 'product', '') = 'golazo-arena'
      or exists (select 1 from public.tournaments where id = p_notes ->> 'tournament_id');
$$;
comment on function private.order_is_ours(jsonb) is 'Whether an order (its notes, or the payment''s) is Golazo''s: create_order names the product and the tournament in them.';

drop function public.service_refund_unknown_capture(text, text, integer);

create function public.service_refund_unknown_capture(p_razorpay_payment_id text, p_razorpay_order_id text, p_amount_paise integer,
                                                      p_notes jsonb default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_notes jsonb := case when jsonb_typeof(p_notes) = 'object' then p_notes else '{}'::jsonb end;
begin
  if p_razorpay_payment_id is null or p_amount_paise is null or p_amount_paise <= 0 then
    raise exception 'A payment id and amount are required' using errcode = 'PT400', hint = 'payment_id_required';
  end if;
  if exists (select 1 from public.payments where razorpay_order_id = p_razorpay_order_id) then
    return jsonb_build_object('outcome', 'known_order');
  end if;
  if not private.order_is_ours(v_notes) then
    insert into private.foreign_captures (razorpay_payment_id, razorpay_order_id, amount_paise, notes, seen_at)
    values (p_razorpay_payment_id, p_razorpay_order_id, p_amount_paise, v_notes, private.clock_now())
    on conflict (razorpay_payment_id) do nothing;
    if found then
      perform private.audit(null, 'foreign_capture_ignored',
                            'A capture of ' || private.money_text(p_amount_paise) || ' for an order that is not Golazo''s was left alone',
                            null, null, jsonb_build_object('razorpay_payment_id', p_razorpay_payment_id,
                                                           'razorpay_order_id', p_razorpay_order_id), false);
    end if;
    return jsonb_build_object('outcome', 'not_ours');
  end if;
  perform private.enqueue_outside_call(
    'razorpay_refund',
    'refund-' || p_razorpay_payment_id,
    jsonb_build_object(
      'razorpay_payment_id', p_razorpay_payment_id,
      'amount_paise', p_amount_paise,
      'reason', 'unknown_order',
      'razorpay_order_id', p_razorpay_order_id
    )
  );
  return jsonb_build_object('outcome', 'refund_queued');
end;
$$;
comment on function public.service_refund_unknown_capture(text, text, integer, jsonb) is 'A capture for an order we never recorded: refunded in full through the outbox, once per payment, when its notes say the order is Golazo''s; another product''s capture is recorded and audited, never refunded. Service role only.';
revoke all on function public.service_refund_unknown_capture(text, text, integer, jsonb) from public, anon, authenticated;
grant execute on function public.service_refund_unknown_capture(text, text, integer, jsonb) to service_role;

revoke all on function private.outbox_gave_up() from public;
revoke all on function private.kyc_check_late_reason() from public;
revoke all on function private.outside_call_label(text) from public;
revoke all on function private.outside_call_error(jsonb) from public;
revoke all on function private.outside_call_needs_retry(private.outbox) from public;
revoke all on function private.order_is_ours(jsonb) from public;
