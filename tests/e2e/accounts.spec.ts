/**
 * Accounts: guards, sign-in with an e-mailed code, the header's signed-in state and logout.
 * Runs against the built site and the local Supabase stack.
 */
import { test } from '@playwright/test';
import { ROUTES } from '../../src/lib/routes';
import { codeFromInbox, uniqueEmail } from '../support/players.ts';
import { expect, refreshSession, SESSION_KEY, signedInPlayer, signInThroughScreen, stack } from './helpers/auth';

// Each test signs a player in against the local stack first: allow for a busy machine.
test.describe.configure({ timeout: 60_000 });

const guardedPages = ['/my-tournaments', '/my-earnings', '/trade', '/profile'];

test.describe('guards', () => {
  for (const path of guardedPages) {
    test(`${path} sends an anonymous visitor to /login with a toast`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?next=${encodeURIComponent(path)}`);
      await expect(page.getByTestId('toast')).toHaveText(/Please log in to access this page/);
      await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    });
  }

  test('a stored session the server no longer accepts is sent to /login too', async ({ page }) => {
    await page.addInitScript((key) => {
      if (sessionStorage.getItem('test:session-seeded')) return;
      sessionStorage.setItem('test:session-seeded', '1');
      localStorage.setItem(
        key,
        JSON.stringify({
          access_token: 'e30.e30.invalid',
          refresh_token: 'not-a-real-refresh-token',
          expires_at: 1,
          expires_in: 3600,
          token_type: 'bearer',
          user: { id: '00000000-0000-0000-0000-000000000000', email: 'ghost@golazo.test' },
        }),
      );
    }, SESSION_KEY);
    await page.goto('/my-earnings');
    // supabase-js first tries to refresh the session; the refusal signs the visitor out.
    await expect(page).toHaveURL('/login?next=%2Fmy-earnings');
    await expect(page.getByTestId('toast')).toHaveText(/Please log in to access this page/);
  });
});

test.describe('sign-in', () => {
  test('a wrong code is refused, the right one signs in and returns to the page that sent the player', async ({ page }) => {
    const email = uniqueEmail('signin');
    await page.goto('/my-earnings');
    await expect(page).toHaveURL('/login?next=%2Fmy-earnings');

    const since = Date.now();
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    // The resend button counts down from 60 seconds and stays disabled meanwhile.
    const resend = page.getByRole('button', { name: /Resend code in \d+s/ });
    await expect(resend).toBeDisabled();
    const secondsShown = Number((await resend.textContent())?.match(/(\d+)s/)?.[1]);
    expect(secondsShown).toBeGreaterThan(30);
    expect(secondsShown).toBeLessThanOrEqual(60);

    const code = await codeFromInbox(stack, email, since);
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Code from the e-mail').fill(wrong);
    await expect(page.getByRole('alert')).toHaveText(/That code is wrong or has expired/);
    await expect(page).toHaveURL(/\/login/);

    await page.getByLabel('Code from the e-mail').fill(code);
    await expect(page).toHaveURL('/my-earnings');
    await expect(page.getByRole('heading', { name: 'My Earnings & Statistics' })).toBeVisible();
  });

  test('a player who is already signed in goes straight on to the page asked for', async ({ page }) => {
    await signedInPlayer(page, 'already');
    await page.goto('/login?next=%2Ftrade');
    await expect(page).toHaveURL('/trade');
  });

  test('/register offers the same sign-in in sign-up wording', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    // Google sign-in is off unless the deployment turns it on.
    await expect(page.getByRole('button', { name: /Google/ })).toHaveCount(0);
  });

  test('an address on another site is never used as the way back', async ({ page }) => {
    const email = uniqueEmail('redirect');
    await page.goto('/login?next=//evil.example/steal');
    await signInThroughScreen(page, email);
    await expect(page).toHaveURL(ROUTES.dashboard.path);
  });

  // '/..//evil.example' used to resolve to '//evil.example': a phishing link could have bounced a player
  // who just signed in to a copy of this site.
  test('a dot-segment or encoded path to another site goes to the dashboard instead', async ({ page }) => {
    const email = uniqueEmail('redirect-dots');
    await page.goto(`/login?next=${encodeURIComponent('/..//evil.example')}`);
    await signInThroughScreen(page, email);
    await expect(page).toHaveURL(ROUTES.dashboard.path);
  });

  test('too many attempts: a second code within a minute is refused with a clear message', async ({ page }) => {
    const email = uniqueEmail('ratelimit');
    await page.goto('/login');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
    // Going back and asking again straight away hits the server's limit.
    await page.getByRole('button', { name: 'Use a different e-mail' }).click();
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('alert')).toHaveText(/Too many attempts/);
  });
});

test.describe('header', () => {
  test('shows account links when signed in, and logout really signs out', async ({ page }) => {
    const session = await signedInPlayer(page, 'header');
    await page.goto('/about');
    const header = page.locator('#site-header');
    await expect(header.getByRole('link', { name: 'Register Here' })).toBeHidden();
    await header.getByRole('button', { name: 'My Account' }).click();
    const menu = page.getByRole('navigation', { name: 'Account' });
    for (const name of ['Profile', 'My Tournaments', 'My Earnings']) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Trade Center' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Log out' }).first().click();
    await expect(page.getByTestId('toast')).toHaveText(/You have been logged out/);
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull();
    // Not just forgotten by the browser: the server no longer accepts the session either.
    expect((await refreshSession(session.refresh_token)).status).toBe(400);

    await page.goto('/about');
    await expect(page.locator('#site-header').getByRole('link', { name: 'Register Here' })).toBeVisible();
    await expect(page.locator('#site-header').getByRole('button', { name: 'My Account' })).toBeHidden();
    await page.goto('/my-tournaments');
    await expect(page).toHaveURL('/login?next=%2Fmy-tournaments');
  });

  test('public pages learn the signed-in state without loading supabase-js', async ({ page }) => {
    await signedInPlayer(page, 'nojs');
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/privacy-policy');
    await expect(page.locator('#site-header').getByRole('button', { name: 'My Account' })).toBeVisible();
    expect(scripts.filter((url) => /supabase/i.test(url))).toEqual([]);
  });

  test('the phone menu shows the account links @phone', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'phone layout only');
    await signedInPlayer(page, 'phone-menu');
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'My Tournaments' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Register Here' })).toBeHidden();
    await menu.getByRole('link', { name: 'Log out' }).click();
    await expect(page.getByTestId('toast')).toHaveText(/You have been logged out/);
  });
});
