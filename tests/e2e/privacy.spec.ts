/**
 * Privacy end to end: a player downloads their data on a phone and finds only their own rows; the notice
 * in English and Hindi with its table and no script; a visitor files a grievance and a player sees theirs;
 * an admin acknowledges it and lists who an incident touched. Each screen is also photographed at 360 px
 * and 1280 px into the test's output folder.
 */
import { readFile } from 'node:fs/promises';
import { type Locator, test, type Page } from '@playwright/test';
import { newPlayer } from '../support/players.ts';
import { expect, seedPaidRegistration, signedInPlayer, stack, storeSession } from './helpers/auth';
import { staffSession } from './helpers/staff';
import { PERSONAL_DATA } from '../../src/features/info/personal-data.ts';
import { screenshot } from './helpers/screenshots';

test.describe.configure({ timeout: 60_000 });

/** The page (or one part of it) at 360 px and 1280 px, into the test's output folder. */
async function photograph(page: Page, name: string, part?: Locator | 'top') {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const path = test.info().outputPath(`${name}-${width}.png`);
    if (part === 'top') await screenshot(page, { path });
    else await (part ? screenshot(part, { path }) : screenshot(page, { path, fullPage: true }));
  }
}

test('a player downloads their data on a phone and finds their own rows only @phone', async ({ page }) => {
  const me = await signedInPlayer(page, 'export-me', { profile: true });
  const mine = await seedPaidRegistration(me.user.id, { slots: 1, amountPaise: 15_000 });
  const other = await newPlayer(stack, 'export-other', { profile: true });
  const theirs = await seedPaidRegistration(other.user.id, { slots: 1, amountPaise: 15_000 });

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Your data' });
  await section.scrollIntoViewIfNeeded();
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^golazo-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    profile: { user_id: string; sign_in_email: string };
    payments: { razorpay_payment_id: string }[];
  };
  expect(data.profile.user_id).toBe(me.user.id);
  expect(data.profile.sign_in_email).toBe(me.user.email);
  expect(data.payments.map((payment) => payment.razorpay_payment_id)).toEqual([mine.razorpayPaymentId]);
  const text = JSON.stringify(data);
  for (const foreign of [other.user.id, other.user.email, theirs.razorpayPaymentId]) expect(text).not.toContain(foreign);

  // The page says what each section holds, and offers the readable copy of the same data.
  await expect(section.getByRole('status')).toContainText('Your data is ready');
  await expect(section.locator('[data-export-summary]')).toContainText('Payments and refunds');
  const htmlDownload = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Save a readable copy (HTML)' }).click();
  const html = await readFile((await (await htmlDownload).path())!, 'utf8');
  expect(html).toContain('<h2>Payments and refunds</h2>');
  expect(html).toContain(mine.razorpayPaymentId);
  expect(html).not.toContain(theirs.razorpayPaymentId);
  await photograph(page, 'profile-download', section);

  // A second download within 10 minutes is refused with the reason, not an error page.
  await page.reload();
  await page.getByRole('region', { name: 'Your data' }).getByRole('button', { name: 'Download my data' }).click();
  await expect(page.getByRole('region', { name: 'Your data' }).getByRole('status')).toContainText('downloaded your data a few minutes ago');
});

test('the privacy notice lists the data stored, in English and Hindi, without script', async ({ page }) => {
  for (const [path, lang, heading, column] of [
    ['/privacy-policy', 'en-IN', 'Privacy Policy', 'Who else receives it'],
    ['/hi/privacy-policy', 'hi', 'गोपनीयता नीति', 'और किसे मिलता है'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: column })).toBeAttached();
    await expect(table.getByRole('rowheader')).toHaveCount(Object.keys(PERSONAL_DATA).length);
    await expect(page.locator('script[src]')).toHaveCount(0);

    await photograph(page, `privacy-notice-${lang}`, 'top');
    await photograph(page, `privacy-notice-table-${lang}`, page.locator('.notice-table'));
  }
  await expect(page.getByText('we never see or store your card, UPI or bank details', { exact: false })).toHaveCount(0);
});

