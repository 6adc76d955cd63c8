-- =====================================================================================================
-- Prizes from each tournament's own pool and formula; forfeits; the public payout record
-- =====================================================================================================
-- Every tournament pays from its own prize_pool_paise by its own formula (public.tournaments.prize_formula):
-- the catalog sync writes each championship edition's, a pod takes its series' when it opens. A formula's
-- bands total exactly the pool (a trigger refuses any other, so the sync stops with the reason); a share of
-- the pool that does not divide to the paisa gives its odd paise, one by one, to the better places. A
-- tournament without a formula (null or an empty list) pays its whole pool to the winner; one without a pool
-- pays nothing.
--
-- A disqualified (withdrawn) or refunded (cancelled) entry's prize is not paid and not re-awarded: it is
-- forfeited, kept by the platform, written to the audit log and shown in the payout record. Everyone else
-- keeps the band the bracket gave them, so what is credited is never more than the pool.
--
-- The prize credit and a staff correction both lock the tournament row: a correction waits for a credit
-- under way and then is refused (no correction after the prizes are credited).
--
-- get_tournament_payouts(p_tournament_id) is the public record of every prize: place, in-game name, amount
-- and whether it is waiting, held, forfeited, credited or paid (first in, first out from the player's
-- processed payouts), without tax.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- A formula and its bands
-- -----------------------------------------------------------------------------------------------------
alter table public.tournaments
  add column prize_formula jsonb,
  add constraint tournaments_prize_formula_is_a_list check (prize_formula is null or jsonb_typeof(prize_formula) = 'array');
comment on column public.tournaments.prize_formula is 'This tournament''s own prize bands (the series'' form); they total prize_pool_paise exactly. Null or empty: the whole pool to the winner.';

-- The bands of a formula for a pool, as (from_place, to_place, total_paise). Bands are
-- {from_place, to_place, amount_paise}, {from_place, to_place, share_bp} (basis points of the pool) or the
-- catalog's {places: "2-6", paise}. The paise a share loses to rounding go one by one to the share bands of
-- the better places.
create function private.formula_bands(p_formula jsonb, p_pool_paise bigint)
returns table (from_place integer, to_place integer, total_paise bigint)
  language sql immutable set search_path = ''
as $$
  with items as (
    select coalesce((item ->> 'from_place')::integer, split_part(item ->> 'places', '-', 1)::integer) as from_place,
           coalesce((item ->> 'to_place')::integer, nullif(split_part(item ->> 'places', '-', 2), '')::integer,
                    split_part(item ->> 'places', '-', 1)::integer) as to_place,
           (item ->> 'share_bp')::bigint as share_bp,
           coalesce((item ->> 'amount_paise')::bigint, (item ->> 'paise')::bigint, 0) as amount_paise
      from jsonb_array_elements(case when jsonb_typeof(p_formula) = 'array' then p_formula else '[]'::jsonb end) as item
  ), valid as (
    select i.*, case when i.share_bp is not null then coalesce(p_pool_paise, 0) * i.share_bp / 10000 else i.amount_paise end as base
      from items i
     where i.from_place >= 1 and i.to_place >= i.from_place
  ), leftover as (
    select coalesce(p_pool_paise, 0) - coalesce(sum(base), 0) as paise, count(*) filter (where share_bp is not null) as shares
      from valid
  ), ranked as (
    select v.*, case when v.share_bp is not null then row_number() over (partition by v.share_bp is not null order by v.from_place) end as share_rank
      from valid v
  )
  select r.from_place, r.to_place,
         (r.base + case when r.share_rank is not null and l.paise > 0 and l.paise < l.shares and r.share_rank <= l.paise
                        then 1 else 0 end)::bigint
    from ranked r cross join leftover l;
$$;
comment on function private.formula_bands(jsonb, bigint) is 'A formula''s bands for a pool; the paise a share loses to rounding go to the better places, so a valid formula totals the pool exactly.';

-- Why a formula cannot pay this pool (null: it can).
create function private.prize_formula_problem(p_formula jsonb, p_pool_paise bigint) returns text
  language plpgsql immutable set search_path = ''
as $$
declare
  v_item jsonb;
  v_total bigint;
