import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bracketSizeFor, drawSeeds, roundOnePairs, seedOrder, sha256Hex, verifyBracket, type PublishedBracket } from './draw';

const hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const SECRET = 'a6f1c0de-hand-made-secret';

/** A bracket of three entries, built by hand from the published rule (no code under test involved). */
function handMadeBracket(): PublishedBracket {
  const ids = ['11111111-0000-0000-0000-000000000001', '22222222-0000-0000-0000-000000000002', '33333333-0000-0000-0000-000000000003'];
  // Seeds by key order; a bracket of 4: order [1, 4, 2, 3]; seed 4 does not exist, so seed 1 has a bye.
  const [s1, s2, s3] = [...ids].sort((a, b) => (hex(`${SECRET}:${a}`) < hex(`${SECRET}:${b}`) ? -1 : 1));
  const entry = (id: string | undefined) => (id ? { entry_id: id } : null);
  return {
    draw: { commitment: hex(SECRET), secret: SECRET, entry_ids: ids, same_buyer: [], bracket_size: 4 },
    rounds: [
      {
        round: 1,
        matches: [
          { position: 1, entries: [entry(s1), null] },
          { position: 2, entries: [entry(s2), entry(s3)] },
        ],
      },
      { round: 2, matches: [{ position: 1, entries: [entry(s1), null] }] },
    ],
  };
}

describe('the published draw rule', () => {
  it('hashes like any SHA-256 tool', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await sha256Hex('₹ पुणे')).toBe(hex('₹ पुणे'));
  });

  it('sizes brackets to the next power of two, at least 2', () => {
    expect([1, 2, 3, 5, 8, 9, 300].map(bracketSizeFor)).toEqual([2, 2, 4, 8, 8, 16, 512]);
  });

  it('orders seeds the standard way: 1 meets the last seed, 1 and 2 only in the final', () => {
    expect(seedOrder(2)).toEqual([1, 2]);
    expect(seedOrder(4)).toEqual([1, 4, 2, 3]);
    expect(seedOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    const order = seedOrder(512);
    expect(new Set(order).size).toBe(512);
    expect(order.slice(0, 2)).toEqual([1, 512]);
    expect(order.indexOf(2)).toBeGreaterThanOrEqual(256);
  });

  it('never pairs a bye with a bye and gives no entry two byes', async () => {
    const ids = Array.from({ length: 5 }, (_, i) => `entry-${i}`);
    const { pairs } = await roundOnePairs({ secret: SECRET, entry_ids: ids });
    expect(pairs).toHaveLength(4);
    expect(pairs.filter(([a, b]) => a === null && b === null)).toEqual([]);
    expect(pairs.filter(([, b]) => b === null)).toHaveLength(3);
    expect(pairs.flat().filter(Boolean).sort()).toEqual(ids);
  });

  it('puts two entries of one buyer in different halves of the bracket, whatever the secret', async () => {
    const ids = Array.from({ length: 8 }, (_, i) => `entry-${i}`);
    for (const secret of ['one', 'two', 'three', 'four', 'five', 'six']) {
      const seeds = await drawSeeds(secret, ids, [['entry-2', 'entry-6']]);
      const [a, b] = [seeds.get('entry-2') ?? 0, seeds.get('entry-6') ?? 0].sort();
      // A block of two adjacent seeds (2j+1, 2j+2): the standard order puts them in opposite halves.
      expect(b).toBe(a + 1);
      expect(a % 2).toBe(1);
      const { pairs } = await roundOnePairs({ secret, entry_ids: ids, same_buyer: [['entry-2', 'entry-6']] });
      const position = (id: string) => pairs.findIndex((pair) => pair.includes(id));
      expect(position('entry-2') < 2).not.toBe(position('entry-6') < 2);
      expect([...seeds.values()].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    }
  });
});

describe('verifying a published bracket', () => {
  it('says OK for a bracket made by hand from the rule', async () => {
    expect(await verifyBracket(handMadeBracket())).toEqual({ ok: true, entries: 3, bracketSize: 4 });
  });

  it('names a commitment that is not the hash of the secret', async () => {
    const bracket = handMadeBracket();
    bracket.draw.commitment = hex('another secret');
    const result = await verifyBracket(bracket);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.difference).toMatch(/^Commitment: SHA-256 of the secret is [0-9a-f]{64}, but the published commitment is/);
  });

  it('names the first slot that differs when two entries were swapped', async () => {
    const bracket = handMadeBracket();
    const second = bracket.rounds[0]?.matches[1];
    if (!second) throw new Error('hand-made bracket has two matches');
    const [top, bottom] = second.entries;
    second.entries = [bottom, top];
    expect(await verifyBracket(bracket)).toEqual({
      ok: false,
      difference: `Round 1, match 2, top slot: expected ${top?.entry_id}, published ${bottom?.entry_id}.`,
    });
  });

  it('names a bye where an entry was expected', async () => {
    const bracket = handMadeBracket();
    const first = bracket.rounds[0]?.matches[0];
    if (!first) throw new Error('hand-made bracket has a first match');
    first.entries = [null, first.entries[0]];
    const result = await verifyBracket(bracket);
    expect(!result.ok && result.difference).toMatch(/^Round 1, match 1, top slot: expected [0-9a-f-]+, published a bye\.$/);
  });

  it('refuses a wrong bracket size and a draw that has not run', async () => {
    const wrongSize = handMadeBracket();
    wrongSize.draw.bracket_size = 8;
    expect(await verifyBracket(wrongSize)).toEqual({
      ok: false,
      difference: 'Bracket size: 3 entries make a bracket of 4, but the draw says 8.',
    });
    const before = handMadeBracket();
    before.draw.secret = null;
    expect(await verifyBracket(before)).toEqual({ ok: false, difference: 'The draw has not run yet: the secret is not published.' });
  });
});
