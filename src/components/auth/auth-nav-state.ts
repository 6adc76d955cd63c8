/**
 * The header shows account links or 'Register Here' from one flag on <html>: `data-auth`.
 * AuthNav's inline script sets it from the stored session before the first paint; islands that
 * know better (the session store) correct it later.
 */
const AUTH_FLAG_ATTRIBUTE = 'data-auth';

export function markHeaderSignedIn(signedIn: boolean): void {
  if (typeof document === 'undefined') return;
  document.documentElement.setAttribute(AUTH_FLAG_ATTRIBUTE, signedIn ? 'signed-in' : 'signed-out');
}
