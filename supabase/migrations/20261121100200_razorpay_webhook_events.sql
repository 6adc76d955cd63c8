-- =====================================================================================================
-- Razorpay webhook event log
-- =====================================================================================================
-- Razorpay delivers at least once and retries on any non-2xx answer. Each event id is recorded when
-- processing starts and marked finished at the end: a finished event is ignored when it comes again,
-- an unfinished one (the previous attempt crashed) is processed again.
-- =====================================================================================================

create table if not exists public.razorpay_webhook_events (
  event_id text primary key,
  event_type text not null,
  attempts integer not null default 1,
  received_at timestamptz not null default now(),
  processed_at timestamptz
);

comment on table public.razorpay_webhook_events is
  'Razorpay webhook deliveries by x-razorpay-event-id; processed_at set once handled.';

-- Nobody reads it through the API: only the security definer functions below touch it.
alter table public.razorpay_webhook_events enable row level security;
revoke all on table public.razorpay_webhook_events from anon, authenticated;

create or replace function public.claim_razorpay_webhook_event(p_event_id text, p_event_type text)
returns boolean
language sql
security definer
set search_path = ''
as $$
  insert into public.razorpay_webhook_events as e (event_id, event_type)
  values (p_event_id, p_event_type)
  on conflict (event_id) do update
     set attempts = e.attempts + 1
   where e.processed_at is null
  returning true;
$$;

create or replace function public.complete_razorpay_webhook_event(p_event_id text)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.razorpay_webhook_events set processed_at = now() where event_id = p_event_id and processed_at is null;
$$;

revoke all on function public.claim_razorpay_webhook_event(text, text) from public, anon, authenticated;
revoke all on function public.complete_razorpay_webhook_event(text) from public, anon, authenticated;
grant execute on function public.claim_razorpay_webhook_event(text, text) to service_role;
grant execute on function public.complete_razorpay_webhook_event(text) to service_role;
