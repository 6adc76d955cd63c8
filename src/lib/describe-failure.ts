/**
 * `errorText` for pages that only need it when a call fails: the error table (every refusal's sentence) is
 * a few kilobytes that a player's first visit should not pay for, so it loads on the first failure. On a
 * Hindi page the refusal is worded from its code in Hindi (lib/i18n/refusal.ts); the area's English
 * `overrides` are for English pages only.
 */
import { $lang } from '@/stores/lang';

export async function describeFailure(error: unknown, overrides?: Readonly<Record<string, string>>): Promise<string> {
  if ($lang.get() === 'hi') return (await import('./i18n/refusal')).errorTextHi(error);
  const { errorText } = await import('./error-text');
  return errorText(error, overrides);
}

/**
 * A payment function's refusal (`{ success: false, code, error }`) in the page's language: the server's
 * sentence on an English page, the code's Hindi words on a Hindi one.
 */
export async function refusalIn(code: string | undefined, message: string | undefined): Promise<string | undefined> {
  if ($lang.get() !== 'hi') return message;
  return (await import('./i18n/refusal')).refusalCodeHi(code);
}
