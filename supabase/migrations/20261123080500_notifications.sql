-- =====================================================================================================
-- Notifications: in the app (a bell, live through Realtime) and by e-mail (through the outbox)
-- =====================================================================================================
-- private.notify(player, kind, ...) writes one notification and, when the player wants e-mail for that
-- kind, queues the e-mail in the same transaction. Non-urgent e-mail is never sent between 23:00 and
-- 08:00 IST: it waits in the outbox until 08:00 (lifecycle.md, Notifications). Kinds:
--   check_in_open, draw_made, room_posted, opponent_ready, opponent_reported, dispute_opened,
--   dispute_settled, next_match, tournament_finished
-- Urgent kinds (a match about to be played) are sent at any hour.
-- =====================================================================================================

create table public.notifications (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null
    constraint notifications_kind_known check (kind in ('check_in_open', 'draw_made', 'room_posted', 'opponent_ready',
      'opponent_reported', 'dispute_opened', 'dispute_settled', 'next_match', 'tournament_finished')),
  title text not null constraint notifications_title_length check (char_length(title) between 1 and 140),
  body text not null default '' constraint notifications_body_length check (char_length(body) <= 1000),
  -- A path on this site (/match/?id=..., /pod/?id=..., /tournaments/...).
  link text constraint notifications_link_is_a_path check (link is null or link ~ '^/'),
  created_at timestamptz not null default now(),
  read_at timestamptz
);
create index notifications_of_user on public.notifications (user_id, created_at desc);

alter table public.notifications enable row level security;
revoke all on public.notifications from anon;
revoke insert, update, delete, truncate, references, trigger on public.notifications from authenticated;
create policy "Players read their own notifications"
  on public.notifications for select
  to authenticated
  using (user_id = (select private.current_player_id()));
alter publication supabase_realtime add table public.notifications;

-- One row per player and kind they changed; no row means the default (in the app always, e-mail on).
create table public.notification_settings (
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null,
  email boolean not null default true,
  primary key (user_id, kind)
);
alter table public.notification_settings enable row level security;
revoke all on public.notification_settings from anon, authenticated;

create function private.notification_kinds() returns text[]
  language sql immutable set search_path = ''
as $$
  select array['check_in_open', 'draw_made', 'room_posted', 'opponent_ready', 'opponent_reported', 'dispute_opened',
               'dispute_settled', 'next_match', 'tournament_finished'];
$$;

create function private.notification_is_urgent(p_kind text) returns boolean
  language sql immutable set search_path = ''
as $$
  select p_kind in ('room_posted', 'opponent_ready', 'next_match', 'check_in_open');
$$;

-- The earliest moment a non-urgent e-mail may go out: now, or 08:00 IST when now is within 23:00-08:00.
create function private.email_not_before(p_now timestamptz, p_urgent boolean) returns timestamptz
  language sql immutable set search_path = ''
as $$
  select case
    when p_urgent then p_now
    when extract(hour from p_now at time zone 'Asia/Kolkata') >= 23
      then ((p_now at time zone 'Asia/Kolkata')::date + 1 + time '08:00') at time zone 'Asia/Kolkata'
    when extract(hour from p_now at time zone 'Asia/Kolkata') < 8
      then ((p_now at time zone 'Asia/Kolkata')::date + time '08:00') at time zone 'Asia/Kolkata'
    else p_now
  end;
$$;

create function private.notify(p_user uuid, p_kind text, p_title text, p_body text, p_link text, p_key text)
returns void
  language plpgsql set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_email text;
begin
  if p_user is null then
    return;
  end if;
  insert into public.notifications (user_id, kind, title, body, link, created_at)
  values (p_user, p_kind, left(p_title, 140), left(coalesce(p_body, ''), 1000), p_link, v_now);
  if coalesce((select email from public.notification_settings where user_id = p_user and kind = p_kind), true) then
    select email into v_email from auth.users where id = p_user;
    if v_email is not null then
      perform private.queue_email('notify-' || p_kind || '-' || p_user || '-' || p_key, v_email, p_title, coalesce(p_body, ''), p_link);
      update private.outbox set next_attempt_at = private.email_not_before(v_now, private.notification_is_urgent(p_kind))
       where idempotency_key = 'notify-' || p_kind || '-' || p_user || '-' || p_key and status = 'pending' and attempts = 0;
    end if;
  end if;
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- What players call
-- -----------------------------------------------------------------------------------------------------
create function public.get_my_notifications(p_limit integer default 30) returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
begin
  return jsonb_build_object(
    'unread', (select count(*) from public.notifications where user_id = v_user and read_at is null),
    'items', coalesce((select jsonb_agg(jsonb_build_object('id', id, 'kind', kind, 'title', title, 'body', body, 'link', link,
                                                           'created_at', created_at, 'read', read_at is not null)
                                        order by created_at desc, id desc)
                         from (select * from public.notifications where user_id = v_user
                                order by created_at desc, id desc limit least(greatest(coalesce(p_limit, 30), 1), 100)) n), '[]'::jsonb));
