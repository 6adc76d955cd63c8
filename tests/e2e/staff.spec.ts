/**
 * The staff console end to end: who may open it, an organiser cancelling a paid pod and watching the
 * refunds finish (and a player of it seeing that), and a referee's manual check-in showing up in the
 * pod's public Changes list. Each test fills its own pod, so the tests never share entries.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Page, test } from '@playwright/test';
import { STAFF_TOTP_SECRET, signInWithCode, uniqueEmail } from '../support/players.ts';
import { authenticatorCode, expect, signedInPlayer, signInThroughScreen, stack, storeSession } from './helpers/auth';
import { rulesThatCanBeSerious } from './helpers/axe';
import { openPodOf, paidPlayer, staffSession, tournamentStaffSession } from './helpers/staff';
import { openChampionship } from './helpers/catalog';

/** The Changes list and the check-in use a two-player pod each; the cancellation another. */
const CANCELLED_SERIES = '1v1_regular';
const CHECK_IN_SERIES = 'one_v_one';
/** The phone layout reads a pod that is still filling. */
const PHONE_SERIES = 'super_4rc';

async function inGameName(session: { user: { id: string } }): Promise<string> {
  // profileOf (tests/support/players.ts) names every test player after their id.
  return `P${session.user.id.slice(0, 6)}`;
}

async function openTournamentInConsole(page: Page, title: string) {
  await page.getByRole('region', { name: 'Tournaments' }).getByRole('button', { name: title }).click();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
}

