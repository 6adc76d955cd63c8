-- =====================================================================================================
-- Notifications written in sets: one statement per change, however many players it tells
-- =====================================================================================================
-- A draw of 300 entries tells 300 players and schedules a hundred matches at once; writing each
-- notification and its e-mail row by row made the draw forty times slower. The triggers on matches are
-- now statement-level (they see every changed row through transition tables) and hand all the notices of
-- a statement to private.deliver(), which writes the notifications and their e-mails in two inserts.
-- =====================================================================================================

create type private.notice as (user_id uuid, kind text, title text, body text, link text, key text);

-- Writes the notices to the players' bells and queues the e-mails they want (quiet hours respected).
create function private.deliver(p_notices private.notice[]) returns void
  language plpgsql set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
begin
  insert into public.notifications (user_id, kind, title, body, link, created_at)
  select n.user_id, n.kind, left(n.title, 140), left(coalesce(n.body, ''), 1000), n.link, v_now
    from unnest(p_notices) as n
   where n.user_id is not null;

  insert into private.outbox (kind, idempotency_key, payload, next_attempt_at)
  select 'email', 'notify-' || n.kind || '-' || n.user_id || '-' || n.key,
         jsonb_build_object('to', u.email, 'subject', left(n.title, 140), 'text', coalesce(n.body, ''), 'link', n.link),
         private.email_not_before(v_now, private.notification_is_urgent(n.kind))
    from unnest(p_notices) as n
    join auth.users u on u.id = n.user_id and u.email is not null
    left join public.notification_settings s on s.user_id = n.user_id and s.kind = n.kind
   where coalesce(s.email, true)
  on conflict (idempotency_key) do nothing;
end;
$$;

create or replace function private.notify(p_user uuid, p_kind text, p_title text, p_body text, p_link text, p_key text)
returns void
  language sql set search_path = ''
as $$
  select private.deliver(array[row(p_user, p_kind, p_title, p_body, p_link, p_key)::private.notice]);
$$;

-- -----------------------------------------------------------------------------------------------------
-- Matches: every notice of one statement at once
-- -----------------------------------------------------------------------------------------------------
drop trigger matches_notify_players on public.matches;
drop function private.notify_on_match_change();

create function private.notify_on_match_changes() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  v_notices private.notice[];
begin
  with changed as (
    select n.*, o.status as old_status, o.room_posted_at as old_room_posted_at, o.ready_a_at as old_ready_a_at,
           o.ready_b_at as old_ready_b_at,
           t.title as tournament_title, '/match/?id=' || n.id as link,
           to_char(n.scheduled_at at time zone 'Asia/Kolkata', 'DD Mon HH24:MI') || ' IST' as time_text,
           pa.in_game_name as name_a, pb.in_game_name as name_b, ea.player_id as player_a, eb.player_id as player_b
      from new_rows n
      left join old_rows o on o.id = n.id
      join public.tournaments t on t.id = n.tournament_id
      left join public.entries ea on ea.id = n.entry_a
      left join public.entries eb on eb.id = n.entry_b
      left join public.profiles pa on pa.id = ea.player_id
      left join public.profiles pb on pb.id = eb.player_id
     -- The draw itself tells every player in one notice (tournaments trigger); its matches add nothing.
     where t.drawn_at is not null
  )
  select array_agg(notice) into v_notices
    from (
      -- Both players known: the match is on.
      select row(player_a, 'next_match', 'Your match in ' || tournament_title || ': ' || time_text,
                 'You play ' || coalesce(name_b, 'your opponent') || '. You host: post the room on the match page.', link,
                 id || '-' || scheduled_at)::private.notice as notice
        from changed where status = 'scheduled' and old_status = 'pending'
      union all
      select row(player_b, 'next_match', 'Your match in ' || tournament_title || ': ' || time_text,
                 'You play ' || coalesce(name_a, 'your opponent') || '. They host and post the room on the match page.', link,
                 id || '-' || scheduled_at)::private.notice
        from changed where status = 'scheduled' and old_status = 'pending'
      union all
      select row(player_b, 'room_posted', 'Room posted for your match in ' || tournament_title,
                 coalesce(name_a, 'Your opponent') || ' posted the room id and password.', link, id || '-' || room_posted_at)::private.notice
        from changed where room_posted_at is not null and room_posted_at is distinct from old_room_posted_at
      union all
      select row(player_b, 'opponent_ready', coalesce(name_a, 'Your opponent') || ' is ready',
                 'Your opponent is ready in ' || tournament_title || '.', link, id || '-a')::private.notice
        from changed where ready_a_at is not null and old_ready_a_at is null and old_status is not null
      union all
      select row(player_a, 'opponent_ready', coalesce(name_b, 'Your opponent') || ' is ready',
                 'Your opponent is ready in ' || tournament_title || '.', link, id || '-b')::private.notice
        from changed where ready_b_at is not null and old_ready_b_at is null and old_status is not null
      union all
      -- The player who has not reported yet is asked to confirm or dispute.
      select row(case when exists (select 1 from private.match_reports r where r.match_id = c.id and r.entry_id = c.entry_a
                                                                       and r.superseded_at is null)
                      then player_b else player_a end,
                 'opponent_reported', 'Your opponent reported the result',
                 'Confirm it or open a dispute within 10 minutes on the match page.', link, id || '-' || updated_at)::private.notice
        from changed c where status = 'reported' and old_status is distinct from 'reported'
      union all
      select row(p, 'dispute_opened', 'Dispute opened on your match in ' || tournament_title,
                 'Staff will decide it; the deadline is on the match page.', link, id || '-' || updated_at)::private.notice
        from changed cross join lateral unnest(array[player_a, player_b]) as p
       where status = 'disputed' and old_status is distinct from 'disputed'
      union all
      select row(p, 'dispute_settled', 'Dispute settled in ' || tournament_title,
                 case status when 'confirmed' then coalesce(case when winner_entry_id = entry_a then name_a else name_b end, 'The winner')
                                                   || ' goes through.'
                             else 'The match will be replayed: see the new time.' end,
                 link, id || '-' || updated_at)::private.notice
        from changed cross join lateral unnest(array[player_a, player_b]) as p
       where old_status = 'disputed' and status <> 'disputed'
    ) as notices;
  if v_notices is not null then
    perform private.deliver(v_notices);
  end if;
  return null;