end;
$$;

create function public.mark_notifications_read(p_up_to_id bigint default null) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
  v_count integer;
begin
  update public.notifications set read_at = private.clock_now()
   where user_id = v_user and read_at is null and (p_up_to_id is null or id <= p_up_to_id);
  get diagnostics v_count = row_count;
  return jsonb_build_object('marked', v_count);
end;
$$;

create function public.get_my_notification_settings() returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
begin
  return (select jsonb_agg(jsonb_build_object('kind', k, 'email', coalesce(s.email, true),
                                              'urgent', private.notification_is_urgent(k)) order by ord)
            from unnest(private.notification_kinds()) with ordinality as kinds (k, ord)
            left join public.notification_settings s on s.user_id = v_user and s.kind = k);
end;
$$;

create function public.set_my_notification_setting(p_kind text, p_email boolean) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
begin
  if p_kind is null or not (p_kind = any (private.notification_kinds())) or p_email is null then
    raise exception 'Unknown kind of notification' using errcode = 'PT400', hint = 'invalid_notification_kind';
  end if;
  insert into public.notification_settings (user_id, kind, email) values (v_user, p_kind, p_email)
  on conflict (user_id, kind) do update set email = excluded.email;
  return jsonb_build_object('kind', p_kind, 'email', p_email);
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- Where notifications come from
-- -----------------------------------------------------------------------------------------------------
create function private.player_of(p_entry_id uuid) returns uuid
  language sql stable set search_path = ''
as $$
  select player_id from public.entries where id = p_entry_id;
$$;

create function private.match_link(p_match_id uuid) returns text
  language sql immutable set search_path = '' as $$ select '/match/?id=' || p_match_id $$;

create function private.notify_on_match_change() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  v_title text := (select title from public.tournaments where id = new.tournament_id);
  v_link text := private.match_link(new.id);
  v_when text := to_char(new.scheduled_at at time zone 'Asia/Kolkata', 'DD Mon HH24:MI') || ' IST';
begin
  -- Both players known: the match is on (draws, and winners moving on).
  if new.status = 'scheduled' and (tg_op = 'INSERT' or old.status = 'pending') then
    perform private.notify(private.player_of(new.entry_a), 'next_match', 'Your match in ' || v_title || ': ' || v_when,
                           'You play ' || private.entry_name(new.entry_b) || '. You host: post the room on the match page.', v_link,
                           new.id || '-' || new.scheduled_at);
    perform private.notify(private.player_of(new.entry_b), 'next_match', 'Your match in ' || v_title || ': ' || v_when,
                           'You play ' || private.entry_name(new.entry_a) || '. They host and post the room on the match page.', v_link,
                           new.id || '-' || new.scheduled_at);
    return new;
  end if;
  if tg_op = 'INSERT' then
    return new;
  end if;
  if new.room_posted_at is distinct from old.room_posted_at and new.room_posted_at is not null then
    perform private.notify(private.player_of(new.entry_b), 'room_posted', 'Room posted for your match in ' || v_title,
                           private.entry_name(new.entry_a) || ' posted the room id and password.', v_link, new.id || '-' || new.room_posted_at);
  end if;
  if new.ready_a_at is not null and old.ready_a_at is null then
    perform private.notify(private.player_of(new.entry_b), 'opponent_ready', private.entry_name(new.entry_a) || ' is ready',
                           'Your opponent is ready in ' || v_title || '.', v_link, new.id || '-a');
  end if;
  if new.ready_b_at is not null and old.ready_b_at is null then
    perform private.notify(private.player_of(new.entry_a), 'opponent_ready', private.entry_name(new.entry_b) || ' is ready',
                           'Your opponent is ready in ' || v_title || '.', v_link, new.id || '-b');
  end if;
  if new.status = 'reported' and old.status <> 'reported' then
    perform private.notify(p.player_id, 'opponent_reported', 'Your opponent reported the result',
                           'Confirm it or open a dispute within 10 minutes on the match page.', v_link, new.id || '-' || new.updated_at)
       from (select private.player_of(e) as player_id from unnest(array[new.entry_a, new.entry_b]) as e
              where not exists (select 1 from private.match_reports r where r.match_id = new.id and r.entry_id = e and r.superseded_at is null)) p;
  end if;
  if new.status = 'disputed' and old.status <> 'disputed' then
    perform private.notify(private.player_of(e), 'dispute_opened', 'Dispute opened on your match in ' || v_title,
                           'Staff will decide it; the deadline is on the match page.', v_link, new.id || '-' || new.updated_at)
       from unnest(array[new.entry_a, new.entry_b]) as e;
  end if;
  if old.status = 'disputed' and new.status <> 'disputed' then
    perform private.notify(private.player_of(e), 'dispute_settled', 'Dispute settled in ' || v_title,
                           case new.status when 'confirmed' then private.entry_name(new.winner_entry_id) || ' goes through.'
                                           else 'The match will be replayed: see the new time.' end,
                           v_link, new.id || '-' || new.updated_at)
       from unnest(array[new.entry_a, new.entry_b]) as e;
  end if;
  return new;
