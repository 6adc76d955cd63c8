-- =====================================================================================================
-- A quick pod's missed check-in is refunded in full
-- =====================================================================================================
-- A quick pod's check-in opens the moment its last place is taken and lasts 10 minutes, whenever that is:
-- perhaps hours after a player paid, while they sleep. The draw withdrew whoever had not checked in and kept
-- their fee, the no-show rule of scheduled tournaments, whose check-in window is published when they pay.
--
-- Now, in a quick pod (a tournament with a pod_number and a fee), each place withdrawn at check-in close is
-- refunded in full through the refund outbox, as a waitlist place not promoted is: the place goes to the
-- pod's checked-in waitlist first (private.fill_places_from_waitlist, unchanged), else the pod runs with a
-- bye. A payment whose every place missed check-in moves to refund_pending with the reason players read
-- (private.refusal_reason('missed_pod_check_in')) and its registration is cancelled; a payment of several
-- places of which only some missed gets back those places' share, its entry standing. A pod left with fewer
-- than two players is cancelled and every payment refunded whole, as before. Scheduled tournaments keep
-- their published check-in and the no-show rule (supabase/tests/tournaments-pods.test.ts).
--
-- private.refusal_reason(text)                  adds missed_pod_check_in.
-- private.missed_check_in_reason(boolean, boolean)
--                                               what a withdrawn entry reads (withdraw_reason).
-- private.refund_missed_pod_check_ins(text, uuid[])
--                                               queues the refunds of a pod's missed check-ins.
-- private.run_draw(text, uuid)                  a pod's missed check-ins refunded once it is drawn.
-- =====================================================================================================

