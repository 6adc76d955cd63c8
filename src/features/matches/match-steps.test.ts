import { describe, expect, it } from 'vitest';
import type { MatchReport, MatchRow } from './match-schemas';
import { countdown, matchSituation, reportBy, reportLine, scoreLine, sideAmong, stepMarks, wentThrough } from './match-steps';

const T = Date.parse('2027-04-20T14:00:00Z');
const min = (m: number) => T + m * 60_000;

const match = (changes: Partial<MatchRow> = {}): MatchRow => ({
  id: 'm1',
  tournament_id: 'cup',
  round: 1,
  position: 1,
  entry_a: 'ea',
  entry_b: 'eb',
  winner_entry_id: null,
  score_a: null,
  score_b: null,
  status: 'scheduled',
  scheduled_at: new Date(T).toISOString(),
  ready_a_at: null,
  ready_b_at: null,
  room_posted_at: null,
  walkover_entry_id: null,
  walkover_claimed_at: null,
  ...changes,
});

const host = { side: 'a' as const, iReported: false };
const guest = { side: 'b' as const, iReported: false };
const spectator = { side: null, iReported: false };

describe('the step a match asks of its viewer', () => {
  it('asks the host for the room first, and the guest to wait for Ready until T - 5 min', () => {
    expect(matchSituation(match(), host, min(-30))).toMatchObject({ role: 'host', active: 'room', canPostRoom: true, canReady: false });
    expect(matchSituation(match(), guest, min(-30))).toMatchObject({ role: 'guest', active: 'ready', canPostRoom: false, canReady: false });
  });

  it('opens Ready from T - 5 to T + 10 min, and shows the opponent ready', () => {
    const posted = match({ room_posted_at: new Date(min(-20)).toISOString(), ready_b_at: new Date(min(-4)).toISOString() });
    expect(matchSituation(posted, host, min(-6)).canReady).toBe(false);
    expect(matchSituation(posted, host, min(-5))).toMatchObject({ active: 'ready', canReady: true, opponentReady: true, myReady: false });
    expect(matchSituation(posted, host, min(10)).canReady).toBe(true);
    expect(matchSituation(posted, host, min(10) + 1).canReady).toBe(false);
  });

  it('shows the Ready button before its window opens (readySoon), never after it closes or once pressed', () => {
    const posted = match({ room_posted_at: new Date(min(-20)).toISOString() });
    expect(matchSituation(posted, host, min(-30))).toMatchObject({ readySoon: true, canReady: false });
    expect(matchSituation(posted, guest, min(-6))).toMatchObject({ readySoon: true, canReady: false });
    expect(matchSituation(posted, host, min(-5))).toMatchObject({ readySoon: false, canReady: true });
    expect(matchSituation(posted, host, min(11))).toMatchObject({ readySoon: false, canReady: false });
    const pressed = match({ room_posted_at: new Date(min(-20)).toISOString(), ready_a_at: new Date(min(-30)).toISOString() });
    expect(matchSituation(pressed, host, min(-6)).readySoon).toBe(false);
  });

  it('moves to the report once I am ready, and allows reporting until T + 45 min', () => {
    const ready = match({ status: 'ready', ready_a_at: new Date(min(-3)).toISOString(), ready_b_at: new Date(min(-2)).toISOString() });
    expect(matchSituation(ready, guest, min(1))).toMatchObject({ active: 'report', canReport: true });
    expect(matchSituation(ready, guest, min(45)).canReport).toBe(true);
    expect(matchSituation(ready, guest, min(46))).toMatchObject({ active: 'too_late', canReport: false });
  });

  it('offers the opponent’s report for confirmation, and waits when the report is mine', () => {
    const reported = match({
      status: 'reported',
      ready_a_at: new Date(min(-3)).toISOString(),
      ready_b_at: new Date(min(-2)).toISOString(),
    });
    expect(matchSituation(reported, guest, min(20))).toMatchObject({
      active: 'confirm',
      canConfirm: true,
      canReport: true,
      canDispute: true,
    });
    expect(matchSituation(reported, { side: 'a', iReported: true }, min(20))).toMatchObject({
      active: 'awaiting_opponent_report',
      canConfirm: false,
      canReport: false,
    });
  });

  it('lets a ready player claim a walkover after T + 10 min when the opponent was not ready', () => {
    const onlyHostReady = match({ ready_a_at: new Date(min(-1)).toISOString() });
    expect(matchSituation(onlyHostReady, host, min(10)).canClaimWalkover).toBe(false);
    expect(matchSituation(onlyHostReady, host, min(11))).toMatchObject({ active: 'walkover', canClaimWalkover: true });
    // The one who was not ready cannot claim it, and can still report (a report counts as Ready).
    expect(matchSituation(onlyHostReady, guest, min(11))).toMatchObject({ canClaimWalkover: false, active: 'report' });
  });

  it('tells the claimer to wait and the other player to contest within 5 minutes', () => {
    const claimed = match({
      ready_a_at: new Date(min(-1)).toISOString(),
      walkover_entry_id: 'ea',
      walkover_claimed_at: new Date(min(12)).toISOString(),
    });
    expect(matchSituation(claimed, host, min(13))).toMatchObject({ active: 'walkover_claimed', canReport: false });
    expect(matchSituation(claimed, guest, min(13))).toMatchObject({ active: 'contest_walkover', canDispute: true, contestUntil: min(17) });
  });

  it('shows a dispute as staff’s to decide, and the outcome once confirmed or void', () => {
    expect(matchSituation(match({ status: 'disputed' }), host, min(20))).toMatchObject({
      active: 'disputed',
      canReport: false,
      canDispute: false,
    });
    expect(matchSituation(match({ status: 'confirmed', winner_entry_id: 'ea', score_a: 2, score_b: 1 }), guest, min(20))).toMatchObject({
      active: 'outcome',
      over: true,
      canPostRoom: false,
    });
    expect(matchSituation(match({ status: 'void' }), host, min(20)).active).toBe('outcome');
  });

  it('gives a spectator nothing to do, and a player whose opponent is not known yet a wait', () => {
    expect(matchSituation(match(), spectator, min(0))).toMatchObject({
      role: 'spectator',
      active: 'spectating',
      canReady: false,
      canPostRoom: false,
    });
    expect(matchSituation(match({ status: 'pending', entry_b: null }), host, min(0))).toMatchObject({
      active: 'waiting_for_opponent',
      open: false,
    });
  });
});

