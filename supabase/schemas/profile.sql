-- =====================================================================================================
-- profile: profiles, the date of birth and residence, parental consent, profile pictures
-- =====================================================================================================
-- The source of this area of the database. Edit it, then `npm run migration:new <name>` writes the migration
-- from the difference (scripts/migration-new.ts). Statements may name objects declared further down or in
-- another area file: the files are applied as a whole. Rule rows are idempotent upserts.
-- =====================================================================================================

-- =====================================================================================================
-- Tables: what is kept
-- =====================================================================================================

-- Profiles --------------------------------------------------------------------------------------------

comment on table public.profiles is 'One row per auth user, created by trigger. Changed only through update_my_profile(); locked once completed.';
create table public.profiles (
  id uuid not null,
  email text,
  legal_name text,
  in_game_name text,
  age integer,
  game_user_id text,
  profile_completed boolean default false not null,
  profile_image_url text,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  date_of_birth date,
  lives_in_india_confirmed_at timestamp with time zone,
  erased_at timestamp with time zone,
  language text default 'en'::text not null,
  constraint profiles_pkey PRIMARY KEY (id),
  constraint profiles_language_known CHECK ((language = ANY (ARRAY['en'::text, 'hi'::text]))),
  constraint profiles_age_range CHECK (((age >= 13) AND (age <= 100))),
  constraint profiles_completed_means_filled_in CHECK (((NOT profile_completed) OR ((legal_name IS NOT NULL) AND (in_game_name IS NOT NULL) AND (game_user_id IS NOT NULL) AND ((age IS NOT NULL) OR (date_of_birth IS NOT NULL))))),
  constraint profiles_date_of_birth_plausible CHECK ((date_of_birth >= '1900-01-01'::date)),
  constraint profiles_game_user_id_format CHECK ((game_user_id ~ '^[A-Za-z0-9-]{6,20}$'::text)),
  constraint profiles_image_url_length CHECK ((char_length(profile_image_url) <= 2048)),
  constraint profiles_in_game_name_length CHECK (((char_length(btrim(in_game_name)) >= 2) AND (char_length(btrim(in_game_name)) <= 40))),
  constraint profiles_legal_name_length CHECK (((char_length(btrim(legal_name)) >= 2) AND (char_length(btrim(legal_name)) <= 100)))
);
alter table public.profiles add constraint profiles_in_game_name_visible CHECK (((in_game_name IS NULL) OR (regexp_replace(in_game_name, '[\s\u00A0\u00AD\u034F\u115F\u1160\u1680\u17B4\u17B5\u180E\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\u3164\uFEFF\uFFA0]'::text, ''::text, 'g'::text) <> ''::text))) NOT VALID;
alter table public.profiles add constraint profiles_in_game_name_without_hidden_controls CHECK ((in_game_name !~ '[\u0001-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]'::text)) NOT VALID;
alter table public.profiles add constraint profiles_legal_name_visible CHECK (((legal_name IS NULL) OR (regexp_replace(legal_name, '[\s\u00A0\u00AD\u034F\u115F\u1160\u1680\u17B4\u17B5\u180E\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\u3164\uFEFF\uFFA0]'::text, ''::text, 'g'::text) <> ''::text))) NOT VALID;
alter table public.profiles add constraint profiles_legal_name_without_hidden_controls CHECK ((legal_name !~ '[\u0001-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]'::text)) NOT VALID;
alter table public.profiles enable row level security;
comment on column public.profiles.email is 'personal: email';
comment on column public.profiles.legal_name is 'personal: legal_name. The name on the player''s PAN.';
comment on column public.profiles.in_game_name is 'personal: name. Shown publicly in brackets, standings and prizes.';
comment on column public.profiles.age is 'personal: age. Age typed before dates of birth were asked; cleared once the player gives a date of birth.';
comment on column public.profiles.game_user_id is 'personal: game_id. The player''s eFootball user id.';
comment on column public.profiles.profile_image_url is 'personal: picture';
comment on column public.profiles.date_of_birth is 'personal: date_of_birth. Given once by the player; age is computed from it (private.profile_age). Null on rows completed before it was asked.';
comment on column public.profiles.lives_in_india_confirmed_at is 'personal: residence. When the player confirmed they live in India (paid entry is for residents of India). Null: not confirmed.';
comment on column public.profiles.language is 'The language the player reads: en or hi. Notifications, e-mails, push and WhatsApp messages are written in it (private.compose_message). Set at sign-up from the page they signed up on, then on the profile (set_my_language).';
comment on column public.profiles.erased_at is 'When the account was erased: the row stays as the pseudonymous subject of what must be kept (entries, money records), with every personal column empty and the in-game name ''Deleted player''.';

-- Parental consent ------------------------------------------------------------------------------------

comment on table private.parental_consents is 'Consents of a parent for a player of 13 to 17 (free tournaments only): when and how (method) the parent confirmed, their name, relation and declaration, and any withdrawal. Link tokens are keyed HMACs of the id; only their hashes are kept, and a used or expired one is deleted.';
create table private.parental_consents (
  id uuid default gen_random_uuid() not null,
  player_id uuid not null,
  parent_email text not null,
  token_sha256 bytea,
  requested_at timestamp with time zone not null,
  expires_at timestamp with time zone not null,
  confirmed_at timestamp with time zone,
  method text,
  parent_name text,
  relation text,
  declaration text,
  evidence jsonb default '{}'::jsonb not null,
  code_attempts integer default 0 not null,
  withdraw_token_sha256 bytea,
  withdrawn_at timestamp with time zone,
  withdrawn_by text,
  declaration_language text,
  declaration_version integer,
  constraint parental_consents_pkey PRIMARY KEY (id),
  constraint parental_consents_token_unique UNIQUE (token_sha256),
  constraint parental_consents_withdraw_token_unique UNIQUE (withdraw_token_sha256),
  constraint parental_consents_method_fkey FOREIGN KEY (method) REFERENCES private.parental_consent_methods(name),
  constraint parental_consents_player_id_fkey FOREIGN KEY (player_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint parental_consents_declaration_language_known CHECK ((declaration_language = ANY (ARRAY['en'::text, 'hi'::text]))),
  constraint parental_consents_declaration_length CHECK (((char_length(declaration) >= 1) AND (char_length(declaration) <= 2000))),
  constraint parental_consents_email_shape CHECK (((parent_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text) AND (char_length(parent_email) <= 254))),
  constraint parental_consents_parent_name_length CHECK (((char_length(btrim(parent_name)) >= 2) AND (char_length(btrim(parent_name)) <= 120))),
  constraint parental_consents_recorded_how CHECK (((confirmed_at IS NULL) OR ((method IS NOT NULL) AND (parent_name IS NOT NULL) AND (relation IS NOT NULL) AND (declaration IS NOT NULL)))),
  constraint parental_consents_relation_known CHECK ((relation = ANY (ARRAY['mother'::text, 'father'::text, 'legal_guardian'::text]))),
  constraint parental_consents_withdrawn_by_known CHECK ((withdrawn_by = ANY (ARRAY['parent'::text, 'player'::text]))),
  constraint parental_consents_withdrawn_by_whom CHECK (((withdrawn_at IS NULL) = (withdrawn_by IS NULL))),
  constraint parental_consents_withdrawn_when_confirmed CHECK (((withdrawn_at IS NULL) OR (confirmed_at IS NOT NULL)))
);
CREATE INDEX parental_consents_player ON private.parental_consents USING btree (player_id, confirmed_at);
comment on column private.parental_consents.parent_email is 'personal: email. The parent who confirms a child''s account.';
comment on column private.parental_consents.token_sha256 is 'SHA-256 of the consent link''s token while it may still be used; null once used (and the row is deleted when it expires unused).';
comment on column private.parental_consents.declaration_language is 'The language of the declaration the parent read and ticked (the page they confirmed on: en or hi); null on consents from before it was recorded, which were English.';
comment on column private.parental_consents.declaration_version is 'The version of the declaration''s words (private.parental_consent_declaration_version), the same in both languages; null on consents from before it was recorded, which were version 1.';
comment on column private.parental_consents.evidence is 'What the method proved, for methods that prove more than the e-mailed code (kept with the consent).';

comment on table private.parental_consent_methods is 'How a parent may give consent. parent_account_pan: the parent''s own signed-in account, holder of a verified PAN, with the e-mailed code, their name, relation and declaration. email_code (no longer offered): the code alone. Another method (an age token) is a new row; what it proves goes to parental_consents.evidence.';
create table private.parental_consent_methods (
  name text not null,
  description text not null,
  active boolean default true not null,
  constraint parental_consent_methods_pkey PRIMARY KEY (name),
  constraint parental_consent_methods_name_format CHECK ((name ~ '^[a-z][a-z0-9_]*$'::text))
);

-- Deleting an account: requests, erasure and the restricted store of what the law keeps ---------------

comment on table private.account_deletions is 'Deletion requests: scheduled until erase_at, unless cancelled. One scheduled request per player; erased ones stay as the record that the erasure was done.';
create table private.account_deletions (
  id uuid default gen_random_uuid() not null,
  user_id uuid not null,
  requested_at timestamp with time zone not null,
  erase_at timestamp with time zone not null,
  forfeit_consented_at timestamp with time zone,
  reminded_at timestamp with time zone,
  cancelled_at timestamp with time zone,
  erased_at timestamp with time zone,
  constraint account_deletions_pkey PRIMARY KEY (id),
  constraint account_deletions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id),
  constraint account_deletions_cancelled_or_erased CHECK (((cancelled_at IS NULL) OR (erased_at IS NULL))),
  constraint account_deletions_erase_after_request CHECK ((erase_at > requested_at))
);
CREATE INDEX account_deletions_due ON private.account_deletions USING btree (erase_at) WHERE ((cancelled_at IS NULL) AND (erased_at IS NULL));
CREATE UNIQUE INDEX account_deletions_one_scheduled ON private.account_deletions USING btree (user_id) WHERE ((cancelled_at IS NULL) AND (erased_at IS NULL));
alter table private.account_deletions enable row level security;
comment on column private.account_deletions.forfeit_consented_at is 'When the player agreed to give up a balance too small to withdraw (account_deletion_forfeit_max_paise).';

