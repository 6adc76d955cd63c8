-- Match chat: the two players and staff in a short thread on the match page, so a match day needs no
-- outside chat group. Messages carry the sender's side, never an account id: the thread is as public
-- to its readers as the match itself, and nothing in it points back to a user.

create table public.match_messages (
  id bigint generated always as identity primary key,
  match_id uuid not null references public.matches (id) on delete cascade,
  sender text not null,
  body text not null,
  sent_at timestamptz not null,
  constraint match_messages_sender_known check (sender in ('a', 'b', 'staff')),
  constraint match_messages_body_length check (char_length(btrim(body)) between 1 and 300)
);
comment on table public.match_messages is 'The match chat: the two players (sides a and b) and staff, oldest first; closed 24 hours after the match ends, deleted with the match''s evidence.';
comment on column public.match_messages.body is 'personal: free_text';
create index match_messages_by_match on public.match_messages (match_id, sent_at, id);

-- Who reported which message, for staff; kept apart so the readers of the thread never see account ids.
create table private.match_message_reports (
  message_id bigint not null references public.match_messages (id) on delete cascade,
  reported_by uuid not null,
  reason text,
  reported_at timestamptz not null,
  primary key (message_id, reported_by),
  constraint match_message_reports_reason_length check (char_length(reason) <= 300)
);
comment on table private.match_message_reports is 'Messages a player reported to staff, with their reason.';
comment on column private.match_message_reports.reason is 'personal: free_text';

-- The quick phrases: the one list the page offers and the only words a match with a player under 18 takes.
create or replace function private.match_quick_phrases()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['Room posted', 'I''m in the room', 'Connection problem', 'Ready when you are', 'Good game!']
$$;
comment on function private.match_quick_phrases() is 'The quick phrases of the match chat, in the order the page offers them.';
revoke execute on function private.match_quick_phrases() from public;

create or replace function private.match_chat_rules(p_match public.matches)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'phrases', to_jsonb(private.match_quick_phrases()),
    -- A child plays with a parent's consent: with a player under 18 in the match, only the quick phrases.
    'free_text', not exists (
      select 1 from public.entries e join public.profiles p on p.id = e.player_id
       where e.id in (p_match.entry_a, p_match.entry_b)
         and private.profile_age(p) < private.legal_paid_entry_age()),
    'max_length', 300,
    'burst', jsonb_build_object('messages', 5, 'seconds', 30),
    'open', p_match.entry_a is not null and p_match.entry_b is not null and p_match.status not in ('pending', 'bye')
            and (p_match.confirmed_at is null or private.clock_now() < p_match.confirmed_at + interval '24 hours'),
    'closes_at', p_match.confirmed_at + interval '24 hours')
$$;
comment on function private.match_chat_rules(public.matches) is 'What the chat of a match allows now: its quick phrases, free text (not with a player under 18), the length and rate limits, whether it is open and when it closes (24 hours after the match ends).';
revoke execute on function private.match_chat_rules(public.matches) from public;

