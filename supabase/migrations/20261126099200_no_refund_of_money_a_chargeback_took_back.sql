-- A payment the player's bank took back through a lost chargeback has already returned that money: a cancelled
-- tournament (or any later refund) refunds only what is left of it, and nothing when the chargeback took it all.
-- Refunding it again paid the player twice and left the platform's clearing account short by the fee.

create function private.refundable_paise(p_payment public.payments)
returns bigint
language sql
stable
set search_path = ''
as $$
  select greatest(p_payment.amount_paise - p_payment.refunded_paise
                  - coalesce((select sum(c.amount_paise) from private.chargebacks c
                               where c.payment_id = p_payment.id and c.status = 'lost'), 0), 0)::bigint;
$$;
comment on function private.refundable_paise(public.payments) is
  'What a refund may still return of a payment: paid, less what was refunded and what a lost chargeback took back.';
revoke execute on function private.refundable_paise(public.payments) from public;

create or replace function private.cancel_tournament(p_tournament_id text, p_reason text, p_at timestamptz)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_payment public.payments%rowtype;
  v_refunds integer := 0;
begin
  update public.tournaments
     set cancelled_at = coalesce(cancelled_at, p_at), cancel_reason = coalesce(cancel_reason, p_reason)
   where id = p_tournament_id;

  update public.tournament_registrations set status = 'cancelled'
   where tournament_id = p_tournament_id and status <> 'cancelled';

  update public.payments
     set status = 'abandoned', failure_reason = 'The tournament was cancelled before this checkout was paid.', updated_at = v_now
   where tournament_id = p_tournament_id and status in ('created', 'failed');

  -- A payment a lost chargeback took back whole stays paid: its money is already back with the player.
  for v_payment in
    update public.payments p
       set status = 'refund_pending', failure_reason = private.refusal_reason('tournament_cancelled'), updated_at = v_now
     where p.tournament_id = p_tournament_id and p.status = 'paid' and private.refundable_paise(p) > 0
    returning *
  loop
    perform private.queue_refund(v_payment.razorpay_payment_id, private.refundable_paise(v_payment)::integer,
                                 'tournament_cancelled', v_payment);
    v_refunds := v_refunds + 1;
  end loop;
  return v_refunds;
end;
$$;
comment on function private.cancel_tournament(text, text, timestamptz) is
  'Cancels a tournament once: its registrations are cancelled, unpaid checkouts abandoned, and every paid entry refunded what is left of it (nothing when a lost chargeback took it all back).';
