-- =====================================================================================================
-- Download my data: everything the platform holds about the caller, in one answer
-- =====================================================================================================
-- The Digital Personal Data Protection Act 2023 gives every player the right to a summary of the personal
-- data we process and of the processing itself. export_my_data() answers it as one JSON object, one key per
-- kind of data, each key filled by a section function registered here.
--
-- private.data_export_sections          the registry: key -> area and a function `(p_user uuid) returns jsonb`.
--                                       A feature that stores personal data adds its key with
--                                       private.register_data_export_section() in its own migration; nobody
--                                       redefines export_my_data().
-- private.data_exports                  one row per export given: who, when. It is the processing log of the
--                                       right of access and what the limit counts.
-- public.export_my_data()               the signed-in caller's own rows only; PAN as its last four characters;
--                                       the caller's own evidence, never the opponent's. At most one export in
--                                       any 10 minutes: PT409 export_too_soon, with when the next one opens.
-- =====================================================================================================

create table private.data_export_sections (
  key text primary key,
  area text not null,
  function_name text not null unique,
  constraint data_export_sections_key_format check (key ~ '^[a-z][a-z0-9_]*$'),
  constraint data_export_sections_function_qualified check (function_name ~ '^[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*$')
);
comment on table private.data_export_sections is 'The keys of export_my_data(): each filled by a function taking the player''s user id and returning jsonb. Added by migrations through private.register_data_export_section().';
revoke all on table private.data_export_sections from public, anon, authenticated;

create function private.register_data_export_section(p_key text, p_area text, p_function text) returns void
  language plpgsql
  set search_path = ''
as $$
declare
  v_function regprocedure := to_regprocedure(p_function || '(uuid)');
begin
  if v_function is null or (select prorettype from pg_catalog.pg_proc where oid = v_function) <> 'jsonb'::regtype then
    raise exception 'An export section calls a function taking the user id and returning jsonb: % is not one', p_function
      using errcode = '22023';
  end if;
  insert into private.data_export_sections (key, area, function_name) values (p_key, p_area, p_function);
end;
$$;
comment on function private.register_data_export_section(text,text,text) is 'Adds a key to export_my_data() (migrations only): the key, the area that owns it and its function `(p_user uuid) returns jsonb`. A key is registered once.';
revoke all on function private.register_data_export_section(text,text,text) from public;

create table private.data_exports (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  exported_at timestamptz not null
);
comment on table private.data_exports is 'Each export of a player''s data: who and when. The processing log of the right of access, and what the one-export-in-10-minutes limit counts.';
create index data_exports_of_user on private.data_exports (user_id, exported_at desc);
revoke all on table private.data_exports from public, anon, authenticated;

create function private.data_export_interval() returns interval
  language sql immutable
  set search_path = ''
as $$ select interval '10 minutes' $$;
comment on function private.data_export_interval() is 'How long after one export the next one opens: an export reads every table about the player, so it is not a button to press in a loop.';
revoke all on function private.data_export_interval() from public;

-- -----------------------------------------------------------------------------------------------------
-- The sections
-- -----------------------------------------------------------------------------------------------------

create function private.export_profile(p_user uuid) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object(
           'user_id', u.id, 'sign_in_email', u.email, 'account_created_at', u.created_at,
           'email', p.email, 'legal_name', p.legal_name, 'in_game_name', p.in_game_name, 'age', p.age,
           'date_of_birth', p.date_of_birth, 'game_user_id', p.game_user_id, 'profile_image_url', p.profile_image_url,
           'profile_completed', p.profile_completed, 'lives_in_india_confirmed_at', p.lives_in_india_confirmed_at,
           'created_at', p.created_at, 'updated_at', p.updated_at,
           'staff_roles', coalesce((select jsonb_agg(jsonb_build_object('role', r.role, 'tournament_id', r.tournament_id,
                                                                        'granted_at', r.granted_at) order by r.granted_at)
                                      from public.staff_roles r where r.user_id = p_user), '[]'::jsonb))
    from auth.users u
    left join public.profiles p on p.id = u.id
   where u.id = p_user;
