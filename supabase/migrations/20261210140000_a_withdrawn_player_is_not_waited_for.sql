-- =====================================================================================================
-- A player withdrawn while waiting for their next opponent is not played: the opponent goes through
-- =====================================================================================================
-- A parent's consent withdrawn ends a child's play (private.end_play_without_consent): their open match goes
-- to the opponent at once, but a child who had already won their way into a match still waiting for its
-- other player stayed in it, and the opponent who arrived had to wait out the room and claim a walkover.
-- When the second player of a match arrives and the first has withdrawn meanwhile, the arriving player goes
-- through at once (the audit says the opponent withdrew); when both have, the match is void, as when both
-- feeders are.
--
-- private.advance_from   as before, plus those two cases when the match gets its second player.
-- =====================================================================================================

create or replace function private.advance_from(p_match public.matches) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_next public.matches%rowtype;
  v_other public.matches%rowtype;
  v_slot text := case when p_match.position % 2 = 1 then 'a' else 'b' end;
  v_gone integer;
  v_stays text;
begin
  select * into v_next from public.matches
   where tournament_id = p_match.tournament_id and round = p_match.round + 1 and position = (p_match.position + 1) / 2
     for update;
  if not found then
    return;
  end if;
  if v_slot = 'a' then
    update public.matches set entry_a = p_match.winner_entry_id where id = v_next.id returning * into v_next;
  else
    update public.matches set entry_b = p_match.winner_entry_id where id = v_next.id returning * into v_next;
  end if;
  if v_next.status <> 'pending' then
    return;
  end if;

  select * into v_other from public.matches
   where tournament_id = p_match.tournament_id and round = p_match.round
     and position = case when v_slot = 'a' then p_match.position + 1 else p_match.position - 1 end;

  if v_next.entry_a is not null and v_next.entry_b is not null then
    select count(*) filter (where e.status <> 'active'), min(e.id::text) filter (where e.status = 'active')
      into v_gone, v_stays
      from public.entries e where e.id in (v_next.entry_a, v_next.entry_b);
    if v_gone = 2 then
      -- Both players withdrew while they waited: nobody plays, as when both feeders are void.
      update public.matches set status = 'void', confirmed_at = v_now where id = v_next.id returning * into v_next;
      perform private.after_result(v_next);
    elsif v_gone = 1 then
      -- One withdrew while waiting for this opponent (a parent's consent withdrawn): the other goes through.
      update public.matches
         set status = 'confirmed', winner_entry_id = v_stays::uuid, confirmed_at = v_now
       where id = v_next.id
      returning * into v_next;
      perform private.audit(p_match.tournament_id, 'walkover',
                            private.entry_name(v_next.winner_entry_id) || ' goes through: the opponent withdrew (round '
                              || v_next.round || ')',
                            'The opponent withdrew', null, null, true, null, v_next.winner_entry_id, v_next.id);
      perform private.after_result(v_next);
    else
      update public.matches
         set status = 'scheduled', scheduled_at = greatest(scheduled_at, v_now + private.break_between_rounds())
       where id = v_next.id;
    end if;
  elsif v_other.status in ('confirmed', 'void') and (v_next.entry_a is not null or v_next.entry_b is not null) then
    -- The other feeder ended without a winner: the known player goes through without playing.
    update public.matches
       set status = 'confirmed', winner_entry_id = coalesce(entry_a, entry_b), confirmed_at = v_now
     where id = v_next.id
    returning * into v_next;
    perform private.audit(p_match.tournament_id, 'walkover_no_opponent',
                          private.entry_name(v_next.winner_entry_id) || ' goes through: no opponent in round ' || v_next.round,
                          null, null, null, true, null, v_next.winner_entry_id, v_next.id);
    perform private.after_result(v_next);
  elsif v_other.status = 'void' and p_match.status = 'void' then
    -- Both feeders void: this match is void too, and so on up the bracket.
    update public.matches set status = 'void', confirmed_at = v_now where id = v_next.id returning * into v_next;
    perform private.after_result(v_next);
  end if;
end;
$$;
