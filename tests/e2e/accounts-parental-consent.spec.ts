/**
 * A player of 13 to 17 and a parent's consent, end to end: the profile asks for the e-mail address of the
 * parent's own account, the outbox-worker sends the link and a one-time code to the local inbox, the parent
 * opens the consent page, signs in with that account through the sign-in screen and comes back to it, is
 * refused until the account's PAN is verified, then types the code, their name and relation and ticks the
 * declaration; the player can then enter a free tournament (and still not a paid one), and withdraws the
 * consent from their profile in one click.
 */
import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { newPlayer, readInbox } from '../support/players.ts';
import { signedInPlayer, signInThroughScreen, stack } from './helpers/auth';
import { screenshot } from './helpers/screenshots';

async function createFreeTournament(): Promise<string> {
  const id = `free-cup-${Date.now().toString(36)}`;
  await stack.rest('/rest/v1/tournaments', {
    body: {
      id,
      title: 'Free Friday Cup',
      series: 'quick',
      format: '1v1',
      entry_fee_paise: 0,
      prize_pool_paise: 0,
      max_players: 8,
      is_live: true,
      starts_at: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
    },
  });
  return id;
}

/** The newest e-mail to `email` with a link, waiting for the outbox to send it. */
async function mailFromInbox(email: string): Promise<{ link: string; text: string }> {
  let mail: { link: string; text: string } | undefined;
  await expect
    .poll(
      async () => {
        // What pg_cron does every minute on a hosted project: run due work, which drains the outbox.
        await stack.runDueWork();
        const newest = (await readInbox(stack, email)).at(-1);
        mail = newest?.link ? { link: newest.link, text: newest.text ?? '' } : undefined;
        return mail;
      },
      { message: `an e-mail to ${email}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return mail!;
}

// Without consent a child's data and play would be on the site against the policy; without the link
// working, a family that did consent would be locked out.
/** The parent's PAN and UPI id, checked by the stack's doubles when the outbox is drained, until the PAN passes. */
async function verifyPan(session: Awaited<ReturnType<typeof newPlayer>>): Promise<void> {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXY';
  const pan = `${letters[randomInt(0, 25)]}${letters[randomInt(0, 25)]}${letters[randomInt(0, 25)]}P${letters[randomInt(0, 25)]}${String(randomInt(0, 10_000)).padStart(4, '0')}K`;
  await stack.call('submit_kyc', { p_pan: pan, p_upi_id: `parent.${randomInt(0, 1_000_000)}@okaxis` }, session);
  await expect
    .poll(
      async () => {
        await stack.runDueWork();
        const rows = await stack.rest<{ pan_name_status: string }[]>(
          `/rest/v1/kyc_records?user_id=eq.${session.user.id}&select=pan_name_status`,
        );
        return rows[0]?.pan_name_status;
      },
      { message: "the parent's PAN check", timeout: 20_000 },
    )
    .toBe('ok');
}

test('a 15-year-old enters a free tournament after a parent consents from their own account with a verified PAN, then withdraws it', async ({
  page,
  browser,
}, testInfo) => {
  // Two accounts, two sign-ins and the PAN check drained through the outbox.
  test.setTimeout(120_000);
  const tournamentId = await createFreeTournament();
  const fifteenYearsAgo = new Date(Date.now() - 15.5 * 365.25 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const minor = await signedInPlayer(page, 'minor', { profile: { dateOfBirth: fifteenYearsAgo } });

  // Before consent, the database refuses.
  const before = await stack.rpc('enter_free_tournament', { p_tournament_id: tournamentId }, minor);
  expect(before.status).toBe(403);
  expect(await before.json()).toMatchObject({ hint: 'parental_consent_required' });

  // The parent's own account (an adult), at the address the child names.
  const parentSession = await newPlayer(stack, 'parent', { profile: true });
  const parent = parentSession.user.email;
  await page.goto('/profile');
  // The child's own address, written another way, is refused.
  const own = minor.user.email.replace('@', '+mum@');
  await page.getByLabel("Your parent's account e-mail").fill(own);
  await page.getByRole('button', { name: 'Send the consent link' }).click();
  await expect(page.getByRole('alert')).toHaveText("Enter your parent's e-mail address, not your own");
  await page.getByLabel("Your parent's account e-mail").fill(parent);
  await page.getByRole('button', { name: 'Send the consent link' }).click();
  await expect(page.getByRole('status').filter({ hasText: `We e-mailed ${parent} a link and a code.` })).toBeVisible();

  const mail = await mailFromInbox(parent);
  const link = new URL(mail.link);
  expect(link.pathname).toBe('/parental-consent');
  const code = /enter this code there: ([0-9]{6})/.exec(mail.text)?.[1] ?? '';
  expect(code).toMatch(/^[0-9]{6}$/);
  expect(mail.text).toContain('signed in with your own Golazo Arena account');
  // The parent opens the link in their own browser, signed out: the page asks them to sign in first.
  const parentContext = await browser.newContext();
  const parentPage = await parentContext.newPage();
  await parentPage.goto(`/parental-consent${link.hash}`);
  await expect(parentPage.getByText('asked to join free eFootball tournaments')).toBeVisible();
  await parentPage.getByRole('link', { name: 'Sign in to give consent' }).click();
  await signInThroughScreen(parentPage, parent);
  // Back on the consent page, signed in, without the link in the address.
  await expect(parentPage).toHaveURL(/\/parental-consent$/);
  await expect(parentPage.getByText(`Signed in as ${parent}.`)).toBeVisible();
  const fill = async (typed: string) => {
    await parentPage.getByLabel('The 6-digit code from the e-mail').fill(typed);
    await parentPage.getByLabel('Your full name').fill('Meera Iyer');
    await parentPage.getByLabel('You are their').selectOption('mother');
    await parentPage.getByRole('checkbox', { name: /I am the parent or legal guardian/ }).check();
  };
  // Without a verified PAN the account cannot consent.
  await fill(code);
  await parentPage.getByRole('button', { name: 'I consent' }).click();
  await expect(parentPage.getByRole('alert')).toHaveText(
    'Your account needs a verified PAN before you can give consent: add your PAN on My Earnings',
  );
  await verifyPan(parentSession);
  await fill(code === '000000' ? '111111' : '000000');
  for (const width of [360, 1280]) {
    await parentPage.setViewportSize({ width, height: 900 });
    await screenshot(parentPage, { path: testInfo.outputPath(`parental-consent-${width}.png`), fullPage: true });
  }
  // A wrong code is counted, and says how many tries are left.
  await parentPage.getByRole('button', { name: 'I consent' }).click();
  await expect(parentPage.getByRole('alert')).toHaveText('That code is not the one we e-mailed you. 4 tries left.');
  await parentPage.getByLabel('The 6-digit code from the e-mail').fill(code);
  await parentPage.getByRole('button', { name: 'I consent' }).click();
  await expect(parentPage.getByRole('status')).toContainText('Your consent is recorded');
  // The same link again: used once only, and deleted once used.
  // (The page is at /parental-consent already: only a reload reads a new fragment.)
  await parentPage.goto(`/parental-consent${link.hash}`);
  await parentPage.reload();
  await expect(parentPage.getByRole('alert')).toHaveText('This consent link is not valid (it may have been used already)');
  await parentContext.close();

  const after = await stack.rpc('enter_free_tournament', { p_tournament_id: tournamentId }, minor);
  expect(after.status).toBe(200);
  expect(await after.json()).toMatchObject({ outcome: 'registered' });

  // The player withdraws the consent in one click; free entry closes again.
  await page.goto('/profile');
  const withdraw = page.getByRole('button', { name: 'Withdraw consent' });
  await expect(withdraw).toBeVisible();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, { path: testInfo.outputPath(`profile-consent-${width}.png`), fullPage: true });
  }
  await withdraw.click();
  await expect(page.getByRole('status').filter({ hasText: "Your parent's consent is withdrawn: your entries have ended" })).toBeVisible();
  // The entry ended with the consent: its place is given back.
  const seats = await stack.request(`/rest/v1/tournaments?id=eq.${tournamentId}&select=filled_slots`);
  expect(await seats.json()).toEqual([{ filled_slots: 0 }]);
  const second = await createFreeTournament();
  const refused = await stack.rpc('enter_free_tournament', { p_tournament_id: second }, minor);
  expect(await refused.json()).toMatchObject({ hint: 'parental_consent_required' });
});