$$;
revoke all on function private.export_profile(uuid) from public;

create function private.export_consents(p_user uuid) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object(
    'lives_in_india_confirmed_at', (select lives_in_india_confirmed_at from public.profiles where id = p_user),
    -- What the platform decided from the profile: may this player pay, may they play free tournaments.
    'eligibility', jsonb_build_object('paid_entry_refusal', private.paid_entry_refusal(p_user),
                                      'free_entry_refusal', private.free_entry_refusal(p_user),
                                      'parental_consent', private.has_parental_consent(p_user)),
    -- The token itself stays out: only its hash is stored, and it proves nothing to the player.
    'parental_consents', coalesce((select jsonb_agg(jsonb_build_object('parent_email', c.parent_email, 'requested_at', c.requested_at,
                                                                       'expires_at', c.expires_at, 'confirmed_at', c.confirmed_at)
                                                    order by c.requested_at)
                                     from private.parental_consents c where c.player_id = p_user), '[]'::jsonb),
    'story_news', coalesce((select jsonb_agg(jsonb_build_object('email', s.email, 'consent_text', s.consent_text,
                                                                'consented_at', s.consented_at))
                              from public.story_notification_signups s
                              join auth.users u on u.id = p_user and lower(u.email) = s.email), '[]'::jsonb));
$$;
revoke all on function private.export_consents(uuid) from public;

create function private.export_entries(p_user uuid) returns jsonb
  language sql stable
  set search_path = ''
as $$
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
$$;
revoke all on function private.export_entries(uuid) from public;

create function private.export_matches(p_user uuid) returns jsonb
  language sql stable
  set search_path = ''
as $$
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
$$;
revoke all on function private.export_matches(uuid) from public;

create function private.export_evidence(p_user uuid) returns jsonb
  language sql stable
  set search_path = ''
as $$
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
$$;
revoke all on function private.export_evidence(uuid) from public;

create function private.export_payments(p_user uuid) returns jsonb
  language sql stable
  set search_path = ''
as $$
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
$$;
revoke all on function private.export_payments(uuid) from public;

create function private.export_ledger(p_user uuid) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('account', l.account, 'amount_paise', l.amount_paise, 'kind', j.kind,
                                               'reference', j.reference, 'at', j.created_at) order by j.created_at, l.id), '[]'::jsonb)
    from private.ledger_lines l
    join private.ledger_journal j on j.id = l.journal_id
   where l.user_id = p_user;
$$;
revoke all on function private.export_ledger(uuid) from public;

create function private.export_tax_withheld(p_user uuid) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('financial_year', w.financial_year, 'kind', w.kind, 'gross_paise', w.gross_paise,
                                               'net_winnings_paise', w.net_winnings_paise, 'tax_paise', w.tax_paise,
                                               'payout_id', w.payout_id, 'at', w.at, 'reversed_at', w.reversed_at)
                            order by w.at, w.id), '[]'::jsonb)
    from private.tax_withholdings w
   where w.user_id = p_user;
$$;
revoke all on function private.export_tax_withheld(uuid) from public;

create function private.export_prizes(p_user uuid) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('tournament_id', a.tournament_id, 'place', a.place_label,
                                               'amount_paise', a.amount_paise, 'status', a.status, 'created_at', a.created_at,
                                               'decided_at', a.decided_at, 'note', a.note) order by a.created_at), '[]'::jsonb)
    from private.prize_awards a
   where a.player_id = p_user;
$$;
revoke all on function private.export_prizes(uuid) from public;