comment on table private.kept_records is 'The restricted store: what the law keeps about an erased account, copied as it was (whole rows as JSON, PAN-bearing columns included as stored, never decrypted). Read only through admin_read_kept_records() (platform admins at aal2, each read audited); deleted when kept_until passes.';
create table private.kept_records (
  id bigint generated always as identity not null,
  subject_id uuid not null,
  source text not null,
  record jsonb not null,
  kept_because text not null,
  kept_until timestamp with time zone not null,
  stored_at timestamp with time zone not null,
  constraint kept_records_pkey PRIMARY KEY (id),
  constraint kept_records_reason_known CHECK ((kept_because = ANY (ARRAY['books_of_account'::text, 'processing_log'::text])))
);
CREATE INDEX kept_records_of_subject ON private.kept_records USING btree (subject_id);
CREATE INDEX kept_records_until ON private.kept_records USING btree (kept_until);
alter table private.kept_records enable row level security;
comment on column private.kept_records.subject_id is 'The erased account''s profile id (its pseudonymous subject id).';
comment on column private.kept_records.source is 'The table the row was copied from (schema.table), or auth.users for the sign-in address.';

-- Profile pictures ------------------------------------------------------------------------------------

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('profile-pictures', 'profile-pictures', true, 2097152, '{image/jpeg,image/png,image/webp}')
on conflict (id) do update set name = excluded.name, public = excluded.public, file_size_limit = excluded.file_size_limit, allowed_mime_types = excluded.allowed_mime_types;

-- Deleting an account: requests, erasure and the restricted store of what the law keeps ---------------

comment on table private.account_deletion_codes is 'The code of the account-deletion e-mail, hashed; one per player, gone with the Auth user.';
create table private.account_deletion_codes (
  user_id uuid not null,
  code_hash text not null,
  sent_at timestamp with time zone not null,
  expires_at timestamp with time zone not null,
  wrong_tries integer default 0 not null,
  confirmed_at timestamp with time zone,
  constraint account_deletion_codes_pkey PRIMARY KEY (user_id),
  constraint account_deletion_codes_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);

-- =====================================================================================================
-- Rules: the rule rows, and the private functions and triggers that apply them
-- =====================================================================================================

-- Rows of private.outbox_kinds ------------------------------------------------------------------------

insert into private.outbox_kinds (kind, area, label, kept_fields, details_function, answer_function, retry_for, gave_up_tells_staff) values
  ('parental_consent_email', 'profile', 'a parental consent e-mail', '{consent_id,message}', 'private.parental_consent_email_details', null, null, false),
  ('storage_deletion', 'profile', 'a deletion of stored files', '{bucket,tournament_id,reason}', null, null, null, true)
on conflict (kind) do update set area = excluded.area, label = excluded.label, kept_fields = excluded.kept_fields,
  details_function = excluded.details_function, answer_function = excluded.answer_function, retry_for = excluded.retry_for,
  gave_up_tells_staff = excluded.gave_up_tells_staff;

-- Rows of private.due_work_steps ----------------------------------------------------------------------

insert into private.due_work_steps (name, area, function_name, run_order, every_minutes) values
  ('account_erasure', 'profile', 'private.run_due_account_deletions', '1210', '15')
on conflict (name) do update set area = excluded.area, function_name = excluded.function_name, run_order = excluded.run_order,
  every_minutes = excluded.every_minutes;

-- Rows of private.parental_consent_methods ------------------------------------------------------------

insert into private.parental_consent_methods (name, description, active) values
  ('email_code', 'A six-digit code e-mailed to the parent, typed with their name, relation and declaration on the consent page', 'f'),
  ('parent_account_pan', 'The parent signed in with their own account, at the address the child named, whose PAN passed the PAN check; with the e-mailed code, their name, relation and declaration', 't')
on conflict (name) do update set description = excluded.description, active = excluded.active;

-- Deleting an account: requests, erasure and the restricted store of what the law keeps ---------------

comment on function private.account_deletion_code_hash(uuid, text) is 'What is stored of an account-deletion code: a hash bound to its account, so no code is kept in clear (a code lives minutes and allows five tries).';
CREATE OR REPLACE FUNCTION private.account_deletion_code_hash(p_user uuid, p_code text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(p_user::text || ':' || p_code, 'UTF8')), 'hex') $function$;

-- Profiles --------------------------------------------------------------------------------------------

-- A profile for every new user
CREATE OR REPLACE FUNCTION private.create_profile_for_new_user()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- The site passes the language of the page the visitor signed up on (user metadata); anything else is English.
  insert into public.profiles (id, email, language)
  values (new.id, new.email, case when new.raw_user_meta_data ->> 'language' = 'hi' then 'hi' else 'en' end)
  on conflict (id) do nothing;
  return new;
end;
$function$;

-- A changed sign-in email shows on the profile too.
CREATE OR REPLACE FUNCTION private.copy_email_to_profile()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update public.profiles set email = new.email where id = new.id;
  return new;
end;
$function$;

-- The lock: unchanged, except that change_my_in_game_name may change the in-game name (and only it).
CREATE OR REPLACE FUNCTION private.keep_completed_profile_locked()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if old.profile_completed and coalesce(auth.role(), '') in ('anon', 'authenticated') then
    if (new.in_game_name is not distinct from old.in_game_name
        or coalesce(current_setting('golazo.in_game_name_change_for', true), '') = old.id::text)
       and new.legal_name is not distinct from old.legal_name
       and new.game_user_id is not distinct from old.game_user_id
       and new.profile_image_url is not distinct from old.profile_image_url
       and new.profile_completed
       and new.email is not distinct from old.email
       and (new.date_of_birth is not distinct from old.date_of_birth
            or (old.date_of_birth is null and new.age is null))
       and (new.age is not distinct from old.age or (old.date_of_birth is null and new.date_of_birth is not null))
       and (new.lives_in_india_confirmed_at is not distinct from old.lives_in_india_confirmed_at
            or old.lives_in_india_confirmed_at is null)
    then
      return new;
    end if;
    raise exception 'Profile is completed and locked'
      using errcode = '42501', hint = 'Contact support to change a completed profile.';
  end if;
  return new;
end;
$function$;

-- The rules
CREATE OR REPLACE FUNCTION private.profile_is_complete(p_profile public.profiles)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(p_profile.profile_completed and p_profile.game_user_id is not null and p_profile.date_of_birth is not null, false);
$function$;

-- Changing the in-game name ---------------------------------------------------------------------------

comment on function private.in_game_name_change_days() is 'How many days apart a player may change the in-game name of a completed profile: the rule''s one number.';
CREATE OR REPLACE FUNCTION private.in_game_name_change_days()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select 30 $function$;

comment on function private.in_game_name_changed_at(uuid) is 'The player''s last in-game name change, read from the audit log so the 30-day rule has one record.';
CREATE OR REPLACE FUNCTION private.in_game_name_changed_at(p_player uuid)
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select max(a.at) from public.audit_log a where a.actor_id = p_player and a.action = 'in_game_name_changed';
$function$;

comment on function private.running_tournament_of(uuid,timestamp with time zone) is 'The title of a tournament in check-in or play where the player holds an active entry: no renaming then.';
CREATE OR REPLACE FUNCTION private.running_tournament_of(p_player uuid, p_now timestamp with time zone)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select t.title
    from public.entries e
    join public.tournaments t on t.id = e.tournament_id
   where e.player_id = p_player and e.status = 'active'
     and private.tournament_status(t, p_now) in ('check-in', 'live')
   order by t.starts_at
   limit 1;
$function$;

-- Date of birth and residence -------------------------------------------------------------------------

-- Profile input checks shared by the functions below
CREATE OR REPLACE FUNCTION private.check_date_of_birth(p_date_of_birth date)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_age integer;
begin
  if p_date_of_birth is null then
    raise exception 'Date of birth is required' using errcode = 'PT400', hint = 'date_of_birth_required';
  end if;
  if p_date_of_birth > private.today_in_india() then
    raise exception 'Date of birth cannot be in the future' using errcode = 'PT400', hint = 'date_of_birth_in_future';
  end if;
  v_age := private.age_on(p_date_of_birth, private.today_in_india());
  if v_age < private.legal_min_player_age() then
    raise exception 'Must be at least 13 years old' using errcode = 'PT400', hint = 'age_too_low';
  end if;
  if v_age > private.legal_max_player_age() then
    raise exception 'Must be under 100 years old' using errcode = 'PT400', hint = 'age_too_high';
  end if;
end;
$function$;

-- The legal ages (a lawyer must confirm them before real money moves: docs/areas/payments.md, "Eligibility")
CREATE OR REPLACE FUNCTION private.legal_min_player_age()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select 13 $function$;

-- Parental consent ------------------------------------------------------------------------------------

