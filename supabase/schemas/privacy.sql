-- =====================================================================================================
-- privacy: a player’s own data in one download, grievances and their deadlines, who an incident touched
-- =====================================================================================================
-- The source of this area of the database. Edit it, then `npm run migration:new <name>` writes the migration
-- from the difference (scripts/migration-new.ts). Statements may name objects declared further down or in
-- another area file: the files are applied as a whole. Rule rows are idempotent upserts.
-- =====================================================================================================

-- =====================================================================================================
-- Tables: what is kept
-- =====================================================================================================

-- Download my data ------------------------------------------------------------------------------------

comment on table private.data_export_sections is 'The keys of export_my_data(): each filled by a function taking the player''s user id and returning jsonb. Added by migrations through private.register_data_export_section().';
create table private.data_export_sections (
  key text not null,
  area text not null,
  function_name text not null,
  constraint data_export_sections_pkey PRIMARY KEY (key),
  constraint data_export_sections_function_name_key UNIQUE (function_name),
  constraint data_export_sections_function_qualified CHECK ((function_name ~ '^[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*$'::text)),
  constraint data_export_sections_key_format CHECK ((key ~ '^[a-z][a-z0-9_]*$'::text))
);

comment on table private.data_exports is 'Each export of a player''s data: who and when. The processing log of the right of access, and what the one-export-in-10-minutes limit counts.';
create table private.data_exports (
  id bigint generated always as identity not null,
  user_id uuid not null,
  exported_at timestamp with time zone not null,
  constraint data_exports_pkey PRIMARY KEY (id),
  constraint data_exports_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);
CREATE INDEX data_exports_of_user ON private.data_exports USING btree (user_id, exported_at DESC);

-- Grievances ------------------------------------------------------------------------------------------

comment on table private.grievances is 'Grievances about personal data (DPDP Act s.13): the ticket, who filed it (an account, or only an e-mail address), its deadlines and the answers. Written only by submit_grievance and the staff_*_grievance functions.';
create table private.grievances (
  id bigint generated always as identity not null,
  ticket_id text generated always as (('GRV-'::text || lpad((id)::text, 6, '0'::text))) stored,
  user_id uuid,
  email text not null,
  subject text not null,
  body text not null,
  status text default 'open'::text not null,
  submitted_at timestamp with time zone not null,
  acknowledge_by timestamp with time zone not null,
  resolve_by timestamp with time zone not null,
  acknowledged_at timestamp with time zone,
  acknowledged_by uuid,
  acknowledgement text,
  resolved_at timestamp with time zone,
  resolved_by uuid,
  resolution text,
  email_confirmed boolean default false not null,
  constraint grievances_pkey PRIMARY KEY (id),
  constraint grievances_ticket_id_key UNIQUE (ticket_id),
  constraint grievances_acknowledged_by_fkey FOREIGN KEY (acknowledged_by) REFERENCES auth.users(id) ON DELETE SET NULL,
  constraint grievances_resolved_by_fkey FOREIGN KEY (resolved_by) REFERENCES auth.users(id) ON DELETE SET NULL,
  constraint grievances_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE SET NULL,
  constraint grievances_acknowledged_has_time CHECK (((status = 'open'::text) OR (acknowledged_at IS NOT NULL) OR (resolved_at IS NOT NULL))),
  constraint grievances_body_length CHECK (((char_length(body) >= 10) AND (char_length(body) <= 5000))),
  constraint grievances_email_shape CHECK (((email = lower(btrim(email))) AND (char_length(email) <= 254))),
  constraint grievances_resolved_has_answer CHECK (((status <> 'resolved'::text) OR ((resolved_at IS NOT NULL) AND (resolution IS NOT NULL)))),
  constraint grievances_status_known CHECK ((status = ANY (ARRAY['open'::text, 'acknowledged'::text, 'resolved'::text]))),
  constraint grievances_subject_length CHECK (((char_length(subject) >= 3) AND (char_length(subject) <= 140)))
);
CREATE INDEX grievances_of_email ON private.grievances USING btree (email, submitted_at DESC);
CREATE INDEX grievances_of_user ON private.grievances USING btree (user_id, submitted_at DESC);
CREATE INDEX grievances_unconfirmed_by_time ON private.grievances USING btree (submitted_at) WHERE (NOT email_confirmed);
CREATE INDEX grievances_unresolved ON private.grievances USING btree (status, acknowledge_by) WHERE (status <> 'resolved'::text);
comment on column private.grievances.email is 'personal: email. Where the grievance is answered.';
comment on column private.grievances.subject is 'personal: free_text. What the filer or staff wrote about the grievance.';
comment on column private.grievances.body is 'personal: free_text. What the filer or staff wrote about the grievance.';
comment on column private.grievances.acknowledgement is 'personal: free_text. What the filer or staff wrote about the grievance.';
comment on column private.grievances.resolution is 'personal: free_text. What the filer or staff wrote about the grievance.';
comment on column private.grievances.email_confirmed is 'Whether the answer goes to the filer''s own verified sign-in address; a receipt to any other address quotes nothing the filer wrote.';

-- =====================================================================================================
-- Rules: the rule rows, and the private functions and triggers that apply them
-- =====================================================================================================

-- Rows of private.status_transitions ------------------------------------------------------------------

insert into private.status_transitions (machine, from_status, to_status, allowed_by) values
  ('grievance', null, 'open', '{public.submit_grievance}'),
  ('grievance', 'open', 'acknowledged', '{public.staff_acknowledge_grievance}'),
  ('grievance', 'open', 'resolved', '{public.staff_resolve_grievance}'),
  ('grievance', 'acknowledged', 'resolved', '{public.staff_resolve_grievance}')