test('a visitor files a grievance with an e-mail address; a player sees theirs with the deadlines', async ({ page, browser }) => {
  await page.goto('/grievance');
  const form = page.getByRole('form', { name: 'File a grievance' });
  // Its button is enabled once the island runs (before that the form would only reload the page).
  await expect(form.getByRole('button', { name: 'File grievance' })).toBeEnabled();
  await form.getByLabel('Subject').fill('My photo');
  await form.getByRole('button', { name: 'File grievance' }).click();
  await expect(form.getByRole('alert')).toHaveText('Describe the problem in 10 to 5000 characters.');
  await form.getByLabel('What happened').fill('Please remove the photo of my son from your site.');
  await form.getByRole('button', { name: 'File grievance' }).click();
  await expect(form.getByRole('alert')).toHaveText('Give an e-mail address so we can answer you.');
  await form.getByLabel('Your e-mail address').fill(`parent-${Date.now()}@example.in`);
  await form.getByRole('button', { name: 'File grievance' }).click();
  await expect(page.getByRole('heading', { name: /Grievance GRV-\d{6} filed/ })).toBeVisible();
  await expect(page.getByText(/We acknowledge it by .* and resolve it by/)).toBeVisible();
  await photograph(page, 'grievance-filed');

  const playerPage = await (await browser.newContext()).newPage();
  await signedInPlayer(playerPage, 'grievance-player', { profile: true });
  await playerPage.goto('/grievance');
  const playerForm = playerPage.getByRole('form', { name: 'File a grievance' });
  await expect(playerForm.getByLabel(/E-mail for the answer \(optional/)).toBeVisible();
  await expect(playerForm.getByRole('button', { name: 'File grievance' })).toBeEnabled();
  await playerForm.getByLabel('Subject').fill('Export is missing my refund');
  await playerForm.getByLabel('What happened').fill('My refund of last week does not appear in my download.');
  await playerForm.getByRole('button', { name: 'File grievance' }).click();
  const mine = playerPage.getByRole('region', { name: 'Your grievances' });
  await expect(mine.getByRole('listitem')).toHaveCount(1);
  await expect(mine).toContainText('Export is missing my refund');
  await expect(mine).toContainText('Acknowledge by');
  await photograph(playerPage, 'grievance-player');
});

test('an admin acknowledges a grievance and lists who an incident touched', async ({ page }) => {
  const email = `incident-${Date.now()}@example.in`;
  await page.goto('/grievance');
  const form = page.getByRole('form', { name: 'File a grievance' });
  await expect(form.getByRole('button', { name: 'File grievance' })).toBeEnabled();
  await form.getByLabel('Subject').fill('Was my address exposed?');
  await form.getByLabel('What happened').fill('I received a strange e-mail quoting my ticket.');
  await form.getByLabel('Your e-mail address').fill(email);
  await form.getByRole('button', { name: 'File grievance' }).click();
  const ticket = (await page.getByRole('heading', { name: /Grievance GRV-\d{6} filed/ }).textContent())?.match(/GRV-\d{6}/)?.[0];

  await storeSession(page, await staffSession('admin@golazo.test'));
  await page.goto('/staff');
  await expect(page.locator('[data-attention="grievance"]').filter({ hasText: ticket! })).toBeVisible();
  const panel = page.locator('[data-privacy-panel]');
  const card = panel.locator(`[data-grievance="${ticket}"]`);
  await expect(card).toContainText('Acknowledge by');
  await card.getByLabel('Note to the filer, or the answer').fill('We are checking our mail logs.');
  await card.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(panel.getByRole('status').first()).toContainText(`${ticket} acknowledged`);
  await expect(card).toContainText('Resolve by');

  const search = panel.locator('[data-people-touched]');
  const now = new Date(Date.now() + 5.5 * 3600_000);
  const local = (date: Date) => date.toISOString().slice(0, 16);
  await search.getByLabel('Kind of data').selectOption('grievances');
  await search.getByLabel('From').fill(local(new Date(now.getTime() - 3600_000)));
  await search.getByLabel('To').fill(local(new Date(now.getTime() + 3600_000)));
  await search.getByRole('button', { name: 'List people' }).click();
  await expect(search.getByRole('table')).toContainText(email);
  await panel.scrollIntoViewIfNeeded();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(panel, { path: test.info().outputPath(`console-privacy-${width}.png`) });
  }
});
