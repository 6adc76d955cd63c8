-- =====================================================================================================
-- The waitlist: players who fill the places of no-shows
-- =====================================================================================================
-- A full tournament takes a waitlist, in the order players join it: at most a tenth of its capacity,
-- rounded up (a Super 4 pod keeps one place, a 300-player championship 30), one place per player.
-- A waitlisted player pays when joining a paid tournament (the Razorpay function's create_order with
-- waitlist: true, one slot) or joins a free one (join_waitlist). The waitlist takes joins while every
-- place is taken, until check-in closes (a pod fills, so its check-in opens at once: its waitlist runs
-- through check-in).
--
-- Waitlisted players check in with check_in, like entries. When check-in closes (on time, or by
-- staff_close_check_in) the draw first withdraws the entries not checked in, then gives every empty place
-- to the checked-in waitlisted players in order (private.fill_places_from_waitlist, called by
-- private.run_draw before it counts the entries): each gets a registration and a checked-in entry (paid
-- with the payment they made when joining). Everyone left on the waitlist is told; a paid place is
-- refunded in full through the refund outbox (the gateway's fee is the platform's cost).
--
-- Where a waitlist place lives: public.waitlist_places (tournament_id, player_id, payment_id, status,
-- joined_at, checked_in_at, entry_id, closed_at); a paid one is also a payments row with for_waitlist.
-- =====================================================================================================

alter table public.payments add column for_waitlist boolean not null default false;
comment on column public.payments.for_waitlist is 'The order buys a waitlist place (one slot), not an entry: the confirmation puts the player on the waitlist of a full tournament.';

create table public.waitlist_places (
  id uuid primary key default gen_random_uuid(),
  -- The order players joined in: positions are counted along it.
  number bigint generated always as identity,
  tournament_id text not null references public.tournaments (id),
  player_id uuid not null references auth.users (id),
  payment_id uuid references public.payments (id),
  status text not null default 'waiting',
  joined_at timestamptz not null,
  checked_in_at timestamptz,
  entry_id uuid references public.entries (id),
  closed_at timestamptz,
  constraint waitlist_places_number_key unique (number),
  constraint waitlist_places_one_per_player unique (tournament_id, player_id),
  constraint waitlist_places_one_per_payment unique (payment_id),
  constraint waitlist_places_status_known check (status in ('waiting', 'promoted', 'refunded', 'released')),
  constraint waitlist_places_promoted_has_entry check ((status = 'promoted') = (entry_id is not null)),
  constraint waitlist_places_closed_when_not_waiting check ((status = 'waiting') = (closed_at is null))
);
create index waitlist_places_in_order on public.waitlist_places (tournament_id, status, number);
alter table public.waitlist_places enable row level security;
revoke all on table public.waitlist_places from anon, authenticated;
grant select on table public.waitlist_places to authenticated;
create policy "Players read their own waitlist places" on public.waitlist_places
  for select to authenticated
  using ((select private.current_player_id()) = player_id);

comment on table public.waitlist_places is 'A player''s place on the waitlist of a full tournament, in joining order (number). Written only by the waitlist functions; a player reads their own.';
comment on column public.waitlist_places.status is 'waiting: on the waitlist. promoted: given an empty place at check-in close (entry_id). refunded: not promoted, or its payment refunded: the fee goes back. released: a free place not promoted.';
comment on column public.waitlist_places.payment_id is 'The payment made when joining a paid tournament; null on a free one.';
comment on column public.waitlist_places.checked_in_at is 'Set by check_in: only checked-in waitlisted players are promoted.';

-- The waitlist place machine.
insert into private.status_transitions (machine, from_status, to_status, allowed_by) values
  ('waitlist_place', null, 'waiting', null),
  ('waitlist_place', 'waiting', 'promoted', '{private.fill_places_from_waitlist}'),
  ('waitlist_place', 'waiting', 'refunded', '{private.fill_places_from_waitlist,private.waitlist_follows_payment}'),
  ('waitlist_place', 'waiting', 'released', '{private.fill_places_from_waitlist}');

-- The payment moves the waitlist makes: a waitlist payment is taken, and an unpromoted one refunded.
update private.status_transitions
   set allowed_by = allowed_by || '{private.take_waitlist_place}'::text[]
 where machine = 'payment' and from_status in ('created', 'failed') and to_status = 'paid';
update private.status_transitions
   set allowed_by = allowed_by || '{private.fill_places_from_waitlist}'::text[]
 where machine = 'payment' and from_status = 'paid' and to_status = 'refund_pending';

create trigger waitlist_places_start_in_state_machine before insert on public.waitlist_places
  for each row when (new.status is distinct from 'waiting')
  execute function private.keep_to_state_machines('waitlist_place', 'status');
create trigger waitlist_places_move_along_state_machine before update on public.waitlist_places
  for each row when (old.status is distinct from new.status)
  execute function private.keep_to_state_machines('waitlist_place', 'status');
comment on trigger waitlist_places_move_along_state_machine on public.waitlist_places is 'The waitlist place machine: waiting, then promoted, refunded or released.';

