/**
 * Recomputing a draw from what `get_bracket` publishes, so anyone can check it (the help page
 * "How to verify a draw" says the same in words; scripts/verify-draw.ts runs it from a terminal).
 *
 * 1. commitment = hex SHA-256 of the secret's UTF-8 bytes (published before the draw).
 * 2. key(e) = hex SHA-256 of `secret:entry id` for every checked-in entry.
 * 3. Seeds: each group of entries bought together takes a block of seeds the secret picks, so they start
 *    in different parts of the bracket; every other entry, in key order, takes the lowest free seed.
 * 4. Round 1 pairs seeds in the standard order (1 v 16, 8 v 9, ...); a seed above the entry count is a bye.
 *
 * Plain TypeScript with no imports: it runs in the browser, under Vitest and under Node alike
 * (SHA-256 through Web Crypto, which all three have).
 */

export type PublishedEntry = { entry_id: string } | null;
export type PublishedDraw = {
  commitment: string | null;
  secret: string | null;
  entry_ids: string[];
  same_buyer?: string[][] | undefined;
  bracket_size?: number | null | undefined;
  /** Groups seeded by rating: each entry's rating at the draw, in the order of entry_ids. */
  ratings?: number[] | undefined;
};
export type PublishedBracket = {
  draw: PublishedDraw;
  rounds: { round: number; matches: { position: number; entries: [PublishedEntry, PublishedEntry] }[] }[];
};

/** Lowercase hex SHA-256 of the UTF-8 bytes of `text`. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The next power of two at or above `n` (and at least 1). */
export function nextPowerOfTwo(n: number): number {
  let size = 1;
  while (size < n) size *= 2;
  return size;
}

/** Bracket size for `entries` entries: the next power of two, at least 2. */
export const bracketSizeFor = (entries: number): number => nextPowerOfTwo(Math.max(entries, 2));

/**
 * The standard seed order of a bracket of `size`: order(1) = [1], and order(2m) lists, for each seed s of
 * order(m), s and then 2m + 1 - s. So seed 1 meets the last seed, and the top two seeds can only meet in
 * the final; byes (the highest seeds) are spread so no bye meets a bye.
 */
export function seedOrder(size: number): number[] {
  let order = [1];
  for (let m = 1; m < size; m *= 2) order = order.flatMap((seed) => [seed, 2 * m + 1 - seed]);
  return order;
}

/** Seed of every entry (1 = first), as the draw gives them. */
export async function drawSeeds(
  secret: string,
  entryIds: readonly string[],
  sameBuyer: readonly (readonly string[])[],
): Promise<Map<string, number>> {
  const keys = new Map<string, string>();
  for (const id of entryIds) keys.set(id, await sha256Hex(`${secret}:${id}`));
  const byKey = (a: string, b: string) => ((keys.get(a) ?? '') < (keys.get(b) ?? '') ? -1 : 1);

  const n = entryIds.length;
  const free = new Set(Array.from({ length: n }, (_, i) => i + 1));
  const seeds = new Map<string, number>();
  const lowestFree = (among: number[], count: number) => among.filter((seed) => free.has(seed)).slice(0, count);
  const take = (ids: string[], chosen: number[]) =>
    ids.forEach((id, index) => {
      const seed = chosen[index];
      if (seed === undefined) return;
      seeds.set(id, seed);
      free.delete(seed);
    });

  // Groups of one buyer's entries, the group holding the smallest key first.
  const groups = sameBuyer
    .map((group) => group.filter((id) => keys.has(id)).sort(byKey))
    .filter((group) => group.length > 0)
    .sort((a, b) => byKey(a[0] as string, b[0] as string));

  for (const group of groups) {
    const first = group[0] as string;
    const blockSize = nextPowerOfTwo(group.length);
    const blocks = await Promise.all(
      Array.from({ length: Math.ceil(n / blockSize) }, async (_, j) => ({
        j,
        seeds: Array.from({ length: Math.min(blockSize, n - j * blockSize) }, (_, i) => j * blockSize + i + 1),
        hash: await sha256Hex(`${secret}:block:${first}:${j}`),
      })),
    );
    blocks.sort((a, b) => (a.hash === b.hash ? a.j - b.j : a.hash < b.hash ? -1 : 1));
    const roomy = blocks.find((block) => lowestFree(block.seeds, group.length).length >= group.length);
    const all = Array.from({ length: n }, (_, i) => i + 1);
    take(group, roomy ? lowestFree(roomy.seeds, group.length) : lowestFree(all, group.length));
  }

  const others = entryIds.filter((id) => !seeds.has(id)).sort(byKey);
  const all = Array.from({ length: n }, (_, i) => i + 1);
  take(others, lowestFree(all, others.length));
  return seeds;
}

