/**
 * Alerts on a player's phone: the events that may come by push or WhatsApp (the database's list,
 * private.alert_kinds(); alerts.test.ts holds the labels to it), the Indian mobile number a WhatsApp opt-in
 * takes, and whether this browser can take push at all. Pure functions: no React, no Supabase.
 */

/** Each alert event in the words of the settings page, in the database's order. */
export const ALERT_EVENT_LABELS = {
  check_in_open: 'Check-in opens',
  room_posted: 'Match ready: the room is posted',
  opponent_reported: 'Your opponent reported the score',
  dispute_settled: 'A dispute is decided',
  next_match: 'Your next match is scheduled',
  prize_credited: 'A prize is credited',
  payout_sent: 'A withdrawal is paid',
  payout_failed: 'A withdrawal failed',
} as const;
export type AlertEvent = keyof typeof ALERT_EVENT_LABELS;
export const ALERT_EVENTS = Object.keys(ALERT_EVENT_LABELS) as AlertEvent[];

/** The same rule as start_whatsapp_opt_in: +91 and a ten-digit mobile number; spaces, dashes and brackets are ignored. */
const INDIAN_MOBILE = /^\+91[6-9][0-9]{9}$/;

/** The number as the database stores it (E.164), or null when it is not an Indian mobile number. */
export function indianMobile(typed: string): string | null {
  let phone = typed.replace(/[\s()-]/g, '');
  // Players often type the ten digits alone, or with the trunk 0.
  if (/^0?[6-9][0-9]{9}$/.test(phone)) phone = `+91${phone.slice(-10)}`;
  if (/^91[6-9][0-9]{9}$/.test(phone)) phone = `+${phone}`;
  return INDIAN_MOBILE.test(phone) ? phone : null;
}

/** What this browser can do about push: take it, take it once the site is on the home screen (iOS), or not at all. */
export type PushSupport = 'ready' | 'home-screen-first' | 'unsupported';

export function pushSupport(env: {
  userAgent: string;
  standalone: boolean;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
}): PushSupport {
  const ios = /iPhone|iPad|iPod/.test(env.userAgent);
  // Safari on iOS and iPadOS offers push (16.4 and later) only to a site added to the home screen.
  if (ios && !env.standalone) return 'home-screen-first';
  return env.hasServiceWorker && env.hasPushManager && env.hasNotification ? 'ready' : 'unsupported';
}

/**
 * What the offer after a payment shows for push: the one-tap button, that push is on, that the browser refuses
 * notifications to the site (blocked by the player), why it cannot take push (yet), or nothing while unknown.
 */
export type PushOffer = 'offer' | 'on' | 'blocked' | 'home-screen-first' | 'unsupported' | 'loading';

export function pushOffer(state: { support: PushSupport | null; thisDevice: boolean; blocked: boolean }): PushOffer {
  if (state.support === null) return 'loading';
  if (state.support !== 'ready') return state.support;
  if (state.thisDevice) return 'on';
  return state.blocked ? 'blocked' : 'offer';
}

/**
 * Where turning push on failed in the browser: the permission (denied: blocked for the site; default: the
 * question was closed without an answer), the service worker, the push service (PushManager.subscribe, with
 * the DOMException's name), or a step that never answered.
 */
export type PushFailure =
  | { step: 'permission'; permission: 'denied' | 'default' }
  | { step: 'worker' }
  | { step: 'push-service'; name: string }
  | { step: 'timeout' };

/** The quiet hours (lib/rules.ts QUIET_HOURS_IST) as a sentence reads them: ["23:00", "08:00"]. */
export function quietHours({ from, until }: { from: number; until: number }): [string, string] {
  return [`${String(from).padStart(2, '0')}:00`, `${String(until).padStart(2, '0')}:00`];
}

/** A VAPID public key (base64url) as PushManager.subscribe takes it. */
export function applicationServerKey(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
