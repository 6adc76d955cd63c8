-- =====================================================================================================
-- Entries, invitations and check-in
-- =====================================================================================================
-- public.entries   one place in a bracket, played by one site account (lifecycle.md, Words). Every
--                  registration makes one entry per slot: the buyer plays slot 1 (unless they already
--                  hold an entry in the tournament), each further slot waits for a player who accepts
--                  its invitation (a link, or an e-mail) and meets the same eligibility. One account
--                  holds at most one entry per tournament.
-- check_in()       the caller checks in their entry while the window is open.
-- At check-in close the draw (next migration) withdraws every entry that is not checked in, slots
-- nobody accepted included; the refund policy says no refund for a no-show.
-- =====================================================================================================

create table public.entries (
  id uuid primary key default gen_random_uuid(),
  tournament_id text not null references public.tournaments (id),
  registration_id uuid not null references public.tournament_registrations (id),
  slot_number integer not null
    constraint entries_slot_number_range check (slot_number between 1 and 10),
  buyer_id uuid not null references auth.users (id),
  player_id uuid references auth.users (id),
  status text not null default 'active'
    constraint entries_status_known check (status in ('active', 'withdrawn', 'cancelled')),
  checked_in_at timestamptz,
  withdrawn_at timestamptz,
  withdraw_reason text,
  -- The secret of the invitation link of a slot; shown to the buyer only.
  invitation_token uuid
    constraint entries_one_invitation_per_token unique,
  invited_email text,
  accepted_at timestamptz,
  created_at timestamptz not null default now(),
  constraint entries_one_per_slot unique (registration_id, slot_number),
  constraint entries_one_per_player unique (tournament_id, player_id),
  constraint entries_checked_in_has_player check (checked_in_at is null or player_id is not null)
);

create index entries_of_tournament on public.entries (tournament_id, status);
create index entries_of_buyer on public.entries (buyer_id);
create index entries_of_player on public.entries (player_id) where player_id is not null;

comment on table public.entries is
  'Places in a bracket, one per paid slot. Written only by SQL functions (registration, invitations, check-in, draw).';

alter table public.entries enable row level security;
revoke all on public.entries from anon;
revoke insert, update, delete, truncate, references, trigger on public.entries from authenticated;

-- Realtime tells a player's islands when their check-in or an invitation changes.
create policy "Players read the entries they play or bought"
  on public.entries for select
  to authenticated
  using (player_id = (select private.current_player_id()) or buyer_id = (select private.current_player_id()));

alter publication supabase_realtime add table public.entries;

-- -----------------------------------------------------------------------------------------------------
-- A registration makes its entries
-- -----------------------------------------------------------------------------------------------------
create function private.create_entries_for_registration(p_registration public.tournament_registrations)
returns void
  language sql
  set search_path = ''
as $$
  insert into public.entries (tournament_id, registration_id, slot_number, buyer_id, player_id, invitation_token, created_at)
  select p_registration.tournament_id, p_registration.id, slot, p_registration.user_id,
         case when buyer_plays then p_registration.user_id end,
         case when buyer_plays then null else gen_random_uuid() end,
         p_registration.registered_at
    from generate_series(1, p_registration.slots) as slot
   cross join lateral (
     -- The buyer plays slot 1, unless they already hold a place here (an invitation they accepted).
     select slot = 1 and not exists (select 1 from public.entries e
                                      where e.tournament_id = p_registration.tournament_id
                                        and e.player_id = p_registration.user_id) as buyer_plays
   ) as who
  on conflict (registration_id, slot_number) do nothing;
$$;

create function private.entries_follow_registration() returns trigger
  language plpgsql set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.status <> 'cancelled' then
      perform private.create_entries_for_registration(new);
    end if;
  elsif new.status = 'cancelled' and old.status <> 'cancelled' then
    update public.entries set status = 'cancelled' where registration_id = new.id and status <> 'cancelled';
  end if;
  return null;
end;
$$;

create trigger tournament_registrations_make_entries
  after insert or update of status on public.tournament_registrations
  for each row execute function private.entries_follow_registration();

-- Registrations made before entries existed.
select private.create_entries_for_registration(r)
  from public.tournament_registrations r
 where r.status <> 'cancelled'
 order by r.registered_at;

