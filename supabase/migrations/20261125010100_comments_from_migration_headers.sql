-- =====================================================================================================
-- What each table and each function for players and staff is for, kept in the database
-- =====================================================================================================
-- The prose of the earlier migrations' headers, moved into comments: they travel with the objects, show in
-- supabase/schema/<area>.sql (npm run schema) and in any database tool, and a later migration that
-- changes an object changes its comment with it. Nothing else changes.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Foundation
-- -----------------------------------------------------------------------------------------------------
comment on table private.outbox is
  'Every call to the outside world (a refund, an order check, an e-mail, a KYC check, a payout), written in the same '
  'transaction as the decision that needs it. The outbox-worker claims due rows with a lease and calls with the row''s '
  'idempotency key, so a retry never acts twice; retries back off up to an hour, then the row waits for staff (gave_up).';
comment on table private.outbox_answers is 'Every answer an outside service gave to an outbox call, kept for support and reconciliation.';
comment on table private.due_work_steps is
  'The steps of the periodic function private.run_due_work(), in run_order. Each calls a function without arguments '
  'that returns a jsonb object of counts, reads the time from private.clock_now() and may run any number of times. '
  'Added by migrations through private.register_due_work().';
comment on function private.register_due_work(text, text, text, integer) is
  'Adds a step to the periodic function (migrations only). A step name or function is registered once.';
comment on function private.run_due_work() is
  'The periodic function (pg_cron every minute; the local stack''s timer): runs every registered step in order in one '
  'transaction and answers their counts merged into one object. Safe to run at any time, any number of times.';
comment on function public.service_run_due_work() is 'The periodic function for the outbox-worker, which only reaches PostgREST. Service role only.';
comment on function public.service_claim_outside_calls(integer, text) is
  'The outbox-worker claims up to p_limit due outside calls (or only the one with p_idempotency_key), each leased to it '
  'for two minutes. Service role only.';
comment on function public.service_record_outside_answer(bigint, text, jsonb) is
  'What the outside service said: done (took effect, or had already), retry (after the backoff) or failed (staff look '
  'at it). A done refund marks the payment refunded in the same transaction. Service role only.';

-- -----------------------------------------------------------------------------------------------------
-- Auth
-- -----------------------------------------------------------------------------------------------------
comment on function private.current_player_id() is
  'The caller''s user id when fully signed in (the second step done if they enrolled an authenticator app), else null. '
  'Row-level security calls it as (select private.current_player_id()).';
comment on function private.require_player() is
  'The caller''s user id, or an error: PT401 when signed out, PT403 when the second sign-in step is missing. Every '
  '"my ..." function starts with it.';

-- -----------------------------------------------------------------------------------------------------
-- Profile
-- -----------------------------------------------------------------------------------------------------
comment on table private.parental_consents is
  'Consents of a parent for a player of 13 to 17 (free tournaments only). The e-mailed link carries a token of which '
  'only the hash is kept; it is good once, for a limited time.';
comment on function public.get_my_profile() is 'The caller''s profile. PT404 when there is none.';
comment on function public.update_my_profile(text, text, integer, text, text, date, boolean) is
  'Completes the caller''s profile once (names, eFootball user id, date of birth, residence, picture), then it is locked. '
  'Refusals carry the profile form''s own messages and a stable hint; the picture must be the caller''s own upload.';
comment on function public.set_my_eligibility_details(date, boolean) is
  'What a completed profile may still add, once each: a date of birth when none was asked, and residence in India.';
comment on function public.request_parental_consent(text) is
  'A player of 13 to 17 asks a parent for consent: e-mails the parent a one-time link (rate limited per day).';
comment on function public.confirm_parental_consent(text) is
  'The parent opens the e-mailed link: records the consent. Callable without signing in; the token is the proof.';

