-- =====================================================================================================
-- payouts: the ledger, prizes, tax on net winnings, KYC, payouts and reconciliation with the providers
-- =====================================================================================================
-- The source of this area of the database. Edit it, then `npm run migration:new <name>` writes the migration
-- from the difference (scripts/migration-new.ts). Statements may name objects declared further down or in
-- another area file: the files are applied as a whole. Rule rows are idempotent upserts.
-- =====================================================================================================

-- =====================================================================================================
-- Tables: what is kept
-- =====================================================================================================

-- The ledger ------------------------------------------------------------------------------------------

comment on table private.ledger_journal is 'Append-only double-entry journals (see the migration that made it for signs and accounts).';
create table private.ledger_journal (
  id bigint generated always as identity not null,
  kind text not null,
  reference text not null,
  created_at timestamp with time zone default private.clock_now() not null,
  created_by uuid,
  constraint ledger_journal_pkey PRIMARY KEY (id),
  constraint ledger_journal_once_per_event UNIQUE (kind, reference),
  constraint ledger_journal_kind_known CHECK (private.ledger_journal_kind_known(kind)),
  constraint ledger_journal_reference_present CHECK (private.ledger_journal_reference_present(reference))
);

comment on table private.ledger_lines is 'Append-only lines of the ledger; each journal sums to zero.';
create table private.ledger_lines (
  id bigint generated always as identity not null,
  journal_id bigint not null,
  account text not null,
  amount_paise bigint not null,
  user_id uuid,
  constraint ledger_lines_pkey PRIMARY KEY (id),
  constraint ledger_lines_journal_id_fkey FOREIGN KEY (journal_id) REFERENCES private.ledger_journal(id),
  constraint ledger_lines_account_known CHECK (private.ledger_account_known(account)),
  constraint ledger_lines_amount_not_zero CHECK ((amount_paise <> 0)),
  constraint ledger_lines_player_account_names_its_player CHECK (private.ledger_player_account_names_its_player(account, user_id))
);
CREATE INDEX ledger_lines_of_account ON private.ledger_lines USING btree (account);
CREATE INDEX ledger_lines_of_journal ON private.ledger_lines USING btree (journal_id);
CREATE INDEX ledger_lines_of_user ON private.ledger_lines USING btree (user_id) WHERE (user_id IS NOT NULL);

-- Prizes ----------------------------------------------------------------------------------------------

comment on table private.prize_awards is 'Each entry''s prize in a finished tournament: credited once after the challenge window, or held while its payment has a chargeback (admins pay or forfeit it).';
create table private.prize_awards (
  tournament_id text not null,
  entry_id uuid not null,
  player_id uuid not null,
  place_label text not null,
  amount_paise bigint not null,
  status text not null,
  journal_id bigint,
  created_at timestamp with time zone not null,
  decided_at timestamp with time zone,
  decided_by uuid,
  note text,
  constraint prize_awards_pkey PRIMARY KEY (tournament_id, entry_id),
  constraint prize_awards_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES public.entries(id),
  constraint prize_awards_journal_id_fkey FOREIGN KEY (journal_id) REFERENCES private.ledger_journal(id),
  constraint prize_awards_player_id_fkey FOREIGN KEY (player_id) REFERENCES public.profiles(id),
  constraint prize_awards_tournament_id_fkey FOREIGN KEY (tournament_id) REFERENCES public.tournaments(id),
  constraint prize_awards_amount_positive CHECK ((amount_paise > 0)),
  constraint prize_awards_status_known CHECK ((status = ANY (ARRAY['credited'::text, 'held'::text, 'forfeited'::text])))
);
CREATE INDEX prize_awards_of_player ON private.prize_awards USING btree (player_id);
comment on column private.prize_awards.note is 'personal: free_text. The staff member''s note on a held prize (may name the player).';

-- Tax on net winnings ---------------------------------------------------------------------------------

comment on table private.settings is 'Rates and choices the chartered accountant owns (tax_rate, entry_fees_are_deposits, payout_approval_over_paise).';
create table private.settings (
  key text not null,
  value jsonb not null,
  note text default ''::text not null,
  updated_at timestamp with time zone default now() not null,
  constraint settings_pkey PRIMARY KEY (key)
);

comment on table private.tax_withholdings is 'Tax withheld at each withdrawal and at each year end, with the net winnings it was computed on.';
create table private.tax_withholdings (
  id bigint generated always as identity not null,
  user_id uuid not null,
  financial_year integer not null,
  kind text not null,
  gross_paise bigint not null,
  net_winnings_paise bigint not null,
  tax_paise bigint not null,
  payout_id uuid,
  at timestamp with time zone not null,
  reversed_at timestamp with time zone,
  constraint tax_withholdings_pkey PRIMARY KEY (id),
  constraint tax_withholdings_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id),
  constraint tax_withholdings_kind_known CHECK ((kind = ANY (ARRAY['withdrawal'::text, 'year_end'::text]))),
  constraint tax_withholdings_net_not_negative CHECK ((net_winnings_paise >= 0)),
  constraint tax_withholdings_tax_not_negative CHECK ((tax_paise >= 0))
);
CREATE INDEX tax_withholdings_of_user ON private.tax_withholdings USING btree (user_id, financial_year);
CREATE UNIQUE INDEX tax_withholdings_one_per_payout ON private.tax_withholdings USING btree (payout_id) WHERE (payout_id IS NOT NULL);
CREATE UNIQUE INDEX tax_withholdings_one_year_end ON private.tax_withholdings USING btree (user_id, financial_year) WHERE (kind = 'year_end'::text);

comment on table private.year_end_runs is 'Financial years whose year-end withholding has run (once each).';
create table private.year_end_runs (
  financial_year integer not null,
  done_at timestamp with time zone not null,
  players integer not null,
  constraint year_end_runs_pkey PRIMARY KEY (financial_year)
);

-- KYC -------------------------------------------------------------------------------------------------

comment on table public.kyc_records is 'PAN (encrypted, its last four characters and its keyed HMAC) and UPI id checks before withdrawals. Written only by submit_kyc and service_record_kyc_check.';
create table public.kyc_records (
  user_id uuid not null,
  pan_name_status text default 'pending'::text not null,
  upi_id text not null,
  upi_status text default 'pending'::text not null,
  status text default 'pending'::text not null,
  reason text,
  submission integer default 1 not null,
  submitted_at timestamp with time zone not null,
  verified_at timestamp with time zone,
  upi_changed_at timestamp with time zone,
  payouts_held_until timestamp with time zone,
  updated_at timestamp with time zone not null,
  pan_hmac bytea not null,
  pan_check_submission integer not null,
  upi_check_submission integer not null,
  pan_ciphertext bytea not null,
  pan_last4 text not null,
  reason_code text,
  constraint kyc_records_pkey PRIMARY KEY (user_id),
  constraint kyc_records_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint kyc_records_pan_last4_shape CHECK ((pan_last4 ~ '^[0-9]{3}[A-Z]$'::text)),
  -- The code of the reason beside it when this site wrote the words (the UPI check's own words keep upi_not_verified):
  -- pages word each one in the reader's language (src/lib/i18n/reason-words.ts reads this list).
  constraint kyc_records_reason_code_known CHECK ((reason_code = ANY (ARRAY['pan_not_verified'::text, 'upi_not_verified'::text, 'check_late'::text]))),
  constraint kyc_records_pan_name_status_known CHECK ((pan_name_status = ANY (ARRAY['pending'::text, 'ok'::text, 'failed'::text]))),
  constraint kyc_records_status_known CHECK ((status = ANY (ARRAY['pending'::text, 'verified'::text, 'rejected'::text]))),
  constraint kyc_records_upi_id_format CHECK (((upi_id ~ '^[a-zA-Z0-9._-]{2,}@[a-zA-Z]{2,64}$'::text) AND (char_length(split_part(upi_id, '@'::text, 1)) <= 256))),
  constraint kyc_records_upi_status_known CHECK ((upi_status = ANY (ARRAY['pending'::text, 'ok'::text, 'failed'::text])))
);
CREATE UNIQUE INDEX kyc_records_one_verified_account_per_pan ON public.kyc_records USING btree (pan_hmac) WHERE (verified_at IS NOT NULL);
alter table public.kyc_records enable row level security;
comment on column public.kyc_records.upi_id is 'personal: upi_id';
comment on column public.kyc_records.reason is 'personal: free_text. Why a check refused the details (may name the player).';
comment on column public.kyc_records.pan_hmac is 'personal: pan_hash. private.pan_hmac(pan): one PAN per verified account is a unique index on it over the records with a verified_at.';
comment on column public.kyc_records.pan_check_submission is 'The submission the PAN check was last asked for; an answer for another submission is ignored.';
comment on column public.kyc_records.upi_check_submission is 'The submission the UPI check was last asked for; an answer for another submission is ignored.';
comment on column public.kyc_records.pan_ciphertext is 'personal: pan';
comment on column public.kyc_records.pan_last4 is 'personal: pan_last4';

comment on table private.secret_keys is 'Keys the database itself uses (the PAN HMAC key). No API role has a grant; losing a key makes every value made with it unmatchable, so it is never replaced in place.';
create table private.secret_keys (
  name text not null,
  key bytea not null,
  created_at timestamp with time zone default now() not null,
  constraint secret_keys_pkey PRIMARY KEY (name),
  constraint secret_keys_key_long_enough CHECK ((octet_length(key) >= 32))
);

-- Payouts and approvals -------------------------------------------------------------------------------

comment on table public.payouts is 'Withdrawals of winnings to a UPI id. Written only by SQL functions.';
create table public.payouts (
  id uuid default gen_random_uuid() not null,
  user_id uuid not null,
  gross_paise bigint not null,
  tax_paise bigint not null,
  net_paise bigint not null,
  status text not null,
  idempotency_key text,
  provider_payout_id text,
  upi_id text,
  failure_reason text,
  needs_approvals integer default 0 not null,
  last_event_at timestamp with time zone,
  processed_at timestamp with time zone,
  created_at timestamp with time zone not null,
  updated_at timestamp with time zone not null,
  utr text,
  constraint payouts_pkey PRIMARY KEY (id),
  constraint payouts_one_per_key UNIQUE (user_id, idempotency_key),
  constraint payouts_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id),
  constraint payouts_gross_is_tax_and_net CHECK ((gross_paise = (tax_paise + net_paise))),
  constraint payouts_gross_positive CHECK ((gross_paise > 0)),
  constraint payouts_needs_approvals_range CHECK (((needs_approvals >= 0) AND (needs_approvals <= 2))),
  constraint payouts_status_known CHECK ((status = ANY (ARRAY['awaiting_approval'::text, 'approved'::text, 'queued'::text, 'pending'::text, 'scheduled'::text, 'processing'::text, 'processed'::text, 'reversed'::text, 'cancelled'::text, 'rejected'::text, 'failed'::text]))),
  constraint payouts_tax_not_negative CHECK ((tax_paise >= 0)),
  constraint payouts_utr_length CHECK (((utr IS NULL) OR ((char_length(utr) >= 1) AND (char_length(utr) <= 64))))
);
CREATE INDEX payouts_of_user ON public.payouts USING btree (user_id, created_at DESC);
CREATE INDEX payouts_open ON public.payouts USING btree (status) WHERE (status <> ALL (ARRAY['processed'::text, 'reversed'::text, 'cancelled'::text, 'rejected'::text, 'failed'::text]));
alter table public.payouts enable row level security;
comment on column public.payouts.upi_id is 'personal: upi_id. The UPI id the payout was sent to.';
comment on column public.payouts.utr is 'The bank''s unique transaction reference of a transfer RazorpayX sent, from its webhook or the poll: the proof a player can show their bank.';

comment on table public.payout_approvals is 'Admin approvals of payouts; a payout needs one or two before it is sent. Admins read them.';
create table public.payout_approvals (
  payout_id uuid not null,
  admin_id uuid not null,
  at timestamp with time zone not null,
  constraint payout_approvals_pkey PRIMARY KEY (payout_id, admin_id),
  constraint payout_approvals_admin_id_fkey FOREIGN KEY (admin_id) REFERENCES public.profiles(id),
  constraint payout_approvals_payout_id_fkey FOREIGN KEY (payout_id) REFERENCES public.payouts(id)
);
alter table public.payout_approvals enable row level security;

-- Chargebacks -----------------------------------------------------------------------------------------

comment on table private.chargebacks is 'One row per Razorpay dispute of a payment: open holds the payer''s withdrawals up to the amount and the credited prizes of the entries it paid for, won releases, lost debits the ledger (player first, the rest a platform loss) and takes those prizes back. Events in any order end in the first decision.';
create table private.chargebacks (
  razorpay_dispute_id text not null,
  razorpay_payment_id text not null,
  payment_id uuid,
  registration_id uuid,
  tournament_id text,
  user_id uuid,
  amount_paise bigint not null,
  status text not null,
  reason text,
  opened_at timestamp with time zone not null,
  decided_at timestamp with time zone,
  recovered_paise bigint default 0 not null,
  loss_paise bigint default 0 not null,
  updated_at timestamp with time zone not null,
  constraint chargebacks_pkey PRIMARY KEY (razorpay_dispute_id),
  constraint chargebacks_payment_id_fkey FOREIGN KEY (payment_id) REFERENCES public.payments(id),
  constraint chargebacks_registration_id_fkey FOREIGN KEY (registration_id) REFERENCES public.tournament_registrations(id),
  constraint chargebacks_tournament_id_fkey FOREIGN KEY (tournament_id) REFERENCES public.tournaments(id),
  constraint chargebacks_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id),
  constraint chargebacks_amount_positive CHECK ((amount_paise > 0)),
  constraint chargebacks_decided_when_final CHECK (((status = 'open'::text) = (decided_at IS NULL))),
  constraint chargebacks_dispute_id_length CHECK (((char_length(razorpay_dispute_id) >= 1) AND (char_length(razorpay_dispute_id) <= 100))),
  constraint chargebacks_loss_not_negative CHECK ((loss_paise >= 0)),
  constraint chargebacks_recovered_not_negative CHECK ((recovered_paise >= 0)),
  constraint chargebacks_status_known CHECK ((status = ANY (ARRAY['open'::text, 'won'::text, 'lost'::text])))
);
CREATE INDEX chargebacks_of_registration ON private.chargebacks USING btree (registration_id);
CREATE INDEX chargebacks_open_of_user ON private.chargebacks USING btree (user_id) WHERE (status = 'open'::text);

-- Reconciliation with the providers -------------------------------------------------------------------

comment on table private.reconciliation_differences is 'Differences between what a provider (RazorpayX, Razorpay) reports and the ledger, for staff; money is never changed here.';
create table private.reconciliation_differences (
  id bigint generated always as identity not null,
  kind text not null,
  reference text not null,
  ledger_paise bigint not null,
  provider_paise bigint not null,
  found_at timestamp with time zone not null,
  resolved_at timestamp with time zone,
  note text,
  constraint reconciliation_differences_pkey PRIMARY KEY (id),
  constraint reconciliation_kind_known CHECK ((kind = ANY (ARRAY['payouts'::text, 'payments'::text])))
);
CREATE UNIQUE INDEX reconciliation_one_open_difference ON private.reconciliation_differences USING btree (kind, reference) WHERE (resolved_at IS NULL);

-- =====================================================================================================
-- Rules: the rule rows, and the private functions and triggers that apply them
-- =====================================================================================================

-- Rows of private.outbox_kinds ------------------------------------------------------------------------

insert into private.outbox_kinds (kind, area, label, kept_fields, details_function, answer_function, retry_for, gave_up_tells_staff) values
  ('pan_verification', 'payouts', 'a PAN check', '{user_id,submission}', 'private.kyc_check_call_details', null, null, true),
  ('upi_validation', 'payouts', 'a UPI id check', '{user_id,submission}', 'private.kyc_check_call_details', null, null, true),
  ('razorpayx_payout', 'payouts', 'a payout', '{payout_id,user_id,net_paise}', 'private.payout_call_details', null, null, true),
  ('razorpayx_payout_check', 'payouts', 'a payout status check', '{payout_id,provider_payout_id}', null, null, null, true),
  ('provider_reconciliation', 'payouts', 'a reconciliation', '{kind,from,to}', null, null, null, true)
on conflict (kind) do update set area = excluded.area, label = excluded.label, kept_fields = excluded.kept_fields,
  details_function = excluded.details_function, answer_function = excluded.answer_function, retry_for = excluded.retry_for,
  gave_up_tells_staff = excluded.gave_up_tells_staff;

-- Rows of private.due_work_steps ----------------------------------------------------------------------

insert into private.due_work_steps (name, area, function_name, run_order, every_minutes) values
  ('ledger_check', 'payouts', 'private.run_due_ledger_check', '720', '60'),
  ('prizes_tax_and_payout_checks', 'payouts', 'private.run_due_money_work', '700', '1'),
  ('provider_reconciliation', 'payouts', 'private.run_due_reconciliation_work', '800', '15')
on conflict (name) do update set area = excluded.area, function_name = excluded.function_name, run_order = excluded.run_order,
  every_minutes = excluded.every_minutes;

-- Rows of private.status_transitions ------------------------------------------------------------------

insert into private.status_transitions (machine, from_status, to_status, allowed_by) values
  ('kyc', null, 'pending', '{public.submit_kyc}'),
  ('kyc', 'pending', 'verified', '{public.service_record_kyc_check}'),
  ('kyc', 'pending', 'rejected', '{public.service_record_kyc_check}'),
  ('kyc', 'verified', 'rejected', '{public.service_record_kyc_check}'),
  ('kyc', 'rejected', 'verified', '{public.service_record_kyc_check}'),
  ('kyc', 'rejected', 'pending', '{public.service_record_kyc_check,public.submit_kyc}'),
  ('kyc', 'verified', 'pending', '{public.submit_kyc}'),
  ('payout', null, 'awaiting_approval', '{public.request_payout}'),
  ('payout', null, 'approved', '{public.request_payout}'),
  ('payout', 'awaiting_approval', 'approved', '{public.staff_approve_payout}'),
  ('payout', 'approved', 'queued', '{public.service_record_payout_status}'),
  ('payout', 'approved', 'pending', '{public.service_record_payout_status}'),
  ('payout', 'approved', 'scheduled', '{public.service_record_payout_status}'),
  ('payout', 'approved', 'processing', '{public.service_record_payout_status}'),
  ('payout', 'approved', 'processed', '{public.service_record_payout_status}'),
  ('payout', 'queued', 'pending', '{public.service_record_payout_status}'),
  ('payout', 'queued', 'scheduled', '{public.service_record_payout_status}'),
  ('payout', 'queued', 'processing', '{public.service_record_payout_status}'),
  ('payout', 'queued', 'processed', '{public.service_record_payout_status}'),
  ('payout', 'pending', 'scheduled', '{public.service_record_payout_status}'),
  ('payout', 'pending', 'processing', '{public.service_record_payout_status}'),
  ('payout', 'pending', 'processed', '{public.service_record_payout_status}'),
  ('payout', 'scheduled', 'processing', '{public.service_record_payout_status}'),
  ('payout', 'scheduled', 'processed', '{public.service_record_payout_status}'),
  ('payout', 'processing', 'processed', '{public.service_record_payout_status}'),
  ('payout', 'processed', 'reversed', '{public.service_record_payout_status}'),
  ('payout', 'approved', 'reversed', '{public.service_record_payout_status}'),
  ('payout', 'queued', 'reversed', '{public.service_record_payout_status}'),
  ('payout', 'pending', 'reversed', '{public.service_record_payout_status}'),
  ('payout', 'scheduled', 'reversed', '{public.service_record_payout_status}'),
  ('payout', 'processing', 'reversed', '{public.service_record_payout_status}'),
  ('payout', 'approved', 'cancelled', '{public.service_record_payout_status}'),
  ('payout', 'queued', 'cancelled', '{public.service_record_payout_status}'),
  ('payout', 'pending', 'cancelled', '{public.service_record_payout_status}'),
  ('payout', 'scheduled', 'cancelled', '{public.service_record_payout_status}'),
  ('payout', 'processing', 'cancelled', '{public.service_record_payout_status}'),
  ('payout', 'approved', 'rejected', '{public.service_record_payout_status}'),
  ('payout', 'queued', 'rejected', '{public.service_record_payout_status}'),
  ('payout', 'pending', 'rejected', '{public.service_record_payout_status}'),
  ('payout', 'scheduled', 'rejected', '{public.service_record_payout_status}'),
  ('payout', 'processing', 'rejected', '{public.service_record_payout_status}'),
  ('payout', 'approved', 'failed', '{public.service_record_payout_status}'),
  ('payout', 'queued', 'failed', '{public.service_record_payout_status}'),
  ('payout', 'pending', 'failed', '{public.service_record_payout_status}'),
  ('payout', 'scheduled', 'failed', '{public.service_record_payout_status}'),
  ('payout', 'processing', 'failed', '{public.service_record_payout_status}'),
  ('payout', 'awaiting_approval', 'rejected', '{public.staff_reject_payout}'),
  ('prize_award', null, 'credited', '{private.credit_prizes}'),
  ('prize_award', null, 'held', '{private.credit_prizes}'),
  ('prize_award', 'held', 'credited', '{private.release_won_chargeback,public.staff_decide_held_prize}'),
  ('prize_award', 'held', 'forfeited', '{private.book_lost_chargeback,public.staff_decide_held_prize}'),
  ('prize_award', null, 'forfeited', '{private.credit_prizes}'),
  ('chargeback', null, 'open', '{public.service_record_payment_dispute}'),
  ('chargeback', 'open', 'won', '{public.service_record_payment_dispute}'),
  ('chargeback', 'open', 'lost', '{public.service_record_payment_dispute}'),
  ('prize_award', 'credited', 'forfeited', '{private.book_lost_chargeback}')
