/**
 * The blog's "Notify me" sign-up: the consent a visitor gives, and the one call that stores it
 * (`sign_up_for_story_news`, callable without signing in). Kept free of the Supabase client and the
 * settings module so the page's inline script stays a few hundred bytes.
 */

/** The sentence the visitor ticks; stored word for word with their address. */
export function storyNewsConsent(productName: string, supportEmail: string): string {
  return `I agree that ${productName} may e-mail me when new player stories are published. I can ask ${supportEmail} to delete my address at any time.`;
}

export const STORY_NEWS_SAVED = 'Saved! We will e-mail you when the first story is out.';
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