create function private.export_payouts(p_user uuid) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('payout_id', p.id, 'gross_paise', p.gross_paise, 'tax_paise', p.tax_paise,
                                               'net_paise', p.net_paise, 'status', p.status, 'upi_id', p.upi_id, 'utr', p.utr,
                                               'failure_reason', p.failure_reason, 'created_at', p.created_at,
                                               'processed_at', p.processed_at) order by p.created_at), '[]'::jsonb)
    from public.payouts p
   where p.user_id = p_user;
$$;
revoke all on function private.export_payouts(uuid) from public;

create function private.export_kyc(p_user uuid) returns jsonb
  language sql stable
  set search_path = ''
as $$
  -- The PAN as its last four characters only, as every screen shows it.
  select jsonb_build_object('pan_masked', private.masked_pan(k.pan), 'pan_name_status', k.pan_name_status,
                            'upi_id', k.upi_id, 'upi_status', k.upi_status, 'status', k.status, 'reason', k.reason,
                            'submitted_at', k.submitted_at, 'verified_at', k.verified_at, 'upi_changed_at', k.upi_changed_at,
                            'payouts_held_until', k.payouts_held_until)
    from public.kyc_records k
   where k.user_id = p_user;
$$;
revoke all on function private.export_kyc(uuid) from public;

create function private.export_notifications(p_user uuid) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object(
    'settings', coalesce((select jsonb_agg(jsonb_build_object('kind', s.kind, 'email', s.email) order by s.kind)
                            from public.notification_settings s where s.user_id = p_user), '[]'::jsonb),
    'messages', coalesce((select jsonb_agg(jsonb_build_object('kind', n.kind, 'title', n.title, 'body', n.body, 'link', n.link,
                                                              'created_at', n.created_at, 'read_at', n.read_at)
                                           order by n.created_at, n.id)
                            from public.notifications n where n.user_id = p_user), '[]'::jsonb));
$$;
revoke all on function private.export_notifications(uuid) from public;

create function private.export_audit(p_user uuid) returns jsonb
  language sql stable
  set search_path = ''
as $$
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
$$;
revoke all on function private.export_audit(uuid) from public;

create function private.export_requests(p_user uuid) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('exported_at', x.exported_at) order by x.exported_at), '[]'::jsonb)
    from private.data_exports x where x.user_id = p_user;
$$;
revoke all on function private.export_requests(uuid) from public;

select private.register_data_export_section('profile', 'profile', 'private.export_profile');
select private.register_data_export_section('consents', 'profile', 'private.export_consents');
select private.register_data_export_section('entries', 'brackets', 'private.export_entries');
select private.register_data_export_section('matches', 'matches', 'private.export_matches');
select private.register_data_export_section('evidence', 'matches', 'private.export_evidence');
select private.register_data_export_section('payments', 'payments', 'private.export_payments');
select private.register_data_export_section('ledger', 'payouts', 'private.export_ledger');
select private.register_data_export_section('tax_withheld', 'payouts', 'private.export_tax_withheld');
select private.register_data_export_section('prizes', 'payouts', 'private.export_prizes');
select private.register_data_export_section('payouts', 'payouts', 'private.export_payouts');
select private.register_data_export_section('kyc', 'payouts', 'private.export_kyc');
select private.register_data_export_section('notifications', 'notifications', 'private.export_notifications');
select private.register_data_export_section('audit', 'staff', 'private.export_audit');
select private.register_data_export_section('data_exports', 'privacy', 'private.export_requests');

-- -----------------------------------------------------------------------------------------------------
-- The export
-- -----------------------------------------------------------------------------------------------------

create function public.export_my_data() returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
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
$$;
comment on function public.export_my_data() is 'The signed-in player''s own data, one key per registered section (profile, consents, entries, matches, evidence, payments, ledger, tax_withheld, prizes, payouts, kyc, notifications, audit, ...): PAN masked to its last four characters, only their own evidence. At most one export in 10 minutes (PT409 export_too_soon).';
revoke all on function public.export_my_data() from public, anon;
grant execute on function public.export_my_data() to authenticated;