/** The first round's pairs (entry ids, null for a bye), position 1 first. */
export async function roundOnePairs(draw: {
  secret: string;
  entry_ids: readonly string[];
  same_buyer?: readonly (readonly string[])[] | undefined;
}) {
  const seeds = await drawSeeds(draw.secret, draw.entry_ids, draw.same_buyer ?? []);
  const bySeed = new Map([...seeds].map(([id, seed]) => [seed, id]));
  const order = seedOrder(bracketSizeFor(draw.entry_ids.length));
  const pairs: [string | null, string | null][] = [];
  for (let i = 0; i < order.length; i += 2) {
    pairs.push([bySeed.get(order[i] as number) ?? null, bySeed.get(order[i + 1] as number) ?? null]);
  }
  return { seeds, pairs };
}

/**
 * Round 1 as published against the pairs a draw gives (position 1 first; null a bye): null when they agree, else
 * the first difference in words. Every format's round 1 comes from the draw, so each check ends here.
 */
export function roundOneDifference(
  rounds: PublishedBracket['rounds'],
  pairs: readonly (readonly [string | null, string | null])[],
): string | null {
  const first = rounds.find((round) => round.round === 1);
  if (!first || first.matches.length !== pairs.length) {
    return `Round 1: expected ${pairs.length} matches, found ${first?.matches.length ?? 0}.`;
  }
  const sides = ['top', 'bottom'] as const;
  for (const [index, pair] of pairs.entries()) {
    const position = index + 1;
    const match = first.matches.find((m) => m.position === position);
    for (const [side, expected] of pair.entries()) {
      const published = match?.entries[side]?.entry_id ?? null;
      if (published !== expected) {
        return `Round 1, match ${position}, ${sides[side]} slot: expected ${expected ?? 'a bye'}, published ${published ?? 'a bye'}.`;
      }
    }
  }
  return null;
}

export type Verification = { ok: true; entries: number; bracketSize: number } | { ok: false; difference: string };

/** The published secret against the commitment made before the draw: null when they agree, else the difference. */
export async function commitmentDifference(draw: PublishedDraw): Promise<string | null> {
  if (!draw.secret) return 'The draw has not run yet: the secret is not published.';
  if (!draw.commitment) return 'No commitment was published.';
  const hash = await sha256Hex(draw.secret);
  return hash === draw.commitment
    ? null
    : `Commitment: SHA-256 of the secret is ${hash}, but the published commitment is ${draw.commitment}.`;
}

/**
 * Checks a published bracket against its draw: OK, or the first difference found. `wholeKnockout` false checks only
 * the commitment and round 1 (a double elimination's winners' bracket: its other rounds are not a knockout's).
 */
export async function verifyBracket(bracket: PublishedBracket, wholeKnockout = true): Promise<Verification> {
  const { draw } = bracket;
  const commitment = await commitmentDifference(draw);
  if (commitment || !draw.secret) return { ok: false, difference: commitment ?? 'The secret is not published.' };
  const n = draw.entry_ids.length;
  const size = bracketSizeFor(n);
  if (!wholeKnockout) {
    // Only round 1 below.
  } else if (draw.bracket_size != null && draw.bracket_size !== size) {
    return { ok: false, difference: `Bracket size: ${n} entries make a bracket of ${size}, but the draw says ${draw.bracket_size}.` };
  }
  const expectedRounds = Math.log2(size);
  if (wholeKnockout && bracket.rounds.length !== expectedRounds) {
    return {
      ok: false,
      difference: `Rounds: a bracket of ${size} has ${expectedRounds} rounds, but ${bracket.rounds.length} are published.`,
    };
  }
  const { pairs } = await roundOnePairs({ secret: draw.secret, entry_ids: draw.entry_ids, same_buyer: draw.same_buyer });
  const difference = roundOneDifference(bracket.rounds, pairs);
  if (difference) return { ok: false, difference };
  return { ok: true, entries: n, bracketSize: size };
}
