-- =====================================================================================================
-- Series and pods: the quick formats run as sit-and-go pods the database opens by itself
-- =====================================================================================================
-- public.series        one row per kind of tournament (Super 4, 1v1 Pro, the monthly Championship ...),
--                      written by the catalog sync: fee, prize formula, capacity, windows, active flag.
-- pods                 tournaments rows with series_id and pod_number, created here, never by the sync.
--
-- Rules (lifecycle.md, Calendar):
--   - every active quick series has exactly one open pod;
--   - the payment that fills a pod closes it in the same transaction: start = now + 20 min, check-in
--     opens at once for 10 min, and the next pod of the series opens;
--   - two payments racing for the last place never exceed capacity: the confirmation's one-statement
--     update of filled_slots locks the pod row, and the loser is REFUNDED through the outbox
--     (reason tournament_full), never moved to the next pod: the player paid for this pod and decides
--     themselves whether to join the next one;
--   - a pod not full by its series' fill deadline (default 24 h) reads as cancelled at once and is
--     cancelled and refunded by private.run_due_work().
-- =====================================================================================================

create table public.series (
  id text primary key
    constraint series_id_is_a_slug check (id ~ '^[a-z0-9][a-z0-9_-]{1,40}$'),
  title text not null
    constraint series_title_length check (char_length(title) between 3 and 80),
  kind text not null
    constraint series_kind_known check (kind in ('championship', 'quick')),
  format text not null
    constraint series_format_present check (char_length(btrim(format)) > 0),
  entry_fee_paise integer not null
    constraint series_entry_fee_positive check (entry_fee_paise > 0),
  prize_pool_paise integer not null
    constraint series_prize_pool_not_negative check (prize_pool_paise >= 0),
  winner_prize_paise integer,
  -- What each place or band is paid, as shown on the series page: [{ "places": "1", "paise": 120000 }, ...].
  prize_formula jsonb not null default '[]'::jsonb
    constraint series_prize_formula_is_a_list check (jsonb_typeof(prize_formula) = 'array'),
  prize_formula_text text not null default '',
  capacity integer not null
    constraint series_capacity_range check (capacity between 2 and 1000),
  -- Registration closes this long before the start (championships; a pod closes when it fills).
  registration_closes_before interval not null default interval '1 hour',
  check_in_opens_before interval not null,
  check_in_closes_before interval not null,
  -- Pods: not full this long after opening, the pod is cancelled and refunded.
  fill_deadline interval not null default interval '24 hours',
  -- Pods: a full pod starts this long after it fills, with check-in open from the fill for pod_check_in.
  pod_start_delay interval not null default interval '20 minutes',
  pod_check_in interval not null default interval '10 minutes',
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.series is
  'Kinds of tournament (catalog: src/content/tournaments, written by npm run catalog:sync). Quick series run as pods.';

create trigger series_set_updated_at
  before update on public.series
  for each row execute function private.set_updated_at();

alter table public.series enable row level security;
revoke insert, update, delete, truncate, references, trigger on public.series from anon, authenticated;
create policy "Anyone can read series"
  on public.series for select
  to anon, authenticated
  using (true);

alter table public.tournaments
  add column series_id text references public.series (id),
  add column pod_number integer,
  add constraint tournaments_pod_has_series check (pod_number is null or series_id is not null),
  add constraint tournaments_one_pod_number unique (series_id, pod_number);

create index tournaments_pods_of_series on public.tournaments (series_id, pod_number desc) where pod_number is not null;

comment on column public.tournaments.pod_number is 'Pods only: 1, 2, 3 ... within the series. The catalog sync never touches pods.';

-- -----------------------------------------------------------------------------------------------------
-- Opening pods
-- -----------------------------------------------------------------------------------------------------
-- The open pod of a series, if any (open or full-but-not-closed: a pod that still takes entries).
create function private.open_pod_of(p_series_id text, p_now timestamptz)
returns text
language sql stable set search_path = ''
as $$
  select t.id
    from public.tournaments t
   where t.series_id = p_series_id and t.pod_number is not null
     and private.tournament_status(t, p_now) = 'open'
   order by t.pod_number desc
   limit 1;
$$;

-- Opens the next pod of an active quick series unless one is open. The series row is locked first, so two
-- transactions (two payments filling pods of the same series, the periodic function, the sync) never open
-- two pods at once.
create function private.ensure_open_pod(p_series_id text)
returns text
language plpgsql
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_series public.series%rowtype;
  v_pod text;
  v_number integer;
begin
  select * into v_series from public.series where id = p_series_id for update;
  if not found or not v_series.active or v_series.kind <> 'quick' then
    return null;
  end if;
  v_pod := private.open_pod_of(p_series_id, v_now);
  if v_pod is not null then
    return v_pod;
  end if;

  select coalesce(max(pod_number), 0) + 1 into v_number from public.tournaments where series_id = p_series_id;
  v_pod := left(p_series_id, 40) || '-pod-' || v_number;
  -- Until it fills, a pod's times are its deadline: registration stays open until then. Filling sets the
  -- real start (private.close_filled_pod).
  insert into public.tournaments (
    id, title, series, format, entry_fee_paise, prize_pool_paise, winner_prize_paise, max_players, is_live,
    registration_opens_at, registration_closes_at, check_in_opens_at, check_in_closes_at, starts_at,
    fill_deadline_at, series_id, pod_number
  )
  values (
    v_pod, left(v_series.title || ' #' || v_number, 80), 'quick', v_series.format, v_series.entry_fee_paise,
    v_series.prize_pool_paise, v_series.winner_prize_paise, v_series.capacity, true,
    v_now, v_now + v_series.fill_deadline, v_now + v_series.fill_deadline,
    v_now + v_series.fill_deadline + v_series.pod_check_in, v_now + v_series.fill_deadline + v_series.pod_start_delay,
    v_now + v_series.fill_deadline, p_series_id, v_number
  );
  return v_pod;
end;
$$;

create function private.ensure_open_pods()
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_series text;
  v_opened integer := 0;
  v_before text;
begin
  for v_series in select id from public.series where active and kind = 'quick' order by id loop
    v_before := private.open_pod_of(v_series, private.clock_now());
    if v_before is null and private.ensure_open_pod(v_series) is not null then
      v_opened := v_opened + 1;
    end if;
  end loop;
  return v_opened;
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- Filling a pod: in the same transaction as the payment that fills it
-- -----------------------------------------------------------------------------------------------------
create function private.close_filled_pod()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_series public.series%rowtype;
begin
  if new.pod_number is not null and new.filled_slots >= new.max_players and old.filled_slots < old.max_players
     and new.cancelled_at is null then
    select * into v_series from public.series where id = new.series_id;
    new.registration_closes_at := v_now;
    new.check_in_opens_at := v_now;
    new.check_in_closes_at := v_now + v_series.pod_check_in;
    new.starts_at := v_now + v_series.pod_start_delay;
    new.fill_deadline_at := null;
  end if;
  return new;
end;
$$;

create function private.open_next_pod_after_fill()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform private.ensure_open_pod(new.series_id);
  return null;
end;
$$;

create trigger tournaments_close_filled_pod
  before update of filled_slots on public.tournaments
  for each row
  when (new.pod_number is not null)
  execute function private.close_filled_pod();

create trigger tournaments_open_next_pod
  after update of filled_slots on public.tournaments
  for each row
  when (new.pod_number is not null and new.filled_slots >= new.max_players and old.filled_slots < old.max_players)
  execute function private.open_next_pod_after_fill();

-- -----------------------------------------------------------------------------------------------------
-- Cancelling: a pod past its fill deadline, or staff calling a tournament off
-- -----------------------------------------------------------------------------------------------------
create or replace function private.refusal_reason(p_code text) returns text
  language sql immutable set search_path = ''
as $$
  select case p_code
    when 'tournament_full' then 'The tournament filled up before your payment was confirmed. Your payment has been refunded in full.'
    when 'order_replaced' then 'You opened a newer checkout for this tournament. This payment has been refunded in full.'
    when 'order_expired' then 'Your checkout had expired when the payment arrived. Your payment has been refunded in full.'
    when 'registration_closed' then 'Registration had closed when your payment arrived. Your payment has been refunded in full.'
    when 'already_registered' then 'You were already registered for this tournament. This payment has been refunded in full.'
    when 'order_already_paid' then 'This order was already paid. This second payment has been refunded in full.'
    when 'tournament_cancelled' then 'The tournament was cancelled. Your payment has been refunded in full.'
  end;
$$;

-- Marks the tournament cancelled, withdraws its entries and queues a full refund of every paid entry, in
-- one transaction. Open orders are closed so no later payment registers (one that still arrives is
-- refunded by the confirmation: the status is cancelled).
create function private.cancel_tournament(p_tournament_id text, p_reason text, p_at timestamptz)
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

  for v_payment in
    update public.payments
       set status = 'refund_pending', failure_reason = private.refusal_reason('tournament_cancelled'), updated_at = v_now
     where tournament_id = p_tournament_id and status = 'paid'
    returning *
  loop
    perform private.queue_refund(v_payment.razorpay_payment_id, v_payment.amount_paise - v_payment.refunded_paise,
                                 'tournament_cancelled', v_payment);
    v_refunds := v_refunds + 1;
  end loop;
  return v_refunds;
end;
$$;

-- The pod work of the periodic function: cancel and refund pods past their deadline, then make sure every
-- active series has its open pod.
create function private.run_due_pod_work()
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_pod public.tournaments%rowtype;
  v_cancelled integer := 0;
  v_refunds integer := 0;
begin
  for v_pod in
    select * from public.tournaments
     where pod_number is not null and cancelled_at is null
       and fill_deadline_at is not null and fill_deadline_at <= v_now and filled_slots < max_players
     order by id
     for update skip locked
  loop
    v_refunds := v_refunds + private.cancel_tournament(
      v_pod.id, 'Not enough players joined before the deadline. Every entry has been refunded.', v_pod.fill_deadline_at);
    v_cancelled := v_cancelled + 1;
  end loop;
  return jsonb_build_object('pods_cancelled', v_cancelled, 'pod_refunds', v_refunds, 'pods_opened', private.ensure_open_pods());
end;
$$;

-- The periodic function runs the payment work (as before) and the pod work.
alter function private.run_due_work() rename to run_due_payment_work;

create function private.run_due_work() returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  return private.run_due_payment_work() || private.run_due_pod_work();
end;
$$;

-- The catalog sync calls this after writing the series (service role only).
create function public.service_ensure_open_pods() returns integer
language sql
security definer
set search_path = ''
as $$
  select private.ensure_open_pods();
$$;

-- -----------------------------------------------------------------------------------------------------
-- Who may call them
-- -----------------------------------------------------------------------------------------------------
revoke all on function private.open_pod_of(text, timestamptz) from public;
revoke all on function private.ensure_open_pod(text) from public;
revoke all on function private.ensure_open_pods() from public;
revoke all on function private.close_filled_pod() from public;
revoke all on function private.open_next_pod_after_fill() from public;
revoke all on function private.refusal_reason(text) from public;
revoke all on function private.cancel_tournament(text, text, timestamptz) from public;
revoke all on function private.run_due_pod_work() from public;
revoke all on function private.run_due_work() from public;
revoke all on function public.service_ensure_open_pods() from public, anon, authenticated;
grant execute on function public.service_ensure_open_pods() to service_role;

alter publication supabase_realtime add table public.series;

-- -----------------------------------------------------------------------------------------------------
-- Lists show a quick series by its newest pod: get_tournament_states also takes series ids
-- -----------------------------------------------------------------------------------------------------
-- A series id in p_tournament_ids answers the state of the series' newest pod (its open one while the
-- series is active), with `id` the series id and `pod_id` the pod's; a card of the series then shows
-- what a player can do now. Tournament ids answer as before.
create or replace function public.get_tournament_states(p_tournament_ids text[] default null)
returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  with asked as (
    select t.id as key, t as tournament, null::text as pod_id
      from public.tournaments as t
     where (p_tournament_ids is null or t.id = any (p_tournament_ids))
       and not exists (select 1 from public.series s where s.id = t.id and s.kind = 'quick')
    union all
    select s.id, newest.pod, (newest.pod).id
      from public.series as s
      cross join lateral (
        select p as pod from public.tournaments as p
         where p.series_id = s.id and p.pod_number is not null
         order by p.pod_number desc
         limit 1
      ) as newest
     where s.kind = 'quick' and p_tournament_ids is not null and s.id = any (p_tournament_ids)
  )
  select coalesce(jsonb_agg(private.tournament_list_state(tournament, private.clock_now())
                            || jsonb_build_object('id', key)
                            || case when pod_id is null then '{}'::jsonb else jsonb_build_object('pod_id', pod_id) end
                            order by (tournament).starts_at, key),
                  '[]'::jsonb)
    from asked;
$$;