-- -----------------------------------------------------------------------------------------------------
-- The rules of joining
-- -----------------------------------------------------------------------------------------------------

create function private.waitlist_capacity(p_max_players integer)
returns integer
language sql
immutable
set search_path = ''
as $$ select ((p_max_players + 9) / 10)::integer $$;
comment on function private.waitlist_capacity(integer) is 'How many players a tournament''s waitlist holds: a tenth of its capacity, rounded up.';

create function private.tournament_page_link(p_tournament public.tournaments)
returns text
language sql
immutable
set search_path = ''
as $$ select case when p_tournament.series = 'quick' then '/pod/?id=' || p_tournament.id else '/tournaments/' || p_tournament.id end $$;
comment on function private.tournament_page_link(public.tournaments) is 'The site path of a tournament''s page (a pod''s shell page, or a championship''s own page).';

create function private.waitlist_takes_joins(p_tournament public.tournaments, p_now timestamptz)
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  return p_tournament.drawn_at is null and p_tournament.cancelled_at is null
     and p_tournament.filled_slots >= p_tournament.max_players
     and private.tournament_status(p_tournament, p_now) in ('full', 'check-in')
     and p_now < private.tournament_check_in_closes_at(p_tournament)
     and p_now < p_tournament.starts_at;
end;
$$;
comment on function private.waitlist_takes_joins(public.tournaments, timestamptz) is 'Whether a tournament''s waitlist takes a join now: every place taken, until check-in closes.';

create function private.waitlist_refusal(p_tournament public.tournaments, p_player uuid, p_now timestamptz)
returns text
language plpgsql
stable
set search_path = ''
as $$
begin
  if private.tournament_status(p_tournament, p_now) = 'open' and p_tournament.filled_slots < p_tournament.max_players then
    return 'not_full';
  end if;
  if not private.waitlist_takes_joins(p_tournament, p_now) then
    return 'waitlist_closed';
  end if;
  if exists (select 1 from public.entries e where e.tournament_id = p_tournament.id and e.player_id = p_player)
     or exists (select 1 from public.tournament_registrations r
                 where r.tournament_id = p_tournament.id and r.user_id = p_player and r.status <> 'cancelled') then
    return 'already_registered';
  end if;
  if exists (select 1 from public.waitlist_places w where w.tournament_id = p_tournament.id and w.player_id = p_player) then
    return 'already_on_waitlist';
  end if;
  if (select count(*) from public.waitlist_places w where w.tournament_id = p_tournament.id and w.status = 'waiting')
     >= private.waitlist_capacity(p_tournament.max_players) then
    return 'waitlist_full';
  end if;
  return null;
end;
$$;
comment on function private.waitlist_refusal(public.tournaments, uuid, timestamptz) is 'Why a player may not join a tournament''s waitlist now (a hint code), or null. Read under the tournament''s row lock when it decides.';

