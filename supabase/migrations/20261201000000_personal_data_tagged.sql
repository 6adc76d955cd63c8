-- Every column that holds personal data about a person carries a comment that starts
-- `personal: <kind>` (kinds: email, legal_name, name, age, date_of_birth, residence, game_id, picture,
-- pan, pan_hash, upi_id, phone, ip, screenshot_path, free_text). Erasure, export and retention read these
-- tags from the catalog instead of keeping their own lists, and a schema-wide test sweeps every tagged
-- column after an account is erased. A new personal column gets its tag in the migration that adds it.
-- Text after the kind keeps what the column's comment said before.

-- The profile: who the player is.
comment on column public.profiles.email is 'personal: email';
comment on column public.profiles.legal_name is 'personal: legal_name. The name on the player''s PAN.';
comment on column public.profiles.in_game_name is 'personal: name. Shown publicly in brackets, standings and prizes.';
comment on column public.profiles.age is 'personal: age. Age typed before dates of birth were asked; cleared once the player gives a date of birth.';
comment on column public.profiles.date_of_birth is 'personal: date_of_birth. Given once by the player; age is computed from it (private.profile_age). Null on rows completed before it was asked.';
comment on column public.profiles.lives_in_india_confirmed_at is 'personal: residence. When the player confirmed they live in India (paid entry is for residents of India). Null: not confirmed.';
comment on column public.profiles.game_user_id is 'personal: game_id. The player''s eFootball user id.';
comment on column public.profiles.profile_image_url is 'personal: picture';

-- Parents and invited players, named by e-mail.
comment on column private.parental_consents.parent_email is 'personal: email. The parent who confirms a child''s account.';
comment on column public.entries.invited_email is 'personal: email. The address a buyer invited to play an extra slot.';
comment on column public.story_notification_signups.email is 'personal: email';

-- Match evidence and what players and staff wrote about a match.
comment on column private.match_reports.screenshot_path is 'personal: screenshot_path. Path in the match-evidence bucket: <match id>/<user id>/<name>.';
comment on column private.match_dispute_statements.screenshot_path is 'personal: screenshot_path. Path in the match-evidence bucket: <match id>/<user id>/<name>.';
comment on column private.match_dispute_statements.details is 'personal: free_text. What a player wrote in a dispute.';
comment on column public.match_disputes.details is 'personal: free_text. What the player who opened the dispute wrote.';
comment on column public.match_disputes.note is 'personal: free_text. The staff member''s note when settling (may name players).';
comment on column private.prize_awards.note is 'personal: free_text. The staff member''s note on a held prize (may name the player).';

-- Money: KYC and payouts.
comment on column public.kyc_records.pan is 'personal: pan';
comment on column public.kyc_records.pan_hmac is 'personal: pan_hash. private.pan_hmac(pan): one PAN per verified account is a unique index on it over the records with a verified_at.';
comment on column public.kyc_records.upi_id is 'personal: upi_id';
comment on column public.kyc_records.reason is 'personal: free_text. Why a check refused the details (may name the player).';
comment on column public.payouts.upi_id is 'personal: upi_id. The UPI id the payout was sent to.';
comment on column private.foreign_captures.notes is 'personal: free_text. Notes of a capture nobody here ordered (may hold the payer''s contact).';

-- Messages to players and the answers of outside services.
comment on column public.notifications.title is 'personal: free_text. May name the player or their opponent.';
comment on column public.notifications.body is 'personal: free_text. May name the player or their opponent.';
comment on column private.outbox.payload is 'personal: free_text. E-mail addresses, names, PAN and UPI id travel here to the outside services.';
comment on column private.outbox.last_answer is 'personal: free_text. The outside service''s last answer (a PAN check answers a name).';
comment on column private.outbox_answers.answer is 'personal: free_text. The outside service''s answer (a PAN check answers a name).';

-- The audit log names the people staff acted on, and staff by e-mail when roles are granted.
comment on column public.audit_log.summary is 'personal: free_text';
comment on column public.audit_log.reason is 'personal: free_text';
comment on column public.audit_log.before is 'personal: free_text';
comment on column public.audit_log.after is 'personal: free_text';
