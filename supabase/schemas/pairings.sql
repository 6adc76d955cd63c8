-- =====================================================================================================
-- pairings: who plays whom in a Swiss stage and in a double-elimination bracket
-- =====================================================================================================
-- The source of this area of the database. Edit it, then `npm run migration:new <name>` writes the migration
-- from the difference (scripts/migration-new.ts). Statements may name objects declared further down or in
-- another area file: the files are applied as a whole. Rule rows are idempotent upserts.
--
-- Every function here is pure: it reads no table and writes none. Results come in as JSON shaped like rows
-- of public.matches (`to_jsonb(m)` of a match row will do), answers go out as JSON or rows. The stage code
-- of the other areas calls down into these rules; this area calls no other, so that stays one way.
-- =====================================================================================================

-- =====================================================================================================
-- Rules: the private functions that apply them
-- =====================================================================================================

-- Swiss -----------------------------------------------------------------------------------------------

comment on function private.swiss_rounds(integer,integer) is 'The rounds of a Swiss stage of p_players: the smallest k with 2^k >= p_players (enough for one unbeaten player), or p_catalog_rounds when the catalog says more.';
CREATE OR REPLACE FUNCTION private.swiss_rounds(p_players integer, p_catalog_rounds integer DEFAULT NULL::integer)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select greatest(
           (select min(k) from generate_series(0, 30) as k where (1 << k) >= greatest(p_players, 1)),
           coalesce(p_catalog_rounds, 0));
$function$;

comment on function private.swiss_results(uuid[],jsonb) is 'The counted results of a Swiss stage, one row per player per match: confirmed matches (a walkover is confirmed with its 3-0 score; without a score the winner counts 3-0) and byes (status bye, one entry, worth a win and no goals, no opponent). Any other status (void, scheduled, ...) counts as not played. Raises 22023 on a match naming an entry outside p_entries or shaped wrongly.';
CREATE OR REPLACE FUNCTION private.swiss_results(p_entries uuid[], p_matches jsonb)
 RETURNS TABLE(entry_id uuid, opponent_id uuid, goals_for integer, goals_against integer, is_bye boolean)
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v_match jsonb;
  v_a uuid;
  v_b uuid;
  v_winner uuid;
  v_score_a integer;
  v_score_b integer;
begin
  if p_entries is null or array_position(p_entries, null) is not null
     or cardinality(p_entries) <> (select count(distinct e) from unnest(p_entries) as e) then
    raise exception 'The entries of a Swiss stage must be distinct and not null' using errcode = '22023';
  end if;
  if p_matches is null or jsonb_typeof(p_matches) <> 'array' then
    raise exception 'The matches of a Swiss stage must be a JSON array' using errcode = '22023';
  end if;
  for v_match in select m from jsonb_array_elements(p_matches) as m loop
    if jsonb_typeof(v_match) <> 'object' then
      raise exception 'A Swiss match must be a JSON object: %', v_match using errcode = '22023';
    end if;
    continue when v_match->>'status' is distinct from 'confirmed' and v_match->>'status' is distinct from 'bye';
    v_a := (v_match->>'entry_a')::uuid;
    v_b := (v_match->>'entry_b')::uuid;
    if (v_a is not null and v_a <> all (p_entries)) or (v_b is not null and v_b <> all (p_entries)) then
      raise exception 'A Swiss match names an entry that is not in the stage: %', v_match using errcode = '22023';
    end if;
    if v_match->>'status' = 'bye' then
      if (v_a is null) = (v_b is null) then
        raise exception 'A Swiss bye has exactly one entry: %', v_match using errcode = '22023';
      end if;
      entry_id := coalesce(v_a, v_b); opponent_id := null; goals_for := 0; goals_against := 0; is_bye := true;
      return next;
      continue;
    end if;
    if v_a is null or v_b is null or v_a = v_b then
      raise exception 'A confirmed Swiss match has two different entries: %', v_match using errcode = '22023';
    end if;
    v_winner := (v_match->>'winner_entry_id')::uuid;
    v_score_a := coalesce((v_match->>'score_a')::integer, case v_winner when v_a then 3 when v_b then 0 end);
    v_score_b := coalesce((v_match->>'score_b')::integer, case v_winner when v_b then 3 when v_a then 0 end);
    if v_score_a is null or v_score_b is null or v_score_a < 0 or v_score_b < 0 then
      raise exception 'A confirmed Swiss match needs its score (or, for a walkover, its winner): %', v_match using errcode = '22023';
    end if;
    entry_id := v_a; opponent_id := v_b; goals_for := v_score_a; goals_against := v_score_b; is_bye := false;
    return next;
    entry_id := v_b; opponent_id := v_a; goals_for := v_score_b; goals_against := v_score_a; is_bye := false;
    return next;
  end loop;
