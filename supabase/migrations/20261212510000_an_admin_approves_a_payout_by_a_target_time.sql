-- =====================================================================================================
-- An admin approves a payout by a target time, and the player sees it
-- =====================================================================================================
-- A first withdrawal, or one above payout_approval_over_paise, waits for an admin; a second admin approves
-- too when the first organised a tournament the winnings came from (an organiser grant, or an organiser's or
-- admin's action on the tournament in the audit log: closing check-in, the draw, a settled match). The
-- player's withdrawal said "Awaiting approval" with no time. Admins now work to a target, one setting:
--   payout_approval_target   '24 hours': how long after the request an admin should have approved it.
--
-- private.payout_approval_due_at(public.payouts)   the request time plus the target, for a payout that
--                                                  waits (or waited) for an admin; null for one that never
--                                                  needed approval. The console's lists read it too.
-- public.get_my_payouts                            adds approval_due_at to each payout.
-- public.staff_list_payout_queue                   adds approval_due_at to each payout.
-- private.payout_answer                            adds approval_due_at (request_payout's answer, an approval's).
-- =====================================================================================================

insert into private.settings (key, value, note) values
  ('payout_approval_target', '"24 hours"', 'How long after a withdrawal is requested an admin approves it, when it waits for one (the player is told the time).')
on conflict (key) do nothing;

create or replace function private.payout_approval_due_at(p_payout public.payouts)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select case when p_payout.needs_approvals > 0
              then p_payout.created_at + coalesce((private.setting('payout_approval_target') #>> '{}')::interval, interval '24 hours')
         end;
$$;

comment on function private.payout_approval_due_at(public.payouts) is
  'When an admin should have approved a payout that waits for one: its request time plus the setting payout_approval_target; null for a payout that never needed approval.';

revoke all on function private.payout_approval_due_at(public.payouts) from public;

create or replace function public.get_my_payouts()
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
begin
  return coalesce((select jsonb_agg(private.payout_answer(p) || jsonb_build_object(
                            'upi_id', p.upi_id, 'failure_reason', p.failure_reason, 'created_at', p.created_at,
                            'processed_at', p.processed_at, 'utr', p.utr,
                            'approval_due_at', private.payout_approval_due_at(p),
                            'delayed', exists (select 1 from private.outbox o
                                                where o.kind = 'razorpayx_payout' and o.idempotency_key = 'payout-' || p.id
                                                  and o.status = 'gave_up')
                                       and p.status in ('approved', 'queued', 'pending', 'scheduled', 'processing'))
                          order by p.created_at desc, p.id)
                     from public.payouts p where p.user_id = v_user), '[]'::jsonb);
end;
$$;

create or replace function public.staff_list_payout_queue()
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_admin uuid := private.require_staff('admin');
begin
  return coalesce((
    select jsonb_agg(private.payout_answer(p) || jsonb_build_object(
             'user_id', p.user_id, 'upi_id', p.upi_id, 'created_at', p.created_at, 'needs_approvals', greatest(p.needs_approvals, 1),
             'approval_due_at', private.payout_approval_due_at(p),
             'approved_by', coalesce((select jsonb_agg(jsonb_build_object('admin_id', a.admin_id, 'at', a.at) order by a.at)
                                        from public.payout_approvals a where a.payout_id = p.id), '[]'::jsonb),
             'can_approve', p.user_id <> v_admin and p.status = 'awaiting_approval'
                            and not exists (select 1 from public.payout_approvals a where a.payout_id = p.id and a.admin_id = v_admin),
             'player', jsonb_build_object('legal_name', pr.legal_name, 'in_game_name', pr.in_game_name, 'email', pr.email),
             'kyc', jsonb_build_object('status', k.status, 'pan_masked', private.masked_pan(k.pan_last4), 'upi_id', k.upi_id,
                                       'verified_at', k.verified_at, 'upi_changed_at', k.upi_changed_at),
             'tax', (select jsonb_build_object('net_winnings_paise', w.net_winnings_paise, 'tax_paise', w.tax_paise,
                                               'financial_year', w.financial_year)
                       from private.tax_withholdings w where w.payout_id = p.id),
             'earnings', private.earnings_of(p.user_id),
             'winnings', coalesce((select jsonb_agg(jsonb_build_object('tournament_id', aw.tournament_id, 'title', t.title,
                                                                       'place', aw.place_label, 'amount_paise', aw.amount_paise,
                                                                       'at', aw.created_at) order by aw.created_at desc)
                                     from private.prize_awards aw join public.tournaments t on t.id = aw.tournament_id
                                    where aw.player_id = p.user_id and aw.status = 'credited'), '[]'::jsonb))
           order by p.created_at)
      from public.payouts p
      join public.profiles pr on pr.id = p.user_id
      left join public.kyc_records k on k.user_id = p.user_id
     where p.status in ('awaiting_approval', 'approved', 'queued', 'pending', 'scheduled', 'processing')), '[]'::jsonb);
end;
$$;

-- Every answer about one payout (request_payout's, the same key's again, an approval's) says by when an admin
-- approves it, when it waits for one.
create or replace function private.payout_answer(p_payout public.payouts)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('payout_id', p_payout.id, 'gross_paise', p_payout.gross_paise, 'tax_paise', p_payout.tax_paise,
                            'net_paise', p_payout.net_paise, 'status', p_payout.status,
                            'approval_due_at', private.payout_approval_due_at(p_payout));
$$;
