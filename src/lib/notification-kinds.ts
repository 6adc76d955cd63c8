/**
 * The kinds of notification and the English label of each, as the notification settings and the alert settings
 * show them. The kinds are the database's (supabase/migrations/*_notifications.sql); a test compares the two lists.
 */

export const NOTIFICATION_KINDS = [
  'check_in_open',
  'draw_made',
  'room_posted',
  'opponent_ready',
  'opponent_reported',
  'dispute_opened',
  'dispute_settled',
  'next_match',
  'tournament_finished',
  'prize_credited',
  'payout_sent',
  'payout_failed',
  'kyc_result',
  'payment_receipt',
  'waitlist_joined',
  'waitlist_promoted',
  'waitlist_not_promoted',
  'pod_check_in_missed',
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The setting's label on the profile page. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  check_in_open: 'Check-in opens',
  draw_made: 'The draw is made (your first match)',
  room_posted: 'Your opponent posts the room',
  opponent_ready: 'Your opponent is ready',
  opponent_reported: 'Your opponent reports the result',
  dispute_opened: 'A dispute is opened on your match',
  dispute_settled: 'A dispute is settled',
  next_match: 'Your next match is set',
  tournament_finished: 'A tournament you played is finished',
  prize_credited: 'A prize is credited to your balance',
  payout_sent: 'A withdrawal is sent to your UPI id',
  payout_failed: 'A withdrawal fails and the money comes back',
  kyc_result: 'Your PAN and UPI id are checked',
  payment_receipt: 'Your receipt after each payment',
  waitlist_joined: 'You take a place on a waitlist (free tournaments; a paid place sends its receipt)',
  waitlist_promoted: 'You move up from a waitlist into the tournament',
  waitlist_not_promoted: 'No place came free for you on a waitlist (and your refund)',
  pod_check_in_missed: 'You miss a quick pod’s check-in (and your refund)',
};
