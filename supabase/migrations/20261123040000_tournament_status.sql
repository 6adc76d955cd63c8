-- =====================================================================================================
-- One tournament status, computed in one place
-- =====================================================================================================
-- Every page, island and payment decision reads a tournament's status from private.tournament_status():
--
--   scheduled  announced, registration not open yet (the catalog has not opened it, or its opening
--              time is still ahead)
--   open       registration open, places left
--   full       every place taken, registration not yet closed
--   check-in   registration closed; check-in is next or running (until the draw)
--   live       draw made, matches running
--   finished   final result confirmed, prizes being settled
--   settled    prizes credited
--   cancelled  called off (reason shown); every paid entry refunded
--
-- Registration closes at the tournament's close time (default: one hour before the start), or when
-- check-in opens, whichever is first. Check-in windows default by series: championships from start - 24 h
-- to start - 60 min, quick formats from start - 60 min to start - 15 min. live, finished and settled only
-- arise from the markers staff actions (and, later, the draw and the prize run) set.
-- A pod (a quick-format edition the database creates) that is not full by its fill deadline reads as
-- cancelled from that moment, before the periodic function has refunded it.
-- =====================================================================================================

alter table public.tournaments
  add column registration_opens_at timestamptz,
  add column check_in_opens_at timestamptz,
  add column check_in_closes_at timestamptz,
  add column fill_deadline_at timestamptz,
  add column drawn_at timestamptz,
  add column current_round integer
    constraint tournaments_current_round_positive check (current_round is null or current_round > 0),
  add column finished_at timestamptz,
  add column settled_at timestamptz,
  add column cancelled_at timestamptz,
  add column cancel_reason text
    constraint tournaments_cancel_reason_length check (cancel_reason is null or char_length(cancel_reason) <= 500),
  add constraint tournaments_cancel_has_reason check (cancelled_at is null or cancel_reason is not null);

comment on column public.tournaments.registration_opens_at is 'Registration opens here (null: as soon as the catalog opens it).';
comment on column public.tournaments.check_in_opens_at is 'Null: the series default (championship start - 24 h, quick start - 60 min).';
comment on column public.tournaments.check_in_closes_at is 'Null: the series default (championship start - 60 min, quick start - 15 min).';
comment on column public.tournaments.fill_deadline_at is 'Pods only: not full by then, the pod is cancelled and refunded.';
comment on column public.tournaments.drawn_at is 'Set by the draw: from here the tournament is live.';
comment on column public.tournaments.finished_at is 'Set when the final result is confirmed.';
comment on column public.tournaments.settled_at is 'Set when the prizes are credited.';
comment on column public.tournaments.cancelled_at is 'Set by staff (or the fill deadline of a pod); cancel_reason is shown to players.';

-- -----------------------------------------------------------------------------------------------------
-- The windows, with their defaults
-- -----------------------------------------------------------------------------------------------------
create function private.tournament_check_in_opens_at(p_tournament public.tournaments)
returns timestamptz
language sql stable set search_path = ''
as $$
  select coalesce(p_tournament.check_in_opens_at,
                  p_tournament.starts_at - case p_tournament.series when 'championship' then interval '24 hours'
                                                                     else interval '60 minutes' end);
$$;

create function private.tournament_check_in_closes_at(p_tournament public.tournaments)
returns timestamptz
language sql stable set search_path = ''
as $$
  select coalesce(p_tournament.check_in_closes_at,
                  p_tournament.starts_at - case p_tournament.series when 'championship' then interval '60 minutes'
                                                                     else interval '15 minutes' end);
$$;

-- The close time (default one hour before the start) or the opening of check-in, whichever is first.
create function private.tournament_registration_closes_at(p_tournament public.tournaments)
returns timestamptz
language sql stable set search_path = ''
as $$
  select least(coalesce(p_tournament.registration_closes_at, p_tournament.starts_at - interval '1 hour'),
               private.tournament_check_in_opens_at(p_tournament));
$$;

-- -----------------------------------------------------------------------------------------------------
-- The status
-- -----------------------------------------------------------------------------------------------------
create function private.tournament_status(p_tournament public.tournaments, p_now timestamptz)
returns text
language sql stable set search_path = ''
as $$
  select case
    when p_tournament.cancelled_at is not null and p_tournament.cancelled_at <= p_now then 'cancelled'
    when p_tournament.fill_deadline_at is not null and p_tournament.fill_deadline_at <= p_now
         and p_tournament.filled_slots < p_tournament.max_players then 'cancelled'
    when p_tournament.settled_at is not null then 'settled'
    when p_tournament.finished_at is not null then 'finished'
    when p_tournament.drawn_at is not null then 'live'
    when private.tournament_registration_closes_at(p_tournament) <= p_now then 'check-in'
    when not p_tournament.is_live
         or (p_tournament.registration_opens_at is not null and p_tournament.registration_opens_at > p_now) then 'scheduled'
    when p_tournament.filled_slots >= p_tournament.max_players then 'full'
    else 'open'
  end;
