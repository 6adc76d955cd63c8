-- =====================================================================================================
-- The public changes carry each result's parts
-- =====================================================================================================
-- A result in the changes read "PlayerA beat PlayerB 0–2": the score in the bracket's order, not the
-- winner's. The audit log is append-only, so its summaries stay as written; get_tournament_changes now
-- adds a `result` to every change that decided a match (winner and loser by name, the winner's goals and
-- the loser's), and the site words it once, winner first, as everywhere else ("PlayerA won 2–0").
-- =====================================================================================================

CREATE OR REPLACE FUNCTION public.get_tournament_changes(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object(
           'at', a.at, 'action', a.action, 'summary', a.summary, 'reason', a.reason,
           'actor', case a.actor_role when 'referee' then 'Referee' when 'organiser' then 'Organiser'
                                      when 'admin' then 'Admin' else 'Automatic' end,
           'result', r.result)
         order by a.at desc, a.id desc), '[]'::jsonb)
    from public.audit_log a
    left join lateral (
      select jsonb_build_object(
               'winner', private.entry_name(w.winner),
               'loser', private.entry_name(case when w.winner = m.entry_a then m.entry_b else m.entry_a end),
               'winner_goals', case when w.winner = m.entry_a then (a.after -> 'score' ->> 0)::int else (a.after -> 'score' ->> 1)::int end,
               'loser_goals', case when w.winner = m.entry_a then (a.after -> 'score' ->> 1)::int else (a.after -> 'score' ->> 0)::int end,
               'round', m.round) as result
        from public.matches m
        cross join lateral (select (a.after ->> 'winner_entry_id')::uuid as winner) w
       where m.id = a.match_id and w.winner is not null and w.winner in (m.entry_a, m.entry_b)
    ) r on true
   where a.tournament_id = p_tournament_id and a.is_public;
$function$;
