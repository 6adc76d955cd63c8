/**
 * Who may play, and who may pay: the ages and residence rules of Golazo Arena in one place.
 *
 * Paid entry is for players of 18 and over who live in India (Indian law on online money games and on
 * children's data); players of 13 to 17 may join free tournaments once a parent has consented. The ages
 * themselves are in the rules module (lib/rules.ts), which a SQL test keeps equal to the database's
 * private.legal_*_age(). A lawyer must confirm these rules before real money moves (docs/areas/payments.md, "Eligibility"; docs/tax-and-legal.md).
 */
import { MAX_PLAYER_AGE, MIN_PLAYER_AGE, PAID_ENTRY_MIN_AGE } from './rules';

export { MAX_PLAYER_AGE, MIN_PLAYER_AGE, PAID_ENTRY_MIN_AGE };
/** Dates of birth are read in India's calendar: a birthday starts at midnight IST. */
const LEGAL_TIME_ZONE = 'Asia/Kolkata';

/** `YYYY-MM-DD` of the day `now` falls on in India. */
export function todayInIndia(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: LEGAL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Whole years from a `YYYY-MM-DD` birth date to the `YYYY-MM-DD` day `today` (29 February counts from 1 March). */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

/** The facts about a player the rules look at. */
export interface PlayerFacts {
  profileCompleted: boolean;
  gameUserId: string | null;
  /** `YYYY-MM-DD`, or null on profiles completed before dates of birth were asked. */
  dateOfBirth: string | null;
  livesInIndia: boolean;
}

/** Why a player may not enter a paid tournament, as the database's PT403 hints name it. */
export type PaidEntryRefusal = 'paid_entry_disabled' | 'profile_incomplete' | 'too_young_for_paid_entry' | 'residence_required';

/**
 * The first reason a player may not enter a paid tournament now, or null when they may. Same order as the
 * database: the deployment switch, then the profile (game id and date of birth included), age, residence.
 */
export function paidEntryRefusal(player: PlayerFacts | null, now: Date, paidEntryEnabled: boolean): PaidEntryRefusal | null {
  if (!paidEntryEnabled) return 'paid_entry_disabled';
  if (!player?.profileCompleted || !player.gameUserId || !player.dateOfBirth) return 'profile_incomplete';
  if (ageOn(player.dateOfBirth, todayInIndia(now)) < PAID_ENTRY_MIN_AGE) return 'too_young_for_paid_entry';
  if (!player.livesInIndia) return 'residence_required';
  return null;
}

/** Why a player may not enter a free tournament now, or null when they may. */
export type FreeEntryRefusal = 'profile_incomplete' | 'parental_consent_required';

/** Free tournaments need a complete profile; players under 18 also need a parent's consent. */
export function freeEntryRefusal(player: (PlayerFacts & { parentalConsent: boolean }) | null, now: Date): FreeEntryRefusal | null {
  if (!player?.profileCompleted || !player.gameUserId || !player.dateOfBirth) return 'profile_incomplete';
  if (ageOn(player.dateOfBirth, todayInIndia(now)) < PAID_ENTRY_MIN_AGE && !player.parentalConsent) return 'parental_consent_required';
  return null;
}
