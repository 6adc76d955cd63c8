-- =====================================================================================================
-- The staff console's functions
-- =====================================================================================================
-- Every function starts with private.require_staff(role, tournament) and writes the audit log. Long
-- work (refunding 300 players) is queued in the outbox in the same transaction as the decision; the
-- console follows it with staff_refund_progress() and resumes failed calls with staff_retry_refunds(),
-- which reuses each refund's idempotency key, so nobody is refunded twice.
-- =====================================================================================================

-- Tournaments a staff member can see: every one for a global grant, else those of their grants.
create function private.staff_sees(p_user uuid, p_tournament_id text) returns boolean
  language sql stable set search_path = ''
as $$
  select exists (select 1 from public.staff_roles
                  where user_id = p_user and (tournament_id is null or tournament_id = p_tournament_id));
$$;

create function public.staff_list_tournaments() returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
declare
  v_staff uuid := private.require_staff('referee', null);
  v_now timestamptz := private.clock_now();
begin
  return coalesce((
    select jsonb_agg(jsonb_build_object('title', t.title, 'is_pod', t.pod_number is not null)
                       || private.tournament_list_state(t, v_now)
                     order by t.starts_at, t.id)
      from public.tournaments t
     where private.staff_sees(v_staff, t.id)
       and (t.settled_at is null and t.cancelled_at is null and t.finished_at is null
            or t.starts_at > v_now - interval '30 days')
       -- Empty pods that are still filling are one per series; they need nobody's attention.
       and (t.pod_number is null or t.filled_slots > 0 or t.cancelled_at is not null)
  ), '[]'::jsonb);
end;
$$;

create function public.staff_needs_attention() returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
declare
  v_staff uuid := private.require_staff('referee', null);
  v_now timestamptz := private.clock_now();
begin
  return coalesce((
    select jsonb_agg(item order by item ->> 'due_at', item ->> 'tournament_id')
      from (
        -- Check-in closing within two hours (or open now), with entries not checked in yet.
        select jsonb_build_object(
                 'kind', 'check_in_closing', 'tournament_id', t.id, 'title', t.title,
                 'due_at', private.tournament_check_in_closes_at(t),
                 'detail', (select count(*) filter (where checked_in_at is not null) from public.entries e
                             where e.tournament_id = t.id and e.status = 'active')
                           || ' of ' || (select count(*) from public.entries e where e.tournament_id = t.id and e.status = 'active')
                           || ' entries checked in') as item
          from public.tournaments t
         where private.staff_sees(v_staff, t.id) and t.drawn_at is null
           and private.tournament_status(t, v_now) = 'check-in'
           and private.tournament_check_in_closes_at(t) <= v_now + interval '2 hours'
           and exists (select 1 from public.entries e where e.tournament_id = t.id and e.status = 'active' and e.checked_in_at is null)
        union all
        -- Places bought for someone else that nobody has accepted yet.
        select jsonb_build_object(
                 'kind', 'unnamed_entries', 'tournament_id', t.id, 'title', t.title,
                 'due_at', private.tournament_check_in_closes_at(t),
                 'detail', count(*) || ' place' || case when count(*) = 1 then '' else 's' end || ' without a named player')
          from public.tournaments t
          join public.entries e on e.tournament_id = t.id and e.status = 'active' and e.player_id is null
         where private.staff_sees(v_staff, t.id) and t.drawn_at is null
           and private.tournament_status(t, v_now) in ('open', 'full', 'check-in')
         group by t.id
        union all
        -- Refunds the outbox gave up on: they need a person (retry, or look at Razorpay).
        select jsonb_build_object(
                 'kind', 'refunds_failed', 'tournament_id', t.id, 'title', t.title, 'due_at', v_now,
                 'detail', count(*) || ' refund' || case when count(*) = 1 then '' else 's' end || ' failed')
          from public.tournaments t
          join private.outbox o on o.kind = 'razorpay_refund' and o.status = 'gave_up' and o.payload ->> 'tournament_id' = t.id
         where private.staff_sees(v_staff, t.id)
         group by t.id
      ) as items), '[]'::jsonb);
