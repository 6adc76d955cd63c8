-- =====================================================================================================
-- The draw and the bracket
-- =====================================================================================================
-- Commit-reveal: when a tournament row is created the database draws a secret into private.draw_secrets
-- (no API role can read that schema: not players, not staff, not the service role's REST calls) and
-- publishes its SHA-256 as tournaments.draw_commitment. At check-in close private.run_draw() runs once,
-- in one transaction:
--   1. entries not checked in are withdrawn (slots nobody accepted too), each in the audit log;
--   2. fewer than two checked in: the tournament is cancelled and refunded;
--   3. otherwise the seeds are a published, deterministic function of the secret and the sorted list of
--      checked-in entry ids (the help page "How to verify a draw", scripts/verify-draw.ts):
--        key(e)   = hex sha256(secret || ':' || entry_id)
--        groups   = entries bought together; each group takes an aligned block of P = next power of two
--                   >= its size consecutive seeds, the blocks tried in the order of
--                   hex sha256(secret || ':block:' || <its entry with the smallest key> || ':' || block)
--                   (aligned blocks of standard seeding sit in different parts of the bracket)
--        the rest take the lowest free seeds in key order;
--   4. the bracket is the next power of two S >= entries, seeds at the standard positions (seed 1 meets
--      seed S, ...), so byes (seeds above the entry count) only ever meet real entries in round 1 and
--      are advanced at once; every round's matches exist from the start, scheduled from the series'
--      round schedule;
--   5. the secret is revealed in public.draws with the list it was applied to.
-- The tournament row is locked first, so running it twice or concurrently makes one bracket (and the
-- unique (tournament, round, position) of matches would refuse a second one anyway).
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- The secret and its commitment
-- -----------------------------------------------------------------------------------------------------
create table private.draw_secrets (
  tournament_id text primary key,
  secret text not null,
  created_at timestamptz not null default now()
);
revoke all on private.draw_secrets from public;

alter table public.tournaments
  add column draw_commitment text
    constraint tournaments_draw_commitment_is_sha256 check (draw_commitment ~ '^[0-9a-f]{64}$');

comment on column public.tournaments.draw_commitment is
  'Lowercase hex SHA-256 of the draw secret, published before the draw; the secret is revealed in public.draws.';

create function private.sha256_hex(p_text text) returns text
  language sql immutable set search_path = ''
as $$
  select encode(sha256(convert_to(p_text, 'UTF8')), 'hex');
$$;

-- 244 random bits from two version-4 UUIDs (core PostgreSQL, no extension needed).
create function private.new_draw_secret() returns text
  language sql volatile set search_path = ''
as $$
  select replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
$$;

create function private.commit_draw_secret() returns trigger
  language plpgsql set search_path = ''
as $$
declare
  v_secret text := private.new_draw_secret();
begin
  insert into private.draw_secrets (tournament_id, secret) values (new.id, v_secret)
  on conflict (tournament_id) do update set secret = excluded.secret;
  new.draw_commitment := private.sha256_hex(v_secret);
  return new;
end;
$$;

create trigger tournaments_commit_draw_secret
  before insert on public.tournaments
  for each row execute function private.commit_draw_secret();

-- Tournaments that existed before the draw.
with secrets as (
  insert into private.draw_secrets (tournament_id, secret)
  select id, private.new_draw_secret() from public.tournaments
  on conflict (tournament_id) do nothing
  returning tournament_id, secret
)
update public.tournaments t set draw_commitment = private.sha256_hex(s.secret)
  from secrets s where s.tournament_id = t.id;

-- -----------------------------------------------------------------------------------------------------
-- The round schedule
-- -----------------------------------------------------------------------------------------------------
alter table public.series
  add column round_interval interval not null default interval '30 minutes'
    constraint series_round_interval_range check (round_interval between interval '5 minutes' and interval '7 days');

comment on column public.series.round_interval is
  'Round r is scheduled at the start + (r - 1) x this (a late round moves the later ones, never squeezes them).';

create function private.tournament_round_interval(p_tournament public.tournaments) returns interval
  language sql stable set search_path = ''
as $$
  select coalesce((select round_interval from public.series where id = p_tournament.series_id),
                  case p_tournament.series when 'championship' then interval '1 hour' else interval '30 minutes' end);
$$;

-- -----------------------------------------------------------------------------------------------------
-- Draws and matches
-- -----------------------------------------------------------------------------------------------------
create table public.draws (
  tournament_id text primary key references public.tournaments (id),
  commitment text not null,
  secret text not null,
  -- The checked-in entries the draw was applied to, sorted ascending (as text).
  entry_ids uuid[] not null,
  -- Entries bought together (groups of two or more), each sorted; the order of the groups is by key.
  same_buyer jsonb not null default '[]'::jsonb,
  bracket_size integer not null
    constraint draws_bracket_size_power_of_two check (bracket_size >= 2 and bracket_size & (bracket_size - 1) = 0),
  drawn_at timestamptz not null,
  constraint draws_secret_matches_commitment check (commitment = encode(sha256(convert_to(secret, 'UTF8')), 'hex'))
);

alter table public.draws enable row level security;
revoke insert, update, delete, truncate, references, trigger on public.draws from anon, authenticated;
create policy "Anyone can read draws" on public.draws for select to anon, authenticated using (true);

create table public.matches (
  id uuid primary key default gen_random_uuid(),
  tournament_id text not null references public.tournaments (id),
  round integer not null
    constraint matches_round_range check (round between 1 and 12),
  position integer not null
    constraint matches_position_positive check (position >= 1),
  -- The top slot (a) hosts the room. Null: a bye in round 1, or a place not decided yet.
  entry_a uuid references public.entries (id),
  entry_b uuid references public.entries (id),
  winner_entry_id uuid references public.entries (id),
  score_a integer constraint matches_score_a_range check (score_a between 0 and 99),
  score_b integer constraint matches_score_b_range check (score_b between 0 and 99),
  status text not null default 'pending'
    constraint matches_status_known
      check (status in ('pending', 'bye', 'scheduled', 'ready', 'reported', 'disputed', 'confirmed', 'void')),
  scheduled_at timestamptz not null,
  confirmed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint matches_one_per_place unique (tournament_id, round, position),
  constraint matches_winner_is_a_player check (winner_entry_id is null or winner_entry_id = entry_a or winner_entry_id = entry_b),
  constraint matches_two_different_entries check (entry_a is null or entry_b is null or entry_a <> entry_b),
  constraint matches_scores_together check ((score_a is null) = (score_b is null))
);

comment on table public.matches is
  'Every match of a bracket, created by the draw for all rounds. Readable by anyone; written by SQL functions only.';

create trigger matches_set_updated_at
  before update on public.matches
  for each row execute function private.set_updated_at();

alter table public.matches enable row level security;
revoke insert, update, delete, truncate, references, trigger on public.matches from anon, authenticated;
create policy "Anyone can read matches" on public.matches for select to anon, authenticated using (true);

alter publication supabase_realtime add table public.matches;

alter table public.audit_log
  add constraint audit_log_match_known foreign key (match_id) references public.matches (id),
  add constraint audit_log_entry_known foreign key (entry_id) references public.entries (id);

-- -----------------------------------------------------------------------------------------------------
-- Bracket arithmetic
-- -----------------------------------------------------------------------------------------------------
-- Integer arithmetic only: floating-point logarithms round the wrong way at exact powers.
create function private.next_power_of_two(p_n integer) returns integer
  language sql immutable set search_path = ''
as $$
  select min(1 << k) from generate_series(1, 20) as k where (1 << k) >= p_n;
$$;

-- Rounds of a bracket of p_size (a power of two): 2 -> 1, 8 -> 3, 512 -> 9.
create function private.bracket_rounds(p_size integer) returns integer
  language sql immutable set search_path = ''
as $$
  select count(*)::integer from generate_series(1, 20) as k where (1 << k) <= p_size;
$$;

-- Standard seeding: order(1) = [1]; order(2m) = s, 2m + 1 - s for each s of order(m). Position i of
-- round 1 holds seed order[i].
create function private.standard_seed_order(p_size integer) returns integer[]
  language plpgsql immutable set search_path = ''
as $$
declare
  v_order integer[] := array[1];
  v_next integer[];
  v_half integer := 1;
  v_seed integer;
begin
  while v_half < p_size loop
    v_next := '{}';
    foreach v_seed in array v_order loop
      v_next := v_next || v_seed || (2 * v_half + 1 - v_seed);
    end loop;
    v_order := v_next;
    v_half := v_half * 2;
  end loop;
  return v_order;
end;
$$;

create function private.round_name(p_round integer, p_rounds integer) returns text
  language sql immutable set search_path = ''
as $$
  select case p_rounds - p_round
    when 0 then 'Final'
    when 1 then 'Semi-finals'
    when 2 then 'Quarter-finals'
    else 'Round of ' || (1 << (p_rounds - p_round + 1))
  end;
$$;

-- Seeds for the draw: entry ids in seed order (element s is seed s). p_buyers[i] bought p_entries[i].
create function private.draw_seeds(p_secret text, p_entries uuid[], p_buyers uuid[]) returns uuid[]
  language plpgsql immutable set search_path = ''
as $$
declare
  v_n integer := coalesce(array_length(p_entries, 1), 0);
  -- Seeds already given to entries bought together, and those entries, side by side.
  v_group_seeds integer[] := '{}';
  v_group_entries uuid[] := '{}';
  v_group record;
  v_block integer;
  v_size integer;
  v_free integer[];
begin
  -- Groups of entries bought together, in the order of their smallest key.
  for v_group in
    with keyed as (
      select e.entry_id, b.buyer_id, private.sha256_hex(p_secret || ':' || e.entry_id::text) as key
        from unnest(p_entries) with ordinality as e (entry_id, i)
        join unnest(p_buyers) with ordinality as b (buyer_id, i) using (i)
    )
    select array_agg(entry_id order by key) as ids
      from keyed group by buyer_id having count(*) >= 2
     order by min(key)
  loop
    v_size := private.next_power_of_two(array_length(v_group.ids, 1));
    v_free := null;
    for v_block in
      select j from generate_series(0, (v_n + v_size - 1) / v_size - 1) as j
       order by private.sha256_hex(p_secret || ':block:' || v_group.ids[1]::text || ':' || j), j
    loop
      select array_agg(s order by s) into v_free
        from generate_series(v_block * v_size + 1, least(v_block * v_size + v_size, v_n)) as s
       where s <> all (v_group_seeds);
      exit when coalesce(array_length(v_free, 1), 0) >= array_length(v_group.ids, 1);
      v_free := null;
    end loop;
    if v_free is null then
      -- No block has room (a crowded small bracket): the lowest free seeds.
      select array_agg(s order by s) into v_free from generate_series(1, v_n) as s where s <> all (v_group_seeds);
    end if;
    v_group_seeds := v_group_seeds || v_free[1:array_length(v_group.ids, 1)];
    v_group_entries := v_group_entries || v_group.ids;
  end loop;

  -- Everyone else, in key order, on the lowest free seeds; then all of them in seed order.
  return (
    with singles as (
      select e.entry_id, row_number() over (order by private.sha256_hex(p_secret || ':' || e.entry_id::text)) as rank
        from unnest(p_entries) as e (entry_id)
       where e.entry_id <> all (v_group_entries)
    ),
    free as (
      select s as seed, row_number() over (order by s) as rank
        from generate_series(1, v_n) as s
       where s <> all (v_group_seeds)
    ),
    placed as (
      select free.seed, singles.entry_id from singles join free using (rank)
      union all
      select g.seed, g.entry_id from unnest(v_group_seeds, v_group_entries) as g (seed, entry_id)
    )
    select coalesce(array_agg(entry_id order by seed), '{}') from placed
  );
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- The draw
-- -----------------------------------------------------------------------------------------------------
-- p_actor: the staff member who closed check-in, or null when the periodic function did.
create function private.run_draw(p_tournament_id text, p_actor uuid) returns jsonb
  language plpgsql
  set search_path = ''
as $$
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

  -- 1. Withdraw every entry not checked in (and every slot nobody accepted).
  for v_withdrawn in
    update public.entries e
       set status = 'withdrawn', withdrawn_at = v_now,
           withdraw_reason = case when e.player_id is null then 'Nobody accepted this place before check-in closed.'
                                  else 'Not checked in before check-in closed.' end
     where e.tournament_id = p_tournament_id and e.status = 'active' and e.checked_in_at is null
    returning e.id, e.player_id, e.withdraw_reason
  loop
    perform private.audit(p_tournament_id, 'entry_withdrawn',
                          coalesce((select in_game_name from public.profiles where id = v_withdrawn.player_id), 'An unclaimed place')
                            || ' withdrawn at check-in close',
                          v_withdrawn.withdraw_reason, null, null, true, null, v_withdrawn.id);
  end loop;

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
$$;

-- The draw work of the periodic function: every tournament whose check-in has closed is drawn once.
create function private.run_due_draw_work() returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_drawn integer := 0;
begin
  for v_tournament in
    select * from public.tournaments t
     where t.drawn_at is null and t.cancelled_at is null
       and private.tournament_check_in_closes_at(t) <= v_now
       and private.tournament_status(t, v_now) = 'check-in'
     order by private.tournament_check_in_closes_at(t), t.id
     for update skip locked
  loop
    perform private.run_draw(v_tournament.id, null);
    v_drawn := v_drawn + 1;
  end loop;
  return jsonb_build_object('draws_run', v_drawn);
end;
$$;

create or replace function private.run_due_work() returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  return private.run_due_payment_work() || private.run_due_pod_work() || private.run_due_draw_work();
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- get_bracket(p_tournament_id): the public contract
-- -----------------------------------------------------------------------------------------------------
create function public.get_bracket(p_tournament_id text) returns jsonb
  language plpgsql stable
  security definer
  set search_path = ''
as $$
declare
  v_tournament public.tournaments%rowtype;
  v_draw public.draws%rowtype;
  v_rounds integer;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id;
  if not found then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  select * into v_draw from public.draws where tournament_id = p_tournament_id;
  v_rounds := coalesce(private.bracket_rounds(v_draw.bracket_size), 0);
  return jsonb_build_object(
    'draw', jsonb_build_object(
      'commitment', coalesce(v_draw.commitment, v_tournament.draw_commitment),
      'secret', v_draw.secret,
      'entry_ids', coalesce(to_jsonb(v_draw.entry_ids), '[]'::jsonb),
      'same_buyer', coalesce(v_draw.same_buyer, '[]'::jsonb),
      'drawn_at', v_draw.drawn_at,
      'bracket_size', v_draw.bracket_size),
    'rounds', coalesce((
      with shaped as (
        select m.round, m.position, m.scheduled_at,
               jsonb_build_object(
                 'id', m.id, 'round', m.round, 'position', m.position,
                 'entries', jsonb_build_array(
                   case when m.entry_a is null then null else jsonb_build_object('entry_id', m.entry_a, 'in_game_name', pa.in_game_name) end,
                   case when m.entry_b is null then null else jsonb_build_object('entry_id', m.entry_b, 'in_game_name', pb.in_game_name) end),
                 'score', case when m.score_a is null then null else jsonb_build_array(m.score_a, m.score_b) end,
                 'winner_entry_id', m.winner_entry_id,
                 'status', m.status,
                 'scheduled_at', m.scheduled_at) as match
          from public.matches m
          left join public.entries ea on ea.id = m.entry_a
          left join public.profiles pa on pa.id = ea.player_id
          left join public.entries eb on eb.id = m.entry_b
          left join public.profiles pb on pb.id = eb.player_id
         where m.tournament_id = p_tournament_id
      )
      select jsonb_agg(jsonb_build_object('round', round, 'name', private.round_name(round, v_rounds),
                                          'scheduled_at', scheduled_at, 'matches', matches) order by round)
        from (select round, min(scheduled_at) as scheduled_at, jsonb_agg(match order by position) as matches
                from shaped group by round) as r), '[]'::jsonb)
  );
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- get_tournament_changes(p_tournament_id): the public part of the audit log
-- -----------------------------------------------------------------------------------------------------
create function public.get_tournament_changes(p_tournament_id text) returns jsonb
  language sql stable
  security definer
  set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'at', a.at, 'action', a.action, 'summary', a.summary, 'reason', a.reason,
           'actor', case a.actor_role when 'referee' then 'Referee' when 'organiser' then 'Organiser'
                                      when 'admin' then 'Admin' else 'Automatic' end)
         order by a.at desc, a.id desc), '[]'::jsonb)
    from public.audit_log a
   where a.tournament_id = p_tournament_id and a.is_public;
$$;

-- -----------------------------------------------------------------------------------------------------
-- Who may call them
-- -----------------------------------------------------------------------------------------------------
revoke all on function private.sha256_hex(text) from public;
revoke all on function private.new_draw_secret() from public;
revoke all on function private.commit_draw_secret() from public;
revoke all on function private.tournament_round_interval(public.tournaments) from public;
revoke all on function private.next_power_of_two(integer) from public;
revoke all on function private.bracket_rounds(integer) from public;
revoke all on function private.standard_seed_order(integer) from public;
revoke all on function private.round_name(integer, integer) from public;
revoke all on function private.draw_seeds(text, uuid[], uuid[]) from public;
revoke all on function private.run_draw(text, uuid) from public;
revoke all on function private.run_due_draw_work() from public;
revoke all on function private.run_due_work() from public;
revoke all on function public.get_bracket(text) from public;
revoke all on function public.get_tournament_changes(text) from public;
grant execute on function public.get_bracket(text) to anon, authenticated, service_role;
grant execute on function public.get_tournament_changes(text) to anon, authenticated, service_role;