describe('the marks of the numbered steps', () => {
  // Fails -> the page highlights a step the player cannot act on, or a finished step still asks for action.
  it('marks the host’s room now, then done once posted, and moves the mark along Ready and the report', () => {
    expect(stepMarks(matchSituation(match(), host, min(-30)))).toEqual({ room: 'now', ready: 'later', report: 'later' });
    const posted = match({ room_posted_at: new Date(min(-20)).toISOString() });
    expect(stepMarks(matchSituation(posted, host, min(-2)))).toEqual({ room: 'done', ready: 'now', report: 'later' });
    const bothReady = match({
      ...posted,
      status: 'ready',
      ready_a_at: new Date(min(-1)).toISOString(),
      ready_b_at: new Date(min(-1)).toISOString(),
    });
    expect(stepMarks(matchSituation(bothReady, host, min(5)))).toEqual({ room: 'done', ready: 'done', report: 'now' });
    expect(stepMarks(matchSituation({ ...bothReady, status: 'reported' }, { side: 'a', iReported: true }, min(20))).report).toBe('done');
  });

  it('marks Ready current only once its window opens, never above "Ready opens in …"', () => {
    const posted = match({ room_posted_at: new Date(min(-20)).toISOString() });
    const early = matchSituation(posted, host, min(-12));
    expect(early.active).toBe('ready');
    expect(stepMarks(early).ready).toBe('later');
    expect(stepMarks(matchSituation(posted, host, min(-5))).ready).toBe('now');
  });

  it('keeps the guest’s room step current until the host posts it', () => {
    expect(stepMarks(matchSituation(match(), guest, min(-30))).room).toBe('now');
    expect(stepMarks(matchSituation(match({ room_posted_at: new Date(min(-20)).toISOString() }), guest, min(-30))).room).toBe('done');
  });
});

describe('the reports on file', () => {
  const byGuest: MatchReport = {
    entry_id: 'eb',
    score: [1, 2],
    winner_entry_id: 'eb',
    screenshot_path: 'm1/u2/1.jpg',
    reported_at: new Date(min(20)).toISOString(),
  };

  // Fails -> a player who reported is asked to confirm their own result, or the other way round.
  it('finds my report by my entry, and nobody’s for a spectator', () => {
    expect(reportBy([byGuest], 'eb')).toBe(byGuest);
    expect(reportBy([byGuest], 'ea')).toBeNull();
    expect(reportBy([byGuest], null)).toBeNull();
    expect(reportBy([], 'eb')).toBeNull();
  });

  // Fails -> the player asked to confirm reads the score the wrong way round or the wrong winner.
  it('says a report with its author’s goals first and who goes through', () => {
    const names = { a: 'demo1', b: 'demo3' };
    expect(reportLine(byGuest, match(), names)).toBe('demo3 reported 2–1, demo3 through');
    expect(reportLine({ ...byGuest, entry_id: 'ea' }, match(), names)).toBe('demo1 reported 1–2, demo3 through');
    // In a group or Swiss match a level score stands: no one went through.
    expect(reportLine({ ...byGuest, score: [1, 1], winner_entry_id: null }, match(), names)).toBe('demo3 reported 1–1, a draw');
    expect(reportLine({ ...byGuest, score: [1, 1], winner_entry_id: 'ea' }, match(), names)).toBe('demo3 reported 1–1, demo1 through');
  });
});

