-- =====================================================================================================
-- Tournament registrations: a player's confirmed place (slots) in a tournament
-- =====================================================================================================
-- Written only by the payment confirmation. One payment makes at most one registration
-- (`payment_id` is unique), so a webhook and a browser confirming the same payment cannot register twice.

create table public.tournament_registrations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id),
  tournament_id text not null references public.tournaments (id),
  slots integer not null
    constraint tournament_registrations_slots_range check (slots between 1 and 10),
  status text not null default 'upcoming'
    constraint tournament_registrations_status_known
      check (status in ('upcoming', 'ongoing', 'completed', 'cancelled')),
  registered_at timestamptz not null default now(),
  payment_id uuid not null
    constraint tournament_registrations_one_per_payment unique,
  constraint tournament_registrations_match_payment
    foreign key (payment_id, user_id, tournament_id, slots)
    references public.payments (id, user_id, tournament_id, slots)
);

create index tournament_registrations_player on public.tournament_registrations (user_id, registered_at desc);
create index tournament_registrations_tournament on public.tournament_registrations (tournament_id, registered_at);

-- -----------------------------------------------------------------------------------------------------
-- Security
-- -----------------------------------------------------------------------------------------------------
alter table public.tournament_registrations enable row level security;

revoke all on public.tournament_registrations from anon;
revoke insert, update, delete, truncate, references, trigger on public.tournament_registrations from authenticated;

-- Lets Realtime deliver a player's own registration changes (My Tournaments refreshes live).
create policy "Players can read their own registrations"
  on public.tournament_registrations for select
  to authenticated
  using ((select auth.uid()) = user_id);

-- -----------------------------------------------------------------------------------------------------
-- Realtime
-- -----------------------------------------------------------------------------------------------------
alter publication supabase_realtime add table public.tournament_registrations;