-- -----------------------------------------------------------------------------------------------------
-- Tournaments
-- -----------------------------------------------------------------------------------------------------
comment on function public.get_tournament_state(text) is
  'The public contract (lifecycle.md): status, label, entries, capacity, the timetable and the current round of one '
  'tournament, for anyone.';
comment on function public.get_tournament_states(text[]) is
  'get_tournament_state for many ids in one call (null: every tournament), with each id and a cancel reason. A series '
  'id answers for its newest pod. Unknown ids are left out.';
comment on function public.get_tournament_participants(text) is
  'In-game names of a tournament''s players in registration order, for anyone; never e-mails, ids or payments.';
comment on function public.service_ensure_open_pods() is 'Makes sure every active series has its open pod; the catalog sync calls it. Service role only.';
comment on function public.staff_postpone_tournament(text, timestamptz, text) is
  'Organisers: moves a tournament that has not been drawn to a later start, with its whole timetable, with a reason '
  'written to the audit log.';
comment on function public.staff_cancel_tournament(text, text) is
  'Organisers (public contract): cancels a tournament; every paid entry is refunded through the outbox and every player '
  'is told.';

-- -----------------------------------------------------------------------------------------------------
-- Payments
-- -----------------------------------------------------------------------------------------------------
comment on table public.payments is
  'One row per Razorpay order, its amount decided from the tournament row. Moved to paid, failed, abandoned or refunded '
  'only by the payment functions; players read theirs through get_my_payments(). Kept for 7 years.';
comment on table public.tournament_registrations is
  'A player''s confirmed place (slots) in a tournament, written by the payment confirmation or free entry. One payment '
  'makes at most one registration; players read their own (Realtime).';
comment on table public.payment_refunds is 'Refunds as Razorpay reported them, one row per refund id; a partial refund cancels nothing by itself.';
comment on table public.payment_refunds_awaiting_capture is
  'A refund reported before the capture it refunds; the confirmation of that payment applies it, so a refunded payment '
  'never registers.';
comment on table public.payment_disputes is 'Chargebacks, one row per dispute event; the registration is flagged and staff see it in the console.';
comment on function public.get_entry_settings() is 'Whether paid entry is on for the deployment (paid_entry_enabled).';
comment on function public.get_my_entry_eligibility() is 'What the pay panel''s button says for the caller: whether they may enter, and if not, why.';
comment on function public.service_prepare_tournament_entry(uuid, text, integer) is
  'What an entry costs, decided from the tournament row, or why it is refused (eligibility, capacity, timetable). '
  'Service role only.';
comment on function public.enter_free_tournament(text) is 'Enters the caller in a free tournament: the same checks as paid entry, without a payment.';
comment on function public.service_record_payment_order(uuid, text, integer, text, integer, text) is
  'The payments row of a new Razorpay order; it replaces the player''s open orders for the tournament. Service role only.';
comment on function public.service_find_payment_by_order(text) is 'The stored order, to check its owner and the signature. Service role only.';
comment on function public.payment_confirmation_result(public.payments, text, uuid) is
  'The answer shape of the payment confirmation: outcome, payment, registration and the reason a player reads.';
comment on function public.service_record_payment_failure(text, text, text) is
  'A failed payment attempt; the order may still be paid until it expires. Never overwrites a settled payment. '
  'Service role only.';
comment on function public.service_claim_razorpay_webhook_event(text, text) is
  'Records a webhook event id as it is processed: true when it is to be processed, nothing when it was already handled, '
  'so a redelivery changes nothing. Service role only.';
comment on function public.service_complete_razorpay_webhook_event(text) is 'Marks a webhook event handled. Service role only.';
comment on function public.service_record_payment_refund(text, text, integer) is
  'Razorpay accepted or processed a refund (idempotent). A refund of a paid registration also cancels it and frees its '
  'slots. Service role only.';
comment on function public.service_refund_unknown_capture(text, text, integer) is
  'A capture for an order we never recorded is refunded in full through the outbox, once per payment. Service role only.';