describe('small words of the match page', () => {
  it('counts down to the match time and past it', () => {
    expect(countdown(min(65), min(0))).toBe('in 1 h 05 min');
    expect(countdown(min(12), min(0))).toBe('in 12 min');
    expect(countdown(min(4) + 9_000, min(0))).toBe('in 4 min 09 s');
    expect(countdown(min(0), min(2))).toBe('2 min 00 s ago');
  });

  it('puts my goals first in the score', () => {
    expect(scoreLine({ score_a: 3, score_b: 1 }, 'b')).toBe('1–3');
    expect(scoreLine({ score_a: 3, score_b: 1 }, null)).toBe('3–1');
    expect(scoreLine({ score_a: null, score_b: null }, 'a')).toBeNull();
  });

  it('takes the winner from the goals, and from the shoot-out when level', () => {
    expect(wentThrough(2, 1, null)).toBe('me');
    expect(wentThrough(0, 1, 'me')).toBe('opponent');
    expect(wentThrough(1, 1, null)).toBeNull();
    expect(wentThrough(1, 1, 'opponent')).toBe('opponent');
  });
});

describe('sideAmong', () => {
  it('names the side of the entry the viewer plays, and none for a spectator', () => {
    expect(sideAmong(match(), ['ea'])).toBe('a');
    expect(sideAmong(match(), ['other', 'eb'])).toBe('b');
    expect(sideAmong(match(), ['other'])).toBeNull();
    expect(sideAmong(match({ entry_a: null, entry_b: null }), [])).toBeNull();
  });
});

describe('match day: the host, the guest who hosts, and a disconnection ruling', () => {
  const at = Date.parse('2027-04-20T14:00:00Z');
  const m = (minutes: number) => at + minutes * 60_000;
  const row = (overrides: Partial<MatchRow>): MatchRow => ({
    id: 'm1',
    tournament_id: 't1',
    round: 1,
    position: 1,
    entry_a: 'ea',
    entry_b: 'eb',
    winner_entry_id: null,
    score_a: null,
    score_b: null,
    status: 'scheduled',
    scheduled_at: new Date(at).toISOString(),
    ready_a_at: null,
    ready_b_at: null,
    room_posted_at: null,
    walkover_entry_id: null,
    walkover_claimed_at: null,
    room_host: 'a',
    ...overrides,
  });

  it('lets the guest host once the host’s minutes after Ready opens have passed', () => {
    const guest = { side: 'b' as const, iReported: false };
    expect(matchSituation(row({}), guest, m(-1))).toMatchObject({ canTakeOverRoom: false, canPostRoom: false, hostDeadline: at });
    expect(matchSituation(row({}), guest, m(0))).toMatchObject({ canTakeOverRoom: true, canPostRoom: true, active: 'room' });
    // The database's deadline counts when read (a series with other host minutes).
    expect(matchSituation(row({}), { ...guest, hostDeadline: m(3) }, m(1))).toMatchObject({ canTakeOverRoom: false });
    // Once the guest posted, they host and the top slot reads the room.
    const taken = row({ room_host: 'b', room_posted_at: new Date(m(1)).toISOString() });
    expect(matchSituation(taken, guest, m(2))).toMatchObject({ hosting: true, canPostRoom: true });
    expect(matchSituation(taken, { side: 'a', iReported: false }, m(2))).toMatchObject({ hosting: false, canPostRoom: false });
  });

  it('asks the host for a new room after a ruling and keeps reports open until 15 minutes after the replay', () => {
    const ruled = row({
      status: 'ready',
      ready_a_at: new Date(m(-2)).toISOString(),
      ready_b_at: new Date(m(-2)).toISOString(),
      room_posted_at: new Date(m(-3)).toISOString(),
      disconnection_ruling: 'play_remaining',
      disconnection_reported_at: new Date(m(20)).toISOString(),
      replay_ends_at: new Date(m(50)).toISOString(),
    });
    const host = matchSituation(ruled, { side: 'a', iReported: false }, m(21));
    expect(host).toMatchObject({ active: 'room', newRoomNeeded: true, roomPosted: false, reportClosesAt: m(65) });
    expect(matchSituation(ruled, { side: 'a', iReported: false }, m(60))).toMatchObject({ canReport: true });
    const posted = { ...ruled, room_posted_at: new Date(m(22)).toISOString() };
    expect(matchSituation(posted, { side: 'a', iReported: false }, m(23))).toMatchObject({ active: 'report', newRoomNeeded: false });
  });
});