end;
$function$;

comment on function private.swiss_table(uuid[],jsonb) is 'The table of a Swiss stage: p_entries every entry of the stage in the order of the draw''s lots (first wins a tie left after every other step), p_matches its matches as JSON rows of public.matches ({ entry_a, entry_b, score_a, score_b, winner_entry_id, status }). Rows [ { entry_id, played, won, drawn, lost, points, median_buchholz, buchholz, goal_difference, byes, rank } ] in rank order: points (3 a win or bye, 1 a draw), median-Buchholz (Buchholz without the highest and the lowest opponent, 0 with fewer than three opponents), Buchholz (the opponents'' points; a bye is no opponent), goal difference, lots. A bye counts in played and won.';
CREATE OR REPLACE FUNCTION private.swiss_table(p_entries uuid[], p_matches jsonb)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  with results as (select * from private.swiss_results(p_entries, p_matches)),
  records as (
    select e.entry_id, e.lots,
           count(r.entry_id)::integer as played,
           count(*) filter (where r.is_bye or r.goals_for > r.goals_against)::integer as won,
           count(*) filter (where not r.is_bye and r.goals_for = r.goals_against)::integer as drawn,
           count(*) filter (where r.goals_for < r.goals_against)::integer as lost,
           coalesce(sum(r.goals_for - r.goals_against), 0)::integer as goal_difference,
           count(*) filter (where r.is_bye)::integer as byes
      from unnest(p_entries) with ordinality as e (entry_id, lots)
      left join results as r on r.entry_id = e.entry_id
     group by e.entry_id, e.lots
  ),
  scored as (select records.*, 3 * won + drawn as points from records),
  opponents as (
    select r.entry_id,
           coalesce(sum(o.points), 0)::integer as buchholz,
           case when count(o.points) > 2 then (sum(o.points) - max(o.points) - min(o.points))::integer else 0 end as median_buchholz
      from results as r
      join scored as o on o.entry_id = r.opponent_id
     group by r.entry_id
  ),
  ranked as (
    select s.*, coalesce(o.buchholz, 0) as buchholz, coalesce(o.median_buchholz, 0) as median_buchholz,
           row_number() over (order by s.points desc, coalesce(o.median_buchholz, 0) desc, coalesce(o.buchholz, 0) desc,
                                       s.goal_difference desc, s.lots) as rank
      from scored as s
      left join opponents as o on o.entry_id = s.entry_id
  )
  select coalesce(jsonb_agg(jsonb_build_object(
           'entry_id', entry_id, 'played', played, 'won', won, 'drawn', drawn, 'lost', lost, 'points', points,
           'median_buchholz', median_buchholz, 'buchholz', buchholz, 'goal_difference', goal_difference,
           'byes', byes, 'rank', rank) order by rank), '[]'::jsonb)
    from ranked;
$function$;

