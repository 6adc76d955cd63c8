import { describe, expect, it } from 'vitest';
import type { Tournament } from '@/features/tournaments/tournaments';
import { carouselCards, heroSlides } from './landing';

const base: Tournament = {
  id: 'golazo-june-2025',
  title: 'Golazo Arena Jan to Dec 2025',
  subtitle: null,
  series: 'championship',
  format: 'Monthly Championship',
  entryFeeRupees: 150,
  prizePoolRupees: 45000,
  maxPlayers: 300,
  isLive: true,
  startsAt: '2025-06-28T14:00:00+05:30',
  featured: true,
  description: 'A knockout championship for up to 300 players.',
  platforms: ['eFootball mobile (Android)'],
  importantInfo: 'Join the WhatsApp group.',
  rules: ['Rule one.', 'Rule two.', 'Rule three.'],
  schedule: [{ round: 'Final', startsAt: '2025-06-29T20:00:00+05:30' }],
};

describe('carouselCards', () => {
  it('formats money in rupees without decimals and dates in IST, with the capacity for the count', () => {
    const [card] = carouselCards([{ ...base, startsAt: '2025-06-30T20:00:00Z' }]);
    expect(card).toMatchObject({ fee: '₹150', prize: '₹45,000', capacity: 300, startsOn: '1 Jul 2025' });
  });

  it("starts each card with its build-time status and enters through this site's own flow", () => {
    const now = new Date('2025-06-01T00:00:00Z');
    const cards = carouselCards([base, { ...base, id: 'super_4', isLive: false }], now);
    expect(cards.map((card) => card.status)).toEqual(['open', 'scheduled']);
    expect(cards[0]?.registerHref).toBe('/register?next=%2Ftournaments%2Fgolazo-june-2025');
  });
});

describe('heroSlides', () => {
  it('has six slides, each with its own image and alt text', () => {
    expect(heroSlides).toHaveLength(6);
    expect(new Set(heroSlides.map((slide) => slide.src)).size).toBe(6);
    for (const slide of heroSlides) expect(slide.alt.length).toBeGreaterThan(10);
  });
});

describe('carouselCards for a quick series', () => {
  // Fails -> a series card shows the date of a catalog template (a day that never comes) instead of how pods start.
  it('says a pod starts when full instead of a date', () => {
    const [card] = carouselCards([{ ...base, id: 'super_4', series: 'quick', format: 'Super 4', maxPlayers: 4 }]);
    expect(card).toMatchObject({ startsOn: 'Starts when full', status: 'open', capacity: 4 });
  });
});

describe('carouselCards on a Hindi page', () => {
  // Fails -> a Hindi landing page's cards say "Starts when full", "Free" or an English month.
  it('words how a pod starts, a free entry and the date in Hindi, with the same amounts', () => {
    const [pod, cup, paid] = carouselCards(
      [
        { ...base, id: 'super_4', series: 'quick', format: 'Super 4', maxPlayers: 4 },
        { ...base, id: 'free-cup', entryFeeRupees: 0, prizePoolRupees: 0, startsAt: '2027-03-06T12:30:00.000Z' },
        { ...base, id: 'paid-cup', entryFeeRupees: 150, prizePoolRupees: 45000 },
      ],
      new Date('2027-01-01T00:00:00Z'),
      'hi',
    );
    expect(pod!.startsOn).toBe('भरते ही शुरू');
    expect(cup).toMatchObject({ fee: 'फ़्री', prize: 'कैश प्राइज़ नहीं' });
    expect(cup!.startsOn).toBe('6 मार्च 2027');
    expect(paid).toMatchObject({ fee: '₹150', prize: '₹45,000' });
  });
});
