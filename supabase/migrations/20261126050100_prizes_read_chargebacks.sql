-- The prize rules and the chargeback record meet here. A prize waits while the payment behind its entry has an
-- open chargeback, and a chargeback the player lost forfeits the entry's prizes not yet credited (the platform
-- already bore the loss; paying a prize on money taken back would pay it twice). A won chargeback changes nothing.
create or replace function private.entry_prize_forfeited(p_entry_id uuid) returns text
  language sql stable set search_path = ''
as $$
  select case
           when private.entry_chargeback_status(e.id) = 'lost' then 'chargeback_lost'
           when e.status = 'withdrawn' and e.withdraw_reason like 'Disqualified%' then 'disqualified'
           when e.status = 'withdrawn' then 'withdrawn'
           when e.status = 'cancelled' or r.status = 'cancelled' or p.status in ('refund_pending', 'refunded') then 'refunded'
         end
    from public.entries e
    left join public.tournament_registrations r on r.id = e.registration_id
    left join public.payments p on p.id = r.payment_id
   where e.id = p_entry_id;
$$;
comment on function private.entry_prize_forfeited(uuid) is 'A disqualified, withdrawn or refunded entry, or one whose payment was lost to a chargeback, wins nothing: its band''s amount is kept by the platform, not re-awarded.';

create or replace function private.entry_prize_held(p_entry_id uuid) returns boolean
  language sql stable set search_path = ''
as $$
  select private.entry_chargeback_status(p_entry_id) = 'open'
      or exists (select 1 from public.entries e join public.tournament_registrations r on r.id = e.registration_id
                  where e.id = p_entry_id and r.disputed_at is not null
                    and private.entry_chargeback_status(p_entry_id) is distinct from 'won')
      or exists (select 1 from public.entries e
                   join public.matches m on m.tournament_id = e.tournament_id
                   join public.match_disputes d on d.match_id = m.id
                  where e.id = p_entry_id and d.settled_at is null);
$$;
comment on function private.entry_prize_held(uuid) is 'Held: an open chargeback on the entry''s payment or an open dispute in its tournament. The one place that says when a prize waits for staff.';