comment on function private.swiss_pair_rest(integer[],boolean[],integer,boolean,boolean,integer) is 'One search for a Swiss round''s pairs: players 1..n best placed first with p_points, p_met[(i - 1) * n + j] when i and j have played, p_bye the player who sits out (0: nobody). Pairs the best-placed player left first, with a player of equal points half their score group down (as the Dutch system does), then the others of that group, then the next points down (a rematch, where allowed, last); backtracks when a choice strands someone; gives up at once when a group of players who may only meet each other is odd. Rematches and pairs more than 3 points apart only when allowed. Answers partners, each player''s partner (-1 the bye), or null when no pairing fits or the search passed p_budget choices; and choices, the choices it made.';
CREATE OR REPLACE FUNCTION private.swiss_pair_rest(p_points integer[], p_met boolean[], p_bye integer, p_rematch_allowed boolean, p_gap_allowed boolean, p_budget integer, OUT partners integer[], OUT choices integer)
 RETURNS record
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v_n integer := coalesce(array_length(p_points, 1), 0);
  v_allowed boolean[] := array_fill(false, array[greatest(v_n * v_n, 1)]);
  v_partner integer[] := array_fill(0, array[greatest(v_n, 1)]);
  v_avail integer[] := array_fill(0, array[greatest(v_n, 1)]);
  v_stack_player integer[] := '{}';
  v_stack_choice integer[] := '{}';
  v_depth integer := 0;
  v_nodes integer := 0;
  v_player integer;
  v_choice integer;
  v_candidates integer[];
  v_group integer[];
  v_half integer;
  v_dead boolean;
  v_band integer[];
  v_queue integer[];
  v_size integer;
  i integer;
  j integer;
begin
  for i in 1..v_n loop
    for j in 1..v_n loop
      v_allowed[(i - 1) * v_n + j] := i <> j
        and (p_rematch_allowed or not p_met[(i - 1) * v_n + j])
        and (p_gap_allowed or abs(p_points[i] - p_points[j]) <= 3);
    end loop;
  end loop;
  if p_bye > 0 then
    v_partner[p_bye] := -1;
  end if;
  -- How many players each one could still be paired with: a player left with none ends the branch early.
  for i in 1..v_n loop
    continue when v_partner[i] <> 0;
    for j in 1..v_n loop
      if v_partner[j] = 0 and v_allowed[(i - 1) * v_n + j] then
        v_avail[i] := v_avail[i] + 1;
      end if;
    end loop;
    if v_avail[i] = 0 then
      choices := 0;
      return;
    end if;
  end loop;
  -- Players who may only meet each other (a score band cut off by the 3-point rule, say) must be an even
  -- number: else no pairing fits, and the search would only find that out after trying them all.
  v_band := array_fill(0, array[greatest(v_n, 1)]);
  for i in 1..v_n loop
    continue when v_partner[i] <> 0 or v_band[i] <> 0;
    v_band[i] := i;
    v_queue := array[i];
    v_size := 0;
    while cardinality(v_queue) > 0 loop
      v_player := v_queue[1];
      v_queue := v_queue[2:];
      v_size := v_size + 1;
      for j in 1..v_n loop
        if v_partner[j] = 0 and v_band[j] = 0 and v_allowed[(v_player - 1) * v_n + j] then
          v_band[j] := i;
          v_queue := v_queue || j;
        end if;
      end loop;
    end loop;
    if v_size % 2 = 1 then
      choices := 0;
      return;
    end if;
  end loop;

  <<descend>>
  loop
    v_player := null;
    for i in 1..v_n loop
      if v_partner[i] = 0 then
        v_player := i;
        exit;
      end if;
    end loop;
    if v_player is null then
      partners := v_partner;
      choices := v_nodes;
      return;
    end if;
    v_depth := v_depth + 1;
    v_stack_player[v_depth] := v_player;
    v_stack_choice[v_depth] := 0;

    <<choose>>
    loop
      -- The candidates of the player, in order of preference: equal points from half the group down, then
      -- upward, then the players of fewer points, best placed first. The same state gives the same list.
      v_group := array(select k from generate_series(v_player + 1, v_n) as k
                        where v_partner[k] = 0 and p_points[k] = p_points[v_player] and v_allowed[(v_player - 1) * v_n + k]);
      v_half := (coalesce(array_length(v_group, 1), 0) + 1) / 2;
      v_candidates := v_group[v_half:] || array(select v_group[k] from generate_series(v_half - 1, 1, -1) as k)
        || array(select k from generate_series(v_player + 1, v_n) as k
                  where v_partner[k] = 0 and p_points[k] <> p_points[v_player] and v_allowed[(v_player - 1) * v_n + k]);
      -- Where rematches are allowed, they still come last.
      if p_rematch_allowed then
        v_candidates := array(select u.c from unnest(v_candidates) with ordinality as u (c, k)
                               order by p_met[(v_player - 1) * v_n + u.c], u.k);
      end if;
      v_choice := v_stack_choice[v_depth] + 1;
      while v_choice <= coalesce(array_length(v_candidates, 1), 0) loop
        v_nodes := v_nodes + 1;
        if v_nodes > p_budget then
          choices := v_nodes;
          return;
        end if;
        j := v_candidates[v_choice];
        v_partner[v_player] := j;
        v_partner[j] := v_player;
        v_dead := false;
        for i in 1..v_n loop
          if v_partner[i] = 0 then
            v_avail[i] := v_avail[i] - v_allowed[(v_player - 1) * v_n + i]::integer - v_allowed[(j - 1) * v_n + i]::integer;
            v_dead := v_dead or v_avail[i] = 0;
          end if;
        end loop;
        if not v_dead then
          v_stack_choice[v_depth] := v_choice;
          continue descend;
        end if;
        for i in 1..v_n loop
          if v_partner[i] = 0 then
            v_avail[i] := v_avail[i] + v_allowed[(v_player - 1) * v_n + i]::integer + v_allowed[(j - 1) * v_n + i]::integer;
          end if;
        end loop;
        v_partner[v_player] := 0;
        v_partner[j] := 0;
        v_choice := v_choice + 1;
      end loop;
      -- Every candidate strands someone: undo the choice one level up and try its next candidate.
      v_depth := v_depth - 1;
      if v_depth = 0 then
        choices := v_nodes;
        return;
      end if;
      v_player := v_stack_player[v_depth];
      j := v_partner[v_player];
      v_partner[v_player] := 0;
      v_partner[j] := 0;
      for i in 1..v_n loop
        if v_partner[i] = 0 and i <> v_player and i <> j then
          v_avail[i] := v_avail[i] + v_allowed[(v_player - 1) * v_n + i]::integer + v_allowed[(j - 1) * v_n + i]::integer;
        end if;
      end loop;
    end loop choose;
  end loop descend;
