/**
 * The blog's "Notify me" sign-up: the consent a visitor gives, and the one call that stores it
 * (`sign_up_for_story_news`, callable without signing in). Kept free of the Supabase client and the
 * settings module so the page's inline script stays a few hundred bytes.
 */

/** The sentence the visitor ticks; stored word for word with their address. */
export function storyNewsConsent(productName: string, supportEmail: string): string {
  return `I agree that ${productName} may e-mail me when new player stories are published. I can ask ${supportEmail} to delete my address at any time.`;
}

export const STORY_NEWS_SAVED = 'Almost done: open the link we e-mailed you to confirm. Nothing else is sent until you do.';
export const STORY_NEWS_FAILED = 'Your address could not be saved. Check your connection and try again.';

export type StoryNewsResult = { saved: true; email: string } | { saved: false; message: string };

/** Stores the address through the database function; a refusal comes back with the database's own words. */
export async function signUpForStoryNews(
  endpoint: { supabaseUrl: string; anonKey: string },
  email: string,
  consentText: string,
  fetcher: typeof fetch = fetch,
): Promise<StoryNewsResult> {
  try {
    const response = await fetcher(`${endpoint.supabaseUrl}/rest/v1/rpc/sign_up_for_story_news`, {
      method: 'POST',
      headers: { apikey: endpoint.anonKey, authorization: `Bearer ${endpoint.anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ p_email: email, p_consent_text: consentText }),
    });
    const body = (await response.json().catch(() => ({}))) as { email?: string; message?: string };
    if (response.ok && typeof body.email === 'string') return { saved: true, email: body.email };
    return { saved: false, message: response.status === 400 && body.message ? body.message : STORY_NEWS_FAILED };
  } catch {
    return { saved: false, message: STORY_NEWS_FAILED };
  }
}

export type StoryNewsLink = { action: 'confirm'; token: string } | { action: 'unsubscribe'; signupId: string; token: string };

/** What a "Notify Me" e-mail's link asks for: `#confirm=<token>` or `#unsubscribe=<sign-up id>.<token>`. */
export function storyNewsLink(hash: string): StoryNewsLink | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const confirm = params.get('confirm');
  if (confirm) return { action: 'confirm', token: confirm };
  const [signupId, token] = (params.get('unsubscribe') ?? '').split('.');
  return signupId && token ? { action: 'unsubscribe', signupId, token } : null;
}

/**
 * The outcome sentences of a story news link in one language (the page hands them to its script, built from
 * story-news-words.ts). `invalid` words the one refusal the database gives (`news_link_invalid`); null keeps the
 * database's own English sentence, which only an English page shows.
 */
export type StoryNewsLinkWords = { confirmed: string; unsubscribed: string; failed: string; invalid: string | null };

export const STORY_NEWS_LINK_EN: StoryNewsLinkWords = {
  confirmed: 'Confirmed. We will e-mail you when new player stories are published; every e-mail has a link to stop them.',
  unsubscribed: 'Done: your address is removed and you will get no more story news.',
  failed: STORY_NEWS_FAILED,
  invalid: null,
};

/** Confirms the address or unsubscribes it; answers the words to show, in the language of `words`. */
export async function followStoryNewsLink(
  endpoint: { supabaseUrl: string; anonKey: string },
  link: StoryNewsLink,
  words: StoryNewsLinkWords = STORY_NEWS_LINK_EN,
  fetcher: typeof fetch = fetch,
): Promise<{ ok: boolean; message: string }> {
  const [fn, body] =
    link.action === 'confirm'
      ? ['confirm_story_news', { p_token: link.token }]
      : ['unsubscribe_story_news', { p_signup_id: link.signupId, p_token: link.token }];
  try {
    const response = await fetcher(`${endpoint.supabaseUrl}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: { apikey: endpoint.anonKey, authorization: `Bearer ${endpoint.anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json().catch(() => ({}))) as { message?: string; hint?: string };
    if (response.ok) return { ok: true, message: link.action === 'confirm' ? words.confirmed : words.unsubscribed };
    if (words.invalid === null) return { ok: false, message: answer.message ?? words.failed };
    return { ok: false, message: answer.hint === 'news_link_invalid' ? words.invalid : words.failed };
  } catch {
    return { ok: false, message: words.failed };
  }
}
