-- =====================================================================================================
-- An erasure touches only the subject's own records, and in JSON only string values
-- =====================================================================================================
-- private.erase_personal_data built regular expressions from the values the player chose (in-game name,
-- legal name, game id, ...) and rewrote every column tagged 'personal: free_text' of every row where they
-- matched, jsonb columns included, by casting the rewritten text back to jsonb. An in-game name 'null'
-- turned an audit row's "tournament_id": null into invalid JSON: the cast raised, and with it every run of
-- the periodic function (and an admin's deletion of that user in the dashboard). Without the crash it
-- rewrote other players' rows and the append-only audit log wherever a common word matched (a legal name
-- such as 'Status'). Its files were left in Storage on a hosted project: the SQL delete from storage.objects
-- is refused there (as supabase/local/storage.sql refuses it locally), the error was caught, and nothing
-- queued their removal.
--
-- Now the erasure finds the subject's records by construction: by their id, their entries, their matches,
-- their payouts, their sign-in address, their WhatsApp numbers, their push subscriptions. No value a player
-- chose becomes a pattern: text is rewritten by literal, whole-word comparison (private.replace_words), and
-- a jsonb document by walking it and rewriting its string values only (private.redact_json), never by a
-- cast from text. In the subject's own rows every personal value goes ('[removed]', the in-game name
-- 'Deleted player'); in other people's rows of the subject's matches (an opponent's chat message or dispute
-- statement, a referee's note) only the in-game name is replaced; other free text stays as written.
-- Audit rows are the subject's own by id (their actions, their entries, rows about them), never by text.
-- Their outside calls are ended when still waiting and cut to what the books need
-- (private.outbox_payload_once_over), after a copy to the restricted store as before. Their files, profile
-- pictures and match evidence, go through a 'storage_deletion' outside call, as retention's do.
--
-- private.replace_words(text, text, text, boolean)   new: literal whole-word replacement
-- private.redact_text(text, text, text[])            new: a text without the person's values
-- private.redact_json(jsonb, text, text[])           new: a document with its string values redacted
-- private.erase_personal_data(uuid)                  rewritten as above
-- private.regex_literal(text), private.personal_value_pattern(text), private.redact_personal_text(text, text, text[])
--                                                    dropped (nothing builds a pattern from a player's values)
-- =====================================================================================================

create or replace function private.replace_words(p_text text, p_find text, p_by text, p_any_case boolean)
  returns text
  language plpgsql immutable set search_path = ''
as $$
declare
  v_len integer := char_length(p_find);
  -- Case is ignored only where lowering keeps every length (positions stay comparable).
  v_any boolean := p_any_case and char_length(lower(p_text)) = char_length(p_text) and char_length(lower(p_find)) = v_len;
  v_hay text := case when v_any then lower(p_text) else p_text end;
  v_needle text := case when v_any then lower(p_find) else p_find end;
  -- A value that starts or ends with a letter or digit counts only as a whole word ("Ravi" not in "Ravish").
  v_word_start boolean := left(p_find, 1) ~ '\w';
  v_word_end boolean := right(p_find, 1) ~ '\w';
  v_out text := '';
  v_from integer := 1;
  v_at integer;
begin
  if p_text is null or p_find is null or v_len = 0 then
    return p_text;
  end if;
  loop
    v_at := strpos(substr(v_hay, v_from), v_needle);
    exit when v_at = 0;
    v_at := v_from + v_at - 1;
    if (v_word_start and v_at > 1 and substr(p_text, v_at - 1, 1) ~ '\w')
       or (v_word_end and substr(p_text, v_at + v_len, 1) ~ '\w') then
      v_out := v_out || substr(p_text, v_from, v_at - v_from + 1);
      v_from := v_at + 1;
    else
      v_out := v_out || substr(p_text, v_from, v_at - v_from) || p_by;
      v_from := v_at + v_len;
    end if;
  end loop;
  return v_out || substr(p_text, v_from);
end;
$$;
comment on function private.replace_words(text, text, text, boolean) is 'p_text with every whole-word occurrence of p_find (compared literally, never as a pattern; p_any_case: in any case) replaced by p_by.';

create or replace function private.redact_text(p_text text, p_name text, p_values text[]) returns text
  language plpgsql immutable set search_path = ''
as $$
declare
  v_text text := p_text;
  v_value text;
begin
  if v_text is null then
    return null;
  end if;
  -- Longest first: a legal name goes whole before a shorter value inside it.
  for v_value in select v from unnest(coalesce(p_values, '{}')) as v where v is not null order by char_length(v) desc, v loop
    v_text := private.replace_words(v_text, v_value, '[removed]', true);
  end loop;
  if p_name is not null then
    v_text := private.replace_words(v_text, p_name, private.deleted_player_name(), false);
  end if;
  return v_text;
end;
$$;
comment on function private.redact_text(text, text, text[]) is 'Free text with an erased person''s in-game name (p_name) replaced by ''Deleted player'' and their other values by [removed], compared literally as whole words.';

create or replace function private.redact_json(p_doc jsonb, p_name text, p_values text[]) returns jsonb
  language plpgsql immutable set search_path = ''
as $$
begin
  case jsonb_typeof(p_doc)
    when 'object' then
      return coalesce((select jsonb_object_agg(e.key, private.redact_json(e.value, p_name, p_values))
                         from jsonb_each(p_doc) as e), '{}'::jsonb);
    when 'array' then
      return coalesce((select jsonb_agg(private.redact_json(a.value, p_name, p_values) order by a.n)
                         from jsonb_array_elements(p_doc) with ordinality as a (value, n)), '[]'::jsonb);
    when 'string' then
      return to_jsonb(private.redact_text(p_doc #>> '{}', p_name, p_values));
    else
      -- Numbers, booleans and null are not text a person wrote.
      return p_doc;
  end case;
end;
$$;
comment on function private.redact_json(jsonb, text, text[]) is 'A jsonb document with private.redact_text applied to each string value, at any depth; keys, numbers, booleans and nulls unchanged.';

drop function private.redact_personal_text(text, text, text[]);
drop function private.personal_value_pattern(text);
drop function private.regex_literal(text);

create or replace function private.erase_personal_data(p_user uuid) returns jsonb
  language plpgsql set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_profile public.profiles%rowtype;
  v_kyc jsonb;
  v_name text;
  v_emails text[];
  v_phones text[];
  v_values text[];
  v_entries uuid[];
  v_matches uuid[];
  v_calls bigint[];
  v_audits bigint[];
  v_has_money boolean;
  v_rows bigint;
  v_changed bigint := 0;
  v_files integer;
begin
  select * into v_profile from public.profiles where id = p_user for update;
  if not found or v_profile.erased_at is not null then
    return jsonb_build_object('erased', 0);
  end if;
  select to_jsonb(k) into v_kyc from public.kyc_records k where k.user_id = p_user;

  -- What identifies the person, to take out of their own records.
  v_name := nullif(btrim(v_profile.in_game_name), '');
  v_emails := array(select distinct lower(e) from unnest(array[(select u.email::text from auth.users u where u.id = p_user),
                                                               v_profile.email]) as e where e is not null);
  v_phones := array(select phone from public.whatsapp_contacts where user_id = p_user
                    union select phone from private.whatsapp_consents where user_id = p_user
                    union select phone from private.whatsapp_opt_in_codes where user_id = p_user);
  v_values := array(select distinct v from unnest(v_emails || v_phones || array[v_profile.legal_name, v_profile.game_user_id,
                                                   v_profile.date_of_birth::text, v_kyc ->> 'upi_id']
                                                || array(select p.upi_id from public.payouts p where p.user_id = p_user)) as v
                     where v is not null and char_length(btrim(v)) >= 3);
  -- Their places: entries they play (or bought and nobody plays), and those entries' matches.
  v_entries := array(select e.id from public.entries e
                      where e.player_id = p_user or (e.player_id is null and e.buyer_id = p_user));
  v_matches := array(select m.id from public.matches m where m.entry_a = any (v_entries) or m.entry_b = any (v_entries));
  -- Their outside calls: about them, to their address or number, for their device, consent, sign-up or payout.
  v_calls := array(
    select o.id from private.outbox o
     where o.payload ->> 'user_id' = p_user::text or o.payload ->> 'subject_id' = p_user::text
        or strpos(o.idempotency_key, p_user::text) > 0
        or lower(o.payload ->> 'to') = any (v_emails) or o.payload ->> 'to' = any (v_phones)
        or (o.kind = 'web_push' and o.payload ->> 'subscription_id' in
              (select s.id::text from public.push_subscriptions s where s.user_id = p_user))
        or (o.kind = 'parental_consent_email' and o.payload ->> 'consent_id' in
              (select c.id::text from private.parental_consents c where c.player_id = p_user))
        or (o.kind = 'story_news_email' and o.payload ->> 'signup_id' in
              (select s.id::text from public.story_notification_signups s where lower(s.email) = any (v_emails)))
        or o.payload ->> 'payout_id' in (select p.id::text from public.payouts p where p.user_id = p_user));
  -- Their audit rows: what they did, what happened to their entries, rows about them. Never found by text.
  v_audits := array(
    select a.id from public.audit_log a
     where a.actor_id = p_user or a.entry_id = any (v_entries)
        or p_user::text in (a.before ->> 'user_id', a.after ->> 'user_id', a.before ->> 'player_id',
                            a.after ->> 'player_id', a.before ->> 'subject_id', a.after ->> 'subject_id'));

  -- What the law keeps goes to the restricted store first, as it was.
  v_has_money := exists (select 1 from public.payments where user_id = p_user)
              or exists (select 1 from public.payouts where user_id = p_user)
              or exists (select 1 from private.ledger_lines where user_id = p_user)
              or exists (select 1 from private.tax_withholdings where user_id = p_user);
  if v_has_money then
    perform private.keep(p_user, 'public.profiles', to_jsonb(v_profile) || jsonb_build_object('sign_in_email',
                           coalesce((select u.email::text from auth.users u where u.id = p_user), v_profile.email)),
                         'books_of_account');
    if v_kyc is not null then
      perform private.keep(p_user, 'public.kyc_records', v_kyc, 'books_of_account');
    end if;
    perform private.keep(p_user, 'public.payouts', to_jsonb(p), 'books_of_account')
       from public.payouts p where p.user_id = p_user;
  end if;
  perform private.keep(p_user, 'private.outbox',
                       to_jsonb(o) || jsonb_build_object('answers', (select coalesce(jsonb_agg(to_jsonb(a) order by a.id), '[]')
                                                                       from private.outbox_answers a where a.outbox_id = o.id)),
                       'processing_log')
     from private.outbox o where o.id = any (v_calls);
  perform private.keep(p_user, 'public.audit_log', to_jsonb(a), 'processing_log')
     from public.audit_log a where a.id = any (v_audits);
  perform private.keep(p_user, 'private.whatsapp_consents', to_jsonb(c), 'processing_log')
     from private.whatsapp_consents c where c.user_id = p_user;

  -- Their outside calls: what still waits for them is not sent; every one keeps only what the books need.
  update private.outbox set status = 'done', done_at = v_now, last_answer = '{"subject_erased": true}'
   where id = any (v_calls) and status = 'pending'
     and kind in ('email', 'parental_consent_email', 'story_news_email', 'web_push', 'whatsapp');
  update private.outbox
     set payload = private.outbox_payload_once_over(kind, payload), personal_data_cleared_at = v_now,
         last_answer = private.redact_json(last_answer, v_name, v_values)
   where id = any (v_calls) and status <> 'pending';
  get diagnostics v_rows = row_count;
  v_changed := v_changed + v_rows;
  update private.outbox_answers set answer = private.redact_json(answer, v_name, v_values) where outbox_id = any (v_calls);

  -- Rows that are only theirs, with nothing to keep.
  delete from public.kyc_records where user_id = p_user;
  delete from public.notifications where user_id = p_user;
  delete from public.notification_settings where user_id = p_user;
  delete from private.parental_consents where player_id = p_user;
  delete from public.staff_roles where user_id = p_user;
  delete from public.push_subscriptions where user_id = p_user;
  delete from public.whatsapp_contacts where user_id = p_user;
  delete from private.whatsapp_opt_in_codes where user_id = p_user;
  delete from private.whatsapp_consents where user_id = p_user;
  delete from public.story_notification_signups where lower(email) = any (v_emails);
  delete from private.grievances where user_id = p_user or lower(email) = any (v_emails);

  -- The profile: the pseudonymous subject, every personal column empty.
  update public.profiles
     set erased_at = v_now, in_game_name = private.deleted_player_name(), profile_completed = false,
         email = null, legal_name = null, age = null, date_of_birth = null, game_user_id = null,
         profile_image_url = null, lives_in_india_confirmed_at = null
   where id = p_user;

  -- Their own rows that stay: personal values emptied or redacted.
  update public.payouts set upi_id = null where user_id = p_user and upi_id is not null;
  get diagnostics v_rows = row_count;
  v_changed := v_changed + v_rows;
  update public.entries set invited_email = null where lower(invited_email) = any (v_emails);
  get diagnostics v_rows = row_count;
  v_changed := v_changed + v_rows;
  update private.prize_awards set note = private.redact_text(note, v_name, v_values)
   where player_id = p_user and note is distinct from private.redact_text(note, v_name, v_values);
  get diagnostics v_rows = row_count;
  v_changed := v_changed + v_rows;
  update private.match_reports set screenshot_path = null where reported_by = p_user and screenshot_path is not null;
  get diagnostics v_rows = row_count;
  v_changed := v_changed + v_rows;
  update private.foreign_captures set notes = private.redact_json(notes, v_name, v_values)
   where notes ->> 'user_id' = p_user::text or lower(notes ->> 'email') = any (v_emails);
  get diagnostics v_rows = row_count;
  v_changed := v_changed + v_rows;

  -- Their matches: their own words lose every personal value; other people's (the opponent, a referee)
  -- lose only the in-game name.
  update public.match_messages m
     set body = private.redact_text(m.body, v_name,
                  case when (m.sender = 'a' and x.entry_a = any (v_entries)) or (m.sender = 'b' and x.entry_b = any (v_entries))
                       then v_values else '{}' end)
    from public.matches x
   where x.id = m.match_id and m.match_id = any (v_matches)
     and m.body is distinct from private.redact_text(m.body, v_name,
           case when (m.sender = 'a' and x.entry_a = any (v_entries)) or (m.sender = 'b' and x.entry_b = any (v_entries))
                then v_values else '{}' end);
  get diagnostics v_rows = row_count;
  v_changed := v_changed + v_rows;
  update public.match_disputes d
     set details = private.redact_text(d.details, v_name, case when d.opened_by_entry_id = any (v_entries) then v_values else '{}' end),
         note = private.redact_text(d.note, v_name, '{}')
   where d.match_id = any (v_matches)
     and (d.details is distinct from private.redact_text(d.details, v_name, case when d.opened_by_entry_id = any (v_entries) then v_values else '{}' end)
          or d.note is distinct from private.redact_text(d.note, v_name, '{}'));
  get diagnostics v_rows = row_count;
  v_changed := v_changed + v_rows;
  update private.match_dispute_statements s
     set details = private.redact_text(s.details, v_name, case when s.player_id = p_user then v_values else '{}' end),
         screenshot_path = case when s.player_id = p_user then null else s.screenshot_path end
   where s.player_id = p_user
      or (s.dispute_id in (select d.id from public.match_disputes d where d.match_id = any (v_matches))
          and s.details is distinct from private.redact_text(s.details, v_name, '{}'));
  get diagnostics v_rows = row_count;
  v_changed := v_changed + v_rows;
  update private.match_message_reports r
     set reason = private.redact_text(r.reason, v_name, case when r.reported_by = p_user then v_values else '{}' end)
   where (r.reported_by = p_user or r.message_id in (select m.id from public.match_messages m where m.match_id = any (v_matches)))
     and r.reason is distinct from private.redact_text(r.reason, v_name, case when r.reported_by = p_user then v_values else '{}' end);
  get diagnostics v_rows = row_count;
  v_changed := v_changed + v_rows;

  -- Their audit rows: the words and the string values of what changed (the append-only log allows this
  -- function exactly that, private.refuse_audit_change).
  update public.audit_log
     set summary = private.redact_text(summary, v_name, v_values), reason = private.redact_text(reason, v_name, v_values),
         before = private.redact_json(before, v_name, v_values), after = private.redact_json(after, v_name, v_values)
   where id = any (v_audits);
  get diagnostics v_rows = row_count;
  v_changed := v_changed + v_rows;

  -- Their files, profile pictures and match evidence, leave through the Storage API (a hosted project
  -- refuses SQL deletes of storage rows): one outside call per bucket.
  insert into private.outbox (kind, idempotency_key, payload)
  select 'storage_deletion', 'erasure-' || p_user || '-' || f.bucket_id,
         jsonb_build_object('bucket', f.bucket_id, 'paths', jsonb_agg(f.name order by f.name), 'subject_id', p_user,
                            'reason', 'account_erased')
    from storage.objects f
   where (f.bucket_id = 'profile-pictures' and (f.owner = p_user or starts_with(f.name, p_user::text || '-')))
      or (f.bucket_id = 'match-evidence' and (f.owner = p_user or split_part(f.name, '/', 2) = p_user::text))
   group by f.bucket_id
  on conflict (idempotency_key) do nothing;
  get diagnostics v_files = row_count;

  return jsonb_build_object('erased', 1, 'cells', v_changed, 'file_deletions_queued', v_files);
end;
$$;
comment on function private.erase_personal_data(uuid) is 'Erases a person''s data from their own records (found by id, entries, matches, payouts, address, number, device), after copying what the law keeps to private.kept_records; the profile stays as a pseudonymous subject named ''Deleted player''. In other people''s rows of the subject''s matches only the in-game name is replaced; jsonb is rewritten string value by string value. Files are removed through a storage_deletion outside call.';

revoke execute on function private.replace_words(text, text, text, boolean) from public;
revoke execute on function private.redact_text(text, text, text[]) from public;
revoke execute on function private.redact_json(jsonb, text, text[]) from public;
revoke execute on function private.erase_personal_data(uuid) from public;
