/**
 * A match played on its two players' pages: the host posts the room, both press Ready, each reports the score
 * with the result screen's screenshot. The tests whose subject is the match page drive these steps; the tests
 * about another page start from a played match without pages (helpers/matches.ts).
 */
import { type Browser, expect, type Page } from '@playwright/test';
import type { Session } from '../../support/players.ts';
import { storeSession } from './auth';

const SCREENSHOT = new URL('../fixtures/result-screen.png', import.meta.url).pathname;

/** The match page as a signed-in player, in a browser context of its own (with `permissions`, e.g. the clipboard's). */
export async function openMatchPage(
  browser: Browser,
  session: Session,
  matchId: string,
  viewport: { width: number; height: number },
  permissions: string[] = [],
) {
  const context = await browser.newContext({ viewport, permissions });
  const page = await context.newPage();
  await storeSession(page, session);
  await page.goto(`/match/?id=${matchId}`);
  await expect(page.locator('[data-match]')).toBeVisible({ timeout: 20_000 });
  return page;
}

/** The host posts the room (the guest's page shows it), then both press Ready. */
export async function postRoomAndReady(host: Page, guest: Page, room: { id: string; password: string }) {
  const roomForm = host.locator('[data-room-form]');
  await roomForm.getByLabel('Room id').fill(room.id);
  await roomForm.getByLabel('Room password').fill(room.password);
  await roomForm.getByRole('button', { name: 'Post the room' }).click();
  await expect(guest.locator('[data-room-value="Room id"]')).toHaveText(room.id);
  await host.getByRole('button', { name: 'I’m ready' }).click();
  await guest.getByLabel(/Settings checked/).check();
  await guest.getByRole('button', { name: 'I’m ready' }).click();
  await expect(host.locator('[data-match-status-words]')).toHaveText('Both players ready');
}

/** Fills the report form: the player's goals, the opponent's and the screenshot; answers the form to check or send. */
export async function fillReport(page: Page, mine: number, theirs: number) {
  const form = page.locator('[data-report-form]');
  await form.getByLabel('Your goals').fill(String(mine));
  await form.getByLabel("Opponent's goals").fill(String(theirs));
  await form.getByLabel('Screenshot of the result screen').setInputFiles(SCREENSHOT);
  return form;
}

/** Sends a filled report form. */
export async function sendReport(page: Page) {
  await page.locator('[data-report-form]').getByRole('button', { name: 'Send the result' }).click();
}
