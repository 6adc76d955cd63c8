-- =====================================================================================================
-- Prizes: the formula of each series, the standings, and crediting them once
-- =====================================================================================================
-- A series' prize_formula is a list of bands, each either
--   {from_place, to_place, amount_paise}   those places share this amount, or
--   {from_place, to_place, share_bp}       those places share this part of the tournament's pool
--                                          (basis points: 10000 is the whole pool);
-- the catalog's older form {places: "2-6", paise} reads as the first. A tournament without a formula pays
-- its whole pool to the winner.
--
-- Each place is worth its share of its band (the band's amount split equally, the odd paise to the better
-- places). Players knocked out in the same round share the places they occupy together: their places'
-- worth is added up and split equally, the odd paise paisa by paisa in seed order (seed 1 first).
--
-- private.credit_prizes(t) credits them once the tournament is finished, its challenge window has passed
-- (pods 2 h, championships 24 h) and no dispute is open. A prize of an entry whose payment has a
-- chargeback is held (staff release it). Then the tournament is settled. Posting is idempotent: a
-- second run credits nothing.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- New kinds of notification and outside call for prizes, KYC and payouts
-- -----------------------------------------------------------------------------------------------------
alter table public.notifications
  drop constraint notifications_kind_known,
  add constraint notifications_kind_known check (kind in ('check_in_open', 'draw_made', 'room_posted', 'opponent_ready',
    'opponent_reported', 'dispute_opened', 'dispute_settled', 'next_match', 'tournament_finished',
    'prize_credited', 'payout_sent', 'payout_failed', 'kyc_result'));

create or replace function private.notification_kinds() returns text[]
  language sql immutable set search_path = ''
as $$
  select array['check_in_open', 'draw_made', 'room_posted', 'opponent_ready', 'opponent_reported', 'dispute_opened',
               'dispute_settled', 'next_match', 'tournament_finished', 'prize_credited', 'payout_sent', 'payout_failed',
               'kyc_result'];
$$;

alter table private.outbox
  drop constraint outbox_kind_known,
  add constraint outbox_kind_known
    check (kind in ('razorpay_refund', 'razorpay_order_check', 'parental_consent_email', 'email',
                    'pan_verification', 'upi_validation', 'razorpayx_payout', 'razorpayx_payout_check'));

-- -----------------------------------------------------------------------------------------------------
-- The formula
-- -----------------------------------------------------------------------------------------------------
-- The bands of a tournament's formula as (from_place, to_place, total_paise).
create function private.prize_formula_bands(p_tournament public.tournaments)
returns table (from_place integer, to_place integer, total_paise bigint)
  language sql stable set search_path = ''
as $$
  with formula as (
    select coalesce(nullif(s.prize_formula, '[]'::jsonb),
                    case when coalesce(p_tournament.prize_pool_paise, 0) > 0
                         then jsonb_build_array(jsonb_build_object('from_place', 1, 'to_place', 1,
                                                                   'amount_paise', p_tournament.prize_pool_paise))
                         else '[]'::jsonb end) as list
      from (select 1) as one
      left join public.series s on s.id = p_tournament.series_id
  ), items as (
    select item,
           coalesce((item ->> 'from_place')::integer, split_part(item ->> 'places', '-', 1)::integer) as from_place,
           coalesce((item ->> 'to_place')::integer, nullif(split_part(item ->> 'places', '-', 2), '')::integer,
                    split_part(item ->> 'places', '-', 1)::integer) as to_place
      from formula cross join lateral jsonb_array_elements(formula.list) as item
  )
  select from_place, to_place,
         case when item ? 'share_bp'
              then (coalesce(p_tournament.prize_pool_paise, 0)::bigint * (item ->> 'share_bp')::bigint) / 10000
              else coalesce((item ->> 'amount_paise')::bigint, (item ->> 'paise')::bigint, 0) end
    from items
   where from_place >= 1 and to_place >= from_place;
$$;

-- What each single place is worth.
create function private.place_amounts(p_tournament public.tournaments)
returns table (place integer, amount_paise bigint)
  language sql stable set search_path = ''
as $$
  select p, sum(b.total_paise / (b.to_place - b.from_place + 1)
                + case when p - b.from_place < b.total_paise % (b.to_place - b.from_place + 1) then 1 else 0 end)::bigint
    from private.prize_formula_bands(p_tournament) b
   cross join lateral generate_series(b.from_place, b.to_place) as p
   group by p;
$$;

