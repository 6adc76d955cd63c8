-- =====================================================================================================
-- Invitation e-mails: a limit per place and per buyer, and subjects in the product's own words
-- =====================================================================================================
-- invite_to_entry e-mailed any address the buyer typed, as often as they called it (each new address a new
-- message), with a subject that began with the buyer's in-game name: a free way to send mail from the
-- platform's address with words of one's choosing in the subject line.
--
-- private.invitation_emails         one row per invitation e-mail queued: who sent it, for which place, when.
-- private.invitation_email_limits   at most 3 e-mails per place and 10 per buyer in any hour; more is
--                                   refused with PT409 invitation_emails_limit (the link itself can still be
--                                   shared by hand). Sending again to an address already invited for that
--                                   place sends nothing and counts nothing.
-- invite_to_entry                   the subject is fixed product text with the tournament's title; the
--                                   buyer's in-game name appears only in the body, quoted, as an in-game name.
-- =====================================================================================================

create table private.invitation_emails (
  id bigint generated always as identity primary key,
  entry_id uuid not null references public.entries (id) on delete cascade,
  buyer_id uuid not null references auth.users (id) on delete cascade,
  sent_at timestamptz not null
);
comment on table private.invitation_emails is 'Each invitation e-mail queued by invite_to_entry: the place, the buyer and when. It is what the hourly limits count.';
create index invitation_emails_of_buyer on private.invitation_emails (buyer_id, sent_at);
create index invitation_emails_of_entry on private.invitation_emails (entry_id, sent_at);
revoke all on table private.invitation_emails from public, anon, authenticated;

create function private.invitation_email_limits() returns jsonb
  language sql immutable
  set search_path = ''
as $$ select '{"per_place_per_hour": 3, "per_buyer_per_hour": 10}'::jsonb $$;
comment on function private.invitation_email_limits() is 'How many invitation e-mails one place and one buyer may send in any hour: enough to correct a typo, not enough to mail strangers from the platform''s address.';
revoke all on function private.invitation_email_limits() from public;

create function private.quoted_in_game_name(p_name text) returns text
  language sql immutable
  set search_path = ''
as $$
  -- Plain-text mail: no control characters (no forged lines) and no double quotes (no broken quoting).
  select nullif(replace(regexp_replace(btrim(p_name), '[\u0001-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]', '', 'g'), '"', ''''), '');
$$;
comment on function private.quoted_in_game_name(text) is 'An in-game name made safe to quote inside a plain-text e-mail written by the database: control and direction characters removed, double quotes turned into single ones.';
revoke all on function private.quoted_in_game_name(text) from public;

create or replace function public.invite_to_entry(p_entry_id uuid, p_email text default null) returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_player uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_entry public.entries%rowtype;
  v_tournament public.tournaments%rowtype;
  v_email text := nullif(lower(btrim(coalesce(p_email, ''))), '');
  v_key text;
  v_buyer_name text;
  v_limits jsonb := private.invitation_email_limits();
begin
  select * into v_entry from public.entries where id = p_entry_id for update;
  if not found or v_entry.buyer_id <> v_player then
    raise exception 'This is not a place you bought' using errcode = 'PT403', hint = 'not_your_entry';
  end if;
  if v_entry.player_id is not null or v_entry.status <> 'active' then
    raise exception 'This place already has its player' using errcode = 'PT409', hint = 'entry_taken';
  end if;
  select * into v_tournament from public.tournaments where id = v_entry.tournament_id;
  if v_tournament.drawn_at is not null or v_now >= private.tournament_check_in_closes_at(v_tournament)
     or private.tournament_status(v_tournament, v_now) = 'cancelled' then
    raise exception 'Check-in for this tournament has closed' using errcode = 'PT409', hint = 'check_in_closed';
  end if;
  if v_email is not null and not private.is_email_address(v_email) then
    raise exception 'Enter a valid e-mail address' using errcode = 'PT400', hint = 'invalid_email';
  end if;
  v_key := 'entry-invitation-' || v_entry.id || '-' || v_email;
  -- A new message (not one already sent to this address for this place) counts against the limits.
  if v_email is not null and not exists (select 1 from private.outbox where idempotency_key = v_key) then
    perform pg_advisory_xact_lock(hashtextextended('invitation-emails:' || v_player::text, 0));
    if (select count(*) from private.invitation_emails
         where entry_id = v_entry.id and sent_at > v_now - interval '1 hour') >= (v_limits ->> 'per_place_per_hour')::integer
       or (select count(*) from private.invitation_emails
            where buyer_id = v_player and sent_at > v_now - interval '1 hour') >= (v_limits ->> 'per_buyer_per_hour')::integer then
      raise exception 'You have sent as many invitation e-mails as allowed for now (% per place and % in all, per hour). Copy the invitation link and send it yourself, or try again later.',
                      v_limits ->> 'per_place_per_hour', v_limits ->> 'per_buyer_per_hour'
        using errcode = 'PT409', hint = 'invitation_emails_limit';
    end if;
  end if;
  update public.entries
     set invitation_token = coalesce(invitation_token, gen_random_uuid()),
         invited_email = coalesce(v_email, invited_email)
   where id = v_entry.id
  returning * into v_entry;
  if v_email is not null and not exists (select 1 from private.outbox where idempotency_key = v_key) then
    select in_game_name into v_buyer_name from public.profiles where id = v_player;
    insert into private.invitation_emails (entry_id, buyer_id, sent_at) values (v_entry.id, v_player, v_now);
    perform private.queue_email(
      v_key, v_email,
      'You are invited to play ' || v_tournament.title || ' on Golazo Arena',
      'A player on Golazo Arena' || coalesce(' (in-game name "' || private.quoted_in_game_name(v_buyer_name) || '")', '')
        || ' bought a place in ' || v_tournament.title || ' for you.' || E'\n\n'
        || 'Accept it before check-in closes (' || to_char(private.tournament_check_in_closes_at(v_tournament) at time zone 'Asia/Kolkata', 'DD Mon YYYY HH24:MI') || ' IST). '
        || 'You need a complete profile on Golazo Arena' || case when v_tournament.entry_fee_paise > 0 then ', and to be 18 or over and live in India' else '' end || '.'
        || E'\n\n' || 'If you do not know this player, ignore this e-mail: nothing happens unless you accept.',
      '/invite/?token=' || v_entry.invitation_token);
  end if;
  return jsonb_build_object('entry_id', v_entry.id, 'invitation_token', v_entry.invitation_token, 'invited_email', v_entry.invited_email);
end;
$$;
comment on function public.invite_to_entry(uuid, text) is 'The buyer of a place without a player makes its invitation link, optionally e-mailed to the invited player (at most 3 e-mails per place and 10 per buyer in any hour; the subject is the product''s words, the buyer''s in-game name is only quoted in the body).';