end;
$$;

create function public.staff_get_entries(p_tournament_id text) returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_staff('referee', p_tournament_id);
  return coalesce((
    select jsonb_agg(jsonb_build_object(
             'entry_id', e.id, 'slot_number', e.slot_number,
             'buyer_in_game_name', buyer.in_game_name, 'buyer_email', buyer_user.email,
             'player_in_game_name', player.in_game_name, 'player_email', player_user.email,
             'status', e.status, 'checked_in_at', e.checked_in_at, 'withdraw_reason', e.withdraw_reason,
             'payment_status', coalesce(pay.status, 'free'), 'amount_paise', coalesce(pay.amount_paise, 0))
           order by buyer.in_game_name, e.registration_id, e.slot_number)
      from public.entries e
      join public.tournament_registrations r on r.id = e.registration_id
      left join public.payments pay on pay.id = r.payment_id
      left join public.profiles buyer on buyer.id = e.buyer_id
      left join auth.users buyer_user on buyer_user.id = e.buyer_id
      left join public.profiles player on player.id = e.player_id
      left join auth.users player_user on player_user.id = e.player_id
     where e.tournament_id = p_tournament_id), '[]'::jsonb);
end;
$$;

create function private.require_reason(p_reason text) returns text
  language plpgsql immutable set search_path = ''
as $$
begin
  if p_reason is null or char_length(btrim(p_reason)) < 3 then
    raise exception 'Give a reason (at least 3 characters): players and staff read it' using errcode = 'PT400', hint = 'reason_required';
  end if;
  if char_length(p_reason) > 500 then
    raise exception 'Keep the reason under 500 characters' using errcode = 'PT400', hint = 'reason_too_long';
  end if;
  return btrim(p_reason);
end;
$$;

-- Check an entry in or out by hand: public, with a reason; not in the window's last 5 minutes, when
-- players must be able to rely on the list.
create function public.staff_set_check_in(p_entry_id uuid, p_checked_in boolean, p_reason text) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_entry public.entries%rowtype;
  v_tournament public.tournaments%rowtype;
  v_staff uuid;
  v_reason text;
  v_name text;
begin
  select * into v_entry from public.entries where id = p_entry_id for update;
  if not found then
    raise exception 'No such entry' using errcode = 'PT404', hint = 'entry_not_found';
  end if;
  v_staff := private.require_staff('referee', v_entry.tournament_id);
  v_reason := private.require_reason(p_reason);
  if v_entry.status <> 'active' or v_entry.player_id is null then
    raise exception 'Only an active entry with a player can be checked in' using errcode = 'PT409', hint = 'entry_not_active';
  end if;
  select * into v_tournament from public.tournaments where id = v_entry.tournament_id;
  perform private.raise_unless_check_in_open(v_tournament, v_now);
  if v_now >= private.tournament_check_in_closes_at(v_tournament) - interval '5 minutes' then
    raise exception 'Check-in changes by hand are closed in the last 5 minutes of the window' using errcode = 'PT409', hint = 'check_in_locked';
  end if;
  update public.entries set checked_in_at = case when p_checked_in then coalesce(checked_in_at, v_now) end
   where id = p_entry_id
  returning * into v_entry;
  select in_game_name into v_name from public.profiles where id = v_entry.player_id;
  perform private.audit(v_entry.tournament_id, case when p_checked_in then 'checked_in_by_staff' else 'checked_out_by_staff' end,
                        coalesce(v_name, 'A player') || case when p_checked_in then ' checked in by hand' else ' checked out by hand' end,
                        v_reason, null, jsonb_build_object('checked_in_at', v_entry.checked_in_at), true, v_staff, v_entry.id);
  return jsonb_build_object('entry_id', v_entry.id, 'checked_in_at', v_entry.checked_in_at);
end;
$$;

