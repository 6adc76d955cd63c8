/**
 * A result reaches a watcher of the bracket as the rows that changed: a signed-out visitor keeps a pod page
 * open on a phone while the two players of a semi-final report the same score. The page shows the result and
 * the winner in the final without reading the bracket again (no further get_bracket request), and what it
 * received over Realtime for the confirmation (the match confirmed, the winner placed in the final) is
 * counted against 2 KB.
 */
import { test } from '@playwright/test';
import { expect } from './helpers/auth';
import { moveMatchTime, reportScore, uploadEvidence } from './helpers/matches';
import { drawnSuper4Pod, playersByEntry } from './helpers/pods';
import { screenshot } from './helpers/screenshots';

test('a watcher of a pod sees a confirmed result patched in, without reading the bracket again', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const pod = await drawnSuper4Pod({ label: 'live', title: 'Live Super 4', entryFeePaise: 5000, prizePoolPaise: 16000 });
  const semi = pod.matches.find((match) => match.round === 1 && match.position === 1)!;
  const final = pod.matches.find((match) => match.round === 2)!;
  const players = playersByEntry(pod);
  const host = players.get(semi.entry_a)!;
  const guest = players.get(semi.entry_b)!;
  // The semi-final started a minute ago (moved before the watcher counts anything: a move is a change too).
  await moveMatchTime(semi.id, -1);

  // The watcher: signed out, on a phone. Every get_bracket request and every Realtime frame is counted.
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  let bracketReads = 0;
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/rpc/get_bracket')) bracketReads += 1;
  });
  const frames: string[] = [];
  page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => frames.push(String(payload))));
  await page.goto(`/pod/?id=${pod.id}`);
  await expect(page.locator('[data-bracket]')).toHaveAttribute('data-bracket', 'drawn', { timeout: 15_000 });
  // The first read, then one more once the live channel is joined (what changed in between is not lost).
  const joined = () => frames.some((frame) => frame.includes('phx_reply') && frame.includes(`bracket:${pod.id}`));
  await expect.poll(joined, { timeout: 15_000, message: 'the bracket channel is joined' }).toBe(true);
  await expect.poll(() => bracketReads, { timeout: 5_000 }).toBe(2);
  await page.waitForTimeout(500);
  const readsBefore = bracketReads;
  const framesBefore = frames.length;

  const hostShot = await uploadEvidence(host.session, semi.id);
  const guestShot = await uploadEvidence(guest.session, semi.id);
  // The host (entry a) wins 3–1: both report it.
  const changesSince = (from: number) => frames.slice(from).filter((frame) => frame.includes('postgres_changes'));
  await reportScore(semi, host.session, { mine: 3, theirs: 1, screenshot: hostShot });
  await expect.poll(() => changesSince(framesBefore).length, { message: 'the first report reaches the watcher' }).toBe(1);
  const framesBeforeConfirmation = frames.length;
  expect(await reportScore(semi, guest.session, { mine: 1, theirs: 3, screenshot: guestShot })).toBe('confirmed');

  await page.getByRole('tab', { name: 'Semi-finals', exact: true }).click();
  await expect(page.locator(`[data-match="${semi.id}"] [data-match-result]`).first()).toHaveText(`${host.name} won 3–1`, {
    timeout: 10_000,
  });
  await page.getByRole('tab', { name: 'Final', exact: true }).click();
  await expect(page.locator(`[data-match="${final.id}"]`).first()).toContainText(host.name);
  await screenshot(page, { path: testInfo.outputPath('live-result-360.png'), fullPage: true });

  // Patched, not read again: no get_bracket request since the result, even after the reload delay.
  await page.waitForTimeout(1_000);
  expect(bracketReads, 'get_bracket requests after the result').toBe(readsBefore);
  const size = (list: string[]) => list.reduce((sum, frame) => sum + Buffer.byteLength(frame), 0);
  // The confirmation: the match confirmed and the winner placed in the final, one row each.
  const confirmation = changesSince(framesBeforeConfirmation);
  const whole = changesSince(framesBefore);
  const figures = `${size(confirmation)} B in ${confirmation.length} rows for the confirmation, ${size(whole)} B in ${whole.length} with the first report`;
  testInfo.annotations.push({ type: 'Realtime bytes a watcher received', description: figures });
  console.log(`A watcher received ${figures}`);
  expect(confirmation).toHaveLength(2);
  expect(size(confirmation), 'bytes a watcher receives for one confirmed result').toBeLessThanOrEqual(2048);
  await context.close();
});