comment on function public.service_record_payment_dispute(text, text, text, integer, text) is
  'A chargeback event: recorded, and the registration flagged for staff (prizes of its entries are then held). Service '
  'role only.';
comment on function public.staff_refund_progress(text) is 'Staff: how the refunds of a tournament stand (done, pending, failed).';
comment on function public.staff_retry_refunds(text) is 'Organisers: queues again the refunds of a tournament that were given up, under the same keys (never a second refund).';
comment on function public.get_my_payments() is
  'The caller''s payment history, newest first, with the reason a payment did not buy an entry when it did not.';
comment on function public.get_my_registrations() is 'The caller''s registrations, newest first.';

-- -----------------------------------------------------------------------------------------------------
-- Brackets
-- -----------------------------------------------------------------------------------------------------
comment on table public.draws is
  'The draw of a tournament: the seeds in order, the secret that decided them and its public commitment. Readable by '
  'anyone once made.';
comment on table private.draw_secrets is
  'The secret of each tournament''s draw, made when the tournament row is created; only its SHA-256 commitment '
  '(tournaments.draw_commitment) is public until the draw.';
comment on function public.get_my_entries(text) is 'The caller''s entries in a tournament (played or bought), with check-in and invitation state.';
comment on function public.get_my_entries_all() is 'get_my_entries for every tournament the caller plays in or bought places for, newest first.';
comment on function public.invite_to_entry(uuid, text) is
  'The buyer of a place without a player makes its invitation link (optionally e-mailed to the invited player).';
comment on function public.get_entry_invitation(text) is 'What an invitation link offers (tournament, buyer), for anyone; a malformed link is not found.';
comment on function public.accept_entry_invitation(text) is 'The signed-in player takes the invited place, when they may enter the tournament.';
comment on function public.check_in(text) is 'The public contract: checks in the caller''s entries while the check-in window is open.';
comment on function public.staff_set_check_in(uuid, boolean, text) is
  'Referees: checks an entry in or out by hand with a public reason; not in the window''s last 5 minutes.';
comment on function public.staff_close_check_in(text) is
  'Organisers (public contract): closes check-in now and runs the draw, once (a second call answers the first draw).';
comment on function public.get_bracket(text) is
  'The public contract: the draw (commitment, secret once drawn, seeds) and every round''s matches with names, scores, '
  'winners and status, for anyone.';

-- -----------------------------------------------------------------------------------------------------
-- Matches
-- -----------------------------------------------------------------------------------------------------
comment on table private.match_rooms is 'The room id and password of a match, posted by the host; read only through get_match_room.';
comment on table private.match_reports is
  'What each player reported of a match (score, who went through, screenshot path); the two players and staff read '
  'them through get_match_reports.';
comment on table public.match_disputes is 'Disputes of a match, each with its reason, staff deadline and how staff settled it.';
comment on function public.post_room(uuid, text, text) is 'The host (the top slot) posts the room id and password of the match.';
comment on function public.get_match_room(uuid) is 'The room of a match, for its two players and staff only.';
comment on function public.set_ready(uuid) is 'A player of the match is ready, from 5 minutes before to 10 minutes after the match time.';
comment on function public.claim_walkover(uuid) is
  'A player who was ready claims the match 10 minutes after its time when the opponent never was.';
comment on function public.report_match(uuid, integer, integer, text, text) is
  'A player reports the score, who went through and a screenshot in match-evidence, from 5 minutes before to 45 '
  'minutes after the match time. The opponent then confirms or disputes.';
comment on function public.confirm_match(uuid) is 'The opponent agrees with the one report filed: the result stands and the winner moves on.';
comment on function public.dispute_match(uuid, text, text) is 'A player of the match opens a dispute with a reason; staff decide before its deadline.';
comment on function public.get_match_reports(uuid) is 'The reports on file and the dispute of a match, for its two players and staff.';
comment on function public.staff_list_disputes() is
  'Staff: every open dispute in the tournaments they look after, the nearest staff deadline first.';
