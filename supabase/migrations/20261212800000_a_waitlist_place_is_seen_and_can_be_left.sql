-- =====================================================================================================
-- A waitlist place is a place the player sees: a receipt, My Tournaments, and leaving it
-- =====================================================================================================
-- A paid waitlist place vanished from the player's screens once paid: no receipt, nothing on the
-- dashboard or in My Tournaments, no way to leave, and yet deleting the account was refused because the
-- player "still played" there.
--
-- * Taking a place writes its bell entry (a trigger on waitlist_places, like the entry's receipt on
--   tournament_registrations): a paid place gets a payment_receipt (its e-mail goes with every receipt's,
--   from the receipt_emails step), a free one a waitlist_joined notice. Both say the position and the
--   check-in window that can move the player up.
-- * get_my_waitlist_places() answers the caller's waiting places for the dashboard and My Tournaments:
--   position, the check-in window, whether checked in, what was paid.
-- * leave_waitlist(p_tournament_id) releases the caller's place until check-in closes; a paid place is
--   refunded in full through the refund outbox (reason left_waitlist). Refused once promoted
--   (waitlist_promoted), once left or refunded (waitlist_place_closed), after check-in closed
--   (waitlist_leave_closed), and for a player not on the waitlist (not_on_waitlist).
-- * Deleting an account: open play on a waitlist is worded as such ("You are on the waitlist of <title>")
--   and the blocker names the tournament, so the page offers to leave it.
--
-- private.waitlist_joined_notice(waitlist_places)   the receipt or notice of a place just taken
-- private.send_waitlist_receipt()                    trigger: writes it when the place is taken
-- public.get_my_waitlist_places()                    the caller's waiting places
-- public.leave_waitlist(text)                        waiting → released; a paid place refunded in full
-- public.get_waitlist(text)                          mine.left: the player left the place
-- private.refusal_reason(text)                       adds left_waitlist
-- private.notification_kinds()                       adds waitlist_joined
-- private.account_open_play_in(uuid)                 the open play: title, tournament, whether a waitlist place
-- private.account_open_play(uuid)                    its title, as before
-- private.account_deletion_blocker(uuid, boolean)    open_play names the waitlist place's tournament
-- public.request_account_deletion(boolean)           "You are on the waitlist of <title>"
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- The moves leaving makes
-- -----------------------------------------------------------------------------------------------------

update private.status_transitions
   set allowed_by = allowed_by || '{public.leave_waitlist}'::text[]
 where machine = 'waitlist_place' and from_status = 'waiting' and to_status = 'released';
update private.status_transitions
   set allowed_by = allowed_by || '{public.leave_waitlist}'::text[]
 where machine = 'payment' and from_status = 'paid' and to_status = 'refund_pending';

create or replace function private.refusal_reason(p_code text)
returns text
language plpgsql
immutable
as $function$
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
    when 'left_waitlist' then 'You left the waitlist. Your waitlist payment has been refunded in full.'
    when 'paid_entry_disabled' then 'Paid entry was switched off on this site before your payment arrived. Your payment has been refunded in full.'
  end;
end;
$function$;

-- -----------------------------------------------------------------------------------------------------
-- The receipt, or the notice, of a place just taken
-- -----------------------------------------------------------------------------------------------------

create or replace function private.notification_kinds()
returns text[]
language sql
immutable
set search_path = ''
as $$ select '{check_in_open,draw_made,room_posted,opponent_ready,opponent_reported,dispute_opened,dispute_settled,next_match,tournament_finished,prize_credited,payout_sent,payout_failed,kyc_result,payment_receipt,waitlist_joined,waitlist_promoted,waitlist_not_promoted}'::text[] $$;

alter table public.notifications drop constraint notifications_kind_known;
do $$
begin
  execute format('alter table public.notifications add constraint notifications_kind_known check (kind = any (%L::text[]) or kind = %L)',
                 private.notification_kinds(), 'staff_alert');
end;
$$;

create function private.waitlist_joined_notice(p_place public.waitlist_places)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_tournament public.tournaments%rowtype;
  v_payment public.payments%rowtype;
  v_amount text;
  v_window text;
  v_page text;
