import { describe, expect, it } from 'vitest';
import { STORY_NEWS_FAILED, signUpForStoryNews, storyNewsConsent } from './story-news';

const endpoint = { supabaseUrl: 'http://127.0.0.1:54321', anonKey: 'anon' };
const answer = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status });

describe('story news sign-up', () => {
  it('names the product and how to be removed in the consent', () => {
    expect(storyNewsConsent('Golazo Arena', 'support@golazo.example')).toMatch(/Golazo Arena.*support@golazo\.example/);
  });

  it('calls the database function with the address and the consent, as the anonymous role', async () => {
    let request: { url: string; init?: RequestInit } | undefined;
    const fetcher = (async (url: string, init?: RequestInit) => {
      request = { url, init };
      return new Response(JSON.stringify({ saved: true, email: 'a@b.in' }), { status: 200 });
    }) as typeof fetch;
    expect(await signUpForStoryNews(endpoint, 'A@b.in', 'I agree', fetcher)).toEqual({ saved: true, email: 'a@b.in' });
    expect(request?.url).toBe('http://127.0.0.1:54321/rest/v1/rpc/sign_up_for_story_news');
    expect(JSON.parse(String(request?.init?.body))).toEqual({ p_email: 'A@b.in', p_consent_text: 'I agree' });
    expect(new Headers(request?.init?.headers).get('apikey')).toBe('anon');
  });

  it("shows the database's words for a refused address", async () => {
    const fetcher = answer(400, { message: 'Enter a valid e-mail address', hint: 'email_invalid' }) as typeof fetch;
    expect(await signUpForStoryNews(endpoint, 'x', 'I agree', fetcher)).toEqual({ saved: false, message: 'Enter a valid e-mail address' });
  });

  it('says it could not save when the server or the network fails', async () => {
    expect(await signUpForStoryNews(endpoint, 'a@b.in', 'I agree', answer(500, {}) as typeof fetch)).toEqual({
      saved: false,
      message: STORY_NEWS_FAILED,
    });
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await signUpForStoryNews(endpoint, 'a@b.in', 'I agree', offline)).toEqual({ saved: false, message: STORY_NEWS_FAILED });
  });
});
