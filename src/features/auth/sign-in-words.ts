/**
 * The sign-in screen's words in both languages (its three steps, the buttons, the failures the sign-in flow
 * names), read through the page's language store (lib/i18n/use-messages). The code's length comes from the
 * rules (CODE_LENGTH), never typed. Hindi follows docs/hindi-glossary.md (लॉग इन, अकाउंट, कोड).
 */
import type { Lang } from '@/lib/i18n/lang';
import { AUTH_FAILURE_MESSAGES, CODE_LENGTH, LOGIN_REQUIRED_MESSAGE } from './auth';
import { LOGIN_REQUIRED_MESSAGE_HI } from './guard';

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

const hi: SignInWords = {
  modes: {
    'sign-in': {
      eyebrow: 'Golazo Arena पर खेलें',
      title: 'लॉग इन',
      intro: `अपना ई-मेल डालें, हम आपको ${CODE_LENGTH} अंकों का कोड भेजेंगे। कोई पासवर्ड याद नहीं रखना।`,
      switchText: 'Golazo Arena पर नए हैं?',
      switchLink: 'अकाउंट बनाएँ',
    },
    'sign-up': {
      eyebrow: 'एरीना से जुड़ें',
      title: 'अपना अकाउंट बनाएँ',
      intro: `अपने ई-मेल से साइन अप करें: यह आपका ही है, इसकी पुष्टि के लिए हम ${CODE_LENGTH} अंकों का कोड भेजेंगे। फिर अपनी प्रोफ़ाइल पूरी करें और टूर्नामेंट के लिए रजिस्टर करें।`,
      switchText: 'पहले से अकाउंट है?',
      switchLink: 'लॉग इन करें',
    },
  },
  email: 'ई-मेल पता',
  sendCode: 'कोड भेजें',
  sendingCode: 'कोड भेज रहे हैं…',
  or: 'या',
  google: 'Google से जारी रखें',
  checkInbox: 'अपना इनबॉक्स देखें',
  twoStep: 'दो-चरण वाला साइन इन',
  enterCode: 'अपना कोड डालें',
  authenticatorCode: 'ऑथेंटिकेटर कोड',
  codeSentTo: [`हमने ${CODE_LENGTH} अंकों का कोड `, ' पर भेजा है। यह जल्दी एक्सपायर होता है, इसलिए इसे यहीं डालें।'],
  openAuthenticator: `अपना ऑथेंटिकेटर ऐप खोलें और Golazo Arena के लिए दिखा ${CODE_LENGTH} अंकों का कोड डालें।`,
  codeFromEmail: 'ई-मेल वाला कोड',
  codeFromApp: 'ऐप वाला कोड',
  verify: 'पुष्टि करें और आगे बढ़ें',
  checking: 'जाँच रहे हैं…',
  resendIn: (seconds) => `${seconds} सेकंड में कोड दोबारा भेजें`,
  resend: 'कोड दोबारा भेजें',
  differentEmail: 'दूसरा ई-मेल इस्तेमाल करें',
  cancelSignOut: 'रद्द करें और साइन आउट करें',
  leaving: 'आप साइन इन हो गए। आपको वापस ले जा रहे हैं…',
  loggedOut: 'आप लॉग आउट हो गए हैं।',
  somethingWrong: 'कुछ गड़बड़ हो गई। फिर से कोशिश करें।',
  incompleteCode: `${CODE_LENGTH} अंकों का कोड डालें।`,
  failures: {
    'wrong-code': 'यह कोड गलत है या एक्सपायर हो गया है। सबसे नया ई-मेल देखें या नया कोड भेजें।',
    'wrong-authenticator-code': 'यह ऑथेंटिकेटर कोड गलत है या एक्सपायर हो गया है। अपने ऐप का अभी का कोड डालें।',
    'too-many-attempts': 'बहुत ज़्यादा कोशिशें। दोबारा कोशिश से पहले एक मिनट रुकें।',
    'invalid-email': 'सही ई-मेल पता डालें।',
    network: 'साइन-इन सर्विस तक नहीं पहुँच सके। अपना कनेक्शन देखें और फिर कोशिश करें।',
    unknown: 'कुछ गड़बड़ हो गई। फिर से कोशिश करें।',
  },
  loginRequired: LOGIN_REQUIRED_MESSAGE_HI,
  page: {
    'sign-in': { title: 'लॉग इन', description: (product) => `अपने ई-मेल पर आए एक बार के कोड से ${product} में लॉग इन करें।` },
    'sign-up': {
      title: 'रजिस्टर करें',
      description: (product) => `अपने ई-मेल से ${product} अकाउंट बनाएँ और कैश प्राइज़ वाले eFootball टूर्नामेंट में हिस्सा लें।`,
    },
  },
};

export const SIGN_IN_WORDS: Record<Lang, SignInWords> = { en, hi };

/**
 * The flow's error (sign-in-flow.ts words it in English, from AUTH_FAILURE_MESSAGES or the incomplete code's
 * sentence) in the page's language: the same failure, looked up by its English sentence.
 */
export function signInErrorIn(words: SignInWords, error: string): string {
  if (error === en.incompleteCode) return words.incompleteCode;
  const failure = (Object.keys(AUTH_FAILURE_MESSAGES) as Failure[]).find((key) => AUTH_FAILURE_MESSAGES[key] === error);
  return failure ? words.failures[failure] : error;
}