end;
$function$;

comment on function private.swiss_pairing(uuid[],jsonb,uuid[],uuid[]) is 'The pairs of the next Swiss round. p_entries and p_matches as private.swiss_table takes them; p_active the entries to pair (null: all of them; a withdrawn player stays in p_entries for the others'' Buchholz); p_buyers the buyer of each entry of p_entries, in its order (null: none), two entries of one buyer then kept apart as a rematch is (round 1 passes them, so one buyer''s two entries meet only when no pairing avoids it). Answers [ { position, entry_a, entry_b } ], the better placed as entry_a, boards in table order, the bye last with entry_b null. In order of importance: no rematch while any pairing avoids one; no second bye while any pairing avoids one; no pair more than one win (3 points) apart while any pairing avoids it; the bye to the lowest-placed player who has not had one (among those for whom the rest can be paired as well); pairs within equal points as far as possible. The searches of a round stop after 10,000 choices in all (5,000 in one); after that the round is paired allowing rematches and gaps, a rematch still chosen last, without a step back. Deterministic: the same arguments give the same pairs.';
CREATE OR REPLACE FUNCTION private.swiss_pairing(p_entries uuid[], p_matches jsonb, p_active uuid[] DEFAULT NULL::uuid[], p_buyers uuid[] DEFAULT NULL::uuid[])
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v_table jsonb := private.swiss_table(p_entries, p_matches);
  v_ids uuid[];
  v_points integer[];
  v_had_bye boolean[];
  v_n integer;
  v_met boolean[];
  v_match jsonb;
  v_level integer;
  v_byes integer[];
  v_bye integer;
  v_partner integer[];
  v_search record;
  v_budget integer := 10000; -- choices for the whole round, so that a round that cannot keep every rule ends soon
  v_a integer;
  v_b integer;
