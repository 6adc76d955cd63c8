/**
 * The tournament catalog as the tests read it (src/content/tournaments/*.json), and the championship
 * edition that takes entries today: tests that need "the open championship" follow the calendar
 * instead of naming one month, so they keep passing as editions close and the next ones open.
 */
import { readCatalogWithEditionsNow } from '../../../scripts/sync-catalog.ts';
import type { Tournament } from '../../../src/features/tournaments/tournaments.ts';
import { registrationClosesAt } from '../../../src/features/tournaments/status.ts';

export type CatalogEntry = Tournament;

/**
 * Every catalog entry, validated with the site's own schema (as the catalog sync reads them), and the
 * editions the recurring series hold today (as the build pre-renders them and the local stack's sync makes them).
 */
export const catalog: CatalogEntry[] = readCatalogWithEditionsNow();

/** The earliest live catalog edition (not a quick series) that `fits` and still takes entries at `now`. */
function earliestOpenEdition(fits: (entry: CatalogEntry) => boolean, now: Date): CatalogEntry | undefined {
  return catalog
    .filter((t) => t.series === 'championship' && t.isLive && fits(t) && registrationClosesAt(t) > now)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))[0];
}

/**
 * The earliest paid championship edition that is live and still takes entries at `now`: the one the
 * landing page features and every list shows as open.
 */
export function openChampionship(now = new Date()): CatalogEntry {
  const edition = earliestOpenEdition((t) => t.entryFeeRupees > 0, now);
  if (!edition)
    throw new Error('No paid championship edition takes entries today: check the recurring series in src/content/tournaments/recurring.');
  return edition;
}

/** The earliest free edition (a Community Cup) that is live and still takes entries at `now`. */
export function openFreeCup(now = new Date()): CatalogEntry {
  const cup = earliestOpenEdition((t) => t.entryFeeRupees === 0, now);
  if (!cup) throw new Error('No free Community Cup takes entries today: check the recurring series in src/content/tournaments/recurring.');
  return cup;
}

/**
 * The `n`-th paid championship edition a recurring series made after the open one (1 is the next), for a test
 * that needs an edition of its own (it moves its times or takes its state apart). The calendar always holds at
 * least three: the series make every month's edition four months ahead. Each such test names its own `n`, so
 * none reads another's; the hand-made editions stay for tests that only read them.
 */
export function spareChampionship(n: 1 | 2 | 3, now = new Date()): CatalogEntry {
  const open = openChampionship(now);
  const later = catalog
    .filter(
      (t) =>
        t.series === 'championship' &&
        t.entryFeeRupees > 0 &&
        /-\d{4}-\d{2}$/.test(t.id) &&
        Date.parse(t.startsAt) > Date.parse(open.startsAt),
    )
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const edition = later[n - 1];
  if (!edition) throw new Error(`The calendar holds fewer than ${n} paid championship editions after ${open.id}.`);
  return edition;
}