-- staff_close_check_in(p_tournament_id): the public contract. Closes check-in now and runs the draw
-- (once: a second call answers the first draw).
create function public.staff_close_check_in(p_tournament_id text) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_staff uuid := private.require_staff('organiser', p_tournament_id);
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  if v_tournament.drawn_at is null then
    if private.tournament_status(v_tournament, v_now) <> 'check-in' then
      raise exception 'Check-in can be closed once registration has closed, before the draw'
        using errcode = 'PT409', hint = 'check_in_not_open';
    end if;
    perform private.audit(p_tournament_id, 'check_in_closed_by_staff', 'Check-in closed by hand', null,
                          jsonb_build_object('check_in_closes_at', private.tournament_check_in_closes_at(v_tournament)),
                          jsonb_build_object('check_in_closes_at', v_now), true, v_staff);
  end if;
  return private.run_draw(p_tournament_id, v_staff);
end;
$$;

create function public.staff_postpone_tournament(p_tournament_id text, p_starts_at timestamptz, p_reason text) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_staff uuid := private.require_staff('organiser', p_tournament_id);
  v_reason text := private.require_reason(p_reason);
  v_shift interval;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  if v_tournament.drawn_at is not null or private.tournament_status(v_tournament, v_now) in ('cancelled', 'finished', 'settled') then
    raise exception 'Only a tournament that has not been drawn can be postponed' using errcode = 'PT409', hint = 'tournament_already_drawn';
  end if;
  if p_starts_at is null or p_starts_at <= v_tournament.starts_at then
    raise exception 'The new start must be later than the current one' using errcode = 'PT400', hint = 'invalid_start_time';
  end if;
  v_shift := p_starts_at - v_tournament.starts_at;
  -- Every window moves with the start (each default is relative to it; set ones move explicitly).
  update public.tournaments
     set starts_at = p_starts_at,
         registration_closes_at = registration_closes_at + v_shift,
         check_in_opens_at = check_in_opens_at + v_shift,
         check_in_closes_at = check_in_closes_at + v_shift
   where id = p_tournament_id
  returning * into v_tournament;
  perform private.audit(p_tournament_id, 'postponed',
                        'Postponed to ' || to_char(p_starts_at at time zone 'Asia/Kolkata', 'DD Mon YYYY HH24:MI') || ' IST',
                        v_reason, jsonb_build_object('starts_at', p_starts_at - v_shift), jsonb_build_object('starts_at', p_starts_at),
                        true, v_staff);
  return private.tournament_state(v_tournament, v_now);
end;
$$;

-- staff_cancel_tournament(p_tournament_id, p_reason): the public contract. Every paid entry is refunded
-- through the outbox and every player told by e-mail.
create function public.staff_cancel_tournament(p_tournament_id text, p_reason text) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_staff uuid := private.require_staff('organiser', p_tournament_id);
  v_reason text := private.require_reason(p_reason);
  v_refunds integer;
  v_player record;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  if private.tournament_status(v_tournament, v_now) in ('cancelled', 'finished', 'settled') then
    raise exception 'This tournament is already % and cannot be cancelled', private.tournament_status(v_tournament, v_now)
      using errcode = 'PT409', hint = 'tournament_not_cancellable';
  end if;
  -- Who to tell, read before the entries are cancelled.
  for v_player in
    select distinct u.id, u.email from public.entries e
      join auth.users u on u.id in (e.player_id, e.buyer_id)
     where e.tournament_id = p_tournament_id and e.status <> 'cancelled' and u.email is not null
  loop
    perform private.queue_email(
      'tournament-cancelled-' || p_tournament_id || '-' || v_player.id, v_player.email,
      v_tournament.title || ' has been cancelled',
      v_tournament.title || ' has been cancelled by the organisers.' || E'\n\nReason: ' || v_reason || E'\n\n'
        || 'Every paid entry is refunded in full to the card, UPI or account it was paid with; banks usually show it within 5 to 7 working days.',
      '/my-tournaments');
  end loop;
  v_refunds := private.cancel_tournament(p_tournament_id, v_reason, v_now);
  perform private.audit(p_tournament_id, 'tournament_cancelled', 'Tournament cancelled', v_reason,
                        jsonb_build_object('status', private.tournament_status(v_tournament, v_now)),
                        jsonb_build_object('status', 'cancelled', 'refunds_queued', v_refunds), true, v_staff);
  return jsonb_build_object('refunds_queued', v_refunds);
