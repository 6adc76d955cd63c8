/**
 * Rules that hold for the whole public schema, so a new migration cannot quietly break them:
 * row-level security everywhere, no table writes for browsers, pinned search_path on definer functions,
 * and only the intended functions callable by anonymous visitors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, type TestDatabase } from './helpers.ts';

/** The functions a visitor who has not signed in may call. */
const PUBLIC_FUNCTIONS = [
  'confirm_story_news',
  'get_bracket',
  'get_bracket_first',
  'get_entry_invitation',
  'get_entry_settings',
  'get_group_table',
  'get_leaderboard',
  'get_match_decision',
  'get_match_result_rule',
  'get_match_settings',
  'get_parental_consent_request',
  'get_player',
  'get_rating_update',
  'get_season_points_table',
  'get_standings',
  'get_tournament_changes',
  'get_tournament_participants',
  'get_tournament_payouts',
  'get_tournament_prizes',
  'get_tournament_state',
  'get_tournament_states',
  'get_waitlist',
  'sign_up_for_story_news',
  'submit_grievance',
  'unsubscribe_story_news',
  'withdraw_parental_consent',
];
/** ... and a signed-in player (everything else is for the service role, e.g. the payment functions). */
const PLAYER_FUNCTIONS = [
  'accept_entry_invitation',
  'add_dispute_evidence',
  'admin_grant_role',
  'admin_incident_data_kinds',
  'admin_list_roles',
  'admin_people_touched',
  'admin_read_kept_records',
  'admin_revoke_role',
  'cancel_account_deletion',
  'change_my_in_game_name',
  'check_in',
  'claim_walkover',
  'confirm_account_deletion_code',
  'confirm_match',
  'confirm_parental_consent',
  'confirm_story_news',
  'confirm_whatsapp_opt_in',
  'delete_push_subscription',
  'dispute_match',
  'enter_free_tournament',
  'export_my_data',
  'get_bracket',
  'get_bracket_first',
  'get_due_work_health',
  'get_entry_invitation',
  'get_entry_settings',
  'get_group_table',
  'get_leaderboard',
  'get_match_chat_rules',
  'get_match_decision',
  'get_match_disconnections',
  'get_match_messages',
  'get_match_reports',
  'get_match_result_rule',
  'get_match_room',
  'get_match_settings',
  'get_my_account_deletion',
  'get_my_alerts',
  'get_my_earnings',
  'get_my_entries',
  'get_my_entries_all',
  'get_my_entry_eligibility',
  'get_my_entry_outcomes',
  'get_my_grievances',
  'get_my_in_game_name_rule',
  'get_my_kyc',
  'get_my_leaderboard_row',
  'get_my_next_matches',
  'get_my_notification_settings',
  'get_my_notifications',
  'get_my_payments',
  'get_my_payouts',
  'get_my_places',
  'get_my_player_id',
  'get_my_profile',
  'get_my_registrations',
  'get_my_staff_roles',
  'get_my_stats',
  'get_my_tax_statement',
  'get_my_waitlist_places',
  'get_my_withdrawal_holds',
  'get_parental_consent_request',
  'get_player',
  'get_rating_update',
  'get_season_points_table',
  'get_standings',
  'get_tournament_changes',
  'get_tournament_participants',
  'get_tournament_payouts',
  'get_tournament_prizes',
  'get_tournament_state',
  'get_tournament_states',
  'get_waitlist',
  'get_waitlist_position',
  'invite_to_entry',
  'join_waitlist',
  'leave_waitlist',
  'mark_notifications_read',
  'post_room',
  'preview_payout',
  'report_disconnection',
  'report_match',
  'report_match_message',
  'request_account_deletion',
  'request_parental_consent',
  'request_payout',
  'save_push_subscription',
  'send_account_deletion_code',
  'send_match_message',
  'set_my_alert',
  'set_my_eligibility_details',
  'set_my_language',
  'set_my_notification_setting',
  'set_ready',
  'sign_up_for_story_news',
  'staff_acknowledge_grievance',
  'staff_approve_payout',
  'staff_cancel_tournament',
  'staff_close_check_in',
  'staff_correct_result',
  'staff_create_webhook',
  'staff_decide_held_prize',
  'staff_disable_webhook',
  'staff_disqualify',
  'staff_get_audit',
  'staff_get_calendar',
  'staff_get_entries',
  'staff_get_reconciliation',
  'staff_get_reported_message',
  'staff_list_disputes',
  'staff_list_grievances',
  'staff_list_payout_queue',
  'staff_list_recent_payouts',
  'staff_list_tournaments',
  'staff_list_webhook_deliveries',
  'staff_list_webhooks',
  'staff_needs_attention',
  'staff_order_replay',
  'staff_postpone_tournament',
  'staff_refund_progress',
  'staff_reject_payout',
  'staff_resolve_grievance',
  'staff_retry_due_work',
  'staff_retry_outside_call',
  'staff_retry_refunds',
  'staff_set_check_in',
  'staff_settle_match',
  'staff_tax_certificates',
  'staff_withholding_register',
  'start_whatsapp_opt_in',
  'submit_grievance',
  'submit_kyc',
  'unsubscribe_story_news',
  'update_my_profile',
  'withdraw_my_parental_consent',
  'withdraw_parental_consent',
  'withdraw_whatsapp_consent',
];

describe.each(engines)('public schema rules on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await engine.start();
  });
  afterAll(() => db?.close());

  it('has row-level security on every table', async () => {
    const { rows } = await db.admin.query<{ table: string }>(
      `select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`,
    );
    expect(rows).toEqual([]);
  });

  it('grants anonymous visitors and players no write on any table', async () => {
    const { rows } = await db.admin.query<{ grant: string }>(
      `select format('%s may %s %s', r.role, p.privilege, c.relname) as grant
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         cross join (values ('anon'), ('authenticated')) as r(role)
         cross join (values ('INSERT'), ('UPDATE'), ('DELETE'), ('TRUNCATE')) as p(privilege)
        where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm')
          and has_table_privilege(r.role, c.oid, p.privilege)
        order by 1`,
    );
    expect(rows.map((r) => r.grant)).toEqual([]);
  });

  it('pins search_path on every security definer function', async () => {
    const { rows } = await db.admin.query<{ fn: string }>(
      `select p.oid::regprocedure::text as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'private') and p.prosecdef
          and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) as setting where setting like 'search_path=%')`,
    );
    expect(rows).toEqual([]);
  });

  const callableBy = async (role: string) =>
    (
      await db.admin.query<{ name: string }>(
        `select distinct p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' and has_function_privilege($1, p.oid, 'EXECUTE')
            and p.prorettype <> 'trigger'::regtype
          order by 1`,
        [role],
      )
    ).rows.map((r) => r.name);

  it('lets anonymous visitors call only the public tournament functions', async () => {
    expect(await callableBy('anon')).toEqual(PUBLIC_FUNCTIONS);
  });

  it('lets players call only their own functions and the public ones', async () => {
    expect(await callableBy('authenticated')).toEqual(PLAYER_FUNCTIONS);
  });
});
