-- Closing check-in before its scheduled close stays an organiser's power, but it must not cost players
-- their fee: the entries it withdraws are refunded in full (through the outbox, as every refund), with the
-- reason in the audit log. Only the scheduled close withdraws a player who did not check in without a refund.

create or replace function private.early_close_withdraw_reason(p_has_player boolean, p_paid boolean)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when p_has_player then 'Check-in was closed early by the organisers before you checked in.'
              else 'Check-in was closed early before anybody accepted this place.' end
         || case when p_paid then case when p_has_player then ' Your entry fee is refunded in full.' else ' Its fee is refunded in full.' end
                 else '' end;
$$;
comment on function private.early_close_withdraw_reason(boolean, boolean) is
  'What a player reads on an entry withdrawn by an early close of check-in (withdraw_reason).';

create or replace function private.refund_entries_withdrawn_early(p_tournament_id text, p_entry_ids uuid[])
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_payment record;
  v_queued integer := 0;
begin
  for v_payment in
    select p.*, count(e.id)::integer as withdrawn
      from public.entries e
      join public.tournament_registrations r on r.id = e.registration_id
      join public.payments p on p.id = r.payment_id
     where e.id = any(p_entry_ids) and e.tournament_id = p_tournament_id
       and p.status = 'paid' and p.razorpay_payment_id is not null and p.refunded_paise < p.amount_paise
     group by p.id
  loop
    perform private.enqueue_outside_call(
      'razorpay_refund',
      'refund-' || v_payment.razorpay_payment_id || '-early-close',
      jsonb_build_object(
        'razorpay_payment_id', v_payment.razorpay_payment_id,
        'amount_paise', least(v_payment.amount_paise / v_payment.slots * v_payment.withdrawn,
                              v_payment.amount_paise - v_payment.refunded_paise),
        'reason', 'check_in_closed_early',
        'razorpay_order_id', v_payment.razorpay_order_id,
        'tournament_id', v_payment.tournament_id));
    v_queued := v_queued + 1;
  end loop;
  return v_queued;
end;
$$;
comment on function private.refund_entries_withdrawn_early(text, uuid[]) is
  'Queues, per payment, the refund of the entry fees of the entries an early close of check-in withdrew (the share of each entry in its payment); answers how many refunds it queued.';

create or replace function public.staff_close_check_in(p_tournament_id text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_staff uuid := private.require_staff('organiser', p_tournament_id);
  v_early boolean := false;
  v_withdrawn record;
  v_ids uuid[] := '{}';
  v_result jsonb;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  if v_tournament.drawn_at is null then
    if private.tournament_status(v_tournament, v_now) <> 'check-in' then
      raise exception 'Check-in can be closed once registration has closed, before the draw'
        using errcode = 'PT409', hint = 'check_in_not_open';
    end if;
    v_early := v_now < private.tournament_check_in_closes_at(v_tournament);
    perform private.audit(p_tournament_id, 'check_in_closed_by_staff', 'Check-in closed by hand',
                          case when v_early then 'Closed before the scheduled close: entries not checked in are refunded in full' end,
                          jsonb_build_object('check_in_closes_at', private.tournament_check_in_closes_at(v_tournament)),
                          jsonb_build_object('check_in_closes_at', v_now), true, v_staff);
    if v_early then
      for v_withdrawn in
        update public.entries e
           set status = 'withdrawn', withdrawn_at = v_now, withdraw_reason = private.early_close_withdraw_reason(e.player_id is not null, v_tournament.entry_fee_paise > 0)
         where e.tournament_id = p_tournament_id and e.status = 'active' and e.checked_in_at is null
        returning e.id, e.player_id, e.withdraw_reason
      loop
        v_ids := v_ids || v_withdrawn.id;
        perform private.audit(p_tournament_id, 'entry_withdrawn',
                              coalesce((select in_game_name from public.profiles where id = v_withdrawn.player_id), 'An unclaimed place')
                                || ' withdrawn when check-in was closed early'
                                || case when v_tournament.entry_fee_paise > 0 then ', refunded in full' else '' end,
                              v_withdrawn.withdraw_reason, null, null, true, v_staff, v_withdrawn.id);
      end loop;
    end if;
  end if;
  v_result := private.run_draw(p_tournament_id, v_staff);
  -- A draw that cancels the tournament refunds every paid entry itself.
  if v_early and cardinality(v_ids) > 0 and not coalesce((v_result ->> 'cancelled')::boolean, false) then
    perform private.refund_entries_withdrawn_early(p_tournament_id, v_ids);
  end if;
  return v_result;
end;
$$;
comment on function public.staff_close_check_in(text) is
  'Organisers (public contract): closes check-in now and runs the draw, once (a second call answers the first draw). Before the scheduled close, the entries it withdraws are refunded in full.';