begin
  select * into v_tournament from public.tournaments where id = p_place.tournament_id;
  v_window := to_char(private.tournament_check_in_opens_at(v_tournament) at time zone 'Asia/Kolkata', 'DD Mon HH24:MI')
              || ' and ' || to_char(private.tournament_check_in_closes_at(v_tournament) at time zone 'Asia/Kolkata', 'DD Mon HH24:MI')
              || ' IST';
  v_page := case when v_tournament.series = 'quick' then 'the pod page' else 'the tournament page' end;
  if p_place.payment_id is null then
    return jsonb_build_object(
      'kind', 'waitlist_joined',
      'title', 'You are on the waitlist of ' || v_tournament.title,
      'body', 'Waitlist #' || coalesce(private.waitlist_position(p_place)::text, '?') || '. Check in on ' || v_page
              || ' between ' || v_window || ' to move up if a place frees. You can leave the waitlist from My Tournaments'
              || ' until check-in closes.',
      'link', private.tournament_page_link(v_tournament));
  end if;
  select * into v_payment from public.payments where id = p_place.payment_id;
  v_amount := '₹' || to_char(v_payment.amount_paise / 100.0, 'FM99999999990.00');
  return jsonb_build_object(
    'kind', 'payment_receipt',
    'title', 'Payment received: ' || v_amount || ' for the waitlist of ' || v_tournament.title,
    'body', 'Receipt for ' || v_tournament.title || ': a place on its waitlist (#'
            || coalesce(private.waitlist_position(p_place)::text, '?') || '), ' || v_amount || ' paid, payment id '
            || coalesce(v_payment.razorpay_payment_id, v_payment.id::text) || '. Next: check in on ' || v_page
            || ' between ' || v_window || ' to move up if a place frees. If none comes free for you, or you leave the'
            || ' waitlist from My Tournaments before check-in closes, your payment is refunded in full.',
    'link', private.tournament_page_link(v_tournament));
end;
$$;
comment on function private.waitlist_joined_notice(public.waitlist_places) is 'The bell entry of a waitlist place just taken ({ kind, title, body, link }): a payment receipt for a paid place, a waitlist_joined notice for a free one; both give the position and the check-in window that can move the player up.';

create function private.send_waitlist_receipt()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_notice jsonb := private.waitlist_joined_notice(new);
begin
  if new.payment_id is not null then
    -- As the entry's receipt: one insert in the confirmation's transaction; the receipt_emails step queues
    -- its e-mail.
    insert into public.notifications (user_id, kind, title, body, link, created_at)
    values (new.player_id, 'payment_receipt', v_notice ->> 'title', v_notice ->> 'body', v_notice ->> 'link', private.clock_now());
  else
    perform private.notify(new.player_id, 'waitlist_joined', v_notice ->> 'title', v_notice ->> 'body', v_notice ->> 'link',
                           new.id::text);
  end if;
  return null;
end;
$$;
comment on function private.send_waitlist_receipt() is 'A waitlist place just taken: its receipt (paid) or notice (free) in the player''s bell, written with the place.';

create trigger waitlist_places_send_receipt after insert on public.waitlist_places
  for each row execute function private.send_waitlist_receipt();
comment on trigger waitlist_places_send_receipt on public.waitlist_places is 'The receipt of a paid place, or the notice of a free one, in the bell.';

-- -----------------------------------------------------------------------------------------------------
-- The player's waiting places
-- -----------------------------------------------------------------------------------------------------

