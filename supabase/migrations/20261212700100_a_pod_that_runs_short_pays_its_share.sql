-- =====================================================================================================
-- A quick pod that runs short pays its pool's share for the players it runs with
-- =====================================================================================================
-- A quick pod's pool is its entry fees: ₹300 × 4 places pay the Super 4's ₹1,200. A place withdrawn for a
-- missed check-in is now refunded in full (20261212700000); when nobody on the waitlist takes it, the pod runs
-- with a bye. Paying the whole pool then would pay out money nobody paid in, and four friends could fill a pod,
-- let one miss check-in and share ₹1,200 for ₹900 again and again.
--
-- So a pod drawn with fewer players than places pays the pool times the players drawn over the places, to the
-- paisa below (private.pod_prize_pool: ₹1,200 × 3 / 4 = ₹900), and each band of its prize formula in the same
-- proportion, the paise left by the rounding to the best band (private.pod_prize_formula). The pod row's
-- prize_pool_paise, prize_formula and winner_prize_paise are set to that at the draw, so get_tournament_prizes,
-- the prize credit and the pod page say the same, and the draw's public changes say why. The pay panel states
-- both prizes before a player pays (src/features/tournaments/promises.ts, from POD_PRIZE_POOL_PAISE in
-- supabase/functions/_shared/rules.ts, which supabase/tests/rules.test.ts holds to private.pod_prize_pool).
-- Championships keep their published pool (a guaranteed pool or one paid only when full, as the catalog says).
--
-- private.pod_prize_pool(bigint, integer, integer)       the pool a pod pays with so many players.
-- private.pod_prize_formula(jsonb, bigint, bigint)        a formula's bands for the smaller pool.
-- private.shrink_pod_prizes(text, integer)                sets a pod's prizes for the players drawn.
-- private.run_draw(text, uuid)                            a pod drawn short pays its share.
-- =====================================================================================================

CREATE OR REPLACE FUNCTION private.pod_prize_pool(p_pool_paise bigint, p_places integer, p_players integer)
 RETURNS bigint
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when p_places is null or p_places <= 0 then p_pool_paise
              else p_pool_paise * greatest(least(p_players, p_places), 0) / p_places end;
$function$;
comment on function private.pod_prize_pool(bigint,integer,integer) is 'The pool a quick pod pays when it runs with p_players of its p_places: the pool times players over places, rounded down to the paisa. The pay panel states it (POD_PRIZE_POOL_PAISE in rules.ts).';

CREATE OR REPLACE FUNCTION private.pod_prize_formula(p_formula jsonb, p_pool_paise bigint, p_new_pool_paise bigint)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  with bands as (
    select b.from_place, b.to_place,
           case when coalesce(p_pool_paise, 0) > 0 then b.total_paise * p_new_pool_paise / p_pool_paise else 0 end as scaled,
           row_number() over (order by b.from_place) as rank
      from private.formula_bands(
             coalesce(nullif(p_formula, '[]'::jsonb),
                      jsonb_build_array(jsonb_build_object('from_place', 1, 'to_place', 1, 'amount_paise', p_pool_paise))),
             p_pool_paise) as b
  ), left_over as (
    select p_new_pool_paise - coalesce(sum(scaled), 0) as paise from bands
  )
  select coalesce(jsonb_agg(jsonb_build_object('from_place', b.from_place, 'to_place', b.to_place,
                                               'amount_paise', b.scaled + case when b.rank = 1 then l.paise else 0 end)
                            order by b.from_place), '[]'::jsonb)
    from bands b cross join left_over l;
$function$;
comment on function private.pod_prize_formula(jsonb,bigint,bigint) is 'A prize formula''s bands for a smaller pool: each band in proportion, rounded down, the paise left to the best band, so the bands total the new pool exactly.';

CREATE OR REPLACE FUNCTION private.shrink_pod_prizes(p_tournament_id text, p_players integer)
 RETURNS bigint
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_tournament public.tournaments%rowtype;
  v_pool bigint;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if v_tournament.pod_number is null or p_players >= v_tournament.max_players or v_tournament.prize_pool_paise = 0 then
    return v_tournament.prize_pool_paise;
  end if;
  v_pool := private.pod_prize_pool(v_tournament.prize_pool_paise, v_tournament.max_players, p_players);
  update public.tournaments
     set prize_formula = private.pod_prize_formula(prize_formula, prize_pool_paise, v_pool),
         winner_prize_paise = case when winner_prize_paise is not null
                                   then private.pod_prize_pool(winner_prize_paise, max_players, p_players) end,
         prize_pool_paise = v_pool
   where id = p_tournament_id;
  perform private.audit(p_tournament_id, 'prize_pool_set_for_players',
                        'The pod runs with ' || p_players || ' of ' || v_tournament.max_players || ' players: prize pool ₹'
                          || to_char(v_pool / 100.0, 'FM99999999990.00'),
                        'A place was refunded for a missed check-in and nobody on the waitlist took it',
                        jsonb_build_object('prize_pool_paise', v_tournament.prize_pool_paise),
                        jsonb_build_object('prize_pool_paise', v_pool), true);
  return v_pool;
end;
$function$;
comment on function private.shrink_pod_prizes(text,integer) is 'At the draw of a quick pod that runs with fewer players than places: its pool, formula and winner''s prize become the share for the players drawn (private.pod_prize_pool), with a public change saying so. Answers the pool.';

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

  -- 2c. A quick pod that runs short pays its pool's share for the players it runs with.
  if v_tournament.pod_number is not null and v_n < v_tournament.max_players then
    perform private.shrink_pod_prizes(p_tournament_id, v_n);
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