on conflict (machine, from_status, to_status) do update set allowed_by = excluded.allowed_by;

-- Rows of private.data_export_sections ----------------------------------------------------------------

insert into private.data_export_sections (key, area, function_name) values
  ('alerts', 'notifications', 'private.export_alerts'),
  ('audit', 'staff', 'private.export_audit'),
  ('consents', 'profile', 'private.export_consents'),
  ('data_exports', 'privacy', 'private.export_requests'),
  ('entries', 'brackets', 'private.export_entries'),
  ('evidence', 'matches', 'private.export_evidence'),
  ('grievances', 'privacy', 'private.export_grievances'),
  ('kyc', 'payouts', 'private.export_kyc'),
  ('ledger', 'payouts', 'private.export_ledger'),
  ('match_chat', 'matches', 'private.export_match_chat'),
  ('matches', 'matches', 'private.export_matches'),
  ('notifications', 'notifications', 'private.export_notifications'),
  ('payments', 'payments', 'private.export_payments'),
  ('payouts', 'payouts', 'private.export_payouts'),
  ('prizes', 'payouts', 'private.export_prizes'),
  ('profile', 'profile', 'private.export_profile'),
  ('rating', 'ratings', 'private.export_rating'),
  ('tax_withheld', 'payouts', 'private.export_tax_withheld'),
  ('waitlist', 'brackets', 'private.export_waitlist')
on conflict (key) do update set area = excluded.area, function_name = excluded.function_name;

-- Download my data ------------------------------------------------------------------------------------