begin
  if p_formula is null or p_formula = '[]'::jsonb then
    return null; -- the whole pool to the winner
  end if;
  if jsonb_typeof(p_formula) <> 'array' then
    return 'the prize formula must be a list of bands';
  end if;
  for v_item in select value from jsonb_array_elements(p_formula) loop
    if jsonb_typeof(v_item) <> 'object'
       or not (coalesce(v_item ->> 'places', '') ~ '^[1-9][0-9]{0,3}(-[1-9][0-9]{0,3})?$'
               or (coalesce(v_item ->> 'from_place', '') ~ '^[1-9][0-9]{0,3}$' and coalesce(v_item ->> 'to_place', '') ~ '^[1-9][0-9]{0,3}$'))
       or not (coalesce(v_item ->> 'share_bp', '') ~ '^[0-9]{1,5}$'
               or coalesce(v_item ->> 'amount_paise', v_item ->> 'paise', '') ~ '^[0-9]{1,15}$') then
      return 'the band ' || v_item::text || ' is not {places, paise}, {from_place, to_place, amount_paise} or {from_place, to_place, share_bp}';
    end if;
    if (v_item ->> 'share_bp') is not null and (v_item ->> 'share_bp')::integer > 10000 then
      return 'the band ' || v_item::text || ' takes more than the whole pool';
    end if;
  end loop;
  if (select count(*) from private.formula_bands(p_formula, p_pool_paise)) <> jsonb_array_length(p_formula) then
    return 'a band''s places must run from a place to the same or a later one';
  end if;
  if exists (select 1 from private.formula_bands(p_formula, p_pool_paise) a, private.formula_bands(p_formula, p_pool_paise) b
              where (a.from_place, a.to_place) <> (b.from_place, b.to_place)
                and int4range(a.from_place, a.to_place, '[]') && int4range(b.from_place, b.to_place, '[]')) then
    return 'two bands pay the same place';
  end if;
  if (select count(*) from (select from_place, to_place from private.formula_bands(p_formula, p_pool_paise)
                             group by 1, 2 having count(*) > 1) as twice) > 0 then
    return 'two bands pay the same place';
  end if;
  select coalesce(sum(total_paise), 0) into v_total from private.formula_bands(p_formula, p_pool_paise);
  if v_total <> coalesce(p_pool_paise, 0) then
    return 'its bands pay ₹' || to_char(v_total / 100.0, 'FM99999999990.00') || ' in total but its prize pool is ₹'
           || to_char(coalesce(p_pool_paise, 0) / 100.0, 'FM99999999990.00') || ': the bands must add up to the pool exactly';
  end if;
  return null;
end;
$$;
comment on function private.prize_formula_problem(jsonb, bigint) is 'The one rule for a prize formula: well-formed bands, no place paid twice, a total of exactly the pool.';

-- Refuses a tournament or series whose formula does not pay exactly its pool; a pod (or any tournament of
-- a series) opened without a formula takes its series' when that pays exactly its own pool.
create function private.check_prize_formula() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  v_problem text;
  v_series_formula jsonb;
begin
  if tg_table_name = 'tournaments' and tg_op = 'INSERT' then
    if new.prize_formula is null and new.series_id is not null then
      select s.prize_formula into v_series_formula from public.series s where s.id = new.series_id;
      if v_series_formula is not null and private.prize_formula_problem(v_series_formula, new.prize_pool_paise) is null then
        new.prize_formula := v_series_formula;
      end if;
    end if;
  end if;
  v_problem := private.prize_formula_problem(new.prize_formula, new.prize_pool_paise);
  if v_problem is not null then
    raise exception 'The prize formula of % is refused: %', new.id, v_problem
      using errcode = 'PT400', hint = 'invalid_prize_formula';
  end if;
  return new;
end;
$$;
comment on function private.check_prize_formula() is 'A prize formula that does not pay exactly the pool never lands: the catalog sync stops with the reason.';

create trigger tournaments_check_prize_formula
  before insert or update of prize_formula, prize_pool_paise on public.tournaments
  for each row execute function private.check_prize_formula();
create trigger series_check_prize_formula
  before insert or update of prize_formula, prize_pool_paise on public.series
  for each row execute function private.check_prize_formula();