-- Staff never run a tournament they play in or bought places for.
create or replace function private.plays_in(p_user_id uuid, p_tournament_id text) returns boolean
  language sql stable set search_path = ''
as $$
  select exists (select 1 from public.entries
                  where tournament_id = p_tournament_id and status <> 'cancelled'
                    and (player_id = p_user_id or buyer_id = p_user_id));
$$;

-- -----------------------------------------------------------------------------------------------------
-- The check-in window
-- -----------------------------------------------------------------------------------------------------
create function private.check_in_is_open(p_tournament public.tournaments, p_now timestamptz) returns boolean
  language sql stable set search_path = ''
as $$
  select p_tournament.drawn_at is null
     and private.tournament_status(p_tournament, p_now) = 'check-in'
     and private.tournament_check_in_opens_at(p_tournament) <= p_now
     and p_now < private.tournament_check_in_closes_at(p_tournament);
$$;

-- Raises the reason check-in is not possible now, if any.
create function private.raise_unless_check_in_open(p_tournament public.tournaments, p_now timestamptz) returns void
  language plpgsql stable set search_path = ''
as $$
begin
  if private.tournament_status(p_tournament, p_now) = 'cancelled' then
    raise exception 'This tournament was cancelled' using errcode = 'PT409', hint = 'tournament_cancelled';
  end if;
  if p_tournament.drawn_at is not null or p_now >= private.tournament_check_in_closes_at(p_tournament) then
    raise exception 'Check-in for this tournament has closed' using errcode = 'PT409', hint = 'check_in_closed';
  end if;
  if not private.check_in_is_open(p_tournament, p_now) then
    raise exception 'Check-in opens at %', to_char(private.tournament_check_in_opens_at(p_tournament) at time zone 'Asia/Kolkata', 'DD Mon YYYY HH24:MI "IST"')
      using errcode = 'PT409', hint = 'check_in_not_open';
  end if;
end;
$$;

create function private.entry_json(p_entry public.entries) returns jsonb
  language sql stable set search_path = ''
as $$
  select jsonb_build_object('entry_id', p_entry.id, 'slot_number', p_entry.slot_number, 'status', p_entry.status,
                            'checked_in_at', p_entry.checked_in_at);
$$;

-- -----------------------------------------------------------------------------------------------------
-- check_in(p_tournament_id): the public contract
-- -----------------------------------------------------------------------------------------------------
create function public.check_in(p_tournament_id text) returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_player uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_entry public.entries%rowtype;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id;
  if not found then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  select * into v_entry from public.entries
   where tournament_id = p_tournament_id and player_id = v_player and status <> 'cancelled';
  if not found then
    raise exception 'You have no entry in this tournament' using errcode = 'PT403', hint = 'not_entered';
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
$$;

-- -----------------------------------------------------------------------------------------------------
-- What a player sees of their entries
-- -----------------------------------------------------------------------------------------------------
create function private.my_entries_json(p_player uuid, p_tournament public.tournaments, p_now timestamptz) returns jsonb
  language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'tournament_id', p_tournament.id,
    'check_in', jsonb_build_object(
      'opens_at', private.tournament_check_in_opens_at(p_tournament),
      'closes_at', private.tournament_check_in_closes_at(p_tournament),
      'is_open', private.check_in_is_open(p_tournament, p_now)),
    'my_entry', (select private.entry_json(e) || jsonb_build_object('bought_by_me', e.buyer_id = p_player)
                   from public.entries e
                  where e.tournament_id = p_tournament.id and e.player_id = p_player),
    'bought', coalesce((
      select jsonb_agg(private.entry_json(e) || jsonb_build_object(
                         'player_in_game_name', p.in_game_name,
                         'invitation_token', case when e.player_id is null and e.status = 'active' then e.invitation_token end,
                         'invited_email', e.invited_email)
                       order by e.slot_number, e.id)
        from public.entries e
        left join public.profiles p on p.id = e.player_id
       where e.tournament_id = p_tournament.id and e.buyer_id = p_player
         and e.player_id is distinct from p_player), '[]'::jsonb)
  );
$$;

