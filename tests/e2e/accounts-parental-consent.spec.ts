/**
 * A player of 13 to 17 and a parent's consent, end to end: the profile asks for the parent's e-mail, the
 * outbox-worker sends the link and a one-time code to the local inbox, the parent opens the consent page,
 * types the code, their name and relation and ticks the declaration; the player can then enter a free
 * tournament (and still not a paid one), and withdraws the consent from their profile in one click.
 */
import { expect, test } from '@playwright/test';
import { readInbox, uniqueEmail } from '../support/players.ts';
import { signedInPlayer, stack } from './helpers/auth';

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
test('a 15-year-old enters a free tournament after a parent consents with the e-mailed code, then withdraws it', async ({
  page,
}, testInfo) => {
  const tournamentId = await createFreeTournament();
  const fifteenYearsAgo = new Date(Date.now() - 15.5 * 365.25 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const minor = await signedInPlayer(page, 'minor', { profile: { dateOfBirth: fifteenYearsAgo } });

  // Before consent, the database refuses.
  const before = await stack.rpc('enter_free_tournament', { p_tournament_id: tournamentId }, minor);
  expect(before.status).toBe(403);
  expect(await before.json()).toMatchObject({ hint: 'parental_consent_required' });

  const parent = uniqueEmail('parent');
  await page.goto('/profile');
  await page.getByLabel("Parent's e-mail address").fill(parent);
  await page.getByRole('button', { name: 'Send the consent link' }).click();
  await expect(page.getByRole('status').filter({ hasText: `We e-mailed ${parent} a link and a code.` })).toBeVisible();

  const mail = await mailFromInbox(parent);
  const link = new URL(mail.link);
  expect(link.pathname).toBe('/parental-consent');
  const code = /enter this code there: ([0-9]{6})/.exec(mail.text)?.[1] ?? '';
  expect(code).toMatch(/^[0-9]{6}$/);
  // The parent opens the link (no account needed), types the code and declares who they are.
  const parentPage = await page.context().newPage();
  await parentPage.goto(`/parental-consent${link.hash}`);
  await parentPage.getByLabel('The six-digit code from the e-mail').fill(code === '000000' ? '111111' : '000000');
  await parentPage.getByLabel('Your full name').fill('Meera Iyer');
  await parentPage.getByLabel('You are their').selectOption('mother');
  await parentPage.getByRole('checkbox', { name: /I am the parent or legal guardian/ }).check();
  for (const width of [360, 1280]) {
    await parentPage.setViewportSize({ width, height: 900 });
    await parentPage.screenshot({ path: testInfo.outputPath(`parental-consent-${width}.png`), fullPage: true });
  }
  // A wrong code is counted, and says how many tries are left.
  await parentPage.getByRole('button', { name: 'I consent' }).click();
  await expect(parentPage.getByRole('alert')).toHaveText('That code is not the one we e-mailed you. 4 tries left.');
  await parentPage.getByLabel('The six-digit code from the e-mail').fill(code);
  await parentPage.getByRole('button', { name: 'I consent' }).click();
  await expect(parentPage.getByRole('status')).toContainText('Your consent is recorded');
  // The same link again: used once only, and deleted once used.
  await parentPage.reload();
  await expect(parentPage.getByRole('alert')).toHaveText('This consent link is not valid (it may have been used already)');
  await parentPage.close();

  const after = await stack.rpc('enter_free_tournament', { p_tournament_id: tournamentId }, minor);
  expect(after.status).toBe(200);
  expect(await after.json()).toMatchObject({ outcome: 'registered' });

  // The player withdraws the consent in one click; free entry closes again.
  await page.goto('/profile');
  const withdraw = page.getByRole('button', { name: 'Withdraw consent' });
  await expect(withdraw).toBeVisible();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`profile-consent-${width}.png`), fullPage: true });
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
