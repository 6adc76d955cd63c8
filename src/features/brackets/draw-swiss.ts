/**
 * Swiss round 1 recomputed from the draw, step for step as the database pairs it (private.swiss_pairing and
 * private.swiss_pair_rest with every player on 0 points), so that `npm run verify-draw` can check it:
 *
 * - Players 1..n in seed order. Two entries of one buyer (the draw's `same_buyer`) count as having met.
 * - The bye (odd n) goes to the lowest seed for whom the rest can be paired without two such entries meeting;
 *   only when no choice of bye allows that are they paired together (the last seed sitting out), and even then
 *   such a pair is tried last.
 * - The search takes the first player left and tries partners in this order: from the middle of the players
 *   after them downwards, then upwards (so with nobody kept apart seed 1 meets seed n/2 + 1, 2 meets n/2 + 2,
 *   ...), stepping back when a choice leaves someone nobody may meet. It stops after 5,000 choices (10,000 for
 *   the round), then allows the pair it avoided, exactly as the database does.
 *
 * Plain TypeScript with no imports: it runs in the browser, under Vitest and under Node alike.
 */

type Search = { partners: number[] | null; choices: number };

/** One search: players 1..n, `bye` sits out (0 nobody); answers each player's partner (-1 the bye) or null. */
function pairRest(n: number, met: (i: number, j: number) => boolean, bye: number, rematches: boolean, budget: number): Search {
  const allowed = (i: number, j: number) => i !== j && (rematches || !met(i, j));
  const partner = Array.from({ length: n + 1 }, () => 0);
  if (bye > 0) partner[bye] = -1;
  const unpaired = (i: number) => partner[i] === 0;
  const avail = Array.from({ length: n + 1 }, () => 0);
  for (let i = 1; i <= n; i++) {
    if (!unpaired(i)) continue;
    for (let j = 1; j <= n; j++) if (unpaired(j) && allowed(i, j)) avail[i] = (avail[i] ?? 0) + 1;
    if (avail[i] === 0) return { partners: null, choices: 0 };
  }
  // Players who may only meet each other must be an even number, else nothing fits.
  const band = Array.from({ length: n + 1 }, () => 0);
  for (let i = 1; i <= n; i++) {
    if (!unpaired(i) || band[i] !== 0) continue;
    band[i] = i;
    const queue = [i];
    let size = 0;
    while (queue.length > 0) {
      const player = queue.shift() as number;
      size++;
      for (let j = 1; j <= n; j++) {
        if (unpaired(j) && band[j] === 0 && allowed(player, j)) {
          band[j] = i;
          queue.push(j);
        }
      }
    }
    if (size % 2 === 1) return { partners: null, choices: 0 };
  }

  const candidatesOf = (player: number) => {
    const group: number[] = [];
    for (let k = player + 1; k <= n; k++) if (unpaired(k) && allowed(player, k)) group.push(k);
    const half = Math.floor((group.length + 1) / 2);
    const ordered = [...group.slice(Math.max(half - 1, 0)), ...group.slice(0, Math.max(half - 1, 0)).reverse()];
    // Where a kept-apart pair is allowed, it still comes last (a stable sort).
    return rematches ? [...ordered.filter((c) => !met(player, c)), ...ordered.filter((c) => met(player, c))] : ordered;
  };
  const change = (player: number, j: number, sign: number, skip: boolean) => {
    let dead = false;
    for (let i = 1; i <= n; i++) {
      if (!unpaired(i) || (skip && (i === player || i === j))) continue;
      avail[i] = (avail[i] ?? 0) + sign * (Number(allowed(player, i)) + Number(allowed(j, i)));
      dead ||= avail[i] === 0;
    }
    return dead;
  };

  const stackPlayer: number[] = [];
  const stackChoice: number[] = [];
  let nodes = 0;
  for (;;) {
    let player = 0;
    for (let i = 1; i <= n; i++) {
      if (unpaired(i)) {
        player = i;
        break;
      }
    }
    if (player === 0) return { partners: partner, choices: nodes };
    stackPlayer.push(player);
    stackChoice.push(0);
    let descended = false;
    while (!descended) {
      const depth = stackPlayer.length - 1;
      const current = stackPlayer[depth] as number;
      const candidates = candidatesOf(current);
      for (let choice = (stackChoice[depth] as number) + 1; choice <= candidates.length; choice++) {
        nodes++;
        if (nodes > budget) return { partners: null, choices: nodes };
        const j = candidates[choice - 1] as number;
        partner[current] = j;
        partner[j] = current;
        if (!change(current, j, -1, false)) {
          stackChoice[depth] = choice;
          descended = true;
          break;
        }
        change(current, j, 1, false);
        partner[current] = 0;
        partner[j] = 0;
      }
      if (descended) break;
      // Every candidate strands someone: undo the choice one level up and try its next one.
      stackPlayer.pop();
      stackChoice.pop();
      if (stackPlayer.length === 0) return { partners: null, choices: nodes };
      const up = stackPlayer.at(-1) as number;
      const j = partner[up] as number;
      partner[up] = 0;
      partner[j] = 0;
      change(up, j, 1, true);
    }
  }
}

/** Swiss round 1 from the entries in seed order: [a, b] boards in order, the bye last as [a, null]. */
export function swissRoundOne(bySeed: readonly string[], sameBuyer: readonly (readonly string[])[] = []): [string, string | null][] {
  const n = bySeed.length;
  const buyerOf = new Map<string, number>();
  sameBuyer.forEach((together, index) => {
    for (const id of together) buyerOf.set(id, index);
  });
  const met = (i: number, j: number) => {
    const [a, b] = [buyerOf.get(bySeed[i - 1] as string), buyerOf.get(bySeed[j - 1] as string)];
    return a !== undefined && a === b;
  };
  let budget = 10_000;
  for (let level = 0; level <= 7; level++) {
    const byeLevel = (level & 2) !== 0;
    const everything = (level & 5) === 5;
    if (n % 2 === 0 && byeLevel) continue;
    if (budget <= 0 && !everything) continue;
    // Nobody has had a bye yet: the levels that allow a second one have nobody to give it to.
    const byes = n % 2 === 0 ? [0] : byeLevel ? [] : Array.from({ length: n }, (_, k) => n - k);
    for (const bye of byes) {
      if (budget <= 0 && !everything) break;
      const search = pairRest(n, met, bye, (level & 4) !== 0, everything ? n : Math.min(budget, 5000));
      budget -= search.choices;
      const partners = search.partners;
      if (!partners) continue;
      const boards: [string, string | null][] = [];
      for (let i = 1; i <= n; i++) {
        const p = partners[i] as number;
        if (p > i) boards.push([bySeed[i - 1] as string, bySeed[p - 1] as string]);
      }
      if (bye > 0) boards.push([bySeed[bye - 1] as string, null]);
      return boards;
    }
  }
  throw new Error(`No Swiss pairing was found for ${n} players`);
}
