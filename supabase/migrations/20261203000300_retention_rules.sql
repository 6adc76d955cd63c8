-- =====================================================================================================
-- Retention: each rule a setting, enforced by the periodic function
-- =====================================================================================================
-- Settings (private.settings, a number of days each; change one with an update, no migration):
--   retention_evidence_days                  90  result and dispute screenshots (bucket match-evidence) are
--                                                deleted this long after their tournament settled (or was
--                                                cancelled), never while a dispute or chargeback of it is open
--   retention_expired_consent_request_days    0  a parent's consent request never confirmed is deleted (its
--                                                link, the parent's address) this long after the link expired;
--                                                a used link is deleted when it is used
--   retention_unconfirmed_news_signup_days   30  a "Notify Me" address never confirmed is deleted
-- private.run_due_retention_work() (due-work step 'retention', every pass of the periodic function) applies
-- them on the database's clock. Files are deleted through the Storage API, never by SQL (hosted projects
-- refuse SQL deletes of storage rows; the local stack refuses them too): the step queues a
-- 'storage_deletion' outside call per tournament, and the outbox-worker removes the files.
-- =====================================================================================================

insert into private.settings (key, value, note) values
  ('retention_evidence_days', '90',
   'Days after a tournament settles (or is cancelled) before its result and dispute screenshots are deleted; kept while a dispute or chargeback of it is open.'),
  ('retention_expired_consent_request_days', '0',
   'Days after a parental consent link expired unused before the request (the parent''s address with it) is deleted.'),
  ('retention_unconfirmed_news_signup_days', '30',
   'Days a "Notify Me" address may stay unconfirmed before it is deleted.')
on conflict (key) do nothing;

create or replace function private.retention_days(p_key text) returns interval
  language plpgsql stable set search_path = ''
as $$
declare
  v_days numeric := (private.setting(p_key) #>> '{}')::numeric;
begin
  if v_days is null or v_days < 0 then
    raise exception 'The retention setting % is missing or negative', p_key using errcode = '22023';
  end if;
  return v_days * interval '1 day';
end;
$$;
comment on function private.retention_days(text) is 'A retention setting of private.settings, in days, as an interval.';
revoke all on function private.retention_days(text) from public, anon, authenticated, service_role;

create or replace function private.evidence_due_for_deletion(p_now timestamptz)
  returns table (tournament_id text, paths text[])
  language sql stable
  security definer
  set search_path = ''
as $$
  select t.id, array_agg(o.name order by o.name)
    from public.tournaments t
    join public.matches m on m.tournament_id = t.id
    join storage.objects o on o.bucket_id = 'match-evidence' and split_part(o.name, '/', 1) = m.id::text
   where coalesce(t.settled_at, t.cancelled_at) <= p_now - private.retention_days('retention_evidence_days')
     and not exists (select 1 from public.match_disputes d join public.matches dm on dm.id = d.match_id
                      where dm.tournament_id = t.id and d.settled_at is null)
     and not exists (select 1 from private.chargebacks c where c.tournament_id = t.id and c.status = 'open')
   group by t.id;
$$;
comment on function private.evidence_due_for_deletion(timestamptz) is 'The match-evidence files whose tournament settled (or was cancelled) longer ago than retention_evidence_days, with no dispute or chargeback of it open, per tournament.';
revoke all on function private.evidence_due_for_deletion(timestamptz) from public, anon, authenticated, service_role;

create or replace function private.run_due_retention_work() returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_evidence integer;
  v_consents integer;
  v_used_links integer;
  v_signups integer;
begin
  -- One deletion per tournament and set of files: queued again only if files were added since.
  insert into private.outbox (kind, idempotency_key, payload)
  select 'storage_deletion', 'evidence-' || e.tournament_id || '-' || md5(array_to_string(e.paths, '|')),
         jsonb_build_object('bucket', 'match-evidence', 'paths', to_jsonb(e.paths), 'tournament_id', e.tournament_id,
                            'reason', 'retention_evidence_days')
    from private.evidence_due_for_deletion(v_now) as e
  on conflict (idempotency_key) do nothing;
  get diagnostics v_evidence = row_count;

  delete from private.parental_consents
   where confirmed_at is null
     and expires_at <= v_now - private.retention_days('retention_expired_consent_request_days');
  get diagnostics v_consents = row_count;
  -- A used link opens nothing any more (its consent stands on its own record).
  update private.parental_consents set token_sha256 = null where confirmed_at is not null and token_sha256 is not null;
  get diagnostics v_used_links = row_count;

  delete from public.story_notification_signups
   where confirmed_at is null
     and consented_at <= v_now - private.retention_days('retention_unconfirmed_news_signup_days');
  get diagnostics v_signups = row_count;

  return jsonb_build_object('evidence_deletions_queued', v_evidence, 'consent_requests_deleted', v_consents,
                            'used_consent_links_deleted', v_used_links, 'unconfirmed_news_signups_deleted', v_signups);
end;
$$;
comment on function private.run_due_retention_work() is 'Due work: applies the retention settings (evidence screenshots through a storage_deletion outside call, expired consent requests, used consent links, unconfirmed Notify Me addresses).';
revoke all on function private.run_due_retention_work() from public, anon, authenticated, service_role;

select private.register_due_work('retention', 'foundation', 'private.run_due_retention_work', 1730);
