/**
 * Deleting an account from the profile page: what must be settled first, in words; the e-mailed code that
 * confirms it; the date and Cancel while it is scheduled; and after the grace period, the same address
 * signing in to a new, empty account.
 */
import { test } from '@playwright/test';
import { ROUTES } from '../../src/lib/routes';
import { DELETION_CODE_SUBJECT } from '../../src/features/profile/deletion-mail';
import { deletionCodeFromInbox, readInbox } from '../support/players';
import { openChampionship } from './helpers/catalog';
import { expect, seedPaidRegistration, signedInPlayer, signInThroughScreen, stack } from './helpers/auth';
import { screenshot } from './helpers/screenshots';

test.describe.configure({ timeout: 90_000 });

test('a player still in a tournament reads which one, and what to do @phone', async ({ page }, testInfo) => {
  const session = await signedInPlayer(page, 'deletion-blocked', { profile: true });
  await seedPaidRegistration(session.user.id, { tournamentId: openChampionship().id, slots: 1, amountPaise: 15_000 });
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Delete my account' });
  await expect(section.getByText(/^You still play in /)).toBeVisible();
  await expect(section.getByRole('link', { name: 'Go to My Tournaments' })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Delete my account' })).toHaveCount(0);
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, { path: testInfo.outputPath(`deletion-blocked-${testInfo.project.name}.png`) });
});

test('a player deletes their account with an e-mailed code, and later signs up afresh with the same address @phone', async ({
  page,
}, testInfo) => {
  const session = await signedInPlayer(page, 'deletion', { profile: true });
  const email = session.user.email;
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Delete my account' });
  await section.getByRole('button', { name: 'Delete my account' }).click();
  await expect(section.getByText(/Your place in past brackets and prize lists shows "Deleted player"/)).toBeVisible();

  const since = Date.now();
  await section.getByRole('button', { name: 'E-mail me a code to confirm' }).click();
  // The code comes in the deletion's own e-mail, which says what it does; no sign-in code is sent.
  await expect(section.locator('[data-deletion-mail]')).toContainText(`Look for the e-mail “${DELETION_CODE_SUBJECT}”`);
  const code = await deletionCodeFromInbox(stack, email, DELETION_CODE_SUBJECT, since);
  const mails = (await readInbox(stack, email)).filter((m) => Date.parse(m.sent_at) >= since - 1000);
  expect(mails.map((m) => m.subject)).toEqual([DELETION_CODE_SUBJECT]);
  expect(mails[0]?.text).toContain('Type it on your profile, under Delete my account');
  await section.getByLabel('The 6-digit code we e-mailed you').fill(code);
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, { path: testInfo.outputPath(`deletion-confirm-${testInfo.project.name}.png`) });
  await section.getByRole('button', { name: 'Delete my account' }).click();

  // Scheduled: the banner at the top and the section both give the date and Cancel.
  const banner = page.locator('[data-deletion-banner]');
  await expect(banner).toContainText('Your account will be deleted on');
  await expect(section.getByRole('button', { name: 'Cancel deletion' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, { path: testInfo.outputPath(`deletion-scheduled-${testInfo.project.name}.png`) });

  // Signing in meanwhile shows the banner on the dashboard too.
  await page.goto('/dashboard');
  await expect(page.locator('[data-deletion-banner]')).toContainText('Your account will be deleted on');

  // The grace period passes and the periodic work's erasure step erases the account (that step alone: the
  // rest of the periodic work would judge the other tests' pods and matches a week ahead too).
  await stack.clock.during(new Date(Date.now() + 7 * 86_400_000 + 5 * 60_000), () => stack.runDueStep('account_erasure'));

  await page.goto('/login?signout=1');
  await signInThroughScreen(page, email);
  await expect(page).toHaveURL(ROUTES.dashboard.path);
  await page.goto('/profile');
  await expect(page.getByText('Profile incomplete')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New player' })).toBeVisible();
  await expect(page.getByLabel('Legal Name')).toHaveValue('');
  await expect(page.locator('[data-deletion-banner]')).toHaveCount(0);
});
