-- =====================================================================================================
-- notifications: the bell, the e-mail queued with it, a player’s settings, and story news sign-ups
-- =====================================================================================================
-- Generated from supabase/migrations by `npm run schema` (scripts/schema-dump.ts): do not edit. The current
-- definition of every object of this area; change one with a new migration, then run `npm run schema`.
-- Areas are assigned in scripts/schema/areas.ts.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Notifications
-- -----------------------------------------------------------------------------------------------------

comment on table public.notifications is 'The bell: one row per thing a player is told (check-in, draw, room, reports, disputes, next match, prizes, ...). The e-mail is queued with it; non-urgent e-mail waits for 08:00 IST.';
create table public.notifications (
  id bigint generated always as identity not null,
  user_id uuid not null,
  kind text not null,
  title text not null,
  body text default ''::text not null,
  link text,
  created_at timestamp with time zone default now() not null,
  read_at timestamp with time zone,
  constraint notifications_pkey PRIMARY KEY (id),
  constraint notifications_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint notifications_body_length CHECK ((char_length(body) <= 1000)),
  constraint notifications_kind_known CHECK (((kind = ANY ('{check_in_open,draw_made,room_posted,opponent_ready,opponent_reported,dispute_opened,dispute_settled,next_match,tournament_finished,prize_credited,payout_sent,payout_failed,kyc_result,payment_receipt}'::text[])) OR (kind = 'staff_alert'::text))),
  constraint notifications_link_is_a_path CHECK (((link IS NULL) OR (link ~ '^/'::text))),
  constraint notifications_title_length CHECK (((char_length(title) >= 1) AND (char_length(title) <= 140)))
);
CREATE INDEX notifications_of_user ON public.notifications USING btree (user_id, created_at DESC);
CREATE INDEX notifications_recent_receipts ON public.notifications USING btree (created_at) WHERE (kind = 'payment_receipt'::text);
alter table public.notifications enable row level security;
grant maintain, select on table public.notifications to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.notifications to service_role;
alter publication supabase_realtime add table public.notifications;
comment on column public.notifications.title is 'personal: free_text. May name the player or their opponent.';
comment on column public.notifications.body is 'personal: free_text. May name the player or their opponent.';
create policy "Players read their own notifications" on public.notifications
  as permissive for select to authenticated
  using ((user_id = ( SELECT private.current_player_id() AS current_player_id)));

comment on table public.notification_settings is 'A player''s choice of e-mail per kind of notification; no row means e-mail on.';
create table public.notification_settings (
  user_id uuid not null,
  kind text not null,
  email boolean default true not null,
  constraint notification_settings_pkey PRIMARY KEY (user_id, kind),
  constraint notification_settings_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);
alter table public.notification_settings enable row level security;
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.notification_settings to service_role;

