/**
 * Two-step sign-in: a player adds an authenticator app from the profile; from then on sign-in
 * asks for its code after the e-mail code (challenge + verify → aal2); removing it turns it off.
 */
import { test } from '@playwright/test';
import { authenticatorCode, expect, SESSION_KEY, signedInPlayer, signInThroughScreen, stack } from './helpers/auth';
import { openChampionship } from './helpers/catalog';

test('enrol an authenticator app, then sign-in needs its code; removing it turns it off', async ({ page }) => {
  test.setTimeout(90_000);
  const session = await signedInPlayer(page, 'mfa');
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(section.getByText('Status: off')).toBeVisible();

  await section.getByRole('button', { name: 'Set up authenticator app' }).click();
  const qr = section.getByRole('img', { name: 'QR code to scan with your authenticator app' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const secret = (await section.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

  await section.getByLabel('Code from your app').fill('000000' === authenticatorCode(secret) ? '111111' : '000000');
  await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(section.getByRole('alert')).toHaveText(/authenticator code is wrong/);

  await section.getByLabel('Code from your app').fill(authenticatorCode(secret));
  await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(section.getByText('Status: on')).toBeVisible();

  // Log out, then sign in again: the e-mail code is no longer enough.
  await page.goto('/login?signout=1');
  await expect(page.getByTestId('toast')).toHaveText(/You have been logged out/);
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull();
  await page.goto('/login?next=%2Fmy-tournaments');
  await signInThroughScreen(page, session.user.email);
  await expect(page.getByRole('heading', { name: 'Authenticator code' })).toBeVisible();
  // Still owing the second code, the header does not count the player as signed in and the
  // guarded pages send them back to finish signing in.
  await page.goto('/my-tournaments');
  await expect(page).toHaveURL('/login?next=%2Fmy-tournaments');
  await expect(page.getByRole('heading', { name: 'Authenticator code' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-auth', 'signed-out');

  // The servers agree: the e-mail-step token alone opens no function, no row and no payment. Otherwise
  // anyone holding the player's inbox could read their profile or pay in their name.
  const firstStepToken = await page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token: string }).access_token,
    SESSION_KEY,
  );
  const firstStep = { access_token: firstStepToken };
  const refused = await stack.rpc('get_my_profile', {}, firstStep);
  expect(refused.status).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'PT403', hint: 'second_step_required' });
  const rows = await stack.request('/rest/v1/profiles?select=id', { as: firstStep });
  expect(await rows.json()).toEqual([]);
  const payment = await stack.request('/functions/v1/razorpay-payment', {
    as: firstStep,
    body: { action: 'create_order', tournament_id: openChampionship().id, slots: 1 },
  });
  expect(payment.status).toBe(403);
  expect(await payment.json()).toMatchObject({ success: false, error: /authenticator app/ });

  const wrong = authenticatorCode(secret) === '123456' ? '654321' : '123456';
  await page.getByLabel('Code from your app').fill(wrong);
  await expect(page.getByRole('alert')).toHaveText(/authenticator code is wrong/);
  await page.getByLabel('Code from your app').fill(authenticatorCode(secret));
  await expect(page).toHaveURL('/my-tournaments');
  await expect(page.getByRole('heading', { name: 'My Tournaments' })).toBeVisible();

  // The stored session is now aal2.
  const aal = await page.evaluate((key) => {
    const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string };
    const payload = stored.access_token?.split('.')[1] ?? '';
    return (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { aal?: string }).aal;
  }, SESSION_KEY);
  expect(aal).toBe('aal2');
  const bothStepsToken = await page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token: string }).access_token,
    SESSION_KEY,
  );
  expect((await stack.rpc('get_my_profile', {}, { access_token: bothStepsToken })).status).toBe(200);

  await page.goto('/profile');
  page.once('dialog', (dialog) => void dialog.accept());
  await section.getByRole('button', { name: 'Remove authenticator app' }).click();
  await expect(section.getByText('Status: off')).toBeVisible();
});
