/**
 * Deleting an account: what the database answers (get_my_account_deletion, request_account_deletion) and
 * the words a player reads when the deletion must wait. Pure functions only; the calls live in profile.api.ts.
 */
import { ROUTES } from '@/lib/routes';

/** Why the database refuses a deletion now: request_account_deletion's PT409 hint and detail. */
export interface DeletionBlocker {
  hint: 'open_money' | 'open_play' | 'last_admin';
  /** For open_money: payout, chargeback, prize, refund, balance or small_balance. For open_play: the tournament's title. */
  detail: string | null;
  /** For open_play on a waitlist place: its tournament, which the page offers to leave. */
  waitlist_tournament_id?: string | null;
}

export type AccountDeletion =
  | { status: 'scheduled'; erase_at: string; requested_at: string }
  | {
      status: 'none';
      blocked_by: DeletionBlocker | null;
      balance_paise: number;
      forfeit_max_paise: number;
      /** The grace period as the database setting says it, e.g. "7 days". */
      grace: string;
    };

export interface BlockerText {
  title: string;
  body: string;
  /** Where to go to clear it, when a page of the site does. */
  action: { label: string; href: string } | null;
}

const earnings = { label: 'Go to My Earnings', href: ROUTES.myEarnings.path };

/** The refusal in plain words: what is still open and what the player can do about it. */
export function blockerText(blocker: DeletionBlocker, formatPaise: (paise: number) => string, balancePaise: number): BlockerText {
  if (blocker.hint === 'open_play' && blocker.waitlist_tournament_id) {
    return {
      title: `You are on the waitlist of ${blocker.detail ?? 'a tournament'}`,
      body: 'Leave the waitlist to delete your account. A paid place is refunded in full; once the refund has reached you, you can delete your account.',
      action: null,
    };
  }
  if (blocker.hint === 'open_play') {
    return {
      title: `You still play in ${blocker.detail ?? 'a tournament'}`,
      body: 'Your entry, its matches and any prize must be settled first. You can delete your account once the tournament is settled (prizes credited) or cancelled.',
      action: { label: 'Go to My Tournaments', href: ROUTES.myTournaments.path },
    };
  }
  if (blocker.hint === 'last_admin') {
    return {
      title: 'You are the last admin of the platform',
      body: 'Someone must be able to approve payouts and grant roles. Grant the admin role to another person in the staff console, then come back.',
      action: { label: 'Open the staff console', href: ROUTES.staff.path },
    };
  }
  switch (blocker.detail) {
    case 'payout':
      return {
        title: 'A withdrawal is on its way to you',
        body: 'Wait until it arrives in your bank account (My Earnings shows its status), then delete your account.',
        action: earnings,
      };
    case 'chargeback':
      return {
        title: 'A payment of yours is disputed with your bank',
        body: 'We can delete your account once your bank has decided the dispute. Write to support if you need help.',
        action: null,
      };
    case 'prize':
      return {
        title: 'A prize of yours is not credited yet',
        body: 'It is waiting for the challenge window to end, or held while staff check a payment. Once it is credited, withdraw it, then delete your account.',
        action: earnings,
      };
    case 'refund':
      return {
        title: 'A refund to you is on its way',
        body: 'Wait until Razorpay has returned the money to you, then delete your account.',
        action: null,
      };
    case 'small_balance':
      return {
        title: `You have ${formatPaise(balancePaise)} in winnings`,
        body: 'That is too small to withdraw. You can give it up below to delete your account now.',
        action: null,
      };
    default:
      return {
        title: `You have ${formatPaise(balancePaise)} in winnings`,
        body: 'Withdraw your balance first (it is your money), then delete your account.',
        action: earnings,
      };
  }
}

/**
 * What the player agrees to when a balance too small to withdraw is given up.
 * Wording for a lawyer to confirm before going live.
 */
export function forfeitConsentText(formatPaise: (paise: number) => string, balancePaise: number): string {
  return `I give up my balance of ${formatPaise(balancePaise)}, which is too small to withdraw. It will not be paid to me, and it stays with the platform when my account is deleted.`;
}

/** What happens, said before the player confirms. */
export function deletionExplanation(grace: string): string[] {
  return [
    `Your account is deleted ${grace} after you confirm. Until then you can sign in and cancel; we e-mail you now and two days before.`,
    'Then your profile, sign-in, e-mail address, KYC details, pictures, match screenshots and messages are erased. Your place in past brackets and prize lists shows "Deleted player".',
    'The law makes us keep your payment, prize and tax records (with your PAN) for 8 years, and records of how we handled your data for 1 year, stored apart and readable only by our admins. They are erased when that time ends.',
    'Signing in again with the same e-mail address later starts a new, empty account.',
  ];
}

/** The postgrest hint of a refusal that asks for the authenticator app (staff accounts). */
export const SECOND_STEP_HINT = 'second_step_required';

/** Told by whichever part of the page changed the deletion (the banner, the section), so the other reloads. */
export const DELETION_CHANGED_EVENT = 'golazo:account-deletion-changed';

export { DELETION_CODE_SUBJECT } from './deletion-mail.ts';