comment on function private.register_data_export_section(text,text,text) is 'Adds a key to export_my_data() (migrations only): the key, the area that owns it and its function `(p_user uuid) returns jsonb`. A key is registered once.';
CREATE OR REPLACE FUNCTION private.register_data_export_section(p_key text, p_area text, p_function text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_function regprocedure := to_regprocedure(p_function || '(uuid)');
begin
  if v_function is null or (select prorettype from pg_catalog.pg_proc where oid = v_function) <> 'jsonb'::regtype then
    raise exception 'An export section calls a function taking the user id and returning jsonb: % is not one', p_function
      using errcode = '22023';
  end if;
  insert into private.data_export_sections (key, area, function_name) values (p_key, p_area, p_function);
end;
$function$;

comment on function private.data_export_interval() is 'How long after one export the next one opens: an export reads every table about the player, so it is not a button to press in a loop.';
CREATE OR REPLACE FUNCTION private.data_export_interval()
 RETURNS interval
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select interval '10 minutes' $function$;

-- The export shows the PAN as its last four characters, now the only part stored in clear.
CREATE OR REPLACE FUNCTION private.export_kyc(p_user uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('pan_masked', private.masked_pan(k.pan_last4), 'pan_name_status', k.pan_name_status,
                            'upi_id', k.upi_id, 'upi_status', k.upi_status, 'status', k.status, 'reason', k.reason,
                            'submitted_at', k.submitted_at, 'verified_at', k.verified_at, 'upi_changed_at', k.upi_changed_at,
                            'payouts_held_until', k.payouts_held_until)
    from public.kyc_records k
   where k.user_id = p_user;
$function$;

-- Grievances ------------------------------------------------------------------------------------------

comment on function private.grievance_rules() is 'The grievance deadlines (acknowledge within 48 hours, resolve within 30 days; a lawyer confirms them against the DPDP Rules), how many tickets one e-mail address may file (3 in any hour, 5 in any 24 hours), and how many tickets all addresses nobody confirmed may file together in any 24 hours (50).';
CREATE OR REPLACE FUNCTION private.grievance_rules()
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select '{"acknowledge_within_hours": 48, "resolve_within_days": 30, "per_email_per_hour": 3, "per_email_per_day": 5, "unconfirmed_per_day": 50}'::jsonb $function$;

comment on function private.grievance_answer(private.grievances) is 'A ticket as its filer and staff read it.';
CREATE OR REPLACE FUNCTION private.grievance_answer(p_row private.grievances)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('ticket_id', p_row.ticket_id, 'subject', p_row.subject, 'body', p_row.body, 'status', p_row.status,
                            'submitted_at', p_row.submitted_at, 'acknowledge_by', p_row.acknowledge_by,
                            'resolve_by', p_row.resolve_by, 'acknowledged_at', p_row.acknowledged_at,
                            'acknowledgement', p_row.acknowledgement, 'resolved_at', p_row.resolved_at,
                            'resolution', p_row.resolution);
$function$;

comment on function private.ist_text(timestamp with time zone) is 'A moment as players read it in an e-mail: day, month, year and time in India.';
CREATE OR REPLACE FUNCTION private.ist_text(p_at timestamp with time zone)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$ select to_char(p_at at time zone 'Asia/Kolkata', 'DD Mon YYYY, HH24:MI') || ' IST' $function$;

comment on function private.run_due_grievance_work() is 'Due work: deletes grievances resolved more than a year ago.';
CREATE OR REPLACE FUNCTION private.run_due_grievance_work()
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_deleted integer;
begin
  delete from private.grievances where status = 'resolved' and resolved_at < private.clock_now() - interval '1 year';
  get diagnostics v_deleted = row_count;
  return jsonb_build_object('resolved_grievances_deleted', v_deleted);
end;
$function$;

-- After an incident: who was touched ------------------------------------------------------------------

comment on function private.incident_data_kinds() is 'The kinds of personal data admin_people_touched() can search, each with what it covers (the keys are what p_kind takes; "all" takes every one).';
CREATE OR REPLACE FUNCTION private.incident_data_kinds()
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select '{
    "account":       "profiles (names, date of birth, game id, picture) and sign-in addresses",
    "kyc":           "PAN and UPI id checks (kyc_records)",
    "payments":      "payments, refunds and chargebacks",
    "payouts":       "payouts and their UPI ids",
    "tax":           "tax withheld (tax_withholdings)",
    "evidence":      "result screenshots and dispute statements",
    "consents":      "parental consents and Notify Me sign-ups",
    "notifications": "in-app notifications and e-mails queued",
    "grievances":    "grievances",
    "audit":         "staff decisions about a player (audit log)"
  }'::jsonb
$function$;

comment on function private.people_touched(text,timestamp with time zone,timestamp with time zone) is 'Every row of personal data of a kind written between two moments, as (account or e-mail, kind, when).';
CREATE OR REPLACE FUNCTION private.people_touched(p_kind text, p_from timestamp with time zone, p_to timestamp with time zone)
 RETURNS TABLE(user_id uuid, email text, kind text, at timestamp with time zone)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select x.user_id, x.email, x.kind, x.at from (
    select p.id as user_id, null::text as email, 'account' as kind, p.updated_at as at from public.profiles p
     where p_kind in ('account', 'all') and (p.updated_at between p_from and p_to or p.created_at between p_from and p_to)
    union all
    select k.user_id, null, 'kyc', greatest(k.submitted_at, k.updated_at) from public.kyc_records k
     where p_kind in ('kyc', 'all') and (k.submitted_at between p_from and p_to or k.updated_at between p_from and p_to)
    union all
    select pay.user_id, null, 'payments', pay.updated_at from public.payments pay
     where p_kind in ('payments', 'all') and (pay.created_at between p_from and p_to or pay.updated_at between p_from and p_to)
    union all
    select c.user_id, null, 'payments', c.updated_at from private.chargebacks c
     where p_kind in ('payments', 'all') and c.user_id is not null and c.updated_at between p_from and p_to
    union all
    select po.user_id, null, 'payouts', po.updated_at from public.payouts po
     where p_kind in ('payouts', 'all') and (po.created_at between p_from and p_to or po.updated_at between p_from and p_to)
    union all
    select w.user_id, null, 'tax', w.at from private.tax_withholdings w
     where p_kind in ('tax', 'all') and (w.at between p_from and p_to or w.reversed_at between p_from and p_to)
    union all
    select r.reported_by, null, 'evidence', r.reported_at from private.match_reports r
     where p_kind in ('evidence', 'all') and r.reported_at between p_from and p_to
    union all
    select s.player_id, null, 'evidence', s.added_at from private.match_dispute_statements s
     where p_kind in ('evidence', 'all') and s.added_at between p_from and p_to
    union all
    select pc.player_id, null, 'consents', coalesce(pc.confirmed_at, pc.requested_at) from private.parental_consents pc
     where p_kind in ('consents', 'all') and (pc.requested_at between p_from and p_to or pc.confirmed_at between p_from and p_to)
    union all
    select u.id, sn.email, 'consents', sn.consented_at from public.story_notification_signups sn
      left join auth.users u on lower(u.email) = sn.email
     where p_kind in ('consents', 'all') and sn.consented_at between p_from and p_to
    union all
    select n.user_id, null, 'notifications', n.created_at from public.notifications n
     where p_kind in ('notifications', 'all') and n.created_at between p_from and p_to
    union all
    select g.user_id, g.email, 'grievances', g.submitted_at from private.grievances g
     where p_kind in ('grievances', 'all')
       and (g.submitted_at between p_from and p_to or g.acknowledged_at between p_from and p_to or g.resolved_at between p_from and p_to)
    union all
    select coalesce(e.player_id, e.buyer_id, (a.after ->> 'user_id')::uuid), null, 'audit', a.at from public.audit_log a
      left join public.entries e on e.id = a.entry_id
     where p_kind in ('audit', 'all') and a.at between p_from and p_to
       and (a.entry_id is not null or a.after ->> 'user_id' ~ '^[0-9a-f-]{36}$')
  ) x
  where x.user_id is not null or x.email is not null;
$function$;

-- Download my data ------------------------------------------------------------------------------------

comment on function private.export_profile(uuid) is 'Download my data, the profile section: the account, the profile and any staff roles.';
CREATE OR REPLACE FUNCTION private.export_profile(p_user uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
           'user_id', u.id, 'sign_in_email', u.email, 'account_created_at', u.created_at,
           'email', p.email, 'legal_name', p.legal_name, 'in_game_name', p.in_game_name, 'age', p.age,
           'date_of_birth', p.date_of_birth, 'game_user_id', p.game_user_id, 'profile_image_url', p.profile_image_url,
           'profile_completed', p.profile_completed, 'lives_in_india_confirmed_at', p.lives_in_india_confirmed_at,
           'language', p.language, 'created_at', p.created_at, 'updated_at', p.updated_at,
           'staff_roles', coalesce((select jsonb_agg(jsonb_build_object('role', r.role, 'tournament_id', r.tournament_id,
                                                                        'granted_at', r.granted_at) order by r.granted_at)
                                      from public.staff_roles r where r.user_id = p_user), '[]'::jsonb))
    from auth.users u
    left join public.profiles p on p.id = u.id
   where u.id = p_user;
$function$;

comment on function private.export_consents(uuid) is 'Download my data, the consents section: where the player lives and what the platform decided from the profile (may pay, may play free).';
CREATE OR REPLACE FUNCTION private.export_consents(p_user uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'lives_in_india_confirmed_at', (select lives_in_india_confirmed_at from public.profiles where id = p_user),
    -- What the platform decided from the profile: may this player pay, may they play free tournaments.
    'eligibility', jsonb_build_object('paid_entry_refusal', private.paid_entry_refusal(p_user),
                                      'free_entry_refusal', private.free_entry_refusal(p_user),
                                      'parental_consent', private.has_parental_consent(p_user)),
    -- The token itself stays out: only its hash is stored, and it proves nothing to the player.
    'parental_consents', coalesce((select jsonb_agg(jsonb_build_object('parent_email', c.parent_email, 'requested_at', c.requested_at,
                                                                       'expires_at', c.expires_at, 'confirmed_at', c.confirmed_at,
                                                                       -- The words the parent ticked, in the language they read them, and their version.
                                                                       'declaration', c.declaration, 'declaration_language', c.declaration_language,
                                                                       'declaration_version', c.declaration_version)
                                                    order by c.requested_at)
                                     from private.parental_consents c where c.player_id = p_user), '[]'::jsonb),
    'story_news', coalesce((select jsonb_agg(jsonb_build_object('email', s.email, 'consent_text', s.consent_text,
                                                                'consented_at', s.consented_at))
                              from public.story_notification_signups s
                              join auth.users u on u.id = p_user and lower(u.email) = s.email), '[]'::jsonb));
$function$;

comment on function private.export_entries(uuid) is 'Download my data, the entries section.';
CREATE OR REPLACE FUNCTION private.export_entries(p_user uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object(
           'entry_id', e.id, 'tournament_id', e.tournament_id, 'tournament', t.title, 'slot_number', e.slot_number,
           'you_are', case when e.player_id = p_user and e.buyer_id = p_user then 'buyer and player'
                           when e.player_id = p_user then 'player' else 'buyer' end,
           'status', e.status, 'checked_in_at', e.checked_in_at, 'withdrawn_at', e.withdrawn_at,
           'withdraw_reason', e.withdraw_reason, 'accepted_at', e.accepted_at, 'created_at', e.created_at,
           -- The address a buyer typed for an invitation is the buyer's to see; a player never sees who else was asked.
           'invited_email', case when e.buyer_id = p_user then e.invited_email end)
         order by e.created_at, e.slot_number), '[]'::jsonb)
    from public.entries e
    join public.tournaments t on t.id = e.tournament_id
   where e.player_id = p_user or e.buyer_id = p_user;
