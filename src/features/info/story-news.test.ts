import { describe, expect, it } from 'vitest';
import { followStoryNewsLink, STORY_NEWS_FAILED, signUpForStoryNews, storyNewsConsent, storyNewsLink } from './story-news';
import { STORY_NEWS_WORDS } from './story-news-words';

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

describe('story news links', () => {
  it('reads a confirmation or an unsubscribe link from the fragment, and nothing else', () => {
    expect(storyNewsLink('#confirm=abc')).toEqual({ action: 'confirm', token: 'abc' });
    expect(storyNewsLink('#unsubscribe=id-1.tok')).toEqual({ action: 'unsubscribe', signupId: 'id-1', token: 'tok' });
    expect(storyNewsLink('#unsubscribe=only-an-id')).toBeNull();
    expect(storyNewsLink('')).toBeNull();
  });

  it('unsubscribes with the sign-up and its token, and shows the database’s words for a dead link', async () => {
    let body: unknown;
    const ok = (async (_url: string, init?: RequestInit) => {
      body = JSON.parse(String(init?.body));
      return new Response('{"unsubscribed":true}', { status: 200 });
    }) as typeof fetch;
    expect(await followStoryNewsLink(endpoint, { action: 'unsubscribe', signupId: 's1', token: 't1' }, undefined, ok)).toMatchObject({
      ok: true,
    });
    expect(body).toEqual({ p_signup_id: 's1', p_token: 't1' });
    const dead = answer(404, { message: 'This confirmation link is not valid', hint: 'news_link_invalid' }) as typeof fetch;
    expect(await followStoryNewsLink(endpoint, { action: 'confirm', token: 'x' }, undefined, dead)).toEqual({
      ok: false,
      message: 'This confirmation link is not valid',
    });
  });

  it("words a Hindi page's outcome from the link's words and the hint, never the database's English", async () => {
    const hi = STORY_NEWS_WORDS.hi.link;
    const dead = answer(404, { message: 'This confirmation link is not valid', hint: 'news_link_invalid' }) as typeof fetch;
    expect(await followStoryNewsLink(endpoint, { action: 'confirm', token: 'x' }, hi, dead)).toEqual({ ok: false, message: hi.invalid });
    const broken = answer(500, { message: 'internal error', hint: 'something_else' }) as typeof fetch;
    expect(await followStoryNewsLink(endpoint, { action: 'confirm', token: 'x' }, hi, broken)).toEqual({ ok: false, message: hi.failed });
    const ok = (async () => new Response('{"confirmed":true}', { status: 200 })) as typeof fetch;
    expect(await followStoryNewsLink(endpoint, { action: 'confirm', token: 'x' }, hi, ok)).toEqual({ ok: true, message: hi.confirmed });
    expect(hi.confirmed).toMatch(/[\u0900-\u097F]/);
  });

  it('has every word of the page in Hindi (the English page alone keeps the database’s sentence for a dead link)', () => {
    const { en, hi } = STORY_NEWS_WORDS;
    const strings = (words: typeof hi) => [
      words.title,
      words.description,
      words.noLink,
      words.needsScript('x@y.in'),
      ...Object.values(words.intro),
      ...Object.values(words.button),
      words.link.confirmed,
      words.link.unsubscribed,
      words.link.failed,
    ];
    for (const text of [...strings(hi), hi.link.invalid ?? '']) expect(text).toMatch(/[\u0900-\u097F]/);
    expect(strings(en)).toHaveLength(strings(hi).length);
    expect(en.link.invalid).toBeNull();
  });
});
