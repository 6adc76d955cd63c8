import { describe, expect, it } from 'vitest';
import {
  STATUS_LOOK,
  TOURNAMENT_STATUSES,
  buildTimeStatus,
  entriesLabel,
  parseTournamentStates,
  pendingEntriesLabel,
  registrationClosesAt,
  roundStates,
} from './status';

describe('status words', () => {
  it('has words and a colour for every status the database can answer', () => {
    for (const status of TOURNAMENT_STATUSES) {
      expect(STATUS_LOOK[status].label.length).toBeGreaterThan(0);
      expect(STATUS_LOOK[status].badgeClass).toMatch(/bg-/);
    }
    // A player can pay only while registration is open.
    expect(TOURNAMENT_STATUSES.filter((s) => STATUS_LOOK[s].takesEntries)).toEqual(['open']);
  });

  it('reads counts as entries / capacity, never backwards, and never a false zero before they load', () => {
    expect(entriesLabel(212, 300)).toBe('212 / 300 players');
    expect(pendingEntriesLabel(300)).toBe('– / 300 players');
    expect(pendingEntriesLabel(300)).not.toContain('0 /');
  });
});

describe('buildTimeStatus (the starting value of a pre-rendered page)', () => {
  const cup = { series: 'championship' as const, isLive: true, startsAt: '2027-01-30T14:00:00+05:30' };
  it('closes registration when check-in opens (24 h before a championship) if that comes before the close time', () => {
    expect(registrationClosesAt(cup).toISOString()).toBe('2027-01-29T08:30:00.000Z');
    expect(buildTimeStatus(cup, new Date('2027-01-29T08:29:00Z'))).toBe('open');
    expect(buildTimeStatus(cup, new Date('2027-01-29T08:30:00Z'))).toBe('check-in');
  });
  it('uses an earlier close time of the catalog', () => {
    expect(registrationClosesAt({ ...cup, registrationClosesAt: '2027-01-20T00:00:00+05:30' }).toISOString()).toBe(
      '2027-01-19T18:30:00.000Z',
    );
  });
  it('is coming soon while the organiser has not opened registration', () => {
    expect(buildTimeStatus({ ...cup, isLive: false }, new Date('2027-01-01T00:00:00Z'))).toBe('scheduled');
  });
});

describe('roundStates (the Schedule tab)', () => {
  const schedule = [{ startsAt: '2027-01-30T14:00:00+05:30' }, { startsAt: '2027-01-30T15:30:00+05:30' }];
  it('marks no round in progress before the first one starts', () => {
    expect(roundStates(schedule, new Date('2027-01-30T08:00:00Z'))).toEqual(['upcoming', 'upcoming']);
  });
  it('moves each round from upcoming to live to done with the clock', () => {
    expect(roundStates(schedule, new Date('2027-01-30T08:30:00Z'))).toEqual(['live', 'upcoming']);
    expect(roundStates(schedule, new Date('2027-01-30T10:00:00Z'))).toEqual(['done', 'live']);
    expect(roundStates(schedule, new Date('2027-01-30T12:00:00Z'))).toEqual(['done', 'done']);
  });

  it('lets the tournament status overrule the clock: nothing live before the draw, all done after the final', () => {
    const during = new Date('2027-01-30T10:00:00Z');
    expect(roundStates(schedule, during, 'check-in')).toEqual(['upcoming', 'upcoming']);
    expect(roundStates(schedule, during, 'cancelled')).toEqual(['upcoming', 'upcoming']);
    expect(roundStates(schedule, during, 'live')).toEqual(['done', 'live']);
    expect(roundStates(schedule, new Date('2027-01-30T08:30:00Z'), 'finished')).toEqual(['done', 'done']);
  });
});

describe('parseTournamentStates (what the public pages accept from the database)', () => {
  const state = {
    id: 'champions-dec-2026',
    status: 'open',
    label: 'Registration open',
    entries: 212,
    capacity: 300,
    registration_closes_at: '2026-12-25T08:30:00+00:00',
    check_in_opens_at: '2026-12-25T08:30:00+00:00',
    check_in_closes_at: '2026-12-26T07:30:00+00:00',
    starts_at: '2026-12-26T08:30:00+00:00',
    current_round: null,
  };
  it('keeps items of the contract shape and drops anything else, so a bad answer never shows a wrong word', () => {
    expect(parseTournamentStates([state, { ...state, id: 'x', status: 'paused' }, { ...state, id: 'y', entries: '3' }, null])).toEqual([
      state,
    ]);
    expect(parseTournamentStates({ message: 'error' })).toEqual([]);
  });
});
