/**
 * The sign-in screen's words in both languages (its three steps, the buttons, the failures the sign-in flow
 * names), read through the page's language store (lib/i18n/use-messages). The code's length comes from the
 * rules (CODE_LENGTH), never typed. Hindi follows docs/hindi-glossary.md (लॉग इन, अकाउंट, कोड).
 */
import { islandWords } from '@/lib/i18n/island-words';
import type { Lang } from '@/lib/i18n/lang';
import { AUTH_FAILURE_MESSAGES, CODE_LENGTH, LOGIN_REQUIRED_MESSAGE } from './auth';

type Mode = 'sign-in' | 'sign-up';
type Failure = keyof typeof AUTH_FAILURE_MESSAGES;

export type SignInWords = {
  modes: Record<Mode, { eyebrow: string; title: string; intro: string; switchText: string; switchLink: string }>;
  email: string;
  sendCode: string;
  sendingCode: string;
  or: string;
  google: string;
  checkInbox: string;
  twoStep: string;
  enterCode: string;
  authenticatorCode: string;
  codeSentTo: [before: string, after: string];
  openAuthenticator: string;
  codeFromEmail: string;
  codeFromApp: string;
  verify: string;
  checking: string;
  resendIn: (seconds: number) => string;
  resend: string;
  differentEmail: string;
  cancelSignOut: string;
  leaving: string;
  loggedOut: string;
  somethingWrong: string;
  incompleteCode: string;
  failures: Record<Failure, string>;
  loginRequired: string;
  /** The pages' titles and descriptions (login.astro, register.astro). */
  page: Record<Mode, { title: string; description: (product: string) => string }>;
};

const en: SignInWords = {
  modes: {
    'sign-in': {
      eyebrow: 'Play on Golazo Arena',
      title: 'Log in',
      intro: `Enter your e-mail and we'll send you a ${CODE_LENGTH}-digit code. No password to remember.`,
      switchText: 'New to Golazo Arena?',
      switchLink: 'Create an account',
    },
    'sign-up': {
      eyebrow: 'Join the arena',
      title: 'Create your account',
      intro: `Sign up with your e-mail: we'll send you a ${CODE_LENGTH}-digit code to confirm it's yours. Then complete your profile and register for tournaments.`,
      switchText: 'Already have an account?',
      switchLink: 'Log in',
    },
  },
  email: 'E-mail address',
  sendCode: 'Send code',
  sendingCode: 'Sending code…',
  or: 'or',
  google: 'Continue with Google',
  checkInbox: 'Check your inbox',
  twoStep: 'Two-step sign-in',
  enterCode: 'Enter your code',
  authenticatorCode: 'Authenticator code',
  codeSentTo: [`We sent a ${CODE_LENGTH}-digit code to `, '. It expires soon, so enter it here.'],
  openAuthenticator: `Open your authenticator app and enter the ${CODE_LENGTH}-digit code it shows for Golazo Arena.`,
  codeFromEmail: 'Code from the e-mail',
  codeFromApp: 'Code from your app',
  verify: 'Verify and continue',
  checking: 'Checking…',
  resendIn: (seconds) => `Resend code in ${seconds}s`,
  resend: 'Resend code',
  differentEmail: 'Use a different e-mail',
  cancelSignOut: 'Cancel and sign out',
  leaving: "You're signed in. Taking you back…",
  loggedOut: 'You have been logged out.',
  somethingWrong: 'Something went wrong. Please try again.',
  incompleteCode: `Enter the ${CODE_LENGTH}-digit code.`,
  failures: AUTH_FAILURE_MESSAGES,
  loginRequired: LOGIN_REQUIRED_MESSAGE,
  page: {
    'sign-in': { title: 'Log in', description: (product) => `Log in to ${product} with a one-time code sent to your e-mail.` },
    'sign-up': {
      title: 'Register',
      description: (product) => `Create your ${product} account with your e-mail and join cash-prize eFootball tournaments.`,
    },
  },
};

export const SIGN_IN_WORDS: Record<Lang, SignInWords> = islandWords(en, () => import('./sign-in-words-hi'));

/**
 * The flow's error (sign-in-flow.ts words it in English, from AUTH_FAILURE_MESSAGES or the incomplete code's
 * sentence) in the page's language: the same failure, looked up by its English sentence.
 */
export function signInErrorIn(words: SignInWords, error: string): string {
  if (error === en.incompleteCode) return words.incompleteCode;
  const failure = (Object.keys(AUTH_FAILURE_MESSAGES) as Failure[]).find((key) => AUTH_FAILURE_MESSAGES[key] === error);
  return failure ? words.failures[failure] : error;
}