-- The side of a player in a match, or null: my_side (which refuses anyone else) and the chat share it.
create or replace function private.side_in_match(p_match public.matches, p_user uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case when exists (select 1 from public.entries where id = p_match.entry_a and player_id = p_user) then 'a'
              when exists (select 1 from public.entries where id = p_match.entry_b and player_id = p_user) then 'b' end
$$;
comment on function private.side_in_match(public.matches, uuid) is 'The side (a or b) the user plays in the match, or null when they play neither entry.';
revoke execute on function private.side_in_match(public.matches, uuid) from public;

create or replace function private.my_side(p_match public.matches, p_user uuid)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  v_side text := private.side_in_match(p_match, p_user);
begin
  if v_side is null then
    raise exception 'You are not one of the two players of this match' using errcode = 'PT403', hint = 'not_your_match';
  end if;
  return v_side;
end;
$$;

create or replace function private.chat_side(p_match public.matches, p_user uuid)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_side text := private.side_in_match(p_match, p_user);
begin
  if v_side is null then
    perform private.require_may_see_match(p_user, p_match.id, 'Only the two players and staff use the match chat');
    v_side := 'staff';
  end if;
  return v_side;
end;
$$;
comment on function private.chat_side(public.matches, uuid) is 'The side the caller writes as in a match''s chat (a, b or staff); refuses anyone else.';
revoke execute on function private.chat_side(public.matches, uuid) from public;

create or replace function private.may_read_match_chat(p_match_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$ select private.may_see_match((select auth.uid()), p_match_id) $$;
comment on function private.may_read_match_chat(uuid) is 'Row security of the match chat: the two players and staff acting in the tournament.';
revoke execute on function private.may_read_match_chat(uuid) from public;
grant execute on function private.may_read_match_chat(uuid) to authenticated;

alter table public.match_messages enable row level security;
create policy "The two players and staff read the match chat" on public.match_messages
  for select to authenticated using (private.may_read_match_chat(match_id));
revoke all on public.match_messages from anon, authenticated;
grant select on public.match_messages to authenticated;
alter publication supabase_realtime add table public.match_messages;

create or replace function public.get_match_messages(p_match_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
begin
  if not exists (select 1 from public.matches where id = p_match_id) then
    raise exception 'This match does not exist' using errcode = 'PT404', hint = 'match_not_found';
  end if;
  perform private.require_may_see_match(v_user, p_match_id, 'Only the two players and staff read the match chat');
  return coalesce((
    select jsonb_agg(jsonb_build_object('id', m.id, 'sender', m.sender, 'body', m.body, 'sent_at', m.sent_at)
                     order by m.sent_at, m.id)
      from public.match_messages m where m.match_id = p_match_id), '[]'::jsonb);
end;
$$;
comment on function public.get_match_messages(uuid) is 'The match chat, oldest first, each message''s sender as a side (a, b) or staff, for the two players and staff.';
revoke execute on function public.get_match_messages(uuid) from public, anon;
grant execute on function public.get_match_messages(uuid) to authenticated;

create or replace function public.get_match_chat_rules(p_match_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
  v_match public.matches;
begin
  select * into v_match from public.matches where id = p_match_id;
  if not found then
    raise exception 'This match does not exist' using errcode = 'PT404', hint = 'match_not_found';
  end if;
  return private.match_chat_rules(v_match) || jsonb_build_object('side', private.chat_side(v_match, v_user));
end;
$$;
comment on function public.get_match_chat_rules(uuid) is 'What the caller may write in a match''s chat now (quick phrases, free text, limits, open, closes_at) and their side, for the two players and staff.';
revoke execute on function public.get_match_chat_rules(uuid) from public, anon;
grant execute on function public.get_match_chat_rules(uuid) to authenticated;

create or replace function public.send_match_message(p_match_id uuid, p_body text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_match public.matches;
  v_side text;
  v_rules jsonb;
  v_body text := btrim(coalesce(p_body, ''));
  v_message public.match_messages;
begin
  select * into v_match from public.matches where id = p_match_id;
  if not found then
    raise exception 'This match does not exist' using errcode = 'PT404', hint = 'match_not_found';
  end if;
  v_side := private.chat_side(v_match, v_user);
  v_rules := private.match_chat_rules(v_match);
  if v_body = '' or char_length(v_body) > 300 then
    raise exception 'A message is 1 to 300 characters' using errcode = 'PT400', hint = 'invalid_message';
  end if;
  if private.has_hidden_controls(v_body) then
    raise exception 'A message is one line, without hidden control characters' using errcode = 'PT400', hint = 'invalid_message';
  end if;
  if not (v_rules ->> 'open')::boolean then
    raise exception 'The chat of this match is closed' using errcode = 'PT409', hint = 'chat_closed';
  end if;
  if v_side <> 'staff' and not (v_rules ->> 'free_text')::boolean and not v_body = any (private.match_quick_phrases()) then
    raise exception 'This match''s chat takes the quick phrases only' using errcode = 'PT400', hint = 'quick_phrases_only';
  end if;
  -- One writer per side at a time keeps the burst count exact when two tabs send together.
  perform pg_advisory_xact_lock(hashtext('match_chat:' || p_match_id::text || ':' || v_side));
  if (select count(*) from public.match_messages
       where match_id = p_match_id and sender = v_side and sent_at > v_now - interval '30 seconds') >= 5 then
    raise exception 'At most 5 messages every 30 seconds: wait a moment' using errcode = 'PT409', hint = 'too_many_messages';
  end if;
  insert into public.match_messages (match_id, sender, body, sent_at)
  values (p_match_id, v_side, v_body, v_now)
  returning * into v_message;
  return jsonb_build_object('id', v_message.id, 'sender', v_message.sender, 'body', v_message.body, 'sent_at', v_message.sent_at);
end;
$$;
comment on function public.send_match_message(uuid, text) is 'Writes to the match chat as the caller''s side: 1 to 300 characters, the quick phrases only with a player under 18, at most 5 per 30 seconds per side, until 24 hours after the match ends.';
revoke execute on function public.send_match_message(uuid, text) from public, anon;
grant execute on function public.send_match_message(uuid, text) to authenticated;

create or replace function public.report_match_message(p_message_id bigint, p_reason text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
    perform private.audit(v_match.tournament_id, 'message_reported', 'A chat message was reported to staff', v_reason,
                          jsonb_build_object('message_id', v_message.id, 'sender', v_message.sender, 'body', v_message.body),
                          null, false, v_user, null, v_match.id);
    perform private.deliver(array(
      select row(s.user_id, 'staff_alert', 'A chat message was reported',
                 'Side ' || upper(v_message.sender) || ' wrote: “' || left(v_message.body, 120) || '”',
                 '/match/?id=' || v_match.id, 'message_reported:' || v_message.id)::private.notice
        from (select distinct r.user_id from public.staff_roles r
               where r.tournament_id is null and r.role = 'admin'
                  or r.tournament_id = v_match.tournament_id) s));
  end if;
  return jsonb_build_object('message_id', p_message_id, 'reported', true);
end;
$$;
comment on function public.report_match_message(bigint, text) is 'A player or staff member reports a message of the other side to the tournament''s staff (bell and audit log); reporting twice changes nothing.';
revoke execute on function public.report_match_message(bigint, text) from public, anon;
grant execute on function public.report_match_message(bigint, text) to authenticated;

-- The public part of a referee's decision on a match, for the match page of anyone who is not a player.
create or replace function public.get_match_decision(p_match_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$ select private.referee_decision_json(p_match_id) $$;
comment on function public.get_match_decision(uuid) is 'The referee''s last public decision on a match with their note ({ action, note, at }), or null, for anyone.';
grant execute on function public.get_match_decision(uuid) to anon, authenticated;
