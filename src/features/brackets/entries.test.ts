import { describe, expect, it } from 'vitest';
import {
  canInvite,
  checkInView,
  countdown,
  EntryActionError,
  entryErrorMessage,
  invitationLink,
  isInvitationToken,
  type MyEntries,
  slotState,
  slotStateLabel,
} from './entries';

const T = '2026-12-05T13:00:00.000Z'; // 6:30 pm IST
const NOW = new Date('2026-12-05T10:00:00.000Z');

function myEntries(patch: Partial<NonNullable<MyEntries['my_entry']>> | null = {}, bought: MyEntries['bought'] = []): MyEntries {
  return {
    tournament_id: 'champions-dec-2026',
    check_in: { opens_at: '2026-12-05T09:30:00.000Z', closes_at: '2026-12-05T10:15:00.000Z', is_open: true },
    my_entry:
      patch === null ? null : { entry_id: 'id-me', slot_number: 1, status: 'active', checked_in_at: null, bought_by_me: true, ...patch },
    bought,
  };
}

describe('check-in', () => {
  it('shows the window before, during and after, and the checked-in state', () => {
    expect(checkInView(myEntries(), new Date('2026-12-05T09:00:00Z'))).toMatchObject({
      kind: 'before',
      opensAt: '2026-12-05T09:30:00.000Z',
    });
    expect(checkInView(myEntries(), NOW)).toEqual({ kind: 'open', closesAt: '2026-12-05T10:15:00.000Z' });
    expect(checkInView(myEntries(), new Date('2026-12-05T10:15:00Z'))).toEqual({ kind: 'closed' });
    expect(checkInView(myEntries({ checked_in_at: T }), NOW)).toEqual({ kind: 'checked-in', at: T, drawAt: '2026-12-05T10:15:00.000Z' });
    // Once check-in has closed the draw is no longer ahead, so the page stops announcing it.
    expect(checkInView(myEntries({ checked_in_at: T }), new Date('2026-12-05T10:15:00Z'))).toEqual({
      kind: 'checked-in',
      at: T,
      drawAt: null,
    });
    expect(checkInView(myEntries({ status: 'withdrawn' }), NOW)).toMatchObject({ kind: 'withdrawn' });
    expect(checkInView(myEntries(null), NOW)).toBeNull();
  });

  it('says a pod opens check-in when it fills, not at its fill deadline', () => {
    const pod = { ...myEntries(), tournament_id: 'super_8-pod-4' };
    expect(checkInView(pod, new Date('2026-12-05T09:00:00Z'))).toEqual({ kind: 'when-full' });
    const championship = { ...myEntries(), tournament_id: 'champions-dec-2026' };
    expect(checkInView(championship, new Date('2026-12-05T09:00:00Z'))).toMatchObject({ kind: 'before' });
  });

  it("says why an entry was withdrawn, and that a quick pod's missed check-in is refunded in full", () => {
    const reason = 'Not checked in before check-in closed. Your entry fee is refunded in full.';
    const pod = { ...myEntries({ status: 'cancelled', withdraw_reason: reason }), tournament_id: 'super_4-pod-7' };
    expect(checkInView(pod, NOW)).toEqual({ kind: 'withdrawn', closedAt: '2026-12-05T10:15:00.000Z', reason });
    // A place cancelled for any other reason (a cancelled tournament) shows no check-in at all.
    expect(checkInView(myEntries({ status: 'cancelled', withdraw_reason: null }), NOW)).toBeNull();
    expect(checkInView(myEntries({ status: 'withdrawn', withdraw_reason: 'Not checked in before check-in closed.' }), NOW)).toMatchObject({
      reason: 'Not checked in before check-in closed.',
    });
  });

  it('counts down in minutes and seconds, then hours, then days', () => {
    expect(countdown('2026-12-05T10:09:05Z', NOW)).toBe('9:05');
    expect(countdown('2026-12-05T12:05:00Z', NOW)).toBe('2 h 05 min');
    expect(countdown('2026-12-08T10:00:00Z', NOW)).toBe('3 days');
    expect(countdown('2026-12-05T09:00:00Z', NOW)).toBe('0:00');
  });

  it('turns the database’s hints into clear words', () => {
    expect(entryErrorMessage(new EntryActionError('x', 'check_in_not_open'), { opensAt: T })).toMatch(
      /^Check-in opens at .*6:30 pm IST\.$/,
    );
    expect(entryErrorMessage(new EntryActionError('x', 'check_in_closed'))).toBe('Check-in for this tournament has closed.');
    expect(entryErrorMessage(new EntryActionError('Paid entry is for players 18 and over', 'too_young_for_paid_entry'))).toBe(
      'Paid entry is for players 18 and over',
    );
    expect(entryErrorMessage('nonsense')).toBe('Something went wrong. Please try again.');
  });
});

describe('extra slots', () => {
  const slot = (patch: Partial<MyEntries['bought'][number]>) => ({
    entry_id: 'id-2',
    slot_number: 2,
    status: 'active' as const,
    player_in_game_name: null,
    invitation_token: 'tok',
    invited_email: null,
    ...patch,
  });

  it('says who holds each slot', () => {
    expect(slotStateLabel(slotState(slot({})))).toBe('Waiting for a player');
    expect(slotStateLabel(slotState(slot({ invited_email: 'x@y.in' })))).toBe('Invited x@y.in');
    expect(slotStateLabel(slotState(slot({ player_in_game_name: 'demo3', invitation_token: null })))).toBe('Taken by demo3');
    expect(slotState(slot({ status: 'withdrawn' }))).toEqual({ kind: 'withdrawn' });
  });

  it('lets the buyer invite until someone takes the slot or check-in closes', () => {
    const close = '2026-12-05T10:15:00.000Z';
    expect(canInvite(slot({}), close, NOW)).toBe(true);
    expect(canInvite(slot({ player_in_game_name: 'demo3' }), close, NOW)).toBe(false);
    expect(canInvite(slot({}), close, new Date(close))).toBe(false);
  });

  it('tells an invitation token from a mistyped link', () => {
    expect(isInvitationToken('0b5c3f9e-8f1e-4c59-9a53-6d2f0c7e1a42')).toBe(true);
    expect(isInvitationToken('0b5c3f9e-8f1e-4c59-9a53')).toBe(false);
    expect(isInvitationToken("x' or 1=1")).toBe(false);
  });

  it('builds the invitation link of this site', () => {
    expect(invitationLink('https://golazo.example', 'a b/c')).toBe('https://golazo.example/invite/?token=a%20b%2Fc');
  });
});
