-- =====================================================================================================
-- seasons: seasons: the waitlist that fills the places of no-shows
-- =====================================================================================================
-- Generated from supabase/migrations by `npm run schema` (scripts/schema-dump.ts): do not edit. The current
-- definition of every object of this area; change one with a new migration, then run `npm run schema`.
-- Areas are assigned in scripts/schema/areas.ts.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- The waitlist: joining, reading a place
-- -----------------------------------------------------------------------------------------------------

comment on table public.waitlist_places is 'A player''s place on the waitlist of a full tournament, in joining order (number). Written only by the waitlist functions; a player reads their own.';
create table public.waitlist_places (
  id uuid default gen_random_uuid() not null,
  number bigint generated always as identity not null,
  tournament_id text not null,
  player_id uuid not null,
  payment_id uuid,
  status text default 'waiting'::text not null,
  joined_at timestamp with time zone not null,
  checked_in_at timestamp with time zone,
  entry_id uuid,
  closed_at timestamp with time zone,
  constraint waitlist_places_pkey PRIMARY KEY (id),
  constraint waitlist_places_number_key UNIQUE (number),
  constraint waitlist_places_one_per_payment UNIQUE (payment_id),
  constraint waitlist_places_one_per_player UNIQUE (tournament_id, player_id),
  constraint waitlist_places_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES public.entries(id),
  constraint waitlist_places_payment_id_fkey FOREIGN KEY (payment_id) REFERENCES public.payments(id),
  constraint waitlist_places_player_id_fkey FOREIGN KEY (player_id) REFERENCES auth.users(id),
  constraint waitlist_places_tournament_id_fkey FOREIGN KEY (tournament_id) REFERENCES public.tournaments(id),
  constraint waitlist_places_closed_when_not_waiting CHECK (((status = 'waiting'::text) = (closed_at IS NULL))),
  constraint waitlist_places_promoted_has_entry CHECK (((status = 'promoted'::text) = (entry_id IS NOT NULL))),
  constraint waitlist_places_status_known CHECK ((status = ANY (ARRAY['waiting'::text, 'promoted'::text, 'refunded'::text, 'released'::text])))
);
CREATE INDEX waitlist_places_in_order ON public.waitlist_places USING btree (tournament_id, status, number);
alter table public.waitlist_places enable row level security;
grant select on table public.waitlist_places to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.waitlist_places to service_role;
comment on column public.waitlist_places.payment_id is 'The payment made when joining a paid tournament; null on a free one.';
comment on column public.waitlist_places.status is 'waiting: on the waitlist. promoted: given an empty place at check-in close (entry_id). refunded: not promoted, or its payment refunded: the fee goes back. released: a free place not promoted.';
comment on column public.waitlist_places.checked_in_at is 'Set by check_in: only checked-in waitlisted players are promoted.';
create policy "Players read their own waitlist places" on public.waitlist_places
  as permissive for select to authenticated
  using ((( SELECT private.current_player_id() AS current_player_id) = player_id));
CREATE TRIGGER waitlist_places_move_along_state_machine BEFORE UPDATE ON public.waitlist_places FOR EACH ROW WHEN (old.status IS DISTINCT FROM new.status) EXECUTE FUNCTION private.keep_to_state_machines('waitlist_place', 'status');
comment on trigger waitlist_places_move_along_state_machine on public.waitlist_places is 'The waitlist place machine: waiting, then promoted, refunded or released.';
CREATE TRIGGER waitlist_places_start_in_state_machine BEFORE INSERT ON public.waitlist_places FOR EACH ROW WHEN (new.status IS DISTINCT FROM 'waiting'::text) EXECUTE FUNCTION private.keep_to_state_machines('waitlist_place', 'status');

comment on function private.waitlist_capacity(integer) is 'How many players a tournament''s waitlist holds: a tenth of its capacity, rounded up.';
-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.waitlist_capacity(p_max_players integer)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select ((p_max_players + 9) / 10)::integer $function$;

comment on function private.tournament_page_link(public.tournaments) is 'The site path of a tournament''s page (a pod''s shell page, or a championship''s own page).';
-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.tournament_page_link(p_tournament public.tournaments)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select case when p_tournament.series = 'quick' then '/pod/?id=' || p_tournament.id else '/tournaments/' || p_tournament.id end $function$;

comment on function private.waitlist_takes_joins(public.tournaments,timestamp with time zone) is 'Whether a tournament''s waitlist takes a join now: every place taken, until check-in closes.';
-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.waitlist_takes_joins(p_tournament public.tournaments, p_now timestamp with time zone)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  return p_tournament.drawn_at is null and p_tournament.cancelled_at is null
     and p_tournament.filled_slots >= p_tournament.max_players
     and private.tournament_status(p_tournament, p_now) in ('full', 'check-in')
     and p_now < private.tournament_check_in_closes_at(p_tournament)
     and p_now < p_tournament.starts_at;
