/**
 * Why a player cannot enter a tournament, said on the pay panel's button before any checkout opens.
 * The database decides (get_my_entry_eligibility applies private.paid_entry_refusal / free_entry_refusal,
 * the rules of src/lib/legal.ts); this module only turns its answer into what the button says and where
 * it leads.
 */
import { ROUTES } from '@/lib/routes';
import type { FreeEntryRefusal, PaidEntryRefusal } from '@/lib/legal';

export type EntryEligibility = {
  paid_entry_refusal: PaidEntryRefusal | null;
  free_entry_refusal: FreeEntryRefusal | null;
  parental_consent: boolean;
  pending_parent_email: string | null;
};

export type EntryBlock = { label: string; href: string | null; note: string | null };

export const ENTRY_BLOCKS: Record<PaidEntryRefusal | FreeEntryRefusal, EntryBlock> = {
  paid_entry_disabled: { label: 'Paid entry is closed on this site', href: null, note: 'Free tournaments stay open.' },
  profile_incomplete: {
    label: 'Complete your profile to enter',
    href: ROUTES.profile.path,
    note: 'Your eFootball user ID and date of birth are needed.',
  },
  too_young_for_paid_entry: {
    label: 'Paid entry is for players 18 and over',
    href: ROUTES.profile.path,
    note: "Free tournaments are open to you with a parent's consent.",
  },
  residence_required: {
    label: 'Confirm you live in India to enter',
    href: ROUTES.profile.path,
    note: 'Paid entry is for residents of India.',
  },
  parental_consent_required: {
    label: 'Ask a parent to consent to enter',
    href: ROUTES.profile.path,
    note: "Players under 18 need a parent's consent, given by e-mail.",
  },
};

/**
 * What blocks this player from this tournament, or null. `paidEntryOffered` is the site's own setting
 * (PUBLIC_PAID_ENTRY): with it off, a paid tournament is blocked before anyone signs in.
 */
export function entryBlock(
  eligibility: EntryEligibility | null,
  options: { free: boolean; paidEntryOffered: boolean },
  /** The blocks' words in the page's language (pay-words.ts); the English ones by default. */
  words?: Record<PaidEntryRefusal | FreeEntryRefusal, { label: string; note: string | null }>,
): EntryBlock | null {
  const block = (refusal: PaidEntryRefusal | FreeEntryRefusal): EntryBlock => ({ ...ENTRY_BLOCKS[refusal], ...words?.[refusal] });
  if (!options.free && !options.paidEntryOffered) return block('paid_entry_disabled');
  if (!eligibility) return null;
  const refusal = options.free ? eligibility.free_entry_refusal : eligibility.paid_entry_refusal;
  return refusal ? block(refusal) : null;
}

export const FREE_ENTRY_LABEL = 'Enter for free';
export const FREE_ENTRY_SUCCESS = 'You are in! See you at check-in.';
