/**
 * A player of 13 to 17 and a parent's consent, end to end: the profile asks for the parent's e-mail, the
 * outbox-worker sends the link to the local inbox, the parent opens the consent page and confirms, and the
 * player can then enter a free tournament (and still not a paid one).
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

/** The newest link e-mailed to `email`, waiting for the outbox to send it. */
async function linkFromInbox(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        // What pg_cron does every minute on a hosted project: run due work, which drains the outbox.
        await stack.runDueWork();
        link = (await readInbox(stack, email)).at(-1)?.link ?? undefined;
        return link;
      },
      { message: `a link e-mailed to ${email}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

// Without consent a child's data and play would be on the site against the policy; without the link
// working, a family that did consent would be locked out.
test('a 15-year-old enters a free tournament after a parent consents through the e-mailed link', async ({ page }) => {
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
  await expect(page.getByRole('status').filter({ hasText: `We e-mailed ${parent} a link.` })).toBeVisible();

  const link = new URL(await linkFromInbox(parent));
  expect(link.pathname).toBe('/parental-consent');
  // The parent opens the link (no account needed) and confirms.
  const parentPage = await page.context().newPage();
  await parentPage.goto(`/parental-consent${link.hash}`);
  await parentPage.getByRole('button', { name: 'I am their parent and I consent' }).click();
  await expect(parentPage.getByRole('status')).toContainText('Your consent is recorded');
  // The same link again: used once only.
  await parentPage.reload();
  await parentPage.getByRole('button', { name: 'I am their parent and I consent' }).click();
  await expect(parentPage.getByRole('alert')).toHaveText('This consent link has already been used');
  await parentPage.close();

  const after = await stack.rpc('enter_free_tournament', { p_tournament_id: tournamentId }, minor);
  expect(after.status).toBe(200);
  expect(await after.json()).toMatchObject({ outcome: 'registered' });
});