-- get_tournament_prizes(p_tournament_id): what each band of the bracket pays, for the tournament page.
create function public.get_tournament_prizes(p_tournament_id text) returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
declare
  v_tournament public.tournaments%rowtype;
  v_size integer;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id;
  if not found then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  v_size := coalesce((select bracket_size from public.draws where tournament_id = p_tournament_id),
                     private.next_power_of_two(greatest(v_tournament.max_players, 2)));
  return coalesce((
    with bands as (
      select int4range(1, 1, '[]') as band
      union all
      select int4range((1 << k) + 1, 1 << (k + 1), '[]') from generate_series(0, 30) as k where (1 << k) < v_size
    ), totals as (
      select b.band, coalesce(sum(a.amount_paise), 0)::bigint as total
        from bands b
        left join private.place_amounts(v_tournament) a on a.place <@ b.band
       group by b.band
    )
    select jsonb_agg(jsonb_build_object('band', private.place_label(band), 'from_place', lower(band), 'to_place', upper(band) - 1,
                                        'amount_paise_each', total / (upper(band) - lower(band)), 'total_paise', total)
                     order by lower(band))
      from totals where total > 0), '[]'::jsonb);
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- Who wins what
-- -----------------------------------------------------------------------------------------------------
-- Seeds from the round-1 positions of the bracket (standard seeding).
create function private.entry_seeds(p_tournament_id text) returns table (entry_id uuid, seed integer)
  language sql stable set search_path = ''
as $$
  with d as (select bracket_size, private.standard_seed_order(bracket_size) as seed_order from public.draws where tournament_id = p_tournament_id)
  select m.entry_a, d.seed_order[2 * m.position - 1] from public.matches m, d
   where m.tournament_id = p_tournament_id and m.round = 1 and m.entry_a is not null
  union all
  select m.entry_b, d.seed_order[2 * m.position] from public.matches m, d
   where m.tournament_id = p_tournament_id and m.round = 1 and m.entry_b is not null;
$$;

-- The prize of every entry with a place (zero amounts included), from the standings.
create function private.prize_allocation(p_tournament_id text)
returns table (entry_id uuid, player_id uuid, place_label text, first_place integer, last_place integer, amount_paise bigint)
  language sql stable set search_path = ''
as $$
  with t as (select * from public.tournaments where id = p_tournament_id),
  standings as (
    select b.value as band, b.ord from jsonb_array_elements(public.get_standings(p_tournament_id)) with ordinality as b (value, ord)
  ), members as (
    select s.ord, s.band ->> 'place' as label, (e.value ->> 'entry_id')::uuid as entry_id
      from standings s cross join lateral jsonb_array_elements(s.band -> 'entries') as e (value)
  ), counts as (
    select ord, count(*)::integer as k from members group by ord
  ), ranges as (
    select ord, k, (sum(k) over (order by ord) - k + 1)::integer as first_place, (sum(k) over (order by ord))::integer as last_place
      from counts
  ), totals as (
    select r.*, coalesce((select sum(a.amount_paise) from t cross join lateral private.place_amounts(t) a
                           where a.place between r.first_place and r.last_place), 0)::bigint as total
      from ranges r
  ), ranked as (
    select m.entry_id, m.label, tt.first_place, tt.last_place, tt.total, tt.k,
           row_number() over (partition by m.ord order by s.seed nulls last, m.entry_id) as rn
      from members m
      join totals tt on tt.ord = m.ord
      left join private.entry_seeds(p_tournament_id) s on s.entry_id = m.entry_id
  )
  select r.entry_id, e.player_id, r.label, r.first_place, r.last_place,
         (r.total / r.k + case when r.rn <= r.total % r.k then 1 else 0 end)::bigint
    from ranked r
    join public.entries e on e.id = r.entry_id;
$$;

-- How long players may still challenge a final result.
create function private.challenge_window(p_tournament public.tournaments) returns interval
  language sql immutable set search_path = ''
as $$
  select case when p_tournament.series = 'championship' then interval '24 hours' else interval '2 hours' end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- Crediting
-- -----------------------------------------------------------------------------------------------------
create table private.prize_awards (
  tournament_id text not null references public.tournaments (id),
  entry_id uuid not null references public.entries (id),
  player_id uuid not null references auth.users (id),
  place_label text not null,
  amount_paise bigint not null constraint prize_awards_amount_positive check (amount_paise > 0),
  status text not null constraint prize_awards_status_known check (status in ('credited', 'held', 'forfeited')),
  journal_id bigint references private.ledger_journal (id),
  created_at timestamptz not null,
  decided_at timestamptz,
  decided_by uuid,
  note text,
  primary key (tournament_id, entry_id)
);
create index prize_awards_of_player on private.prize_awards (player_id);
revoke all on private.prize_awards from public, anon, authenticated, service_role;

create function private.post_prize(p_award private.prize_awards, p_by uuid) returns bigint
  language plpgsql set search_path = ''
as $$
declare
  v_journal bigint;
  v_title text;
begin
  v_journal := private.post_journal('prize', 'prize:' || p_award.tournament_id || ':' || p_award.entry_id, jsonb_build_array(
    jsonb_build_object('account', 'prize_pool:' || p_award.tournament_id, 'amount_paise', -p_award.amount_paise),
    jsonb_build_object('account', private.player_account(p_award.player_id), 'amount_paise', p_award.amount_paise,
                       'user_id', p_award.player_id)), p_by);
  if v_journal is not null then
    select title into v_title from public.tournaments where id = p_award.tournament_id;
    perform private.notify(p_award.player_id, 'prize_credited',
                           'Prize credited: ₹' || to_char(p_award.amount_paise / 100.0, 'FM99999999990.00'),
                           'You placed ' || p_award.place_label || ' in ' || coalesce(v_title, p_award.tournament_id)
                           || '. The prize is in your balance: withdraw it from your earnings page.',
                           '/earnings/', p_award.tournament_id || '-' || p_award.entry_id);
  end if;
  return v_journal;
