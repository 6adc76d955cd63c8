-- Row-level security on KYC, payouts and approvals reads the caller through private.current_player_id()
-- (which refuses a sign-in that still owes its second step), never auth.uid() directly, and asks whether
-- the caller is an admin through a function that answers for the caller only: a player can no longer
-- ask whether some other account is an admin.
create function private.caller_is_admin() returns boolean
  language sql stable security definer set search_path = ''
as $$
  select coalesce(private.is_admin(private.current_player_id()), false);
$$;

revoke all on function private.caller_is_admin() from public;
grant execute on function private.caller_is_admin() to authenticated;
revoke execute on function private.is_admin(uuid) from authenticated;

drop policy "Players read their own KYC, admins read all" on public.kyc_records;
create policy "Players read their own KYC, admins read all"
  on public.kyc_records for select
  to authenticated
  using (user_id = (select private.current_player_id()) or (select private.caller_is_admin()));

drop policy "Players read their own payouts, admins read all" on public.payouts;
create policy "Players read their own payouts, admins read all"
  on public.payouts for select
  to authenticated
  using (user_id = (select private.current_player_id()) or (select private.caller_is_admin()));

drop policy "Admins read approvals" on public.payout_approvals;
create policy "Admins read approvals"
  on public.payout_approvals for select
  to authenticated
  using ((select private.caller_is_admin()));
