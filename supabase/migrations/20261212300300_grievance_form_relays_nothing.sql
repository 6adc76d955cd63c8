-- =====================================================================================================
-- The grievance form relays nothing: an unconfirmed address gets the ticket number only, and caps per day
-- =====================================================================================================
-- submit_grievance took a ticket from anyone, for any address, and e-mailed that address a receipt quoting
-- the subject the filer typed (140 characters), 3 times per address per hour with no other limit: a visitor
-- could send anyone any text under the platform's name, as often as they had addresses to name.
--
-- The DPDP Act lets anyone file a grievance, and the grievance officer must answer it, so the ticket is still
-- taken from anyone. What leaves changes: an address is confirmed only when it is the signed-in player's own
-- verified sign-in address (auth.users.email_confirmed_at). Any other address receives a receipt that says a
-- grievance was filed giving it, with the ticket number, the deadlines and a link to /grievance, and not a
-- word of what the filer typed. Staff see which tickets were given an address nobody confirmed, and answer
-- those knowing that whoever reads the address may not be the filer.
--
-- private.grievances.email_confirmed    new: the answer goes to the filer's own verified sign-in address.
-- private.grievance_rules()             adds per_email_per_day (5 in any 24 hours, with the 3 per hour) and
--                                       unconfirmed_per_day (50 tickets in any 24 hours, all addresses not
--                                       confirmed together; a player answered at their own address is never
--                                       refused by it).
-- public.submit_grievance(...)          the caps (PT429 too_many_grievances_today, grievances_busy) and the
--                                       receipt without the filer's words to an address not confirmed.
-- public.staff_list_grievances(boolean) each ticket says email_confirmed.
-- =====================================================================================================

alter table private.grievances add column email_confirmed boolean not null default false;
comment on column private.grievances.email_confirmed is 'Whether the answer goes to the filer''s own verified sign-in address; a receipt to any other address quotes nothing the filer wrote.';
update private.grievances g set email_confirmed = true
  from auth.users u
 where u.id = g.user_id and u.email_confirmed_at is not null and lower(u.email) = g.email;
create index grievances_unconfirmed_by_time on private.grievances (submitted_at) where not email_confirmed;

CREATE OR REPLACE FUNCTION private.grievance_rules()
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select '{"acknowledge_within_hours": 48, "resolve_within_days": 30, "per_email_per_hour": 3, "per_email_per_day": 5, "unconfirmed_per_day": 50}'::jsonb $function$;
comment on function private.grievance_rules() is 'The grievance deadlines (acknowledge within 48 hours, resolve within 30 days; a lawyer confirms them against the DPDP Rules), how many tickets one e-mail address may file (3 in any hour, 5 in any 24 hours), and how many tickets all addresses nobody confirmed may file together in any 24 hours (50).';

