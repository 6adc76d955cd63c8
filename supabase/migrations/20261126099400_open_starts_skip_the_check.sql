-- A row that starts in a status any writer may use (an entry 'active', a registration 'upcoming', a payment
-- 'created' with nothing refunded) needs no check: its start trigger does not fire for it at all. The
-- conditions are written from the transitions table here, and foundation-state-machines.test.ts holds each
-- trigger's condition to the table, so a start that stops being open is checked again. It saves a lookup on
-- every entry, registration and checkout of a payment race.
drop trigger entries_start_in_state_machine on public.entries;
create trigger entries_start_in_state_machine before insert on public.entries
  for each row when (new.status is distinct from 'active') execute function private.keep_to_state_machines('entry', 'status');

drop trigger tournament_registrations_start_in_state_machine on public.tournament_registrations;
create trigger tournament_registrations_start_in_state_machine before insert on public.tournament_registrations
  for each row when (new.status is distinct from 'upcoming')
  execute function private.keep_to_state_machines('registration', 'status');

drop trigger payments_start_in_state_machine on public.payments;
create trigger payments_start_in_state_machine before insert on public.payments
  for each row when (new.status is distinct from 'created' or new.refunded_paise is distinct from 0)
  execute function private.keep_to_state_machines('payment', 'payments');
