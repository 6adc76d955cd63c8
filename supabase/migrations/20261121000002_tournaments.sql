-- =====================================================================================================
-- Tournaments: the money and capacity facts of each catalog entry
-- =====================================================================================================
-- The catalog (src/content/tournaments/*.json) is the only place organisers edit tournaments;
-- `npm run catalog:sync` copies the facts payments rely on into this table. Payments trust this row, never
-- an amount sent by a browser. Only the sync (service role) and the payment confirmation write it.

create table public.tournaments (
  id text primary key
    constraint tournaments_id_is_a_slug check (id ~ '^[a-z0-9][a-z0-9_-]{1,62}$'),
  title text not null
    constraint tournaments_title_length check (char_length(title) between 3 and 80),
  series text not null
    constraint tournaments_series_known check (series in ('championship', 'quick')),
  format text not null
    constraint tournaments_format_present check (char_length(btrim(format)) > 0),
  entry_fee_paise integer not null
    constraint tournaments_entry_fee_positive check (entry_fee_paise > 0),
  prize_pool_paise integer not null
    constraint tournaments_prize_pool_not_negative check (prize_pool_paise >= 0),
  winner_prize_paise integer
    constraint tournaments_winner_prize_within_pool check (winner_prize_paise between 0 and prize_pool_paise),
  max_players integer not null
    constraint tournaments_max_players_positive check (max_players > 0),
  -- Taken by the payment confirmation in one statement: `update ... set filled_slots = filled_slots + n
  -- where filled_slots + n <= max_players`, so the constraint below is never the first line of defence.
  filled_slots integer not null default 0
    constraint tournaments_filled_slots_not_negative check (filled_slots >= 0),
  is_live boolean not null default false,
  registration_closes_at timestamptz,
  starts_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint tournaments_capacity_respected check (filled_slots <= max_players)
);

comment on table public.tournaments is
  'Money and capacity facts of the catalog (src/content/tournaments). Written by npm run catalog:sync and the payment confirmation only.';
comment on column public.tournaments.filled_slots is
  'Slots taken by confirmed payments. The catalog sync never touches it.';

create trigger tournaments_set_updated_at
  before update on public.tournaments
  for each row execute function private.set_updated_at();

-- -----------------------------------------------------------------------------------------------------
-- Security
-- -----------------------------------------------------------------------------------------------------
alter table public.tournaments enable row level security;

-- Supabase grants everything on new tables to the API roles; browsers only ever read this one.
revoke insert, update, delete, truncate, references, trigger on public.tournaments from anon, authenticated;

create policy "Anyone can read tournaments"
  on public.tournaments for select
  to anon, authenticated
  using (true);

-- -----------------------------------------------------------------------------------------------------
-- Realtime: live slot counts reach every open tournament page
-- -----------------------------------------------------------------------------------------------------
alter publication supabase_realtime add table public.tournaments;