-- Tournaments already there take their series' formula where it pays exactly their own pool (a free cup's
-- pool of ₹0 does not take the paid championship's); the others pay their whole pool to the winner.
update public.tournaments t
   set prize_formula = s.prize_formula
  from public.series s
 where s.id = t.series_id and t.prize_formula is null
   and private.prize_formula_problem(s.prize_formula, t.prize_pool_paise) is null;

-- The bands of a tournament: its own formula for its own pool.
create or replace function private.prize_formula_bands(p_tournament public.tournaments)
returns table (from_place integer, to_place integer, total_paise bigint)
  language sql stable set search_path = ''
as $$
  select b.from_place, b.to_place, b.total_paise
    from private.formula_bands(
           coalesce(nullif(p_tournament.prize_formula, '[]'::jsonb),
                    case when coalesce(p_tournament.prize_pool_paise, 0) > 0
                         then jsonb_build_array(jsonb_build_object('from_place', 1, 'to_place', 1,
                                                                   'amount_paise', p_tournament.prize_pool_paise))
                         else '[]'::jsonb end),
           p_tournament.prize_pool_paise) as b;
$$;
comment on function private.prize_formula_bands(public.tournaments) is 'A tournament''s bands from its own formula and pool (no formula or an empty one: the whole pool to the winner; no pool: none).';

-- -----------------------------------------------------------------------------------------------------
-- Forfeits and holds
-- -----------------------------------------------------------------------------------------------------
-- Why an entry's prize is forfeited (null: it is not): disqualified or withdrawn, or its slot refunded.
create function private.entry_prize_forfeited(p_entry_id uuid) returns text
  language sql stable set search_path = ''
as $$
  select case
           when e.status = 'withdrawn' and e.withdraw_reason like 'Disqualified%' then 'disqualified'
           when e.status = 'withdrawn' then 'withdrawn'
           when e.status = 'cancelled' or r.status = 'cancelled' or p.status in ('refund_pending', 'refunded') then 'refunded'
         end
    from public.entries e
    left join public.tournament_registrations r on r.id = e.registration_id
    left join public.payments p on p.id = r.payment_id
   where e.id = p_entry_id;
$$;
comment on function private.entry_prize_forfeited(uuid) is 'A disqualified, withdrawn or refunded entry wins nothing: its band''s amount is kept by the platform, not re-awarded.';

-- Whether an entry's prize waits for a staff decision. Every reason to hold a prize belongs here.
create function private.entry_prize_held(p_entry_id uuid) returns boolean
  language sql stable set search_path = ''
as $$
  select exists (select 1 from public.entries e join public.tournament_registrations r on r.id = e.registration_id
                  where e.id = p_entry_id and r.disputed_at is not null)
      or exists (select 1 from public.entries e
                   join public.matches m on m.tournament_id = e.tournament_id
                   join public.match_disputes d on d.match_id = m.id
                  where e.id = p_entry_id and d.settled_at is null);
$$;
comment on function private.entry_prize_held(uuid) is 'Held: a chargeback on the entry''s payment or an open dispute in its tournament. The one place that says when a prize waits for staff.';

-- -----------------------------------------------------------------------------------------------------
-- Crediting
-- -----------------------------------------------------------------------------------------------------
create or replace function private.credit_prizes(p_tournament_id text) returns jsonb
  language plpgsql set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_row record;
  v_award private.prize_awards%rowtype;
  v_credited integer := 0;
  v_held integer := 0;
  v_forfeited integer := 0;
  v_paise bigint := 0;
  v_forfeited_paise bigint := 0;
