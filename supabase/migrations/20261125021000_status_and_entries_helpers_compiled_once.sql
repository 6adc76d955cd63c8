-- =====================================================================================================
-- The tournament's status, its windows, the clock and a registration's entries: compiled once per
-- connection
-- =====================================================================================================
-- Every paid confirmation asks private.tournament_takes_payments(), which asks tournament_status(), which
-- asks tournament_registration_closes_at(), which asks tournament_check_in_opens_at(); it reads
-- private.clock_now(), as do the ledger and the outbox; every update of a payment asks
-- private.payment_has_entry_fee() twice; and a confirmation that takes a place makes its entries with
-- create_entries_for_registration() while the tournament's row is locked. They were SQL functions, and a
-- SQL function that pins search_path is not inlined: PostgreSQL parsed and planned its body again in every
-- statement that called it (0.1-0.2 ms for the status chain). As PL/pgSQL they keep their compiled form
-- and cached plans for the connection (about 0.01 ms).
--
-- Names, arguments, volatility and answers are those of 20261123040000 (the status and its windows),
-- 20261123030000 (the clock), 20261123070100 (entries) and 20261125020000 (the entry fee);
-- supabase/tests/status-helpers-equivalence.test.ts compares them with those definitions over a grid of
-- tournaments, clock times, payments and registrations. check_in_closes_at() is not on the confirmation's
-- path but changes with its sibling windows. The local stack still replaces clock_now() with its movable
-- clock (supabase/local/clock.sql).
-- =====================================================================================================

create or replace function private.clock_now() returns timestamptz
  language plpgsql stable
  set search_path = ''
as $$
begin
  return now();
end;
$$;

create or replace function private.tournament_check_in_opens_at(p_tournament public.tournaments)
returns timestamptz
language plpgsql stable set search_path = ''
as $$
begin
  return coalesce(p_tournament.check_in_opens_at,
                  p_tournament.starts_at - case p_tournament.series when 'championship' then interval '24 hours'
                                                                     else interval '60 minutes' end);
end;
$$;

create or replace function private.tournament_check_in_closes_at(p_tournament public.tournaments)
returns timestamptz
language plpgsql stable set search_path = ''
as $$
begin
  return coalesce(p_tournament.check_in_closes_at,
                  p_tournament.starts_at - case p_tournament.series when 'championship' then interval '60 minutes'
                                                                     else interval '15 minutes' end);
end;
$$;

-- The close time (default one hour before the start) or the opening of check-in, whichever is first.
create or replace function private.tournament_registration_closes_at(p_tournament public.tournaments)
returns timestamptz
language plpgsql stable set search_path = ''
as $$
begin
  return least(coalesce(p_tournament.registration_closes_at, p_tournament.starts_at - interval '1 hour'),
               private.tournament_check_in_opens_at(p_tournament));
end;
$$;

create or replace function private.tournament_status(p_tournament public.tournaments, p_now timestamptz)
returns text
language plpgsql stable set search_path = ''
as $$
begin
  return case
    when p_tournament.cancelled_at is not null and p_tournament.cancelled_at <= p_now then 'cancelled'
    when p_tournament.fill_deadline_at is not null and p_tournament.fill_deadline_at <= p_now
         and p_tournament.filled_slots < p_tournament.max_players then 'cancelled'
    when p_tournament.settled_at is not null then 'settled'
    when p_tournament.finished_at is not null then 'finished'
    when p_tournament.drawn_at is not null then 'live'
    when private.tournament_registration_closes_at(p_tournament) <= p_now then 'check-in'
    when not p_tournament.is_live
         or (p_tournament.registration_opens_at is not null and p_tournament.registration_opens_at > p_now) then 'scheduled'
    when p_tournament.filled_slots >= p_tournament.max_players then 'full'
    else 'open'
  end;
end;
$$;

-- Money is taken while the status is open (or full, which the slot count refuses with its own reason),
-- never after registration closes, never once cancelled.
create or replace function private.tournament_takes_payments(p_tournament public.tournaments, p_now timestamptz)
returns boolean
language plpgsql stable set search_path = ''
as $$
begin
  return private.tournament_status(p_tournament, p_now) in ('open', 'full')
     and p_tournament.starts_at > p_now;
end;
$$;

-- A registration makes one entry per slot. The buyer plays slot 1, unless they already hold a place here
-- (an invitation they accepted); every other slot waits for an invited player.
create or replace function private.create_entries_for_registration(p_registration public.tournament_registrations)
returns void
  language plpgsql
  set search_path = ''
as $$
begin
  insert into public.entries (tournament_id, registration_id, slot_number, buyer_id, player_id, invitation_token, created_at)
  select p_registration.tournament_id, p_registration.id, slot, p_registration.user_id,
         case when buyer_plays then p_registration.user_id end,
         case when buyer_plays then null else gen_random_uuid() end,
         p_registration.registered_at
    from generate_series(1, p_registration.slots) as slot
   cross join lateral (
     select slot = 1 and not exists (select 1 from public.entries e
                                      where e.tournament_id = p_registration.tournament_id
                                        and e.player_id = p_registration.user_id) as buyer_plays
   ) as who
  on conflict (registration_id, slot_number) do nothing;
end;
$$;

-- A payment carries an entry fee in the ledger once it is captured (paid, refund pending or refunded).
create or replace function private.payment_has_entry_fee(p_payment public.payments) returns boolean
  language plpgsql immutable set search_path = ''
as $$
begin
  return p_payment.amount_paise > 0 and p_payment.razorpay_payment_id is not null
     and p_payment.status in ('paid', 'refund_pending', 'refunded');
end;
$$;
