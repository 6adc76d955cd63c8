-- =====================================================================================================
-- A reported chat message: the report names the message, staff read its words while it exists
-- =====================================================================================================
-- report_match_message copied the reported message's body into the audit log (its `after`) and quoted up
-- to 120 characters of it in the staff alert (the bell and its e-mail). The chat is deleted with the match's
-- evidence (retention_evidence_days after the tournament settles), but the audit log is append-only and
-- the bell keeps its rows, so the words outlived the chat. The alert also went to every admin of the whole
-- site and every staff member of the tournament, staff who play in that tournament included.
--
-- public.report_match_message(bigint, text)      the audit row keeps { message_id, sender }; the alert says
--                                                which side's message was reported and links to the match;
--                                                it reaches only staff acting in the tournament (no entry of
--                                                theirs in it).
-- public.staff_get_reported_message(bigint)      new: staff acting in the tournament (second step, no entry
--                                                in it) read a reported message, its match and its reports
--                                                while the message exists (PT404 message_not_found after).
-- =====================================================================================================

CREATE OR REPLACE FUNCTION public.report_match_message(p_message_id bigint, p_reason text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_message public.match_messages;
  v_match public.matches;
  v_side text;
  v_reason text := nullif(btrim(coalesce(p_reason, '')), '');
begin
  select * into v_message from public.match_messages where id = p_message_id;
  if not found then
    raise exception 'This message does not exist' using errcode = 'PT404', hint = 'message_not_found';
  end if;
  select * into v_match from public.matches where id = v_message.match_id;
  v_side := private.chat_side(v_match, v_user);
  if v_side = v_message.sender then
    raise exception 'You cannot report your own message' using errcode = 'PT409', hint = 'own_message';
  end if;
  if char_length(v_reason) > 300 then
    raise exception 'A reason is at most 300 characters' using errcode = 'PT400', hint = 'invalid_message';
  end if;
  insert into private.match_message_reports (message_id, reported_by, reason, reported_at)
  values (p_message_id, v_user, v_reason, private.clock_now())
  on conflict (message_id, reported_by) do nothing;
  if found then
    -- The message's id, never its words: they go with the chat when its retention ends.
    perform private.audit(v_match.tournament_id, 'message_reported', 'A chat message was reported to staff', v_reason,
                          null, jsonb_build_object('message_id', v_message.id, 'sender', v_message.sender),
                          false, v_user, null, v_match.id);
    perform private.deliver(array(
      select row(s.user_id, 'staff_alert', 'A chat message was reported',
                 case v_message.sender when 'staff' then 'A staff message' else 'Side ' || upper(v_message.sender) || '''s message' end
                   || ' in a match of ' || coalesce((select t.title from public.tournaments t where t.id = v_match.tournament_id), 'a tournament')
                   || ' was reported. Read it in the match''s chat.',
                 '/match/?id=' || v_match.id, 'message_reported:' || v_message.id)::private.notice
        from (select distinct r.user_id from public.staff_roles r
               where r.tournament_id is null and r.role = 'admin'
                  or r.tournament_id = v_match.tournament_id) s
       -- Staff who play in the tournament hear nothing of its reports.
       where not private.plays_in(s.user_id, v_match.tournament_id)));
  end if;
  return jsonb_build_object('message_id', p_message_id, 'reported', true);
end;
$function$;
comment on function public.report_match_message(bigint,text) is 'A player or staff member reports a message of the other side to the tournament''s staff who do not play in it (bell and audit log, both naming the message by id, never quoting it); reporting twice changes nothing.';

create function public.staff_get_reported_message(p_message_id bigint) returns jsonb
  language plpgsql
  stable security definer
  set search_path = ''
as $$
declare
  -- Staff somewhere, at aal2, before anything is looked up: nobody else learns whether a message exists.
  v_user uuid := private.require_staff_anywhere('referee');
  v_message public.match_messages;
  v_match public.matches;
begin
  select * into v_message from public.match_messages where id = p_message_id;
  if not found then
    -- Deleted with the chat's retention, or never written: there is nothing left to read.
    raise exception 'This message does not exist' using errcode = 'PT404', hint = 'message_not_found';
  end if;
  select * into v_match from public.matches where id = v_message.match_id;
  if not private.acts_as_staff_in(v_user, v_match.tournament_id) then
    if private.staff_role_of(v_user, v_match.tournament_id) is not null and not private.plays_in(v_user, v_match.tournament_id)
       and not private.staff_has_second_step() then
      raise exception 'Staff actions need two-step sign-in: enter the code from your authenticator app.'
        using errcode = 'PT403', hint = 'second_step_required';
    end if;
    raise exception 'Only staff of this tournament who do not play in it read reported messages'
      using errcode = 'PT403', hint = 'staff_only';
  end if;
  return jsonb_build_object(
    'message_id', v_message.id, 'match_id', v_message.match_id, 'tournament_id', v_match.tournament_id,
    'sender', v_message.sender, 'body', v_message.body, 'sent_at', v_message.sent_at,
    'reports', coalesce((select jsonb_agg(jsonb_build_object('reason', r.reason, 'reported_at', r.reported_at) order by r.reported_at)
                           from private.match_message_reports r where r.message_id = v_message.id), '[]'::jsonb));
end;
$$;
comment on function public.staff_get_reported_message(bigint) is 'Staff acting in the tournament (a grant that covers it, the second step, no entry of theirs in it): a reported chat message with its side, words and reports, while the message exists (PT404 message_not_found once the chat is deleted).';
revoke all on function public.staff_get_reported_message(bigint) from public, anon;
grant execute on function public.staff_get_reported_message(bigint) to authenticated;