CREATE OR REPLACE FUNCTION public.submit_grievance(p_subject text, p_body text, p_email text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.current_player_id();
  v_now timestamptz := private.clock_now();
  v_rules jsonb := private.grievance_rules();
  v_subject text := btrim(coalesce(p_subject, ''));
  v_body text := btrim(coalesce(p_body, ''));
  v_email text := nullif(lower(btrim(coalesce(p_email, ''))), '');
  v_confirmed boolean := false;
  v_row private.grievances%rowtype;
begin
  if v_user is not null then
    -- A signed-in player's ticket is answered at their sign-in address unless they name another.
    v_email := coalesce(v_email, (select lower(email) from auth.users where id = v_user));
    v_confirmed := exists (select 1 from auth.users u
                            where u.id = v_user and u.email_confirmed_at is not null and lower(u.email) = v_email);
  end if;
  if v_email is null then
    raise exception 'Give an e-mail address so we can answer you' using errcode = 'PT400', hint = 'email_required';
  end if;
  if not private.is_email_address(v_email) then
    raise exception 'Enter a valid e-mail address' using errcode = 'PT400', hint = 'invalid_email';
  end if;
  if char_length(v_subject) < 3 or char_length(v_subject) > 140 then
    raise exception 'Give a subject of 3 to 140 characters' using errcode = 'PT400', hint = 'grievance_subject_length';
  end if;
  if char_length(v_body) < 10 or char_length(v_body) > 5000 then
    raise exception 'Describe the problem in 10 to 5000 characters' using errcode = 'PT400', hint = 'grievance_body_length';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('grievances:' || v_email, 0));
  if (select count(*) from private.grievances
       where (email = v_email or (v_user is not null and user_id = v_user))
         and submitted_at > v_now - interval '1 hour') >= (v_rules ->> 'per_email_per_hour')::integer then
    raise exception 'You filed several grievances in the last hour. We will answer those; write again later if needed.'
      using errcode = 'PT409', hint = 'too_many_grievances';
  end if;
  if (select count(*) from private.grievances
       where (email = v_email or (v_user is not null and user_id = v_user))
         and submitted_at > v_now - interval '24 hours') >= (v_rules ->> 'per_email_per_day')::integer then
    raise exception 'You filed as many grievances as we take from one address in 24 hours. We will answer those; write again tomorrow if needed.'
      using errcode = 'PT429', hint = 'too_many_grievances_today';
  end if;
  if not v_confirmed then
    -- All addresses nobody confirmed share one daily allowance: a flood cannot use the form to mail strangers.
    perform pg_advisory_xact_lock(hashtextextended('grievances:unconfirmed', 0));
    if (select count(*) from private.grievances
         where not email_confirmed and submitted_at > v_now - interval '24 hours') >= (v_rules ->> 'unconfirmed_per_day')::integer then
      raise exception 'We are receiving an unusual number of grievances today. Sign in and file it from your account, or write to the grievance officer at the address on this page.'
        using errcode = 'PT429', hint = 'grievances_busy';
    end if;
  end if;

  insert into private.grievances (user_id, email, email_confirmed, subject, body, submitted_at, acknowledge_by, resolve_by)
  values (v_user, v_email, v_confirmed, v_subject, v_body, v_now,
          v_now + make_interval(hours => (v_rules ->> 'acknowledge_within_hours')::integer),
          v_now + make_interval(days => (v_rules ->> 'resolve_within_days')::integer))
  returning * into v_row;

  -- A receipt, not a notice of an action: sent at once, day or night. Only the filer's own confirmed address
  -- is told what they wrote; any other address learns the ticket number and nothing the filer typed.
  perform private.queue_email('grievance-received-' || v_row.ticket_id, v_email,
    'Grievance ' || v_row.ticket_id || ' received',
    case when v_confirmed
      then 'We received your grievance "' || left(regexp_replace(v_subject, '[\u0001-\u001F\u007F-\u009F]', ' ', 'g'), 140) || '".'
      else 'A grievance about personal data held by Golazo Arena was filed giving this e-mail address for our answer.'
    end || chr(10) || chr(10)
      || 'Ticket: ' || v_row.ticket_id || chr(10)
      || 'We acknowledge it by ' || private.ist_text(v_row.acknowledge_by) || chr(10)
      || 'and resolve it by ' || private.ist_text(v_row.resolve_by) || '.' || chr(10) || chr(10)
      || 'Quote the ticket number when you write to the grievance officer.'
      || case when v_confirmed then '' else chr(10) || 'If you did not file it, ignore this e-mail.' end,
    '/grievance');
  return jsonb_build_object('ticket_id', v_row.ticket_id, 'acknowledge_by', v_row.acknowledge_by, 'resolve_by', v_row.resolve_by);
end;
$function$;
comment on function public.submit_grievance(text,text,text) is 'Files a grievance about personal data: a signed-in player (answered at their sign-in address unless p_email names another) or anyone with p_email. Subject 3-140 and body 10-5000 characters; at most 3 tickets per e-mail address in any hour (PT409 too_many_grievances) and 5 in any 24 hours (PT429 too_many_grievances_today); tickets to addresses nobody confirmed at most 50 in any 24 hours together (PT429 grievances_busy). Answers { ticket_id, acknowledge_by (48 hours), resolve_by (30 days) } and e-mails a receipt, which quotes the subject only to the filer''s own verified sign-in address.';

CREATE OR REPLACE FUNCTION public.staff_list_grievances(p_include_resolved boolean DEFAULT false)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_staff('admin', null);
  return coalesce((select jsonb_agg(private.grievance_answer(g) || jsonb_build_object('email', g.email, 'has_account', g.user_id is not null,
                                                                                     'email_confirmed', g.email_confirmed)
                                    order by case when g.status = 'resolved' then 1 else 0 end,
                                             case when g.status = 'open' then g.acknowledge_by else g.resolve_by end)
                     from private.grievances g
                    where coalesce(p_include_resolved, false) or g.status <> 'resolved'), '[]'::jsonb);
end;
$function$;
comment on function public.staff_list_grievances(boolean) is 'Admins of the whole site at aal2: grievances not resolved (all with p_include_resolved), the most urgent deadline first, with the filer''s e-mail address and whether it is their own confirmed sign-in address (email_confirmed).';