comment on function private.canonical_email(text) is 'An e-mail address as the mailbox that receives it: lowercase, a +tag dropped, and for gmail.com and googlemail.com (read as gmail.com) the dots of the name dropped. Two addresses of one mailbox fold to one.';
CREATE OR REPLACE FUNCTION private.canonical_email(p_email text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when x.domain in ('gmail.com', 'googlemail.com')
              then replace(split_part(x.local, '+', 1), '.', '') || '@gmail.com'
              else split_part(x.local, '+', 1) || '@' || x.domain end
    from (select split_part(e, '@', 1) as local, split_part(e, '@', 2) as domain
            from (select lower(btrim(coalesce(p_email, ''))) as e) as typed) as x;
$function$;

comment on function private.holds_verified_pan(uuid) is 'Whether an account''s PAN passed the PAN check (the holder''s name, one verified account per PAN, 18 or over to submit it): what a parent''s account needs to give consent.';
CREATE OR REPLACE FUNCTION private.holds_verified_pan(p_user_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (select 1 from public.kyc_records k where k.user_id = p_user_id and k.pan_name_status = 'ok');
$function$;

comment on function private.consent_secret(text,text) is 'A link token for a consent, an HMAC of what it opens under a key no API role reads: recomputed when the message is sent, so the outbox never carries it.';
CREATE OR REPLACE FUNCTION private.consent_secret(p_key_name text, p_what text)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select encode(extensions.hmac(pg_catalog.convert_to(p_what, 'UTF8'), k.key, 'sha256'), 'hex')
    from private.secret_keys k where k.name = p_key_name;
$function$;

comment on function private.parental_consent_language(text) is 'The language a parental consent page shows the declaration in: the page''s (en or hi) when it names one the catalog has; English for anything else (the parent''s page is read before signing in, so there is no player language to fall back on).';
CREATE OR REPLACE FUNCTION private.parental_consent_language(p_language text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when p_language in ('en', 'hi') then p_language else 'en' end;
$function$;

comment on function private.parental_consent_declaration(text) is 'The declaration a parent confirms, in a language (the catalog''s parental_consent_declaration; English for a language it lacks; wording to be confirmed by a lawyer: docs/privacy.md, Consent). Stored word for word with each consent, with its language and version.';
CREATE OR REPLACE FUNCTION private.parental_consent_declaration(p_language text DEFAULT 'en'::text)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select (private.compose_message('parental_consent_declaration', private.parental_consent_language(p_language), '{}'::jsonb)).body
$function$;

comment on function private.parental_consent_declaration_version() is 'The version of the parental consent declaration (the catalog''s parental_consent_declaration, the same version in every language): a new version whenever its words change, so each consent says which words were ticked (privacy-consent.test.ts pins the words to it).';
CREATE OR REPLACE FUNCTION private.parental_consent_declaration_version()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select 1 $function$;

comment on function private.parental_consent_email_details(private.outbox) is 'What a parental consent e-mail needs when the worker sends it: the parent''s address, the child''s in-game name and the link''s token and code (a request) or the withdrawal token (a confirmation); {stale: true} once the request is answered, expired or withdrawn.';
CREATE OR REPLACE FUNCTION private.parental_consent_email_details(p_job private.outbox)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_consent private.parental_consents;
  v_name text;
begin
  select * into v_consent from private.parental_consents where id = (p_job.payload ->> 'consent_id')::uuid;
  if not found then
    return jsonb_build_object('stale', true);
  end if;
  select in_game_name into v_name from public.profiles where id = v_consent.player_id;
  if coalesce(p_job.payload ->> 'message', 'request') = 'request' then
    if v_consent.confirmed_at is not null or v_consent.token_sha256 is null or v_consent.expires_at <= private.clock_now() then
      return jsonb_build_object('stale', true);
    end if;
    return jsonb_build_object('to', v_consent.parent_email, 'in_game_name', v_name, 'expires_at', v_consent.expires_at,
                              'token', private.parental_consent_link_token(v_consent.id),
                              'code', private.parental_consent_code(v_consent.id));
  end if;
  if v_consent.withdrawn_at is not null then
    return jsonb_build_object('stale', true);
  end if;
  return jsonb_build_object('to', v_consent.parent_email, 'in_game_name', v_name, 'parent_name', v_consent.parent_name,
                            'withdraw_token', private.parental_consent_withdraw_token(v_consent.id));
end;
$function$;

comment on function private.end_play_without_consent(uuid) is 'A child''s play once their parent''s consent is withdrawn: free entries not drawn yet cancelled (places given back), free waitlist places released, entries in running tournaments withdrawn with their open match a walkover. Nothing for a player who may still be processed.';
CREATE OR REPLACE FUNCTION private.end_play_without_consent(p_player uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_registration public.tournament_registrations%rowtype;
  v_entry public.entries%rowtype;
  v_cancelled integer := 0;
  v_withdrawn integer := 0;
  v_walkovers integer := 0;
  v_released integer := 0;
begin
  if private.may_process_player(p_player) then
    return jsonb_build_object('cancelled', 0, 'withdrawn', 0, 'walkovers', 0, 'released', 0);
  end if;

  -- Not drawn yet: the free place goes back to the tournament.
  for v_registration in
    update public.tournament_registrations r
       set status = 'cancelled'
      from public.tournaments t
     where r.user_id = p_player and r.payment_id is null and r.status <> 'cancelled'
       and t.id = r.tournament_id and t.drawn_at is null and t.cancelled_at is null
    returning r.*
  loop
    update public.tournaments set filled_slots = greatest(filled_slots - v_registration.slots, 0)
     where id = v_registration.tournament_id;
    perform private.audit(v_registration.tournament_id, 'entry_cancelled',
                          'Free entry of ' || coalesce((select in_game_name from public.profiles where id = p_player), 'a player')
                            || ' cancelled, its place given back',
                          'Parental consent withdrawn', null, null, false);
    v_cancelled := v_cancelled + 1;
  end loop;

  with released as (
    update public.waitlist_places w set status = 'released', closed_at = v_now
     where w.player_id = p_player and w.status = 'waiting' and w.payment_id is null
    returning 1
  )
  select count(*) into v_released from released;

  -- Drawn and still running: the entry is withdrawn and its open match goes to the opponent.
  for v_entry in
    update public.entries e
       set status = 'withdrawn', withdrawn_at = v_now, withdraw_reason = private.withdraw_reason_text('parental_consent_withdrawn'),
           withdraw_reason_code = 'parental_consent_withdrawn'
      from public.tournaments t
     where e.player_id = p_player and e.status = 'active'
       and t.id = e.tournament_id and t.drawn_at is not null and t.finished_at is null and t.cancelled_at is null
    returning e.*
  loop
    v_withdrawn := v_withdrawn + 1;
    perform private.audit(v_entry.tournament_id, 'entry_withdrawn', private.entry_name(v_entry.id) || ' withdrawn',
                          'Parental consent withdrawn', null, null, false, null, v_entry.id);
    v_walkovers := v_walkovers + private.walk_over_open_matches(v_entry.id, 'The opponent withdrew', null);
  end loop;

  return jsonb_build_object('cancelled', v_cancelled, 'withdrawn', v_withdrawn, 'walkovers', v_walkovers, 'released', v_released);
end;
$function$;

-- Profile pictures ------------------------------------------------------------------------------------

-- Quota: a few pictures and a few megabytes per player
-- A profile shows one picture; a player may try a couple before saving. Whoever writes (the edge function
-- with the service role, support staff), the bucket holds at most 3 objects and 6 MB per player, so an
-- account cannot be used as free file hosting.
CREATE OR REPLACE FUNCTION private.keep_profile_pictures_within_quota()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  owner_prefix text := substring(new.name from '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-');
  other_objects integer;
  other_bytes bigint;
begin
  if new.bucket_id <> 'profile-pictures' or owner_prefix is null then
    return new;
  end if;
  -- One player's uploads are counted one at a time.
  perform pg_advisory_xact_lock(hashtext('profile-pictures:' || owner_prefix));
  select count(*), coalesce(sum((metadata ->> 'size')::bigint), 0)
    into other_objects, other_bytes
    from storage.objects
   where bucket_id = 'profile-pictures' and starts_with(name, owner_prefix) and name <> new.name;
  if other_objects >= 3 then
    raise exception 'You already have 3 pictures stored. Remove one before uploading another.'
      using errcode = 'PT429', hint = 'profile_picture_quota';
  end if;
  if other_bytes + coalesce((new.metadata ->> 'size')::bigint, 0) > 6 * 1024 * 1024 then
    raise exception 'Your pictures may take up at most 6 MB. Remove one before uploading another.'
      using errcode = 'PT429', hint = 'profile_picture_quota';
  end if;
  return new;
end;
$function$;

-- Deleting an account: requests, erasure and the restricted store of what the law keeps ---------------

comment on function private.deleted_player_name() is 'The in-game name every erased account shows wherever a name is public; nobody else may take it.';
CREATE OR REPLACE FUNCTION private.deleted_player_name()
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select 'Deleted player' $function$;

comment on function private.account_open_money(uuid,boolean) is 'What money is still open for the player, or null: a payout not final (payout), an open chargeback, a prize waiting or held (prize), a refund owed (refund), a balance to withdraw (balance) or one too small to withdraw that they have not agreed to give up (small_balance).';
CREATE OR REPLACE FUNCTION private.account_open_money(p_user uuid, p_forfeit_small_balance boolean DEFAULT false)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_balance bigint := private.account_balance_paise(p_user);
begin
  if exists (select 1 from public.payouts where user_id = p_user and private.payout_on_its_way(status)) then
    return 'payout';
  end if;
  if exists (select 1 from private.chargebacks where user_id = p_user and status = 'open') then
    return 'chargeback';
  end if;
  if exists (select 1 from private.prize_awards where player_id = p_user and status = 'held')
     or private.waiting_prizes_paise(p_user) > 0 then
    return 'prize';
  end if;
  if exists (select 1 from public.payments where user_id = p_user and status = 'refund_pending') then
    return 'refund';
  end if;
  if v_balance > (private.setting('account_deletion_forfeit_max_paise') #>> '{}')::bigint then
    return 'balance';
  end if;
  if v_balance > 0 and not p_forfeit_small_balance then
    return 'small_balance';
  end if;
  return null;
end;
$function$;

comment on function private.account_open_play_in(uuid) is 'Where the player still plays ({ title, tournament_id, waitlist }: an entry in a tournament not settled or cancelled, a waitlist place still waiting, an open dispute), or null. Every kind of open play is added here.';
CREATE OR REPLACE FUNCTION private.account_open_play_in(p_user uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
begin
  -- An entry (played or bought) in a tournament that is not settled or cancelled.
  select t.* into v_tournament
    from public.entries e join public.tournaments t on t.id = e.tournament_id
   where (e.player_id = p_user or e.buyer_id = p_user) and e.status = 'active'
     and private.tournament_status(t, v_now) not in ('settled', 'cancelled')
   order by t.starts_at
   limit 1;
  if found then
    return jsonb_build_object('title', v_tournament.title, 'tournament_id', v_tournament.id, 'waitlist', false);
  end if;
  -- A place on a waitlist that has not been promoted, refunded or released yet.
  select t.* into v_tournament
    from public.waitlist_places w join public.tournaments t on t.id = w.tournament_id
   where w.player_id = p_user and w.status = 'waiting'
     and private.tournament_status(t, v_now) not in ('settled', 'cancelled')
   order by t.starts_at
   limit 1;
  if found then
    return jsonb_build_object('title', v_tournament.title, 'tournament_id', v_tournament.id, 'waitlist', true);
  end if;
  -- A dispute still open in one of their matches.
  select t.* into v_tournament
    from public.match_disputes d join public.matches m on m.id = d.match_id join public.tournaments t on t.id = m.tournament_id
    join public.entries e on e.id in (m.entry_a, m.entry_b)
   where d.settled_at is null and e.player_id = p_user
   limit 1;
  if found then
    return jsonb_build_object('title', v_tournament.title, 'tournament_id', v_tournament.id, 'waitlist', false);
  end if;
  return null;
end;
$function$;

comment on function private.account_open_play(uuid) is 'The title of a tournament where the player still plays (private.account_open_play_in), or null.';
CREATE OR REPLACE FUNCTION private.account_open_play(p_user uuid)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$ select private.account_open_play_in(p_user) ->> 'title' $function$;

comment on function private.account_deletion_blocker(uuid,boolean) is 'Why the account cannot be deleted now ({ hint, detail }, and for a waitlist place waitlist_tournament_id), or null. Open money wins over open play.';
CREATE OR REPLACE FUNCTION private.account_deletion_blocker(p_user uuid, p_forfeit_small_balance boolean DEFAULT false)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_reason text;
  v_play jsonb;
begin
  v_reason := private.account_open_money(p_user, p_forfeit_small_balance);
  if v_reason is not null then
    return jsonb_build_object('hint', 'open_money', 'detail', v_reason);
  end if;
  v_play := private.account_open_play_in(p_user);
  if v_play is not null then
    -- A waitlist place names its tournament: the page offers to leave it.
    return jsonb_build_object('hint', 'open_play', 'detail', v_play ->> 'title',
                              'waitlist_tournament_id', case when (v_play ->> 'waitlist')::boolean then v_play ->> 'tournament_id' end);
  end if;
  if private.account_is_last_admin(p_user) then
    return jsonb_build_object('hint', 'last_admin', 'detail', null);
  end if;
  return null;
end;
$function$;

comment on function private.replace_words(text,text,text,boolean) is 'p_text with every whole-word occurrence of p_find (compared literally, never as a pattern; p_any_case: in any case) replaced by p_by.';
CREATE OR REPLACE FUNCTION private.replace_words(p_text text, p_find text, p_by text, p_any_case boolean)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
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
$function$;

comment on function private.redact_text(text,text,text[]) is 'Free text with an erased person''s in-game name (p_name) replaced by ''Deleted player'' and their other values by [removed], compared literally as whole words.';
CREATE OR REPLACE FUNCTION private.redact_text(p_text text, p_name text, p_values text[])
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
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
$function$;

comment on function private.redact_json(jsonb,text,text[]) is 'A jsonb document with private.redact_text applied to each string value, at any depth; keys, numbers, booleans and nulls unchanged.';
CREATE OR REPLACE FUNCTION private.redact_json(p_doc jsonb, p_name text, p_values text[])
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
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
$function$;

comment on function private.erase_personal_data(uuid) is 'Erases a person''s data from their own records (found by id, entries, matches, payouts, address, number, device), after copying what the law keeps to private.kept_records; the profile stays as a pseudonymous subject named ''Deleted player''. In other people''s rows of the subject''s matches only the in-game name is replaced; jsonb is rewritten string value by string value. Files are removed through a storage_deletion outside call.';
CREATE OR REPLACE FUNCTION private.erase_personal_data(p_user uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
         profile_image_url = null, lives_in_india_confirmed_at = null, language = 'en'
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
$function$;

-- An Auth user deleted any other way (the dashboard, an admin script) is erased the same way, before
-- the rows that cascade from it go.
CREATE OR REPLACE FUNCTION private.erase_profile_of_deleted_user()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.erase_personal_data(old.id);
  update private.account_deletions set erased_at = private.clock_now()
   where user_id = old.id and cancelled_at is null and erased_at is null;
  return old;
end;
$function$;

comment on function private.erasure_deadline(uuid) is 'The date by which the scheduled erasure of this account is expected done (its scheduled date + account_erasure_deadline_after); null when none is scheduled.';
CREATE OR REPLACE FUNCTION private.erasure_deadline(p_user_id uuid)
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select d.erase_at + (private.setting('account_erasure_deadline_after') #>> '{}')::interval
    from private.account_deletions d
   where d.user_id = p_user_id and d.cancelled_at is null and d.erased_at is null
   order by d.erase_at limit 1;
$function$;

-- Profiles --------------------------------------------------------------------------------------------

CREATE TRIGGER profiles_give_public_id AFTER INSERT ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.give_player_public_id();

CREATE TRIGGER profiles_keep_completed_locked BEFORE UPDATE ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.keep_completed_profile_locked();

CREATE TRIGGER profiles_refuse_deleted_player_name BEFORE INSERT OR UPDATE OF in_game_name, erased_at ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.refuse_deleted_player_name();

CREATE TRIGGER profiles_set_updated_at BEFORE UPDATE ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

CREATE TRIGGER on_auth_user_created AFTER INSERT ON auth.users FOR EACH ROW EXECUTE FUNCTION private.create_profile_for_new_user();

CREATE TRIGGER on_auth_user_email_changed AFTER UPDATE OF email ON auth.users FOR EACH ROW WHEN (old.email::text IS DISTINCT FROM new.email::text) EXECUTE FUNCTION private.copy_email_to_profile();

comment on function private.is_visible_name(text) is 'Whether a name has something to see once spaces and invisible characters are taken out.';
CREATE OR REPLACE FUNCTION private.is_visible_name(name text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select regexp_replace(
    name,
    '[\s\u00A0\u00AD\u034F\u115F\u1160\u1680\u17B4\u17B5\u180E\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\u3164\uFEFF\uFFA0]',
    '', 'g'
  ) <> '';
$function$;

-- Date of birth and residence -------------------------------------------------------------------------

comment on function private.legal_max_player_age() is 'The highest age a profile may state: 100.';
CREATE OR REPLACE FUNCTION private.legal_max_player_age()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select 100 $function$;

-- Parental consent ------------------------------------------------------------------------------------

comment on function private.parental_consent_lifetime() is 'How long a parental consent link stays valid: 7 days.';
CREATE OR REPLACE FUNCTION private.parental_consent_lifetime()
 RETURNS interval
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select interval '7 days' $function$;

comment on function private.parental_consent_link_token(uuid) is 'The token of a parental consent request''s link, signed with the parental_consent secret.';
CREATE OR REPLACE FUNCTION private.parental_consent_link_token(p_consent_id uuid)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$ select private.consent_secret('parental_consent', p_consent_id::text || ':link') $function$;

comment on function private.parental_consent_withdraw_token(uuid) is 'The token of the link that withdraws a parental consent, signed with the parental_consent secret.';
CREATE OR REPLACE FUNCTION private.parental_consent_withdraw_token(p_consent_id uuid)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$ select private.consent_secret('parental_consent', p_consent_id::text || ':withdraw') $function$;

comment on function private.parental_consent_code(uuid) is 'The six-digit code a parent may type instead of opening the consent link, derived from the parental_consent secret.';
CREATE OR REPLACE FUNCTION private.parental_consent_code(p_consent_id uuid)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select lpad((('x' || substr(private.consent_secret('parental_consent', p_consent_id::text || ':code'), 1, 8))::bit(32)::bigint
               % 1000000)::text, 6, '0');
$function$;

comment on function private.open_consent_request(text) is 'Locks the parental consent request a link''s token opens and returns it; refuses a link that is unknown, used (PT404, PT409) or expired.';
CREATE OR REPLACE FUNCTION private.open_consent_request(p_token text)
 RETURNS private.parental_consents
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_consent private.parental_consents;
begin
  select * into v_consent from private.parental_consents
   where token_sha256 = sha256(convert_to(coalesce(p_token, ''), 'UTF8'))
     for update;
  if not found then
    -- A used link's hash is deleted: say so when the consent it opened stands.
    raise exception 'This consent link is not valid (it may have been used already)' using errcode = 'PT404', hint = 'consent_link_invalid';
  end if;
  if v_consent.confirmed_at is not null then
    raise exception 'This consent link has already been used' using errcode = 'PT409', hint = 'consent_link_used';
  end if;
  if v_consent.expires_at <= private.clock_now() then
    raise exception 'This consent link has expired: your child can send a new one' using errcode = 'PT409', hint = 'consent_link_expired';
  end if;
  return v_consent;
end;
$function$;

comment on function private.withdraw_parental_consent(uuid,text) is 'Withdraws a parental consent (once) and ends the play it allowed (private.end_play_without_consent).';
CREATE OR REPLACE FUNCTION private.withdraw_parental_consent(p_consent_id uuid, p_by text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_player uuid;
begin
  update private.parental_consents
     set withdrawn_at = private.clock_now(), withdrawn_by = p_by, withdraw_token_sha256 = null
   where id = p_consent_id and withdrawn_at is null
  returning player_id into v_player;
  if v_player is not null then
    perform private.end_play_without_consent(v_player);
  end if;
end;
$function$;

-- Profile pictures ------------------------------------------------------------------------------------

CREATE TRIGGER profile_pictures_within_quota BEFORE INSERT OR UPDATE OF name, metadata ON storage.objects FOR EACH ROW EXECUTE FUNCTION private.keep_profile_pictures_within_quota();

-- Deleting an account: requests, erasure and the restricted store of what the law keeps ---------------

comment on function private.refuse_deleted_player_name() is 'Trigger on profiles: refuses the in-game name kept for deleted accounts (PT400).';
CREATE OR REPLACE FUNCTION private.refuse_deleted_player_name()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if new.erased_at is null and lower(btrim(new.in_game_name)) = lower(private.deleted_player_name()) then
    raise exception 'The in-game name "%" is kept for deleted accounts: choose another', private.deleted_player_name()
      using errcode = 'PT400', hint = 'in_game_name_reserved';
  end if;
  return new;
end;
$function$;

comment on function private.account_balance_paise(uuid) is 'The balance of a player''s winnings account in the ledger.';
CREATE OR REPLACE FUNCTION private.account_balance_paise(p_user uuid)
 RETURNS bigint
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(sum(l.amount_paise), 0)::bigint from private.ledger_lines l where l.account = private.player_account(p_user);
$function$;

comment on function private.account_is_last_admin(uuid) is 'Whether the account is the last admin of the site not on its way to being deleted.';
CREATE OR REPLACE FUNCTION private.account_is_last_admin(p_user uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select private.is_admin(p_user)
     and not exists (select 1 from public.staff_roles r
                      where r.role = 'admin' and r.tournament_id is null and r.user_id <> p_user
                        and not exists (select 1 from private.account_deletions d
                                         where d.user_id = r.user_id and d.cancelled_at is null and d.erased_at is null));
$function$;

comment on function private.account_deletion_email(private.account_deletions,text) is 'Queues the e-mail of one step of an account deletion (requested, reminder, cancelled) to the account''s address.';
CREATE OR REPLACE FUNCTION private.account_deletion_email(p_deletion private.account_deletions, p_step text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_to text := (select coalesce(u.email, p.email) from public.profiles p left join auth.users u on u.id = p.id
                 where p.id = p_deletion.user_id);
  v_date text := to_char(p_deletion.erase_at at time zone 'Asia/Kolkata', 'FMDD Mon YYYY, HH24:MI') || ' IST';
begin
  if v_to is null then
    return;
  end if;
  insert into private.outbox (kind, idempotency_key, payload, next_attempt_at)
  values ('email', 'account-deletion-' || p_deletion.id || '-' || p_step,
          jsonb_build_object(
            'to', v_to,
            'subject', case p_step when 'cancelled' then 'Your account will not be deleted'
                                   when 'reminder' then 'Your account will be deleted on ' || v_date
                                   else 'Your account will be deleted on ' || v_date end,
            'text', case p_step
                      when 'cancelled' then 'You cancelled the deletion of your account. Nothing changes.'
                      else 'You asked us to delete your account. On ' || v_date || ' we erase your profile, your sign-in and '
                           || 'your personal details; your place in past brackets reads "Deleted player". What the law '
                           || 'makes us keep (payments and tax records, 8 years) is stored apart and erased when that ends. '
                           || 'Changed your mind? Sign in and press Cancel before then.' end,
            'link', case when p_step = 'cancelled' then null else '/profile/?deletion=cancel' end),
          case when p_step = 'reminder' then private.email_not_before(private.clock_now(), false) else private.clock_now() end)
  on conflict (idempotency_key) do nothing;
end;
$function$;

comment on function private.keep(uuid,text,jsonb,text) is 'Keeps a record about an erased account for as long as the law says (books of account or processing logs, from the settings).';
CREATE OR REPLACE FUNCTION private.keep(p_subject uuid, p_source text, p_record jsonb, p_because text)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  insert into private.kept_records (subject_id, source, record, kept_because, kept_until, stored_at)
  values (p_subject, p_source, p_record, p_because,
          private.clock_now() + (private.setting(case p_because when 'books_of_account' then 'kept_books_of_account'
                                                                  else 'kept_processing_logs' end) #>> '{}')::interval,
          private.clock_now());
$function$;

CREATE TRIGGER on_auth_user_deleted BEFORE DELETE ON auth.users FOR EACH ROW EXECUTE FUNCTION private.erase_profile_of_deleted_user();

comment on function private.erase_account(uuid) is 'Erases an account: books any balance the player gave up as forfeited, erases the personal data and marks the deletion done.';
CREATE OR REPLACE FUNCTION private.erase_account(p_user uuid)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_balance bigint := private.account_balance_paise(p_user);
begin
  if v_balance > 0 then
    -- Only a balance the player agreed to give up reaches here (account_open_money).
    perform private.post_journal('balance_forfeited', 'account:' || p_user, jsonb_build_array(
      jsonb_build_object('account', private.player_account(p_user), 'amount_paise', -v_balance, 'user_id', p_user),
      jsonb_build_object('account', 'platform:forfeited_balances', 'amount_paise', v_balance, 'user_id', p_user)));
  end if;
  perform private.erase_personal_data(p_user);
  update private.account_deletions set erased_at = private.clock_now()
   where user_id = p_user and cancelled_at is null and erased_at is null;
  -- Sessions, refresh tokens, identities and factors go with the Auth user.
  delete from auth.users where id = p_user;
end;
$function$;

comment on function private.run_due_account_deletions() is 'Due work: reminds players of deletions coming up and erases the accounts whose time has come; returns the counts.';
CREATE OR REPLACE FUNCTION private.run_due_account_deletions()
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_deletion private.account_deletions%rowtype;
  v_reminded integer := 0;
  v_erased integer := 0;
  v_waiting integer := 0;
  v_failed integer := 0;
  v_expired integer;
  v_error text;
  v_state text;
begin
  for v_deletion in
    select * from private.account_deletions
     where cancelled_at is null and erased_at is null and reminded_at is null
       and erase_at - (private.setting('account_deletion_reminder_before') #>> '{}')::interval <= v_now
       and erase_at > v_now
     for update skip locked
  loop
    continue when private.due_item_parked('reminder ' || v_deletion.id);
    begin
      perform private.account_deletion_email(v_deletion, 'reminder');
      update private.account_deletions set reminded_at = v_now where id = v_deletion.id;
      v_reminded := v_reminded + 1;
    exception when others then
      get stacked diagnostics v_error = message_text, v_state = returned_sqlstate;
      perform private.due_item_failed('reminder ' || v_deletion.id, v_error, v_state);
      v_failed := v_failed + 1;
    end;
  end loop;

  for v_deletion in
    select * from private.account_deletions d
     where d.cancelled_at is null and d.erased_at is null and d.erase_at <= v_now
       and not private.due_item_parked(d.user_id::text)
     order by d.erase_at
     limit 20
     for update skip locked
  loop
    -- Money or play that opened during the grace period waits: the erasure follows once it is settled.
    if private.account_deletion_blocker(v_deletion.user_id, v_deletion.forfeit_consented_at is not null) is not null then
      v_waiting := v_waiting + 1;
      continue;
    end if;
    begin
      perform private.erase_account(v_deletion.user_id);
      v_erased := v_erased + 1;
    exception when others then
      get stacked diagnostics v_error = message_text, v_state = returned_sqlstate;
      perform private.due_item_failed(v_deletion.user_id::text, v_error, v_state);
      v_failed := v_failed + 1;
    end;
  end loop;

  delete from private.kept_records where kept_until <= v_now;
  get diagnostics v_expired = row_count;
  return jsonb_build_object('deletion_reminders', v_reminded, 'accounts_erased', v_erased,
                            'erasures_waiting', v_waiting, 'kept_records_expired', v_expired, 'erasures_failed', v_failed);
end;
$function$;

-- =====================================================================================================
-- Functions callers use (the API: public schema)
-- =====================================================================================================

-- Deleting an account: requests, erasure and the restricted store of what the law keeps ---------------

comment on function public.send_account_deletion_code() is 'E-mails the caller a code that confirms deleting their account (its own mail, through the outbox): { status: sent, expires_at }; PT429 code_sent_recently within a minute.';
CREATE OR REPLACE FUNCTION public.send_account_deletion_code()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_to text := (select u.email from auth.users u where u.id = private.require_player());
  v_code text;
  v_minutes int := (private.setting('recent_sign_in_minutes') #>> '{}')::int;
  v_last timestamptz;
begin
  if v_to is null then
    raise exception 'Your account has no e-mail address to send the code to.' using errcode = 'PT409', hint = 'no_email';
  end if;
  select sent_at into v_last from private.account_deletion_codes where user_id = v_user;
  if v_last is not null and v_last > v_now - interval '1 minute' then
    raise exception 'We sent you a code less than a minute ago: check your inbox (and spam), or ask again in a minute.'
      using errcode = 'PT429', hint = 'code_sent_recently';
  end if;
  -- Six digits from the cryptographic generator (uuid v4 bytes), not random().
  v_code := lpad(((('x' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 8))::bit(32)::bigint) % 1000000)::text, 6, '0');
  insert into private.account_deletion_codes (user_id, code_hash, sent_at, expires_at)
  values (v_user, private.account_deletion_code_hash(v_user, v_code), v_now, v_now + make_interval(mins => v_minutes))
  on conflict (user_id) do update
    set code_hash = excluded.code_hash, sent_at = excluded.sent_at, expires_at = excluded.expires_at,
        wrong_tries = 0, confirmed_at = null;
  insert into private.outbox (kind, idempotency_key, payload, next_attempt_at)
  values ('email', 'account-deletion-code-' || v_user || '-' || extract(epoch from v_now)::bigint,
          jsonb_build_object(
            'to', v_to,
            'subject', 'Your code to delete your account',
            'text', 'Your code to delete your account is ' || v_code || '. Type it on your profile, under Delete my account, '
                    || 'within ' || v_minutes || ' minutes: your account is then scheduled for deletion, and you can cancel '
                    || 'until the date we give you. Did not ask to delete your account? Do not share this code with anyone; '
                    || 'without it nothing is deleted. If you did not sign in recently, change the password of your e-mail.',
            'link', '/profile'),
          v_now)
  on conflict (idempotency_key) do nothing;
  return jsonb_build_object('status', 'sent', 'expires_at', v_now + make_interval(mins => v_minutes));
end;
$function$;

comment on function public.confirm_account_deletion_code(text) is 'Checks the code of the deletion e-mail: { status: confirmed } (request_account_deletion then takes it as a recent sign-in), { status: wrong, message, tries_left }, or PT403 deletion_code_expired / deletion_code_locked.';
CREATE OR REPLACE FUNCTION public.confirm_account_deletion_code(p_code text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_row private.account_deletion_codes%rowtype;
begin
  select * into v_row from private.account_deletion_codes where user_id = v_user for update;
  if not found or v_row.expires_at <= v_now then
    raise exception 'That code has expired: ask for a new one.' using errcode = 'PT403', hint = 'deletion_code_expired';
  end if;
  if v_row.wrong_tries >= 5 then
    raise exception 'Too many wrong codes: ask for a new one.' using errcode = 'PT403', hint = 'deletion_code_locked';
  end if;
  if v_row.code_hash <> private.account_deletion_code_hash(v_user, trim(coalesce(p_code, ''))) then
    update private.account_deletion_codes set wrong_tries = wrong_tries + 1 where user_id = v_user;
    -- The wrong try must count: answer without raising, so the update above stays.
    return jsonb_build_object('status', 'wrong', 'message', 'That code is not the one we e-mailed you: check it and try again.',
                              'tries_left', greatest(0, 5 - v_row.wrong_tries - 1));
  end if;
  update private.account_deletion_codes set confirmed_at = v_now where user_id = v_user;
  return jsonb_build_object('status', 'confirmed');
end;
$function$;

-- Profiles --------------------------------------------------------------------------------------------

comment on function public.get_my_profile() is 'The caller''s profile. PT404 when there is none.';
CREATE OR REPLACE FUNCTION public.get_my_profile()
 RETURNS public.profiles
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  player_id uuid := private.require_player();
  found_profile public.profiles;
begin
  select * into found_profile from public.profiles where id = player_id;
  if not found then
    raise exception 'Profile not found' using errcode = 'PT404', hint = 'profile_not_found';
  end if;
  return found_profile;
end;
$function$;

comment on function public.set_my_language(text) is 'Sets the language the caller reads (en or hi, else invalid_language): their notifications, e-mails, push and WhatsApp messages follow it from the next one on → { language }.';
CREATE OR REPLACE FUNCTION public.set_my_language(p_language text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
begin
  if p_language is null or p_language not in ('en', 'hi') then
    raise exception 'Choose English (en) or Hindi (hi).' using errcode = 'PT400', hint = 'invalid_language';
  end if;
  update public.profiles set language = p_language, updated_at = private.clock_now() where id = v_user;
  if not found then
    raise exception 'Profile not found' using errcode = 'PT404', hint = 'profile_not_found';
  end if;
  return jsonb_build_object('language', p_language);
end;
$function$;

comment on function public.update_my_profile(text,text,integer,text,text,date,boolean) is 'Completes the caller''s profile once (names, eFootball user id, date of birth, residence, picture), then it is locked. Refusals carry the profile form''s own messages and a stable hint; the picture must be the caller''s own upload.';
CREATE OR REPLACE FUNCTION public.update_my_profile(p_legal_name text, p_in_game_name text, p_age integer, p_game_user_id text, p_profile_image_url text DEFAULT NULL::text, p_date_of_birth date DEFAULT NULL::date, p_lives_in_india boolean DEFAULT false)
 RETURNS public.profiles
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  player_id uuid := private.require_player();
  clean_legal_name text := btrim(p_legal_name);
  clean_in_game_name text := btrim(p_in_game_name);
  clean_game_user_id text := btrim(coalesce(p_game_user_id, ''));
  clean_image_url text := nullif(btrim(p_profile_image_url), '');
  current_profile public.profiles;
  saved_profile public.profiles;
begin
  if coalesce(clean_legal_name, '') = '' and coalesce(clean_in_game_name, '') = '' and p_age is null and p_date_of_birth is null then
    raise exception 'Please fill in all required fields' using errcode = 'PT400', hint = 'required_fields_missing';
  end if;
  if char_length(coalesce(clean_legal_name, '')) < 2 then
    raise exception 'Legal Name is required' using errcode = 'PT400', hint = 'legal_name_required';
  end if;
  if char_length(clean_legal_name) > 100 then
    raise exception 'Legal Name must be at most 100 characters' using errcode = 'PT400', hint = 'legal_name_too_long';
  end if;
  if not private.is_visible_name(clean_legal_name) then
    raise exception 'Legal Name must contain visible letters, not only spaces or invisible characters'
      using errcode = 'PT400', hint = 'legal_name_invisible';
  end if;
  if private.has_hidden_controls(clean_legal_name) then
    raise exception 'Legal Name must not contain hidden control characters, such as text-direction overrides'
      using errcode = 'PT400', hint = 'legal_name_control_characters';
  end if;
  if char_length(coalesce(clean_in_game_name, '')) < 2 then
    raise exception 'In-Game Name is required' using errcode = 'PT400', hint = 'in_game_name_required';
  end if;
  if char_length(clean_in_game_name) > 40 then
    raise exception 'In-Game Name must be at most 40 characters' using errcode = 'PT400', hint = 'in_game_name_too_long';
  end if;
  if not private.is_visible_name(clean_in_game_name) then
    raise exception 'In-Game Name must contain visible letters, not only spaces or invisible characters'
      using errcode = 'PT400', hint = 'in_game_name_invisible';
  end if;
  if private.has_hidden_controls(clean_in_game_name) then
    raise exception 'In-Game Name must not contain hidden control characters, such as text-direction overrides'
      using errcode = 'PT400', hint = 'in_game_name_control_characters';
  end if;
  if p_date_of_birth is not null then
    perform private.check_date_of_birth(p_date_of_birth);
  else
    if p_age is null then
      raise exception 'Please fill in all required fields'
        using errcode = 'PT400', detail = 'Date of birth is required.', hint = 'required_fields_missing';
    end if;
    if p_age < private.legal_min_player_age() then
      raise exception 'Must be at least 13 years old' using errcode = 'PT400', hint = 'age_too_low';
    end if;
    if p_age > private.legal_max_player_age() then
      raise exception 'Must be under 100 years old' using errcode = 'PT400', hint = 'age_too_high';
    end if;
  end if;
  if clean_game_user_id = '' then
    raise exception 'eFootball User ID is required' using errcode = 'PT400', hint = 'game_user_id_required';
  end if;
  if clean_game_user_id !~ '^[A-Za-z0-9-]{6,20}$' then
    raise exception 'eFootball User ID must be 6 to 20 letters, digits or dashes' using errcode = 'PT400', hint = 'game_user_id_invalid';
  end if;
  if clean_image_url is not null
     and clean_image_url !~ ('^https?://[^\s?#]+/storage/v1/object/public/profile-pictures/' || player_id::text || '-[^/\s?#]+$') then
    raise exception 'Profile picture must be your own upload to profile pictures'
      using errcode = 'PT400', hint = 'profile_picture_not_own';
  end if;

  select * into current_profile from public.profiles where id = player_id for update;
  if not found then
    raise exception 'Profile not found' using errcode = 'PT404', hint = 'profile_not_found';
  end if;
  if current_profile.profile_completed then
    raise exception 'Profile is completed and locked'
      using errcode = 'PT409', hint = 'profile_locked', detail = 'Contact support to change a completed profile.';
  end if;

  update public.profiles
     set legal_name = clean_legal_name,
         in_game_name = clean_in_game_name,
         age = case when p_date_of_birth is null then p_age end,
         date_of_birth = p_date_of_birth,
         lives_in_india_confirmed_at = case when coalesce(p_lives_in_india, false) then private.clock_now() end,
         game_user_id = clean_game_user_id,
         profile_image_url = clean_image_url,
         profile_completed = true,
         updated_at = now()
   where id = player_id
  returning * into saved_profile;
  return saved_profile;
end;
$function$;

-- Changing the in-game name ---------------------------------------------------------------------------

comment on function public.get_my_in_game_name_rule() is 'Whether the caller may change their in-game name now; if not, the date the 30 days end or the running tournament.';
CREATE OR REPLACE FUNCTION public.get_my_in_game_name_rule()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_changed timestamptz := private.in_game_name_changed_at(v_player);
  v_next timestamptz := v_changed + make_interval(days => private.in_game_name_change_days());
  v_running text := private.running_tournament_of(v_player, v_now);
begin
  return jsonb_build_object(
    'every_days', private.in_game_name_change_days(),
    'last_changed_at', v_changed,
    'next_change_at', case when v_next > v_now then v_next end,
    'running_tournament', v_running,
    'can_change', (v_next is null or v_next <= v_now) and v_running is null
                  and coalesce((select profile_completed from public.profiles where id = v_player), false));
end;
$function$;

comment on function public.change_my_in_game_name(text) is 'The caller renames themselves: once every 30 days, not while a tournament of theirs is in check-in or play; audited.';
CREATE OR REPLACE FUNCTION public.change_my_in_game_name(p_in_game_name text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_name text := btrim(p_in_game_name);
  v_profile public.profiles%rowtype;
  v_changed timestamptz;
  v_running text;
begin
  select * into v_profile from public.profiles where id = v_player for update;
  if not found then
    raise exception 'Profile not found' using errcode = 'PT404', hint = 'profile_not_found';
  end if;
  if not v_profile.profile_completed then
    raise exception 'Complete your profile first' using errcode = 'PT403', hint = 'profile_incomplete';
  end if;
  if char_length(coalesce(v_name, '')) < 2 then
    raise exception 'In-Game Name is required' using errcode = 'PT400', hint = 'in_game_name_required';
  end if;
  if char_length(v_name) > 40 then
    raise exception 'In-Game Name must be at most 40 characters' using errcode = 'PT400', hint = 'in_game_name_too_long';
  end if;
  if not private.is_visible_name(v_name) then
    raise exception 'In-Game Name must contain visible letters, not only spaces or invisible characters'
      using errcode = 'PT400', hint = 'in_game_name_invisible';
  end if;
  if v_name = v_profile.in_game_name then
    raise exception 'That is already your in-game name' using errcode = 'PT400', hint = 'in_game_name_unchanged';
  end if;
  v_changed := private.in_game_name_changed_at(v_player);
  if v_changed is not null and v_changed + make_interval(days => private.in_game_name_change_days()) > v_now then
    raise exception 'You changed your in-game name on %; the next change is possible from %',
                    to_char(v_changed at time zone 'Asia/Kolkata', 'DD/MM/YYYY'),
                    to_char((v_changed + make_interval(days => private.in_game_name_change_days())) at time zone 'Asia/Kolkata', 'DD/MM/YYYY')
      using errcode = 'PT409', hint = 'in_game_name_changed_recently';
  end if;
  v_running := private.running_tournament_of(v_player, v_now);
  if v_running is not null then
    raise exception 'Your in-game name cannot change while % is under way', v_running
      using errcode = 'PT409', hint = 'in_game_name_in_running_tournament';
  end if;

  perform set_config('golazo.in_game_name_change_for', v_player::text, true);
  update public.profiles set in_game_name = v_name where id = v_player;
  perform set_config('golazo.in_game_name_change_for', '', true);
  perform private.audit(null, 'in_game_name_changed', v_profile.in_game_name || ' is now ' || v_name, null,
                        jsonb_build_object('in_game_name', v_profile.in_game_name),
                        jsonb_build_object('in_game_name', v_name), false, v_player);
  return jsonb_build_object('in_game_name', v_name,
                            'next_change_at', v_now + make_interval(days => private.in_game_name_change_days()));
end;
$function$;

-- Date of birth and residence -------------------------------------------------------------------------

comment on function public.set_my_eligibility_details(date,boolean) is 'What a completed profile may still add, once each: a date of birth when none was asked, and residence in India.';
CREATE OR REPLACE FUNCTION public.set_my_eligibility_details(p_date_of_birth date DEFAULT NULL::date, p_lives_in_india boolean DEFAULT false)
 RETURNS public.profiles
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  player_id uuid := private.require_player();
  current_profile public.profiles;
  saved_profile public.profiles;
begin
  select * into current_profile from public.profiles where id = player_id for update;
  if not found then
    raise exception 'Profile not found' using errcode = 'PT404', hint = 'profile_not_found';
  end if;
  if p_date_of_birth is not null then
    if current_profile.date_of_birth is not null then
      raise exception 'Your date of birth is already recorded'
        using errcode = 'PT409', hint = 'profile_locked', detail = 'Contact support to change a completed profile.';
    end if;
    perform private.check_date_of_birth(p_date_of_birth);
  end if;

  update public.profiles
     set date_of_birth = coalesce(p_date_of_birth, date_of_birth),
         age = case when p_date_of_birth is not null then null else age end,
         lives_in_india_confirmed_at = case
           when coalesce(p_lives_in_india, false) and lives_in_india_confirmed_at is null then private.clock_now()
           else lives_in_india_confirmed_at
         end,
         updated_at = now()
   where id = player_id
  returning * into saved_profile;
  return saved_profile;
end;
$function$;

-- Parental consent ------------------------------------------------------------------------------------

comment on function public.request_parental_consent(text) is 'A player of 13 to 17 names the e-mail address of a parent''s account (never one of their own, folded): e-mails the parent a link and a one-time code (rate limited per day).';
CREATE OR REPLACE FUNCTION public.request_parental_consent(p_parent_email text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_email text := lower(btrim(coalesce(p_parent_email, '')));
  v_profile public.profiles;
  v_consent_id uuid := gen_random_uuid();
begin
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(v_email) > 254 then
    raise exception 'Enter the e-mail address of your parent''s account' using errcode = 'PT400', hint = 'parent_email_invalid';
  end if;
  select * into v_profile from public.profiles where id = v_player;
  if not found or not private.profile_is_complete(v_profile) then
    raise exception 'Complete your profile (eFootball user ID and date of birth included) to enter'
      using errcode = 'PT403', hint = 'profile_incomplete';
  end if;
  if private.profile_age(v_profile) >= private.legal_paid_entry_age() or private.has_parental_consent(v_player) then
    raise exception 'No parental consent is needed for your account' using errcode = 'PT409', hint = 'parental_consent_not_needed';
  end if;
  -- Never an address of the child's own: the same mailbox written another way included.
  if private.canonical_email(v_email) in (select private.canonical_email(a.email)
                                            from (select v_profile.email as email
                                                  union all select u.email from auth.users u where u.id = v_player) as a
                                           where a.email is not null) then
    raise exception 'Enter your parent''s e-mail address, not your own' using errcode = 'PT400', hint = 'parent_email_is_own';
  end if;
  -- At most three requests a day: each one e-mails a stranger's address.
  if (select count(*) from private.parental_consents
       where player_id = v_player and requested_at > v_now - interval '1 day') >= 3 then
    raise exception 'Too many consent requests today. Try again tomorrow.' using errcode = 'PT429', hint = 'parental_consent_rate_limited';
  end if;

  insert into private.parental_consents (id, player_id, parent_email, token_sha256, requested_at, expires_at)
  values (v_consent_id, v_player, v_email,
          sha256(convert_to(private.parental_consent_link_token(v_consent_id), 'UTF8')),
          v_now, v_now + private.parental_consent_lifetime());

  -- Only the consent's id: the worker reads the address, the link and the code when it sends.
  perform private.enqueue_outside_call('parental_consent_email', 'parental_consent_' || v_consent_id::text,
                                       jsonb_build_object('consent_id', v_consent_id, 'message', 'request'));

  return jsonb_build_object('parent_email', v_email, 'expires_at', v_now + private.parental_consent_lifetime());
end;
$function$;

comment on function public.confirm_parental_consent(text,text,text,text,boolean,text) is 'The parent gives consent from the e-mailed link, signed in with their own account at the address the child named, whose PAN passed the PAN check: the one-time code (5 tries), their name, relation and the declaration. Records when and how, and the declaration in p_language (the page they ticked it on: en or hi; else English) with that language and its version; e-mails them a one-click withdrawal link.';
CREATE OR REPLACE FUNCTION public.confirm_parental_consent(p_token text, p_code text, p_parent_name text, p_relation text, p_declaration boolean DEFAULT false, p_language text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_parent uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_consent private.parental_consents := private.open_consent_request(p_token);
  v_name text := regexp_replace(btrim(coalesce(p_parent_name, '')), '\s+', ' ', 'g');
  -- The words the parent ticked are the ones their page showed, in its language: those are what they declared.
  v_language text := private.parental_consent_language(p_language);
begin
  if v_parent = v_consent.player_id
     or private.canonical_email((select u.email from auth.users u where u.id = v_parent))
        is distinct from private.canonical_email(v_consent.parent_email) then
    raise exception 'Sign in with your own account, the one at the address this consent e-mail was sent to'
      using errcode = 'PT403', hint = 'consent_parent_account_required';
  end if;
  if not private.holds_verified_pan(v_parent) then
    raise exception 'Your account needs a verified PAN before you can give consent: add your PAN on My Earnings'
      using errcode = 'PT403', hint = 'consent_parent_pan_required';
  end if;
  if char_length(v_name) < 2 or char_length(v_name) > 120 or v_name ~ '[[:cntrl:]]' then
    raise exception 'Enter your full name' using errcode = 'PT400', hint = 'parent_name_invalid';
  end if;
  if p_relation is null or p_relation not in ('mother', 'father', 'legal_guardian') then
    raise exception 'Say how you are related to the player' using errcode = 'PT400', hint = 'parent_relation_invalid';
  end if;
  if not coalesce(p_declaration, false) then
    raise exception 'Tick the declaration to give your consent' using errcode = 'PT400', hint = 'consent_declaration_required';
  end if;
  if v_consent.code_attempts >= 5 then
    raise exception 'Too many wrong codes: ask your child to send a new request' using errcode = 'PT429', hint = 'consent_code_attempts';
  end if;
  if coalesce(btrim(p_code), '') <> private.parental_consent_code(v_consent.id) then
    -- Counted, so the answer is not an error (an error would undo the count).
    update private.parental_consents set code_attempts = code_attempts + 1 where id = v_consent.id;
    return jsonb_build_object('confirmed', false, 'reason', 'consent_code_wrong', 'attempts_left', 4 - v_consent.code_attempts);
  end if;

  update private.parental_consents
     set confirmed_at = v_now, method = 'parent_account_pan', parent_name = v_name, relation = p_relation,
         declaration = private.parental_consent_declaration(v_language),
         declaration_language = v_language, declaration_version = private.parental_consent_declaration_version(),
         evidence = jsonb_build_object('parent_account', v_parent, 'pan_verified', true, 'checked_at', v_now),
         -- The used link is deleted; the withdrawal link stands as long as the consent.
         token_sha256 = null,
         withdraw_token_sha256 = sha256(convert_to(private.parental_consent_withdraw_token(v_consent.id), 'UTF8'))
   where id = v_consent.id;
  perform private.enqueue_outside_call('parental_consent_email', 'parental_consent_confirmed_' || v_consent.id::text,
                                       jsonb_build_object('consent_id', v_consent.id, 'message', 'confirmed'));
  return jsonb_build_object('confirmed', true,
                            'in_game_name', (select in_game_name from public.profiles where id = v_consent.player_id));
end;
$function$;

comment on function public.get_parental_consent_request(text,text) is 'The parent''s page: who asks for consent, until when, and the declaration to confirm in p_language (the page''s: en or hi; else English). No account needed; the link''s token is the proof.';
CREATE OR REPLACE FUNCTION public.get_parental_consent_request(p_token text, p_language text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_consent private.parental_consents := private.open_consent_request(p_token);
begin
  return jsonb_build_object('in_game_name', (select in_game_name from public.profiles where id = v_consent.player_id),
                            'expires_at', v_consent.expires_at,
                            'declaration', private.parental_consent_declaration(p_language),
                            'relations', jsonb_build_array('mother', 'father', 'legal_guardian'));
end;
$function$;

comment on function public.withdraw_parental_consent(text) is 'The parent withdraws consent in one click from the link e-mailed when they gave it. No account needed.';
CREATE OR REPLACE FUNCTION public.withdraw_parental_consent(p_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_consent private.parental_consents;
begin
  select * into v_consent from private.parental_consents
   where withdraw_token_sha256 = sha256(convert_to(coalesce(p_token, ''), 'UTF8')) for update;
  if not found then
    raise exception 'This link is not valid, or the consent was withdrawn already' using errcode = 'PT404', hint = 'consent_link_invalid';
  end if;
  perform private.withdraw_parental_consent(v_consent.id, 'parent');
  return jsonb_build_object('withdrawn', true,
                            'in_game_name', (select in_game_name from public.profiles where id = v_consent.player_id));
end;
$function$;

comment on function public.withdraw_my_parental_consent() is 'A player under 18 withdraws their parent''s consent in one click (free entry closes again).';
CREATE OR REPLACE FUNCTION public.withdraw_my_parental_consent()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.require_player();
  v_consent_id uuid;
begin
  select id into v_consent_id from private.parental_consents
   where player_id = v_player and confirmed_at is not null and withdrawn_at is null
   for update;
  if v_consent_id is null then
    raise exception 'There is no parental consent to withdraw' using errcode = 'PT409', hint = 'no_parental_consent';
  end if;
  perform private.withdraw_parental_consent(v_consent_id, 'player');
  return jsonb_build_object('withdrawn', true);
end;
$function$;

-- Deleting an account: requests, erasure and the restricted store of what the law keeps ---------------

comment on function public.request_account_deletion(boolean) is 'The caller asks to delete their account: { status: scheduled, erase_at } after the grace period (asking again answers the same), or PT409 open_money / open_play / last_admin. Needs a recent sign-in (the page asks for a fresh e-mail code) and, for staff, aal2. p_forfeit_small_balance: the player agrees to give up a balance too small to withdraw.';
CREATE OR REPLACE FUNCTION public.request_account_deletion(p_forfeit_small_balance boolean DEFAULT false)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_deletion private.account_deletions%rowtype;
  v_blocker jsonb;
  v_signed_in_at bigint;
begin
  -- Asking twice answers the first request.
  select * into v_deletion from private.account_deletions
   where user_id = v_user and cancelled_at is null and erased_at is null;
  if found then
    return jsonb_build_object('status', 'scheduled', 'erase_at', v_deletion.erase_at);
  end if;

  if exists (select 1 from public.staff_roles where user_id = v_user) and not private.staff_has_second_step() then
    raise exception 'Staff accounts need two-step sign-in: enter the code from your authenticator app.'
      using errcode = 'PT403', hint = 'second_step_required';
  end if;
  -- A sign-in this recent proves the person at the keyboard owns the account, not a device left signed in.
  -- (Tokens keep real time, so this reads the real clock, not the movable one.)
  select max((m ->> 'timestamp')::bigint) into v_signed_in_at
    from jsonb_array_elements(coalesce(auth.jwt() -> 'amr', '[]'::jsonb)) as m
   where m ->> 'method' in ('otp', 'password', 'magiclink');
  -- Or the code of the deletion e-mail (send_account_deletion_code), typed within as many minutes.
  if (v_signed_in_at is null
      or to_timestamp(v_signed_in_at) < now() - make_interval(mins => (private.setting('recent_sign_in_minutes') #>> '{}')::int))
     and not exists (select 1 from private.account_deletion_codes c
                      where c.user_id = v_user and c.confirmed_at is not null
                        and c.confirmed_at >= v_now - make_interval(mins => (private.setting('recent_sign_in_minutes') #>> '{}')::int)) then
    raise exception 'Confirm it is you: enter the code we e-mail you, then delete your account.'
      using errcode = 'PT403', hint = 'recent_sign_in_required';
  end if;

  v_blocker := private.account_deletion_blocker(v_user, coalesce(p_forfeit_small_balance, false));
  -- The detail says what is open: for money what kind (payout, chargeback, prize, refund, balance,
  -- small_balance), for play the tournament's title.
  case v_blocker ->> 'hint'
    when 'open_money' then
      raise exception 'You still have money with us: settle it first, then delete your account.'
        using errcode = 'PT409', hint = 'open_money', detail = v_blocker ->> 'detail';
    when 'open_play' then
      if v_blocker ->> 'waitlist_tournament_id' is not null then
        raise exception 'You are on the waitlist of %: leave it, then delete your account.', v_blocker ->> 'detail'
          using errcode = 'PT409', hint = 'open_play', detail = v_blocker ->> 'detail';
      end if;
      raise exception 'You still play in %: delete your account once it is settled.', v_blocker ->> 'detail'
        using errcode = 'PT409', hint = 'open_play', detail = v_blocker ->> 'detail';
    when 'last_admin' then
      raise exception 'You are the last admin of the platform: grant the admin role to someone else first.'
        using errcode = 'PT409', hint = 'last_admin';
    else
      null;
  end case;

  insert into private.account_deletions (user_id, requested_at, erase_at, forfeit_consented_at)
  values (v_user, v_now, v_now + (private.setting('account_deletion_grace') #>> '{}')::interval,
          case when private.account_balance_paise(v_user) > 0 then v_now end)
  returning * into v_deletion;
  perform private.account_deletion_email(v_deletion, 'requested');
  -- A code schedules one deletion: a cancelled one needs a fresh code.
  delete from private.account_deletion_codes where user_id = v_user;
  return jsonb_build_object('status', 'scheduled', 'erase_at', v_deletion.erase_at);
end;
$function$;

comment on function public.cancel_account_deletion() is 'The caller cancels their scheduled deletion: { status: cancelled }, or PT404 deletion_not_scheduled.';
CREATE OR REPLACE FUNCTION public.cancel_account_deletion()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_deletion private.account_deletions%rowtype;
begin
  update private.account_deletions set cancelled_at = private.clock_now()
   where user_id = v_user and cancelled_at is null and erased_at is null
  returning * into v_deletion;
  if not found then
    raise exception 'No deletion of your account is scheduled' using errcode = 'PT404', hint = 'deletion_not_scheduled';
  end if;
  perform private.account_deletion_email(v_deletion, 'cancelled');
  return jsonb_build_object('status', 'cancelled');
end;
$function$;

comment on function public.get_my_account_deletion() is 'The caller''s deletion: { status: scheduled, erase_at, requested_at }, or { status: none, blocked_by: { hint, detail } | null, balance_paise, forfeit_max_paise, grace } for the page that offers it.';
CREATE OR REPLACE FUNCTION public.get_my_account_deletion()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_deletion private.account_deletions%rowtype;
  v_balance bigint := private.account_balance_paise(v_user);
begin
  select * into v_deletion from private.account_deletions
   where user_id = v_user and cancelled_at is null and erased_at is null;
  if found then
    return jsonb_build_object('status', 'scheduled', 'erase_at', v_deletion.erase_at, 'requested_at', v_deletion.requested_at);
  end if;
  return jsonb_build_object('status', 'none', 'blocked_by', private.account_deletion_blocker(v_user, false),
                            'balance_paise', v_balance,
                            'forfeit_max_paise', (private.setting('account_deletion_forfeit_max_paise') #>> '{}')::bigint,
                            'grace', private.setting('account_deletion_grace') #>> '{}');
end;
$function$;

comment on function public.admin_read_kept_records(uuid,text) is 'Platform admins at aal2: what is kept about an erased account (p_subject_id: its profile id), with a reason; every read is written to the audit log.';
CREATE OR REPLACE FUNCTION public.admin_read_kept_records(p_subject_id uuid, p_reason text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_admin uuid := private.require_staff('admin', null);
  v_reason text := private.require_reason(p_reason);
  v_records jsonb;
begin
  select coalesce(jsonb_agg(jsonb_build_object('id', k.id, 'source', k.source, 'record', k.record,
                                               'kept_because', k.kept_because, 'kept_until', k.kept_until,
                                               'stored_at', k.stored_at) order by k.id), '[]'::jsonb)
    into v_records
    from private.kept_records k where k.subject_id = p_subject_id and k.kept_until > private.clock_now();
  perform private.audit(null, 'kept_records_read', 'Read ' || jsonb_array_length(v_records)
                        || ' kept records of an erased account', v_reason, null,
                        jsonb_build_object('subject_id', p_subject_id, 'records', jsonb_array_length(v_records)), false, v_admin);
  return v_records;
end;
$function$;

-- =====================================================================================================
-- Policies and grants: who may read, write and call
-- =====================================================================================================

-- Profiles --------------------------------------------------------------------------------------------

revoke all on table public.profiles from anon;
revoke all on table public.profiles from authenticated;
grant select on table public.profiles to authenticated;
alter publication supabase_realtime add table public.profiles;

revoke all on function private.create_profile_for_new_user() from public;

revoke all on function private.copy_email_to_profile() from public;

revoke all on function private.keep_completed_profile_locked() from public;

revoke all on function private.profile_is_complete(public.profiles) from public;

-- Changing the in-game name ---------------------------------------------------------------------------

revoke all on function private.in_game_name_change_days() from public;

revoke all on function private.in_game_name_changed_at(uuid) from public;

revoke all on function private.running_tournament_of(uuid,timestamp with time zone) from public;

-- Date of birth and residence -------------------------------------------------------------------------

revoke all on function private.check_date_of_birth(date) from public;

revoke all on function private.legal_min_player_age() from public;

-- Parental consent ------------------------------------------------------------------------------------

revoke all on function private.canonical_email(text) from public;

revoke all on function private.holds_verified_pan(uuid) from public;

revoke all on function private.consent_secret(text,text) from public;

revoke all on function private.parental_consent_language(text) from public;

revoke all on function private.parental_consent_declaration(text) from public;

revoke all on function private.parental_consent_declaration_version() from public;

revoke all on function private.parental_consent_email_details(private.outbox) from public;

revoke all on function private.end_play_without_consent(uuid) from public;

-- Profile pictures ------------------------------------------------------------------------------------

revoke all on function private.keep_profile_pictures_within_quota() from public;

-- Deleting an account: requests, erasure and the restricted store of what the law keeps ---------------

revoke all on function private.deleted_player_name() from public;

revoke all on function private.account_open_money(uuid,boolean) from public;

revoke all on function private.account_open_play_in(uuid) from public;

revoke all on function private.account_open_play(uuid) from public;

revoke all on function private.account_deletion_blocker(uuid,boolean) from public;

revoke all on function private.replace_words(text,text,text,boolean) from public;

revoke all on function private.redact_text(text,text,text[]) from public;

revoke all on function private.redact_json(jsonb,text,text[]) from public;

revoke all on function private.erase_personal_data(uuid) from public;

revoke all on function private.erase_profile_of_deleted_user() from public;

revoke all on function private.erasure_deadline(uuid) from public;

-- Profiles --------------------------------------------------------------------------------------------

revoke all on function private.is_visible_name(text) from public;

-- Date of birth and residence -------------------------------------------------------------------------

revoke all on function private.legal_max_player_age() from public;

-- Parental consent ------------------------------------------------------------------------------------

revoke all on function private.parental_consent_lifetime() from public;

revoke all on function private.parental_consent_link_token(uuid) from public;

revoke all on function private.parental_consent_withdraw_token(uuid) from public;

revoke all on function private.parental_consent_code(uuid) from public;

revoke all on function private.open_consent_request(text) from public;

revoke all on function private.withdraw_parental_consent(uuid,text) from public;

-- Deleting an account: requests, erasure and the restricted store of what the law keeps ---------------

revoke all on function private.refuse_deleted_player_name() from public;

revoke all on function private.account_balance_paise(uuid) from public;

revoke all on function private.account_is_last_admin(uuid) from public;

revoke all on function private.account_deletion_email(private.account_deletions,text) from public;

revoke all on function private.keep(uuid,text,jsonb,text) from public;

revoke all on function private.erase_account(uuid) from public;

revoke all on function private.run_due_account_deletions() from public;

revoke all on function private.account_deletion_code_hash(uuid,text) from public;

revoke all on function public.send_account_deletion_code() from anon;
revoke all on function public.send_account_deletion_code() from public;

revoke all on function public.confirm_account_deletion_code(text) from anon;
revoke all on function public.confirm_account_deletion_code(text) from public;

-- Profiles --------------------------------------------------------------------------------------------

revoke all on function public.get_my_profile() from anon;
revoke all on function public.get_my_profile() from public;

revoke all on function public.update_my_profile(text,text,integer,text,text,date,boolean) from anon;
revoke all on function public.update_my_profile(text,text,integer,text,text,date,boolean) from public;

revoke all on function public.set_my_language(text) from anon;
revoke all on function public.set_my_language(text) from public;

-- Changing the in-game name ---------------------------------------------------------------------------

revoke all on function public.get_my_in_game_name_rule() from anon;
revoke all on function public.get_my_in_game_name_rule() from public;

revoke all on function public.change_my_in_game_name(text) from anon;
revoke all on function public.change_my_in_game_name(text) from public;

-- Date of birth and residence -------------------------------------------------------------------------

revoke all on function public.set_my_eligibility_details(date,boolean) from anon;
revoke all on function public.set_my_eligibility_details(date,boolean) from public;

-- Parental consent ------------------------------------------------------------------------------------

revoke all on function public.request_parental_consent(text) from anon;
revoke all on function public.request_parental_consent(text) from public;

revoke all on function public.confirm_parental_consent(text,text,text,text,boolean,text) from anon;
revoke all on function public.confirm_parental_consent(text,text,text,text,boolean,text) from public;

revoke all on function public.get_parental_consent_request(text,text) from public;

revoke all on function public.withdraw_parental_consent(text) from public;

revoke all on function public.withdraw_my_parental_consent() from anon;
revoke all on function public.withdraw_my_parental_consent() from public;

-- Deleting an account: requests, erasure and the restricted store of what the law keeps ---------------

revoke all on function public.request_account_deletion(boolean) from anon;
revoke all on function public.request_account_deletion(boolean) from public;

revoke all on function public.cancel_account_deletion() from anon;
revoke all on function public.cancel_account_deletion() from public;

revoke all on function public.get_my_account_deletion() from anon;
revoke all on function public.get_my_account_deletion() from public;

revoke all on function public.admin_read_kept_records(uuid,text) from anon;
revoke all on function public.admin_read_kept_records(uuid,text) from public;

-- Profiles --------------------------------------------------------------------------------------------

create policy "Players can read their own profile" on public.profiles
  as permissive for select to authenticated
  using ((( SELECT private.current_player_id() AS current_player_id) = id));

-- Profile pictures ------------------------------------------------------------------------------------

create policy "Players can see their own profile pictures" on storage.objects
  as permissive for select to authenticated
  using (((bucket_id = 'profile-pictures'::text) AND starts_with(name, ((( SELECT private.current_player_id() AS current_player_id))::text || '-'::text))));

create policy "Players can delete their own profile pictures" on storage.objects
  as permissive for delete to authenticated
  using (((bucket_id = 'profile-pictures'::text) AND starts_with(name, ((( SELECT private.current_player_id() AS current_player_id))::text || '-'::text))));