comment on function public.staff_settle_match(uuid, uuid, integer[], text) is
  'Referees (public contract): decide a match with its winner and score; the winner moves on.';
comment on function public.staff_order_replay(uuid, text) is 'Referees: a disputed match is reset to be played again.';
comment on function public.staff_disqualify(uuid, uuid, text) is 'Referees: disqualifies one entry of a match (withdrawn, with the note); the other goes through.';
comment on function public.staff_correct_result(uuid, uuid, integer[], text, boolean) is
  'Referees: corrects a confirmed result until the prizes are credited. Without p_apply it previews the later matches '
  'the change would reset.';

-- -----------------------------------------------------------------------------------------------------
-- Standings
-- -----------------------------------------------------------------------------------------------------
comment on function public.get_standings(text) is
  'The places decided so far in a tournament (all of them once finished), in bands of players who share a place.';
comment on function public.get_my_places() is 'The caller''s place in each finished tournament they played (get_standings'' band).';
comment on function public.get_my_stats() is 'The caller''s record from confirmed matches (played, won, lost, goals, titles) and total earnings.';

-- -----------------------------------------------------------------------------------------------------
-- Payouts: ledger, prizes, tax, KYC, payouts, reconciliation
-- -----------------------------------------------------------------------------------------------------
comment on table private.prize_awards is
  'Each entry''s prize in a finished tournament: credited once after the challenge window, or held while its payment '
  'has a chargeback (admins pay or forfeit it).';
comment on table private.settings is
  'Rates and choices the chartered accountant owns (tax_rate, entry_fees_are_deposits, payout_approval_over_paise).';
comment on table private.tax_withholdings is 'Tax withheld at each withdrawal and at each year end, with the net winnings it was computed on.';
comment on table private.year_end_runs is 'Financial years whose year-end withholding has run (once each).';
comment on table public.payout_approvals is 'Admin approvals of payouts; a payout needs one or two before it is sent. Admins read them.';
comment on table private.reconciliation_differences is
  'Differences between what a provider (RazorpayX, Razorpay) reports and the ledger, for staff; money is never changed here.';
comment on function public.get_tournament_prizes(text) is
  'What each band of places pays in a tournament, totalling its prize pool, for anyone.';
comment on function public.staff_decide_held_prize(text, uuid, boolean, text) is
  'Admins: pays a held prize (the chargeback was won) or forfeits it, with a reason.';
comment on function public.get_my_tax_statement(integer) is 'The caller''s tax withheld and payouts in a financial year (April to March, IST).';
comment on function public.staff_tax_certificates(integer) is
  'Admins of the whole site: tax withheld per player and quarter of a financial year, for Form 16A.';
comment on function public.staff_withholding_register(date, date) is
  'Admins of the whole site: every withholding between two IST dates with PAN, legal name, gross, net winnings and tax.';
comment on function public.submit_kyc(text, text) is
  'The caller submits their PAN and UPI id: formats, age 18+ and one PAN per account are checked at once, the PAN and '
  'UPI checks are queued. Changing a verified UPI id needs the second sign-in step and holds payouts for 24 hours.';
comment on function public.get_my_kyc() is 'The caller''s KYC: status, reason, masked PAN, UPI id and any payout hold.';
comment on function public.service_record_kyc_check(uuid, text, boolean, text) is
  'A provider''s answer to the PAN or UPI check: verified once both pass, rejected with the reason at the first '
  'failure; the player is told. Service role only.';
comment on function public.get_my_earnings() is
  'The public contract: the caller''s won, tax withheld, paid out, balance and pending amounts in paise, from the ledger.';
comment on function public.preview_payout(bigint) is 'The gross, tax and net of a withdrawal of this amount, before the player confirms.';
comment on function public.request_payout(bigint, text) is
  'The public contract: withdraws from the balance (tax withheld at once). A first payout or a large one waits for an '
  'admin; the same idempotency key answers the same payout.';
