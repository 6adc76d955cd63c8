/**
 * Webhooks in the staff console: the events an endpoint may ask for, as the database lists them
 * (private.webhook_events(); supabase/tests/webhooks.test.ts keeps this copy equal), and their words.
 */
export const WEBHOOK_EVENTS = ['tournament.drawn', 'match.confirmed', 'tournament.finished', 'prize.paid'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'tournament.drawn': 'A tournament is drawn',
  'match.confirmed': 'A result is confirmed',
  'tournament.finished': 'A tournament is finished',
  'prize.paid': 'A prize is credited',
};

/** A delivery's status in the words an admin reads. */
export const DELIVERY_STATUS_LABELS: Record<string, string> = {
  pending: 'Being tried',
  delivered: 'Delivered',
  failed: 'Failed for a day',
  cancelled: 'Cancelled',
};