end;
$$;

create function public.staff_refund_progress(p_tournament_id text) returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_staff('referee', p_tournament_id);
  return (
    select jsonb_build_object(
             'total', count(*),
             'done', count(*) filter (where p.status = 'refunded'),
             'pending', count(*) filter (where p.status = 'refund_pending' and coalesce(o.status, 'pending') <> 'gave_up'),
             'failed', count(*) filter (where p.status = 'refund_pending' and o.status = 'gave_up'))
      from public.payments p
      left join private.outbox o on o.kind = 'razorpay_refund' and o.idempotency_key = 'refund-' || p.razorpay_payment_id
     where p.tournament_id = p_tournament_id and p.status in ('refund_pending', 'refunded'));
end;
$$;

create function public.staff_retry_refunds(p_tournament_id text) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_staff uuid := private.require_staff('organiser', p_tournament_id);
  v_retried integer;
begin
  -- Same rows, same idempotency keys: Razorpay answers a repeated key with the first refund.
  update private.outbox
     set status = 'pending', attempts = 0, next_attempt_at = private.clock_now()
   where kind = 'razorpay_refund' and status = 'gave_up' and payload ->> 'tournament_id' = p_tournament_id;
  get diagnostics v_retried = row_count;
  if v_retried > 0 then
    perform private.audit(p_tournament_id, 'refunds_retried', v_retried || ' failed refunds queued again', null, null,
                          jsonb_build_object('retried', v_retried), false, v_staff);
  end if;
  return jsonb_build_object('retried', v_retried);
end;
$$;

create function public.staff_get_audit(p_tournament_id text) returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_staff('referee', p_tournament_id);
  return coalesce((
    select jsonb_agg(jsonb_build_object('id', a.id, 'at', a.at, 'action', a.action, 'summary', a.summary,
                                        'actor_email', u.email, 'actor_role', a.actor_role, 'reason', a.reason,
                                        'before', a.before, 'after', a.after, 'is_public', a.is_public)
                     order by a.at desc, a.id desc)
      from public.audit_log a
      left join auth.users u on u.id = a.actor_id
     where a.tournament_id = p_tournament_id), '[]'::jsonb);
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- Who may call them
-- -----------------------------------------------------------------------------------------------------
revoke all on function private.staff_sees(uuid, text) from public;
revoke all on function private.require_reason(text) from public;
revoke all on function public.staff_list_tournaments() from public, anon;
revoke all on function public.staff_needs_attention() from public, anon;
revoke all on function public.staff_get_entries(text) from public, anon;
revoke all on function public.staff_set_check_in(uuid, boolean, text) from public, anon;
revoke all on function public.staff_close_check_in(text) from public, anon;
revoke all on function public.staff_postpone_tournament(text, timestamptz, text) from public, anon;
revoke all on function public.staff_cancel_tournament(text, text) from public, anon;
revoke all on function public.staff_refund_progress(text) from public, anon;
revoke all on function public.staff_retry_refunds(text) from public, anon;
revoke all on function public.staff_get_audit(text) from public, anon;
grant execute on function public.staff_list_tournaments() to authenticated;
grant execute on function public.staff_needs_attention() to authenticated;
grant execute on function public.staff_get_entries(text) to authenticated;
grant execute on function public.staff_set_check_in(uuid, boolean, text) to authenticated;
grant execute on function public.staff_close_check_in(text) to authenticated;
grant execute on function public.staff_postpone_tournament(text, timestamptz, text) to authenticated;
grant execute on function public.staff_cancel_tournament(text, text) to authenticated;
grant execute on function public.staff_refund_progress(text) to authenticated;
grant execute on function public.staff_retry_refunds(text) to authenticated;
grant execute on function public.staff_get_audit(text) to authenticated;