on conflict (machine, from_status, to_status) do update set allowed_by = excluded.allowed_by;

-- Rows of private.settings ----------------------------------------------------------------------------

insert into private.settings (key, value, note) values
  ('account_deletion_forfeit_max_paise', '100', 'A balance up to this (RazorpayX sends no UPI transfer below ₹1) may be given up with the player''s consent when they delete their account.'),
  ('account_deletion_grace', '"7 days"', 'How long a deletion request waits before the account is erased; the player can cancel meanwhile.'),
  ('account_deletion_reminder_before', '"48 hours"', 'The second e-mail about a deletion request goes this long before the erasure.'),
  ('account_erasure_deadline_after', '"30 days"', 'How long after its scheduled date an erasure may wait (parked, failing, or held by money or play) before staff are told it risks the legal deadline. For a lawyer to confirm against the DPDP Rules.'),
  ('deductor_tan', 'null', 'The deductor''s TAN printed on every tax statement (10 characters, e.g. BLRG12345E). Null until the operator sets the company''s TAN: statements then say it is not set.'),
  ('due_work_park_after', '5', 'Failures in a row after which an item of a periodic step is parked until an admin retries it (staff_retry_due_work).'),
  ('entry_fees_are_deposits', 'true', 'Entry fees paid in the financial year (less refunds) are deposits (B in Rule 133): net winnings are what is withdrawn less them. Confirm with the chartered accountant.'),
  ('kept_books_of_account', '"8 years"', 'How long payments, the ledger and tax withheld with the PAN of an erased account are kept (Companies Act s.128(5); a chartered accountant confirms).'),
  ('kept_processing_logs', '"1 year"', 'How long logs of processing about an erased account are kept (DPDP Rules r.8(3)).'),
  ('payout_approval_over_paise', '1000000', 'Payouts above this wait for an admin (the first payout always does).'),
  ('payout_approval_target', '"24 hours"', 'How long after a withdrawal is requested an admin approves it, when it waits for one (the player is told the time).'),
  ('rating_tau', '0.5', 'Glicko-2 system constant τ: how much a player''s volatility may change in one rating period (0.3 to 1.2).'),
  ('recent_sign_in_minutes', '10', 'Deleting an account needs a sign-in (e-mail code or password) this recent.'),
  ('retention_evidence_days', '90', 'Days after a tournament settles (or is cancelled) before its result and dispute screenshots are deleted; kept while a dispute or chargeback of it is open.'),
  ('retention_expired_consent_request_days', '0', 'Days after a parental consent link expired unused before the request (the parent''s address with it) is deleted.'),
  ('retention_outbox_given_up_days', '30', 'Days an outside call given up on keeps its payload (for staff to retry it) before the personal data in it is cleared.'),
  ('retention_unconfirmed_news_signup_days', '30', 'Days a "Notify Me" address may stay unconfirmed before it is deleted.'),
  ('tax_rate', '0.30', 'Withholding on net winnings (section 194BA). Confirm with the chartered accountant.')
on conflict (key) do update set value = excluded.value, note = excluded.note;

-- Rows of private.secret_keys -------------------------------------------------------------------------

insert into private.secret_keys (name, key) values
  ('pan_hmac', extensions.gen_random_bytes(32)),
  ('parental_consent', extensions.gen_random_bytes(32)),
  ('story_news', extensions.gen_random_bytes(32))
on conflict (name) do nothing;

-- The ledger ------------------------------------------------------------------------------------------

-- Nobody changes the past.
CREATE OR REPLACE FUNCTION private.refuse_ledger_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  raise exception 'The ledger is append-only: journals and lines are never changed or removed'
    using errcode = 'PT403', hint = 'ledger_append_only';
end;
$function$;

-- A journal's balance was checked by a deferred constraint trigger on each of its lines: two trigger calls and
-- two lookups of the journal's lines per journal, at commit. Lines are only ever appended (never changed or
-- removed), so a journal balances when every statement that writes lines writes a balanced set for each
-- journal it touches. The check is now one statement-level trigger over the statement's new lines: an
-- unbalanced journal is refused by the statement that writes it, whoever writes it, without reading the
-- ledger.
CREATE OR REPLACE FUNCTION private.check_journal_balances()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
-- It reads only the statement's new lines (no table, no function of ours), so it needs neither its owner's
-- rights nor a search_path of its own: setting one on each of the race's two journals a payment cost time.
declare
  v_journal_id bigint;
  v_sum bigint;
begin
  select journal_id, sum(amount_paise) into v_journal_id, v_sum
    from new_lines group by journal_id having sum(amount_paise) <> 0 limit 1;
  if found then
    raise exception 'Ledger journal % does not balance (off by % paise)', v_journal_id, v_sum
      using errcode = 'PT409', hint = 'ledger_unbalanced';
  end if;
  return null;
end;
$function$;

-- The rules of a journal and its lines: each CHECK of the ledger's two tables calls one of these. A table's
-- CHECKs are read back from their stored text and prepared again by every statement that writes it (a refused
-- payment writes two journals): a call of a PL/pgSQL function is a few dozen characters to read, the rule's own
-- expression (the lists of kinds and accounts, two patterns) about three kilobytes. The rule itself is the same
-- expression, compiled once per connection.

comment on function private.ledger_journal_kind_known(text) is 'The CHECK ledger_journal_kind_known: the kinds of journal the ledger keeps.';
CREATE OR REPLACE FUNCTION private.ledger_journal_kind_known(p_kind text)
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
begin
  return p_kind = any (array['entry_fee', 'refund', 'prize', 'tax_withheld', 'payout_requested', 'payout_sent',
                             'payout_reversed', 'tax_reversed', 'chargeback', 'balance_forfeited']);
end;
$function$;

comment on function private.ledger_journal_reference_present(text) is 'The CHECK ledger_journal_reference_present: a journal''s reference is 1 to 200 characters.';
CREATE OR REPLACE FUNCTION private.ledger_journal_reference_present(p_reference text)
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
begin
  return char_length(p_reference) >= 1 and char_length(p_reference) <= 200;
end;
$function$;

comment on function private.ledger_account_known(text) is 'The CHECK ledger_lines_account_known: the platform''s accounts, a prize pool (prize_pool:<tournament>) or a player''s winnings (player:<uuid>:winnings).';
CREATE OR REPLACE FUNCTION private.ledger_account_known(p_account text)
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
begin
  return p_account = any (array['razorpay:clearing', 'platform:fees', 'tax:payable', 'payouts:in_flight', 'bank:payouts',
                                'platform:chargeback_loss', 'platform:forfeited_balances'])
      or p_account ~ '^prize_pool:.+$'
      or p_account ~ '^player:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:winnings$';
end;
$function$;

comment on function private.ledger_player_account_names_its_player(text,uuid) is 'The CHECK ledger_lines_player_account_names_its_player: a line of a player''s account names that player.';
CREATE OR REPLACE FUNCTION private.ledger_player_account_names_its_player(p_account text, p_user_id uuid)
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
begin
  return p_account !~ '^player:' or (p_user_id is not null and p_account = 'player:' || p_user_id::text || ':winnings');
end;
$function$;

-- Posts one journal: p_lines is [{account, amount_paise, user_id?}, ...] (zero lines are left out).
-- Returns the journal id, or null when this (kind, reference) was posted before (nothing is posted again).
CREATE OR REPLACE FUNCTION private.post_journal(p_kind text, p_reference text, p_lines jsonb, p_created_by uuid DEFAULT NULL::uuid)
 RETURNS bigint
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_id bigint;
  v_sum bigint;
begin
  select coalesce(sum((l ->> 'amount_paise')::bigint), 0) into v_sum from jsonb_array_elements(p_lines) as l;
  if v_sum <> 0 then
    raise exception 'Ledger journal % % does not balance (off by % paise)', p_kind, p_reference, v_sum
      using errcode = 'PT409', hint = 'ledger_unbalanced';
  end if;
  if not exists (select 1 from jsonb_array_elements(p_lines) as l where (l ->> 'amount_paise')::bigint <> 0) then
    return null;
  end if;
  insert into private.ledger_journal (kind, reference, created_at, created_by)
  values (p_kind, p_reference, private.clock_now(), p_created_by)
  on conflict (kind, reference) do nothing
  returning id into v_id;
  if v_id is null then
    return null;
  end if;
  insert into private.ledger_lines (journal_id, account, amount_paise, user_id)
  select v_id, l ->> 'account', (l ->> 'amount_paise')::bigint, (l ->> 'user_id')::uuid
    from jsonb_array_elements(p_lines) as l
   where (l ->> 'amount_paise')::bigint <> 0;
  return v_id;
end;
$function$;

-- A journal of two lines: p_first_account gets p_first_amount_paise, p_second_account its opposite.
-- Returns the journal's id, or null when nothing was posted (a zero amount, or the journal exists).
CREATE OR REPLACE FUNCTION private.post_mirrored_journal(p_kind text, p_reference text, p_first_account text, p_first_amount_paise bigint, p_second_account text, p_user_id uuid)
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
declare
  v_id bigint;
begin
  if p_first_amount_paise = 0 then
    return null;
  end if;
  insert into private.ledger_journal (kind, reference, created_at, created_by)
  values (p_kind, p_reference, private.clock_now(), null)
  on conflict (kind, reference) do nothing
  returning id into v_id;
  if v_id is null then
    return null;
  end if;
  insert into private.ledger_lines (journal_id, account, amount_paise, user_id)
  values (v_id, p_first_account, p_first_amount_paise, p_user_id),
         (v_id, p_second_account, -p_first_amount_paise, p_user_id);
  return v_id;
end;
$function$;

-- Everything a payment owes the ledger (idempotent: posting twice posts once).
CREATE OR REPLACE FUNCTION private.post_payment_journals(p_payment public.payments)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if private.payment_has_entry_fee(p_payment) then
    perform private.post_entry_fee_journal(p_payment);
    perform private.post_refund_journal(p_payment);
  end if;
end;
$function$;

-- An update posts only what it changed. When the previous version already carried the entry fee, that
-- fee and every refund up to the previous refunded_paise were posted when that version was written.
CREATE OR REPLACE FUNCTION private.post_payment_journals_on_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_journal bigint;
begin
  if not private.payment_has_entry_fee(new) then
    return null;
  end if;
  -- The journals are posted by assignment, not PERFORM: a PERFORM is a query of its own (an executor started
  -- and ended on every payment the race confirms or refunds), an assignment calls the function directly.
  if tg_op = 'INSERT' or not private.payment_has_entry_fee(old) then
    -- The payment gets its entry fee now: nothing of it is in the ledger yet, refunds made before included.
    v_journal := private.post_entry_fee_journal(new);
    if new.refunded_paise > 0 then
      v_journal := private.post_refund_journal(new, 0);
    end if;
  elsif new.refunded_paise is distinct from old.refunded_paise then
    -- Every earlier change of the refunded amount was journaled by this trigger.
    v_journal := private.post_refund_journal(new, old.refunded_paise);
  end if;
  return null;
end;
$function$;

-- A payment carries an entry fee in the ledger once it is captured (paid, refund pending or refunded).
CREATE OR REPLACE FUNCTION private.payment_has_entry_fee(p_payment public.payments)
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
begin
  return p_payment.amount_paise > 0 and p_payment.razorpay_payment_id is not null
     and p_payment.status in ('paid', 'refund_pending', 'refunded');
end;
$function$;

comment on function private.post_refund_journal(public.payments,bigint) is 'A payment''s refund journal: what is refunded beyond what the ledger already holds of its refunds, under the reference payment:<id>:<refunded so far>. Returns the journal''s id, null when nothing was posted.';
CREATE OR REPLACE FUNCTION private.post_refund_journal(p_payment public.payments, p_already_journaled_paise bigint)
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
begin
  if p_payment.refunded_paise > p_already_journaled_paise then
    return private.post_mirrored_journal('refund', 'payment:' || p_payment.id || ':' || p_payment.refunded_paise,
      'razorpay:clearing', p_payment.refunded_paise - p_already_journaled_paise, 'platform:fees', p_payment.user_id);
  end if;
  return null;
end;
$function$;

-- A player's withdrawable balance (their winnings lines), optionally as it stood before p_before.
CREATE OR REPLACE FUNCTION private.player_balance(p_user_id uuid, p_before timestamp with time zone DEFAULT NULL::timestamp with time zone)
 RETURNS bigint
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(sum(l.amount_paise), 0)::bigint
    from private.ledger_lines l
    join private.ledger_journal j on j.id = l.journal_id
   where l.account = private.player_account(p_user_id)
     and (p_before is null or j.created_at < p_before);
$function$;

-- check_ledger: does everything balance?
CREATE OR REPLACE FUNCTION private.check_ledger()
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with per_journal as (
    select j.id, coalesce(sum(l.amount_paise), 0) as total, count(l.id) as lines
      from private.ledger_journal j
      left join private.ledger_lines l on l.journal_id = j.id
     group by j.id
  ), per_player as (
    select account, sum(amount_paise) as balance from private.ledger_lines where account like 'player:%' group by account
  )
  select jsonb_build_object(
    'balanced', (select count(*) from per_journal where total <> 0 or lines < 2) = 0
                and (select coalesce(sum(amount_paise), 0) from private.ledger_lines) = 0
                and (select count(*) from per_player where balance < 0) = 0,
    'journals', (select count(*) from per_journal),
    'journals_unbalanced', (select count(*) from per_journal where total <> 0 or lines < 2),
    'total_paise', (select coalesce(sum(amount_paise), 0) from private.ledger_lines),
    'negative_player_balances', (select count(*) from per_player where balance < 0),
    'players_owed_paise', (select coalesce(sum(balance), 0) from per_player),
    'tax_payable_paise', (select coalesce(sum(amount_paise), 0) from private.ledger_lines where account = 'tax:payable'),
    'in_flight_paise', (select coalesce(sum(amount_paise), 0) from private.ledger_lines where account = 'payouts:in_flight')
  );
$function$;

-- Prizes ----------------------------------------------------------------------------------------------

comment on function private.prize_formula_bands(public.tournaments) is 'A tournament''s bands from its own formula and pool (no formula or an empty one: the whole pool to the winner; no pool: none).';
CREATE OR REPLACE FUNCTION private.prize_formula_bands(p_tournament public.tournaments)
 RETURNS TABLE(from_place integer, to_place integer, total_paise bigint)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select b.from_place, b.to_place, b.total_paise
    from private.formula_bands(
           coalesce(nullif(p_tournament.prize_formula, '[]'::jsonb),
                    case when coalesce(p_tournament.prize_pool_paise, 0) > 0
                         then jsonb_build_array(jsonb_build_object('from_place', 1, 'to_place', 1,
                                                                   'amount_paise', p_tournament.prize_pool_paise))
                         else '[]'::jsonb end),
           p_tournament.prize_pool_paise) as b;
$function$;

-- What each single place is worth.
CREATE OR REPLACE FUNCTION private.place_amounts(p_tournament public.tournaments)
 RETURNS TABLE(place integer, amount_paise bigint)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select p, sum(b.total_paise / (b.to_place - b.from_place + 1)
                + case when p - b.from_place < b.total_paise % (b.to_place - b.from_place + 1) then 1 else 0 end)::bigint
    from private.prize_formula_bands(p_tournament) b
   cross join lateral generate_series(b.from_place, b.to_place) as p
   group by p;
$function$;

comment on function private.prize_allocation(text) is 'Each entry''s prize by the places its band of the standings covers (the round it went out in); a place nobody finished in pays no one.';
CREATE OR REPLACE FUNCTION private.prize_allocation(p_tournament_id text)
 RETURNS TABLE(entry_id uuid, player_id uuid, place_label text, first_place integer, last_place integer, amount_paise bigint)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
 SET jit TO 'off'
AS $function$
  with t as (select * from public.tournaments where id = p_tournament_id),
  standings as (
    select b.value as band, b.ord, (b.value ->> 'from')::integer as first_place, (b.value ->> 'to')::integer as last_place
      from jsonb_array_elements(public.get_standings(p_tournament_id)) with ordinality as b (value, ord)
  ), members as (
    select s.ord, s.band ->> 'place' as label, (e.value ->> 'entry_id')::uuid as entry_id
      from standings s cross join lateral jsonb_array_elements(s.band -> 'entries') as e (value)
  ), ranges as (
    -- Grouped by the band's number and places, never by the band itself: hashing a band (every entry in it) once
    -- per member cost more than the rest of the allocation.
    select s.ord, count(m.entry_id)::integer as k, s.first_place, s.last_place
      from standings s join members m on m.ord = s.ord
     group by s.ord, s.first_place, s.last_place
  ), amounts as materialized (
    -- Each place's amount, worked out once (read per band below, it was worked out again for every entry).
    select a.place, a.amount_paise from t cross join lateral private.place_amounts(t) a
  ), totals as (
    select r.*, coalesce((select sum(a.amount_paise) from amounts a
                           where a.place between r.first_place and r.last_place), 0)::bigint as total
      from ranges r
  ), ranked as (
    select m.entry_id, m.label, tt.first_place, tt.last_place, tt.total, tt.k,
           row_number() over (partition by m.ord order by s.seed nulls last, m.entry_id) as rn
      from members m
      join totals tt on tt.ord = m.ord
      left join private.entry_seeds(p_tournament_id) s on s.entry_id = m.entry_id
  )
  select r.entry_id, e.player_id, r.label, r.first_place, r.last_place,
         (r.total / r.k + case when r.rn <= r.total % r.k then 1 else 0 end)::bigint
    from ranked r
    join public.entries e on e.id = r.entry_id;