begin
  -- The same lock as a staff correction: the standings cannot change while they are paid.
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  if v_tournament.settled_at is not null then
    return jsonb_build_object('settled', true, 'credited', 0, 'held', 0, 'forfeited', 0, 'paise', 0, 'already', true);
  end if;
  if v_tournament.cancelled_at is not null then
    return jsonb_build_object('waiting', 'cancelled');
  end if;
  if v_tournament.finished_at is null then
    return jsonb_build_object('waiting', 'not_finished');
  end if;
  if v_now < v_tournament.finished_at + private.challenge_window(v_tournament) then
    return jsonb_build_object('waiting', 'challenge_window');
  end if;
  if exists (select 1 from public.match_disputes d join public.matches m on m.id = d.match_id
              where m.tournament_id = p_tournament_id and d.settled_at is null) then
    return jsonb_build_object('waiting', 'open_dispute');
  end if;

  for v_row in
    select a.*, private.entry_prize_forfeited(a.entry_id) as forfeit, private.entry_prize_held(a.entry_id) as held
      from private.prize_allocation(p_tournament_id) a
     where a.amount_paise > 0 and a.player_id is not null
     order by a.first_place, a.entry_id
  loop
    insert into private.prize_awards (tournament_id, entry_id, player_id, place_label, amount_paise, status, created_at,
                                      decided_at, note)
    values (p_tournament_id, v_row.entry_id, v_row.player_id, v_row.place_label, v_row.amount_paise,
            case when v_row.forfeit is not null then 'forfeited' when v_row.held then 'held' else 'credited' end, v_now,
            case when v_row.forfeit is not null then v_now end, v_row.forfeit)
    on conflict (tournament_id, entry_id) do nothing
    returning * into v_award;
    if v_award.entry_id is null then
      continue;
    end if;
    if v_award.status = 'forfeited' then
      v_forfeited := v_forfeited + 1;
      v_forfeited_paise := v_forfeited_paise + v_award.amount_paise;
      perform private.audit(p_tournament_id, 'prize_forfeited',
                            'Prize of ' || private.entry_name(v_award.entry_id) || ' for ' || v_award.place_label || ' forfeited ('
                            || v_row.forfeit || '): ₹' || to_char(v_award.amount_paise / 100.0, 'FM99999999990.00')
                            || ' stays with the platform',
                            null, null, jsonb_build_object('amount_paise', v_award.amount_paise, 'reason', v_row.forfeit), true,
                            null, v_award.entry_id);
    elsif v_award.status = 'held' then
      v_held := v_held + 1;
      perform private.audit(p_tournament_id, 'prize_held',
                            'Prize of ' || private.entry_name(v_award.entry_id) || ' held: its payment has a chargeback',
                            null, null, jsonb_build_object('amount_paise', v_award.amount_paise), false, null, v_award.entry_id);
    else
      update private.prize_awards set journal_id = private.post_prize(v_award, null)
       where tournament_id = v_award.tournament_id and entry_id = v_award.entry_id;
      v_credited := v_credited + 1;
      v_paise := v_paise + v_award.amount_paise;
    end if;
    v_award := null;
  end loop;

  update public.tournaments set settled_at = v_now where id = p_tournament_id;
  perform private.audit(p_tournament_id, 'prizes_credited',
                        'Prizes credited: ₹' || to_char(v_paise / 100.0, 'FM99999999990.00') || ' to ' || v_credited || ' players'
                        || case when v_forfeited > 0 then '; ₹' || to_char(v_forfeited_paise / 100.0, 'FM99999999990.00')
                                                          || ' forfeited' else '' end,
                        null, null, jsonb_build_object('credited', v_credited, 'held', v_held, 'paise', v_paise,
                                                       'forfeited', v_forfeited, 'forfeited_paise', v_forfeited_paise), true);
  return jsonb_build_object('settled', true, 'credited', v_credited, 'held', v_held, 'paise', v_paise,
                            'forfeited', v_forfeited, 'forfeited_paise', v_forfeited_paise);
end;
$$;
comment on function private.credit_prizes(text) is 'Credits a tournament''s prizes once they are due: forfeits those of disqualified or refunded entries, holds those staff must decide, then settles it.';

-- What a player will be credited from tournaments not settled yet (a forfeited prize is not coming).
create or replace function private.waiting_prizes_paise(p_user_id uuid) returns bigint
  language sql stable set search_path = ''
as $$
  select coalesce(sum(a.amount_paise), 0)::bigint
    from public.tournaments t
   cross join lateral private.prize_allocation(t.id) a
   where t.finished_at is not null and t.settled_at is null and t.cancelled_at is null
     and exists (select 1 from public.entries e where e.tournament_id = t.id and e.player_id = p_user_id)
     and a.player_id = p_user_id
     and private.entry_prize_forfeited(a.entry_id) is null;
$$;

