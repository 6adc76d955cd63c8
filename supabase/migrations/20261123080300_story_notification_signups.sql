-- =====================================================================================================
-- "Notify me" on the blog: the e-mail addresses of visitors who asked to hear when stories are out
-- =====================================================================================================
-- public.story_notification_signups   one row per address (lower-case), the consent text the visitor
--                                     agreed to and when. RLS on, no policy, no grant: nobody reads or
--                                     writes it through the API; staff read it in the SQL editor.
-- public.sign_up_for_story_news(email, consent_text)
--                                     the only way in, callable without signing in. Refuses an invalid
--                                     address or a missing consent; a second sign-up of an address is
--                                     not an error and changes nothing (its first consent stands).
-- The answer is the same whether the address was new or not, so the function cannot be used to learn
-- whether someone signed up.
-- =====================================================================================================

create table public.story_notification_signups (
  email text primary key,
  consent_text text not null,
  consented_at timestamptz not null,
  constraint story_notification_email_normalised check (email = lower(btrim(email))),
  constraint story_notification_email_shape check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and char_length(email) <= 254),
  constraint story_notification_consent_given check (char_length(btrim(consent_text)) between 1 and 1000)
);
comment on table public.story_notification_signups is
  'Blog "Notify me" sign-ups: written only by sign_up_for_story_news(); no API role may read them.';

alter table public.story_notification_signups enable row level security;
revoke all on table public.story_notification_signups from public, anon, authenticated;

create function public.sign_up_for_story_news(p_email text, p_consent_text text) returns jsonb
  language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_consent text := btrim(coalesce(p_consent_text, ''));
begin
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(v_email) > 254 then
    raise exception 'Enter a valid e-mail address' using errcode = 'PT400', hint = 'email_invalid';
  end if;
  if v_consent = '' then
    raise exception 'Tick the box to agree to hear from us' using errcode = 'PT400', hint = 'consent_required';
  end if;
  if char_length(v_consent) > 1000 then
    raise exception 'The consent text is too long' using errcode = 'PT400', hint = 'consent_text_too_long';
  end if;

  insert into public.story_notification_signups (email, consent_text, consented_at)
  values (v_email, v_consent, private.clock_now())
  on conflict (email) do nothing;

  return jsonb_build_object('saved', true, 'email', v_email);
end;
$$;
revoke execute on function public.sign_up_for_story_news(text, text) from public;
grant execute on function public.sign_up_for_story_news(text, text) to anon, authenticated, service_role;