$function$;

comment on function private.export_matches(uuid) is 'Download my data, the matches section.';
CREATE OR REPLACE FUNCTION private.export_matches(p_user uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object(
           'match_id', m.id, 'tournament_id', m.tournament_id, 'round', m.round, 'position', m.position,
           'scheduled_at', m.scheduled_at, 'status', m.status, 'confirmed_at', m.confirmed_at,
           'your_side', case when m.entry_a = mine.id then 'a' else 'b' end,
           'opponent_in_game_name', private.entry_name(case when m.entry_a = mine.id then m.entry_b else m.entry_a end),
           'score', case when m.score_a is null then null else jsonb_build_array(m.score_a, m.score_b) end,
           'you_went_through', case when m.winner_entry_id is null then null else m.winner_entry_id = mine.id end,
           'your_ready_at', case when m.entry_a = mine.id then m.ready_a_at else m.ready_b_at end,
           'your_reports', coalesce((select jsonb_agg(jsonb_build_object('goals', jsonb_build_array(r.goals_a, r.goals_b),
                                                                         'went_through', r.winner_entry_id = mine.id,
                                                                         'screenshot_path', r.screenshot_path,
                                                                         'reported_at', r.reported_at, 'superseded_at', r.superseded_at)
                                                      order by r.reported_at)
                                       from private.match_reports r
                                      where r.match_id = m.id and r.entry_id = mine.id and r.reported_by = p_user), '[]'::jsonb),
           'disputes', coalesce((select jsonb_agg(jsonb_build_object(
                                          'opened_by_you', d.opened_by_entry_id = mine.id, 'reason', d.reason,
                                          'details', case when d.opened_by_entry_id = mine.id then d.details end,
                                          'opened_at', d.opened_at, 'settled_at', d.settled_at, 'outcome', d.outcome, 'note', d.note,
                                          'your_statements', coalesce((select jsonb_agg(jsonb_build_object(
                                                                                 'details', s.details, 'screenshot_path', s.screenshot_path,
                                                                                 'added_at', s.added_at) order by s.added_at)
                                                                         from private.match_dispute_statements s
                                                                        where s.dispute_id = d.id and s.player_id = p_user), '[]'::jsonb))
                                        order by d.opened_at)
                                   from public.match_disputes d where d.match_id = m.id), '[]'::jsonb))
         order by m.scheduled_at, m.round), '[]'::jsonb)
    from public.entries mine
    join public.matches m on mine.id in (m.entry_a, m.entry_b)
   where mine.player_id = p_user;
$function$;