CREATE OR REPLACE FUNCTION private.refusal_reason(p_code text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
begin
  return case p_code
    when 'tournament_full' then 'The tournament filled up before your payment was confirmed. Your payment has been refunded in full.'
    when 'order_replaced' then 'You opened a newer checkout for this tournament. This payment has been refunded in full.'
    when 'order_expired' then 'Your checkout had expired when the payment arrived. Your payment has been refunded in full.'
    when 'registration_closed' then 'Registration had closed when your payment arrived. Your payment has been refunded in full.'
    when 'already_registered' then 'You were already registered for this tournament. This payment has been refunded in full.'
    when 'order_already_paid' then 'This order was already paid. This second payment has been refunded in full.'
    when 'tournament_cancelled' then 'The tournament was cancelled. Your payment has been refunded in full.'
    when 'waitlist_full' then 'The waitlist filled up before your payment was confirmed. Your payment has been refunded in full.'
    when 'waitlist_closed' then 'The waitlist had closed when your payment arrived. Your payment has been refunded in full.'
    when 'already_on_waitlist' then 'You were already on this waitlist. This payment has been refunded in full.'
    when 'not_full' then 'A place had come free when your waitlist payment arrived, but registration had closed. Your payment has been refunded in full.'
    when 'not_promoted' then 'No place came free for you before the draw. Your waitlist payment has been refunded in full.'
    when 'missed_pod_check_in' then 'You did not check in during the pod''s check-in. Your payment has been refunded in full.'
    when 'paid_entry_disabled' then 'Paid entry was switched off on this site before your payment arrived. Your payment has been refunded in full.'
  end;
end;
$function$;

CREATE OR REPLACE FUNCTION private.missed_check_in_reason(p_has_player boolean, p_refunded boolean)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when p_has_player then 'Not checked in before check-in closed.'
              else 'Nobody accepted this place before check-in closed.' end
         || case when p_refunded then case when p_has_player then ' Your entry fee is refunded in full.' else ' Its fee is refunded in full.' end
                 else '' end;
$function$;
comment on function private.missed_check_in_reason(boolean,boolean) is 'What a player reads on an entry withdrawn at check-in close (withdraw_reason): in a quick pod, that its fee is refunded in full.';

CREATE OR REPLACE FUNCTION private.refund_missed_pod_check_ins(p_tournament_id text, p_entry_ids uuid[])
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_payment record;
  v_paid public.payments%rowtype;
  v_queued integer := 0;
begin
  for v_payment in
    select p.id, p.slots, p.amount_paise, p.razorpay_payment_id, p.razorpay_order_id, p.tournament_id,
           count(e.id)::integer as missed, private.refundable_paise(p) as refundable
      from public.entries e
      join public.tournament_registrations r on r.id = e.registration_id
      join public.payments p on p.id = r.payment_id
     where e.id = any(p_entry_ids) and e.tournament_id = p_tournament_id
       and p.status = 'paid' and p.razorpay_payment_id is not null
     group by p.id
  loop
    continue when v_payment.refundable <= 0;
    if v_payment.missed >= v_payment.slots then
      -- Every place of the payment missed check-in: the whole payment goes back, with the reason players read.
      update public.payments p
         set status = 'refund_pending', failure_reason = private.refusal_reason('missed_pod_check_in'), updated_at = v_now
       where p.id = v_payment.id and p.status = 'paid'
      returning * into v_paid;
      continue when not found;
      update public.tournament_registrations set status = 'cancelled'
       where payment_id = v_paid.id and status <> 'cancelled';
      perform private.queue_refund(v_paid.razorpay_payment_id, private.refundable_paise(v_paid)::integer,
                                   'missed_pod_check_in', v_paid);
    else
      -- Some places of a payment of several: their share comes back; the places checked in stand.
      perform private.enqueue_outside_call(
        'razorpay_refund',
        'refund-' || v_payment.razorpay_payment_id || '-missed-check-in',
        jsonb_build_object(
          'razorpay_payment_id', v_payment.razorpay_payment_id,
          'amount_paise', least(v_payment.amount_paise / v_payment.slots * v_payment.missed, v_payment.refundable),
          'reason', 'missed_pod_check_in',
          'razorpay_order_id', v_payment.razorpay_order_id,
          'tournament_id', v_payment.tournament_id));
    end if;
    v_queued := v_queued + 1;
  end loop;
  return v_queued;
end;
$function$;
comment on function private.refund_missed_pod_check_ins(text,uuid[]) is 'A quick pod''s places withdrawn for a missed check-in, refunded in full through the outbox: a payment whose every place missed moves to refund_pending (reason missed_pod_check_in) and its registration is cancelled; a payment of several places gets back the share of those that missed. Answers how many refunds it queued.';

CREATE OR REPLACE FUNCTION private.run_draw(p_tournament_id text, p_actor uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_secret text;
  v_entries uuid[];
  v_buyers uuid[];
  v_n integer;
  v_size integer;
  v_rounds integer;
  v_seeds uuid[];
  v_order integer[];
  v_interval interval;
  v_withdrawn record;
  v_refunds integer;
  -- A quick pod's entries withdrawn for a missed check-in: refunded in full once the pod is drawn.
  v_pod boolean;
  v_missed uuid[] := '{}';
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  if v_tournament.drawn_at is not null then
    return jsonb_build_object('drawn', true, 'entries', (select array_length(entry_ids, 1) from public.draws where tournament_id = p_tournament_id),
                              'bracket_size', (select bracket_size from public.draws where tournament_id = p_tournament_id));
  end if;
  if private.tournament_status(v_tournament, v_now) = 'cancelled' then
    raise exception 'This tournament was cancelled' using errcode = 'PT409', hint = 'tournament_cancelled';
  end if;

  -- 1. Withdraw every entry not checked in (and every slot nobody accepted). A scheduled tournament keeps the
  --    fee of a no-show; a quick pod refunds it in full (step 2b).
  v_pod := v_tournament.pod_number is not null and v_tournament.entry_fee_paise > 0;
  for v_withdrawn in
    update public.entries e
       set status = 'withdrawn', withdrawn_at = v_now,
           withdraw_reason = private.missed_check_in_reason(e.player_id is not null, v_pod)
     where e.tournament_id = p_tournament_id and e.status = 'active' and e.checked_in_at is null
    returning e.id, e.player_id, e.withdraw_reason
  loop
    if v_pod then
      v_missed := v_missed || v_withdrawn.id;
    end if;
    perform private.audit(p_tournament_id, 'entry_withdrawn',
                          coalesce((select in_game_name from public.profiles where id = v_withdrawn.player_id), 'An unclaimed place')
                            || ' withdrawn at check-in close' || case when v_pod then ', refunded in full' else '' end,
                          v_withdrawn.withdraw_reason, null, null, true, null, v_withdrawn.id);
  end loop;

  -- 1b. The empty places go to the checked-in waitlisted players, in order; the others are refunded.
  perform private.fill_places_from_waitlist(p_tournament_id, v_now);

  select array_agg(id order by id::text), array_agg(buyer_id order by id::text)
    into v_entries, v_buyers
    from public.entries where tournament_id = p_tournament_id and status = 'active';
  v_n := coalesce(array_length(v_entries, 1), 0);

  -- 2. Nobody to play: the tournament is called off and every paid entry refunded.
  if v_n < 2 then
    v_refunds := private.cancel_tournament(p_tournament_id,
      'Fewer than two players checked in, so the tournament could not be played. Every paid entry has been refunded.', v_now);
    perform private.audit(p_tournament_id, 'tournament_cancelled', 'Cancelled: fewer than two players checked in', null,
                          null, jsonb_build_object('checked_in', v_n, 'refunds_queued', v_refunds), true, p_actor);
    return jsonb_build_object('drawn', false, 'cancelled', true, 'entries', v_n, 'bracket_size', null);
  end if;

  -- 2b. A quick pod gives back the fee of every place withdrawn for a missed check-in (a cancelled pod, above,
  --     refunds every payment whole instead).
  if cardinality(v_missed) > 0 then
    perform private.refund_missed_pod_check_ins(p_tournament_id, v_missed);
  end if;

  -- 3. Seeds.
  select secret into v_secret from private.draw_secrets where tournament_id = p_tournament_id;
  if v_secret is null then
    v_secret := private.new_draw_secret();
    insert into private.draw_secrets (tournament_id, secret) values (p_tournament_id, v_secret);
    update public.tournaments set draw_commitment = private.sha256_hex(v_secret) where id = p_tournament_id;
  end if;
  v_seeds := private.draw_seeds(v_secret, v_entries, v_buyers);
  v_size := private.next_power_of_two(v_n);
  v_rounds := private.bracket_rounds(v_size);
  v_order := private.standard_seed_order(v_size);
  v_interval := private.tournament_round_interval(v_tournament);

  -- 4. Every match of every round. Round 1 from the seeds; a bye's opponent goes straight into round 2.
  insert into public.matches (tournament_id, round, position, entry_a, entry_b, winner_entry_id, status, scheduled_at)
  select p_tournament_id, 1, p,
         v_seeds[v_order[2 * p - 1]],
         case when v_order[2 * p] <= v_n then v_seeds[v_order[2 * p]] end,
         case when v_order[2 * p] > v_n then v_seeds[v_order[2 * p - 1]] end,
         case when v_order[2 * p] > v_n then 'bye' else 'scheduled' end,
         v_tournament.starts_at
    from generate_series(1, v_size / 2) as p;

  insert into public.matches (tournament_id, round, position, entry_a, entry_b, status, scheduled_at)
  select p_tournament_id, r, p, null, null, 'pending', v_tournament.starts_at + (r - 1) * v_interval
    from generate_series(2, v_rounds) as r
   cross join lateral generate_series(1, v_size >> r) as p;

  with byes as (
    select position, winner_entry_id from public.matches
     where tournament_id = p_tournament_id and round = 1 and status = 'bye'
  )
  update public.matches m
     set entry_a = coalesce((select winner_entry_id from byes where byes.position = 2 * m.position - 1), m.entry_a),
         entry_b = coalesce((select winner_entry_id from byes where byes.position = 2 * m.position), m.entry_b)
   where m.tournament_id = p_tournament_id and m.round = 2
     and exists (select 1 from byes where byes.position in (2 * m.position - 1, 2 * m.position));

  update public.matches set status = 'scheduled'
   where tournament_id = p_tournament_id and round = 2 and entry_a is not null and entry_b is not null;

  -- 5. Reveal.
  insert into public.draws (tournament_id, commitment, secret, entry_ids, same_buyer, bracket_size, drawn_at)
  values (
    p_tournament_id, private.sha256_hex(v_secret), v_secret, v_entries,
    coalesce((select jsonb_agg(ids order by first_key)
                from (select jsonb_agg(e.id order by e.id::text) as ids,
                             min(private.sha256_hex(v_secret || ':' || e.id::text)) as first_key
                        from public.entries e
                       where e.tournament_id = p_tournament_id and e.status = 'active'
                       group by e.buyer_id having count(*) >= 2) as g), '[]'::jsonb),
    v_size, v_now);

  update public.tournaments
     set drawn_at = v_now, current_round = 1,
         check_in_closes_at = least(coalesce(check_in_closes_at, private.tournament_check_in_closes_at(v_tournament)), v_now)
   where id = p_tournament_id;

  perform private.audit(p_tournament_id, 'draw_made',
                        'Draw made: ' || v_n || ' entries, bracket of ' || v_size, null, null,
                        jsonb_build_object('entries', v_n, 'bracket_size', v_size, 'commitment', private.sha256_hex(v_secret),
                                           'secret', v_secret),
                        true, p_actor);
  return jsonb_build_object('drawn', true, 'entries', v_n, 'bracket_size', v_size);
end;
$function$;

-- The moves the refund makes.
update private.status_transitions set allowed_by = allowed_by || '{private.refund_missed_pod_check_ins}'::text[]
 where (machine, from_status, to_status) in (('payment', 'paid', 'refund_pending'), ('registration', 'upcoming', 'cancelled'));