begin
  if p_active is not null and exists (select 1 from unnest(p_active) as a where a is null or a <> all (p_entries)) then
    raise exception 'Only entries of the stage can be paired' using errcode = '22023';
  end if;
  -- The players to pair, best placed first.
  select array_agg((r->>'entry_id')::uuid order by (r->>'rank')::integer),
         array_agg((r->>'points')::integer order by (r->>'rank')::integer),
         array_agg((r->>'byes')::integer > 0 order by (r->>'rank')::integer)
    into v_ids, v_points, v_had_bye
    from jsonb_array_elements(v_table) as r
   where p_active is null or (r->>'entry_id')::uuid = any (p_active);
  v_n := coalesce(array_length(v_ids, 1), 0);
  if v_n = 0 then
    return '[]'::jsonb;
  end if;
  v_met := array_fill(false, array[v_n * v_n]);
  for v_match in select m from jsonb_array_elements(p_matches) as m where m->>'status' = 'confirmed' loop
    v_a := array_position(v_ids, (v_match->>'entry_a')::uuid);
    v_b := array_position(v_ids, (v_match->>'entry_b')::uuid);
    if v_a is not null and v_b is not null then
      v_met[(v_a - 1) * v_n + v_b] := true;
      v_met[(v_b - 1) * v_n + v_a] := true;
    end if;
  end loop;
  -- One buyer's entries (p_buyers) are kept apart as players who met are: a pairing that avoids it is preferred.
  if p_buyers is not null then
    if cardinality(p_buyers) <> cardinality(p_entries) then
      raise exception 'p_buyers names the buyer of each entry, in the order of p_entries' using errcode = '22023';
    end if;
    for v_a in 1..v_n loop
      for v_b in 1..v_n loop
        if v_a <> v_b and p_buyers[array_position(p_entries, v_ids[v_a])] = p_buyers[array_position(p_entries, v_ids[v_b])] then
          v_met[(v_a - 1) * v_n + v_b] := true;
        end if;
      end loop;
    end loop;
  end if;

  -- Levels in order of what is given up first: bit 1 a pair more than 3 points apart, bit 2 a second bye,
  -- bit 4 a rematch. Level 7 allows all three, so it always pairs everyone.
  for v_level in 0..7 loop
    continue when v_n % 2 = 0 and v_level & 2 <> 0;
    -- Levels 5 and 7 allow rematches and gaps: everyone may meet everyone, so they pair without a step back.
    continue when v_budget <= 0 and v_level & 5 <> 5;
    if v_n % 2 = 0 then
      v_byes := array[0];
    else
      -- Lowest placed first; a second bye only on the levels that allow one (the others were tried already).
      v_byes := array(select k from generate_series(v_n, 1, -1) as k where v_had_bye[k] = (v_level & 2 <> 0));
    end if;
    foreach v_bye in array v_byes loop
      exit when v_budget <= 0 and v_level & 5 <> 5;
      select * into v_search
        from private.swiss_pair_rest(v_points, v_met, v_bye, v_level & 4 <> 0, v_level & 1 <> 0,
                                     case when v_level & 5 = 5 then v_n else least(v_budget, 5000) end);
      v_budget := v_budget - v_search.choices;
      v_partner := v_search.partners;
      if v_partner is not null then
        return (
          select coalesce(jsonb_agg(jsonb_build_object('position', row_number, 'entry_a', a, 'entry_b', b) order by row_number), '[]'::jsonb)
            from (select row_number() over (order by i = v_bye, i) as row_number, v_ids[i] as a,
                         case when v_partner[i] > 0 then v_ids[v_partner[i]] end as b
                    from generate_series(1, v_n) as i
                   where v_partner[i] = -1 or v_partner[i] > i) as pairs
        );
      end if;
    end loop;
  end loop;
  raise exception 'No Swiss pairing was found for % players', v_n using errcode = '22023';
end;
$function$;

-- Double elimination ----------------------------------------------------------------------------------

comment on function private.bracket_seed_order(integer) is 'The standard seed order of a bracket of p_size (a power of two): order(1) = [1]; order(2m) = s, 2m + 1 - s for each s of order(m). The same order as private.standard_seed_order of the brackets area (a test holds them equal); kept here so that this area calls no other.';
CREATE OR REPLACE FUNCTION private.bracket_seed_order(p_size integer)
 RETURNS integer[]
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v_order integer[] := array[1];
  v_next integer[];
  v_seed integer;
begin
  while cardinality(v_order) < p_size loop
    v_next := '{}';
    foreach v_seed in array v_order loop
      v_next := v_next || v_seed || (2 * cardinality(v_order) + 1 - v_seed);
    end loop;
    v_order := v_next;
  end loop;
  return v_order;
