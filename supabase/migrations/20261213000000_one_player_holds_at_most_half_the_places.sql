-- =====================================================================================================
-- One player holds at most half the places of a tournament
-- =====================================================================================================
-- A 1v1 pod has two places, and the pay panel offered both to one buyer ("2 Slots"): a bracket of one
-- player's own entries. Each tournament now has a cap on the places one buyer holds, half its places (at
-- least one, at most the ten slots an order may take): a 1v1 pod 1, a Super 4 pod 2, a Super 8 pod 4, a
-- 300-player championship 10. No buyer then holds most of a pod's bracket, whose pool is its entry fees.
-- The cap is a column the pay panel reads with the slot counts (it offers no more), and the order's
-- preparation refuses more, counting the places the buyer already holds (a second order after 24 hours).
--
-- private.slots_per_buyer(max_players)           the rule, once.
-- public.tournaments.max_slots_per_buyer         generated from it: the pay panel's limit.
-- private.slots_per_buyer_refusal(cap, held)     the refusal's words.
-- private.prepare_tournament_entry_without_eligibility  refuses an order past the cap (too_many_slots_for_one_player).
-- =====================================================================================================

create function private.slots_per_buyer(p_max_players integer) returns integer
language sql
immutable
parallel safe
set search_path = ''
as $$ select least(10, greatest(1, p_max_players / 2)) $$;

comment on function private.slots_per_buyer(integer) is 'The places one buyer may hold in a tournament of this capacity: half (at least 1, at most 10).';

alter table public.tournaments
  add column max_slots_per_buyer integer generated always as (private.slots_per_buyer(max_players)) stored;

comment on column public.tournaments.max_slots_per_buyer is 'The places one buyer may hold here (private.slots_per_buyer): the pay panel offers no more, an order for more is refused.';

create function private.slots_per_buyer_refusal(p_cap integer, p_held integer) returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when p_held > 0 and p_held >= p_cap then
      'You already hold ' || p_held || case when p_held = 1 then ' place' else ' places' end
        || ' here, the most one player can hold in this tournament.'
    when p_held > 0 then
      'You already hold ' || p_held || case when p_held = 1 then ' place' else ' places' end
        || ' here: you can add ' || (p_cap - p_held) || ' more (one player holds at most ' || p_cap || ' in this tournament).'
    else
      'One player can hold at most ' || p_cap || case when p_cap = 1 then ' place' else ' places' end
        || ' in this tournament: choose ' || p_cap || ' or fewer.'
  end
$$;

create or replace function private.prepare_tournament_entry_without_eligibility(p_user_id uuid, p_tournament_id text, p_slots integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_last_registered_at timestamptz;
  v_held integer;
begin
  if p_user_id is null then
    raise exception 'Please log in to continue' using errcode = 'PT401', hint = 'not_signed_in';
  end if;
  if p_slots is null or p_slots < 1 or p_slots > 10 then
    raise exception 'Choose between 1 and 10 slots' using errcode = 'PT400', hint = 'invalid_slot_count';
  end if;

  select * into v_tournament from public.tournaments where id = p_tournament_id;
  if not found then
    raise exception 'Unknown tournament' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  if not private.tournament_takes_payments(v_tournament, v_now) then
    raise exception 'Registrations for this tournament are closed' using errcode = 'PT409', hint = 'registration_closed';
  end if;
  if v_tournament.filled_slots >= v_tournament.max_players then
    raise exception 'This tournament is full' using errcode = 'PT409', hint = 'tournament_full';
  end if;
  if v_tournament.filled_slots + p_slots > v_tournament.max_players then
    raise exception 'Only % slot(s) left in this tournament', v_tournament.max_players - v_tournament.filled_slots
      using errcode = 'PT409', hint = 'not_enough_slots';
  end if;

  -- One buyer never holds more than the tournament's share per buyer (a 1v1 pod's two places are two players).
  select coalesce(sum(r.slots), 0)::integer into v_held
    from public.tournament_registrations r
   where r.tournament_id = p_tournament_id and r.user_id = p_user_id and r.status <> 'cancelled';
  if v_held + p_slots > v_tournament.max_slots_per_buyer then
    raise exception '%', private.slots_per_buyer_refusal(v_tournament.max_slots_per_buyer, v_held)
      using errcode = 'PT409', hint = 'too_many_slots_for_one_player';
  end if;

  v_last_registered_at := private.last_registration_within_a_day(p_user_id, p_tournament_id, null, v_now);
  if v_last_registered_at is not null then
    raise exception 'You are already registered for this tournament! You can add more slots after %.',
      to_char((v_last_registered_at + interval '24 hours') at time zone 'Asia/Kolkata', 'DD Mon YYYY, HH12:MI AM "IST"')
      using errcode = 'PT409', hint = 'already_registered';
  end if;

  return jsonb_build_object(
    'amount_paise', v_tournament.entry_fee_paise * p_slots,
    'currency', 'INR',
    'checkout_timeout_seconds', private.checkout_timeout_seconds()
  );
end;
$function$;
