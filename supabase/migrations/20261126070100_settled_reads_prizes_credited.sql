-- =====================================================================================================
-- A settled tournament reads "Prizes credited"
-- =====================================================================================================
-- 'settled' means the prizes are credited to the winners' balances; no money has left yet (a payout waits
-- for the winner's withdrawal, the PAN check and, the first time, an admin). "Prizes paid" promised more
-- than had happened. src/features/tournaments/status.ts carries the same words (a test compares them).
-- =====================================================================================================

create or replace function private.tournament_status_label(p_status text)
  returns text
  language sql immutable set search_path = ''
as $$
  select case p_status
    when 'scheduled' then 'Coming soon'
    when 'open' then 'Registration open'
    when 'full' then 'Full'
    when 'check-in' then 'Check-in'
    when 'live' then 'Live'
    when 'finished' then 'Finished'
    when 'settled' then 'Prizes credited'
    when 'cancelled' then 'Cancelled'
  end;
$$;
