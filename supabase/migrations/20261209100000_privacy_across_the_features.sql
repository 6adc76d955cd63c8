-- The privacy rules reach every feature: the encrypted PAN in the export, the waitlist, the chat, alerts and
-- ratings in the export and in erasure, erased players off the leaderboard, and the tags of the columns that
-- hold personal data.

-- The export shows the PAN as its last four characters, now the only part stored in clear.
create or replace function private.export_kyc(p_user uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('pan_masked', private.masked_pan(k.pan_last4), 'pan_name_status', k.pan_name_status,
                            'upi_id', k.upi_id, 'upi_status', k.upi_status, 'status', k.status, 'reason', k.reason,
                            'submitted_at', k.submitted_at, 'verified_at', k.verified_at, 'upi_changed_at', k.upi_changed_at,
                            'payouts_held_until', k.payouts_held_until)
    from public.kyc_records k
   where k.user_id = p_user;
$$;

-- An erased player is no longer public: off the leaderboard, and get_player answers PT404 for them.
create or replace function private.player_is_public(p_player uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (select 1 from public.profiles p
                  where p.id = p_player and p.in_game_name is not null and p.erased_at is null
                    and private.profile_age(p) >= private.legal_paid_entry_age());
$$;

-- A waitlist place in a tournament still running is open play, like an entry.
create or replace function private.account_open_play(p_user uuid)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_title text;
begin
  -- An entry (played or bought) in a tournament that is not settled or cancelled.
  select t.title into v_title
    from public.entries e join public.tournaments t on t.id = e.tournament_id
   where (e.player_id = p_user or e.buyer_id = p_user) and e.status = 'active'
     and private.tournament_status(t, v_now) not in ('settled', 'cancelled')
   order by t.starts_at
   limit 1;
  if v_title is not null then
    return v_title;
  end if;
  -- A place on a waitlist that has not been promoted, refunded or released yet.
  select t.title into v_title
    from public.waitlist_places w join public.tournaments t on t.id = w.tournament_id
   where w.player_id = p_user and w.status = 'waiting'
     and private.tournament_status(t, v_now) not in ('settled', 'cancelled')
   order by t.starts_at
   limit 1;
  if v_title is not null then
    return v_title;
  end if;
  -- A dispute still open in one of their matches.
  select t.title into v_title
    from public.match_disputes d join public.matches m on m.id = d.match_id join public.tournaments t on t.id = m.tournament_id
    join public.entries e on e.id in (m.entry_a, m.entry_b)
   where d.settled_at is null and e.player_id = p_user
   limit 1;
  return v_title;
end;
$$;

-- Kept records point at the pseudonymous profile, which outlives the sign-in account: a waitlist place holds a
-- payment, a disconnection report is part of a match's evidence.
alter table public.waitlist_places drop constraint waitlist_places_player_id_fkey,
  add constraint waitlist_places_player_id_fkey foreign key (player_id) references public.profiles (id);
alter table private.match_disconnections drop constraint match_disconnections_reported_by_fkey,
  add constraint match_disconnections_reported_by_fkey foreign key (reported_by) references public.profiles (id);
-- An erased player's matches still count for their opponents' ratings, so the weekly rating goes on rating
-- the pseudonymous profile (nobody sees it: an erased player is not public).
alter table private.player_ratings drop constraint player_ratings_player_id_fkey,
  add constraint player_ratings_player_id_fkey foreign key (player_id) references public.profiles (id) on delete cascade;

-- Personal columns of the features added beside the tags.
comment on column public.kyc_records.pan_ciphertext is 'personal: pan';
comment on column public.kyc_records.pan_last4 is 'personal: pan_last4';
comment on column public.push_subscriptions.endpoint is 'personal: device';
comment on column public.push_subscriptions.p256dh is 'personal: device';
comment on column public.push_subscriptions.auth is 'personal: device';

-- The chat is kept with the match's evidence and deleted with it.
create or replace function private.delete_expired_match_chats(p_now timestamptz)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_deleted integer;
begin
  delete from public.match_messages mm
   using public.matches m, public.tournaments t
   where m.id = mm.match_id and t.id = m.tournament_id
     and coalesce(t.settled_at, t.cancelled_at) <= p_now - private.retention_days('retention_evidence_days')
     and not exists (select 1 from public.match_disputes d join public.matches dm on dm.id = d.match_id
                      where dm.tournament_id = t.id and d.settled_at is null)
     and not exists (select 1 from private.chargebacks c where c.tournament_id = t.id and c.status = 'open');
  get diagnostics v_deleted = row_count;
  return v_deleted;
end;
$$;
comment on function private.delete_expired_match_chats(timestamptz) is 'Deletes the chats of matches whose evidence has passed its retention (retention_evidence_days after the tournament settles; kept while a dispute or chargeback is open). Answers how many messages went.';
revoke execute on function private.delete_expired_match_chats(timestamptz) from public;

create or replace function private.run_due_chat_retention()
returns jsonb
language sql
security definer
set search_path = ''
as $$ select jsonb_build_object('chat_messages_deleted', private.delete_expired_match_chats(private.clock_now())) $$;
comment on function private.run_due_chat_retention() is 'Due work: the match chats whose evidence retention has passed are deleted.';
revoke execute on function private.run_due_chat_retention() from public;
select private.register_due_work('match_chat_retention', 'matches', 'private.run_due_chat_retention', 1740);

-- The export's sections of the features that came after it.
create or replace function private.export_match_chat(p_user uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  -- The messages the caller's side wrote in their matches, and the reports they made of others' messages.
  select jsonb_build_object(
    'messages', coalesce((select jsonb_agg(jsonb_build_object('match_id', mm.match_id, 'body', mm.body, 'sent_at', mm.sent_at)
                                           order by mm.sent_at, mm.id)
                            from public.match_messages mm
                            join public.matches m on m.id = mm.match_id
                            join public.entries e on e.id = case mm.sender when 'a' then m.entry_a when 'b' then m.entry_b end
                           where e.player_id = p_user), '[]'::jsonb),
    'reports', coalesce((select jsonb_agg(jsonb_build_object('message_id', r.message_id, 'reason', r.reason, 'reported_at', r.reported_at)
                                          order by r.reported_at)
                           from private.match_message_reports r where r.reported_by = p_user), '[]'::jsonb));
$$;
revoke execute on function private.export_match_chat(uuid) from public;

create or replace function private.export_waitlist(p_user uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('tournament_id', w.tournament_id, 'status', w.status, 'joined_at', w.joined_at,
                                               'checked_in_at', w.checked_in_at, 'closed_at', w.closed_at,
                                               'paid', w.payment_id is not null)
                            order by w.joined_at), '[]'::jsonb)
    from public.waitlist_places w where w.player_id = p_user;
$$;
revoke execute on function private.export_waitlist(uuid) from public;

create or replace function private.export_alerts(p_user uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'push_devices', coalesce((select jsonb_agg(jsonb_build_object('endpoint', s.endpoint, 'since', s.created_at) order by s.created_at)
                                from public.push_subscriptions s where s.user_id = p_user), '[]'::jsonb),
    'whatsapp', (select jsonb_build_object('phone', c.phone, 'consent_text', c.consent_text, 'consented_at', c.consented_at)
                   from public.whatsapp_contacts c where c.user_id = p_user),
    'whatsapp_consent_history', coalesce((select jsonb_agg(jsonb_build_object('phone', h.phone, 'action', h.action, 'at', h.at) order by h.at, h.id)
                                            from private.whatsapp_consents h where h.user_id = p_user), '[]'::jsonb),
    'choices', coalesce((select jsonb_agg(jsonb_build_object('event', p.kind, 'push', p.push, 'whatsapp', p.whatsapp) order by p.kind)
                           from public.alert_preferences p where p.user_id = p_user), '[]'::jsonb));
$$;
revoke execute on function private.export_alerts(uuid) from public;

create or replace function private.export_rating(p_user uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'player_id', (select i.public_id from private.player_public_ids i where i.player_id = p_user),
    'weeks', coalesce((select jsonb_agg(jsonb_build_object('week_from', r.period_starts_at, 'rating', r.rating,
                                                           'deviation', r.deviation, 'volatility', r.volatility)
                                        order by r.period_starts_at)
                         from private.player_ratings r where r.player_id = p_user), '[]'::jsonb));
$$;
revoke execute on function private.export_rating(uuid) from public;

select private.register_data_export_section('match_chat', 'matches', 'private.export_match_chat');
select private.register_data_export_section('waitlist', 'seasons', 'private.export_waitlist');
select private.register_data_export_section('alerts', 'notifications', 'private.export_alerts');
select private.register_data_export_section('rating', 'seasons', 'private.export_rating');
