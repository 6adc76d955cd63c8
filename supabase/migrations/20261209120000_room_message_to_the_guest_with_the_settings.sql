-- The room message goes to the player who did not post the room (the guest hosts once the host's minutes
-- have passed) and carries the game settings of the round, in the game's words.

create or replace function private.match_settings_text(p_settings jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select 'Match Time ' || (p_settings->>'match_minutes') || ' min, Extra Time '
         || case when (p_settings->'extra_time')::boolean then 'On' else 'Off' end
         || ', Penalties ' || case when (p_settings->'penalties')::boolean then 'On' else 'Off' end
         || ', Injuries ' || case when (p_settings->'injuries')::boolean then 'On' else 'Off' end
         || ', Condition ' || (p_settings->>'condition')
         || ', ' || (p_settings->>'substitutions') || ' substitutions'
$$;
comment on function private.match_settings_text(jsonb) is 'A match''s game settings in one line, in the game''s words, for the room message.';
revoke execute on function private.match_settings_text(jsonb) from public;

create or replace function private.notify_on_match_changes()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
      -- To the player who did not post it (the guest may host once the host's minutes pass), with the game
      -- settings to check in the room.
      select row(case room_host when 'a' then player_b else player_a end, 'room_posted',
                 'Room posted for your match in ' || tournament_title,
                 coalesce(case room_host when 'a' then name_a else name_b end, 'Your opponent')
                   || ' posted the room id and password. Check the settings: '
                   || private.match_settings_text(private.match_settings(changed_match)) || '.',
                 link, id || '-' || room_posted_at)::private.notice
        from changed
        cross join lateral (select m from public.matches m where m.id = changed.id) as this(changed_match)
       where room_posted_at is not null and room_posted_at is distinct from old_room_posted_at
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
$function$;