comment on function public.get_my_payouts() is 'The caller''s payouts, newest first, with their status.';
comment on function public.staff_list_payout_queue() is
  'Admins of the whole site: payouts waiting for approval or not yet paid, with KYC, the winnings'' sources and the tax.';
comment on function public.staff_approve_payout(uuid) is
  'Admins (public contract): approves a payout, never their own; a second admin is needed when the first organised a '
  'tournament the winnings came from. Fully approved, it goes to the outbox.';
comment on function public.staff_reject_payout(uuid, text) is 'Admins: refuses a payout waiting for approval; the gross returns to the balance and its tax is reversed.';
comment on function public.service_record_payout_status(uuid, text, text, text, timestamptz) is
  'What RazorpayX says of a payout. Statuses only move forward; a failed or reversed payout returns its gross to the '
  'balance. Service role only.';
comment on function public.service_record_provider_snapshot(text, jsonb) is
  'Compares a provider''s list of payouts or payments with the ledger and records every difference. Service role only.';
comment on function public.service_record_provider_window(text, timestamptz, timestamptz, jsonb) is
  'A provider''s list for a time window: each item compared with the ledger, and what the ledger recorded in the window '
  'that the list lacks is flagged. Service role only.';
comment on function public.staff_get_reconciliation() is 'Admins of the whole site: the open differences between the providers and the ledger.';

-- -----------------------------------------------------------------------------------------------------
-- Notifications
-- -----------------------------------------------------------------------------------------------------
comment on table public.notifications is
  'The bell: one row per thing a player is told (check-in, draw, room, reports, disputes, next match, prizes, ...). '
  'The e-mail is queued with it; non-urgent e-mail waits for 08:00 IST.';
comment on table public.notification_settings is 'A player''s choice of e-mail per kind of notification; no row means e-mail on.';
comment on type private.notice is 'One notification to deliver: who, kind, title, body, link, and the key that keeps its e-mail to one.';
comment on function public.get_my_notifications(integer) is 'The caller''s latest notifications and the unread count.';
comment on function public.mark_notifications_read(bigint) is 'Marks the caller''s notifications read (all, or up to an id).';
comment on function public.get_my_notification_settings() is 'Each kind of notification with whether the caller gets it by e-mail and whether it is urgent.';
comment on function public.set_my_notification_setting(text, boolean) is 'Turns e-mail for one kind of notification on or off for the caller.';
comment on function public.sign_up_for_story_news(text, text) is 'Keeps an e-mail address (with the consent text shown) for blog story news.';

-- -----------------------------------------------------------------------------------------------------
-- Staff
-- -----------------------------------------------------------------------------------------------------
comment on function public.get_my_staff_roles() is 'The caller''s staff roles (global or per tournament).';
comment on function public.admin_list_roles() is 'Admins of the whole site: every staff grant with the e-mail and in-game name.';
comment on function public.admin_grant_role(text, text, text) is 'Admins of the whole site: grants a role (referee, organiser, admin), globally or for one tournament.';
comment on function public.admin_revoke_role(uuid) is 'Admins of the whole site: removes a grant, never their own admin role.';
comment on function public.service_grant_role(text, text, text) is 'The first admin, from a trusted machine (npm run staff:grant-admin). Service role only.';
comment on function public.staff_get_audit(text) is 'Staff: a tournament''s whole audit log, newest first.';
comment on function public.get_tournament_changes(text) is
  'The public part of a tournament''s audit log, for anyone; who acted shows as a role, never a name.';
comment on function public.staff_list_tournaments() is 'Staff: the tournaments of the last 30 days and those not settled that the caller looks after.';
comment on function public.staff_needs_attention() is
  'Staff: what needs attention (check-in closing, places without a player, failed refunds, chargebacks, outside calls '
  'given up), soonest first.';
comment on function public.staff_get_entries(text) is 'Staff: a tournament''s entries with their players, payment state and check-in.';
