-- =====================================================================================================
-- Payments: one row per Razorpay order
-- =====================================================================================================
-- Created when the server creates an order (amount decided from the tournament row and the slot count),
-- then moved to paid, failed or refunded by the payment confirmation. Players read theirs through
-- public.get_my_payments(); nobody but the service role touches the table.
-- Financial records are kept (7 years, see the privacy policy), so a player with payments cannot be
-- deleted from Auth; such accounts are banned instead.

create table public.payments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id),
  tournament_id text not null references public.tournaments (id),
  razorpay_order_id text not null unique,
  razorpay_payment_id text unique,
  amount_paise integer not null
    constraint payments_amount_positive check (amount_paise > 0),
  currency text not null default 'INR'
    constraint payments_currency_inr check (currency = 'INR'),
  slots integer not null
    constraint payments_slots_range check (slots between 1 and 10),
  status text not null default 'created'
    constraint payments_status_check check (status in ('created', 'paid', 'failed', 'refunded')),
  failure_reason text,
  refund_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  paid_at timestamptz,
  constraint payments_paid_has_razorpay_payment check (
    status <> 'paid' or (razorpay_payment_id is not null and paid_at is not null)
  ),
  constraint payments_refunded_has_refund check (
    status <> 'refunded' or (razorpay_payment_id is not null and refund_id is not null)
  ),
  -- Lets a registration point at the payment together with its player, tournament and slots, so the
  -- two can never disagree.
  constraint payments_registration_facts unique (id, user_id, tournament_id, slots)
);

create index payments_user_newest_first on public.payments (user_id, created_at desc);
create index payments_tournament on public.payments (tournament_id);

create trigger payments_set_updated_at
  before update on public.payments
  for each row execute function private.set_updated_at();

-- -----------------------------------------------------------------------------------------------------
-- Security: no policy, no privileges for browsers
-- -----------------------------------------------------------------------------------------------------
alter table public.payments enable row level security;
revoke all on public.payments from anon, authenticated;
