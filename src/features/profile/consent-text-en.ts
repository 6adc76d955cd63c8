/** The English words of the parental consent page (consent-words.ts), loaded as the page reads its link. */
import { loginUrlFor } from '@/features/auth/auth';
import { ROUTES } from '@/lib/routes';
import type { ConsentWords } from './consent-words';

const en: ConsentWords = {
  missing: 'This page needs the link from the consent e-mail. Open the link from the e-mail again.',
  confirmed: (name) =>
    `Thank you. Your consent is recorded${name ? ` for ${name}` : ''}: they can now join free tournaments. We e-mailed you a link to withdraw it at any time.`,
  withdrawn: (name) =>
    `Your consent is withdrawn${name ? ` for ${name}` : ''}: their entries have ended, and free tournaments are closed to them again.`,
  withdrawIntro:
    'You gave your consent for your child to join free tournaments on Golazo Arena. You can withdraw it now, with one click. Their entries end with it: a place in a tournament not started yet is given back, and a match under way goes to the opponent.',
  withdrawing: 'Withdrawing…',
  withdraw: 'Withdraw my consent',
  asks: (adultAge) => [
    '',
    ` asked to join free eFootball tournaments on Golazo Arena. Players under ${adultAge} can only join free tournaments, and only with a parent’s consent. Paid tournaments stay closed to them.`,
  ],
  yourChild: 'Your child',
  accountNeeds:
    'You give consent from your own Golazo Arena account, the one at the address this e-mail came to, and it needs a PAN our PAN check has verified (My Earnings, “PAN and UPI id”): that is how we know an adult consents.',
  signInHref: () => loginUrlFor(ROUTES.parentalConsent.path),
  checkingSignIn: 'Checking whether you are signed in…',
  signInToConsent: 'Sign in to give consent',
  signedInAs: (email) => `Signed in as ${email}.`,
  code: (length) => `The ${length}-digit code from the e-mail`,
  fullName: 'Your full name',
  relationLabel: 'You are their',
  choose: 'Choose…',
  relations: { mother: 'Mother', father: 'Father', legal_guardian: 'Legal guardian' },
  recording: 'Recording…',
  consent: 'I consent',
  wrongCode: (left) => `That code is not the one we e-mailed you. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
};

export default en;
