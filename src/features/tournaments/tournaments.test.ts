import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  TournamentSchema,
  dashboardCardAction,
  dashboardTournaments,
  featuredTournament,
  landingCardAction,
  payState,
  slotsFilledLabel,
  type Tournament,
} from './tournaments';

const catalogDir = join(process.cwd(), 'src/content/tournaments');
const catalog: Tournament[] = readdirSync(catalogDir)
  .filter((file) => file.endsWith('.json'))
  .map((file) => TournamentSchema.parse(JSON.parse(readFileSync(join(catalogDir, file), 'utf8'))));

const open = { id: 'golazo-june-2025', isLive: true, featured: false, registrationClosesAt: undefined };
const now = new Date('2025-07-01T12:00:00+05:30');

describe('landingCardAction', () => {
  it('enables Register Now only for the featured tournament of the catalog', () => {
    const enabled = catalog.filter((t) => landingCardAction(t).kind === 'register').map((t) => t.id);
    expect(enabled).toEqual(['golazo-june-2025']);
  });

  it('shows a live but unfeatured tournament as full', () => {
    expect(landingCardAction(open, now)).toEqual({ kind: 'full' });
  });

  it('stops selling the featured tournament once its registration closes', () => {
    const closing = { ...open, featured: true, registrationClosesAt: '2025-06-30T23:59:00+05:30' };
    expect(landingCardAction(closing, now)).toEqual({ kind: 'full' });
    expect(landingCardAction(closing, new Date('2025-06-01T00:00:00+05:30'))).toEqual({ kind: 'register', href: '/register?next=%2Ftournaments%2Fgolazo-june-2025' });
  });
});

describe('dashboard', () => {
  it('lists the monthly championships except the featured one, earliest first', () => {
    expect(dashboardTournaments(catalog).map((t) => t.id)).toEqual([
      'champions-jul-2025',
      'champions-aug-2025',
      'champions-sep-2025',
      'champions-oct-2025',
      'champions-nov-2025',
    ]);
  });

  it('sends only the live July championship to the external form', () => {
    const actions = dashboardTournaments(catalog).map((t) => [t.id, dashboardCardAction(t).kind]);
    expect(actions).toEqual([
      ['champions-jul-2025', 'external-form'],
      ['champions-aug-2025', 'coming-soon'],
      ['champions-sep-2025', 'coming-soon'],
      ['champions-oct-2025', 'coming-soon'],
      ['champions-nov-2025', 'coming-soon'],
    ]);
  });

  it('follows the data: an organiser going live turns Coming Soon into Register', () => {
    expect(dashboardCardAction({ ...open, isLive: false }, now).kind).toBe('coming-soon');
    expect(dashboardCardAction(open, now).kind).toBe('external-form');
  });
});

describe('featuredTournament', () => {
  it('is the Jan to Dec championship with the banner values', () => {
    const featured = featuredTournament(catalog);
    expect(featured).toMatchObject({
      id: 'golazo-june-2025',
      title: 'Golazo Arena Jan to Dec 2025',
      entryFeeRupees: 150,
      prizePoolRupees: 45000,
      maxPlayers: 300,
    });
  });
});

describe('payState', () => {
  const entry = { isLive: true, registrationClosesAt: undefined, maxPlayers: 4 };
  it('is open while live and not full', () => expect(payState(entry, 3, now)).toBe('open'));
  it('is full at capacity, even when live', () => expect(payState(entry, 4, now)).toBe('full'));
  it('is coming soon when not live', () => expect(payState({ ...entry, isLive: false }, 0, now)).toBe('coming-soon'));
  it('formats slots as filled/total', () => expect(slotsFilledLabel(0, 300)).toBe('0/300'));
});
