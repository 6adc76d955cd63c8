/**
 * Browser side of the guards: send an anonymous visitor to /login and leave the toast for it.
 * The message travels in sessionStorage so the address bar stays clean and a reload of /login
 * does not repeat it.
 */
import { langOfPath, localePath } from '@/lib/i18n/lang';
import { FLASH_STORAGE_KEY, LOGIN_REQUIRED_MESSAGE, loginUrlFor } from './auth';

/** The guard's toast on a Hindi page (sign-in-words.ts says it too; this module stays free of the word lists). */
export const LOGIN_REQUIRED_MESSAGE_HI = 'यह पेज देखने के लिए लॉग इन करें';

export function redirectToLogin(message?: string): void {
  const { pathname, search, hash } = window.location;
  leaveFlashMessage(message ?? (langOfPath(pathname) === 'hi' ? LOGIN_REQUIRED_MESSAGE_HI : LOGIN_REQUIRED_MESSAGE));
  // A Hindi page's visitor signs in on the Hindi sign-in page (and comes back to the Hindi page after).
  window.location.replace(localePath(loginUrlFor(`${pathname}${search}${hash}`), langOfPath(pathname)));
}

/** Leaves a one-shot toast for the sign-in screen the browser is about to open. */
export function leaveFlashMessage(message: string): void {
  try {
    sessionStorage.setItem(FLASH_STORAGE_KEY, message);
  } catch {
    // Storage can be disabled (private modes); the navigation matters more than the toast.
  }
}

/** Reads and forgets the message a guard left. */
export function takeFlashMessage(): string | null {
  try {
    const message = sessionStorage.getItem(FLASH_STORAGE_KEY);
    sessionStorage.removeItem(FLASH_STORAGE_KEY);
    return message;
  } catch {
    return null;
  }
}