end;
$function$;

comment on function private.losers_drop_order(integer,integer) is 'The order in which the losers of winners'' round p_round (their match positions 1..k) drop into the losers'' bracket of a double-elimination bracket of p_size: the orders of the "superior losers'' bracket seeding" (natural, reverse, half_shift, reverse_half_shift, pair_flip, as brackets-manager names them), chosen per size and round so that two players who met meet again as late as possible.';
CREATE OR REPLACE FUNCTION private.losers_drop_order(p_size integer, p_round integer)
 RETURNS integer[]
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  with method as (
    select (case p_size
              when 4 then array['natural', 'reverse']
              when 8 then array['natural', 'reverse', 'natural']
              when 16 then array['natural', 'reverse_half_shift', 'reverse', 'natural']
              when 32 then array['natural', 'reverse', 'half_shift', 'natural', 'natural']
              when 64 then array['natural', 'reverse', 'half_shift', 'reverse', 'natural', 'natural']
              when 128 then array['natural', 'reverse', 'half_shift', 'pair_flip', 'pair_flip', 'pair_flip', 'natural']
            end)[p_round] as name,
           p_size >> p_round as k
  )
  select array(
    select case m.name
             when 'reverse' then m.k + 1 - i
             when 'half_shift' then case when i <= m.k - m.k / 2 then i + m.k / 2 else i - (m.k - m.k / 2) end
             when 'reverse_half_shift' then case when i <= m.k / 2 then m.k / 2 + 1 - i else m.k + m.k / 2 + 1 - i end
             when 'pair_flip' then case when i % 2 = 1 then i + 1 else i - 1 end
             else i
           end
      from method as m, generate_series(1, m.k) as g (i)
     order by g.i)
    from method;
$function$;

comment on function private.double_elimination_structure(integer) is 'Every match of a double-elimination bracket for p_entries (3 to 128) players, as rows: bracket (winners, losers, grand_final), round within the bracket, position within the round, play_round (the order they can be played in: winners'' round r at 1 then 2(r - 1), losers'' round l at l + 1, the grand final after both), seed_a and seed_b (winners'' round 1 only: the seeds of the standard order; null a bye), empty_a and empty_b (a seat no player will ever reach, because of the byes), winner_to and loser_to ({ bracket, round, position, slot } with slot a or b; null: out, or the title). Losers drop in the order of private.losers_drop_order. The grand final''s first match is between the winners'' champion (a) and the losers'' champion (b); its winner_to and loser_to lead to the reset match (reset true), played only when b wins the first.';
CREATE OR REPLACE FUNCTION private.double_elimination_structure(p_entries integer)
 RETURNS TABLE(bracket text, round integer, "position" integer, play_round integer, seed_a integer, seed_b integer, empty_a boolean, empty_b boolean, winner_to jsonb, loser_to jsonb, reset boolean)
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v_size integer := 4;
  v_rounds integer := 2;
  v_order integer[];
  v_drops integer[];
  v_index integer;
  v_lb_rounds integer;
  v_produces boolean[];      -- losers' matches of the previous round that send a player on
  v_next_produces boolean[];
  r integer;
  p integer;