create function private.raise_waitlist_refusal(p_code text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  case p_code
    when 'not_full' then
      raise exception 'Places are left in this tournament: enter it normally' using errcode = 'PT409', hint = 'not_full';
    when 'waitlist_closed' then
      raise exception 'This tournament''s waitlist is closed' using errcode = 'PT409', hint = 'waitlist_closed';
    when 'already_registered' then
      raise exception 'You already have a place in this tournament' using errcode = 'PT409', hint = 'already_registered';
    when 'already_on_waitlist' then
      raise exception 'You are already on this tournament''s waitlist' using errcode = 'PT409', hint = 'already_on_waitlist';
    when 'waitlist_full' then
      raise exception 'This tournament''s waitlist is full' using errcode = 'PT409', hint = 'waitlist_full';
    else
      null;
  end case;
end;
$$;

create function private.waitlist_position(p_place public.waitlist_places)
returns integer
language sql
stable
set search_path = ''
as $$
  select case when p_place.status = 'waiting' and t.cancelled_at is null and t.drawn_at is null then
           (select count(*)::integer from public.waitlist_places w
             where w.tournament_id = p_place.tournament_id and w.status = 'waiting' and w.number <= p_place.number)
         end
    from public.tournaments t where t.id = p_place.tournament_id;
$$;
comment on function private.waitlist_position(public.waitlist_places) is 'A place''s position on its waitlist (1 = next to move up); null once promoted, refunded or released, or when the tournament was drawn or cancelled.';

-- -----------------------------------------------------------------------------------------------------
-- Joining: free, or through a payment
-- -----------------------------------------------------------------------------------------------------

create function public.join_waitlist(p_tournament_id text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_player uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_place public.waitlist_places%rowtype;
begin
  -- The lock every waitlist join and the draw take: joins are counted one at a time, and none slips in
  -- while the draw hands out the empty places.
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    raise exception 'Unknown tournament' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  if v_tournament.entry_fee_paise > 0 then
    raise exception 'This tournament has an entry fee: pay to join its waitlist' using errcode = 'PT409', hint = 'not_a_free_tournament';
  end if;
  perform private.raise_entry_refusal(private.free_entry_refusal(v_player));
  perform private.raise_waitlist_refusal(private.waitlist_refusal(v_tournament, v_player, v_now));

  insert into public.waitlist_places (tournament_id, player_id, joined_at)
  values (p_tournament_id, v_player, v_now)
  returning * into v_place;
  return jsonb_build_object('position', private.waitlist_position(v_place));
end;
$$;
comment on function public.join_waitlist(text) is 'The public contract: puts the caller on the waitlist of a full free tournament; answers { position }.';

create function public.service_prepare_waitlist_entry(p_user_id uuid, p_tournament_id text, p_slots integer)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
begin
  if p_user_id is null then
    raise exception 'Please log in to continue' using errcode = 'PT401', hint = 'not_signed_in';
  end if;
  if p_slots is distinct from 1 then
    raise exception 'The waitlist takes one place per player: choose 1 slot' using errcode = 'PT400', hint = 'invalid_slot_count';
  end if;
  select * into v_tournament from public.tournaments where id = p_tournament_id;
  if not found then
    raise exception 'Unknown tournament' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  if v_tournament.entry_fee_paise = 0 then
    raise exception 'This tournament is free: join its waitlist without paying' using errcode = 'PT409', hint = 'free_entry_no_checkout';
  end if;
  perform private.raise_entry_refusal(private.paid_entry_refusal(p_user_id));
  perform private.raise_waitlist_refusal(private.waitlist_refusal(v_tournament, p_user_id, v_now));
  return jsonb_build_object(
    'amount_paise', v_tournament.entry_fee_paise,
    'currency', 'INR',
    'checkout_timeout_seconds', private.checkout_timeout_seconds()
  );
end;
$$;
comment on function public.service_prepare_waitlist_entry(uuid, text, integer) is 'What a waitlist place costs (the entry fee, one slot), or why it is refused (not_full, waitlist_full, waitlist_closed, invalid_slot_count, eligibility). Service role only.';

create function public.service_record_waitlist_order(p_user_id uuid, p_tournament_id text, p_razorpay_order_id text, p_amount_paise integer, p_currency text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_payment_id uuid;
begin
  v_payment_id := public.service_record_payment_order(p_user_id, p_tournament_id, 1, p_razorpay_order_id, p_amount_paise, p_currency);
  update public.payments set for_waitlist = true where id = v_payment_id;
  return v_payment_id;
end;
$$;
comment on function public.service_record_waitlist_order(uuid, text, text, integer, text) is 'The payments row of a new Razorpay order for a waitlist place (one slot); it replaces the player''s open orders for the tournament. Service role only.';

create function private.take_waitlist_place(p_payment public.payments, p_razorpay_payment_id text, p_now timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_tournament public.tournaments%rowtype;
  v_refusal text;
  v_paid public.payments%rowtype;
  v_place public.waitlist_places%rowtype;
begin
  -- The tournament's row lock, as join_waitlist and the draw take it: the cap holds however many pay at once.
  select * into v_tournament from public.tournaments where id = p_payment.tournament_id for update;
  v_refusal := private.waitlist_refusal(v_tournament, p_payment.user_id, p_now);
  if v_refusal is not null then
    return jsonb_build_object('refusal', v_refusal);
  end if;
  update public.payments
     set status = 'paid', razorpay_payment_id = p_razorpay_payment_id, paid_at = p_now, failure_reason = null, updated_at = p_now
   where id = p_payment.id
  returning * into v_paid;
  insert into public.waitlist_places (tournament_id, player_id, payment_id, joined_at)
  values (v_paid.tournament_id, v_paid.user_id, v_paid.id, p_now)
  returning * into v_place;
  if private.apply_refunds_awaiting_capture(p_razorpay_payment_id) then
    -- Refunded before we saw the capture: the place went with the money.
    select * into v_paid from public.payments where id = v_paid.id;
    return public.payment_confirmation_result(v_paid, v_paid.status, null);
  end if;
  return public.payment_confirmation_result(v_paid, 'waitlisted', null)
      || jsonb_build_object('waitlist_position', private.waitlist_position(v_place));
end;
$$;
comment on function private.take_waitlist_place(public.payments, text, timestamptz) is 'The confirmation of a waitlist payment for a full tournament: the payment is taken and the player put on the waitlist, or the refusal code (waitlist_full, waitlist_closed, already_registered, already_on_waitlist) the refund gives.';

create function private.waitlist_follows_payment()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.waitlist_places set status = 'refunded', closed_at = private.clock_now()
   where payment_id = new.id and status = 'waiting';
  return null;
end;
$$;
comment on function private.waitlist_follows_payment() is 'A waitlist payment refunded while its player waits (the tournament cancelled, a refund from the dashboard) takes the place off the waitlist.';

create trigger payments_waitlist_place_follows after update of status on public.payments
  for each row when (new.for_waitlist and old.status = 'paid' and new.status in ('refund_pending', 'refunded'))
  execute function private.waitlist_follows_payment();

-- -----------------------------------------------------------------------------------------------------
-- Reading a place
-- -----------------------------------------------------------------------------------------------------

create function public.get_waitlist_position(p_tournament_id text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_player uuid := private.require_player();
  v_place public.waitlist_places%rowtype;
begin
  select * into v_place from public.waitlist_places where tournament_id = p_tournament_id and player_id = v_player;
  if not found then
    raise exception 'You are not on this tournament''s waitlist' using errcode = 'PT404', hint = 'not_on_waitlist';
  end if;
  return jsonb_build_object('position', private.waitlist_position(v_place));
end;
$$;
comment on function public.get_waitlist_position(text) is 'The public contract: the caller''s position on a tournament''s waitlist, { position } (1-based; null once promoted or refunded); PT404 not_on_waitlist if never on it.';

create function public.get_waitlist(p_tournament_id text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_player uuid := private.current_player_id();
  v_tournament public.tournaments%rowtype;
  v_place public.waitlist_places%rowtype;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id;
  if not found then
    raise exception 'Unknown tournament' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  if v_player is not null then
    select * into v_place from public.waitlist_places where tournament_id = p_tournament_id and player_id = v_player;
  end if;
  return jsonb_build_object(
    'takes_joins', private.waitlist_takes_joins(v_tournament, v_now),
    'capacity', private.waitlist_capacity(v_tournament.max_players),
    'waiting', (select count(*) from public.waitlist_places w where w.tournament_id = p_tournament_id and w.status = 'waiting'),
    'closes_at', private.tournament_check_in_closes_at(v_tournament),
    'check_in_opens_at', private.tournament_check_in_opens_at(v_tournament),
    'check_in_open', private.check_in_is_open(v_tournament, v_now),
    'entry_fee_paise', v_tournament.entry_fee_paise,
    -- A player with a place in the bracket is not offered the waitlist.
    'in_tournament', v_player is not null and exists (select 1 from public.entries e
                                                        where e.tournament_id = p_tournament_id and e.player_id = v_player
                                                          and e.status <> 'cancelled'),
    'mine', case when v_place.id is not null then jsonb_build_object(
              'position', private.waitlist_position(v_place), 'status', v_place.status, 'checked_in_at', v_place.checked_in_at,
              'paid', v_place.payment_id is not null) end
  );
end;
$$;
comment on function public.get_waitlist(text) is 'A tournament''s waitlist for its page: whether it takes joins, its size and how many wait, until when, and the caller''s own place (mine) when signed in.';

-- -----------------------------------------------------------------------------------------------------
-- Check-in close: the empty places go to the waitlist, before the draw
-- -----------------------------------------------------------------------------------------------------

create function private.fill_places_from_waitlist(p_tournament_id text, p_now timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_tournament public.tournaments%rowtype;
  v_link text;
  v_room integer;
  v_place public.waitlist_places%rowtype;
  v_registration_id uuid;
  v_entry_id uuid;
  v_payment public.payments%rowtype;
  v_name text;
  v_promoted integer := 0;
  v_refunded integer := 0;
  v_released integer := 0;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  v_link := private.tournament_page_link(v_tournament);
  v_room := greatest(v_tournament.max_players
                     - (select count(*) from public.entries e where e.tournament_id = p_tournament_id and e.status = 'active'), 0);

  for v_place in
    select * from public.waitlist_places w
     where w.tournament_id = p_tournament_id and w.status = 'waiting'
     order by w.number
       for update
  loop
    select in_game_name into v_name from public.profiles where id = v_place.player_id;
    if v_room > 0 and v_place.checked_in_at is not null
       and not exists (select 1 from public.entries e where e.tournament_id = p_tournament_id and e.player_id = v_place.player_id)
       and (v_place.payment_id is null
            or exists (select 1 from public.payments p where p.id = v_place.payment_id and p.status = 'paid')) then
      insert into public.tournament_registrations (user_id, tournament_id, slots, payment_id, registered_at)
      values (v_place.player_id, p_tournament_id, 1, v_place.payment_id, p_now)
      returning id into v_registration_id;
      update public.entries set checked_in_at = v_place.checked_in_at
       where registration_id = v_registration_id and player_id = v_place.player_id
      returning id into v_entry_id;
      update public.waitlist_places set status = 'promoted', entry_id = v_entry_id, closed_at = p_now where id = v_place.id;
      v_room := v_room - 1;
      v_promoted := v_promoted + 1;
      perform private.audit(p_tournament_id, 'waitlist_promoted', coalesce(v_name, 'A player') || ' moved up from the waitlist',
                            'A place was left empty at check-in close', null,
                            jsonb_build_object('waitlist_number', v_place.number), true, null, v_entry_id);
      perform private.notify(v_place.player_id, 'waitlist_promoted', 'You''re in: ' || v_tournament.title,
                             'A place came free at check-in close and you moved up from the waitlist. You are checked in for the draw.',
                             v_link, p_tournament_id);
    elsif v_place.payment_id is not null then
      update public.waitlist_places set status = 'refunded', closed_at = p_now where id = v_place.id;
      update public.payments p
         set status = 'refund_pending', failure_reason = private.refusal_reason('not_promoted'), updated_at = p_now
       where p.id = v_place.payment_id and p.status = 'paid' and private.refundable_paise(p) > 0
      returning * into v_payment;
      if found then
        perform private.queue_refund(v_payment.razorpay_payment_id, private.refundable_paise(v_payment)::integer,
                                     'not_promoted', v_payment);
      end if;
      v_refunded := v_refunded + 1;
      perform private.notify(v_place.player_id, 'waitlist_not_promoted', 'No place came free in ' || v_tournament.title,
                             case when v_place.checked_in_at is null
                                  then 'You did not check in before check-in closed, so you could not move up. '
                                  else 'Every place was taken at check-in close. ' end
                               || 'Your payment is refunded in full.',
                             v_link, p_tournament_id);
    else
      update public.waitlist_places set status = 'released', closed_at = p_now where id = v_place.id;
      v_released := v_released + 1;
      perform private.notify(v_place.player_id, 'waitlist_not_promoted', 'No place came free in ' || v_tournament.title,
                             case when v_place.checked_in_at is null
                                  then 'You did not check in before check-in closed, so you could not move up.'
                                  else 'Every place was taken at check-in close.' end,
                             v_link, p_tournament_id);
    end if;
  end loop;
  return jsonb_build_object('promoted', v_promoted, 'refunded', v_refunded, 'released', v_released);
end;
$$;
comment on function private.fill_places_from_waitlist(text, timestamptz) is 'At check-in close, before the draw counts the entries: every empty place goes to the next checked-in waitlisted player (a registration and a checked-in entry, paid by their waitlist payment); the others are told, and a paid place is refunded in full through the outbox.';

-- -----------------------------------------------------------------------------------------------------
-- Redefined: the draw fills the empty places first; check_in checks in a waitlist place; the confirmation
-- takes waitlist payments; the refund reasons a player reads
-- -----------------------------------------------------------------------------------------------------

CREATE OR REPLACE FUNCTION private.run_draw(p_tournament_id text, p_actor uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_secret text;
  v_entries uuid[];
  v_buyers uuid[];
  v_n integer;
  v_size integer;
  v_rounds integer;
  v_seeds uuid[];
  v_order integer[];
  v_interval interval;
  v_withdrawn record;
  v_refunds integer;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  if v_tournament.drawn_at is not null then
    return jsonb_build_object('drawn', true, 'entries', (select array_length(entry_ids, 1) from public.draws where tournament_id = p_tournament_id),
                              'bracket_size', (select bracket_size from public.draws where tournament_id = p_tournament_id));
  end if;
  if private.tournament_status(v_tournament, v_now) = 'cancelled' then
    raise exception 'This tournament was cancelled' using errcode = 'PT409', hint = 'tournament_cancelled';
  end if;

  -- 1. Withdraw every entry not checked in (and every slot nobody accepted).
  for v_withdrawn in
    update public.entries e
       set status = 'withdrawn', withdrawn_at = v_now,
           withdraw_reason = case when e.player_id is null then 'Nobody accepted this place before check-in closed.'
                                  else 'Not checked in before check-in closed.' end
     where e.tournament_id = p_tournament_id and e.status = 'active' and e.checked_in_at is null
    returning e.id, e.player_id, e.withdraw_reason
  loop
    perform private.audit(p_tournament_id, 'entry_withdrawn',
                          coalesce((select in_game_name from public.profiles where id = v_withdrawn.player_id), 'An unclaimed place')
                            || ' withdrawn at check-in close',
                          v_withdrawn.withdraw_reason, null, null, true, null, v_withdrawn.id);
  end loop;

  -- 1b. The empty places go to the checked-in waitlisted players, in order; the others are refunded.
  perform private.fill_places_from_waitlist(p_tournament_id, v_now);

  select array_agg(id order by id::text), array_agg(buyer_id order by id::text)
    into v_entries, v_buyers
    from public.entries where tournament_id = p_tournament_id and status = 'active';
  v_n := coalesce(array_length(v_entries, 1), 0);

  -- 2. Nobody to play: the tournament is called off and every paid entry refunded.
  if v_n < 2 then
    v_refunds := private.cancel_tournament(p_tournament_id,
      'Fewer than two players checked in, so the tournament could not be played. Every paid entry has been refunded.', v_now);
    perform private.audit(p_tournament_id, 'tournament_cancelled', 'Cancelled: fewer than two players checked in', null,
                          null, jsonb_build_object('checked_in', v_n, 'refunds_queued', v_refunds), true, p_actor);
    return jsonb_build_object('drawn', false, 'cancelled', true, 'entries', v_n, 'bracket_size', null);
  end if;

  -- 3. Seeds.
  select secret into v_secret from private.draw_secrets where tournament_id = p_tournament_id;
  if v_secret is null then
    v_secret := private.new_draw_secret();
    insert into private.draw_secrets (tournament_id, secret) values (p_tournament_id, v_secret);
    update public.tournaments set draw_commitment = private.sha256_hex(v_secret) where id = p_tournament_id;
  end if;
  v_seeds := private.draw_seeds(v_secret, v_entries, v_buyers);
  v_size := private.next_power_of_two(v_n);
  v_rounds := private.bracket_rounds(v_size);
  v_order := private.standard_seed_order(v_size);
  v_interval := private.tournament_round_interval(v_tournament);

  -- 4. Every match of every round. Round 1 from the seeds; a bye's opponent goes straight into round 2.
  insert into public.matches (tournament_id, round, position, entry_a, entry_b, winner_entry_id, status, scheduled_at)
  select p_tournament_id, 1, p,
         v_seeds[v_order[2 * p - 1]],
         case when v_order[2 * p] <= v_n then v_seeds[v_order[2 * p]] end,
         case when v_order[2 * p] > v_n then v_seeds[v_order[2 * p - 1]] end,
         case when v_order[2 * p] > v_n then 'bye' else 'scheduled' end,
         v_tournament.starts_at
    from generate_series(1, v_size / 2) as p;

  insert into public.matches (tournament_id, round, position, entry_a, entry_b, status, scheduled_at)
  select p_tournament_id, r, p, null, null, 'pending', v_tournament.starts_at + (r - 1) * v_interval
    from generate_series(2, v_rounds) as r
   cross join lateral generate_series(1, v_size >> r) as p;

  with byes as (
    select position, winner_entry_id from public.matches
     where tournament_id = p_tournament_id and round = 1 and status = 'bye'
  )
  update public.matches m
     set entry_a = coalesce((select winner_entry_id from byes where byes.position = 2 * m.position - 1), m.entry_a),
         entry_b = coalesce((select winner_entry_id from byes where byes.position = 2 * m.position), m.entry_b)
   where m.tournament_id = p_tournament_id and m.round = 2
     and exists (select 1 from byes where byes.position in (2 * m.position - 1, 2 * m.position));

  update public.matches set status = 'scheduled'
   where tournament_id = p_tournament_id and round = 2 and entry_a is not null and entry_b is not null;

  -- 5. Reveal.
  insert into public.draws (tournament_id, commitment, secret, entry_ids, same_buyer, bracket_size, drawn_at)
  values (
    p_tournament_id, private.sha256_hex(v_secret), v_secret, v_entries,
    coalesce((select jsonb_agg(ids order by first_key)
                from (select jsonb_agg(e.id order by e.id::text) as ids,
                             min(private.sha256_hex(v_secret || ':' || e.id::text)) as first_key
                        from public.entries e
                       where e.tournament_id = p_tournament_id and e.status = 'active'
                       group by e.buyer_id having count(*) >= 2) as g), '[]'::jsonb),
    v_size, v_now);

  update public.tournaments
     set drawn_at = v_now, current_round = 1,
         check_in_closes_at = least(coalesce(check_in_closes_at, private.tournament_check_in_closes_at(v_tournament)), v_now)
   where id = p_tournament_id;

  perform private.audit(p_tournament_id, 'draw_made',
                        'Draw made: ' || v_n || ' entries, bracket of ' || v_size, null, null,
                        jsonb_build_object('entries', v_n, 'bracket_size', v_size, 'commitment', private.sha256_hex(v_secret),
                                           'secret', v_secret),
                        true, p_actor);
  return jsonb_build_object('drawn', true, 'entries', v_n, 'bracket_size', v_size);
end;
$function$;

CREATE OR REPLACE FUNCTION public.check_in(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_entry public.entries%rowtype;
  v_place public.waitlist_places%rowtype;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id;
  if not found then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  select * into v_entry from public.entries
   where tournament_id = p_tournament_id and player_id = v_player and status <> 'cancelled';
  if not found then
    -- No entry: the caller's waitlist place, if they have one, is what they check in.
    select * into v_place from public.waitlist_places where tournament_id = p_tournament_id and player_id = v_player;
    if not found then
      raise exception 'You have no entry in this tournament' using errcode = 'PT403', hint = 'not_entered';
    end if;
    if v_place.status <> 'waiting' then
      raise exception 'Check-in for this tournament has closed: no place came free for you' using errcode = 'PT409', hint = 'check_in_closed';
    end if;
    perform private.raise_unless_check_in_open(v_tournament, v_now);
    -- Only while still waiting: a check-in that waited for the draw's lock finds the place closed.
    update public.waitlist_places set checked_in_at = coalesce(checked_in_at, v_now)
     where id = v_place.id and status = 'waiting'
    returning * into v_place;
    if not found then
      raise exception 'Check-in for this tournament has closed' using errcode = 'PT409', hint = 'check_in_closed';
    end if;
    return jsonb_build_object('entry_id', null, 'checked_in_at', v_place.checked_in_at,
                              'waitlist_position', private.waitlist_position(v_place));
  end if;
  if v_entry.status = 'withdrawn' then
    raise exception 'Your entry was withdrawn: %', coalesce(v_entry.withdraw_reason, 'not checked in in time')
      using errcode = 'PT409', hint = 'entry_withdrawn';
  end if;
  perform private.raise_unless_check_in_open(v_tournament, v_now);
  update public.entries set checked_in_at = coalesce(checked_in_at, v_now)
   where id = v_entry.id
  returning * into v_entry;
  return jsonb_build_object('entry_id', v_entry.id, 'checked_in_at', v_entry.checked_in_at);
end;
$function$;

CREATE OR REPLACE FUNCTION public.service_confirm_tournament_payment(p_razorpay_order_id text, p_razorpay_payment_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_payment public.payments%rowtype;
  v_tournament public.tournaments%rowtype;
  v_paid public.payments%rowtype;
  v_registration_id uuid;
  v_result jsonb;
  v_refusal text;
begin
  if p_razorpay_payment_id is null or btrim(p_razorpay_payment_id) = '' then
    raise exception 'A payment id is required' using errcode = 'PT400', hint = 'payment_id_required';
  end if;

  select * into v_payment
    from public.payments
   where razorpay_order_id = p_razorpay_order_id
     for update;
  if not found then
    return jsonb_build_object('outcome', 'unknown_order');
  end if;

  if v_payment.status in ('paid', 'refund_pending', 'refunded') then
    if v_payment.razorpay_payment_id is distinct from p_razorpay_payment_id then
      -- A second captured payment on a settled order (the player paid twice): never kept.
      perform private.queue_refund(p_razorpay_payment_id, v_payment.amount_paise, 'order_already_paid', v_payment);
      return public.payment_confirmation_result(v_payment, 'refund_required', null)
        || jsonb_build_object('razorpay_payment_id', p_razorpay_payment_id,
                              'reason', private.refusal_reason('order_already_paid'));
    end if;
    select r.id into v_registration_id from public.tournament_registrations r where r.payment_id = v_payment.id;
    if v_payment.for_waitlist and v_payment.status = 'paid' and v_registration_id is null then
      return public.payment_confirmation_result(v_payment, 'waitlisted', null)
          || jsonb_build_object('waitlist_position',
                                (select private.waitlist_position(w) from public.waitlist_places w where w.payment_id = v_payment.id));
    end if;
    return public.payment_confirmation_result(
      v_payment,
      case v_payment.status when 'paid' then 'already_registered' else v_payment.status end,
      v_registration_id
    );
  end if;

  select * into v_tournament from public.tournaments where id = v_payment.tournament_id;
  -- The operator's switch is read at confirmation, not only when the order was made: an order created
  -- before paid entry was turned off must not buy an entry after it.
  if not coalesce((select paid_entry_enabled from private.entry_settings where id), true) then
    v_refusal := 'paid_entry_disabled';
  elsif v_payment.status = 'abandoned' and v_payment.failure_reason = private.replaced_order_note() then
    v_refusal := 'order_replaced';
  elsif v_payment.status = 'abandoned' or v_payment.expires_at <= v_now then
    v_refusal := 'order_expired';
  elsif v_payment.for_waitlist
        and not (private.tournament_takes_payments(v_tournament, v_now)
                 and v_tournament.filled_slots + v_payment.slots <= v_tournament.max_players) then
    -- A waitlist payment for a tournament still full: a place on its waitlist, or a refund. One that finds a
    -- place left is an entry like any other (below).
    v_result := private.take_waitlist_place(v_payment, p_razorpay_payment_id, v_now);
    if not v_result ? 'refusal' then
      return v_result;
    end if;
    v_refusal := v_result ->> 'refusal';
  elsif not private.tournament_takes_payments(v_tournament, v_now) then
    v_refusal := 'registration_closed';
  elsif private.last_registration_within_a_day(v_payment.user_id, v_payment.tournament_id, v_payment.id, v_now) is not null then
    v_refusal := 'already_registered';
  elsif v_tournament.filled_slots + v_payment.slots <= v_tournament.max_players then
    -- The payment row and its entry fee in the ledger: written before the place is taken.
    update public.payments
       set status = 'paid',
           razorpay_payment_id = p_razorpay_payment_id,
           paid_at = v_now,
           failure_reason = null,
           updated_at = v_now
     where id = v_payment.id
    returning * into v_paid;
    -- The journal's balance is checked now rather than at commit, where it would run with the row locked.
    set constraints private.ledger_lines_journal_balances immediate;
    set constraints private.ledger_lines_journal_balances deferred;
    v_registration_id := gen_random_uuid();
    v_result := public.payment_confirmation_result(v_paid, 'registered', v_registration_id);

    -- The capacity lock: from here to the commit, every other confirmation of this tournament waits.
    update public.tournaments
       set filled_slots = filled_slots + v_payment.slots
     where id = v_payment.tournament_id
       and filled_slots + v_payment.slots <= max_players;
    if found then
      insert into public.tournament_registrations (id, user_id, tournament_id, slots, payment_id, registered_at)
      values (v_registration_id, v_paid.user_id, v_paid.tournament_id, v_paid.slots, v_paid.id, v_now);
      if private.apply_refunds_awaiting_capture(p_razorpay_payment_id) then
        -- Refunded before we saw the capture: the registration was cancelled again.
        select * into v_paid from public.payments where id = v_paid.id;
        return public.payment_confirmation_result(v_paid, v_paid.status, null);
      end if;
      return v_result;
    end if;
    v_refusal := 'tournament_full';
  else
    v_refusal := 'tournament_full';
  end if;

  update public.payments
     set status = 'refund_pending',
         razorpay_payment_id = p_razorpay_payment_id,
         paid_at = null,
         failure_reason = private.refusal_reason(v_refusal),
         updated_at = v_now
   where id = v_payment.id
  returning * into v_payment;
  perform private.queue_refund(p_razorpay_payment_id, v_payment.amount_paise, v_refusal, v_payment);
  perform private.apply_refunds_awaiting_capture(p_razorpay_payment_id);

  return public.payment_confirmation_result(v_payment, 'refund_required', null);
end;
$function$;

CREATE OR REPLACE FUNCTION private.refusal_reason(p_code text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  return case p_code
    when 'tournament_full' then 'The tournament filled up before your payment was confirmed. Your payment has been refunded in full.'
    when 'order_replaced' then 'You opened a newer checkout for this tournament. This payment has been refunded in full.'
    when 'order_expired' then 'Your checkout had expired when the payment arrived. Your payment has been refunded in full.'
    when 'registration_closed' then 'Registration had closed when your payment arrived. Your payment has been refunded in full.'
    when 'already_registered' then 'You were already registered for this tournament. This payment has been refunded in full.'
    when 'order_already_paid' then 'This order was already paid. This second payment has been refunded in full.'
    when 'tournament_cancelled' then 'The tournament was cancelled. Your payment has been refunded in full.'
    when 'waitlist_full' then 'The waitlist filled up before your payment was confirmed. Your payment has been refunded in full.'
    when 'waitlist_closed' then 'The waitlist had closed when your payment arrived. Your payment has been refunded in full.'
    when 'already_on_waitlist' then 'You were already on this waitlist. This payment has been refunded in full.'
    when 'not_full' then 'A place had come free when your waitlist payment arrived, but registration had closed. Your payment has been refunded in full.'
    when 'not_promoted' then 'No place came free for you before the draw. Your waitlist payment has been refunded in full.'
    when 'paid_entry_disabled' then 'Paid entry was switched off on this site before your payment arrived. Your payment has been refunded in full.'
  end;
end;
$function$;
comment on function public.check_in(text) is 'The public contract: checks in the caller''s entries while the check-in window is open, or the caller''s waitlist place.';

-- -----------------------------------------------------------------------------------------------------
-- Notifications: moved up from the waitlist, or not
-- -----------------------------------------------------------------------------------------------------

create or replace function private.notification_kinds()
returns text[]
language sql
immutable
set search_path = ''
as $$ select '{check_in_open,draw_made,room_posted,opponent_ready,opponent_reported,dispute_opened,dispute_settled,next_match,tournament_finished,prize_credited,payout_sent,payout_failed,kyc_result,payment_receipt,waitlist_promoted,waitlist_not_promoted}'::text[] $$;

-- Moving up means playing within minutes (a pod's draw is at its check-in close): that e-mail is not held
-- for the night like the others.
create or replace function private.notification_is_urgent(p_kind text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_kind in ('room_posted', 'opponent_ready', 'next_match', 'check_in_open', 'waitlist_promoted');
$$;

alter table public.notifications drop constraint notifications_kind_known;
do $$
begin
  execute format('alter table public.notifications add constraint notifications_kind_known check (kind = any (%L::text[]) or kind = %L)',
                 private.notification_kinds(), 'staff_alert');
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- Who may call what
-- -----------------------------------------------------------------------------------------------------

revoke execute on function private.waitlist_capacity(integer) from public;
revoke execute on function private.tournament_page_link(public.tournaments) from public;
revoke execute on function private.waitlist_takes_joins(public.tournaments, timestamptz) from public;
revoke execute on function private.waitlist_refusal(public.tournaments, uuid, timestamptz) from public;
revoke execute on function private.raise_waitlist_refusal(text) from public;
revoke execute on function private.waitlist_position(public.waitlist_places) from public;
revoke execute on function private.take_waitlist_place(public.payments, text, timestamptz) from public;
revoke execute on function private.waitlist_follows_payment() from public;
revoke execute on function private.fill_places_from_waitlist(text, timestamptz) from public;

revoke execute on function public.join_waitlist(text) from public, anon;
grant execute on function public.join_waitlist(text) to authenticated, service_role;
revoke execute on function public.get_waitlist_position(text) from public, anon;
grant execute on function public.get_waitlist_position(text) to authenticated, service_role;
grant execute on function public.get_waitlist(text) to anon, authenticated, service_role;
revoke execute on function public.service_prepare_waitlist_entry(uuid, text, integer) from public, anon, authenticated;
grant execute on function public.service_prepare_waitlist_entry(uuid, text, integer) to service_role;
revoke execute on function public.service_record_waitlist_order(uuid, text, text, integer, text) from public, anon, authenticated;
grant execute on function public.service_record_waitlist_order(uuid, text, text, integer, text) to service_role;