comment on function private.export_evidence(uuid) is 'Download my data, the evidence section: the screenshots the player uploaded (the opponent''s stay out).';
CREATE OR REPLACE FUNCTION private.export_evidence(p_user uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- Only what the player uploaded: their reports' and statements' screenshots. The opponent's stay out.
  select coalesce(jsonb_agg(jsonb_build_object('bucket', 'match-evidence', 'match_id', x.match_id, 'path', x.path,
                                               'for', x.purpose, 'at', x.at) order by x.at), '[]'::jsonb)
    from (select r.match_id, r.screenshot_path as path, 'result report' as purpose, r.reported_at as at
            from private.match_reports r where r.reported_by = p_user
          union all
          select d.match_id, s.screenshot_path, 'dispute statement', s.added_at
            from private.match_dispute_statements s
            join public.match_disputes d on d.id = s.dispute_id
           where s.player_id = p_user and s.screenshot_path is not null) x;
$function$;

comment on function private.export_payments(uuid) is 'Download my data, the payments section.';
CREATE OR REPLACE FUNCTION private.export_payments(p_user uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object(
           'payment_id', p.id, 'tournament_id', p.tournament_id, 'razorpay_order_id', p.razorpay_order_id,
           'razorpay_payment_id', p.razorpay_payment_id, 'amount_paise', p.amount_paise, 'currency', p.currency,
           'slots', p.slots, 'status', p.status, 'failure_reason', p.failure_reason, 'refunded_paise', p.refunded_paise,
           'created_at', p.created_at, 'paid_at', p.paid_at,
           'refunds', coalesce((select jsonb_agg(jsonb_build_object('razorpay_refund_id', f.razorpay_refund_id,
                                                                    'amount_paise', f.amount_paise, 'recorded_at', f.recorded_at)
                                                 order by f.recorded_at)
                                  from public.payment_refunds f where f.payment_id = p.id), '[]'::jsonb),
           'chargebacks', coalesce((select jsonb_agg(jsonb_build_object('status', c.status, 'amount_paise', c.amount_paise,
                                                                        'reason', c.reason, 'opened_at', c.opened_at,
                                                                        'decided_at', c.decided_at) order by c.opened_at)
                                      from private.chargebacks c where c.payment_id = p.id), '[]'::jsonb))
         order by p.created_at), '[]'::jsonb)
    from public.payments p
   where p.user_id = p_user;
$function$;

comment on function private.export_ledger(uuid) is 'Download my data, the ledger section: the lines of the player''s own accounts.';
CREATE OR REPLACE FUNCTION private.export_ledger(p_user uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object('account', l.account, 'amount_paise', l.amount_paise, 'kind', j.kind,
                                               'reference', j.reference, 'at', j.created_at) order by j.created_at, l.id), '[]'::jsonb)
    from private.ledger_lines l
    join private.ledger_journal j on j.id = l.journal_id
   where l.user_id = p_user;
$function$;

comment on function private.export_tax_withheld(uuid) is 'Download my data, the tax withheld section.';
CREATE OR REPLACE FUNCTION private.export_tax_withheld(p_user uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object('financial_year', w.financial_year, 'kind', w.kind, 'gross_paise', w.gross_paise,
                                               'net_winnings_paise', w.net_winnings_paise, 'tax_paise', w.tax_paise,
                                               'payout_id', w.payout_id, 'at', w.at, 'reversed_at', w.reversed_at)
                            order by w.at, w.id), '[]'::jsonb)
    from private.tax_withholdings w
   where w.user_id = p_user;
$function$;

comment on function private.export_prizes(uuid) is 'Download my data, the prizes section.';
CREATE OR REPLACE FUNCTION private.export_prizes(p_user uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object('tournament_id', a.tournament_id, 'place', a.place_label,
                                               'amount_paise', a.amount_paise, 'status', a.status, 'created_at', a.created_at,
                                               'decided_at', a.decided_at, 'note', a.note) order by a.created_at), '[]'::jsonb)
    from private.prize_awards a
   where a.player_id = p_user;
$function$;

comment on function private.export_payouts(uuid) is 'Download my data, the payouts section.';
CREATE OR REPLACE FUNCTION private.export_payouts(p_user uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object('payout_id', p.id, 'gross_paise', p.gross_paise, 'tax_paise', p.tax_paise,
                                               'net_paise', p.net_paise, 'status', p.status, 'upi_id', p.upi_id, 'utr', p.utr,
                                               'failure_reason', p.failure_reason, 'created_at', p.created_at,
                                               'processed_at', p.processed_at) order by p.created_at), '[]'::jsonb)
    from public.payouts p
   where p.user_id = p_user;
$function$;

comment on function private.export_notifications(uuid) is 'Download my data, the notifications section: e-mail settings and the notifications received.';
CREATE OR REPLACE FUNCTION private.export_notifications(p_user uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'settings', coalesce((select jsonb_agg(jsonb_build_object('kind', s.kind, 'email', s.email) order by s.kind)
                            from public.notification_settings s where s.user_id = p_user), '[]'::jsonb),
    'messages', coalesce((select jsonb_agg(jsonb_build_object('kind', n.kind, 'title', n.title, 'body', n.body, 'link', n.link,
                                                              'created_at', n.created_at, 'read_at', n.read_at)
                                           order by n.created_at, n.id)
                            from public.notifications n where n.user_id = p_user), '[]'::jsonb));
$function$;