$function$;

-- How long players may still challenge a final result.
CREATE OR REPLACE FUNCTION private.challenge_window(p_tournament public.tournaments)
 RETURNS interval
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when p_tournament.series = 'championship' then interval '24 hours' else interval '2 hours' end;
$function$;

comment on function private.credit_prizes(text) is 'Credits a tournament''s prizes once they are due: forfeits those of disqualified or refunded entries, holds those staff must decide, then settles it.';
CREATE OR REPLACE FUNCTION private.credit_prizes(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
 SET jit TO 'off'
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_row record;
  v_award private.prize_awards%rowtype;
  v_credited integer := 0;
  v_held integer := 0;
  v_forfeited integer := 0;
  v_paise bigint := 0;
  v_forfeited_paise bigint := 0;
begin
  -- The same lock as a staff correction: the standings cannot change while they are paid.
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  if v_tournament.settled_at is not null then
    return jsonb_build_object('settled', true, 'credited', 0, 'held', 0, 'forfeited', 0, 'paise', 0, 'already', true);
  end if;
  if v_tournament.cancelled_at is not null then
    return jsonb_build_object('waiting', 'cancelled');
  end if;
  if v_tournament.finished_at is null then
    return jsonb_build_object('waiting', 'not_finished');
  end if;
  if v_now < v_tournament.finished_at + private.challenge_window(v_tournament) then
    return jsonb_build_object('waiting', 'challenge_window');
  end if;
  if exists (select 1 from public.match_disputes d join public.matches m on m.id = d.match_id
              where m.tournament_id = p_tournament_id and d.settled_at is null) then
    return jsonb_build_object('waiting', 'open_dispute');
  end if;

  for v_row in
    select a.*, private.entry_prize_forfeited(a.entry_id) as forfeit, private.entry_prize_held(a.entry_id) as held
      from private.prize_allocation(p_tournament_id) a
     where a.amount_paise > 0 and a.player_id is not null
     order by a.first_place, a.entry_id
  loop
    insert into private.prize_awards (tournament_id, entry_id, player_id, place_label, amount_paise, status, created_at,
                                      decided_at, note)
    values (p_tournament_id, v_row.entry_id, v_row.player_id, v_row.place_label, v_row.amount_paise,
            case when v_row.forfeit is not null then 'forfeited' when v_row.held then 'held' else 'credited' end, v_now,
            case when v_row.forfeit is not null then v_now end, v_row.forfeit)
    on conflict (tournament_id, entry_id) do nothing
    returning * into v_award;
    if v_award.entry_id is null then
      continue;
    end if;
    if v_award.status = 'forfeited' then
      v_forfeited := v_forfeited + 1;
      v_forfeited_paise := v_forfeited_paise + v_award.amount_paise;
      perform private.audit(p_tournament_id, 'prize_forfeited',
                            'Prize of ' || private.entry_name(v_award.entry_id) || ' for ' || v_award.place_label || ' forfeited ('
                            || v_row.forfeit || '): ₹' || to_char(v_award.amount_paise / 100.0, 'FM99999999990.00')
                            || ' stays with the platform',
                            null, null, jsonb_build_object('amount_paise', v_award.amount_paise, 'reason', v_row.forfeit), true,
                            null, v_award.entry_id);
    elsif v_award.status = 'held' then
      v_held := v_held + 1;
      perform private.audit(p_tournament_id, 'prize_held',
                            'Prize of ' || private.entry_name(v_award.entry_id) || ' held: its payment has a chargeback',
                            null, null, jsonb_build_object('amount_paise', v_award.amount_paise), false, null, v_award.entry_id);
    else
      update private.prize_awards set journal_id = private.post_prize(v_award, null)
       where tournament_id = v_award.tournament_id and entry_id = v_award.entry_id;
      v_credited := v_credited + 1;
      v_paise := v_paise + v_award.amount_paise;
    end if;
    v_award := null;
  end loop;

  update public.tournaments set settled_at = v_now where id = p_tournament_id;
  perform private.audit(p_tournament_id, 'prizes_credited',
                        'Prizes credited: ₹' || to_char(v_paise / 100.0, 'FM99999999990.00') || ' to ' || v_credited || ' players'
                        || case when v_forfeited > 0 then '; ₹' || to_char(v_forfeited_paise / 100.0, 'FM99999999990.00')
                                                          || ' forfeited' else '' end,
                        null, null, jsonb_build_object('credited', v_credited, 'held', v_held, 'paise', v_paise,
                                                       'forfeited', v_forfeited, 'forfeited_paise', v_forfeited_paise), true);
  return jsonb_build_object('settled', true, 'credited', v_credited, 'held', v_held, 'paise', v_paise,
                            'forfeited', v_forfeited, 'forfeited_paise', v_forfeited_paise);
end;
$function$;

-- Every tournament whose prizes are due.
CREATE OR REPLACE FUNCTION private.credit_due_prizes(p_now timestamp with time zone)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_id text;
  v_settled integer := 0;
  v_error text;
  v_state text;
begin
  for v_id in
    select t.id from public.tournaments t
     where t.finished_at is not null and t.settled_at is null and t.cancelled_at is null
       and t.finished_at + private.challenge_window(t) <= p_now
       and not private.due_item_parked(t.id)
     order by t.finished_at, t.id
  loop
    begin
      if private.credit_prizes(v_id) ? 'settled' then
        v_settled := v_settled + 1;
      end if;
    exception when others then
      get stacked diagnostics v_error = message_text, v_state = returned_sqlstate;
      perform private.due_item_failed(v_id, v_error, v_state);
    end;
  end loop;
  return v_settled;
end;
$function$;

-- Admin approval
-- The tournaments a player's winnings came from.
CREATE OR REPLACE FUNCTION private.prize_tournaments_of(p_user_id uuid)
 RETURNS SETOF text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select distinct tournament_id from private.prize_awards where player_id = p_user_id and status = 'credited';
$function$;

comment on function private.entry_prize_forfeited(uuid) is 'A disqualified, withdrawn or refunded entry, or one whose payment was lost to a chargeback, wins nothing: its band''s amount is kept by the platform, not re-awarded.';
CREATE OR REPLACE FUNCTION private.entry_prize_forfeited(p_entry_id uuid)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case
           when private.entry_chargeback_status(e.id) = 'lost' then 'chargeback_lost'
           when e.status = 'withdrawn' and e.withdraw_reason like 'Disqualified%' then 'disqualified'
           when e.status = 'withdrawn' then 'withdrawn'
           when e.status = 'cancelled' or r.status = 'cancelled' or p.status in ('refund_pending', 'refunded') then 'refunded'
         end
    from public.entries e
    left join public.tournament_registrations r on r.id = e.registration_id
    left join public.payments p on p.id = r.payment_id
   where e.id = p_entry_id;
$function$;

comment on function private.entry_prize_held(uuid) is 'Held: an open chargeback on the entry''s payment or an open dispute in its tournament. The one place that says when a prize waits for staff.';
CREATE OR REPLACE FUNCTION private.entry_prize_held(p_entry_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select private.entry_chargeback_status(p_entry_id) = 'open'
      or exists (select 1 from public.entries e join public.tournament_registrations r on r.id = e.registration_id
                  where e.id = p_entry_id and r.disputed_at is not null
                    and private.entry_chargeback_status(p_entry_id) is distinct from 'won')
      or exists (select 1 from public.entries e
                   join public.matches m on m.tournament_id = e.tournament_id
                   join public.match_disputes d on d.match_id = m.id
                  where e.id = p_entry_id and d.settled_at is null);
$function$;

-- What a player will be credited from tournaments not settled yet (a forfeited prize is not coming).
CREATE OR REPLACE FUNCTION private.waiting_prizes_paise(p_user_id uuid)
 RETURNS bigint
 LANGUAGE sql
 STABLE
 SET search_path TO ''
 SET jit TO 'off'
AS $function$
  select coalesce(sum(a.amount_paise), 0)::bigint
    from public.tournaments t
   cross join lateral private.prize_allocation(t.id) a
   where t.finished_at is not null and t.settled_at is null and t.cancelled_at is null
     and exists (select 1 from public.entries e where e.tournament_id = t.id and e.player_id = p_user_id)
     and a.player_id = p_user_id
     and private.entry_prize_forfeited(a.entry_id) is null;
$function$;

comment on function private.prize_paid_times(uuid) is 'A player''s credited prizes with when each was paid: processed payouts cover them first in, first out.';
CREATE OR REPLACE FUNCTION private.prize_paid_times(p_user_id uuid)
 RETURNS TABLE(tournament_id text, entry_id uuid, credited_at timestamp with time zone, paid_at timestamp with time zone)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with prizes as (
    select a.tournament_id, a.entry_id, j.created_at as credited_at,
           sum(a.amount_paise) over (order by j.created_at, j.id) as covered_by
      from private.prize_awards a
      join private.ledger_journal j on j.id = a.journal_id
     where a.player_id = p_user_id and a.status = 'credited'
  ), paid as (
    select p.processed_at, sum(p.gross_paise) over (order by p.processed_at, p.id) as paid_so_far
      from public.payouts p
     where p.user_id = p_user_id and p.status = 'processed' and p.processed_at is not null
  )
  select z.tournament_id, z.entry_id, z.credited_at,
         (select case when min(d.processed_at) is not null then greatest(min(d.processed_at), z.credited_at) end
            from paid d where d.paid_so_far >= z.covered_by)
    from prizes z;
$function$;

-- Tax on net winnings ---------------------------------------------------------------------------------

-- The financial year of a moment: the calendar year in which its April-to-March year began (IST).
CREATE OR REPLACE FUNCTION private.financial_year(p_at timestamp with time zone)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select extract(year from (p_at at time zone 'Asia/Kolkata') - interval '3 months')::integer $function$;

-- C: the opening balance of the year: the balance when it began, less the year-end tax of the year before
-- (posted after the year turned, but owed on that year's closing balance).
CREATE OR REPLACE FUNCTION private.opening_balance(p_user_id uuid, p_financial_year integer)
 RETURNS bigint
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select private.player_balance(p_user_id, private.financial_year_start(p_financial_year))
         - coalesce((select sum(tax_paise) from private.tax_withholdings
                      where user_id = p_user_id and financial_year = p_financial_year - 1 and kind = 'year_end'
                        and reversed_at is null), 0)::bigint;
$function$;

-- B: non-taxable deposits of the player in [from, before): entry fees less refunds, when the setting says
-- they count; otherwise nothing (there are no deposits into the balance).
CREATE OR REPLACE FUNCTION private.deposits_between(p_user_id uuid, p_from timestamp with time zone, p_before timestamp with time zone)
 RETURNS bigint
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case when coalesce((private.setting('entry_fees_are_deposits') #>> '{}')::boolean, false)
              then (select coalesce(sum(l.amount_paise), 0)
                      from private.ledger_lines l join private.ledger_journal j on j.id = l.journal_id
                     where l.account = 'platform:fees' and l.user_id = p_user_id and j.kind in ('entry_fee', 'refund')
                       and j.created_at >= p_from and j.created_at < p_before)
              else 0 end::bigint;
$function$;

comment on function private.tax_in_withdrawal(uuid,bigint,timestamp with time zone) is 'The one reckoning of a withdrawal''s tax (s.194BA, Rule 133): A this year''s counted withdrawals with this one, B the entry fees paid this year less refunds, C the opening balance, D what earlier withdrawals this year counted; net winnings A − (B + C + D), never below zero; tax 30% of it, never more than the amount.';
CREATE OR REPLACE FUNCTION private.tax_in_withdrawal(p_user_id uuid, p_amount_paise bigint, p_at timestamp with time zone)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with fy as (select private.financial_year(p_at) as year),
  earlier as (
    select coalesce(sum(w.gross_paise), 0)::bigint as withdrawn, coalesce(sum(w.net_winnings_paise), 0)::bigint as counted
      from private.tax_withholdings w, fy
     where w.user_id = p_user_id and w.financial_year = fy.year and w.kind = 'withdrawal' and w.reversed_at is null
  ),
  parts as (
    select fy.year,
           earlier.withdrawn + greatest(coalesce(p_amount_paise, 0), 0) as withdrawn,                          -- A
           private.deposits_between(p_user_id, private.financial_year_start(fy.year), p_at + interval '1 microsecond')
             as entry_fees,                                                                                    -- B, so far
           private.opening_balance(p_user_id, fy.year) as opening,                                             -- C
           earlier.counted                                                                                     -- D
      from fy, earlier
  ),
  reckoned as (
    select parts.*, greatest(0, parts.withdrawn - (parts.entry_fees + parts.opening + parts.counted))::bigint as net_winnings
      from parts
  )
  select jsonb_build_object('financial_year', year, 'withdrawn_paise', withdrawn, 'entry_fees_paise', entry_fees,
                            'opening_balance_paise', opening, 'already_counted_paise', counted,
                            'net_winnings_paise', net_winnings,
                            'tax_paise', least(private.tax_on(net_winnings), greatest(coalesce(p_amount_paise, 0), 0)))
    from reckoned;
$function$;

-- Net winnings of a withdrawal of p_amount_paise at p_at (Rule 133).
CREATE OR REPLACE FUNCTION private.net_winnings_for_withdrawal(p_user_id uuid, p_amount_paise bigint, p_at timestamp with time zone)
 RETURNS bigint
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select (private.tax_in_withdrawal(p_user_id, p_amount_paise, p_at) ->> 'net_winnings_paise')::bigint;
$function$;

-- Net winnings at the end of a financial year (Rule 133): (A + D) - (B + C + E).
CREATE OR REPLACE FUNCTION private.net_winnings_at_year_end(p_user_id uuid, p_financial_year integer)
 RETURNS bigint
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with taxed as (
    select coalesce(sum(w.gross_paise), 0) as withdrawn, coalesce(sum(w.net_winnings_paise), 0) as net_taxed
      from private.tax_withholdings w
     where w.user_id = p_user_id and w.financial_year = p_financial_year and w.kind = 'withdrawal' and w.reversed_at is null
  )
  select greatest(0, (taxed.withdrawn                                                              -- A
                      + private.player_balance(p_user_id, private.financial_year_start(p_financial_year + 1)))  -- D
                     - (private.deposits_between(p_user_id, private.financial_year_start(p_financial_year),
                                                 private.financial_year_start(p_financial_year + 1))          -- B
                        + private.opening_balance(p_user_id, p_financial_year)                     -- C
                        + taxed.net_taxed))::bigint                                                -- E
    from taxed;
$function$;

-- The year-end withholding of one financial year, for every player (or one), once. Run after 31 March.
CREATE OR REPLACE FUNCTION private.withhold_year_end(p_financial_year integer, p_user_id uuid DEFAULT NULL::uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_end timestamptz := private.financial_year_start(p_financial_year + 1);
  v_user uuid;
  v_net bigint;
  v_tax bigint;
  v_closing bigint;
  v_count integer := 0;
begin
  if v_now < v_end then
    return 0;
  end if;
  if p_user_id is null and exists (select 1 from private.year_end_runs where financial_year = p_financial_year) then
    return 0;
  end if;
  for v_user in
    select distinct l.user_id
      from private.ledger_lines l join private.ledger_journal j on j.id = l.journal_id
     where l.account like 'player:%' and j.created_at < v_end
       and (p_user_id is null or l.user_id = p_user_id)
       and not exists (select 1 from private.tax_withholdings w
                        where w.user_id = l.user_id and w.financial_year = p_financial_year and w.kind = 'year_end')
  loop
    v_net := private.net_winnings_at_year_end(v_user, p_financial_year);
    v_closing := private.player_balance(v_user, v_end);
    v_tax := least(private.tax_on(v_net), greatest(private.player_balance(v_user), 0));
    insert into private.tax_withholdings (user_id, financial_year, kind, gross_paise, net_winnings_paise, tax_paise, at)
    values (v_user, p_financial_year, 'year_end', v_closing, v_net, v_tax, v_now);
    perform private.post_journal('tax_withheld', 'year-end:' || p_financial_year || ':' || v_user, jsonb_build_array(
      jsonb_build_object('account', private.player_account(v_user), 'amount_paise', -v_tax, 'user_id', v_user),
      jsonb_build_object('account', 'tax:payable', 'amount_paise', v_tax, 'user_id', v_user)));
    v_count := v_count + 1;
  end loop;
  if p_user_id is null then
    insert into private.year_end_runs (financial_year, done_at, players) values (p_financial_year, v_now, v_count)
    on conflict (financial_year) do nothing;
  end if;
  return v_count;
end;
$function$;

-- The year-end withholding of the year just ended comes first, for this player, if the job has not run yet.
CREATE OR REPLACE FUNCTION private.settle_last_year(p_user_id uuid, p_now timestamp with time zone)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.withhold_year_end(private.financial_year(p_now) - 1, p_user_id);
$function$;

-- KYC -------------------------------------------------------------------------------------------------

comment on function private.pan_encryption_key() is 'The key PANs are encrypted with, from Supabase Vault (secret pan_encryption_key; locally the stack''s .data/pan-encryption.key through the Vault stand-in). Never stored in a table of this database.';
CREATE OR REPLACE FUNCTION private.pan_encryption_key()
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_key text;
begin
  -- plpgsql: vault.decrypted_secrets is looked up when the key is needed, not when this is created.
  select s.decrypted_secret into v_key from vault.decrypted_secrets s where s.name = 'pan_encryption_key' limit 1;
  if v_key is null or char_length(v_key) < 32 then
    raise exception 'The PAN encryption key is not set: create the Vault secret pan_encryption_key (docs/privacy.md, PAN encryption)'
      using errcode = '55000';
  end if;
  return v_key;
end;
$function$;

comment on function private.encrypt_pan(text) is 'A PAN encrypted under the Vault key (pgp_sym_encrypt, AES-256): what kyc_records keeps.';
CREATE OR REPLACE FUNCTION private.encrypt_pan(p_pan text)
 RETURNS bytea
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$ select extensions.pgp_sym_encrypt(upper(btrim(p_pan)), private.pan_encryption_key(), 'cipher-algo=aes256') $function$;

comment on function private.decrypt_pan(bytea) is 'The clear PAN, for the functions that need it only (the PAN check when it is made, the tax register and certificates); each of them audits its use. supabase/tests/privacy-pan-encryption.test.ts lists who calls it.';
CREATE OR REPLACE FUNCTION private.decrypt_pan(p_ciphertext bytea)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$ select case when p_ciphertext is not null then extensions.pgp_sym_decrypt(p_ciphertext, private.pan_encryption_key()) end $function$;

comment on function private.audit_pan_reads(uuid,text,uuid[]) is 'One audit row for each use of clear PANs: who (null: the PAN check), what for, whose.';
CREATE OR REPLACE FUNCTION private.audit_pan_reads(p_actor uuid, p_purpose text, p_user_ids uuid[])
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.audit(null, 'pan_decrypted', 'PAN read in clear for ' || p_purpose, null, null,
                       jsonb_build_object('purpose', p_purpose, 'user_ids', to_jsonb(coalesce(p_user_ids, '{}'::uuid[])),
                                          'count', coalesce(cardinality(p_user_ids), 0)),
                       false, p_actor);
$function$;

comment on function private.pan_hmac(text) is 'The keyed HMAC-SHA256 of a PAN (upper case, trimmed): how PANs are compared without reading them, under a key no API role can read.';
CREATE OR REPLACE FUNCTION private.pan_hmac(p_pan text)
 RETURNS bytea
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select extensions.hmac(pg_catalog.convert_to(upper(btrim(p_pan)), 'UTF8'), k.key, 'sha256')
    from private.secret_keys k where k.name = 'pan_hmac';
$function$;

comment on function private.pan_not_verified_reason() is 'The one reason a player reads for any PAN that is not verified: a failed check and a PAN verified on another account read the same, so the answer never tells whether a PAN is registered here.';
CREATE OR REPLACE FUNCTION private.pan_not_verified_reason()
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select 'This PAN could not be verified for your account. Check it against your PAN card, and that your legal name here is exactly as printed on it, then submit it again. If both are right, write to support.'::text;
$function$;

-- Payouts and approvals -------------------------------------------------------------------------------

-- The tax of a withdrawal, shown before the player confirms
CREATE OR REPLACE FUNCTION private.require_amount(p_amount_paise bigint)
 RETURNS bigint
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  if p_amount_paise is null or p_amount_paise <= 0 then
    raise exception 'Enter an amount above zero' using errcode = 'PT400', hint = 'invalid_amount';
  end if;
  return p_amount_paise;
end;
$function$;

-- Requesting a payout
CREATE OR REPLACE FUNCTION private.queue_payout(p_payout public.payouts)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.enqueue_outside_call('razorpayx_payout', 'payout-' || p_payout.id,
    jsonb_build_object('payout_id', p_payout.id, 'user_id', p_payout.user_id, 'net_paise', p_payout.net_paise));
$function$;

-- Money back: a payout that never arrived (or came back) returns the gross and its tax
CREATE OR REPLACE FUNCTION private.return_payout(p_payout public.payouts, p_from_account text, p_by uuid)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform private.post_journal('payout_reversed', 'payout:' || p_payout.id, jsonb_build_array(
    jsonb_build_object('account', p_from_account, 'amount_paise', -p_payout.net_paise, 'user_id', p_payout.user_id),
    jsonb_build_object('account', private.player_account(p_payout.user_id), 'amount_paise', p_payout.net_paise,
                       'user_id', p_payout.user_id)), p_by);
  perform private.post_journal('tax_reversed', 'payout:' || p_payout.id, jsonb_build_array(
    jsonb_build_object('account', 'tax:payable', 'amount_paise', -p_payout.tax_paise, 'user_id', p_payout.user_id),
    jsonb_build_object('account', private.player_account(p_payout.user_id), 'amount_paise', p_payout.tax_paise,
                       'user_id', p_payout.user_id)), p_by);
  update private.tax_withholdings set reversed_at = private.clock_now() where payout_id = p_payout.id and reversed_at is null;
  perform private.notify_message(p_payout.user_id, 'payout_failed', 'payout_failed',
                                 jsonb_build_object('amount', p_payout.gross_paise, 'reason', p_payout.failure_reason),
                                 '/my-earnings', p_payout.id || '-' || p_payout.status);
end;
$function$;

-- Every answer about one payout (request_payout's, the same key's again, an approval's) says by when an admin
-- approves it, when it waits for one.
CREATE OR REPLACE FUNCTION private.payout_answer(p_payout public.payouts)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('payout_id', p_payout.id, 'gross_paise', p_payout.gross_paise, 'tax_paise', p_payout.tax_paise,
                            'net_paise', p_payout.net_paise, 'status', p_payout.status,
                            'approval_due_at', private.payout_approval_due_at(p_payout));
$function$;

comment on function private.payout_approval_due_at(public.payouts) is 'When an admin should have approved a payout that waits for one: its request time plus the setting payout_approval_target; null for a payout that never needed approval.';
CREATE OR REPLACE FUNCTION private.payout_approval_due_at(p_payout public.payouts)
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case when p_payout.needs_approvals > 0
              then p_payout.created_at + coalesce((private.setting('payout_approval_target') #>> '{}')::interval, interval '24 hours')
         end;
$function$;

comment on function private.payout_on_its_way(text) is 'Is a payout in status p_status still on its way: can the payout machine (private.status_transitions, the one place it is declared) still take it to processed? True from awaiting approval to processing; false once processed or ended (failed, reversed, rejected, cancelled). What holds back a deletion or a second withdrawal while money may still leave.';
CREATE OR REPLACE FUNCTION private.payout_on_its_way(p_status text)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with recursive ahead (status) as (
    select p_status
    union
    select t.to_status from private.status_transitions t join ahead a on t.from_status = a.status where t.machine = 'payout'
  )
  select p_status is distinct from 'processed' and exists (select 1 from ahead where status = 'processed');
$function$;

comment on function private.payout_may_move(text,text) is 'May a payout move from p_from to p_to? Only along a move the payout machine declares in private.status_transitions (the one home of the rule, which the trigger enforces and TypeScript reads through the generated module): forward only, a failure or reversal ends any payout still on its way, a final status never moves again. service_record_payout_status asks it to let a late or repeated provider event change nothing instead of failing.';
CREATE OR REPLACE FUNCTION private.payout_may_move(p_from text, p_to text)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select exists (
    select 1 from private.status_transitions t
     where t.machine = 'payout' and t.from_status = p_from and t.to_status = p_to
  );
$function$;

-- The periodic function: prizes, the year end, payouts without a webhook
CREATE OR REPLACE FUNCTION private.run_due_money_work()
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_settled integer;
  v_year_end integer;
  v_polls integer;
begin
  v_settled := private.credit_due_prizes(v_now);
  v_year_end := private.withhold_year_end(private.financial_year(v_now) - 1);

  -- A payout the provider has not told us about for 30 minutes is asked about (again every 30 minutes).
  insert into private.outbox (kind, idempotency_key, payload)
  select 'razorpayx_payout_check',
         'payout-check-' || p.id || '-' || floor(extract(epoch from v_now) / 1800)::bigint,
         jsonb_build_object('payout_id', p.id, 'provider_payout_id', p.provider_payout_id)
    from public.payouts p
   where p.status in ('approved', 'queued', 'pending', 'scheduled', 'processing')
     and coalesce(p.last_event_at, p.updated_at) <= v_now - interval '30 minutes'
  on conflict (idempotency_key) do nothing;
  get diagnostics v_polls = row_count;
  return jsonb_build_object('prizes_settled', v_settled, 'year_end_withholdings', v_year_end, 'payout_checks', v_polls);
end;
$function$;

-- The periodic function: the whole ledger's health
comment on function private.run_due_ledger_check() is 'Due work (step ledger_check, once an hour): reads the whole ledger (private.check_ledger) and, when it does not balance, writes a ledger_unbalanced audit entry for staff (at most one an hour). Each statement''s lines already balance per journal (a trigger) and lines are append-only: this catches what got past them (triggers switched off, a fault in one). It reads every journal, so it is not run every minute.';
CREATE OR REPLACE FUNCTION private.run_due_ledger_check()
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_ledger jsonb := private.check_ledger();
begin
  if not (v_ledger ->> 'balanced')::boolean
     and not exists (select 1 from public.audit_log where action = 'ledger_unbalanced' and at > v_now - interval '1 hour') then
    perform private.audit(null, 'ledger_unbalanced', 'The ledger does not balance: staff must look at it now', null, null, v_ledger, false);
  end if;
  return jsonb_build_object('ledger_balanced', (v_ledger ->> 'balanced')::boolean);
end;
$function$;

-- Chargebacks -----------------------------------------------------------------------------------------

comment on function private.chargeback_held_paise(uuid) is 'What open chargebacks hold of a player''s balance: the amounts disputed on their payments, and the prizes credited to entries whose payment is disputed (whoever paid). Withdrawals leave at least this much.';
CREATE OR REPLACE FUNCTION private.chargeback_held_paise(p_user_id uuid)
 RETURNS bigint
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select (coalesce((select sum(amount_paise) from private.chargebacks where user_id = p_user_id and status = 'open'), 0)
          + coalesce((select sum(h.amount_paise) from private.chargeback_prizes_held(p_user_id) h), 0))::bigint;
$function$;

comment on function private.entry_chargeback_status(uuid) is 'Where the chargeback on the payment behind an entry stands (lost, open, won), null without one: what the prize rules read.';
CREATE OR REPLACE FUNCTION private.entry_chargeback_status(p_entry_id uuid)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- lost over open over won: the state that weighs most on the entry's prizes.
  select c.status
    from public.entries e
    join private.chargebacks c on c.registration_id = e.registration_id
   where e.id = p_entry_id
   order by case c.status when 'lost' then 0 when 'open' then 1 else 2 end
   limit 1;
$function$;

comment on function private.kyc_check_call_details(private.outbox) is 'What a PAN or UPI id check needs when the worker makes it: the PAN (decrypted, the read audited) or the UPI id, with the legal name; {stale: true} for a check of an older submission or a record gone.';
CREATE OR REPLACE FUNCTION private.kyc_check_call_details(p_job private.outbox)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_user uuid := (p_job.payload ->> 'user_id')::uuid;
  v_kyc public.kyc_records;
  v_submission integer;
  v_name text;
begin
  select * into v_kyc from public.kyc_records where user_id = v_user;
  if not found then
    return jsonb_build_object('stale', true);
  end if;
  -- A check of an older submission: the newer one is checked by its own call. (Read into a variable first: in an
  -- IF, a CASE's own THEN would end the condition.)
  v_submission := case p_job.kind when 'pan_verification' then v_kyc.pan_check_submission else v_kyc.upi_check_submission end;
  if (p_job.payload ->> 'submission')::integer is distinct from v_submission then
    return jsonb_build_object('stale', true);
  end if;
  select legal_name into v_name from public.profiles where id = v_user;
  if p_job.kind = 'upi_validation' then
    return jsonb_build_object('upi_id', v_kyc.upi_id, 'legal_name', v_name);
  end if;
  perform private.audit_pan_reads(null, 'the PAN check (outside call ' || p_job.id || ')', array[v_user]);
  return jsonb_build_object('pan', private.decrypt_pan(v_kyc.pan_ciphertext), 'legal_name', v_name);
end;
$function$;

comment on function private.payout_call_details(private.outbox) is 'What a payout needs when the worker makes it: the UPI id, the legal name and the e-mail address of the payee.';
CREATE OR REPLACE FUNCTION private.payout_call_details(p_job private.outbox)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('upi_id', p.upi_id, 'legal_name', pr.legal_name, 'email', u.email)
    from public.payouts p
    join public.profiles pr on pr.id = p.user_id
    left join auth.users u on u.id = p.user_id
   where p.id = (p_job.payload ->> 'payout_id')::uuid;
$function$;

comment on function private.withdrawal_hold_refusal() is 'Refuses a new payout that would take the part of the balance an open chargeback holds (hint chargeback_hold).';
CREATE OR REPLACE FUNCTION private.withdrawal_hold_refusal()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_held bigint := private.chargeback_held_paise(new.user_id);
  v_available bigint;
begin
  if v_held = 0 then
    return new;
  end if;
  v_available := greatest(private.player_balance(new.user_id) - v_held, 0);
  if new.gross_paise > v_available then
    raise exception 'A chargeback on your entry payment holds % of your balance until the bank decides: you can withdraw up to % now',
      private.money_text(least(v_held, private.player_balance(new.user_id))), private.money_text(v_available)
      using errcode = 'PT409', hint = 'chargeback_hold';
  end if;
  return new;
end;
$function$;

comment on function private.chargeback_prizes_held(uuid) is 'The prizes credited to a player for entries whose payment (theirs or a buyer''s) has an open chargeback: held in their balance until the bank decides.';
CREATE OR REPLACE FUNCTION private.chargeback_prizes_held(p_user_id uuid)
 RETURNS TABLE(tournament_id text, entry_id uuid, amount_paise bigint, opened_at timestamp with time zone)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select a.tournament_id, a.entry_id, a.amount_paise::bigint,
         (select min(c.opened_at) from private.chargebacks c where c.registration_id = e.registration_id and c.status = 'open')
    from private.prize_awards a
    join public.entries e on e.id = a.entry_id
   where a.player_id = p_user_id and a.status = 'credited'
     and exists (select 1 from private.chargebacks c where c.registration_id = e.registration_id and c.status = 'open');
$function$;

comment on function private.book_lost_chargeback(private.chargebacks) is 'A lost chargeback: Razorpay takes the amount back; the payer''s balance pays it up to what it holds, the platform''s chargeback loss the rest; the prizes of the entries the payment paid for are forfeited (held ones never paid, credited ones taken back to the pool up to what each player''s balance holds); a refund still owed is closed.';
CREATE OR REPLACE FUNCTION private.book_lost_chargeback(p_chargeback private.chargebacks)
 RETURNS private.chargebacks
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_recovered bigint := 0;
  v_taken bigint;
  v_award private.prize_awards%rowtype;
  v_row private.chargebacks%rowtype := p_chargeback;
begin
  if p_chargeback.user_id is not null and p_chargeback.payment_id is not null then
    v_recovered := least(p_chargeback.amount_paise, greatest(private.player_balance(p_chargeback.user_id), 0));
    perform private.post_journal('chargeback', 'chargeback:' || p_chargeback.razorpay_dispute_id, jsonb_build_array(
      jsonb_build_object('account', 'razorpay:clearing', 'amount_paise', p_chargeback.amount_paise, 'user_id', p_chargeback.user_id),
      jsonb_build_object('account', private.player_account(p_chargeback.user_id), 'amount_paise', -v_recovered,
                         'user_id', p_chargeback.user_id),
      jsonb_build_object('account', 'platform:chargeback_loss', 'amount_paise', -(p_chargeback.amount_paise - v_recovered),
                         'user_id', p_chargeback.user_id)));
  end if;
  update private.chargebacks
     set recovered_paise = v_recovered, loss_paise = p_chargeback.amount_paise - v_recovered
   where razorpay_dispute_id = p_chargeback.razorpay_dispute_id
  returning * into v_row;
  -- Prizes of the entries not yet credited are forfeited.
  for v_award in
    update private.prize_awards a
       set status = 'forfeited', decided_at = v_now, note = 'Chargeback lost'
      from public.entries e
     where e.registration_id = p_chargeback.registration_id and a.entry_id = e.id and a.status = 'held'
    returning a.*
  loop
    perform private.audit(v_award.tournament_id, 'held_prize_forfeited',
                          'Held prize of ' || private.entry_name(v_award.entry_id) || ' forfeited: the chargeback was lost',
                          null, null, jsonb_build_object('amount_paise', v_award.amount_paise,
                                                         'razorpay_payment_id', p_chargeback.razorpay_payment_id),
                          false, null, v_award.entry_id);
  end loop;
  -- Prizes already credited to them, whoever plays them, are taken back to the tournament's pool, up to what
  -- each player's balance holds (the hold kept them there while the chargeback was open).
  for v_award in
    select a.* from private.prize_awards a join public.entries e on e.id = a.entry_id
     where p_chargeback.registration_id is not null and e.registration_id = p_chargeback.registration_id
       and a.status = 'credited'
     order by a.tournament_id, a.entry_id
     for update of a
  loop
    v_taken := least(v_award.amount_paise, greatest(private.player_balance(v_award.player_id), 0));
    if v_taken > 0 then
      perform private.post_journal('chargeback', 'chargeback:' || p_chargeback.razorpay_dispute_id || ':prize:' || v_award.entry_id,
        jsonb_build_array(
          jsonb_build_object('account', private.player_account(v_award.player_id), 'amount_paise', -v_taken,
                             'user_id', v_award.player_id),
          jsonb_build_object('account', 'prize_pool:' || v_award.tournament_id, 'amount_paise', v_taken)));
    end if;
    update private.prize_awards set status = 'forfeited', decided_at = v_now, note = 'Chargeback lost: prize taken back'
     where tournament_id = v_award.tournament_id and entry_id = v_award.entry_id;
    perform private.audit(v_award.tournament_id, 'credited_prize_forfeited',
                          'Prize of ' || private.entry_name(v_award.entry_id) || ' taken back: the chargeback on its payment was lost'
                            || case when v_taken < v_award.amount_paise
                                    then ' (' || private.money_text(v_award.amount_paise - v_taken) || ' had already been withdrawn)'
                                    else '' end,
                          null, null, jsonb_build_object('amount_paise', v_award.amount_paise, 'taken_back_paise', v_taken,
                                                         'razorpay_payment_id', p_chargeback.razorpay_payment_id),
                          false, null, v_award.entry_id);
  end loop;
  -- A refund still owed for the payment is no longer made: the bank returned the money.
  if p_chargeback.payment_id is not null then
    perform private.close_refund_taken_back(p_chargeback.payment_id, p_chargeback.razorpay_dispute_id);
  end if;
  return v_row;
end;
$function$;

comment on function private.release_won_chargeback(private.chargebacks) is 'A won chargeback: the entry is no longer flagged (unless another chargeback on its payment is open or lost) and its held prizes are credited.';
CREATE OR REPLACE FUNCTION private.release_won_chargeback(p_chargeback private.chargebacks)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_award private.prize_awards%rowtype;
begin
  if p_chargeback.registration_id is null then
    return;
  end if;
  if not exists (select 1 from private.chargebacks
                  where registration_id = p_chargeback.registration_id and status in ('open', 'lost')) then
    update public.tournament_registrations set disputed_at = null where id = p_chargeback.registration_id;
    for v_award in
      select a.* from private.prize_awards a join public.entries e on e.id = a.entry_id
       where e.registration_id = p_chargeback.registration_id and a.status = 'held'
       for update of a
    loop
      update private.prize_awards
         set status = 'credited', decided_at = private.clock_now(), note = 'Chargeback won',
             journal_id = private.post_prize(v_award, null)
       where tournament_id = v_award.tournament_id and entry_id = v_award.entry_id;
      perform private.audit(v_award.tournament_id, 'held_prize_paid',
                            'Held prize of ' || private.entry_name(v_award.entry_id) || ' paid: the chargeback was won',
                            null, null, jsonb_build_object('amount_paise', v_award.amount_paise,
                                                           'razorpay_payment_id', p_chargeback.razorpay_payment_id),
                            false, null, v_award.entry_id);
    end loop;
  end if;
end;
$function$;

-- Reconciliation with the providers -------------------------------------------------------------------

-- The window that ended at the last six-hour mark at least an hour ago (providers list late arrivals
-- within that hour). Both kinds are queued once per window: the key names it.
CREATE OR REPLACE FUNCTION private.run_due_reconciliation_work()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_to timestamptz := to_timestamp(floor(extract(epoch from private.clock_now() - interval '1 hour') / 21600) * 21600);
  v_from timestamptz := v_to - interval '6 hours';
  v_queued integer;
begin
  insert into private.outbox (kind, idempotency_key, payload)
  select 'provider_reconciliation',
         'reconcile-' || k || '-' || to_char(v_to at time zone 'UTC', 'YYYY-MM-DD"T"HH24"Z"'),
         jsonb_build_object('kind', k, 'from', v_from, 'to', v_to)
    from unnest(array['payouts', 'payments']) as k
  on conflict (idempotency_key) do nothing;
  get diagnostics v_queued = row_count;
  return jsonb_build_object('reconciliations_queued', v_queued);
end;
$function$;

-- The ledger ------------------------------------------------------------------------------------------

CREATE TRIGGER ledger_journal_no_truncate BEFORE TRUNCATE ON private.ledger_journal FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ledger_change();

CREATE TRIGGER ledger_journal_no_update_or_delete BEFORE DELETE OR UPDATE ON private.ledger_journal FOR EACH ROW EXECUTE FUNCTION private.refuse_ledger_change();

CREATE TRIGGER ledger_lines_journal_balances AFTER INSERT ON private.ledger_lines REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION private.check_journal_balances();
comment on trigger ledger_lines_journal_balances on private.ledger_lines is 'Every statement that writes lines writes a balanced set per journal; lines are append-only, so every journal balances.';

CREATE TRIGGER ledger_lines_no_truncate BEFORE TRUNCATE ON private.ledger_lines FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ledger_change();

CREATE TRIGGER ledger_lines_no_update_or_delete BEFORE DELETE OR UPDATE ON private.ledger_lines FOR EACH ROW EXECUTE FUNCTION private.refuse_ledger_change();

comment on function private.post_entry_fee_journal(public.payments) is 'Books an entry fee in the ledger: from Razorpay clearing to platform fees, mirrored for the payer. Returns the journal''s id, null when it was posted before.';
CREATE OR REPLACE FUNCTION private.post_entry_fee_journal(p_payment public.payments)
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
begin
  return private.post_mirrored_journal('entry_fee', 'payment:' || p_payment.id,
    'razorpay:clearing', -p_payment.amount_paise, 'platform:fees', p_payment.user_id);
end;
$function$;

comment on function private.player_account(uuid) is 'The ledger account of a player''s winnings.';
CREATE OR REPLACE FUNCTION private.player_account(p_user_id uuid)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select 'player:' || p_user_id::text || ':winnings' $function$;

-- Prizes ----------------------------------------------------------------------------------------------

CREATE TRIGGER prize_awards_move_along_state_machine BEFORE UPDATE ON private.prize_awards FOR EACH ROW WHEN (old.status IS DISTINCT FROM new.status) EXECUTE FUNCTION private.keep_to_state_machines('prize_award', 'status');
comment on trigger prize_awards_move_along_state_machine on private.prize_awards is 'The prize award machine: credited, or held while its payment has a chargeback until an admin pays (credited) or forfeits it.';

CREATE TRIGGER prize_awards_start_in_state_machine BEFORE INSERT ON private.prize_awards FOR EACH ROW EXECUTE FUNCTION private.keep_to_state_machines('prize_award', 'status');

comment on function private.post_prize(private.prize_awards,uuid) is 'Books a prize award in the ledger (prize pool to the player''s winnings) and tells the player it was credited.';
CREATE OR REPLACE FUNCTION private.post_prize(p_award private.prize_awards, p_by uuid)
 RETURNS bigint
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_journal bigint;
  v_title text;
begin
  v_journal := private.post_journal('prize', 'prize:' || p_award.tournament_id || ':' || p_award.entry_id, jsonb_build_array(
    jsonb_build_object('account', 'prize_pool:' || p_award.tournament_id, 'amount_paise', -p_award.amount_paise),
    jsonb_build_object('account', private.player_account(p_award.player_id), 'amount_paise', p_award.amount_paise,
                       'user_id', p_award.player_id)), p_by);
  if v_journal is not null then
    select title into v_title from public.tournaments where id = p_award.tournament_id;
    perform private.notify_message(p_award.player_id, 'prize_credited', 'prize_credited',
                                   jsonb_build_object('amount', p_award.amount_paise, 'place', p_award.place_label,
                                                      'tournament', coalesce(v_title, p_award.tournament_id)),
                                   '/my-earnings', p_award.tournament_id || '-' || p_award.entry_id);
  end if;
  return v_journal;
end;
$function$;

-- Tax on net winnings ---------------------------------------------------------------------------------

comment on function private.tax_rate() is 'The withholding rate on net winnings: the tax_rate setting, else 0.30.';
CREATE OR REPLACE FUNCTION private.tax_rate()
 RETURNS numeric
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$ select coalesce((private.setting('tax_rate') #>> '{}')::numeric, 0.30) $function$;

comment on function private.tax_on(bigint) is 'The tax withheld on an amount of net winnings (none on a loss), rounded to the paisa.';
CREATE OR REPLACE FUNCTION private.tax_on(p_net_winnings_paise bigint)
 RETURNS bigint
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$ select round(private.tax_rate() * greatest(coalesce(p_net_winnings_paise, 0), 0))::bigint $function$;

comment on function private.financial_year_start(integer) is 'When an Indian financial year starts: 1 April, midnight in India.';
CREATE OR REPLACE FUNCTION private.financial_year_start(p_financial_year integer)
 RETURNS timestamp with time zone
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select make_timestamp(p_financial_year, 4, 1, 0, 0, 0) at time zone 'Asia/Kolkata' $function$;

-- KYC -------------------------------------------------------------------------------------------------

CREATE TRIGGER kyc_records_move_along_state_machine BEFORE UPDATE ON public.kyc_records FOR EACH ROW WHEN (old.status IS DISTINCT FROM new.status) EXECUTE FUNCTION private.keep_to_state_machines('kyc', 'status');
comment on trigger kyc_records_move_along_state_machine on public.kyc_records is 'The KYC machine: pending until both checks answer (verified or rejected); a new submission makes it pending again.';

CREATE TRIGGER kyc_records_start_in_state_machine BEFORE INSERT ON public.kyc_records FOR EACH ROW EXECUTE FUNCTION private.keep_to_state_machines('kyc', 'status');

comment on function private.masked_pan(text) is 'A PAN shown masked: six dots and its last four characters.';
CREATE OR REPLACE FUNCTION private.masked_pan(p_pan text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select case when p_pan is null then null else repeat('•', 6) || right(p_pan, 4) end $function$;

comment on function private.kyc_answer(public.kyc_records) is 'A KYC record as its player sees it: status, reason (and its code, reason_code), masked PAN, UPI id and until when payouts are held.';
CREATE OR REPLACE FUNCTION private.kyc_answer(p_record public.kyc_records)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('status', p_record.status, 'reason', p_record.reason, 'reason_code', p_record.reason_code,
                            'pan_masked', private.masked_pan(p_record.pan_last4),
                            'upi_id', p_record.upi_id,
                            'payouts_held_until', case when p_record.payouts_held_until > private.clock_now()
                                                       then p_record.payouts_held_until end);
$function$;

-- Payouts and approvals -------------------------------------------------------------------------------

CREATE TRIGGER payouts_move_along_state_machine BEFORE UPDATE ON public.payouts FOR EACH ROW WHEN (old.status IS DISTINCT FROM new.status) EXECUTE FUNCTION private.keep_to_state_machines('payout', 'status');
comment on trigger payouts_move_along_state_machine on public.payouts is 'The payout machine: awaiting_approval or approved, forward through RazorpayX''s statuses to processed; cancelled, rejected, failed and reversed end it and return the money; processed ends it unless the bank reverses it.';

CREATE TRIGGER payouts_respect_chargeback_holds BEFORE INSERT ON public.payouts FOR EACH ROW EXECUTE FUNCTION private.withdrawal_hold_refusal();

CREATE TRIGGER payouts_start_in_state_machine BEFORE INSERT ON public.payouts FOR EACH ROW EXECUTE FUNCTION private.keep_to_state_machines('payout', 'status');

comment on function private.earnings_of(uuid) is 'A player''s money in one object: won, tax withheld, paid out, the balance and what withdrawing it all would pay after tax.';
CREATE OR REPLACE FUNCTION private.earnings_of(p_user_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with lines as (
    select j.kind, l.amount_paise from private.ledger_lines l join private.ledger_journal j on j.id = l.journal_id
     where l.account = private.player_account(p_user_id)
  ),
  balance as (select coalesce(sum(amount_paise), 0)::bigint as paise from lines)
  select jsonb_build_object(
    'won_paise', (select coalesce(sum(amount_paise), 0) from lines where kind = 'prize'),
    'tax_withheld_paise', (select coalesce(-sum(amount_paise), 0) from lines where kind in ('tax_withheld', 'tax_reversed')),
    'paid_out_paise', (select coalesce(sum(net_paise), 0) from public.payouts where user_id = p_user_id and status = 'processed'),
    'balance_paise', balance.paise,
    -- What withdrawing the whole balance now would pay out, after the tax request_payout would withhold.
    'balance_after_tax_paise', balance.paise
                               - case when balance.paise > 0
                                      then (private.tax_in_withdrawal(p_user_id, balance.paise, private.clock_now()) ->> 'tax_paise')::bigint
                                      else 0 end,
    'pending_paise', (select coalesce(sum(net_paise), 0) from public.payouts
                       where user_id = p_user_id and private.payout_on_its_way(status))
                     + private.waiting_prizes_paise(p_user_id))
    from balance;
$function$;

-- Chargebacks -----------------------------------------------------------------------------------------

CREATE TRIGGER chargebacks_move_along_state_machine BEFORE UPDATE ON private.chargebacks FOR EACH ROW WHEN (old.status IS DISTINCT FROM new.status) EXECUTE FUNCTION private.keep_to_state_machines('chargeback', 'status');
comment on trigger chargebacks_move_along_state_machine on private.chargebacks is 'The chargeback machine: open until the bank decides it won or lost; a decision is never undone.';

CREATE TRIGGER chargebacks_start_in_state_machine BEFORE INSERT ON private.chargebacks FOR EACH ROW EXECUTE FUNCTION private.keep_to_state_machines('chargeback', 'status');

-- Payments in the ledger ------------------------------------------------------------------------------

-- On the payments table but declared here: the ledger builds on payments, which never calls up into it.
CREATE TRIGGER payments_post_ledger_journals AFTER INSERT OR UPDATE OF status, refunded_paise, razorpay_payment_id ON public.payments FOR EACH ROW EXECUTE FUNCTION private.post_payment_journals_on_change();

-- =====================================================================================================
-- Functions callers use (the API: public schema)
-- =====================================================================================================

-- Prizes ----------------------------------------------------------------------------------------------

comment on function private.prize_place_bands(public.tournaments) is 'The bands of places a tournament''s format can finish players in, best first, as get_standings gives them: a knockout 1, 2, 3-4 (3 and 4 apart where a third-place match is played), 5-8, 9-16 ...; groups then a knockout the knockout''s bands (its first round''s ending at its last qualifier, where byes were given) and then one band for everyone out in the groups; Swiss one place each; double elimination 1, 2, 3, 4, 5-6, 7-8, 9-12, 13-16 .... From the stages the draw made once drawn (its players and knockout size), else from the declared stages at capacity. promises.ts prizeBands states the same bands on the pages.';
CREATE OR REPLACE FUNCTION private.prize_place_bands(p_tournament public.tournaments)
 RETURNS SETOF int4range
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_drawn boolean := exists (select 1 from public.tournament_stages s where s.tournament_id = p_tournament.id);
  v_kind text;
  v_groups jsonb;
  v_knockout jsonb;
  v_players integer;
  v_size integer;
  v_third boolean;
  v_g integer;
  v_from integer;
  v_width integer;
  -- The players of the knockout after groups (its first round has byes when fewer than its places).
  v_qualifiers integer;
begin
  if v_drawn then
    select s.kind into v_kind from public.tournament_stages s where s.tournament_id = p_tournament.id order by s.stage_no limit 1;
    select s.settings into v_groups from public.tournament_stages s where s.tournament_id = p_tournament.id and s.kind = 'groups';
    select s.settings into v_knockout from public.tournament_stages s where s.tournament_id = p_tournament.id and s.kind = 'knockout';
    v_players := coalesce((select cardinality(d.entry_ids) from public.draws d where d.tournament_id = p_tournament.id), p_tournament.max_players);
    v_size := coalesce((v_knockout ->> 'size')::integer,
                       (select d.bracket_size from public.draws d where d.tournament_id = p_tournament.id));
    v_qualifiers := case when v_groups is not null then (v_knockout ->> 'qualifiers')::integer end;
  else
    v_kind := coalesce(p_tournament.stages -> 0 ->> 'kind', 'knockout');
    v_knockout := (select x from jsonb_array_elements(p_tournament.stages) as x where x ->> 'kind' = 'knockout' limit 1);
    v_players := greatest(p_tournament.max_players, 2);
    if v_kind = 'groups' then
      -- The knockout the groups fill at capacity (run_draw): per_group of each group and the best of the next place.
      v_g := (v_players + 3) / 4;
      v_qualifiers := least(v_players, v_g * (p_tournament.stages -> 0 #>> '{advance,per_group}')::integer
                                       + least(coalesce((p_tournament.stages -> 0 #>> '{advance,best_of_next}')::integer, 0), v_g));
      v_size := private.next_power_of_two(greatest(2, v_qualifiers));
    else
      v_size := private.next_power_of_two(v_players);
    end if;
  end if;
  v_third := coalesce((v_knockout ->> 'third_place')::boolean, false);

  if v_kind = 'swiss' then
    return query select int4range(p, p, '[]') from generate_series(1, v_players) as p;
    return;
  end if;
  if v_kind = 'double_elimination' then
    -- The losers' bracket sends players out two rounds of each size: 5-6, 7-8, then 9-12, 13-16, ...
    return query select int4range(p, p, '[]') from generate_series(1, least(4, greatest(v_size, 2))) as p;
    v_from := 5;
    v_width := 2;
    while v_from <= v_size loop
      return next int4range(v_from, least(v_from + v_width - 1, v_size), '[]');
      v_from := v_from + v_width;
      if v_from <= v_size then
        return next int4range(v_from, least(v_from + v_width - 1, v_size), '[]');
        v_from := v_from + v_width;
      end if;
      v_width := v_width * 2;
    end loop;
    return;
  end if;
  -- A knockout, alone or after groups: 1, 2, then the round each player went out in (3 and 4 by a third-place match).
  return next int4range(1, 1, '[]');
  if v_size >= 2 then
    return next int4range(2, 2, '[]');
  end if;
  if v_size >= 4 and v_third then
    return next int4range(3, 3, '[]');
    return next int4range(4, 4, '[]');
  elsif v_size >= 4 then
    return next int4range(3, 4, '[]');
  end if;
  v_from := 5;
  while v_from <= least(v_size, coalesce(v_qualifiers, v_size)) loop
    -- After groups the first round's band ends at the knockout's last player (get_standings).
    return next int4range(v_from, least(2 * v_from - 2, coalesce(v_qualifiers, v_size)), '[]');
    v_from := 2 * v_from - 1;
  end loop;
  -- Everyone out in the groups shares the places after the knockout's.
  if v_kind = 'groups' and v_players > coalesce(v_qualifiers, v_size) then
    return next int4range(coalesce(v_qualifiers, v_size) + 1, v_players, '[]');
  end if;
end;
$function$;

comment on function public.get_tournament_prizes(text) is 'What each band of places pays in a tournament, totalling its prize pool, for anyone: the bands its format finishes players in (private.prize_place_bands).';
CREATE OR REPLACE FUNCTION public.get_tournament_prizes(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_tournament public.tournaments%rowtype;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id;
  if not found then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  return coalesce((
    with bands as (
      select b as band from private.prize_place_bands(v_tournament) as b
    ), totals as (
      select b.band, coalesce(sum(a.amount_paise), 0)::bigint as total
        from bands b
        left join private.place_amounts(v_tournament) a on a.place <@ b.band
       group by b.band
    )
    select jsonb_agg(jsonb_build_object('band', private.place_label(band), 'from_place', lower(band), 'to_place', upper(band) - 1,
                                        'amount_paise_each', total / (upper(band) - lower(band)), 'total_paise', total)
                     order by lower(band))
      from totals where total > 0), '[]'::jsonb);
end;
$function$;

comment on function private.tournament_payouts(text) is 'The payout record of get_tournament_payouts, each prize also with its entry_id (the public API names players by its own rule from it); null for a tournament that does not exist.';
CREATE OR REPLACE FUNCTION private.tournament_payouts(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
 SET jit TO 'off'
AS $function$
declare
  v_tournament public.tournaments%rowtype;
  v_due timestamptz;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id;
  if not found then
    return null;
  end if;
  if v_tournament.cancelled_at is not null or v_tournament.finished_at is null then
    return '[]'::jsonb;
  end if;
  v_due := v_tournament.finished_at + private.challenge_window(v_tournament);

  if v_tournament.settled_at is null then
    return coalesce((
      select jsonb_agg(jsonb_build_object(
               'entry_id', a.entry_id, 'place', a.place_label, 'in_game_name', private.entry_name(a.entry_id), 'prize_paise', a.amount_paise,
               'status', case when private.entry_prize_forfeited(a.entry_id) is not null then 'forfeited'
                              when private.entry_prize_held(a.entry_id) then 'held'
                              else 'waiting' end,
               'credited_at', null, 'paid_at', null, 'due_at', v_due)
             order by a.first_place, a.entry_id)
        from private.prize_allocation(p_tournament_id) a
       where a.amount_paise > 0 and a.player_id is not null), '[]'::jsonb);
  end if;

  return coalesce((
    select jsonb_agg(jsonb_build_object(
             'entry_id', aw.entry_id, 'place', aw.place_label, 'in_game_name', private.entry_name(aw.entry_id), 'prize_paise', aw.amount_paise,
             'status', case when aw.status = 'forfeited' then 'forfeited'
                            when aw.status = 'held' then 'held'
                            when f.paid_at is not null then 'paid'
                            when private.entry_prize_held(aw.entry_id) then 'held'
                            else 'credited' end,
             'credited_at', f.credited_at, 'paid_at', f.paid_at, 'due_at', v_due)
           order by substring(aw.place_label from '^[0-9]+')::integer, aw.amount_paise desc, aw.entry_id)
      from private.prize_awards aw
      left join lateral (select t.credited_at, t.paid_at from private.prize_paid_times(aw.player_id) t
                          where t.tournament_id = aw.tournament_id and t.entry_id = aw.entry_id) f on true
     where aw.tournament_id = p_tournament_id), '[]'::jsonb);
end;
$function$;

comment on function public.get_tournament_payouts(text) is 'The public contract: every prize of a tournament with its place, in-game name, amount and status (waiting, held, forfeited, credited, paid), for anyone; no tax. due_at is when the challenge window ends.';
CREATE OR REPLACE FUNCTION public.get_tournament_payouts(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_record jsonb := private.tournament_payouts(p_tournament_id);
begin
  if v_record is null then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  return coalesce((select jsonb_agg(r - 'entry_id' order by o) from jsonb_array_elements(v_record) with ordinality as x (r, o)), '[]'::jsonb);
end;
$function$;

comment on function public.staff_decide_held_prize(text,uuid,boolean,text) is 'Admins: pays a held prize (the chargeback was won) or forfeits it, with a reason.';
CREATE OR REPLACE FUNCTION public.staff_decide_held_prize(p_tournament_id text, p_entry_id uuid, p_pay boolean, p_reason text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_admin uuid := private.require_staff('admin', p_tournament_id);
  v_reason text := private.require_reason(p_reason);
  v_award private.prize_awards%rowtype;
begin
  select * into v_award from private.prize_awards where tournament_id = p_tournament_id and entry_id = p_entry_id for update;
  if not found then
    raise exception 'No prize for this entry' using errcode = 'PT404', hint = 'prize_not_found';
  end if;
  if v_award.status <> 'held' then
    raise exception 'This prize is not held' using errcode = 'PT409', hint = 'prize_not_held';
  end if;
  update private.prize_awards
     set status = case when p_pay then 'credited' else 'forfeited' end,
         decided_at = private.clock_now(), decided_by = v_admin, note = v_reason,
         journal_id = case when p_pay then private.post_prize(v_award, v_admin) end
   where tournament_id = p_tournament_id and entry_id = p_entry_id
  returning * into v_award;
  perform private.audit(p_tournament_id, case when p_pay then 'held_prize_paid' else 'held_prize_forfeited' end,
                        'Held prize of ' || private.entry_name(p_entry_id) || case when p_pay then ' paid' else ' forfeited' end,
                        v_reason, null, jsonb_build_object('amount_paise', v_award.amount_paise), false, v_admin, p_entry_id);
  return jsonb_build_object('status', v_award.status, 'amount_paise', v_award.amount_paise);
end;
$function$;

-- Tax on net winnings ---------------------------------------------------------------------------------

comment on function public.get_my_tax_statement(integer) is 'The caller''s tax withheld and payouts in a financial year (April to March, IST).';
CREATE OR REPLACE FUNCTION public.get_my_tax_statement(p_financial_year integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_from timestamptz;
  v_to timestamptz;
begin
  if p_financial_year is null or p_financial_year < 2020 or p_financial_year > 2100 then
    raise exception 'Say which financial year (2027 is April 2027 to March 2028)' using errcode = 'PT400', hint = 'invalid_financial_year';
  end if;
  v_from := private.financial_year_start(p_financial_year);
  v_to := private.financial_year_start(p_financial_year + 1);
  return jsonb_build_object(
    'financial_year', p_financial_year,
    'legal_name', (select legal_name from public.profiles where id = v_user),
    'pan_masked', (select private.masked_pan(pan_last4) from public.kyc_records where user_id = v_user),
    'deductor_tan', private.setting('deductor_tan') #>> '{}',
    'winnings_paise', (select coalesce(sum(l.amount_paise), 0)
                         from private.ledger_lines l join private.ledger_journal j on j.id = l.journal_id
                        where l.account = private.player_account(v_user) and j.kind = 'prize'
                          and j.created_at >= v_from and j.created_at < v_to),
    'tax_withheld', coalesce((select jsonb_agg(jsonb_build_object('at', w.at, 'paise', w.tax_paise, 'payout_id', w.payout_id,
                                                                  'net_winnings_paise', w.net_winnings_paise, 'kind', w.kind)
                                               order by w.at, w.id)
                                from private.tax_withholdings w
                               where w.user_id = v_user and w.financial_year = p_financial_year and w.reversed_at is null
                                 and w.tax_paise > 0), '[]'::jsonb),
    -- The UTR is the bank's reference of a sent payout, when the payout row carries one.
    'payouts', coalesce((select jsonb_agg(jsonb_build_object('payout_id', p.id, 'at', p.created_at, 'gross_paise', p.gross_paise,
                                                             'tax_paise', p.tax_paise, 'net_paise', p.net_paise, 'status', p.status,
                                                             'utr', to_jsonb(p) ->> 'utr')
                                          order by p.created_at, p.id)
                           from public.payouts p
                          where p.user_id = v_user and p.created_at >= v_from and p.created_at < v_to), '[]'::jsonb),
    -- B of the year: the entry fees paid in it less their refunds, which net winnings are reckoned after.
    'entry_fees_paise', private.deposits_between(v_user, v_from, v_to),
    'opening_balance_paise', private.opening_balance(v_user, p_financial_year),
    'closing_balance_paise', private.player_balance(v_user, v_to)
  );
end;
$function$;

comment on function public.staff_tax_certificates(integer) is 'Admins of the whole site: tax withheld per player and quarter of a financial year, for Form 16A.';
CREATE OR REPLACE FUNCTION public.staff_tax_certificates(p_financial_year integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_admin uuid := private.require_staff('admin');
  v_rows jsonb;
begin
  if p_financial_year is null or p_financial_year < 2020 or p_financial_year > 2100 then
    raise exception 'Say which financial year (2027 is April 2027 to March 2028)' using errcode = 'PT400', hint = 'invalid_financial_year';
  end if;
  v_rows := coalesce((
    select jsonb_agg(q order by q ->> 'legal_name', q ->> 'user_id', (q ->> 'quarter')::integer)
      from (select jsonb_build_object('user_id', w.user_id, 'pan', private.decrypt_pan(k.pan_ciphertext), 'legal_name', pr.legal_name,
                                      'quarter', case when w.kind = 'year_end' then 4
                                                      else (extract(month from (w.at at time zone 'Asia/Kolkata') - interval '3 months')::integer - 1) / 3 + 1 end,
                                      'net_winnings_paise', sum(w.net_winnings_paise), 'tax_paise', sum(w.tax_paise),
                                      'withholdings', count(*)) as q
              from private.tax_withholdings w
              left join public.kyc_records k on k.user_id = w.user_id
              left join public.profiles pr on pr.id = w.user_id
             where w.financial_year = p_financial_year and w.reversed_at is null and w.tax_paise > 0
             group by w.user_id, k.pan_ciphertext, pr.legal_name,
                      case when w.kind = 'year_end' then 4
                           else (extract(month from (w.at at time zone 'Asia/Kolkata') - interval '3 months')::integer - 1) / 3 + 1 end
           ) as quarters), '[]'::jsonb);
  perform private.audit_pan_reads(v_admin, 'tax certificates ' || p_financial_year,
                                  array(select distinct (r ->> 'user_id')::uuid from jsonb_array_elements(v_rows) r where r ->> 'pan' is not null));
  return v_rows;
end;
$function$;

comment on function public.staff_withholding_register(date,date) is 'Admins of the whole site: every withholding between two IST dates with PAN, legal name, gross, net winnings and tax.';
CREATE OR REPLACE FUNCTION public.staff_withholding_register(p_from date, p_to date)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_admin uuid := private.require_staff('admin');
  v_rows jsonb;
begin
  if p_from is null or p_to is null or p_to < p_from then
    raise exception 'Give a start and an end date (the end on or after the start)' using errcode = 'PT400', hint = 'invalid_date_range';
  end if;
  v_rows := coalesce((
    select jsonb_agg(jsonb_build_object('user_id', w.user_id, 'pan', private.decrypt_pan(k.pan_ciphertext), 'legal_name', pr.legal_name,
                                        'date', (w.at at time zone 'Asia/Kolkata')::date, 'kind', w.kind, 'payout_id', w.payout_id,
                                        'gross_paise', w.gross_paise, 'net_winnings_paise', w.net_winnings_paise,
                                        'tax_paise', w.tax_paise, 'financial_year', w.financial_year)
                     order by w.at, w.id)
      from private.tax_withholdings w
      left join public.kyc_records k on k.user_id = w.user_id
      left join public.profiles pr on pr.id = w.user_id
     where w.reversed_at is null and w.tax_paise > 0
       and (w.at at time zone 'Asia/Kolkata')::date between p_from and p_to), '[]'::jsonb);
  perform private.audit_pan_reads(v_admin, 'withholding register ' || p_from || ' to ' || p_to,
                                  array(select distinct (r ->> 'user_id')::uuid from jsonb_array_elements(v_rows) r where r ->> 'pan' is not null));
  return v_rows;
end;
$function$;

-- KYC -------------------------------------------------------------------------------------------------

comment on function public.submit_kyc(text,text) is 'The caller submits their PAN and UPI id: formats and age 18+ are checked at once, the PAN and UPI checks are queued with the submission they check. Whether the PAN is verified on another account is decided when the checks pass, with the same outcome as a failed check. Changing a verified UPI id needs the second sign-in step and holds payouts for 24 hours.';
CREATE OR REPLACE FUNCTION public.submit_kyc(p_pan text, p_upi_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_user uuid := private.require_player();
  v_pan text := upper(btrim(coalesce(p_pan, '')));
  v_upi text := btrim(coalesce(p_upi_id, ''));
  v_profile public.profiles%rowtype;
  v_record public.kyc_records%rowtype;
  v_check_pan boolean;
  v_hmac bytea;
  v_check_upi boolean;
begin
  if v_pan !~ '^[A-Z]{5}[0-9]{4}[A-Z]$' or substr(v_pan, 4, 1) <> 'P' then
    raise exception 'A PAN is five letters, four digits and a letter, the fourth letter P for a person (like ABCPE1234F)'
      using errcode = 'PT400', hint = 'invalid_pan';
  end if;
  -- The format is checked on the clear PAN, before it is encrypted; from here on only its HMAC compares it.
  v_hmac := private.pan_hmac(v_pan);
  -- ^[a-zA-Z0-9._-]{2,256}@[a-zA-Z]{2,64}$ (PostgreSQL's regular expressions count to 255 at most).
  if v_upi !~ '^[a-zA-Z0-9._-]{2,}@[a-zA-Z]{2,64}$' or char_length(split_part(v_upi, '@', 1)) > 256 then
    raise exception 'A UPI id looks like name@bank (letters, digits, dots, dashes or underscores, then @ and the bank)'
      using errcode = 'PT400', hint = 'invalid_upi_id';
  end if;
  select * into v_profile from public.profiles where id = v_user;
  if not found or not v_profile.profile_completed or v_profile.legal_name is null or v_profile.date_of_birth is null then
    raise exception 'Complete your profile with your legal name (as on your PAN) and date of birth first'
      using errcode = 'PT403', hint = 'profile_incomplete';
  end if;
  if private.age_on(v_profile.date_of_birth, (v_now at time zone 'Asia/Kolkata')::date) < 18 then
    raise exception 'Withdrawals are for players 18 and over' using errcode = 'PT403', hint = 'kyc_under_18';
  end if;
  -- Whether another account holds this PAN is decided when the checks would verify it, never here.

  select * into v_record from public.kyc_records where user_id = v_user for update;
  if not found then
    insert into public.kyc_records (user_id, pan_ciphertext, pan_last4, pan_hmac, upi_id, submitted_at, updated_at, pan_check_submission, upi_check_submission)
    values (v_user, private.encrypt_pan(v_pan), right(v_pan, 4), v_hmac, v_upi, v_now, v_now, 1, 1)
    returning * into v_record;
    v_check_pan := true;
    v_check_upi := true;
  else
    -- Once verified, the PAN stays the account's, also while a new UPI id is being checked.
    if v_record.verified_at is not null and v_record.pan_hmac <> v_hmac then
      raise exception 'Your PAN is verified and cannot change; contact support if it is wrong'
        using errcode = 'PT409', hint = 'pan_locked';
    end if;
    v_check_pan := v_record.pan_hmac <> v_hmac or v_record.pan_name_status = 'failed';
    v_check_upi := v_record.upi_id <> v_upi or v_record.upi_status = 'failed';
    if not v_check_pan and not v_check_upi then
      return private.kyc_answer(v_record);
    end if;
    -- A verified account's UPI id (also after a new one failed its check) changes only with the second step.
    if v_record.verified_at is not null and v_record.upi_id <> v_upi then
      if coalesce(auth.jwt() ->> 'aal', 'aal1') <> 'aal2' then
        raise exception 'Changing your UPI id needs two-step sign-in: enter the code from your authenticator app'
          using errcode = 'PT403', hint = 'needs_aal2';
      end if;
      v_record.upi_changed_at := v_now;
      v_record.payouts_held_until := v_now + interval '24 hours';
    end if;
    update public.kyc_records
       set pan_ciphertext = case when v_check_pan then private.encrypt_pan(v_pan) else pan_ciphertext end,
           pan_last4 = right(v_pan, 4), pan_hmac = v_hmac, upi_id = v_upi,
           pan_name_status = case when v_check_pan then 'pending' else pan_name_status end,
           upi_status = case when v_check_upi then 'pending' else upi_status end,
           status = 'pending', reason = null, reason_code = null, submission = submission + 1, submitted_at = v_now,
           pan_check_submission = case when v_check_pan then submission + 1 else pan_check_submission end,
           upi_check_submission = case when v_check_upi then submission + 1 else upi_check_submission end,
           upi_changed_at = v_record.upi_changed_at, payouts_held_until = v_record.payouts_held_until, updated_at = v_now
     where user_id = v_user
    returning * into v_record;
  end if;

  if v_check_pan then
    perform private.enqueue_outside_call('pan_verification', 'pan-check-' || v_user || '-' || v_record.submission,
      -- The check reads the PAN and the legal name when it is made (service_outside_call_details), never from here.
      jsonb_build_object('user_id', v_user, 'submission', v_record.submission));
  end if;
  if v_check_upi then
    perform private.enqueue_outside_call('upi_validation', 'upi-check-' || v_user || '-' || v_record.submission,
      jsonb_build_object('user_id', v_user, 'submission', v_record.submission));
  end if;
  return private.kyc_answer(v_record);
end;
$function$;

comment on function public.get_my_kyc() is 'The caller''s KYC: status, reason, masked PAN, UPI id and any payout hold.';
CREATE OR REPLACE FUNCTION public.get_my_kyc()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_record public.kyc_records%rowtype;
begin
  select * into v_record from public.kyc_records where user_id = v_user;
  if not found then
    return jsonb_build_object('status', null, 'reason', null, 'pan_masked', null, 'upi_id', null, 'payouts_held_until', null);
  end if;
  return private.kyc_answer(v_record);
end;
$function$;

comment on function public.service_record_kyc_check(uuid,text,boolean,text,integer) is 'A provider''s answer to the PAN or UPI check of one submission (an answer for another submission is ignored): verified once both pass and no other account has the PAN verified, rejected at the first failure (every PAN failure with the same words); the player is told. Service role only.';
CREATE OR REPLACE FUNCTION public.service_record_kyc_check(p_user_id uuid, p_check text, p_ok boolean, p_reason text, p_submission integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_record public.kyc_records%rowtype;
  v_before text;
  v_reason text;
  v_reason_code text;
  v_pan_status text;
  v_upi_status text;
begin
  if p_check is null or p_check not in ('pan', 'upi') or p_ok is null or p_submission is null then
    raise exception 'A KYC check is pan or upi, with ok true or false and the submission it checked'
      using errcode = 'PT400', hint = 'invalid_kyc_check';
  end if;
  select * into v_record from public.kyc_records where user_id = p_user_id for update;
  if not found then
    raise exception 'No KYC for this player' using errcode = 'PT404', hint = 'kyc_not_found';
  end if;
  -- An answer about what the player submitted before: the check asked since then decides.
  if p_submission <> (case p_check when 'pan' then v_record.pan_check_submission else v_record.upi_check_submission end) then
    return private.kyc_answer(v_record) || jsonb_build_object('ignored', 'stale_submission');
  end if;
  v_before := v_record.status;
  v_pan_status := case when p_check = 'pan' then case when p_ok then 'ok' else 'failed' end else v_record.pan_name_status end;
  v_upi_status := case when p_check = 'upi' then case when p_ok then 'ok' else 'failed' end else v_record.upi_status end;
  v_reason := v_record.reason;
  v_reason_code := v_record.reason_code;
  if not p_ok then
    v_reason := case p_check when 'pan' then private.pan_not_verified_reason()
                             else coalesce(nullif(btrim(p_reason), ''),
                                           'This UPI id could not be verified: check it in your UPI app and submit it again.') end;
    v_reason_code := case p_check when 'pan' then 'pan_not_verified' else 'upi_not_verified' end;
  end if;
  -- Both checks pass, but the PAN is verified on another account: the same outcome as a failed PAN check.
  if v_pan_status = 'ok' and v_upi_status = 'ok'
     and exists (select 1 from public.kyc_records k
                  where k.pan_hmac = v_record.pan_hmac and k.user_id <> p_user_id and k.verified_at is not null) then
    v_pan_status := 'failed';
    v_reason := private.pan_not_verified_reason();
    v_reason_code := 'pan_not_verified';
  end if;
  begin
    update public.kyc_records
       set pan_name_status = v_pan_status, upi_status = v_upi_status,
           status = case when v_pan_status = 'failed' or v_upi_status = 'failed' then 'rejected'
                         when v_pan_status = 'ok' and v_upi_status = 'ok' then 'verified'
                         else 'pending' end,
           reason = case when v_pan_status = 'failed' or v_upi_status = 'failed' then left(v_reason, 500) end,
           reason_code = case when v_pan_status = 'failed' or v_upi_status = 'failed' then v_reason_code end,
           -- Kept through a later UPI check: the account holds its verified PAN whatever its UPI id.
           verified_at = case when v_pan_status = 'ok' and v_upi_status = 'ok' then coalesce(verified_at, v_now)
                              when v_pan_status = 'ok' then verified_at end,
           updated_at = v_now
     where user_id = p_user_id
    returning * into v_record;
  exception when unique_violation then
    -- Another account's check verified the same PAN at the same moment.
    update public.kyc_records
       set pan_name_status = 'failed', upi_status = v_upi_status, status = 'rejected',
           reason = private.pan_not_verified_reason(), reason_code = 'pan_not_verified', verified_at = null, updated_at = v_now
     where user_id = p_user_id
    returning * into v_record;
  end;

  if v_record.status <> v_before and v_record.status in ('verified', 'rejected') then
    perform private.notify_message(p_user_id, 'kyc_result',
                                   case v_record.status when 'verified' then 'kyc_verified' else 'kyc_rejected' end,
                                   -- The Hindi message words the reason's code (phrase.kyc_<code>); English quotes the sentence.
                                   jsonb_build_object('reason', v_record.reason,
                                                      'reason_phrase', case when v_record.reason_code in ('pan_not_verified', 'upi_not_verified')
                                                                            then 'phrase.kyc_' || v_record.reason_code end),
                                   '/my-earnings', 'kyc-' || v_record.submission || '-' || v_record.status);
  end if;
  return private.kyc_answer(v_record);
end;
$function$;

-- Payouts and approvals -------------------------------------------------------------------------------

comment on function public.get_my_earnings() is 'The public contract: the caller''s won, tax withheld, paid out, balance, balance after tax (what withdrawing all of it would pay out now) and pending amounts in paise, from the ledger.';
CREATE OR REPLACE FUNCTION public.get_my_earnings()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
begin
  return private.earnings_of(v_user);
end;
$function$;

comment on function public.preview_payout(bigint) is 'The gross, tax and net of a withdrawal of this amount, before the player confirms, with the reckoning of its net winnings (withdrawn this year, entry fees paid, opening balance, already counted).';
CREATE OR REPLACE FUNCTION public.preview_payout(p_amount_paise bigint)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_user uuid := private.require_player();
  v_amount bigint := private.require_amount(p_amount_paise);
  v_reckoning jsonb;
  v_tax bigint;
begin
  v_reckoning := private.tax_in_withdrawal(v_user, v_amount, v_now);
  v_tax := (v_reckoning ->> 'tax_paise')::bigint;
  return jsonb_build_object('gross_paise', v_amount, 'tax_paise', v_tax, 'net_paise', v_amount - v_tax,
                            'balance_paise', private.player_balance(v_user),
                            'tax_rate_percent', round(private.tax_rate() * 100, 2),
                            'reckoning', v_reckoning - 'tax_paise');
end;
$function$;

comment on function public.request_payout(bigint,text) is 'The public contract: withdraws from the balance (tax withheld at once). A first payout or a large one waits for an admin; the same idempotency key answers the same payout.';
CREATE OR REPLACE FUNCTION public.request_payout(p_amount_paise bigint, p_idempotency_key text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_user uuid := private.require_player();
  v_key text := nullif(btrim(p_idempotency_key), '');
  v_payout public.payouts%rowtype;
  v_kyc public.kyc_records%rowtype;
  v_amount bigint;
  v_reckoning jsonb;
  v_net_winnings bigint;
  v_tax bigint;
  v_balance bigint;
  v_first boolean;
begin
  if v_key is not null then
    if char_length(v_key) > 200 then
      raise exception 'The idempotency key is too long' using errcode = 'PT400', hint = 'invalid_idempotency_key';
    end if;
    select * into v_payout from public.payouts where user_id = v_user and idempotency_key = v_key;
    if found then
      return private.payout_answer(v_payout);
    end if;
  end if;
  v_amount := private.require_amount(p_amount_paise);

  -- One request at a time per player: the KYC row is the lock.
  select * into v_kyc from public.kyc_records where user_id = v_user for update;
  if not found or v_kyc.status <> 'verified' then
    raise exception 'Verify your PAN and UPI id before your first withdrawal' using errcode = 'PT403', hint = 'kyc_required';
  end if;
  if v_key is not null then
    -- The same key may have won the race while we waited for the lock.
    select * into v_payout from public.payouts where user_id = v_user and idempotency_key = v_key;
    if found then
      return private.payout_answer(v_payout);
    end if;
  end if;
  if v_kyc.payouts_held_until is not null and v_kyc.payouts_held_until > v_now then
    raise exception 'Your UPI id changed recently: withdrawals are held until %',
      to_char(v_kyc.payouts_held_until at time zone 'Asia/Kolkata', 'DD Mon HH24:MI') || ' IST'
      using errcode = 'PT409', hint = 'payouts_held';
  end if;

  perform private.settle_last_year(v_user, v_now);
  v_balance := private.player_balance(v_user);
  if v_amount > v_balance then
    raise exception 'Your balance is ₹%', to_char(v_balance / 100.0, 'FM99999999990.00')
      using errcode = 'PT409', hint = 'insufficient_balance';
  end if;

  v_reckoning := private.tax_in_withdrawal(v_user, v_amount, v_now);
  v_net_winnings := (v_reckoning ->> 'net_winnings_paise')::bigint;
  v_tax := (v_reckoning ->> 'tax_paise')::bigint;
  v_first := not exists (select 1 from public.payouts where user_id = v_user and status = 'processed');

  insert into public.payouts (user_id, gross_paise, tax_paise, net_paise, status, idempotency_key, upi_id, needs_approvals,
                              created_at, updated_at)
  values (v_user, v_amount, v_tax, v_amount - v_tax,
          case when v_first or v_amount > (private.setting('payout_approval_over_paise') #>> '{}')::bigint
               then 'awaiting_approval' else 'approved' end,
          v_key, v_kyc.upi_id,
          case when v_first or v_amount > (private.setting('payout_approval_over_paise') #>> '{}')::bigint then 1 else 0 end,
          v_now, v_now)
  returning * into v_payout;

  insert into private.tax_withholdings (user_id, financial_year, kind, gross_paise, net_winnings_paise, tax_paise, payout_id, at)
  values (v_user, private.financial_year(v_now), 'withdrawal', v_amount, v_net_winnings, v_tax, v_payout.id, v_now);
  perform private.post_journal('tax_withheld', 'payout:' || v_payout.id, jsonb_build_array(
    jsonb_build_object('account', private.player_account(v_user), 'amount_paise', -v_tax, 'user_id', v_user),
    jsonb_build_object('account', 'tax:payable', 'amount_paise', v_tax, 'user_id', v_user)), v_user);
  perform private.post_journal('payout_requested', 'payout:' || v_payout.id, jsonb_build_array(
    jsonb_build_object('account', private.player_account(v_user), 'amount_paise', -v_payout.net_paise, 'user_id', v_user),
    jsonb_build_object('account', 'payouts:in_flight', 'amount_paise', v_payout.net_paise, 'user_id', v_user)), v_user);

  if v_payout.status = 'approved' then
    perform private.queue_payout(v_payout);
  end if;
  return private.payout_answer(v_payout);
end;
$function$;

comment on function public.get_my_payouts() is 'The caller''s payouts, newest first, with their status, the bank''s reference (UTR) once sent, and whether the transfer service stopped answering (delayed: staff are on it).';
CREATE OR REPLACE FUNCTION public.get_my_payouts()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
begin
  return coalesce((select jsonb_agg(private.payout_answer(p) || jsonb_build_object(
                            'upi_id', p.upi_id, 'failure_reason', p.failure_reason, 'created_at', p.created_at,
                            'processed_at', p.processed_at, 'utr', p.utr,
                            'approval_due_at', private.payout_approval_due_at(p),
                            'delayed', exists (select 1 from private.outbox o
                                                where o.kind = 'razorpayx_payout' and o.idempotency_key = 'payout-' || p.id
                                                  and o.status = 'gave_up')
                                       and p.status in ('approved', 'queued', 'pending', 'scheduled', 'processing'))
                          order by p.created_at desc, p.id)
                     from public.payouts p where p.user_id = v_user), '[]'::jsonb);
end;
$function$;

comment on function public.staff_list_payout_queue() is 'Admins of the whole site: payouts waiting for approval or not yet paid, with KYC, the winnings'' sources and the tax.';
CREATE OR REPLACE FUNCTION public.staff_list_payout_queue()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_admin uuid := private.require_staff('admin');
begin
  return coalesce((
    select jsonb_agg(private.payout_answer(p) || jsonb_build_object(
             'user_id', p.user_id, 'upi_id', p.upi_id, 'created_at', p.created_at, 'needs_approvals', greatest(p.needs_approvals, 1),
             'approval_due_at', private.payout_approval_due_at(p),
             'approved_by', coalesce((select jsonb_agg(jsonb_build_object('admin_id', a.admin_id, 'at', a.at) order by a.at)
                                        from public.payout_approvals a where a.payout_id = p.id), '[]'::jsonb),
             'can_approve', p.user_id <> v_admin and p.status = 'awaiting_approval'
                            and not exists (select 1 from public.payout_approvals a where a.payout_id = p.id and a.admin_id = v_admin),
             'player', jsonb_build_object('legal_name', pr.legal_name, 'in_game_name', pr.in_game_name, 'email', pr.email),
             'kyc', jsonb_build_object('status', k.status, 'pan_masked', private.masked_pan(k.pan_last4), 'upi_id', k.upi_id,
                                       'verified_at', k.verified_at, 'upi_changed_at', k.upi_changed_at),
             'tax', (select jsonb_build_object('net_winnings_paise', w.net_winnings_paise, 'tax_paise', w.tax_paise,
                                               'financial_year', w.financial_year)
                       from private.tax_withholdings w where w.payout_id = p.id),
             'earnings', private.earnings_of(p.user_id),
             'winnings', coalesce((select jsonb_agg(jsonb_build_object('tournament_id', aw.tournament_id, 'title', t.title,
                                                                       'place', aw.place_label, 'amount_paise', aw.amount_paise,
                                                                       'at', aw.created_at) order by aw.created_at desc)
                                     from private.prize_awards aw join public.tournaments t on t.id = aw.tournament_id
                                    where aw.player_id = p.user_id and aw.status = 'credited'), '[]'::jsonb))
           order by p.created_at)
      from public.payouts p
      join public.profiles pr on pr.id = p.user_id
      left join public.kyc_records k on k.user_id = p.user_id
     where p.status in ('awaiting_approval', 'approved', 'queued', 'pending', 'scheduled', 'processing')), '[]'::jsonb);
end;
$function$;

comment on function public.staff_approve_payout(uuid) is 'Admins (public contract): approves a payout, never their own; a second admin is needed when the first organised a tournament the winnings came from. Fully approved, it goes to the outbox.';
CREATE OR REPLACE FUNCTION public.staff_approve_payout(p_payout_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_admin uuid := private.require_staff('admin');
  v_payout public.payouts%rowtype;
  v_count integer;
begin
  if not private.is_admin(v_admin) then
    raise exception 'Approving payouts needs an admin of the whole site' using errcode = 'PT403', hint = 'staff_only';
  end if;
  select * into v_payout from public.payouts where id = p_payout_id for update;
  if not found then
    raise exception 'No such payout' using errcode = 'PT404', hint = 'payout_not_found';
  end if;
  if v_payout.user_id = v_admin then
    raise exception 'No admin approves their own payout' using errcode = 'PT403', hint = 'own_payout';
  end if;
  if v_payout.status <> 'awaiting_approval' then
    raise exception 'This payout is not waiting for approval (it is %)', v_payout.status
      using errcode = 'PT409', hint = 'payout_not_awaiting_approval';
  end if;
  if exists (select 1 from public.payout_approvals where payout_id = p_payout_id and admin_id = v_admin) then
    raise exception 'You approved this payout already: another admin must approve it too'
      using errcode = 'PT409', hint = 'already_approved';
  end if;
  insert into public.payout_approvals (payout_id, admin_id, at) values (p_payout_id, v_admin, v_now);
  select count(*) into v_count from public.payout_approvals where payout_id = p_payout_id;
  if v_count = 1 and private.organised_any(v_admin, array(select private.prize_tournaments_of(v_payout.user_id))) then
    update public.payouts set needs_approvals = 2 where id = p_payout_id returning * into v_payout;
  end if;
  if v_count >= greatest(v_payout.needs_approvals, 1) then
    update public.payouts set status = 'approved', updated_at = v_now where id = p_payout_id returning * into v_payout;
    perform private.queue_payout(v_payout);
  end if;
  perform private.audit(null, 'payout_approved',
                        'Payout of ₹' || to_char(v_payout.gross_paise / 100.0, 'FM99999999990.00') || ' approved ('
                        || v_count || ' of ' || greatest(v_payout.needs_approvals, 1) || ')',
                        null, null, jsonb_build_object('payout_id', v_payout.id, 'status', v_payout.status), false, v_admin);
  return private.payout_answer(v_payout) || jsonb_build_object('approvals', v_count, 'needs_approvals', v_payout.needs_approvals);
end;
$function$;

comment on function public.staff_reject_payout(uuid,text) is 'Admins: refuses a payout waiting for approval; the gross returns to the balance and its tax is reversed.';
CREATE OR REPLACE FUNCTION public.staff_reject_payout(p_payout_id uuid, p_reason text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_admin uuid := private.require_staff('admin');
  v_reason text := private.require_reason(p_reason);
  v_payout public.payouts%rowtype;
begin
  if not private.is_admin(v_admin) then
    raise exception 'Rejecting payouts needs an admin of the whole site' using errcode = 'PT403', hint = 'staff_only';
  end if;
  select * into v_payout from public.payouts where id = p_payout_id for update;
  if not found then
    raise exception 'No such payout' using errcode = 'PT404', hint = 'payout_not_found';
  end if;
  if v_payout.status <> 'awaiting_approval' then
    raise exception 'This payout is not waiting for approval (it is %)', v_payout.status
      using errcode = 'PT409', hint = 'payout_not_awaiting_approval';
  end if;
  update public.payouts set status = 'rejected', failure_reason = 'Not approved: ' || v_reason, updated_at = v_now
   where id = p_payout_id returning * into v_payout;
  perform private.return_payout(v_payout, 'payouts:in_flight', v_admin);
  perform private.audit(null, 'payout_rejected', 'Payout of ₹' || to_char(v_payout.gross_paise / 100.0, 'FM99999999990.00') || ' rejected',
                        v_reason, null, jsonb_build_object('payout_id', v_payout.id), false, v_admin);
  return private.payout_answer(v_payout);
end;
$function$;

comment on function public.service_record_payout_status(uuid,text,text,text,timestamp with time zone,text) is 'What RazorpayX says of a payout, in any order, late or twice (private.payout_may_move): a failed or reversed payout returns its gross and reverses its tax, a processed after a reversal changes nothing; the UTR is kept. Service role only.';
CREATE OR REPLACE FUNCTION public.service_record_payout_status(p_payout_id uuid, p_provider_payout_id text, p_status text, p_failure_reason text, p_event_at timestamp with time zone, p_utr text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_payout public.payouts%rowtype;
  v_old text;
  v_utr text := left(nullif(btrim(coalesce(p_utr, '')), ''), 64);
begin
  if p_status is null or p_status not in ('queued', 'pending', 'scheduled', 'processing', 'processed', 'reversed', 'cancelled',
                                          'rejected', 'failed') then
    raise exception 'Unknown payout status' using errcode = 'PT400', hint = 'invalid_payout_status';
  end if;
  select * into v_payout from public.payouts where id = p_payout_id for update;
  if not found then
    raise exception 'No such payout' using errcode = 'PT404', hint = 'payout_not_found';
  end if;
  v_old := v_payout.status;
  -- What the provider tells us about the transfer is kept whatever the status does (a late processed
  -- event still carries the UTR of a transfer the bank later reversed).
  update public.payouts
     set provider_payout_id = coalesce(provider_payout_id, nullif(p_provider_payout_id, '')),
         utr = coalesce(utr, v_utr),
         last_event_at = greatest(last_event_at, coalesce(p_event_at, v_now))
   where id = p_payout_id;
  if not private.payout_may_move(v_old, p_status) then
    return jsonb_build_object('status', v_old, 'changed', false);
  end if;

  update public.payouts
     set status = p_status,
         failure_reason = case when p_status in ('reversed', 'cancelled', 'rejected', 'failed')
                               then coalesce(left(nullif(btrim(p_failure_reason), ''), 500), 'The bank did not accept the transfer.')
                               else failure_reason end,
         processed_at = case when p_status = 'processed' then v_now else processed_at end,
         updated_at = v_now
   where id = p_payout_id
  returning * into v_payout;

  if p_status = 'processed' then
    perform private.post_journal('payout_sent', 'payout:' || v_payout.id, jsonb_build_array(
      jsonb_build_object('account', 'payouts:in_flight', 'amount_paise', -v_payout.net_paise, 'user_id', v_payout.user_id),
      jsonb_build_object('account', 'bank:payouts', 'amount_paise', v_payout.net_paise, 'user_id', v_payout.user_id)));
    perform private.notify_message(v_payout.user_id, 'payout_sent',
                                   case when v_payout.utr is not null then 'payout_sent_utr' else 'payout_sent' end,
                                   jsonb_build_object('net', v_payout.net_paise, 'gross', v_payout.gross_paise,
                                                      'tax', v_payout.tax_paise, 'upi', v_payout.upi_id, 'utr', v_payout.utr),
                                   '/my-earnings', v_payout.id || '-processed');
  elsif p_status in ('reversed', 'cancelled', 'rejected', 'failed') then
    -- From wherever the money is now: at the bank once processed was posted, else still in flight.
    perform private.return_payout(v_payout,
                                  case when exists (select 1 from private.ledger_journal
                                                     where kind = 'payout_sent' and reference = 'payout:' || v_payout.id)
                                       then 'bank:payouts' else 'payouts:in_flight' end, null);
  end if;
  return jsonb_build_object('status', v_payout.status, 'changed', true);
end;
$function$;

comment on function public.staff_list_recent_payouts() is 'Admins of the whole site: payouts that ended in the last 30 days, with the bank''s reference (UTR) of each transfer sent, for support and reconciliation.';
CREATE OR REPLACE FUNCTION public.staff_list_recent_payouts()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_staff('admin');
  return coalesce((
    select jsonb_agg(private.payout_answer(p) || jsonb_build_object(
             'user_id', p.user_id, 'upi_id', p.upi_id, 'created_at', p.created_at, 'processed_at', p.processed_at,
             'updated_at', p.updated_at, 'utr', p.utr, 'provider_payout_id', p.provider_payout_id,
             'failure_reason', p.failure_reason,
             'player', jsonb_build_object('legal_name', pr.legal_name, 'in_game_name', pr.in_game_name))
           order by p.updated_at desc, p.id)
      from public.payouts p
      join public.profiles pr on pr.id = p.user_id
     where p.status in ('processed', 'reversed', 'cancelled', 'rejected', 'failed')
       and p.updated_at > private.clock_now() - interval '30 days'), '[]'::jsonb);
end;
$function$;

-- Chargebacks -----------------------------------------------------------------------------------------

comment on function public.get_my_withdrawal_holds() is 'What of the caller''s balance is held and why (open chargebacks on their entry payments, and on the payments behind entries whose prizes they were credited), and what they can withdraw now.';
CREATE OR REPLACE FUNCTION public.get_my_withdrawal_holds()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_balance bigint := private.player_balance(v_user);
  v_held bigint := private.chargeback_held_paise(v_user);
begin
  return jsonb_build_object(
    'held_paise', least(v_held, greatest(v_balance, 0)),
    'available_paise', greatest(v_balance - v_held, 0),
    'chargebacks', coalesce((select jsonb_agg(jsonb_build_object('tournament_title', x.title, 'amount_paise', x.amount_paise,
                                                                 'opened_at', x.opened_at) order by x.opened_at, x.title)
                               from (select t.title, c.amount_paise, c.opened_at
                                       from private.chargebacks c left join public.tournaments t on t.id = c.tournament_id
                                      where c.user_id = v_user and c.status = 'open'
                                     union all
                                     select t.title, h.amount_paise, h.opened_at
                                       from private.chargeback_prizes_held(v_user) h
                                       left join public.tournaments t on t.id = h.tournament_id) x), '[]'::jsonb));
end;
$function$;

-- Reconciliation with the providers -------------------------------------------------------------------

comment on function public.service_record_provider_snapshot(text,jsonb) is 'Compares a provider''s list of payouts or payments with the ledger and records every difference. Service role only.';
CREATE OR REPLACE FUNCTION public.service_record_provider_snapshot(p_kind text, p_items jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_checked integer := 0;
  v_found integer := 0;
  v_item record;
begin
  if p_kind is null or p_kind not in ('payouts', 'payments') or p_items is null or jsonb_typeof(p_items) <> 'array' then
    raise exception 'A snapshot is a kind (payouts or payments) and a list of items' using errcode = 'PT400', hint = 'invalid_snapshot';
  end if;
  for v_item in
    select case p_kind when 'payouts' then i ->> 'payout_id' else i ->> 'razorpay_payment_id' end as reference,
           case p_kind
             when 'payouts' then case when i ->> 'status' = 'processed' then coalesce((i ->> 'amount_paise')::bigint, 0) else 0 end
             else coalesce((i ->> 'amount_paise')::bigint, 0) - coalesce((i ->> 'refunded_paise')::bigint, 0) end as provider_paise
      from jsonb_array_elements(p_items) as i
  loop
    continue when v_item.reference is null;
    v_checked := v_checked + 1;
    with ledger as (
      select case p_kind
               when 'payouts' then (select coalesce(sum(l.amount_paise), 0)
                                      from private.ledger_journal j join private.ledger_lines l on l.journal_id = j.id
                                     where j.reference = 'payout:' || v_item.reference and l.account = 'bank:payouts')
               else (select coalesce(-sum(l.amount_paise), 0)
                       from public.payments p
                       join private.ledger_journal j on j.reference = 'payment:' || p.id or j.reference like 'payment:' || p.id || ':%'
                       join private.ledger_lines l on l.journal_id = j.id and l.account = 'razorpay:clearing'
                      where p.razorpay_payment_id = v_item.reference) end::bigint as paise
    ), found as (
      select ledger.paise from ledger where ledger.paise <> v_item.provider_paise
    ), resolved as (
      -- A difference that is gone is resolved by itself.
      update private.reconciliation_differences d
         set resolved_at = v_now, note = coalesce(d.note, 'Matches again')
       where d.kind = p_kind and d.reference = v_item.reference and d.resolved_at is null
         and not exists (select 1 from found)
    ), kept as (
      update private.reconciliation_differences d
         set ledger_paise = found.paise, provider_paise = v_item.provider_paise
        from found
       where d.kind = p_kind and d.reference = v_item.reference and d.resolved_at is null
      returning d.id
    )
    insert into private.reconciliation_differences (kind, reference, ledger_paise, provider_paise, found_at)
    select p_kind, v_item.reference, found.paise, v_item.provider_paise, v_now
      from found
     where not exists (select 1 from kept)
       and not exists (select 1 from private.reconciliation_differences d
                        where d.kind = p_kind and d.reference = v_item.reference and d.resolved_at is null);
    if exists (select 1 from private.reconciliation_differences d
                where d.kind = p_kind and d.reference = v_item.reference and d.resolved_at is null and d.found_at <= v_now
                  and d.ledger_paise <> d.provider_paise) then
      v_found := v_found + 1;
    end if;
  end loop;
  return jsonb_build_object('checked', v_checked, 'differences', v_found);
end;
$function$;

comment on function public.service_record_provider_window(text,timestamp with time zone,timestamp with time zone,jsonb) is 'A provider''s list for a time window: each item compared with the ledger, and what the ledger recorded in the window that the list lacks is flagged. Service role only.';
CREATE OR REPLACE FUNCTION public.service_record_provider_window(p_kind text, p_from timestamp with time zone, p_to timestamp with time zone, p_items jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_listed jsonb;
  v_missing jsonb;
  v_unlisted jsonb;
begin
  if p_from is null or p_to is null or p_to <= p_from then
    raise exception 'A window is a start before its end' using errcode = 'PT400', hint = 'invalid_snapshot';
  end if;
  v_listed := public.service_record_provider_snapshot(p_kind, p_items);
  if p_kind = 'payouts' then
    select coalesce(jsonb_agg(jsonb_build_object('payout_id', sent.payout_id, 'amount_paise', 0, 'status', 'not_listed')), '[]'::jsonb)
      into v_missing
      from (select distinct substr(j.reference, length('payout:') + 1) as payout_id
              from private.ledger_journal j
             where j.kind = 'payout_sent' and j.created_at >= p_from and j.created_at < p_to) as sent
     where not exists (select 1 from jsonb_array_elements(p_items) as i where i ->> 'payout_id' = sent.payout_id);
  else
    select coalesce(jsonb_agg(jsonb_build_object('razorpay_payment_id', received.payment_id, 'amount_paise', 0)), '[]'::jsonb)
      into v_missing
      from (select distinct p.razorpay_payment_id as payment_id
              from private.ledger_journal j
              join public.payments p on j.reference = 'payment:' || p.id
             where j.kind = 'entry_fee' and j.created_at >= p_from and j.created_at < p_to
               and p.razorpay_payment_id is not null) as received
     where not exists (select 1 from jsonb_array_elements(p_items) as i where i ->> 'razorpay_payment_id' = received.payment_id);
  end if;
  v_unlisted := public.service_record_provider_snapshot(p_kind, v_missing);
  return jsonb_build_object('checked', (v_listed ->> 'checked')::integer + (v_unlisted ->> 'checked')::integer,
                            'differences', (v_listed ->> 'differences')::integer + (v_unlisted ->> 'differences')::integer,
                            'not_listed', jsonb_array_length(v_missing));
end;
$function$;

comment on function public.staff_get_reconciliation() is 'Admins of the whole site: the open differences between the providers and the ledger.';
CREATE OR REPLACE FUNCTION public.staff_get_reconciliation()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_staff('admin');
  return coalesce((select jsonb_agg(jsonb_build_object('kind', kind, 'reference', reference, 'ledger_paise', ledger_paise,
                                                       'provider_paise', provider_paise, 'found_at', found_at,
                                                       'resolved_at', resolved_at, 'note', note)
                                    order by resolved_at nulls first, found_at desc, id desc)
                     from private.reconciliation_differences), '[]'::jsonb);
end;
$function$;

-- Chargebacks: the bank's dispute events --------------------------------------------------------------

comment on function public.service_record_payment_dispute(text,text,text,bigint,text) is 'A chargeback event (payment.dispute.created, under_review, action_required, won, lost, closed) in any order, late or twice: recorded, audited and told to staff; open holds the payer''s withdrawals, the first decision (won or lost) is final. Service role only.';
CREATE OR REPLACE FUNCTION public.service_record_payment_dispute(p_razorpay_payment_id text, p_dispute_id text, p_event text, p_amount_paise bigint, p_reason text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_payment public.payments%rowtype;
  v_registration public.tournament_registrations%rowtype;
  v_dispute_id text := coalesce(nullif(btrim(p_dispute_id), ''), 'payment:' || p_razorpay_payment_id);
  v_step text := regexp_replace(coalesce(p_event, ''), '^payment\.dispute\.', '');
  v_target text;
  v_row private.chargebacks%rowtype;
  v_before text;
  v_new_event boolean;
  v_title text;
begin
  if p_razorpay_payment_id is null or btrim(p_razorpay_payment_id) = '' then
    raise exception 'A payment id is required' using errcode = 'PT400', hint = 'payment_id_required';
  end if;
  v_target := case when v_step in ('created', 'under_review', 'action_required') then 'open'
                   -- Closed: Razorpay closed the dispute after our proof, without taking the money.
                   when v_step in ('won', 'closed') then 'won'
                   when v_step = 'lost' then 'lost' end;
  if v_target is null then
    raise exception 'Unknown chargeback event' using errcode = 'PT400', hint = 'invalid_dispute_event';
  end if;

  select * into v_payment from public.payments where razorpay_payment_id = p_razorpay_payment_id for update;
  insert into public.payment_disputes (payment_id, razorpay_payment_id, razorpay_dispute_id, event, amount_paise, reason)
  values (v_payment.id, p_razorpay_payment_id, v_dispute_id, p_event, p_amount_paise, left(p_reason, 500))
  on conflict (razorpay_dispute_id, event) do nothing;
  v_new_event := found;
  if v_payment.id is not null then
    select * into v_registration from public.tournament_registrations where payment_id = v_payment.id;
  end if;

  select * into v_row from private.chargebacks where razorpay_dispute_id = v_dispute_id for update;
  if not found then
    insert into private.chargebacks (razorpay_dispute_id, razorpay_payment_id, payment_id, registration_id, tournament_id,
                                     user_id, amount_paise, status, reason, opened_at, decided_at, updated_at)
    values (v_dispute_id, p_razorpay_payment_id, v_payment.id, v_registration.id, v_payment.tournament_id, v_payment.user_id,
            greatest(coalesce(nullif(p_amount_paise, 0), v_payment.amount_paise, 1), 1), 'open', left(p_reason, 500),
            v_now, null, v_now)
    returning * into v_row;
  end if;
  v_before := v_row.status;

  if v_before = 'open' and v_target in ('won', 'lost') then
    -- Lost: the bank takes back what its decision says, which a refund made while the dispute was open may
    -- have made smaller than what it first claimed; an event without an amount keeps the claim.
    update private.chargebacks set status = v_target, decided_at = v_now, updated_at = v_now,
                                   amount_paise = case when v_target = 'lost' and coalesce(p_amount_paise, 0) > 0
                                                       then p_amount_paise else amount_paise end,
                                   reason = coalesce(reason, left(p_reason, 500))
     where razorpay_dispute_id = v_dispute_id
    returning * into v_row;
    if v_target = 'lost' then
      v_row := private.book_lost_chargeback(v_row);
    else
      perform private.release_won_chargeback(v_row);
    end if;
  end if;
  if v_row.status in ('open', 'lost') and v_registration.id is not null then
    update public.tournament_registrations set disputed_at = coalesce(disputed_at, v_now) where id = v_registration.id;
  end if;

  if v_new_event then
    select title into v_title from public.tournaments where id = v_row.tournament_id;
    perform private.audit(v_row.tournament_id, 'chargeback_' || v_step,
                          'Chargeback ' || replace(v_step, '_', ' ') || ' on ' || private.money_text(v_row.amount_paise)
                          || ' (payment ' || p_razorpay_payment_id || '): '
                          || case when v_row.status = v_before and v_target <> v_before and v_before <> 'open'
                                  then 'already ' || v_before || ', nothing changes'
                                  else 'now ' || v_row.status end,
                          null, jsonb_build_object('status', v_before),
                          jsonb_build_object('status', v_row.status, 'razorpay_payment_id', p_razorpay_payment_id,
                                             'razorpay_dispute_id', v_dispute_id, 'amount_paise', v_row.amount_paise,
                                             'recovered_paise', v_row.recovered_paise, 'loss_paise', v_row.loss_paise),
                          false);
    perform private.notify_money_staff(v_row.tournament_id,
                                       'Chargeback ' || replace(v_step, '_', ' ') || ': ' || private.money_text(v_row.amount_paise),
                                       'Payment ' || p_razorpay_payment_id
                                       || coalesce(' for ' || v_title, '') || ' is now ' || v_row.status || '.'
                                       || case v_row.status
                                            when 'open' then ' The player''s withdrawals are held up to this amount until the bank decides.'
                                            when 'lost' then ' ' || private.money_text(v_row.recovered_paise) || ' came from the player''s balance, '
                                                             || private.money_text(v_row.loss_paise) || ' is a platform loss.'
                                            else ' The hold on the player''s withdrawals is released.' end,
                                       'chargeback-' || v_dispute_id || '-' || v_step);
  end if;
  return jsonb_build_object('outcome', case when v_payment.id is null then 'unknown_payment' else 'flagged' end,
                            'status', v_row.status, 'changed', v_row.status is distinct from v_before or v_before is null);
end;
$function$;

-- =====================================================================================================
-- Policies and grants: who may read, write and call
-- =====================================================================================================

-- KYC -------------------------------------------------------------------------------------------------

revoke all on table public.kyc_records from anon;
revoke all on table public.kyc_records from authenticated;
grant select on table public.kyc_records to authenticated;

-- Payouts and approvals -------------------------------------------------------------------------------

revoke all on table public.payouts from anon;
revoke all on table public.payouts from authenticated;
grant select on table public.payouts to authenticated;

revoke all on table public.payout_approvals from anon;
revoke all on table public.payout_approvals from authenticated;
grant select on table public.payout_approvals to authenticated;

-- The ledger ------------------------------------------------------------------------------------------

revoke all on function private.refuse_ledger_change() from public;

revoke all on function private.check_journal_balances() from public;

revoke all on function private.post_journal(text,text,jsonb,uuid) from public;

revoke all on function private.post_mirrored_journal(text,text,text,bigint,text,uuid) from public;

revoke all on function private.ledger_journal_kind_known(text) from public;
grant execute on function private.ledger_journal_kind_known(text) to service_role;

revoke all on function private.ledger_journal_reference_present(text) from public;
grant execute on function private.ledger_journal_reference_present(text) to service_role;

revoke all on function private.ledger_account_known(text) from public;
grant execute on function private.ledger_account_known(text) to service_role;

revoke all on function private.ledger_player_account_names_its_player(text,uuid) from public;
grant execute on function private.ledger_player_account_names_its_player(text,uuid) to service_role;

revoke all on function private.post_payment_journals(public.payments) from public;

revoke all on function private.post_payment_journals_on_change() from public;

revoke all on function private.payment_has_entry_fee(public.payments) from public;

revoke all on function private.post_refund_journal(public.payments,bigint) from public;

revoke all on function private.player_balance(uuid,timestamp with time zone) from public;

revoke all on function private.check_ledger() from public;

-- Prizes ----------------------------------------------------------------------------------------------

revoke all on function private.prize_formula_bands(public.tournaments) from public;

revoke all on function private.place_amounts(public.tournaments) from public;

revoke all on function private.prize_allocation(text) from public;

revoke all on function private.challenge_window(public.tournaments) from public;

revoke all on function private.credit_prizes(text) from public;

revoke all on function private.credit_due_prizes(timestamp with time zone) from public;

revoke all on function private.prize_tournaments_of(uuid) from public;

revoke all on function private.entry_prize_forfeited(uuid) from public;

revoke all on function private.entry_prize_held(uuid) from public;

revoke all on function private.waiting_prizes_paise(uuid) from public;

revoke all on function private.prize_paid_times(uuid) from public;

-- Tax on net winnings ---------------------------------------------------------------------------------

revoke all on function private.financial_year(timestamp with time zone) from public;

revoke all on function private.opening_balance(uuid,integer) from public;

revoke all on function private.deposits_between(uuid,timestamp with time zone,timestamp with time zone) from public;

revoke all on function private.tax_in_withdrawal(uuid,bigint,timestamp with time zone) from public;

revoke all on function private.net_winnings_for_withdrawal(uuid,bigint,timestamp with time zone) from public;

revoke all on function private.net_winnings_at_year_end(uuid,integer) from public;

revoke all on function private.withhold_year_end(integer,uuid) from public;

revoke all on function private.settle_last_year(uuid,timestamp with time zone) from public;

-- KYC -------------------------------------------------------------------------------------------------

revoke all on function private.pan_encryption_key() from public;

revoke all on function private.encrypt_pan(text) from public;

revoke all on function private.decrypt_pan(bytea) from public;

revoke all on function private.audit_pan_reads(uuid,text,uuid[]) from public;

revoke all on function private.pan_hmac(text) from public;

revoke all on function private.pan_not_verified_reason() from public;

-- Payouts and approvals -------------------------------------------------------------------------------

revoke all on function private.require_amount(bigint) from public;

revoke all on function private.queue_payout(public.payouts) from public;

revoke all on function private.return_payout(public.payouts,text,uuid) from public;

revoke all on function private.payout_answer(public.payouts) from public;

revoke all on function private.payout_approval_due_at(public.payouts) from public;

revoke all on function private.payout_on_its_way(text) from public;

revoke all on function private.payout_may_move(text,text) from public;

revoke all on function private.run_due_money_work() from public;
revoke all on function private.run_due_ledger_check() from public;

-- Chargebacks -----------------------------------------------------------------------------------------

revoke all on function private.chargeback_held_paise(uuid) from public;

revoke all on function private.entry_chargeback_status(uuid) from public;

revoke all on function private.kyc_check_call_details(private.outbox) from public;

revoke all on function private.payout_call_details(private.outbox) from public;

revoke all on function private.withdrawal_hold_refusal() from public;

revoke all on function private.chargeback_prizes_held(uuid) from public;

revoke all on function private.book_lost_chargeback(private.chargebacks) from public;

revoke all on function private.release_won_chargeback(private.chargebacks) from public;

-- Reconciliation with the providers -------------------------------------------------------------------

revoke all on function private.run_due_reconciliation_work() from public;

-- The ledger ------------------------------------------------------------------------------------------

revoke all on function private.post_entry_fee_journal(public.payments) from public;

revoke all on function private.player_account(uuid) from public;

-- Prizes ----------------------------------------------------------------------------------------------

revoke all on function private.post_prize(private.prize_awards,uuid) from public;

-- Tax on net winnings ---------------------------------------------------------------------------------

revoke all on function private.tax_rate() from public;

revoke all on function private.tax_on(bigint) from public;

revoke all on function private.financial_year_start(integer) from public;

-- KYC -------------------------------------------------------------------------------------------------

revoke all on function private.masked_pan(text) from public;

revoke all on function private.kyc_answer(public.kyc_records) from public;

-- Payouts and approvals -------------------------------------------------------------------------------

revoke all on function private.earnings_of(uuid) from public;

-- Prizes ----------------------------------------------------------------------------------------------

revoke all on function public.get_tournament_prizes(text) from public;

revoke all on function private.prize_place_bands(public.tournaments) from public;

revoke all on function public.get_tournament_payouts(text) from public;
revoke all on function private.tournament_payouts(text) from public;

revoke all on function public.staff_decide_held_prize(text,uuid,boolean,text) from anon;
revoke all on function public.staff_decide_held_prize(text,uuid,boolean,text) from public;

-- Tax on net winnings ---------------------------------------------------------------------------------

revoke all on function public.get_my_tax_statement(integer) from anon;
revoke all on function public.get_my_tax_statement(integer) from public;

revoke all on function public.staff_tax_certificates(integer) from anon;
revoke all on function public.staff_tax_certificates(integer) from public;

revoke all on function public.staff_withholding_register(date,date) from anon;
revoke all on function public.staff_withholding_register(date,date) from public;

-- KYC -------------------------------------------------------------------------------------------------

revoke all on function public.submit_kyc(text,text) from anon;
revoke all on function public.submit_kyc(text,text) from public;

revoke all on function public.get_my_kyc() from anon;
revoke all on function public.get_my_kyc() from public;

revoke all on function public.service_record_kyc_check(uuid,text,boolean,text,integer) from anon;
revoke all on function public.service_record_kyc_check(uuid,text,boolean,text,integer) from authenticated;
revoke all on function public.service_record_kyc_check(uuid,text,boolean,text,integer) from public;

-- Payouts and approvals -------------------------------------------------------------------------------

revoke all on function public.get_my_earnings() from anon;
revoke all on function public.get_my_earnings() from public;

revoke all on function public.preview_payout(bigint) from anon;
revoke all on function public.preview_payout(bigint) from public;

revoke all on function public.request_payout(bigint,text) from anon;
revoke all on function public.request_payout(bigint,text) from public;

revoke all on function public.get_my_payouts() from anon;
revoke all on function public.get_my_payouts() from public;

revoke all on function public.staff_list_payout_queue() from anon;
revoke all on function public.staff_list_payout_queue() from public;

revoke all on function public.staff_approve_payout(uuid) from anon;
revoke all on function public.staff_approve_payout(uuid) from public;

revoke all on function public.staff_reject_payout(uuid,text) from anon;
revoke all on function public.staff_reject_payout(uuid,text) from public;

revoke all on function public.service_record_payout_status(uuid,text,text,text,timestamp with time zone,text) from anon;
revoke all on function public.service_record_payout_status(uuid,text,text,text,timestamp with time zone,text) from authenticated;
revoke all on function public.service_record_payout_status(uuid,text,text,text,timestamp with time zone,text) from public;

revoke all on function public.staff_list_recent_payouts() from anon;
revoke all on function public.staff_list_recent_payouts() from public;

-- Chargebacks -----------------------------------------------------------------------------------------

revoke all on function public.get_my_withdrawal_holds() from anon;
revoke all on function public.get_my_withdrawal_holds() from public;

-- Reconciliation with the providers -------------------------------------------------------------------

revoke all on function public.service_record_provider_snapshot(text,jsonb) from anon;
revoke all on function public.service_record_provider_snapshot(text,jsonb) from authenticated;
revoke all on function public.service_record_provider_snapshot(text,jsonb) from public;

revoke all on function public.service_record_provider_window(text,timestamp with time zone,timestamp with time zone,jsonb) from anon;
revoke all on function public.service_record_provider_window(text,timestamp with time zone,timestamp with time zone,jsonb) from authenticated;
revoke all on function public.service_record_provider_window(text,timestamp with time zone,timestamp with time zone,jsonb) from public;

revoke all on function public.staff_get_reconciliation() from anon;
revoke all on function public.staff_get_reconciliation() from public;

-- KYC -------------------------------------------------------------------------------------------------

create policy "Players read their own KYC, admins read all" on public.kyc_records
  as permissive for select to authenticated
  using (((user_id = ( SELECT private.current_player_id() AS current_player_id)) OR ( SELECT private.caller_is_admin() AS caller_is_admin)));

-- Payouts and approvals -------------------------------------------------------------------------------

create policy "Players read their own payouts, admins read all" on public.payouts
  as permissive for select to authenticated
  using (((user_id = ( SELECT private.current_player_id() AS current_player_id)) OR ( SELECT private.caller_is_admin() AS caller_is_admin)));

create policy "Admins read approvals" on public.payout_approvals
  as permissive for select to authenticated
  using (( SELECT private.caller_is_admin() AS caller_is_admin));

-- Chargebacks: the bank's dispute events --------------------------------------------------------------

revoke all on function public.service_record_payment_dispute(text,text,text,bigint,text) from anon;
revoke all on function public.service_record_payment_dispute(text,text,text,bigint,text) from authenticated;
revoke all on function public.service_record_payment_dispute(text,text,text,bigint,text) from public;
