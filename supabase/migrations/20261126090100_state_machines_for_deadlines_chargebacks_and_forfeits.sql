-- The moves that the acting functions' deadlines, the chargebacks and the forfeited prizes make, declared in the
-- one transitions table (private.status_transitions) like every other move.

-- A match nobody was ready for is voided by the decision that the periodic step and every acting function share.
update private.status_transitions set allowed_by = '{private.apply_due_match_decision}'
 where machine = 'match' and from_status = 'scheduled' and to_status = 'void';

insert into private.status_transitions (machine, from_status, to_status, allowed_by) values
  -- An early close of check-in withdraws the places not checked in itself (and refunds them).
  ('entry', 'active', 'withdrawn', '{public.staff_close_check_in}'),
  -- A prize of a disqualified, withdrawn, refunded or charged-back entry is forfeited when prizes are credited;
  -- a held prize is credited when its chargeback is won and forfeited when it is lost.
  ('prize_award', null, 'forfeited', '{private.credit_prizes}'),
  ('prize_award', 'held', 'credited', '{private.release_won_chargeback}'),
  ('prize_award', 'held', 'forfeited', '{private.book_lost_chargeback}'),
  -- chargeback: a Razorpay payment dispute, open until the bank decides; the first decision is final.
  ('chargeback', null, 'open', '{public.service_record_payment_dispute}'),
  ('chargeback', 'open', 'won', '{public.service_record_payment_dispute}'),
  ('chargeback', 'open', 'lost', '{public.service_record_payment_dispute}')
on conflict (machine, from_status, to_status)
  do update set allowed_by = (select array_agg(distinct f order by f)
                                from unnest(private.status_transitions.allowed_by || excluded.allowed_by) as f);

create trigger chargebacks_start_in_state_machine before insert on private.chargebacks
  for each row execute function private.keep_to_state_machines('chargeback', 'status');
create trigger chargebacks_move_along_state_machine before update on private.chargebacks
  for each row when (old.status is distinct from new.status) execute function private.keep_to_state_machines('chargeback', 'status');
comment on trigger chargebacks_move_along_state_machine on private.chargebacks is
  'The chargeback machine: open until the bank decides it won or lost; a decision is never undone.';
