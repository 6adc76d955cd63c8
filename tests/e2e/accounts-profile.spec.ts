/**
 * The profile: validation messages and their timing, the picture upload, saving, the lock, and a
 * live update made from another session.
 */
import { deflateSync } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import { test, type Page } from '@playwright/test';
import { ROUTES } from '../../src/lib/routes';
import { expect, secondSession, signedInPlayer, stack } from './helpers/auth';

// Each test signs a player in against the local stack first: allow for a busy machine.
test.describe.configure({ timeout: 60_000 });

/** A real (tiny) PNG, so the browser can preview it and Storage accepts it as an image. */
function pngImage(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.concat(Array.from({ length: 8 }, () => Buffer.from([0, ...Array(8).fill([198, 244, 50]).flat()])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function fillValidProfile(page: Page) {
  await page.getByLabel('Legal Name').fill('Arjun Mehta');
  await page.getByLabel('In-Game Name').fill('ArjunFC');
  await page.getByLabel('Date of birth').fill('2005-06-15');
  await page.getByLabel('eFootball User ID').fill('abcd-123-456-789');
  await page.getByLabel(/I live in India/).check();
}

test.describe('profile', () => {
  test('validates on submit, then again on every change, with the spec messages', async ({ page }) => {
    await signedInPlayer(page, 'profile-validation');
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
    const legalName = page.getByLabel('Legal Name');

    // Nothing is said before the first submit.
    await legalName.fill('A');
    await expect(page.getByText('Legal Name is required')).toHaveCount(0);

    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields');
    await expect(page.getByTestId('toast')).toHaveText(/Please fill in all required fields/);
    await expect(page.getByText('Legal Name needs at least 2 characters')).toBeVisible();
    await expect(page.getByText('In-Game Name needs at least 2 characters')).toBeVisible();

    // From now on every change re-validates.
    await legalName.fill('Arjun Mehta');
    await expect(page.getByText('Legal Name needs at least 2 characters')).toHaveCount(0);
    const twelveYearsAgo = new Date(Date.now() - 12 * 365.25 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    await page.getByLabel('Date of birth').fill(twelveYearsAgo);
    await expect(page.getByText('You must be 13 or older to play on Golazo')).toBeVisible();
    await page.getByLabel('Date of birth').fill('');
    await expect(page.getByText('Date of birth is required')).toBeVisible();
    await page.getByLabel('eFootball User ID').fill('ABC');
    await expect(page.getByText('eFootball User ID needs 6 to 20 characters')).toBeVisible();
    await page.getByLabel('eFootball User ID').fill('ABC_123');
    await expect(page.getByText('eFootball User ID may only contain letters, digits and dashes')).toBeVisible();
  });

  test('uploads a picture, saves, moves to the dashboard and is locked afterwards', async ({ page }) => {
    const session = await signedInPlayer(page, 'profile-save');
    await page.goto('/profile');
    await expect(page.getByText('Profile incomplete')).toBeVisible();

    // A file that is not an image is refused before any upload.
    await page.getByLabel('Add a picture').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByTestId('toast')).toHaveText(/Please choose a JPG, PNG or WebP image/);

    await page.getByLabel('Add a picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngImage() });
    await expect(page.getByRole('img', { name: 'Preview of your new profile picture' })).toBeVisible();
    await fillValidProfile(page);
    await page.getByRole('button', { name: 'Save profile' }).click();
    // Saving locks the profile: the player sees what will be stored and confirms first.
    const dialog = page.getByRole('dialog', { name: 'Save and lock your profile?' });
    await expect(dialog).toContainText("Your legal name, date of birth and eFootball user ID can't be changed later");
    await expect(dialog).toContainText('Must match your PAN exactly');
    await expect(dialog).toContainText('abcd-123-456-789');
    await dialog.getByRole('button', { name: 'Go back and edit' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByLabel('Legal Name')).toBeEditable();
    await page.getByRole('button', { name: 'Save profile' }).click();
    await dialog.getByRole('button', { name: 'Save and lock' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Profile updated successfully!' })).toBeVisible();
    await page.waitForURL(ROUTES.dashboard.path, { timeout: 15_000 });

    await page.goto('/profile');
    await expect(page.getByText('Profile Completed Successfully!')).toBeVisible();
    await expect(page.getByText('Profile Completed', { exact: true })).toBeVisible();
    for (const label of ['Legal Name', 'In-Game Name', 'Date of birth', 'eFootball User ID']) {
      await expect(page.getByLabel(label)).not.toBeEditable();
    }
    // Stored as typed; the date of birth read back the Indian way; the in-game name's own rule.
    await expect(page.getByLabel('eFootball User ID')).toHaveValue('abcd-123-456-789');
    await expect(page.getByLabel('Date of birth')).toHaveValue('15 Jun 2005');
    await expect(page.locator('[data-in-game-name-rule]')).toContainText('Your in-game name can change once every 30 days');
    await expect(page.getByRole('button', { name: 'Save profile' })).toHaveCount(0);
    const picture = page.getByRole('img', { name: 'Your profile picture' }).first();
    await expect(picture).toHaveAttribute(
      'src',
      new RegExp(`/storage/v1/object/public/profile-pictures/${session.user.id}-[0-9a-f-]+\\.png$`),
    );
    // The stored picture really is served.
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(8);
  });

  // A phone photo (here 3000 x 2000) is far above the upload limit in pixels; refusing it would leave most
  // players without a picture. The browser scales it down before upload.
  test('a big photo is resized in the browser, then uploaded and shown', async ({ page }) => {
    const session = await signedInPlayer(page, 'profile-big-photo');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="2000"><rect width="3000" height="2000" fill="#2a6"/><circle cx="1500" cy="1000" r="700" fill="#fc3"/></svg>`;
    const bigPng = Buffer.from(new Resvg(svg).render().asPng());
    await page.goto('/profile');
    await page.getByLabel('Add a picture').setInputFiles({ name: 'phone.png', mimeType: 'image/png', buffer: bigPng });
    const preview = page.getByRole('img', { name: 'Preview of your new profile picture' });
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);
    await fillValidProfile(page);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('button', { name: 'Save and lock' }).click();
    await page.waitForURL(ROUTES.dashboard.path, { timeout: 15_000 });
    await page.goto('/profile');
    const picture = page.getByRole('img', { name: 'Your profile picture' }).first();
    await expect(picture).toHaveAttribute('src', new RegExp(`/profile-pictures/${session.user.id}-[0-9a-f-]+\\.jpg$`));
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512);
  });

  // A floating Support button over the date of birth or the game id on a phone makes the form impossible to fill.
  test('the Support button never covers a field on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await signedInPlayer(page, 'profile-support');
    await page.goto('/profile');
    await expect(page.getByLabel('Legal Name')).toBeEditable();
    const support = page.getByRole('link', { name: /Support/ });
    for (const field of await page.locator('form input:not(.sr-only), form button').all()) {
      // The field at the very bottom of the screen, where a floating button would sit.
      await field.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      const [a, b] = [await field.boundingBox(), await support.boundingBox()];
      if (!a || !b) continue;
      const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlap, `Support covers ${await field.getAttribute('name')}`).toBe(false);
    }
  });

  // From outside, as an attacker would: a page disguised as a PNG must never be stored (it would be served
  // from our Storage origin), and the bucket must not take writes that skip the content check.
  test('the picture function refuses an HTML page named .png; the bucket refuses direct uploads', async ({ page }) => {
    const session = await signedInPlayer(page, 'profile-disguised');
    const disguised = await stack.request('/functions/v1/profile-picture', {
      as: session,
      headers: { 'content-type': 'image/png' },
      body: '<!doctype html><script>alert(document.domain)</script>',
    });
    expect(disguised.status).toBe(400);
    expect(await disguised.json()).toEqual({ error: 'Please choose a JPG, PNG or WebP image' });

    const direct = await stack.request(`/storage/v1/object/profile-pictures/${session.user.id}-direct.png`, {
      as: session,
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(pngImage()),
    });
    expect(direct.status).toBe(403);

    const stored = await stack.request('/functions/v1/profile-picture', { as: session, body: new Uint8Array(pngImage()) });
    expect(stored.status).toBe(200);
    const { url } = (await stored.json()) as { url: string };
    expect(url).toMatch(new RegExp(`/storage/v1/object/public/profile-pictures/${session.user.id}-[0-9a-f-]+\\.png$`));
    const served = await fetch(url);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);
  });

  test("says 'Failed to upload image' when the upload fails, and keeps the form", async ({ page }) => {
    await signedInPlayer(page, 'profile-upload-fail');
    await page.route('**/functions/v1/profile-picture', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: '{"error":"nope"}' }),
    );
    await page.goto('/profile');
    await page.getByLabel('Add a picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngImage() });
    await fillValidProfile(page);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('button', { name: 'Save and lock' }).click();
    await expect(page.getByTestId('toast')).toHaveText(/Failed to upload image/);
    await expect(page).toHaveURL('/profile');
    await expect(page.getByLabel('Legal Name')).toBeEditable();
  });

  test('when the confirmation cannot load, says so and keeps the details; the next Save opens it', async ({ page }) => {
    await signedInPlayer(page, 'profile-confirm-offline');
    // The dialog's module is fetched on the first Save: every attempt fails while the connection is down
    // (the retries under fresh addresses included), then it comes back. The browser remembers the failed
    // address, so the next Save must fetch it afresh to open.
    let offline = true;
    let attempts = 0;
    await page.route(/\/_astro\/LockConfirmation\.[^/?]+\.js(\?.*)?$/, (route) => {
      attempts += 1;
      return offline ? route.abort('internetdisconnected') : route.continue();
    });
    await page.goto('/profile');
    await fillValidProfile(page);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByTestId('toast')).toHaveText(/The connection dropped: loading this part of the page again/);
    await expect(page.getByTestId('toast')).toHaveText(/The confirmation could not open\. Check your connection/);
    expect(attempts).toBeGreaterThan(1);
    await expect(page.getByLabel('Legal Name')).toHaveValue('Arjun Mehta');
    await expect(page.getByLabel('In-Game Name')).toHaveValue('ArjunFC');
    offline = false;
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByRole('dialog', { name: 'Save and lock your profile?' })).toBeVisible();
  });

  test('one dropped fetch of the confirmation is retried at once: the dialog opens on the same Save', async ({ page }) => {
    await signedInPlayer(page, 'profile-confirm-dropped');
    let dropped = false;
    await page.route(/\/_astro\/LockConfirmation\.[^/?]+\.js(\?.*)?$/, (route) => {
      if (dropped) return route.continue();
      dropped = true;
      return route.abort('internetdisconnected');
    });
    await page.goto('/profile');
    await fillValidProfile(page);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByRole('dialog', { name: 'Save and lock your profile?' })).toBeVisible();
  });

  test("says 'Failed to update profile. Please try again.' when saving fails", async ({ page }) => {
    await signedInPlayer(page, 'profile-save-fail');
    await page.route('**/rest/v1/rpc/update_my_profile', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: '{"code":"22023","message":"refused","details":null,"hint":null}',
      }),
    );
    await page.goto('/profile');
    await fillValidProfile(page);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('button', { name: 'Save and lock' }).click();
    await expect(page.getByTestId('toast')).toHaveText(/Failed to update profile\. Please try again\./);
  });

  test("says 'Failed to load profile data' when the profile can't be read", async ({ page }) => {
    await signedInPlayer(page, 'profile-load-fail');
    await page.route('**/rest/v1/rpc/get_my_profile', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: '{"code":"P0002","message":"missing","details":null,"hint":null}',
      }),
    );
    await page.goto('/profile');
    await expect(page.getByRole('alert')).toHaveText('Failed to load profile data');
  });

  test('the sections under the form hydrate as they were built: the record appears and nothing is thrown', async ({ page }) => {
    await signedInPlayer(page, 'profile-hydration');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(ROUTES.profile.path);
    await expect(page.getByLabel('In-Game Name')).toBeVisible();
    // Islands below the fold hydrate when scrolled to, after the session is known.
    await page.locator('#notification-settings').scrollIntoViewIfNeeded();
    await expect(page.getByRole('heading', { name: 'Your record' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Notifications', exact: true })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('updates live when the profile is completed from another session', async ({ page }) => {
    const session = await signedInPlayer(page, 'profile-live');
    // The change must happen after the page's Realtime channel has joined: wait for the server's
    // join reply on the socket rather than for a guessed delay.
    const joined = new Promise<void>((resolve) => {
      page.on('websocket', (socket) => {
        socket.on('framereceived', ({ payload }) => {
          const text = String(payload);
          if (text.includes('phx_reply') && text.includes('profile-') && text.includes('"ok"')) resolve();
        });
      });
    });
    await page.goto('/profile');
    await expect(page.getByLabel('Legal Name')).toBeEditable();
    await joined;

    const other = await secondSession(session);
    const response = await stack.rpc(
      'update_my_profile',
      { p_legal_name: 'Priya Nair', p_in_game_name: 'PriyaGoal', p_age: 22, p_game_user_id: 'WXYZ987654321', p_profile_image_url: null },
      other,
    );
    expect(response.status).toBe(200);

    await expect(page.getByText('Profile Completed Successfully!')).toBeVisible();
    await expect(page.getByLabel('Legal Name')).toHaveValue('Priya Nair');
    await expect(page.getByLabel('Legal Name')).not.toBeEditable();
    await expect(page.getByText('PriyaGoal')).toBeVisible();
  });
});
