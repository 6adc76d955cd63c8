-- =====================================================================================================
-- Player history functions: registrations, payments and earnings of the signed-in player
-- =====================================================================================================
-- Payments have no policy at all and registrations only a read-own policy for Realtime; these are
-- the reads the pages use. Each returns the caller's rows only.

-- -----------------------------------------------------------------------------------------------------
-- get_user_registrations(p_user_id): the player's registrations, newest first
-- -----------------------------------------------------------------------------------------------------
-- Takes the user id the page already has, but only ever answers for the caller: another id is refused
-- rather than silently replaced, so a bug in a page shows up instead of showing the wrong data.
create function public.get_user_registrations(p_user_id uuid)
  returns table (
    tournament_id text,
    tournament_title text,
    series text,
    slots integer,
    status text,
    registered_at timestamptz
  )
  language plpgsql stable
  security definer
  set search_path = ''
as $$
declare
  player_id uuid := private.require_player();
begin
  if p_user_id is null then
    raise exception 'p_user_id is required' using errcode = '22023';
  end if;
  if p_user_id <> player_id then
    raise exception 'You can only read your own registrations' using errcode = '42501';
  end if;
  return query
    select r.tournament_id, t.title, t.series, r.slots, r.status, r.registered_at
      from public.tournament_registrations as r
      join public.tournaments as t on t.id = r.tournament_id
     where r.user_id = player_id
     order by r.registered_at desc, r.id;
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- get_my_payments(): the payment history, newest first
-- -----------------------------------------------------------------------------------------------------
-- status_reason tells the player why a payment did not buy an entry (the tournament filled up before it
-- was confirmed, the bank declined it, ...): failure_reason as the payment functions wrote it, shown only
-- for the statuses it explains, so a stale reason from an earlier failed attempt never sits next to a
-- payment that went through.
create function public.get_my_payments()
  returns table (
    id uuid,
    razorpay_payment_id text,
    razorpay_order_id text,
    amount_paise integer,
    currency text,
    tournament_id text,
    tournament_title text,
    slots integer,
    status text,
    status_reason text,
    created_at timestamptz
  )
  language plpgsql stable
  security definer
  set search_path = ''
as $$
declare
  player_id uuid := private.require_player();
begin
  return query
    select p.id, p.razorpay_payment_id, p.razorpay_order_id, p.amount_paise, p.currency,
           p.tournament_id, t.title, p.slots, p.status,
           case when p.status in ('failed', 'refund_pending', 'refunded') then p.failure_reason end,
           p.created_at
      from public.payments as p
      join public.tournaments as t on t.id = p.tournament_id
     where p.user_id = player_id
     order by p.created_at desc, p.id;
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- get_my_stats(): the Earnings page's figures
-- -----------------------------------------------------------------------------------------------------
-- Match results and prize payouts are not recorded yet (organisers settle them in the community and pay
-- by UPI), so every figure is an honest zero until a results table exists. The signature is the one the
-- page uses, so recording results later changes only this body.
create function public.get_my_stats()
  returns table (
    total_earnings_paise bigint,
    matches_played integer,
    matches_won integer,
    goals_scored integer
  )
  language plpgsql stable
  security definer
  set search_path = ''
as $$
begin
  perform private.require_player();
  return query select 0::bigint, 0, 0, 0;
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- Who may call them
-- -----------------------------------------------------------------------------------------------------
revoke execute on function public.get_user_registrations(uuid) from public, anon;
revoke execute on function public.get_my_payments() from public, anon;
revoke execute on function public.get_my_stats() from public, anon;
grant execute on function public.get_user_registrations(uuid) to authenticated, service_role;
grant execute on function public.get_my_payments() to authenticated, service_role;
grant execute on function public.get_my_stats() to authenticated, service_role;
