-- =====================================================================================================
-- Payout statuses in any order, and the bank's reference (UTR)
-- =====================================================================================================
-- RazorpayX may report `reversed` before `processed` (webhooks out of order), or the poll may see the
-- reversal first. A reversal then ends the payout wherever it stood and returns the money and its tax;
-- a `processed` arriving after it changes nothing. The one rule of which move is allowed is
-- private.payout_may_move(); the TypeScript rule (functions/_shared/payout-status.ts) is checked
-- against it by a test.
--
-- The UTR (the bank's reference of the transfer, from the webhook's or the poll's payout entity) is
-- kept on the payout for staff and the player.
-- =====================================================================================================

alter table public.payouts add column utr text
  constraint payouts_utr_length check (utr is null or char_length(utr) between 1 and 64);
comment on column public.payouts.utr is 'The bank''s unique transaction reference of a transfer RazorpayX sent, from its webhook or the poll: the proof a player can show their bank.';

create function private.payout_may_move(p_from text, p_to text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case
    -- Only an admin moves a payout out of awaiting approval (staff_approve_payout, staff_reject_payout).
    when p_from = 'awaiting_approval' then p_to in ('approved', 'rejected')
    -- Final: the money went back to the balance (reversed, cancelled, rejected, failed).
    when p_from in ('reversed', 'cancelled', 'rejected', 'failed') then false
    -- Money that reached the player stays there unless the bank sends it back.
    when p_from = 'processed' then p_to = 'reversed'
    when p_to in ('reversed', 'cancelled', 'rejected', 'failed') then true
    else private.payout_status_rank(p_to) > private.payout_status_rank(p_from)
         and p_to in ('queued', 'pending', 'scheduled', 'processing', 'processed')
  end;
$$;
comment on function private.payout_may_move(text, text) is 'The one rule of a payout''s status: forward only, a failure or reversal ends any payout still on its way (a reversal even one not yet reported processed), and a final status never moves again. payout-status.ts is compared with it.';

drop function public.service_record_payout_status(uuid, text, text, text, timestamptz);

create function public.service_record_payout_status(p_payout_id uuid, p_provider_payout_id text, p_status text,
                                                    p_failure_reason text, p_event_at timestamptz, p_utr text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_payout public.payouts%rowtype;
  v_old text;
  v_utr text := left(nullif(btrim(coalesce(p_utr, '')), ''), 64);
begin
  if p_status is null or p_status not in ('queued', 'pending', 'scheduled', 'processing', 'processed', 'reversed', 'cancelled',
                                          'rejected', 'failed') then
    raise exception 'Unknown payout status' using errcode = 'PT400', hint = 'invalid_payout_status';
  end if;
  select * into v_payout from public.payouts where id = p_payout_id for update;
  if not found then
    raise exception 'No such payout' using errcode = 'PT404', hint = 'payout_not_found';
  end if;
  v_old := v_payout.status;
  -- What the provider tells us about the transfer is kept whatever the status does (a late processed
  -- event still carries the UTR of a transfer the bank later reversed).
  update public.payouts
     set provider_payout_id = coalesce(provider_payout_id, nullif(p_provider_payout_id, '')),
         utr = coalesce(utr, v_utr),
         last_event_at = greatest(last_event_at, coalesce(p_event_at, v_now))
   where id = p_payout_id;
  if not private.payout_may_move(v_old, p_status) then
    return jsonb_build_object('status', v_old, 'changed', false);
  end if;

  update public.payouts
     set status = p_status,
         failure_reason = case when p_status in ('reversed', 'cancelled', 'rejected', 'failed')
                               then coalesce(left(nullif(btrim(p_failure_reason), ''), 500), 'The bank did not accept the transfer.')
                               else failure_reason end,
         processed_at = case when p_status = 'processed' then v_now else processed_at end,
         updated_at = v_now
   where id = p_payout_id
  returning * into v_payout;

  if p_status = 'processed' then
    perform private.post_journal('payout_sent', 'payout:' || v_payout.id, jsonb_build_array(
      jsonb_build_object('account', 'payouts:in_flight', 'amount_paise', -v_payout.net_paise, 'user_id', v_payout.user_id),
      jsonb_build_object('account', 'bank:payouts', 'amount_paise', v_payout.net_paise, 'user_id', v_payout.user_id)));
    perform private.notify(v_payout.user_id, 'payout_sent',
                           '₹' || to_char(v_payout.net_paise / 100.0, 'FM99999999990.00') || ' sent to ' || v_payout.upi_id,
                           'Your withdrawal of ₹' || to_char(v_payout.gross_paise / 100.0, 'FM99999999990.00') || ' is paid; ₹'
                           || to_char(v_payout.tax_paise / 100.0, 'FM99999999990.00') || ' tax was withheld.'
                           || case when v_payout.utr is not null then ' Bank reference (UTR): ' || v_payout.utr || '.' else '' end,
                           '/my-earnings', v_payout.id || '-processed');
  elsif p_status in ('reversed', 'cancelled', 'rejected', 'failed') then
    -- From wherever the money is now: at the bank once processed was posted, else still in flight.
    perform private.return_payout(v_payout,
                                  case when exists (select 1 from private.ledger_journal
                                                     where kind = 'payout_sent' and reference = 'payout:' || v_payout.id)
                                       then 'bank:payouts' else 'payouts:in_flight' end, null);
  end if;
  return jsonb_build_object('status', v_payout.status, 'changed', true);
end;
$$;
comment on function public.service_record_payout_status(uuid, text, text, text, timestamptz, text) is 'What RazorpayX says of a payout, in any order, late or twice (private.payout_may_move): a failed or reversed payout returns its gross and reverses its tax, a processed after a reversal changes nothing; the UTR is kept. Service role only.';
revoke all on function public.service_record_payout_status(uuid, text, text, text, timestamptz, text) from public, anon, authenticated;
grant execute on function public.service_record_payout_status(uuid, text, text, text, timestamptz, text) to service_role;

create or replace function public.get_my_payouts()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
begin
  return coalesce((select jsonb_agg(private.payout_answer(p) || jsonb_build_object(
                            'upi_id', p.upi_id, 'failure_reason', p.failure_reason, 'created_at', p.created_at,
                            'processed_at', p.processed_at, 'utr', p.utr,
                            'delayed', exists (select 1 from private.outbox o
                                                where o.kind = 'razorpayx_payout' and o.idempotency_key = 'payout-' || p.id
                                                  and o.status = 'gave_up')
                                       and p.status in ('approved', 'queued', 'pending', 'scheduled', 'processing'))
                          order by p.created_at desc, p.id)
                     from public.payouts p where p.user_id = v_user), '[]'::jsonb);
end;
$$;
comment on function public.get_my_payouts() is 'The caller''s payouts, newest first, with their status, the bank''s reference (UTR) once sent, and whether the transfer service stopped answering (delayed: staff are on it).';

create function public.staff_list_recent_payouts()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_staff('admin');
  return coalesce((
    select jsonb_agg(private.payout_answer(p) || jsonb_build_object(
             'user_id', p.user_id, 'upi_id', p.upi_id, 'created_at', p.created_at, 'processed_at', p.processed_at,
             'updated_at', p.updated_at, 'utr', p.utr, 'provider_payout_id', p.provider_payout_id,
             'failure_reason', p.failure_reason,
             'player', jsonb_build_object('legal_name', pr.legal_name, 'in_game_name', pr.in_game_name))
           order by p.updated_at desc, p.id)
      from public.payouts p
      join public.profiles pr on pr.id = p.user_id
     where p.status in ('processed', 'reversed', 'cancelled', 'rejected', 'failed')
       and p.updated_at > private.clock_now() - interval '30 days'), '[]'::jsonb);
end;
$$;
comment on function public.staff_list_recent_payouts() is 'Admins of the whole site: payouts that ended in the last 30 days, with the bank''s reference (UTR) of each transfer sent, for support and reconciliation.';
revoke all on function public.staff_list_recent_payouts() from public, anon;
grant execute on function public.staff_list_recent_payouts() to authenticated, service_role;

revoke all on function private.payout_may_move(text, text) from public;