comment on function private.export_audit(uuid) is 'Download my data, the audit section: staff decisions about the player, and what the player did as staff.';
CREATE OR REPLACE FUNCTION private.export_audit(p_user uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- Decisions about the player (their entries, their matches' results, their grants) and what they did as staff.
  select coalesce(jsonb_agg(jsonb_build_object('at', a.at, 'tournament_id', a.tournament_id, 'action', a.action,
                                               'summary', a.summary, 'reason', a.reason,
                                               'by', case when a.actor_id = p_user then 'you'
                                                          else case a.actor_role when 'automatic' then 'automatic'
                                                                                 when 'service' then 'the platform'
                                                                                 else a.actor_role end end)
                            order by a.at, a.id), '[]'::jsonb)
    from public.audit_log a
   where a.actor_id = p_user
      or a.entry_id in (select id from public.entries where player_id = p_user or buyer_id = p_user)
      or a.after ->> 'user_id' = p_user::text
      or a.before ->> 'user_id' = p_user::text
      or a.match_id in (select m.id from public.matches m join public.entries e on e.id in (m.entry_a, m.entry_b)
                         where e.player_id = p_user);
$function$;

comment on function private.export_requests(uuid) is 'Download my data, the requests section: when the player exported their data before.';
CREATE OR REPLACE FUNCTION private.export_requests(p_user uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object('exported_at', x.exported_at) order by x.exported_at), '[]'::jsonb)
    from private.data_exports x where x.user_id = p_user;
$function$;

comment on function private.export_grievances(uuid) is 'Download my data, the grievances section.';
CREATE OR REPLACE FUNCTION private.export_grievances(p_user uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(private.grievance_answer(g) order by g.submitted_at), '[]'::jsonb)
    from private.grievances g where g.user_id = p_user;
$function$;

-- Grievances ------------------------------------------------------------------------------------------

CREATE TRIGGER grievances_move_along_state_machine BEFORE UPDATE ON private.grievances FOR EACH ROW WHEN (old.status IS DISTINCT FROM new.status) EXECUTE FUNCTION private.keep_to_state_machines('grievance', 'status');
comment on trigger grievances_move_along_state_machine on private.grievances is 'The grievance machine: open until staff acknowledge it, then resolved with an answer; a resolved ticket stays resolved.';

CREATE TRIGGER grievances_start_in_state_machine BEFORE INSERT ON private.grievances FOR EACH ROW EXECUTE FUNCTION private.keep_to_state_machines('grievance', 'status');

comment on function private.locked_grievance(text) is 'Locks a grievance by its ticket number (trimmed, any case) and returns it; refuses an unknown ticket (PT404).';
CREATE OR REPLACE FUNCTION private.locked_grievance(p_ticket_id text)
 RETURNS private.grievances
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_row private.grievances%rowtype;
begin
  select * into v_row from private.grievances where ticket_id = upper(btrim(coalesce(p_ticket_id, ''))) for update;
  if not found then
    raise exception 'No grievance has this ticket number' using errcode = 'PT404', hint = 'grievance_not_found';
  end if;
  return v_row;
end;
$function$;

-- =====================================================================================================
-- Functions callers use (the API: public schema)
-- =====================================================================================================

-- Download my data ------------------------------------------------------------------------------------

comment on function public.export_my_data() is 'The signed-in player''s own data, one key per registered section (profile, consents, entries, matches, evidence, payments, ledger, tax_withheld, prizes, payouts, kyc, notifications, audit, ...): PAN masked to its last four characters, only their own evidence. At most one export in 10 minutes (PT409 export_too_soon).';
CREATE OR REPLACE FUNCTION public.export_my_data()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_last timestamptz;
  v_section private.data_export_sections%rowtype;
  v_function regprocedure;
  v_answer jsonb;
  v_result jsonb;
begin
  -- One export at a time per player, so two quick presses cannot both pass the limit.
  perform pg_advisory_xact_lock(hashtextextended('data-export:' || v_user::text, 0));
  select max(exported_at) into v_last from private.data_exports where user_id = v_user;
  if v_last is not null and v_last > v_now - private.data_export_interval() then
    raise exception 'You downloaded your data a few minutes ago. The next download opens at % (India time).',
                    to_char((v_last + private.data_export_interval()) at time zone 'Asia/Kolkata', 'HH24:MI')
      using errcode = 'PT409', hint = 'export_too_soon',
            detail = to_char(v_last + private.data_export_interval(), 'YYYY-MM-DD"T"HH24:MI:SS"Z"');
  end if;
  insert into private.data_exports (user_id, exported_at) values (v_user, v_now);

  v_result := jsonb_build_object('exported_at', v_now, 'format', 'golazo-personal-data-1');
  for v_section in select * from private.data_export_sections order by key loop
    v_function := to_regprocedure(v_section.function_name || '(uuid)');
    if v_function is null then
      raise exception 'The export section % calls %, which no longer exists', v_section.key, v_section.function_name;
    end if;
    -- regprocedure prints the function schema-qualified and quoted: nothing else reaches the statement.
    execute 'select ' || split_part(v_function::text, '(', 1) || '($1)' into v_answer using v_user;
    v_result := v_result || jsonb_build_object(v_section.key, v_answer);
  end loop;
  return v_result;
end;
$function$;

-- Grievances ------------------------------------------------------------------------------------------

comment on function public.submit_grievance(text,text,text,text) is 'Files a grievance about personal data: a signed-in player (answered at their sign-in address unless p_email names another) or anyone with p_email. Subject 3-140 and body 10-5000 characters; at most 3 tickets per e-mail address in any hour (PT409 too_many_grievances) and 5 in any 24 hours (PT429 too_many_grievances_today); tickets to addresses nobody confirmed at most 50 in any 24 hours together (PT429 grievances_busy). Answers { ticket_id, acknowledge_by (48 hours), resolve_by (30 days) } and e-mails a receipt, which quotes the subject only to the filer''s own verified sign-in address, in p_language (the page the grievance was filed from: en or hi), else the signed-in player''s language, else English.';
CREATE OR REPLACE FUNCTION public.submit_grievance(p_subject text, p_body text, p_email text DEFAULT NULL::text, p_language text DEFAULT NULL::text)
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
  v_language text;
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
  -- In the language of the page it was filed from, else the player's, else English; the deadlines keep their
  -- year in English (ist_text), as a legal date reads.
  v_language := case when p_language in ('en', 'hi') then p_language when v_user is not null then private.player_language(v_user) else 'en' end;
  perform private.queue_email('grievance-received-' || v_row.ticket_id, v_email, m.title, m.body, '/grievance')
     from private.compose_message(
            case when v_confirmed then 'grievance_received' else 'grievance_received_other' end, v_language,
            jsonb_build_object('ticket', v_row.ticket_id,
                               'subject', left(regexp_replace(v_subject, '[\u0001-\u001F\u007F-\u009F]', ' ', 'g'), 140),
                               'acknowledge_by', case when v_language = 'hi' then private.datetime_in(v_row.acknowledge_by, 'hi')
                                                      else private.ist_text(v_row.acknowledge_by) end,
                               'resolve_by', case when v_language = 'hi' then private.datetime_in(v_row.resolve_by, 'hi')
                                                  else private.ist_text(v_row.resolve_by) end)) as m;
  return jsonb_build_object('ticket_id', v_row.ticket_id, 'acknowledge_by', v_row.acknowledge_by, 'resolve_by', v_row.resolve_by);
end;
$function$;

comment on function public.get_my_grievances() is 'The signed-in player''s grievances, newest first, with their deadlines and answers.';
CREATE OR REPLACE FUNCTION public.get_my_grievances()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
begin
  return coalesce((select jsonb_agg(private.grievance_answer(g) order by g.submitted_at desc)
                     from private.grievances g where g.user_id = v_user), '[]'::jsonb);
end;
$function$;

comment on function public.staff_list_grievances(boolean) is 'Admins of the whole site at aal2: grievances not resolved (all with p_include_resolved), the most urgent deadline first, with the filer''s e-mail address and whether it is their own confirmed sign-in address (email_confirmed).';
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

comment on function public.staff_acknowledge_grievance(text,text) is 'Admins of the whole site at aal2: acknowledges an open grievance with a note the filer receives by e-mail; audited.';
CREATE OR REPLACE FUNCTION public.staff_acknowledge_grievance(p_ticket_id text, p_note text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_admin uuid := private.require_staff('admin', null);
  v_now timestamptz := private.clock_now();
  v_row private.grievances%rowtype := private.locked_grievance(p_ticket_id);
  v_note text := private.require_reason(p_note);
begin
  if v_row.status <> 'open' then
    raise exception 'This grievance was already acknowledged' using errcode = 'PT409', hint = 'grievance_not_open';
  end if;
  update private.grievances set status = 'acknowledged', acknowledged_at = v_now, acknowledged_by = v_admin, acknowledgement = v_note
   where id = v_row.id returning * into v_row;
  perform private.audit(null, 'grievance_acknowledged', 'Grievance ' || v_row.ticket_id || ' acknowledged', v_note,
                        null, jsonb_build_object('ticket_id', v_row.ticket_id, 'user_id', v_row.user_id), false, v_admin);
  perform private.queue_email('grievance-acknowledged-' || v_row.ticket_id, v_row.email,
    'Grievance ' || v_row.ticket_id || ' acknowledged',
    v_note || chr(10) || chr(10) || 'We resolve it by ' || private.ist_text(v_row.resolve_by) || '.', '/grievance');
  return private.grievance_answer(v_row);
end;
$function$;

comment on function public.staff_resolve_grievance(text,text) is 'Admins of the whole site at aal2: resolves a grievance with the answer the filer receives by e-mail (acknowledging it too if it was open); audited.';
CREATE OR REPLACE FUNCTION public.staff_resolve_grievance(p_ticket_id text, p_resolution text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_admin uuid := private.require_staff('admin', null);
  v_now timestamptz := private.clock_now();
  v_row private.grievances%rowtype := private.locked_grievance(p_ticket_id);
  v_answer text := btrim(coalesce(p_resolution, ''));
begin
  if char_length(v_answer) < 10 or char_length(v_answer) > 5000 then
    raise exception 'Write the answer the filer receives (10 to 5000 characters)' using errcode = 'PT400', hint = 'grievance_resolution_length';
  end if;
  if v_row.status = 'resolved' then
    raise exception 'This grievance is already resolved' using errcode = 'PT409', hint = 'grievance_resolved';
  end if;
  update private.grievances
     set status = 'resolved', resolved_at = v_now, resolved_by = v_admin, resolution = v_answer,
         acknowledged_at = coalesce(acknowledged_at, v_now), acknowledged_by = coalesce(acknowledged_by, v_admin)
   where id = v_row.id returning * into v_row;
  perform private.audit(null, 'grievance_resolved', 'Grievance ' || v_row.ticket_id || ' resolved', v_answer,
                        null, jsonb_build_object('ticket_id', v_row.ticket_id, 'user_id', v_row.user_id), false, v_admin);
  perform private.queue_email('grievance-resolved-' || v_row.ticket_id, v_row.email,
    'Grievance ' || v_row.ticket_id || ' resolved',
    v_answer || chr(10) || chr(10)
      || 'If this does not settle it, you may complain to the Data Protection Board of India.', '/grievance');
  return private.grievance_answer(v_row);
end;
$function$;

-- After an incident: who was touched ------------------------------------------------------------------

comment on function public.admin_people_touched(text,timestamp with time zone,timestamp with time zone) is 'Admins of the whole site at aal2, for breach reports: each account or e-mail address whose personal data of a kind (private.incident_data_kinds(), or all) was written between p_from and p_to, with the kinds, first and last time and row count. Every call is audited.';
CREATE OR REPLACE FUNCTION public.admin_people_touched(p_kind text, p_from timestamp with time zone, p_to timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_admin uuid := private.require_staff('admin', null);
  v_kind text := lower(btrim(coalesce(p_kind, '')));
  v_answer jsonb;
begin
  if v_kind <> 'all' and not private.incident_data_kinds() ? v_kind then
    raise exception 'Name a kind of data: all, %', (select string_agg(k, ', ' order by k) from jsonb_object_keys(private.incident_data_kinds()) k)
      using errcode = 'PT400', hint = 'unknown_data_kind';
  end if;
  if p_from is null or p_to is null or p_to < p_from or p_to - p_from > interval '400 days' then
    raise exception 'Give a start and an end (the end after the start, at most 400 days apart)'
      using errcode = 'PT400', hint = 'invalid_time_window';
  end if;

  select coalesce(jsonb_agg(jsonb_build_object('user_id', t.user_id, 'email', t.email, 'in_game_name', t.in_game_name,
                                               'kinds', t.kinds, 'first_at', t.first_at, 'last_at', t.last_at, 'rows', t.rows)
                            order by t.first_at, t.email), '[]'::jsonb)
    into v_answer
    from (select x.user_id, coalesce(lower(u.email), min(x.email)) as email, p.in_game_name,
                 jsonb_agg(distinct x.kind) as kinds, min(x.at) as first_at, max(x.at) as last_at, count(*) as rows
            from private.people_touched(v_kind, p_from, p_to) x
            left join auth.users u on u.id = x.user_id
            left join public.profiles p on p.id = x.user_id
           group by x.user_id, u.email, p.in_game_name, case when x.user_id is null then x.email end) t;

  -- Who looked, for what and how many: the search itself reads personal data.
  perform private.audit(null, 'people_touched_listed', 'Listed the people whose ' || v_kind || ' data was touched', null, null,
                        jsonb_build_object('kind', v_kind, 'from', p_from, 'to', p_to, 'people', jsonb_array_length(v_answer)),
                        false, v_admin);
  return v_answer;
end;
$function$;

comment on function public.admin_incident_data_kinds() is 'Admins of the whole site at aal2: the kinds admin_people_touched() searches, with what each covers.';
CREATE OR REPLACE FUNCTION public.admin_incident_data_kinds()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_staff('admin', null);
  return private.incident_data_kinds();
end;
$function$;

-- =====================================================================================================
-- Policies and grants: who may read, write and call
-- =====================================================================================================

-- Download my data ------------------------------------------------------------------------------------

revoke all on function private.register_data_export_section(text,text,text) from public;

revoke all on function private.data_export_interval() from public;

revoke all on function private.export_kyc(uuid) from public;

-- Grievances ------------------------------------------------------------------------------------------

revoke all on function private.grievance_rules() from public;

revoke all on function private.grievance_answer(private.grievances) from public;

revoke all on function private.ist_text(timestamp with time zone) from public;

revoke all on function private.run_due_grievance_work() from public;

-- After an incident: who was touched ------------------------------------------------------------------

revoke all on function private.incident_data_kinds() from public;

revoke all on function private.people_touched(text,timestamp with time zone,timestamp with time zone) from public;

-- Download my data ------------------------------------------------------------------------------------

revoke all on function private.export_profile(uuid) from public;

revoke all on function private.export_consents(uuid) from public;

revoke all on function private.export_entries(uuid) from public;

revoke all on function private.export_matches(uuid) from public;

revoke all on function private.export_evidence(uuid) from public;

revoke all on function private.export_payments(uuid) from public;

revoke all on function private.export_ledger(uuid) from public;

revoke all on function private.export_tax_withheld(uuid) from public;

revoke all on function private.export_prizes(uuid) from public;

revoke all on function private.export_payouts(uuid) from public;

revoke all on function private.export_notifications(uuid) from public;

revoke all on function private.export_audit(uuid) from public;

revoke all on function private.export_requests(uuid) from public;

revoke all on function private.export_grievances(uuid) from public;

-- Grievances ------------------------------------------------------------------------------------------

revoke all on function private.locked_grievance(text) from public;

-- Download my data ------------------------------------------------------------------------------------

revoke all on function public.export_my_data() from anon;
revoke all on function public.export_my_data() from public;

-- Grievances ------------------------------------------------------------------------------------------

revoke all on function public.submit_grievance(text,text,text,text) from public;

revoke all on function public.get_my_grievances() from anon;
revoke all on function public.get_my_grievances() from public;

revoke all on function public.staff_list_grievances(boolean) from anon;
revoke all on function public.staff_list_grievances(boolean) from public;

revoke all on function public.staff_acknowledge_grievance(text,text) from anon;
revoke all on function public.staff_acknowledge_grievance(text,text) from public;

revoke all on function public.staff_resolve_grievance(text,text) from anon;
revoke all on function public.staff_resolve_grievance(text,text) from public;

-- After an incident: who was touched ------------------------------------------------------------------

revoke all on function public.admin_people_touched(text,timestamp with time zone,timestamp with time zone) from anon;
revoke all on function public.admin_people_touched(text,timestamp with time zone,timestamp with time zone) from public;

revoke all on function public.admin_incident_data_kinds() from anon;
revoke all on function public.admin_incident_data_kinds() from public;