$$;

-- The words players read for each status. src/features/tournaments/status.ts holds the same words
-- (a test compares them).
create function private.tournament_status_label(p_status text)
returns text
language sql immutable set search_path = ''
as $$
  select case p_status
    when 'scheduled' then 'Coming soon'
    when 'open' then 'Registration open'
    when 'full' then 'Full'
    when 'check-in' then 'Check-in'
    when 'live' then 'Live'
    when 'finished' then 'Finished'
    when 'settled' then 'Prizes paid'
    when 'cancelled' then 'Cancelled'
  end;
$$;

create function private.tournament_state(p_tournament public.tournaments, p_now timestamptz)
returns jsonb
language sql stable set search_path = ''
as $$
  with s as (select private.tournament_status(p_tournament, p_now) as status)
  select jsonb_build_object(
    'status', s.status,
    'label', private.tournament_status_label(s.status),
    'entries', p_tournament.filled_slots,
    'capacity', p_tournament.max_players,
    'registration_closes_at', private.tournament_registration_closes_at(p_tournament),
    'check_in_opens_at', private.tournament_check_in_opens_at(p_tournament),
    'check_in_closes_at', private.tournament_check_in_closes_at(p_tournament),
    'starts_at', p_tournament.starts_at,
    'current_round', case when s.status = 'live' then p_tournament.current_round end
  )
  from s;
$$;

-- What lists and pages show besides the contract's fields: why a cancelled tournament was called off.
create function private.tournament_list_state(p_tournament public.tournaments, p_now timestamptz)
returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object('id', p_tournament.id)
      || private.tournament_state(p_tournament, p_now)
      || jsonb_build_object('cancel_reason',
           case when private.tournament_status(p_tournament, p_now) = 'cancelled'
                then coalesce(p_tournament.cancel_reason, 'Not enough players joined before the deadline.') end);
$$;

-- -----------------------------------------------------------------------------------------------------
-- get_tournament_state(p_tournament_id): the public contract (lifecycle.md)
-- -----------------------------------------------------------------------------------------------------
create function public.get_tournament_state(p_tournament_id text)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_tournament public.tournaments%rowtype;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id;
  if not found then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  return private.tournament_state(v_tournament, private.clock_now());
end;
$$;

-- get_tournament_states(p_tournament_ids): the same for many tournaments in one call (lists, carousels);
-- null lists every tournament. Each object also carries its `id` and, when cancelled, its `cancel_reason`.
-- Unknown ids are left out.
create function public.get_tournament_states(p_tournament_ids text[] default null)
returns jsonb
language sql stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(private.tournament_list_state(t, private.clock_now()) order by t.starts_at, t.id),
                  '[]'::jsonb)
    from public.tournaments as t
   where p_tournament_ids is null or t.id = any (p_tournament_ids);
$$;

-- -----------------------------------------------------------------------------------------------------
-- Payments follow the same rule: money is taken while the status is open (or full, which the slot count
-- refuses with its own reason), never after registration closes, never once cancelled.
-- -----------------------------------------------------------------------------------------------------
create or replace function private.tournament_takes_payments(p_tournament public.tournaments, p_now timestamptz)
returns boolean
language sql stable set search_path = ''
as $$
  select private.tournament_status(p_tournament, p_now) in ('open', 'full')
     and p_tournament.starts_at > p_now;
$$;

-- -----------------------------------------------------------------------------------------------------
-- Who may call them
-- -----------------------------------------------------------------------------------------------------
revoke all on function private.tournament_check_in_opens_at(public.tournaments) from public;
revoke all on function private.tournament_check_in_closes_at(public.tournaments) from public;
revoke all on function private.tournament_registration_closes_at(public.tournaments) from public;
revoke all on function private.tournament_status(public.tournaments, timestamptz) from public;
revoke all on function private.tournament_status_label(text) from public;
revoke all on function private.tournament_state(public.tournaments, timestamptz) from public;
revoke all on function private.tournament_list_state(public.tournaments, timestamptz) from public;
revoke all on function public.get_tournament_state(text) from public;
revoke all on function public.get_tournament_states(text[]) from public;
grant execute on function public.get_tournament_state(text) to anon, authenticated, service_role;
grant execute on function public.get_tournament_states(text[]) to anon, authenticated, service_role;