end;
$function$;

comment on function private.waitlist_refusal(public.tournaments,uuid,timestamp with time zone) is 'Why a player may not join a tournament''s waitlist now (a hint code), or null. Read under the tournament''s row lock when it decides.';
-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.waitlist_refusal(p_tournament public.tournaments, p_player uuid, p_now timestamp with time zone)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
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
$function$;

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.raise_waitlist_refusal(p_code text)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
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
$function$;

comment on function private.waitlist_position(public.waitlist_places) is 'A place''s position on its waitlist (1 = next to move up); null once promoted, refunded or released, or when the tournament was drawn or cancelled.';
-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.waitlist_position(p_place public.waitlist_places)
 RETURNS integer
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case when p_place.status = 'waiting' and t.cancelled_at is null and t.drawn_at is null then
           (select count(*)::integer from public.waitlist_places w
             where w.tournament_id = p_place.tournament_id and w.status = 'waiting' and w.number <= p_place.number)
         end
    from public.tournaments t where t.id = p_place.tournament_id;
$function$;

comment on function public.join_waitlist(text) is 'The public contract: puts the caller on the waitlist of a full free tournament; answers { position }.';
-- Callable by: authenticated, service_role
CREATE OR REPLACE FUNCTION public.join_waitlist(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;

comment on function public.service_prepare_waitlist_entry(uuid,text,integer) is 'What a waitlist place costs (the entry fee, one slot), or why it is refused (not_full, waitlist_full, waitlist_closed, invalid_slot_count, eligibility). Service role only.';
-- Callable by: service_role
CREATE OR REPLACE FUNCTION public.service_prepare_waitlist_entry(p_user_id uuid, p_tournament_id text, p_slots integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;

comment on function public.service_record_waitlist_order(uuid,text,text,integer,text) is 'The payments row of a new Razorpay order for a waitlist place (one slot); it replaces the player''s open orders for the tournament. Service role only.';
-- Callable by: service_role
CREATE OR REPLACE FUNCTION public.service_record_waitlist_order(p_user_id uuid, p_tournament_id text, p_razorpay_order_id text, p_amount_paise integer, p_currency text)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_payment_id uuid;
begin
  v_payment_id := public.service_record_payment_order(p_user_id, p_tournament_id, 1, p_razorpay_order_id, p_amount_paise, p_currency);
  update public.payments set for_waitlist = true where id = v_payment_id;
  return v_payment_id;
end;
$function$;

comment on function private.take_waitlist_place(public.payments,text,timestamp with time zone) is 'The confirmation of a waitlist payment for a full tournament: the payment is taken and the player put on the waitlist, or the refusal code (waitlist_full, waitlist_closed, already_registered, already_on_waitlist) the refund gives.';
-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.take_waitlist_place(p_payment public.payments, p_razorpay_payment_id text, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$;

comment on function private.waitlist_follows_payment() is 'A waitlist payment refunded while its player waits (the tournament cancelled, a refund from the dashboard) takes the place off the waitlist.';
-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.waitlist_follows_payment()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update public.waitlist_places set status = 'refunded', closed_at = private.clock_now()
   where payment_id = new.id and status = 'waiting';
  return null;
end;
$function$;

comment on function public.get_waitlist_position(text) is 'The public contract: the caller''s position on a tournament''s waitlist, { position } (1-based; null once promoted or refunded); PT404 not_on_waitlist if never on it.';
-- Callable by: authenticated, service_role
CREATE OR REPLACE FUNCTION public.get_waitlist_position(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;

comment on function public.get_waitlist(text) is 'A tournament''s waitlist for its page: whether it takes joins, its size and how many wait, until when, and the caller''s own place (mine) when signed in.';
-- Callable by: anon, authenticated, service_role
CREATE OR REPLACE FUNCTION public.get_waitlist(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;

-- -----------------------------------------------------------------------------------------------------
-- Check-in close: the empty places go to the waitlist
-- -----------------------------------------------------------------------------------------------------

comment on function private.fill_places_from_waitlist(text,timestamp with time zone) is 'At check-in close, before the draw counts the entries: every empty place goes to the next checked-in waitlisted player (a registration and a checked-in entry, paid by their waitlist payment); the others are told, and a paid place is refunded in full through the outbox.';
-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.fill_places_from_waitlist(p_tournament_id text, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$;