begin
  if p_entries is null or p_entries < 3 or p_entries > 128 then
    raise exception 'A double-elimination bracket takes 3 to 128 entries, not %', p_entries using errcode = '22023';
  end if;
  while v_size < p_entries loop
    v_size := v_size * 2;
    v_rounds := v_rounds + 1;
  end loop;
  v_order := private.bracket_seed_order(v_size);
  v_lb_rounds := 2 * (v_rounds - 1);

  -- The winners' bracket: the knockout of the standard seeding; each loser drops as losers_drop_order says.
  for r in 1..v_rounds loop
    v_drops := private.losers_drop_order(v_size, r);
    for p in 1..(v_size >> r) loop
      bracket := 'winners'; round := r; "position" := p;
      play_round := case when r = 1 then 1 else 2 * (r - 1) end;
      seed_a := case when r = 1 then v_order[2 * p - 1] end;
      seed_b := case when r = 1 and v_order[2 * p] <= p_entries then v_order[2 * p] end;
      empty_a := false;
      empty_b := r = 1 and seed_b is null;
      winner_to := case when r < v_rounds
                        then jsonb_build_object('bracket', 'winners', 'round', r + 1, 'position', (p + 1) / 2, 'slot', case when p % 2 = 1 then 'a' else 'b' end)
                        else jsonb_build_object('bracket', 'grand_final', 'round', 1, 'position', 1, 'slot', 'a') end;
      v_index := array_position(v_drops, p);
      loser_to := case when r = 1
                       then jsonb_build_object('bracket', 'losers', 'round', 1, 'position', (v_index + 1) / 2, 'slot', case when v_index % 2 = 1 then 'a' else 'b' end)
                       else jsonb_build_object('bracket', 'losers', 'round', 2 * (r - 1), 'position', v_index, 'slot', 'a') end;
      -- A bye has no loser: the seat it would fill stays empty.
      if empty_b then
        loser_to := null;
      end if;
      reset := false;
      return next;
    end loop;
  end loop;

  -- The losers' bracket: odd rounds pair the survivors, even rounds meet the players dropping from the
  -- winners' bracket (seat a) with the survivors (seat b).
  v_drops := private.losers_drop_order(v_size, 1);
  for r in 1..v_lb_rounds loop
    v_next_produces := '{}';
    for p in 1..(v_size >> ((r + 1) / 2 + 1)) loop
      bracket := 'losers'; round := r; "position" := p;
      play_round := r + 1;
      seed_a := null; seed_b := null;
      if r = 1 then
        -- Seats fed by winners' round 1: empty when that match was a bye.
        empty_a := v_order[2 * v_drops[2 * p - 1]] > p_entries;
        empty_b := v_order[2 * v_drops[2 * p]] > p_entries;
      elsif r % 2 = 0 then
        empty_a := false;
        empty_b := not v_produces[p];
      else
        empty_a := not v_produces[2 * p - 1];
        empty_b := not v_produces[2 * p];
      end if;
      v_next_produces[p] := not (empty_a and empty_b);
      winner_to := case when r = v_lb_rounds
                          then jsonb_build_object('bracket', 'grand_final', 'round', 1, 'position', 1, 'slot', 'b')
                        when r % 2 = 1
                          then jsonb_build_object('bracket', 'losers', 'round', r + 1, 'position', p, 'slot', 'b')
                        else jsonb_build_object('bracket', 'losers', 'round', r + 1, 'position', (p + 1) / 2, 'slot', case when p % 2 = 1 then 'a' else 'b' end) end;
      loser_to := null;
      reset := false;
      return next;
    end loop;
    v_produces := v_next_produces;
  end loop;

  -- The grand final, and its reset when the losers' champion (seat b) wins the first.
  bracket := 'grand_final'; round := 1; "position" := 1; play_round := 2 * v_rounds;
  seed_a := null; seed_b := null; empty_a := false; empty_b := false;
  winner_to := jsonb_build_object('bracket', 'grand_final', 'round', 2, 'position', 1, 'slot', 'b');
  loser_to := jsonb_build_object('bracket', 'grand_final', 'round', 2, 'position', 1, 'slot', 'a');
  reset := false;
  return next;
  round := 2; play_round := 2 * v_rounds + 1; winner_to := null; loser_to := null; reset := true;
  return next;
end;
$function$;

-- =====================================================================================================
-- Policies and grants: who may call
-- =====================================================================================================

-- Swiss -----------------------------------------------------------------------------------------------

revoke all on function private.swiss_rounds(integer,integer) from public;

revoke all on function private.swiss_results(uuid[],jsonb) from public;

revoke all on function private.swiss_table(uuid[],jsonb) from public;

revoke all on function private.swiss_pair_rest(integer[],boolean[],integer,boolean,boolean,integer) from public;

revoke all on function private.swiss_pairing(uuid[],jsonb,uuid[],uuid[]) from public;

-- Double elimination ----------------------------------------------------------------------------------

revoke all on function private.bracket_seed_order(integer) from public;

revoke all on function private.losers_drop_order(integer,integer) from public;

revoke all on function private.double_elimination_structure(integer) from public;
