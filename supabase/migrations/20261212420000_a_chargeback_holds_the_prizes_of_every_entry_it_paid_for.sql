-- =====================================================================================================
-- A chargeback holds the prizes of every entry its payment paid for, whoever plays them
-- =====================================================================================================
-- A buyer may pay for several places and give them to friends. A chargeback on that payment held only the
-- payer's balance: a prize already credited to a friend's entry stayed withdrawable while the bank looked
-- at the payment, and stayed with the friend when the bank returned the money. Buying places with a card
-- one then charges back, for accounts one controls, kept every prize they won.
--
-- While a chargeback is open, each prize credited to an entry its payment paid for is now held in its
-- player's balance (besides the payer's hold of the disputed amount): withdrawals leave it, and the player
-- reads why. Won releases it. Lost forfeits it as a held prize is: it is taken back from its player's
-- balance up to what that balance holds (after the payer's own debit for the fee) and returned to the
-- tournament's prize pool, where every forfeited prize stays; the award reads forfeited.
--
-- private.chargeback_held_paise     adds the credited prizes of entries whose payment has an open chargeback.
-- public.get_my_withdrawal_holds    lists those prizes beside the player's own chargebacks.
-- private.book_lost_chargeback      takes the credited prizes of the payment's entries back.
-- private.status_transitions        a prize award moves from credited to forfeited, by book_lost_chargeback.
-- =====================================================================================================

insert into private.status_transitions (machine, from_status, to_status, allowed_by) values
  ('prize_award', 'credited', 'forfeited', '{private.book_lost_chargeback}');

comment on table private.chargebacks is
  'One row per Razorpay dispute of a payment: open holds the payer''s withdrawals up to the amount and the credited prizes of the entries it paid for, won releases, lost debits the ledger (player first, the rest a platform loss) and takes those prizes back. Events in any order end in the first decision.';

create or replace function private.chargeback_prizes_held(p_user_id uuid)
returns table (tournament_id text, entry_id uuid, amount_paise bigint, opened_at timestamptz)
language sql
stable
set search_path = ''
as $$
  select a.tournament_id, a.entry_id, a.amount_paise::bigint,
         (select min(c.opened_at) from private.chargebacks c where c.registration_id = e.registration_id and c.status = 'open')
    from private.prize_awards a
    join public.entries e on e.id = a.entry_id
   where a.player_id = p_user_id and a.status = 'credited'
     and exists (select 1 from private.chargebacks c where c.registration_id = e.registration_id and c.status = 'open');
$$;
comment on function private.chargeback_prizes_held(uuid) is
  'The prizes credited to a player for entries whose payment (theirs or a buyer''s) has an open chargeback: held in their balance until the bank decides.';
revoke execute on function private.chargeback_prizes_held(uuid) from public;

create or replace function private.chargeback_held_paise(p_user_id uuid)
returns bigint
language sql
stable
set search_path = ''
as $$
  select (coalesce((select sum(amount_paise) from private.chargebacks where user_id = p_user_id and status = 'open'), 0)
          + coalesce((select sum(h.amount_paise) from private.chargeback_prizes_held(p_user_id) h), 0))::bigint;
$$;
comment on function private.chargeback_held_paise(uuid) is
  'What open chargebacks hold of a player''s balance: the amounts disputed on their payments, and the prizes credited to entries whose payment is disputed (whoever paid). Withdrawals leave at least this much.';

create or replace function public.get_my_withdrawal_holds()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
  v_balance bigint := private.player_balance(v_user);
  v_held bigint := private.chargeback_held_paise(v_user);
begin
  return jsonb_build_object(
    'held_paise', least(v_held, greatest(v_balance, 0)),
    'available_paise', greatest(v_balance - v_held, 0),
    'chargebacks', coalesce((select jsonb_agg(jsonb_build_object('tournament_title', x.title, 'amount_paise', x.amount_paise,
                                                                 'opened_at', x.opened_at) order by x.opened_at, x.title)
                               from (select t.title, c.amount_paise, c.opened_at
                                       from private.chargebacks c left join public.tournaments t on t.id = c.tournament_id
                                      where c.user_id = v_user and c.status = 'open'
                                     union all
                                     select t.title, h.amount_paise, h.opened_at
                                       from private.chargeback_prizes_held(v_user) h
                                       left join public.tournaments t on t.id = h.tournament_id) x), '[]'::jsonb));
end;
$$;
comment on function public.get_my_withdrawal_holds() is
  'What of the caller''s balance is held and why (open chargebacks on their entry payments, and on the payments behind entries whose prizes they were credited), and what they can withdraw now.';

create or replace function private.book_lost_chargeback(p_chargeback private.chargebacks)
returns private.chargebacks
language plpgsql
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_recovered bigint := 0;
  v_taken bigint;
  v_award private.prize_awards%rowtype;
  v_row private.chargebacks%rowtype := p_chargeback;
begin
  if p_chargeback.user_id is not null and p_chargeback.payment_id is not null then
    v_recovered := least(p_chargeback.amount_paise, greatest(private.player_balance(p_chargeback.user_id), 0));
    perform private.post_journal('chargeback', 'chargeback:' || p_chargeback.razorpay_dispute_id, jsonb_build_array(
      jsonb_build_object('account', 'razorpay:clearing', 'amount_paise', p_chargeback.amount_paise, 'user_id', p_chargeback.user_id),
      jsonb_build_object('account', private.player_account(p_chargeback.user_id), 'amount_paise', -v_recovered,
                         'user_id', p_chargeback.user_id),
      jsonb_build_object('account', 'platform:chargeback_loss', 'amount_paise', -(p_chargeback.amount_paise - v_recovered),
                         'user_id', p_chargeback.user_id)));
  end if;
  update private.chargebacks
     set recovered_paise = v_recovered, loss_paise = p_chargeback.amount_paise - v_recovered
   where razorpay_dispute_id = p_chargeback.razorpay_dispute_id
  returning * into v_row;
  -- Prizes of the entries not yet credited are forfeited.
  for v_award in
    update private.prize_awards a
       set status = 'forfeited', decided_at = v_now, note = 'Chargeback lost'
      from public.entries e
     where e.registration_id = p_chargeback.registration_id and a.entry_id = e.id and a.status = 'held'
    returning a.*
  loop
    perform private.audit(v_award.tournament_id, 'held_prize_forfeited',
                          'Held prize of ' || private.entry_name(v_award.entry_id) || ' forfeited: the chargeback was lost',
                          null, null, jsonb_build_object('amount_paise', v_award.amount_paise,
                                                         'razorpay_payment_id', p_chargeback.razorpay_payment_id),
                          false, null, v_award.entry_id);
  end loop;
  -- Prizes already credited to them, whoever plays them, are taken back to the tournament's pool, up to what
  -- each player's balance holds (the hold kept them there while the chargeback was open).
  for v_award in
    select a.* from private.prize_awards a join public.entries e on e.id = a.entry_id
     where p_chargeback.registration_id is not null and e.registration_id = p_chargeback.registration_id
       and a.status = 'credited'
     order by a.tournament_id, a.entry_id
     for update of a
  loop
    v_taken := least(v_award.amount_paise, greatest(private.player_balance(v_award.player_id), 0));
    if v_taken > 0 then
      perform private.post_journal('chargeback', 'chargeback:' || p_chargeback.razorpay_dispute_id || ':prize:' || v_award.entry_id,
        jsonb_build_array(
          jsonb_build_object('account', private.player_account(v_award.player_id), 'amount_paise', -v_taken,
                             'user_id', v_award.player_id),
          jsonb_build_object('account', 'prize_pool:' || v_award.tournament_id, 'amount_paise', v_taken)));
    end if;
    update private.prize_awards set status = 'forfeited', decided_at = v_now, note = 'Chargeback lost: prize taken back'
     where tournament_id = v_award.tournament_id and entry_id = v_award.entry_id;
    perform private.audit(v_award.tournament_id, 'credited_prize_forfeited',
                          'Prize of ' || private.entry_name(v_award.entry_id) || ' taken back: the chargeback on its payment was lost'
                            || case when v_taken < v_award.amount_paise
                                    then ' (' || private.money_text(v_award.amount_paise - v_taken) || ' had already been withdrawn)'
                                    else '' end,
                          null, null, jsonb_build_object('amount_paise', v_award.amount_paise, 'taken_back_paise', v_taken,
                                                         'razorpay_payment_id', p_chargeback.razorpay_payment_id),
                          false, null, v_award.entry_id);
  end loop;
  -- A refund still owed for the payment is no longer made: the bank returned the money.
  if p_chargeback.payment_id is not null then
    perform private.close_refund_taken_back(p_chargeback.payment_id, p_chargeback.razorpay_dispute_id);
  end if;
  return v_row;
end;
$$;
comment on function private.book_lost_chargeback(private.chargebacks) is
  'A lost chargeback: Razorpay takes the amount back; the payer''s balance pays it up to what it holds, the platform''s chargeback loss the rest; the prizes of the entries the payment paid for are forfeited (held ones never paid, credited ones taken back to the pool up to what each player''s balance holds); a refund still owed is closed.';