create type private.notice as (
  user_id uuid,
  kind text,
  title text,
  body text,
  link text,
  key text
);
comment on type private.notice is 'One notification to deliver: who, kind, title, body, link, and the key that keeps its e-mail to one.';

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.notification_kinds()
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select '{check_in_open,draw_made,room_posted,opponent_ready,opponent_reported,dispute_opened,dispute_settled,next_match,tournament_finished,prize_credited,payout_sent,payout_failed,kyc_result,payment_receipt}'::text[] $function$;

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.notification_is_urgent(p_kind text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select p_kind in ('room_posted', 'opponent_ready', 'next_match', 'check_in_open');
$function$;

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.email_not_before(p_now timestamp with time zone, p_urgent boolean)
 RETURNS timestamp with time zone
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case
    when p_urgent then p_now
    when extract(hour from p_now at time zone 'Asia/Kolkata') >= 23
      then ((p_now at time zone 'Asia/Kolkata')::date + 1 + time '08:00') at time zone 'Asia/Kolkata'
    when extract(hour from p_now at time zone 'Asia/Kolkata') < 8
      then ((p_now at time zone 'Asia/Kolkata')::date + time '08:00') at time zone 'Asia/Kolkata'
    else p_now
  end;
$function$;

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.queue_email(p_key text, p_to text, p_subject text, p_text text, p_link text DEFAULT NULL::text)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.enqueue_outside_call('email', p_key,
    jsonb_build_object('to', p_to, 'subject', p_subject, 'text', p_text, 'link', p_link));
$function$;

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.deliver(p_notices private.notice[])
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$;

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.notify(p_user uuid, p_kind text, p_title text, p_body text, p_link text, p_key text)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.deliver(array[row(p_user, p_kind, p_title, p_body, p_link, p_key)::private.notice]);
$function$;

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.player_of(p_entry_id uuid)
 RETURNS uuid
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select player_id from public.entries where id = p_entry_id;
$function$;

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.match_link(p_match_id uuid)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select '/match/?id=' || p_match_id $function$;

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.notify_on_match_changes()
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
$function$;

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.notify_on_tournament_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.run_due_notification_work()
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$;

comment on function public.get_my_notifications(integer) is 'The caller''s latest notifications and the unread count.';
-- Callable by: authenticated, service_role
CREATE OR REPLACE FUNCTION public.get_my_notifications(p_limit integer DEFAULT 30)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;

comment on function public.mark_notifications_read(bigint) is 'Marks the caller''s notifications read (all, or up to an id).';
-- Callable by: authenticated, service_role
CREATE OR REPLACE FUNCTION public.mark_notifications_read(p_up_to_id bigint DEFAULT NULL::bigint)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_count integer;
begin
  update public.notifications set read_at = private.clock_now()
   where user_id = v_user and read_at is null and (p_up_to_id is null or id <= p_up_to_id);
  get diagnostics v_count = row_count;
  return jsonb_build_object('marked', v_count);
end;
$function$;

comment on function public.get_my_notification_settings() is 'Each kind of notification with whether the caller gets it by e-mail and whether it is urgent.';
-- Callable by: authenticated, service_role
CREATE OR REPLACE FUNCTION public.get_my_notification_settings()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
begin
  return (select jsonb_agg(jsonb_build_object('kind', k, 'email', coalesce(s.email, true),
                                              'urgent', private.notification_is_urgent(k)) order by ord)
            from unnest(private.notification_kinds()) with ordinality as kinds (k, ord)
            left join public.notification_settings s on s.user_id = v_user and s.kind = k);
end;
$function$;

comment on function public.set_my_notification_setting(text,boolean) is 'Turns e-mail for one kind of notification on or off for the caller.';
-- Callable by: authenticated, service_role
CREATE OR REPLACE FUNCTION public.set_my_notification_setting(p_kind text, p_email boolean)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;

-- -----------------------------------------------------------------------------------------------------
-- Story news
-- -----------------------------------------------------------------------------------------------------

comment on table public.story_notification_signups is 'Blog "Notify me" sign-ups: written only by sign_up_for_story_news(); no API role may read them.';
create table public.story_notification_signups (
  email text not null,
  consent_text text not null,
  consented_at timestamp with time zone not null,
  constraint story_notification_signups_pkey PRIMARY KEY (email),
  constraint story_notification_consent_given CHECK (((char_length(btrim(consent_text)) >= 1) AND (char_length(btrim(consent_text)) <= 1000))),
  constraint story_notification_email_normalised CHECK ((email = lower(btrim(email)))),
  constraint story_notification_email_shape CHECK (((email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text) AND (char_length(email) <= 254)))
);
alter table public.story_notification_signups enable row level security;
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.story_notification_signups to service_role;
comment on column public.story_notification_signups.email is 'personal: email';

comment on function public.sign_up_for_story_news(text,text) is 'Keeps an e-mail address (with the consent text shown) for blog story news.';
-- Callable by: anon, authenticated, service_role
CREATE OR REPLACE FUNCTION public.sign_up_for_story_news(p_email text, p_consent_text text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_consent text := btrim(coalesce(p_consent_text, ''));
begin
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(v_email) > 254 then
    raise exception 'Enter a valid e-mail address' using errcode = 'PT400', hint = 'email_invalid';
  end if;
  if v_consent = '' then
    raise exception 'Tick the box to agree to hear from us' using errcode = 'PT400', hint = 'consent_required';
  end if;
  if char_length(v_consent) > 1000 then
    raise exception 'The consent text is too long' using errcode = 'PT400', hint = 'consent_text_too_long';
  end if;

  insert into public.story_notification_signups (email, consent_text, consented_at)
  values (v_email, v_consent, private.clock_now())
  on conflict (email) do nothing;

  return jsonb_build_object('saved', true, 'email', v_email);
end;
$function$;