end;
$$;

-- Credits the prizes of one tournament when they are due. Returns what it did:
-- {credited, held, paise, settled} or {waiting: '<why>'}.
create function private.credit_prizes(p_tournament_id text) returns jsonb
  language plpgsql set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_row record;
  v_award private.prize_awards%rowtype;
  v_credited integer := 0;
  v_held integer := 0;
  v_paise bigint := 0;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  if v_tournament.settled_at is not null then
    return jsonb_build_object('settled', true, 'credited', 0, 'held', 0, 'paise', 0, 'already', true);
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
    select a.*, r.disputed_at is not null as chargeback
      from private.prize_allocation(p_tournament_id) a
      join public.entries e on e.id = a.entry_id
      left join public.tournament_registrations r on r.id = e.registration_id
     where a.amount_paise > 0 and a.player_id is not null
     order by a.first_place, a.entry_id
  loop
    insert into private.prize_awards (tournament_id, entry_id, player_id, place_label, amount_paise, status, created_at)
    values (p_tournament_id, v_row.entry_id, v_row.player_id, v_row.place_label, v_row.amount_paise,
            case when v_row.chargeback then 'held' else 'credited' end, v_now)
    on conflict (tournament_id, entry_id) do nothing
    returning * into v_award;
    if v_award.entry_id is null then
      continue;
    end if;
    if v_award.status = 'held' then
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
                        'Prizes credited: ₹' || to_char(v_paise / 100.0, 'FM99999999990.00') || ' to ' || v_credited || ' players',
                        null, null, jsonb_build_object('credited', v_credited, 'held', v_held, 'paise', v_paise), true);
  return jsonb_build_object('settled', true, 'credited', v_credited, 'held', v_held, 'paise', v_paise);
end;
$$;

-- Every tournament whose prizes are due.
create function private.credit_due_prizes(p_now timestamptz) returns integer
  language plpgsql set search_path = ''
as $$
declare
  v_id text;
  v_settled integer := 0;
begin
  for v_id in
    select t.id from public.tournaments t
     where t.finished_at is not null and t.settled_at is null and t.cancelled_at is null
       and t.finished_at + private.challenge_window(t) <= p_now
     order by t.finished_at, t.id
  loop
    if private.credit_prizes(v_id) ? 'settled' then
      v_settled := v_settled + 1;
    end if;
  end loop;
  return v_settled;
end;
$$;

-- staff_decide_held_prize(p_tournament_id, p_entry_id, p_pay, p_reason): an admin pays a held prize
-- (the chargeback was won) or forfeits it.
create function public.staff_decide_held_prize(p_tournament_id text, p_entry_id uuid, p_pay boolean, p_reason text)
returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_admin uuid := private.require_staff('admin', p_tournament_id);
  v_reason text := private.require_reason(p_reason);
  v_award private.prize_awards%rowtype;
begin
  select * into v_award from private.prize_awards where tournament_id = p_tournament_id and entry_id = p_entry_id for update;
  if not found then
    raise exception 'No prize for this entry' using errcode = 'PT404', hint = 'prize_not_found';
  end if;
  if v_award.status <> 'held' then
    raise exception 'This prize is not held' using errcode = 'PT409', hint = 'prize_not_held';
  end if;
  update private.prize_awards
     set status = case when p_pay then 'credited' else 'forfeited' end,
         decided_at = private.clock_now(), decided_by = v_admin, note = v_reason,
         journal_id = case when p_pay then private.post_prize(v_award, v_admin) end
   where tournament_id = p_tournament_id and entry_id = p_entry_id
  returning * into v_award;
  perform private.audit(p_tournament_id, case when p_pay then 'held_prize_paid' else 'held_prize_forfeited' end,
                        'Held prize of ' || private.entry_name(p_entry_id) || case when p_pay then ' paid' else ' forfeited' end,
                        v_reason, null, jsonb_build_object('amount_paise', v_award.amount_paise), false, v_admin, p_entry_id);
  return jsonb_build_object('status', v_award.status, 'amount_paise', v_award.amount_paise);
end;
$$;

revoke all on function private.prize_formula_bands(public.tournaments) from public;
revoke all on function private.place_amounts(public.tournaments) from public;
revoke all on function private.entry_seeds(text) from public;
revoke all on function private.prize_allocation(text) from public;
revoke all on function private.challenge_window(public.tournaments) from public;
revoke all on function private.post_prize(private.prize_awards, uuid) from public;
revoke all on function private.credit_prizes(text) from public;
revoke all on function private.credit_due_prizes(timestamptz) from public;
revoke all on function public.staff_decide_held_prize(text, uuid, boolean, text) from public, anon;
grant execute on function public.staff_decide_held_prize(text, uuid, boolean, text) to authenticated;
revoke all on function public.get_tournament_prizes(text) from public;
grant execute on function public.get_tournament_prizes(text) to anon, authenticated;