-- -----------------------------------------------------------------------------------------------------
-- A correction takes the prize credit's lock
-- -----------------------------------------------------------------------------------------------------
create or replace function public.staff_correct_result(p_match_id uuid, p_winner_entry_id uuid, p_score integer[], p_reason text,
                                                       p_apply boolean default false)
returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_match public.matches := private.lock_match(p_match_id);
  v_staff uuid := private.require_staff('referee', v_match.tournament_id);
  v_reason text := private.require_reason(p_reason);
  v_old_winner uuid := v_match.winner_entry_id;
  v_later jsonb;
  v_next public.matches%rowtype;
begin
  if v_match.status <> 'confirmed' or v_match.entry_a is null or v_match.entry_b is null then
    raise exception 'Only a confirmed result between two players can be corrected' using errcode = 'PT409', hint = 'match_not_confirmed';
  end if;
  -- The prize credit holds this lock while it pays: a correction waits for it, then sees the prizes credited.
  perform 1 from public.tournaments where id = v_match.tournament_id for update;
  if exists (select 1 from public.tournaments where id = v_match.tournament_id and settled_at is not null) then
    raise exception 'The prizes of this tournament are credited: results can no longer change' using errcode = 'PT409', hint = 'prizes_credited';
  end if;
  if p_winner_entry_id is null or p_winner_entry_id not in (v_match.entry_a, v_match.entry_b) then
    raise exception 'The winner must be one of the two entries of the match' using errcode = 'PT400', hint = 'invalid_winner';
  end if;
  if p_score is not null and (array_length(p_score, 1) <> 2 or p_score[1] not between 0 and 99 or p_score[2] not between 0 and 99
                              or (p_score[1] > p_score[2] and p_winner_entry_id <> v_match.entry_a)
                              or (p_score[1] < p_score[2] and p_winner_entry_id <> v_match.entry_b)) then
    raise exception 'The score is [a, b] in the order of the entries, and the winner has more goals (or won the shoot-out)'
      using errcode = 'PT400', hint = 'invalid_score';
  end if;

  select coalesce(jsonb_agg(jsonb_build_object('match_id', m.id, 'round', m.round, 'position', m.position, 'status', m.status,
                                               'played', m.status in ('confirmed', 'reported', 'disputed', 'ready'))
                            order by m.round), '[]'::jsonb)
    into v_later
    from private.matches_after(v_match) m
   where p_winner_entry_id <> v_old_winner;

  if not p_apply then
    return jsonb_build_object('match_id', p_match_id, 'winner_changes', p_winner_entry_id <> v_old_winner, 'later_matches', v_later,
                              'applied', false);
  end if;

  if p_winner_entry_id <> v_old_winner then
    -- Reset the path, from the last match back to the first, then put the new winner in.
    for v_next in select * from private.matches_after(v_match) order by round desc loop
      update public.matches
         set entry_a = case when entry_a = v_old_winner then null else entry_a end,
             entry_b = case when entry_b = v_old_winner then null else entry_b end
       where id = v_next.id;
      perform private.reset_match(v_next.id, v_now);
      perform private.audit(v_match.tournament_id, 'match_reset',
                            'Round ' || v_next.round || ' match ' || v_next.position || ' reset after a correction',
                            v_reason, to_jsonb(v_next), null, true, v_staff, null, v_next.id);
    end loop;
    update public.tournaments set finished_at = null where id = v_match.tournament_id and finished_at is not null
       and exists (select 1 from private.matches_after(v_match));
  end if;
  v_match := private.confirm_result(v_match, p_winner_entry_id, p_score[1], p_score[2], 'result_corrected', v_reason, v_staff, true);
  return jsonb_build_object('match_id', p_match_id, 'winner_changes', p_winner_entry_id <> v_old_winner, 'later_matches', v_later,
                            'applied', true);
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- The public payout record
-- -----------------------------------------------------------------------------------------------------
-- When each credited prize of a player was credited and paid: the player's processed payouts (their gross,
-- which left the balance) pay the prizes first in, first out. A reversed payout no longer counts, so the
-- prizes it paid are credited again.
create function private.prize_paid_times(p_user_id uuid)
returns table (tournament_id text, entry_id uuid, credited_at timestamptz, paid_at timestamptz)
  language sql stable set search_path = ''
