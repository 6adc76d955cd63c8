import { describe, expect, it } from 'vitest';
import { leaveWarning, leftLine, type MyWaitlistPlace, myPlaceLine } from './my-waitlist-place';
import { joinRule, positionLine, type Waitlist, waitlistErrorMessage, waitlistView } from './waitlist';

const NOW = new Date('2027-03-01T10:00:00Z');
const base: Waitlist = {
  takes_joins: true,
  capacity: 1,
  waiting: 0,
  closes_at: '2027-03-01T10:10:00Z',
  check_in_opens_at: '2027-03-01T09:59:00Z',
  check_in_open: true,
  entry_fee_paise: 5000,
  in_tournament: false,
  mine: null,
};

describe('waitlistView', () => {
  it('offers a paid or free join while the waitlist has room', () => {
    expect(waitlistView(base, NOW)).toMatchObject({ kind: 'join', free: false, left: 1 });
    expect(waitlistView({ ...base, entry_fee_paise: 0 }, NOW)).toMatchObject({ kind: 'join', free: true });
  });

  it('words the rule of joining: check in, then places move up in order; a paid place is refunded if none comes free', () => {
    const view = waitlistView(base, NOW);
    if (view.kind !== 'join') throw new Error('expected a join');
    expect(joinRule(view, NOW)).toMatch(/^Then check in: at .* in order\. If none comes free for you, your payment is refunded in full\.$/);
    const free = waitlistView({ ...base, entry_fee_paise: 0, check_in_open: false }, NOW);
    if (free.kind !== 'join') throw new Error('expected a join');
    expect(joinRule(free, NOW)).toMatch(/^Check in when check-in opens: .* in order\.$/);
  });

  it('says full when every waitlist place is taken, and shows nothing to a player in the bracket or once joins close', () => {
    expect(waitlistView({ ...base, waiting: 1 }, NOW)).toEqual({ kind: 'full', capacity: 1 });
    expect(waitlistView({ ...base, in_tournament: true }, NOW)).toEqual({ kind: 'hidden' });
    expect(waitlistView({ ...base, takes_joins: false }, NOW)).toEqual({ kind: 'hidden' });
    expect(waitlistView(null, NOW)).toEqual({ kind: 'hidden' });
  });

  it('shows a waiting player their position and their check-in', () => {
    const mine = { position: 2, status: 'waiting' as const, checked_in_at: null, paid: true, left: false };
    expect(waitlistView({ ...base, mine }, NOW)).toMatchObject({ kind: 'waiting', position: 2, checkIn: 'open' });
    expect(waitlistView({ ...base, check_in_open: false, check_in_opens_at: '2027-03-02T00:00:00Z', mine }, NOW)).toMatchObject({
      checkIn: 'before',
    });
    expect(waitlistView({ ...base, mine: { ...mine, checked_in_at: NOW.toISOString() } }, NOW)).toMatchObject({ checkIn: 'done' });
    expect(waitlistView({ ...base, check_in_open: false, mine }, NOW)).toMatchObject({ checkIn: 'closed' });
  });

  it('says what happened at check-in close, even once joins are over', () => {
    const closed = { ...base, takes_joins: false };
    expect(
      waitlistView({ ...closed, mine: { position: null, status: 'promoted', checked_in_at: null, paid: true, left: false } }, NOW),
    ).toEqual({
      kind: 'promoted',
    });
    expect(
      waitlistView({ ...closed, mine: { position: null, status: 'refunded', checked_in_at: null, paid: true, left: false } }, NOW),
    ).toEqual({
      kind: 'not-promoted',
      refunded: true,
    });
    expect(
      waitlistView({ ...closed, mine: { position: null, status: 'released', checked_in_at: null, paid: false, left: false } }, NOW),
    ).toEqual({
      kind: 'not-promoted',
      refunded: false,
    });
  });

  it('says a place the player left was left, and whether it is refunded', () => {
    const closed = { ...base, takes_joins: false };
    expect(
      waitlistView({ ...closed, mine: { position: null, status: 'released', checked_in_at: null, paid: true, left: true } }, NOW),
    ).toEqual({
      kind: 'left',
      refunded: true,
    });
  });
});

describe('a waiting place on the dashboard and in My Tournaments', () => {
  // 15:30 to 15:45 IST on 1 March.
  const place: MyWaitlistPlace = {
    tournament_id: 'q-1',
    tournament_title: 'Super 4 #7',
    link: '/pod/?id=q-1',
    position: 2,
    checked_in_at: null,
    check_in_opens_at: '2027-03-01T10:00:00Z',
    check_in_closes_at: '2027-03-01T10:15:00Z',
    paid_paise: 5000,
    joined_at: '2027-03-01T09:00:00Z',
  };

  it('gives the position and the check-in window that can move it up, in IST', () => {
    expect(myPlaceLine(place, new Date('2027-03-01T09:30:00Z'))).toBe(
      'Waitlist #2 · check in between 3:30 pm and 3:45 pm IST to move up if a place frees',
    );
    expect(myPlaceLine(place, new Date('2027-02-28T09:30:00Z'))).toBe(
      'Waitlist #2 · check in between 1 Mar 2027, 3:30 pm and 3:45 pm IST to move up if a place frees',
    );
    expect(myPlaceLine(place, new Date('2027-03-01T10:05:00Z'))).toBe('Waitlist #2 · check in by 3:45 pm IST to move up if a place frees');
    expect(myPlaceLine({ ...place, checked_in_at: '2027-03-01T10:01:00Z' }, new Date('2027-03-01T10:05:00Z'))).toBe(
      'Waitlist #2 · checked in: you move up at 3:45 pm IST if a place frees',
    );
  });

  it('says what leaving returns, before and after', () => {
    expect(leaveWarning(5000)).toBe('You lose your place in line and cannot join this waitlist again. Your ₹50.00 is refunded in full.');
    expect(leaveWarning(0)).toBe('You lose your place in line and cannot join this waitlist again.');
    expect(leftLine(5000)).toBe('You left the waitlist. Your ₹50.00 is being refunded in full to the way you paid.');
    expect(leftLine(0)).toBe('You left the waitlist.');
  });
});

describe('words', () => {
  it('counts the players ahead', () => {
    expect(positionLine(1)).toMatch(/#1 .* first place that comes free is yours/);
    expect(positionLine(2)).toMatch(/1 player is ahead/);
    expect(positionLine(4)).toMatch(/3 players are ahead/);
  });

  it('words the database refusals, and keeps its words for the others', () => {
    expect(waitlistErrorMessage('waitlist_full', 'x')).toMatch(/filled up/);
    expect(waitlistErrorMessage('not_full', 'x')).toMatch(/enter the tournament instead/);
    expect(waitlistErrorMessage(null, 'The database said so')).toBe('The database said so');
  });
});