create function public.get_my_entries(p_tournament_id text) returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
declare
  v_player uuid := private.require_player();
  v_tournament public.tournaments%rowtype;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id;
  if not found then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  return private.my_entries_json(v_player, v_tournament, private.clock_now());
end;
$$;

create function public.get_my_entries_all() returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
declare
  v_player uuid := private.require_player();
begin
  return coalesce((
    select jsonb_agg(private.my_entries_json(v_player, t, private.clock_now()) order by t.starts_at desc, t.id)
      from public.tournaments t
     where exists (select 1 from public.entries e
                    where e.tournament_id = t.id and (e.player_id = v_player or e.buyer_id = v_player))), '[]'::jsonb);
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- Invitations
-- -----------------------------------------------------------------------------------------------------
create function private.is_email_address(p_email text) returns boolean
  language sql immutable set search_path = ''
as $$
  select p_email ~ '^[^@\s]{1,64}@[^@\s]+\.[^@\s]{2,}$' and char_length(p_email) <= 254;
$$;

-- E-mail through the outbox (the worker sends it once; locally it lands in the stack's inbox).
create function private.queue_email(p_key text, p_to text, p_subject text, p_text text, p_link text default null)
returns void
  language sql set search_path = ''
as $$
  select private.enqueue_outside_call('email', p_key,
    jsonb_build_object('to', p_to, 'subject', p_subject, 'text', p_text, 'link', p_link));
$$;

alter table private.outbox
  drop constraint outbox_kind_known,
  add constraint outbox_kind_known
    check (kind in ('razorpay_refund', 'razorpay_order_check', 'parental_consent_email', 'email'));

create function public.invite_to_entry(p_entry_id uuid, p_email text default null) returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_player uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_entry public.entries%rowtype;
  v_tournament public.tournaments%rowtype;
  v_email text := nullif(lower(btrim(coalesce(p_email, ''))), '');
  v_buyer_name text;
begin
  select * into v_entry from public.entries where id = p_entry_id for update;
  if not found or v_entry.buyer_id <> v_player then
    raise exception 'This is not a place you bought' using errcode = 'PT403', hint = 'not_your_entry';
  end if;
  if v_entry.player_id is not null or v_entry.status <> 'active' then
    raise exception 'This place already has its player' using errcode = 'PT409', hint = 'entry_taken';
  end if;
  select * into v_tournament from public.tournaments where id = v_entry.tournament_id;
  if v_tournament.drawn_at is not null or v_now >= private.tournament_check_in_closes_at(v_tournament)
     or private.tournament_status(v_tournament, v_now) = 'cancelled' then
    raise exception 'Check-in for this tournament has closed' using errcode = 'PT409', hint = 'check_in_closed';
  end if;
  if v_email is not null and not private.is_email_address(v_email) then
    raise exception 'Enter a valid e-mail address' using errcode = 'PT400', hint = 'invalid_email';
  end if;
  update public.entries
     set invitation_token = coalesce(invitation_token, gen_random_uuid()),
         invited_email = coalesce(v_email, invited_email)
   where id = v_entry.id
  returning * into v_entry;
  if v_email is not null then
    select in_game_name into v_buyer_name from public.profiles where id = v_player;
    perform private.queue_email(
      'entry-invitation-' || v_entry.id || '-' || v_email, v_email,
      coalesce(v_buyer_name, 'A player') || ' invites you to play ' || v_tournament.title || ' on Golazo Arena',
      coalesce(v_buyer_name, 'A player') || ' bought a place in ' || v_tournament.title || ' for you.' || E'\n\n'
        || 'Accept it before check-in closes (' || to_char(private.tournament_check_in_closes_at(v_tournament) at time zone 'Asia/Kolkata', 'DD Mon YYYY HH24:MI') || ' IST). '
        || 'You need a complete profile on Golazo Arena' || case when v_tournament.entry_fee_paise > 0 then ', and to be 18 or over and live in India' else '' end || '.',
      '/invite/?token=' || v_entry.invitation_token);
  end if;
  return jsonb_build_object('entry_id', v_entry.id, 'invitation_token', v_entry.invitation_token, 'invited_email', v_entry.invited_email);
end;
$$;

create function public.get_entry_invitation(p_token uuid) returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
declare
  v_entry public.entries%rowtype;
  v_tournament public.tournaments%rowtype;
begin
  select * into v_entry from public.entries where invitation_token = p_token;
  if not found then
    raise exception 'This invitation link is not valid' using errcode = 'PT404', hint = 'invitation_not_found';
  end if;
  select * into v_tournament from public.tournaments where id = v_entry.tournament_id;
  return jsonb_build_object(
    'tournament_id', v_tournament.id,
    'tournament_title', v_tournament.title,
    'starts_at', v_tournament.starts_at,
    'check_in_closes_at', private.tournament_check_in_closes_at(v_tournament),
    'entry_fee_paise', v_tournament.entry_fee_paise,
    'buyer_in_game_name', (select in_game_name from public.profiles where id = v_entry.buyer_id),
    'status', case when v_entry.player_id is not null then 'accepted'
                   when v_entry.status <> 'active' then 'withdrawn' else 'open' end);
end;
$$;

create function public.accept_entry_invitation(p_token uuid) returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_player uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_entry public.entries%rowtype;
  v_tournament public.tournaments%rowtype;
  v_refusal text;
begin
  select * into v_entry from public.entries where invitation_token = p_token for update;
  if not found then
    raise exception 'This invitation link is not valid' using errcode = 'PT404', hint = 'invitation_not_found';
  end if;
  if v_entry.player_id = v_player then
    return jsonb_build_object('entry_id', v_entry.id, 'tournament_id', v_entry.tournament_id);
  end if;
  if v_entry.player_id is not null or v_entry.status <> 'active' then
    raise exception 'This place has already been taken' using errcode = 'PT409', hint = 'invitation_used';
  end if;
  select * into v_tournament from public.tournaments where id = v_entry.tournament_id;
  if v_tournament.drawn_at is not null or v_now >= private.tournament_check_in_closes_at(v_tournament)
     or private.tournament_status(v_tournament, v_now) = 'cancelled' then
    raise exception 'Check-in for this tournament has closed' using errcode = 'PT409', hint = 'check_in_closed';
  end if;
  if exists (select 1 from public.entries where tournament_id = v_entry.tournament_id and player_id = v_player) then
    raise exception 'You already have a place in this tournament' using errcode = 'PT409', hint = 'already_entered';
  end if;
  -- The same eligibility as buying the place; the paid-entry switch does not take back a place already paid.
  if v_tournament.entry_fee_paise > 0 then
    v_refusal := nullif(private.paid_entry_refusal(v_player), 'paid_entry_disabled');
  else
    v_refusal := private.free_entry_refusal(v_player);
  end if;
  perform private.raise_entry_refusal(v_refusal);
  update public.entries set player_id = v_player, accepted_at = v_now where id = v_entry.id;
  return jsonb_build_object('entry_id', v_entry.id, 'tournament_id', v_entry.tournament_id);
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- Who may call them
-- -----------------------------------------------------------------------------------------------------
revoke all on function private.create_entries_for_registration(public.tournament_registrations) from public;
revoke all on function private.entries_follow_registration() from public;
revoke all on function private.check_in_is_open(public.tournaments, timestamptz) from public;
revoke all on function private.raise_unless_check_in_open(public.tournaments, timestamptz) from public;
revoke all on function private.entry_json(public.entries) from public;
revoke all on function private.my_entries_json(uuid, public.tournaments, timestamptz) from public;
revoke all on function private.is_email_address(text) from public;
revoke all on function private.queue_email(text, text, text, text, text) from public;
revoke all on function public.check_in(text) from public, anon;
revoke all on function public.get_my_entries(text) from public, anon;
revoke all on function public.get_my_entries_all() from public, anon;
revoke all on function public.invite_to_entry(uuid, text) from public, anon;
revoke all on function public.get_entry_invitation(uuid) from public;
revoke all on function public.accept_entry_invitation(uuid) from public, anon;
grant execute on function public.check_in(text) to authenticated;
grant execute on function public.get_my_entries(text) to authenticated;
grant execute on function public.get_my_entries_all() to authenticated;
grant execute on function public.invite_to_entry(uuid, text) to authenticated;
grant execute on function public.get_entry_invitation(uuid) to anon, authenticated;
grant execute on function public.accept_entry_invitation(uuid) to authenticated;