as $$
  with prizes as (
    select a.tournament_id, a.entry_id, j.created_at as credited_at,
           sum(a.amount_paise) over (order by j.created_at, j.id) as covered_by
      from private.prize_awards a
      join private.ledger_journal j on j.id = a.journal_id
     where a.player_id = p_user_id and a.status = 'credited'
  ), paid as (
    select p.processed_at, sum(p.gross_paise) over (order by p.processed_at, p.id) as paid_so_far
      from public.payouts p
     where p.user_id = p_user_id and p.status = 'processed' and p.processed_at is not null
  )
  select z.tournament_id, z.entry_id, z.credited_at,
         (select case when min(d.processed_at) is not null then greatest(min(d.processed_at), z.credited_at) end
            from paid d where d.paid_so_far >= z.covered_by)
    from prizes z;
$$;
comment on function private.prize_paid_times(uuid) is 'A player''s credited prizes with when each was paid: processed payouts cover them first in, first out.';

create function public.get_tournament_payouts(p_tournament_id text) returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
declare
  v_tournament public.tournaments%rowtype;
  v_due timestamptz;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id;
  if not found then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  if v_tournament.cancelled_at is not null or v_tournament.finished_at is null then
    return '[]'::jsonb;
  end if;
  v_due := v_tournament.finished_at + private.challenge_window(v_tournament);

  if v_tournament.settled_at is null then
    return coalesce((
      select jsonb_agg(jsonb_build_object(
               'place', a.place_label, 'in_game_name', private.entry_name(a.entry_id), 'prize_paise', a.amount_paise,
               'status', case when private.entry_prize_forfeited(a.entry_id) is not null then 'forfeited'
                              when private.entry_prize_held(a.entry_id) then 'held'
                              else 'waiting' end,
               'credited_at', null, 'paid_at', null, 'due_at', v_due)
             order by a.first_place, a.entry_id)
        from private.prize_allocation(p_tournament_id) a
       where a.amount_paise > 0 and a.player_id is not null), '[]'::jsonb);
  end if;

  return coalesce((
    select jsonb_agg(jsonb_build_object(
             'place', aw.place_label, 'in_game_name', private.entry_name(aw.entry_id), 'prize_paise', aw.amount_paise,
             'status', case when aw.status = 'forfeited' then 'forfeited'
                            when aw.status = 'held' then 'held'
                            when f.paid_at is not null then 'paid'
                            when private.entry_prize_held(aw.entry_id) then 'held'
                            else 'credited' end,
             'credited_at', f.credited_at, 'paid_at', f.paid_at, 'due_at', v_due)
           order by substring(aw.place_label from '^[0-9]+')::integer, aw.amount_paise desc, aw.entry_id)
      from private.prize_awards aw
      left join lateral (select t.credited_at, t.paid_at from private.prize_paid_times(aw.player_id) t
                          where t.tournament_id = aw.tournament_id and t.entry_id = aw.entry_id) f on true
     where aw.tournament_id = p_tournament_id), '[]'::jsonb);
end;
$$;
comment on function public.get_tournament_payouts(text) is 'The public contract: every prize of a tournament with its place, in-game name, amount and status (waiting, held, forfeited, credited, paid), for anyone; no tax. due_at is when the challenge window ends.';

-- The standings are read through function scans whose row guesses make PostgreSQL compile these queries
-- (JIT): about 1.5 s per call on a server that has JIT, to save nothing on a bracket of a few hundred rows.
alter function private.prize_allocation(text) set jit = off;
alter function private.credit_prizes(text) set jit = off;
alter function private.waiting_prizes_paise(uuid) set jit = off;
alter function public.get_tournament_payouts(text) set jit = off;

revoke all on function private.formula_bands(jsonb, bigint) from public;
revoke all on function private.prize_formula_problem(jsonb, bigint) from public;
revoke all on function private.check_prize_formula() from public;
revoke all on function private.entry_prize_forfeited(uuid) from public;
revoke all on function private.entry_prize_held(uuid) from public;
revoke all on function private.prize_paid_times(uuid) from public;
revoke all on function public.get_tournament_payouts(text) from public;
grant execute on function public.get_tournament_payouts(text) to anon, authenticated;