end;
$$;

create trigger matches_notify_players_on_update
  after update on public.matches
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.notify_on_match_changes();

-- -----------------------------------------------------------------------------------------------------
-- Tournaments: the draw (with each player's first match) and the end, one set each
-- -----------------------------------------------------------------------------------------------------
create or replace function private.notify_on_tournament_change() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  v_notices private.notice[];
begin
  if new.drawn_at is not null and old.drawn_at is null then
    select array_agg(row(e.player_id, 'draw_made', 'The draw for ' || new.title || ' is made',
                         case when m.id is null then 'See the bracket on the tournament page.'
                              when m.status = 'bye' then 'You have a bye in round 1: see your next match in the bracket.'
                              else 'Your first match: ' || to_char(m.scheduled_at at time zone 'Asia/Kolkata', 'DD Mon HH24:MI')
                                   || ' IST against ' || coalesce(p.in_game_name, 'your opponent') || '.' end,
                         coalesce('/match/?id=' || m.id, '/pod/?id=' || new.id), new.id)::private.notice)
      into v_notices
      from public.entries e
      left join public.matches m on m.tournament_id = new.id and m.round = 1 and e.id in (m.entry_a, m.entry_b)
      left join public.entries other on other.id = case when m.entry_a = e.id then m.entry_b else m.entry_a end
      left join public.profiles p on p.id = other.player_id
     where e.tournament_id = new.id and e.status = 'active' and e.player_id is not null;
  elsif new.finished_at is not null and old.finished_at is null then
    select array_agg(row(e.player_id, 'tournament_finished', new.title || ' is finished',
                         'See the final standings on the tournament page.', '/pod/?id=' || new.id, new.id)::private.notice)
      into v_notices
      from public.entries e
     where e.tournament_id = new.id and e.status = 'active' and e.player_id is not null;
  end if;
  if v_notices is not null then
    perform private.deliver(v_notices);
  end if;
  return new;
end;
$$;

create or replace function private.run_due_notification_work() returns jsonb
  language plpgsql set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_notices private.notice[];
  v_told integer := 0;
begin
  for v_tournament in
    select * from public.tournaments t
     where t.check_in_announced_at is null and t.drawn_at is null and private.check_in_is_open(t, v_now)
     for update skip locked
  loop
    select array_agg(row(e.player_id, 'check_in_open', 'Check-in is open for ' || v_tournament.title,
                         'Check in before ' || to_char(private.tournament_check_in_closes_at(v_tournament) at time zone 'Asia/Kolkata',
                                                       'DD Mon HH24:MI')
                           || ' IST, or your entry is withdrawn without a refund.',
                         '/my-tournaments', v_tournament.id)::private.notice)
      into v_notices
      from public.entries e
     where e.tournament_id = v_tournament.id and e.status = 'active' and e.player_id is not null and e.checked_in_at is null;
    if v_notices is not null then
      perform private.deliver(v_notices);
    end if;
    update public.tournaments set check_in_announced_at = v_now where id = v_tournament.id;
    v_told := v_told + 1;
  end loop;
  return jsonb_build_object('check_in_announced', v_told);
end;
$$;

revoke all on function private.deliver(private.notice[]) from public;
revoke all on function private.notify_on_match_changes() from public;
