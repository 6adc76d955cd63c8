/**
 * The match chat on two phones: the host taps a quick phrase, the guest reads it live and answers in free
 * text, the guest reports a message to staff, and a player of the other semi-final never sees the thread.
 * Anyone opening a match the referee decided reads the referee's note.
 * Fails -> players go back to a chat group to say "room posted", a stranger reads the players' talk, or a
 * spectator never learns why a result was set by staff.
 */
import { type Browser, type Page, test } from '@playwright/test';
import { expect, stack, storeSession } from './helpers/auth';
import { drawnSuper4Pod, type PodPlayer, playersByEntry } from './helpers/pods';
import { staffSession } from './helpers/staff';
import { screenshot } from './helpers/screenshots';

async function matchPageAs(
  browser: Browser,
  player: PodPlayer | null,
  matchId: string,
  viewport = { width: 360, height: 740 },
): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  if (player) await storeSession(page, player.session);
  await page.goto(`/match/?id=${matchId}`);
  await expect(page.locator('[data-match]')).toBeVisible();
  return page;
}

test('the two players chat live on the match page, report a message, and nobody else reads it', async ({ browser }, testInfo) => {
  test.slow();
  const pod = await drawnSuper4Pod({ label: 'chat', title: 'Chat Super 4', entryFeePaise: 5000, prizePoolPaise: 16000 });
  const byEntry = playersByEntry(pod);
  const [semi, otherSemi] = pod.matches;
  const host = byEntry.get(semi!.entry_a)!;
  const guest = byEntry.get(semi!.entry_b)!;
  const outsider = byEntry.get(otherSemi!.entry_a)!;

  const hostPage = await matchPageAs(browser, host, semi!.id);
  const guestPage = await matchPageAs(browser, guest, semi!.id, { width: 1280, height: 900 });
  const hostChat = hostPage.locator('[data-match-chat]');
  const guestChat = guestPage.locator('[data-match-chat]');
  await expect(guestChat).toContainText('No messages yet');

  await hostChat.getByRole('button', { name: 'Room posted' }).click();
  await expect(guestChat.locator('[data-chat-message="a"]')).toContainText(host.name);
  await expect(guestChat.locator('[data-chat-message="a"]')).toContainText('Room posted');
  await expect(hostChat.locator('[data-chat-message="a"]')).toContainText('You');

  await guestChat.getByLabel('Message').fill('Joining now, my net is slow today');
  await guestChat.getByRole('button', { name: 'Send' }).click();
  await expect(guestChat.getByLabel('Message')).toHaveValue('');
  await expect(hostChat.locator('[data-chat-message="b"]')).toContainText('Joining now, my net is slow today');
  await screenshot(hostPage, { path: testInfo.outputPath('match-chat-360.png'), fullPage: true });
  await screenshot(guestPage, { path: testInfo.outputPath('match-chat-1280.png'), fullPage: true });

  // A message is reported to staff from the thread; the reporter sees it went.
  await guestChat.locator('[data-chat-message="a"]').getByRole('button', { name: 'Report message' }).click();
  await expect(guestChat.locator('[data-chat-message="a"]')).toContainText('Reported to staff');

  // A player of the other semi-final sees the match, never its chat, and the database refuses them too.
  const outsiderPage = await matchPageAs(browser, outsider, semi!.id);
  await expect(outsiderPage.locator('[data-spectator-note]')).toBeVisible();
  await expect(outsiderPage.locator('[data-match-chat]')).toHaveCount(0);
  const refused = await stack.rpc('get_match_messages', { p_match_id: semi!.id }, outsider.session);
  expect(refused.status).toBe(403);
});

test("anyone reads the referee's note on a match the referee decided", async ({ browser }, testInfo) => {
  const pod = await drawnSuper4Pod({ label: 'note', title: 'Referee Note Super 4', entryFeePaise: 5000, prizePoolPaise: 16000 });
  const [semi] = pod.matches;
  // Six minutes past kick-off: the host's five minutes to post the room are over, and the periodic job does not
  // void an unplayed match before ten.
  await stack.rest(`/rest/v1/matches?id=eq.${semi!.id}`, {
    method: 'PATCH',
    body: { scheduled_at: new Date(Date.now() - 6 * 60_000).toISOString() },
  });
  await stack.call(
    'staff_settle_match',
    {
      p_match_id: semi!.id,
      p_winner_entry_id: semi!.entry_b,
      p_score: [0, 3],
      p_note: 'The host never opened the room: 3–0 to the guest.',
    },
    await staffSession('referee@golazo.test'),
  );
  const spectator = await matchPageAs(browser, null, semi!.id);
  await expect(spectator.locator('[data-match-outcome]')).toContainText('Result confirmed');
  await expect(spectator.locator('[data-referee-note]')).toContainText('The referee set the result');
  await expect(spectator.locator('[data-referee-note]')).toContainText('The host never opened the room: 3–0 to the guest.');
  await expect(spectator.locator('[data-match-chat]')).toHaveCount(0);
  await screenshot(spectator, { path: testInfo.outputPath('match-referee-note-spectator-360.png'), fullPage: true });
});
