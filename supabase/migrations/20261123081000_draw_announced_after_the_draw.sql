-- =====================================================================================================
-- The draw stays short: its players are told by the periodic function right after it, not inside it
-- =====================================================================================================
-- Telling 300 players (with their first match) took a third of the draw's transaction. The draw now only
-- makes the bracket; private.run_due_work() announces every drawn tournament once, in the same pass when
-- the draw itself ran there, otherwise at the next pass (seconds locally, a minute on a hosted project).

alter table public.tournaments add column draw_announced_at timestamptz;
-- Tournaments drawn before this change were announced by the draw itself.
update public.tournaments set draw_announced_at = drawn_at where drawn_at is not null;

create or replace function private.notify_on_tournament_change() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  v_notices private.notice[];
begin
  if new.finished_at is not null and old.finished_at is null then
    select array_agg(row(e.player_id, 'tournament_finished', new.title || ' is finished',
                         'See the final standings on the tournament page.', '/pod/?id=' || new.id, new.id)::private.notice)
      into v_notices
      from public.entries e
     where e.tournament_id = new.id and e.status = 'active' and e.player_id is not null;
    if v_notices is not null then
      perform private.deliver(v_notices);
    end if;
  end if;
  return new;
end;
$$;

create function private.announce_draws(p_now timestamptz) returns integer
  language plpgsql set search_path = ''
as $$
declare
  v_tournament public.tournaments%rowtype;
  v_notices private.notice[];
  v_told integer := 0;
begin
  for v_tournament in
    select * from public.tournaments
     where drawn_at is not null and draw_announced_at is null and cancelled_at is null
     for update skip locked
  loop
    select array_agg(row(e.player_id, 'draw_made', 'The draw for ' || v_tournament.title || ' is made',
                         case when m.id is null then 'See the bracket on the tournament page.'
                              when m.status = 'bye' then 'You have a bye in round 1: see your next match in the bracket.'
                              else 'Your first match: ' || to_char(m.scheduled_at at time zone 'Asia/Kolkata', 'DD Mon HH24:MI')
                                   || ' IST against ' || coalesce(p.in_game_name, 'your opponent') || '.' end,
                         coalesce('/match/?id=' || m.id, '/pod/?id=' || v_tournament.id), v_tournament.id)::private.notice)
      into v_notices
      from public.entries e
      left join public.matches m on m.tournament_id = v_tournament.id and m.round = 1 and e.id in (m.entry_a, m.entry_b)
      left join public.entries other on other.id = case when m.entry_a = e.id then m.entry_b else m.entry_a end
      left join public.profiles p on p.id = other.player_id
     where e.tournament_id = v_tournament.id and e.status = 'active' and e.player_id is not null;
    if v_notices is not null then
      perform private.deliver(v_notices);
    end if;
    update public.tournaments set draw_announced_at = p_now where id = v_tournament.id;
    v_told := v_told + 1;
  end loop;
  return v_told;
end;
$$;

create or replace function private.run_due_work() returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_result jsonb;
begin
  v_result := private.run_due_payment_work() || private.run_due_pod_work() || private.run_due_notification_work()
           || private.run_due_draw_work() || private.run_due_match_work();
  return v_result || jsonb_build_object('draws_announced', private.announce_draws(private.clock_now()));
end;
$$;

revoke all on function private.announce_draws(timestamptz) from public;
revoke all on function private.run_due_work() from public;