end;
$$;

create trigger matches_notify_players
  after insert or update on public.matches
  for each row execute function private.notify_on_match_change();

create function private.notify_on_tournament_change() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  if new.finished_at is not null and old.finished_at is null then
    perform private.notify(e.player_id, 'tournament_finished', new.title || ' is finished',
                           'See the final standings on the tournament page.', '/pod/?id=' || new.id, new.id)
       from public.entries e where e.tournament_id = new.id and e.status = 'active' and e.player_id is not null;
  end if;
  if new.drawn_at is not null and old.drawn_at is null then
    perform private.notify(e.player_id, 'draw_made', 'The draw for ' || new.title || ' is made',
                           'See the bracket and your first match.', '/pod/?id=' || new.id, new.id)
       from public.entries e where e.tournament_id = new.id and e.status = 'active' and e.player_id is not null;
  end if;
  return new;
end;
$$;

create trigger tournaments_notify_players
  after update of finished_at, drawn_at on public.tournaments
  for each row execute function private.notify_on_tournament_change();

-- Check-in open: told once per tournament, by the periodic function when the window has opened.
alter table public.tournaments add column check_in_announced_at timestamptz;

create function private.run_due_notification_work() returns jsonb
  language plpgsql set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_told integer := 0;
begin
  for v_tournament in
    select * from public.tournaments t
     where t.check_in_announced_at is null and t.drawn_at is null and private.check_in_is_open(t, v_now)
     for update skip locked
  loop
    perform private.notify(e.player_id, 'check_in_open', 'Check-in is open for ' || v_tournament.title,
                           'Check in before ' || to_char(private.tournament_check_in_closes_at(v_tournament) at time zone 'Asia/Kolkata', 'DD Mon HH24:MI')
                             || ' IST, or your entry is withdrawn without a refund.',
                           '/my-tournaments', v_tournament.id)
       from public.entries e where e.tournament_id = v_tournament.id and e.status = 'active' and e.player_id is not null
        and e.checked_in_at is null;
    update public.tournaments set check_in_announced_at = v_now where id = v_tournament.id;
    v_told := v_told + 1;
  end loop;
  return jsonb_build_object('check_in_announced', v_told);
end;
$$;

create or replace function private.run_due_work() returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  return private.run_due_payment_work() || private.run_due_pod_work() || private.run_due_notification_work()
      || private.run_due_draw_work() || private.run_due_match_work();
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- Who may call them
-- -----------------------------------------------------------------------------------------------------
revoke all on function private.notification_kinds() from public;
revoke all on function private.notification_is_urgent(text) from public;
revoke all on function private.email_not_before(timestamptz, boolean) from public;
revoke all on function private.notify(uuid, text, text, text, text, text) from public;
revoke all on function private.player_of(uuid) from public;
revoke all on function private.match_link(uuid) from public;
revoke all on function private.notify_on_match_change() from public;
revoke all on function private.notify_on_tournament_change() from public;
revoke all on function private.run_due_notification_work() from public;
revoke all on function private.run_due_work() from public;
revoke all on function public.get_my_notifications(integer) from public, anon;
revoke all on function public.mark_notifications_read(bigint) from public, anon;
revoke all on function public.get_my_notification_settings() from public, anon;
revoke all on function public.set_my_notification_setting(text, boolean) from public, anon;
grant execute on function public.get_my_notifications(integer) to authenticated;
grant execute on function public.mark_notifications_read(bigint) to authenticated;
grant execute on function public.get_my_notification_settings() to authenticated;
grant execute on function public.set_my_notification_setting(text, boolean) to authenticated;
