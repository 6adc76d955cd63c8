-- =====================================================================================================
-- After a breach: who had data of a given kind touched in a time window
-- =====================================================================================================
-- The DPDP Rules (r.7) make the platform tell every affected person, and CERT-In and the Data Protection
-- Board want numbers. docs/incident-response.md says when; this says who. An admin of the whole platform
-- (aal2) names a kind of data and a window; the answer lists each account (or e-mail address without an
-- account) whose rows of that kind were written in the window, read from the tables' own times and the
-- audit log. Every call is itself written to the audit log.
--
-- private.incident_data_kinds()       the kinds and, for each, the tables read.
-- public.admin_people_touched         (p_kind, p_from, p_to) -> [ { user_id, email, in_game_name, kinds, first_at,
--                                     last_at, rows } ]; PT400 unknown_data_kind / invalid_time_window.
-- =====================================================================================================

create function private.incident_data_kinds() returns jsonb
  language sql immutable
  set search_path = ''
as $$
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
$$;
comment on function private.incident_data_kinds() is 'The kinds of personal data admin_people_touched() can search, each with what it covers (the keys are what p_kind takes; "all" takes every one).';
revoke all on function private.incident_data_kinds() from public;

create function private.people_touched(p_kind text, p_from timestamptz, p_to timestamptz)
  returns table (user_id uuid, email text, kind text, at timestamptz)
  language sql stable
  set search_path = ''
as $$
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
$$;
comment on function private.people_touched(text,timestamptz,timestamptz) is 'Every row of personal data of a kind written between two moments, as (account or e-mail, kind, when).';
revoke all on function private.people_touched(text,timestamptz,timestamptz) from public;

create function public.admin_people_touched(p_kind text, p_from timestamptz, p_to timestamptz) returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
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
$$;
comment on function public.admin_people_touched(text,timestamptz,timestamptz) is 'Admins of the whole site at aal2, for breach reports: each account or e-mail address whose personal data of a kind (private.incident_data_kinds(), or all) was written between p_from and p_to, with the kinds, first and last time and row count. Every call is audited.';
revoke all on function public.admin_people_touched(text,timestamptz,timestamptz) from public, anon;
grant execute on function public.admin_people_touched(text,timestamptz,timestamptz) to authenticated;

create function public.admin_incident_data_kinds() returns jsonb
  language plpgsql
  stable security definer
  set search_path = ''
as $$
begin
  perform private.require_staff('admin', null);
  return private.incident_data_kinds();
end;
$$;
comment on function public.admin_incident_data_kinds() is 'Admins of the whole site at aal2: the kinds admin_people_touched() searches, with what each covers.';
revoke all on function public.admin_incident_data_kinds() from public, anon;
grant execute on function public.admin_incident_data_kinds() to authenticated;
