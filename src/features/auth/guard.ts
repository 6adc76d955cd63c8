/**
 * Browser side of the guards: send an anonymous visitor to /login and leave the toast for it.
 * The message travels in sessionStorage so the address bar stays clean and a reload of /login
 * does not repeat it.
 */
import { FLASH_STORAGE_KEY, LOGIN_REQUIRED_MESSAGE, loginUrlFor } from './auth';

export function redirectToLogin(message: string = LOGIN_REQUIRED_MESSAGE): void {
  try {
    sessionStorage.setItem(FLASH_STORAGE_KEY, message);
  } catch {
    // Storage can be disabled (private modes); the redirect matters more than the toast.
  }
  const { pathname, search, hash } = window.location;
  window.location.replace(loginUrlFor(`${pathname}${search}${hash}`));
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
