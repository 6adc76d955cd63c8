-- =====================================================================================================
-- A staff grant acts where it is granted, always with the second step, never where its holder plays
-- =====================================================================================================
-- Three gaps between the staff rules (lifecycle.md: Words; the contract's platform-wide staff reads) and
-- what the database did:
--   - a grant limited to one tournament passed every check made without a tournament: the admin of one cup
--     read the tax register with full PANs, the payout queue, the reconciliation and every staff grant;
--   - staff reads outside require_staff took the first sign-in step as enough for an account without an
--     authenticator app: the policies on kyc_records, payouts and payout_approvals (caller_is_admin()
--     trusted current_player_id(), which answers at aal1 when no factor is enrolled), and the room, the
--     reports and the evidence of a match (may_see_match() looked at the grant only), also in a tournament
--     the staff member plays in;
--   - staff_get_entries gave referees every entrant's e-mail address.
--
-- staff_role_of                the caller's strongest grant that covers the tournament: a grant for that
--                              tournament or for the whole platform. Without a tournament, only grants for
--                              the whole platform count. So require_staff(role) without a tournament (the
--                              tax register, the payout queue and approvals, the reconciliation, the staff
--                              list) needs a platform-wide grant, and the audit log names a platform
--                              action's actor by their platform role.
-- staff_has_second_step        the one test of the second step for staff: the session is aal2, whether or
--                              not the account enrolled a factor (require_staff, the policies, the match).
-- require_staff_anywhere       the gate of the console's lists (tournaments, needs attention, disputes):
--                              any grant of the rank, then the second step; each list then keeps the
--                              tournaments staff_sees.
-- staff_sees                   a tournament the grant covers and its holder does not play in.
-- caller_is_admin              (the policies on KYC, payouts and approvals) a platform admin at aal2.
-- acts_as_staff_in             staff powers on a tournament outside require_staff: the grant, the second
--                              step, and not playing there.
-- may_see_match                the two players, or staff who act in that tournament (the evidence bucket's
--                              policy reads it too).
-- require_may_see_match        get_match_room and get_match_reports refuse with second_step_required a
--                              staff member who only owes the second step, else with not_your_match.
-- staff_get_entries            e-mail addresses for organisers and admins only; referees see in-game names.
-- =====================================================================================================

create or replace function private.staff_role_of(p_user_id uuid, p_tournament_id text) returns text
  language sql stable
  set search_path = ''
as $$
  select role from public.staff_roles
   where user_id = p_user_id
     and (tournament_id is null or tournament_id = p_tournament_id)
   order by private.staff_role_rank(role) desc
   limit 1;
$$;

create function private.staff_has_second_step() returns boolean
  language sql stable
  set search_path = ''
as $$
  -- Staff always use two-step sign-in, whether or not a factor is enrolled (players without one need not).
  select coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2';
$$;
comment on function private.staff_has_second_step() is 'Whether this request carries the second sign-in step (aal2), which every staff read and action needs.';
revoke all on function private.staff_has_second_step() from public;

create or replace function private.require_staff(p_min_role text, p_tournament_id text default null) returns uuid
  language plpgsql stable
  security definer
  set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_role text;
begin
  if v_user is null then
    raise exception 'Not logged in. Please sign in first.' using errcode = 'PT401', hint = 'not_signed_in';
  end if;
  -- Without a tournament, only a grant for the whole platform counts (staff_role_of).
  v_role := private.staff_role_of(v_user, p_tournament_id);
  if v_role is null or private.staff_role_rank(v_role) < private.staff_role_rank(p_min_role) then
    raise exception 'This needs the % role (or a higher one)%.', p_min_role,
                    case when p_tournament_id is null then ' for the whole platform' else ' for this tournament' end
      using errcode = 'PT403', hint = 'staff_only';
  end if;
  if not private.staff_has_second_step() then
    raise exception 'Staff actions need two-step sign-in: enter the code from your authenticator app.'
      using errcode = 'PT403', hint = 'second_step_required';
  end if;
  if p_tournament_id is not null and private.plays_in(v_user, p_tournament_id) then
    raise exception 'You play in this tournament, so another staff member must do this.'
      using errcode = 'PT403', hint = 'staff_plays_here';
  end if;
  return v_user;
end;
$$;

create function private.require_staff_anywhere(p_min_role text) returns uuid
  language plpgsql stable
  security definer
  set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
begin
  if v_user is null then
    raise exception 'Not logged in. Please sign in first.' using errcode = 'PT401', hint = 'not_signed_in';
  end if;
  if not exists (select 1 from public.staff_roles
                  where user_id = v_user and private.staff_role_rank(role) >= private.staff_role_rank(p_min_role)) then
    raise exception 'This needs the % role (or a higher one).', p_min_role
      using errcode = 'PT403', hint = 'staff_only';
  end if;
  if not private.staff_has_second_step() then
    raise exception 'Staff actions need two-step sign-in: enter the code from your authenticator app.'
      using errcode = 'PT403', hint = 'second_step_required';
  end if;
  return v_user;
end;
$$;
comment on function private.require_staff_anywhere(text) is 'The gate of the console''s lists: a grant of at least this role, for any tournament or the whole platform, at aal2. Each list then keeps the tournaments staff_sees().';
revoke all on function private.require_staff_anywhere(text) from public;

create or replace function private.staff_sees(p_user uuid, p_tournament_id text) returns boolean
  language sql stable
  set search_path = ''
as $$
  select exists (select 1 from public.staff_roles
                  where user_id = p_user and (tournament_id is null or tournament_id = p_tournament_id))
     and not private.plays_in(p_user, p_tournament_id);
$$;

create or replace function private.caller_is_admin() returns boolean
  language sql stable
  security definer
  set search_path = ''
as $$
  select private.staff_has_second_step() and coalesce(private.is_admin(auth.uid()), false);
$$;
comment on function private.caller_is_admin() is 'Whether the caller is an admin of the whole platform signed in with the second step (the policies of staff reads over REST).';

create function private.acts_as_staff_in(p_user uuid, p_tournament_id text) returns boolean
  language sql stable
  security definer
  set search_path = ''
as $$
  select p_user is not null and p_user = auth.uid()
     and private.staff_has_second_step()
     and private.staff_role_of(p_user, p_tournament_id) is not null
     and not private.plays_in(p_user, p_tournament_id);
$$;
comment on function private.acts_as_staff_in(uuid, text) is 'Whether the caller may use staff powers on this tournament outside require_staff: a grant that covers it, the second step, and no entry of theirs in it.';
revoke all on function private.acts_as_staff_in(uuid, text) from public;

create or replace function private.may_see_match(p_user uuid, p_match_id uuid) returns boolean
  language sql stable
  security definer
  set search_path = ''
as $$
  select p_user is not null and exists (
    select 1 from public.matches m
      left join public.entries a on a.id = m.entry_a
      left join public.entries b on b.id = m.entry_b
     where m.id = p_match_id
       and (a.player_id = p_user or b.player_id = p_user or private.acts_as_staff_in(p_user, m.tournament_id)));
$$;

create function private.require_may_see_match(p_user uuid, p_match_id uuid, p_refusal text) returns void
  language plpgsql stable
  security definer
  set search_path = ''
as $$
begin
  if private.may_see_match(p_user, p_match_id) then
    return;
  end if;
  -- Staff who would see it with the second step are told what is missing.
  if not private.staff_has_second_step()
     and exists (select 1 from public.matches m
                  where m.id = p_match_id and private.staff_role_of(p_user, m.tournament_id) is not null
                    and not private.plays_in(p_user, m.tournament_id)) then
    raise exception 'Staff actions need two-step sign-in: enter the code from your authenticator app.'
      using errcode = 'PT403', hint = 'second_step_required';
  end if;
  raise exception '%', p_refusal using errcode = 'PT403', hint = 'not_your_match';
end;
$$;
comment on function private.require_may_see_match(uuid, uuid, text) is 'Refuses a caller who is neither one of the match''s two players nor staff acting in its tournament: second_step_required for staff owing the second step, else not_your_match with the refusal given.';
revoke all on function private.require_may_see_match(uuid, uuid, text) from public;

create or replace function public.get_match_room(p_match_id uuid) returns jsonb
  language plpgsql stable
  security definer
  set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
  v_room private.match_rooms%rowtype;
begin
  if not exists (select 1 from public.matches where id = p_match_id) then
    raise exception 'This match does not exist' using errcode = 'PT404', hint = 'match_not_found';
  end if;
  perform private.require_may_see_match(v_user, p_match_id, 'Only the two players and staff see the room');
  select * into v_room from private.match_rooms where match_id = p_match_id;
  return jsonb_build_object('room_id', v_room.room_id, 'password', v_room.password, 'posted_at', v_room.posted_at);
end;
$$;

create or replace function public.get_match_reports(p_match_id uuid) returns jsonb
  language plpgsql stable
  security definer
  set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
  v_match public.matches%rowtype;
begin
  select * into v_match from public.matches where id = p_match_id;
  if not found then
    raise exception 'This match does not exist' using errcode = 'PT404', hint = 'match_not_found';
  end if;
  perform private.require_may_see_match(v_user, p_match_id, 'Only the two players and staff see the reports');
  return jsonb_build_object(
    'reports', coalesce((
      select jsonb_agg(jsonb_build_object(
               'entry_id', r.entry_id, 'score', jsonb_build_array(r.goals_a, r.goals_b), 'winner_entry_id', r.winner_entry_id,
               'screenshot_path', r.screenshot_path, 'reported_at', r.reported_at)
                       order by r.reported_at, r.entry_id = v_match.entry_b)
        from private.match_reports r where r.match_id = p_match_id and r.superseded_at is null), '[]'::jsonb),
    'dispute', (
      select jsonb_build_object('reason', d.reason, 'details', d.details, 'opened_at', d.opened_at, 'deadline_at', d.deadline_at,
                                'opened_by_entry_id', d.opened_by_entry_id, 'settled_at', d.settled_at, 'outcome', d.outcome, 'note', d.note)
        from public.match_disputes d where d.match_id = p_match_id
       order by d.opened_at desc limit 1),
    'walkover', case when v_match.walkover_entry_id is null then null
                     else jsonb_build_object('entry_id', v_match.walkover_entry_id, 'claimed_at', v_match.walkover_claimed_at,
                                             'contest_until', v_match.walkover_claimed_at + interval '5 minutes') end
  );
end;
$$;

create or replace function public.staff_get_entries(p_tournament_id text) returns jsonb
  language plpgsql stable
  security definer
  set search_path = ''
as $$
declare
  v_staff uuid := private.require_staff('referee', p_tournament_id);
  -- Referees run matches by in-game name; reaching players by e-mail is for organisers and admins.
  v_with_emails boolean := private.staff_role_rank(private.staff_role_of(v_staff, p_tournament_id))
                           >= private.staff_role_rank('organiser');
begin
  return coalesce((
    select jsonb_agg(jsonb_build_object(
             'entry_id', e.id, 'slot_number', e.slot_number,
             'buyer_in_game_name', buyer.in_game_name, 'player_in_game_name', player.in_game_name,
             'status', e.status, 'checked_in_at', e.checked_in_at, 'withdraw_reason', e.withdraw_reason,
             'payment_status', coalesce(pay.status, 'free'), 'amount_paise', coalesce(pay.amount_paise, 0))
           || case when v_with_emails
                   then jsonb_build_object('buyer_email', buyer_user.email, 'player_email', player_user.email)
                   else '{}'::jsonb end
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
comment on function public.staff_get_entries(text) is 'Staff: a tournament''s entries with their players, payment state and check-in; the e-mail addresses for organisers and admins only.';

create or replace function public.staff_list_tournaments() returns jsonb
  language plpgsql stable
  security definer
  set search_path = ''
as $$
declare
  v_staff uuid := private.require_staff_anywhere('referee');
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

create or replace function public.staff_needs_attention() returns jsonb
  language plpgsql stable
  security definer
  set search_path = ''
as $$
declare
  v_staff uuid := private.require_staff_anywhere('referee');
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

create or replace function public.staff_list_disputes() returns jsonb
  language plpgsql stable
  security definer
  set search_path = ''
as $$
declare
  v_staff uuid := private.require_staff_anywhere('referee');
begin
  return coalesce((
    select jsonb_agg(jsonb_build_object(
             'dispute_id', d.id, 'match_id', m.id, 'tournament_id', t.id, 'title', t.title,
             'round', m.round, 'rounds', (select max(x.round) from public.matches x where x.tournament_id = m.tournament_id),
             'position', m.position, 'status', m.status, 'scheduled_at', m.scheduled_at,
             'entries', jsonb_build_array(
               jsonb_build_object('entry_id', m.entry_a, 'in_game_name', private.entry_name(m.entry_a)),
               jsonb_build_object('entry_id', m.entry_b, 'in_game_name', private.entry_name(m.entry_b))),
             'reason', d.reason, 'details', d.details, 'opened_at', d.opened_at, 'deadline_at', d.deadline_at,
             'opened_by_entry_id', d.opened_by_entry_id)
           order by d.deadline_at, d.opened_at, d.id)
      from public.match_disputes d
      join public.matches m on m.id = d.match_id
      join public.tournaments t on t.id = m.tournament_id
     where d.settled_at is null and t.cancelled_at is null and private.staff_sees(v_staff, t.id)
  ), '[]'::jsonb);
end;
$$;