test.describe('staff console', () => {
  test('a signed-out visitor and a player are told the console is for staff', async ({ page }) => {
    await page.goto('/staff');
    const refusal = page.locator('[data-staff-refusal]');
    await expect(refusal.getByRole('heading', { name: 'Staff only' })).toBeVisible();
    await expect(refusal.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fstaff');

    await signedInPlayer(page, 'not-staff');
    await page.goto('/staff');
    await expect(refusal).toContainText('Your account has no staff role');
    await expect(page.getByRole('heading', { name: 'Needs attention' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Staff', exact: true })).toBeHidden();
  });

  test('an organiser signs in with the authenticator, cancels a paid pod and watches the refunds finish', async ({ page, browser }) => {
    test.slow(); // two payments, two sign-ins, the refund queue
    const pod = await openPodOf(CANCELLED_SERIES);
    const first = await paidPlayer('cancelled-a', pod.id);
    await paidPlayer('cancelled-b', pod.id);

    // From the console's own sign-in link, through both steps, and back to the console.
    await page.goto('/staff');
    await page.locator('[data-staff-refusal]').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/login?next=%2Fstaff');
    await signInThroughScreen(page, 'organiser@golazo.test');
    await expect(page.getByRole('heading', { name: 'Authenticator code' })).toBeVisible();
    // Still owing the authenticator code, the console sends the organiser back to finish signing in.
    await page.goto('/staff');
    await expect(page).toHaveURL('/login?next=%2Fstaff');
    await expect(page.getByRole('heading', { name: 'Authenticator code' })).toBeVisible();
    await page.getByLabel('Code from your app').fill(authenticatorCode(STAFF_TOTP_SECRET));
    await expect(page).toHaveURL('/staff');
    await expect(page.getByRole('heading', { name: 'Needs attention' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Staff' })).toBeVisible();

    await openTournamentInConsole(page, pod.title);
    const panel = page.locator(`[data-tournament-panel="${pod.id}"]`);
    await expect(panel.getByRole('table')).toContainText(await inGameName(first));
    await expect(panel.getByRole('table').getByText('Paid')).toHaveCount(2);

    // The entries as a spreadsheet, made in the browser.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Export entries (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${pod.id}-entries-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const csv = readFileSync((await download.path()) ?? '', 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      '\uFEFFSlot,Player,Player e-mail,Buyer,Buyer e-mail,Entry status,Checked in (IST),Payment,Amount (INR)',
    );
    expect(csv).toContain(`1,${await inGameName(first)},${first.user.email}`);

    await panel.getByRole('button', { name: 'Cancel tournament' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this tournament?' });
    await expect(dialog).toContainText('2 paid entries will be refunded in full');
    await dialog.getByRole('button', { name: 'Cancel tournament and refund' }).click();
    await expect(dialog.getByText('Write a reason')).toBeVisible();
    await dialog.getByLabel('Reason (shown publicly)').fill('The game servers are down for maintenance tonight');
    await dialog.getByRole('button', { name: 'Cancel tournament and refund' }).click();
    await expect(dialog).toBeHidden();
    await expect(panel.locator('[data-panel-notice]')).toHaveText('Tournament cancelled. 2 refunds queued.');

    // The stack's worker sends the refunds to the payment double; the bar follows until none is pending.
    await stack.runDueWork();
    const refunds = panel.getByRole('region', { name: /Refunds/ });
    await expect(refunds).toHaveAttribute('data-refunds', 'done');
    await expect(refunds).toContainText('2 of 2 refunded');
    await expect(refunds.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await expect(panel.getByRole('table').getByText('Refunded')).toHaveCount(2);
    await expect(panel.getByRole('list', { name: 'Audit log' })).toContainText('The game servers are down for maintenance tonight');

    // The player of it sees the cancellation and the refund.
    const playerContext = await browser.newContext();
    const playerPage = await playerContext.newPage();
    await storeSession(playerPage, first);
    await playerPage.goto('/my-tournaments');
    const card = playerPage.getByRole('listitem').filter({ hasText: pod.title });
    await expect(card).toContainText('Cancelled');
    await expect(card).toContainText(/Refunded/);
    await playerContext.close();
  });

  test("a referee's manual check-in with its reason shows in the pod's public Changes", async ({ page }) => {
    test.slow();
    const pod = await openPodOf(CHECK_IN_SERIES);
    const player = await paidPlayer('checked-in-by-hand', pod.id);
    await paidPlayer('checked-in-other', pod.id);
    const name = await inGameName(player);

    await storeSession(page, await staffSession('referee@golazo.test'));
    await page.goto(`/staff?t=${encodeURIComponent(pod.id)}`);
    const panel = page.locator(`[data-tournament-panel="${pod.id}"]`);
    await expect(panel.getByRole('button', { name: `Check in ${name}` })).toBeVisible();
    // Referees see players by in-game name: the database gives them no e-mail addresses.
    await expect(panel.getByRole('table')).toContainText(name);
    await expect(panel.getByRole('table')).not.toContainText(player.user.email);

    // The console with its lists, table and panel passes the same accessibility sweep as every page.
    // Only the rules that can report a serious or critical violation, as the sweep runs (helpers/axe.ts).
    const sweep = await new AxeBuilder({ page })
      .withRules(rulesThatCanBeSerious(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']))
      .analyze();
    expect(
      sweep.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((v) => v.id),
    ).toEqual([]);

    await panel.getByRole('button', { name: `Check in ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Check in ${name}` });
    await dialog.getByLabel('Reason (shown publicly)').fill('Sent a screenshot of the lobby: the app crashed on check-in');
    await dialog.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(panel.locator('[data-panel-notice]')).toHaveText(`${name} is checked in.`);
    await expect(panel.getByRole('button', { name: `Undo check-in of ${name}` })).toBeVisible();

    // Anyone reading the pod's page sees what changed, who (as a role) and why.
    await page.goto(`/pod/?id=${encodeURIComponent(pod.id)}`);
    const changes = page.getByRole('region', { name: 'Changes' });
    await expect(changes).toContainText('Sent a screenshot of the lobby: the app crashed on check-in');
    await expect(changes).toContainText('Referee');
  });

  test('an admin grants a role by e-mail for one tournament and revokes it', async ({ page }) => {
    const newcomer = await signInWithCode(stack, uniqueEmail('new-referee'));
    await storeSession(page, await staffSession('admin@golazo.test'));
    await page.goto('/staff');
    const roles = page.getByRole('region', { name: 'Roles' });
    await expect(roles.getByRole('list', { name: 'Staff roles' })).toContainText('organiser@golazo.test');

    // Nobody can be given a role before they have an account.
    await roles.getByLabel('E-mail', { exact: true }).fill(uniqueEmail('never-signed-in'));
    await roles.getByRole('button', { name: 'Grant role' }).click();
    await expect(roles.getByRole('alert')).toHaveText(/No account uses that e-mail address/);

    await roles.getByLabel('E-mail', { exact: true }).fill(newcomer.user.email);
    await roles.getByLabel('Role', { exact: true }).selectOption('referee');
    // A role is granted for a tournament still to come: the edition that takes entries today.
    const edition = openChampionship();
    await roles.getByLabel('Tournament', { exact: true }).selectOption({ label: edition.title });
    await roles.getByRole('button', { name: 'Grant role' }).click();
    await expect(roles.getByRole('status')).toHaveText(`Referee role granted to ${newcomer.user.email}.`);
    const grant = roles.getByRole('listitem').filter({ hasText: newcomer.user.email });
    await expect(grant).toContainText(`Referee · ${edition.id}`);

    await grant.getByRole('button', { name: /Revoke/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this role?' });
    await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(grant).toHaveCount(0);
  });

  test('an admin adds a webhook endpoint, reads its secret once, sees its deliveries and turns it off', async ({ page }) => {
    await storeSession(page, await staffSession('admin@golazo.test'));
    await page.goto('/staff');
    const webhooks = page.getByRole('region', { name: 'Webhooks' });
    const address = webhooks.getByLabel(/Endpoint address/);

    // The database refuses an address inside a private network, in its own words.
    await address.fill('https://192.168.1.10/hook');
    await webhooks.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(webhooks.getByRole('alert')).toHaveText(/not this machine or a private network/);

    const endpoint = `${stack.url.replace('//localhost:', '//127.0.0.1:')}/__webhooks/console-${Date.now()}`;
    await address.fill(endpoint);
    await webhooks.getByLabel('A prize is credited').uncheck();
    await webhooks.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = webhooks.getByRole('status').locator('code');
    await expect(secret).toHaveText(/^whsec_[A-Za-z0-9+/]{32}$/);
    const hook = webhooks.getByRole('listitem').filter({ hasText: endpoint });
    await expect(hook).toContainText('On · A tournament is drawn, A result is confirmed, A tournament is finished');
    await webhooks.getByRole('button', { name: 'I have saved it' }).click();
    await expect(secret).toHaveCount(0);

    await hook.getByRole('button', { name: 'Deliveries' }).click();
    await expect(hook.getByRole('table')).toContainText('Nothing sent yet.');
    await hook.getByRole('button', { name: 'Turn off' }).click();
    await expect(hook).toContainText(/Off since/);
    await expect(hook.getByRole('button', { name: 'Turn off' })).toHaveCount(0);
  });

  test("an organiser of one championship gets that tournament's panels only; a platform admin also the platform's", async ({
    page,
    browser,
  }) => {
    const edition = openChampionship();
    await storeSession(page, await tournamentStaffSession('cup-organiser', 'organiser', edition.id));
    await page.goto('/staff');
    const scope = page.locator('[data-staff-scope]');
    await expect(scope).toContainText(`Organiser (${edition.title})`);
    await expect(scope).toContainText('Your roles cover these tournaments only');
    const tournaments = page.getByRole('region', { name: 'Tournaments' });
    await expect(tournaments.getByRole('button')).toHaveText([new RegExp(edition.title)]);
    await expect(page.getByRole('heading', { name: 'Needs attention' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Payouts' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Roles' })).toHaveCount(0);
    await openTournamentInConsole(page, edition.title);
    await expect(page.locator(`[data-tournament-panel="${edition.id}"]`).getByRole('heading', { name: 'Audit log' })).toBeVisible();
    // No panel answers with a refusal.
    await expect(page.getByText(/no staff role that allows this|for the whole platform/)).toHaveCount(0);

    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await storeSession(adminPage, await staffSession('admin@golazo.test'));
    await adminPage.goto('/staff');
    const adminScope = adminPage.locator('[data-staff-scope]');
    await expect(adminScope).toContainText('Admin (all tournaments)');
    await expect(adminScope).not.toContainText('these tournaments only');
    await expect(adminPage.getByRole('heading', { name: 'Payouts' })).toBeVisible();
    await expect(adminPage.getByRole('heading', { name: 'Roles' })).toBeVisible();
    await adminContext.close();
  });

  test('on a phone the entries read as cards and nothing scrolls sideways @phone', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'phone layout only');
    const pod = await openPodOf(PHONE_SERIES);
    const player = await paidPlayer('phone-entry', pod.id);
    await storeSession(page, await staffSession('referee@golazo.test'));
    await page.goto(`/staff?t=${encodeURIComponent(pod.id)}`);
    const panel = page.locator(`[data-tournament-panel="${pod.id}"]`);
    await expect(panel.getByRole('list', { name: 'Entries' })).toContainText(await inGameName(player));
    await expect(panel.getByRole('table')).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