create function public.get_my_waitlist_places()
returns table (tournament_id text, tournament_title text, link text, "position" integer, checked_in_at timestamptz,
               check_in_opens_at timestamptz, check_in_closes_at timestamptz, paid_paise integer, joined_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_player uuid := private.require_player();
begin
  return query
    select w.tournament_id, t.title, private.tournament_page_link(t), private.waitlist_position(w), w.checked_in_at,
           private.tournament_check_in_opens_at(t), private.tournament_check_in_closes_at(t),
           coalesce(p.amount_paise, 0), w.joined_at
      from public.waitlist_places w
      join public.tournaments t on t.id = w.tournament_id
      left join public.payments p on p.id = w.payment_id
     where w.player_id = v_player and w.status = 'waiting' and private.waitlist_position(w) is not null
     order by t.starts_at, w.number;
end;
$$;
comment on function public.get_my_waitlist_places() is 'The caller''s waitlist places still waiting, for the dashboard and My Tournaments: the tournament, its page, the position, the check-in window that can move them up, whether checked in, and what was paid (0 for a free place).';

-- -----------------------------------------------------------------------------------------------------
-- Leaving
-- -----------------------------------------------------------------------------------------------------

create function public.leave_waitlist(p_tournament_id text)
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
  v_payment public.payments%rowtype;
  v_refund integer := 0;
begin
  -- The lock joins and the draw take: a leave and the close never cross.
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    raise exception 'Unknown tournament' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  select * into v_place from public.waitlist_places
   where tournament_id = p_tournament_id and player_id = v_player
     for update;
  if not found then
    raise exception 'You are not on this tournament''s waitlist' using errcode = 'PT404', hint = 'not_on_waitlist';
  end if;
  if v_place.status = 'promoted' then
    raise exception 'You moved up from the waitlist: you have a place in the tournament now'
      using errcode = 'PT409', hint = 'waitlist_promoted';
  end if;
  if v_place.status <> 'waiting' then
    raise exception 'You are no longer on this tournament''s waitlist' using errcode = 'PT409', hint = 'waitlist_place_closed';
  end if;
  if v_tournament.drawn_at is not null or v_tournament.cancelled_at is not null
     or v_now >= private.tournament_check_in_closes_at(v_tournament) then
    raise exception 'Check-in has closed: your waitlist place can no longer be left'
      using errcode = 'PT409', hint = 'waitlist_leave_closed';
  end if;

  update public.waitlist_places set status = 'released', closed_at = v_now where id = v_place.id;
  if v_place.payment_id is not null then
    update public.payments p
       set status = 'refund_pending', failure_reason = private.refusal_reason('left_waitlist'), updated_at = v_now
     where p.id = v_place.payment_id and p.status = 'paid' and private.refundable_paise(p) > 0
    returning * into v_payment;
    if found then
      v_refund := private.refundable_paise(v_payment)::integer;
      perform private.queue_refund(v_payment.razorpay_payment_id, v_refund, 'left_waitlist', v_payment);
    end if;
  end if;
  return jsonb_build_object('status', 'released', 'refund_paise', v_refund);
end;
$$;
comment on function public.leave_waitlist(text) is 'The public contract: the caller leaves a tournament''s waitlist until check-in closes ({ status: released, refund_paise }); a paid place is refunded in full through the refund outbox (left_waitlist). PT409 waitlist_promoted, waitlist_place_closed, waitlist_leave_closed; PT404 not_on_waitlist, tournament_not_found.';

create or replace function public.get_waitlist(p_tournament_id text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $function$
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
              'paid', v_place.payment_id is not null,
              -- Released before the draw: the player left it (the close releases a place in the draw's own moment).
              'left', v_place.status = 'released' and v_place.closed_at < coalesce(v_tournament.drawn_at, 'infinity'::timestamptz)) end
  );
end;
$function$;
comment on function public.get_waitlist(text) is 'A tournament''s waitlist for its page: whether it takes joins, its size and how many wait, until when, and the caller''s own place (mine: position, status, checked_in_at, paid, left) when signed in.';

-- -----------------------------------------------------------------------------------------------------
-- Deleting an account: a waitlist place is worded as one, and can be left from the page
-- -----------------------------------------------------------------------------------------------------

create function private.account_open_play_in(p_user uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
begin
  -- An entry (played or bought) in a tournament that is not settled or cancelled.
  select t.* into v_tournament
    from public.entries e join public.tournaments t on t.id = e.tournament_id
   where (e.player_id = p_user or e.buyer_id = p_user) and e.status = 'active'
     and private.tournament_status(t, v_now) not in ('settled', 'cancelled')
   order by t.starts_at
   limit 1;
  if found then
    return jsonb_build_object('title', v_tournament.title, 'tournament_id', v_tournament.id, 'waitlist', false);
  end if;
  -- A place on a waitlist that has not been promoted, refunded or released yet.
  select t.* into v_tournament
    from public.waitlist_places w join public.tournaments t on t.id = w.tournament_id
   where w.player_id = p_user and w.status = 'waiting'
     and private.tournament_status(t, v_now) not in ('settled', 'cancelled')
   order by t.starts_at
   limit 1;
  if found then
    return jsonb_build_object('title', v_tournament.title, 'tournament_id', v_tournament.id, 'waitlist', true);
  end if;
  -- A dispute still open in one of their matches.
  select t.* into v_tournament
    from public.match_disputes d join public.matches m on m.id = d.match_id join public.tournaments t on t.id = m.tournament_id
    join public.entries e on e.id in (m.entry_a, m.entry_b)
   where d.settled_at is null and e.player_id = p_user
   limit 1;
  if found then
    return jsonb_build_object('title', v_tournament.title, 'tournament_id', v_tournament.id, 'waitlist', false);
  end if;
  return null;
end;
$$;
comment on function private.account_open_play_in(uuid) is 'Where the player still plays ({ title, tournament_id, waitlist }: an entry in a tournament not settled or cancelled, a waitlist place still waiting, an open dispute), or null. Every kind of open play is added here.';

create or replace function private.account_open_play(p_user uuid)
returns text
language sql
stable
set search_path = ''
as $$ select private.account_open_play_in(p_user) ->> 'title' $$;
comment on function private.account_open_play(uuid) is 'The title of a tournament where the player still plays (private.account_open_play_in), or null.';

create or replace function private.account_deletion_blocker(p_user uuid, p_forfeit_small_balance boolean default false)
returns jsonb
language plpgsql
stable
set search_path = ''
as $function$
declare
  v_reason text;
  v_play jsonb;
begin
  v_reason := private.account_open_money(p_user, p_forfeit_small_balance);
  if v_reason is not null then
    return jsonb_build_object('hint', 'open_money', 'detail', v_reason);
  end if;
  v_play := private.account_open_play_in(p_user);
  if v_play is not null then
    -- A waitlist place names its tournament: the page offers to leave it.
    return jsonb_build_object('hint', 'open_play', 'detail', v_play ->> 'title',
                              'waitlist_tournament_id', case when (v_play ->> 'waitlist')::boolean then v_play ->> 'tournament_id' end);
  end if;
  if private.account_is_last_admin(p_user) then
    return jsonb_build_object('hint', 'last_admin', 'detail', null);
  end if;
  return null;
end;
$function$;
comment on function private.account_deletion_blocker(uuid, boolean) is 'Why the account cannot be deleted now ({ hint, detail }, and for a waitlist place waitlist_tournament_id), or null. Open money wins over open play.';

create or replace function public.request_account_deletion(p_forfeit_small_balance boolean default false)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $function$
declare
  v_user uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_deletion private.account_deletions%rowtype;
  v_blocker jsonb;
  v_signed_in_at bigint;
begin
  -- Asking twice answers the first request.
  select * into v_deletion from private.account_deletions
   where user_id = v_user and cancelled_at is null and erased_at is null;
  if found then
    return jsonb_build_object('status', 'scheduled', 'erase_at', v_deletion.erase_at);
  end if;

  if exists (select 1 from public.staff_roles where user_id = v_user) and not private.staff_has_second_step() then
    raise exception 'Staff accounts need two-step sign-in: enter the code from your authenticator app.'
      using errcode = 'PT403', hint = 'second_step_required';
  end if;
  -- A sign-in this recent proves the person at the keyboard owns the account, not a device left signed in.
  -- (Tokens keep real time, so this reads the real clock, not the movable one.)
  select max((m ->> 'timestamp')::bigint) into v_signed_in_at
    from jsonb_array_elements(coalesce(auth.jwt() -> 'amr', '[]'::jsonb)) as m
   where m ->> 'method' in ('otp', 'password', 'magiclink');
  if v_signed_in_at is null
     or to_timestamp(v_signed_in_at) < now() - make_interval(mins => (private.setting('recent_sign_in_minutes') #>> '{}')::int) then
    raise exception 'Confirm it is you: enter the code we e-mail you, then delete your account.'
      using errcode = 'PT403', hint = 'recent_sign_in_required';
  end if;

  v_blocker := private.account_deletion_blocker(v_user, coalesce(p_forfeit_small_balance, false));
  -- The detail says what is open: for money what kind (payout, chargeback, prize, refund, balance,
  -- small_balance), for play the tournament's title.
  case v_blocker ->> 'hint'
    when 'open_money' then
      raise exception 'You still have money with us: settle it first, then delete your account.'
        using errcode = 'PT409', hint = 'open_money', detail = v_blocker ->> 'detail';
    when 'open_play' then
      if v_blocker ->> 'waitlist_tournament_id' is not null then
        raise exception 'You are on the waitlist of %: leave it, then delete your account.', v_blocker ->> 'detail'
          using errcode = 'PT409', hint = 'open_play', detail = v_blocker ->> 'detail';
      end if;
      raise exception 'You still play in %: delete your account once it is settled.', v_blocker ->> 'detail'
        using errcode = 'PT409', hint = 'open_play', detail = v_blocker ->> 'detail';
    when 'last_admin' then
      raise exception 'You are the last admin of the platform: grant the admin role to someone else first.'
        using errcode = 'PT409', hint = 'last_admin';
    else
      null;
  end case;

  insert into private.account_deletions (user_id, requested_at, erase_at, forfeit_consented_at)
  values (v_user, v_now, v_now + (private.setting('account_deletion_grace') #>> '{}')::interval,
          case when private.account_balance_paise(v_user) > 0 then v_now end)
  returning * into v_deletion;
  perform private.account_deletion_email(v_deletion, 'requested');
  return jsonb_build_object('status', 'scheduled', 'erase_at', v_deletion.erase_at);
end;
$function$;

-- -----------------------------------------------------------------------------------------------------
-- Who may call what
-- -----------------------------------------------------------------------------------------------------

revoke execute on function private.waitlist_joined_notice(public.waitlist_places) from public;
revoke execute on function private.send_waitlist_receipt() from public;
revoke execute on function private.account_open_play_in(uuid) from public;
revoke execute on function public.get_my_waitlist_places() from public, anon;
grant execute on function public.get_my_waitlist_places() to authenticated, service_role;
revoke execute on function public.leave_waitlist(text) from public, anon;
grant execute on function public.leave_waitlist(text) to authenticated, service_role;
