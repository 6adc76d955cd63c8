/**
 * Recomputing the draw of the formats beyond one knockout from what `get_bracket` publishes, after the commitment
 * and the seeds (draw.ts):
 *
 * - Groups then a knockout: ⌈n / 4⌉ groups, the first n − 3·groups of them of 4, the rest of 3. Where the draw
 *   publishes `ratings` (groups seeded by rating), the entries are first put in pot order (ratingPots) and that
 *   order stands for the seeds below. Seed s (1 first)
 *   goes to the first group from (s − 1) mod groups on that has room and holds the fewest entries of the same
 *   buyer (entries listed together in `same_buyer` share one). Every tie a group table says was decided by lots
 *   is in the order of the hex SHA-256 of `secret:lots:entry id`, lowest first.
 * - Swiss: round 1 pairs the seeds' first half with their second half (1 v n/2 + 1, 2 v n/2 + 2, ...); with an
 *   odd number the last seed has the bye, after the pairs. Two entries of one buyer never meet in it while any
 *   pairing avoids it (draw-swiss.ts follows the database's search step for step).
 * - Double elimination: the winners' bracket's first round is a knockout's round 1 (draw.ts).
 *
 * The database's rules are private.draw_groups, private.group_tie_order and private.swiss_pairing
 * (supabase/tests/brackets-draw-verification.test.ts checks real draws of every format against this file).
 * Plain TypeScript with no imports but draw.ts and draw-swiss.ts: it runs in the browser, under Vitest and under Node alike.
 */
import {
  bracketSizeFor,
  commitmentDifference,
  drawSeeds,
  type PublishedBracket,
  roundOneDifference,
  sha256Hex,
  type Verification,
  verifyBracket,
} from './draw';
import { swissRoundOne } from './draw-swiss';

export type PublishedGroup = { name: string; table: { entry_id: string; decided_by: string | null }[] };
export type PublishedStage = { kind: string; groups?: PublishedGroup[] };
export type PublishedFormat = { format?: string | undefined; stages?: PublishedStage[] | undefined };

type Difference = { ok: false; difference: string };

/**
 * The order a draw by rating fills the groups in: pot k the k-th quarter by rating (`groups` players each, the last
 * pot the rest), highest first and a tie by seed; inside a pot, seed order (private.rating_pots).
 */
export function ratingPots(bySeed: readonly string[], ratingOf: ReadonlyMap<string, number>, groups: number): string[] {
  const byRating = bySeed
    .map((id, seed) => ({ id, seed, rating: ratingOf.get(id) ?? Number.NEGATIVE_INFINITY }))
    .sort((a, b) => b.rating - a.rating || a.seed - b.seed);
  return byRating
    .map((entry, index) => ({ ...entry, pot: Math.min(Math.floor(index / groups), 3) }))
    .sort((a, b) => a.pot - b.pot || a.seed - b.seed)
    .map((entry) => entry.id);
}

/** The groups of a draw: one list of entry ids per group, A first, from the entries in seed order. */
export function drawGroups(bySeed: readonly string[], sameBuyer: readonly (readonly string[])[]): string[][] {
  const n = bySeed.length;
  const count = Math.ceil(n / 4);
  const fours = n - 3 * count;
  const buyerOf = new Map<string, number>();
  sameBuyer.forEach((together, index) => {
    for (const id of together) buyerOf.set(id, index);
  });
  const sameBuyerAs = (a: string, b: string) => buyerOf.has(a) && buyerOf.get(a) === buyerOf.get(b);
  const groups: string[][] = Array.from({ length: count }, () => []);
  bySeed.forEach((entry, index) => {
    let best = -1;
    let bestSame = Number.POSITIVE_INFINITY;
    for (let k = 0; k < count; k++) {
      const g = (index + k) % count;
      if ((groups[g]?.length ?? 0) >= (g < fours ? 4 : 3)) continue;
      const same = (groups[g] ?? []).filter((member) => sameBuyerAs(member, entry)).length;
      if (same < bestSame) {
        best = g;
        bestSame = same;
      }
    }
    groups[best]?.push(entry);
  });
  return groups;
}

const letter = (index: number) => (index < 26 ? String.fromCharCode(65 + index) : `group ${index + 1}`);

/** The groups and their lots against a groups stage as published; null when they agree. */
export async function groupsDifference(
  secret: string,
  bySeed: readonly string[],
  sameBuyer: readonly (readonly string[])[],
  stage: PublishedStage | undefined,
): Promise<Difference | null> {
  const published = stage?.groups ?? [];
  const expected = drawGroups(bySeed, sameBuyer);
  if (published.length !== expected.length) {
    return {
      ok: false,
      difference: `Groups: ${bySeed.length} entries make ${expected.length} groups, but ${published.length} are published.`,
    };
  }
  for (const [index, members] of expected.entries()) {
    const group = published[index];
    const shown = new Set(group?.table.map((row) => row.entry_id) ?? []);
    const missing = members.find((entry) => !shown.has(entry));
    if (missing || shown.size !== members.length) {
      return {
        ok: false,
        difference: `Group ${group?.name ?? letter(index)}: expected ${members.join(', ')}, published ${[...shown].join(', ')}.`,
      };
    }
    const rows = group?.table ?? [];
    for (let i = 0; i + 1 < rows.length; i++) {
      const [upper, lower] = [rows[i], rows[i + 1]];
      if (upper?.decided_by !== 'lots' || !lower) continue;
      const [up, down] = [await sha256Hex(`${secret}:lots:${upper.entry_id}`), await sha256Hex(`${secret}:lots:${lower.entry_id}`)];
      if (up > down) {
        return {
          ok: false,
          difference: `Group ${group?.name ?? letter(index)}: ${upper.entry_id} is above ${lower.entry_id} by lots, but its lot is higher.`,
        };
      }
    }
  }
  return null;
}

/** Checks a published bracket of any format against its draw: OK, or the first difference found. */
export async function verifyDraw(bracket: PublishedBracket & PublishedFormat): Promise<Verification> {
  const format = bracket.format ?? 'knockout';
  if (format === 'knockout') return verifyBracket(bracket);
  if (format === 'double_elimination') return verifyBracket(bracket, false);
  const { draw } = bracket;
  const commitment = await commitmentDifference(draw);
  if (commitment || !draw.secret) return { ok: false, difference: commitment ?? 'The secret is not published.' };
  const secret = draw.secret;
  const sameBuyer = draw.same_buyer ?? [];
  const seeds = await drawSeeds(secret, draw.entry_ids, sameBuyer);
  const bySeed = [...seeds].sort((a, b) => a[1] - b[1]).map(([id]) => id);
  const done: Verification = { ok: true, entries: bySeed.length, bracketSize: draw.bracket_size ?? bracketSizeFor(bySeed.length) };
  if (format === 'groups_knockout') {
    // Seeded by rating: the groups are filled pot by pot from the ratings published with the draw.
    const ratings = draw.ratings;
    const order = ratings
      ? ratingPots(
          bySeed,
          new Map(draw.entry_ids.map((id, i) => [id, ratings[i] ?? Number.NEGATIVE_INFINITY])),
          Math.ceil(bySeed.length / 4),
        )
      : bySeed;
    return (
      (await groupsDifference(
        secret,
        order,
        sameBuyer,
        bracket.stages?.find((stage) => stage.kind === 'groups'),
      )) ?? done
    );
  }
  if (format === 'swiss') {
    const difference = roundOneDifference(bracket.rounds, swissRoundOne(bySeed, sameBuyer));
    return difference ? { ok: false, difference } : done;
  }
  return { ok: false, difference: `Format: ${format} is not one this check knows.` };
}
