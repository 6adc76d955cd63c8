/**
 * Money and fairness in every format: random sequences of check-ins, reports (agreeing or not, level scores,
 * hostile text), disputes settled by staff, walkovers, disqualifications mid-group, corrections, clock moves with
 * the periodic work and prize credits, each over a fresh paid cup of one format (random-sequences/formats.ts):
 * one knockout, groups then a knockout, Swiss or double elimination. After every step the money invariants
 * (random-sequences/invariants.ts) and the formats' fairness invariants must hold; a failure shrinks to a shortest
 * sequence and prints its seed.
 *
 * The same settings as payouts-random-sequences.test.ts (FUZZ_RUNS, FUZZ_STEPS, FUZZ_SEED, FUZZ_PATH, FUZZ_SKIP,
 * FUZZ_TIME_LIMIT_MS; FUZZ_REPLAY_PATH is the replayPath a failure prints, with its seed and path), with a budget
 * of its own of at most 30 s (FUZZ_FORMATS_TIME_LIMIT_MS) so it adds little to the SQL lane; `npm run fuzz --
 * --formats` runs more (and takes --replay-path). Each sequence runs in one transaction, rolled back.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeProfile, createUser, scaleEngine, player, type TestDatabase } from './helpers.ts';
import { type Real, settle } from './random-sequences/commands.ts';
import {
  checkFormatInvariants,
  FORMAT_INVARIANTS,
  FORMATS,
  FormatMemory,
  formatStepArbitraries,
  freshFormatCup,
} from './random-sequences/formats.ts';
import { INVARIANTS } from './random-sequences/invariants.ts';
import { Model } from './random-sequences/model.ts';
import { buildWorld, POD_SERIES, Session, type World } from './random-sequences/world.ts';

const limit = (value: string | undefined, fallback: number) => (value === undefined ? fallback : Number(value) || undefined);
const ownLimit = limit(process.env.FUZZ_FORMATS_TIME_LIMIT_MS, 30_000);
const sharedLimit = limit(process.env.FUZZ_TIME_LIMIT_MS, 30_000);
const settings = {
  runs: Number(process.env.FUZZ_RUNS ?? 100),
  steps: Number(process.env.FUZZ_STEPS ?? 60),
  seed: process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED),
  path: process.env.FUZZ_PATH || undefined,
  skip: new Set((process.env.FUZZ_SKIP ?? '').split(',').filter(Boolean)),
  /** A bound on the whole run, shrinking included: the smaller of this file's and the shared one; none when both are 0. */
  timeLimitMs: ownLimit === undefined ? sharedLimit : sharedLimit === undefined ? ownLimit : Math.min(ownLimit, sharedLimit),
};

// The sequences repeat every money and fairness function many times: once, on PostgreSQL when the run covers
// it (engine-choice.ts, scaleEngineName), where the money is real and a sequence costs a third of PGlite's.
const engine = scaleEngine;

describe('random sequences of money and fairness events in every format', () => {
  let db: TestDatabase;
  let world: World;
  let podId: string;

  beforeAll(async () => {
    const started = performance.now();
    db = await engine.start();
    world = await buildWorld(db);
    // An eighth player, so that every format can fill its eight places.
    const eighth = await createUser(db, 'fuzz-p8@golazo.test');
    await completeProfile(db, eighth.id);
    await db.admin.query(`update public.profiles set in_game_name = 'P8', legal_name = 'Player Number 8' where id = $1`, [eighth.id]);
    world.players.push({ id: eighth.id, email: eighth.email, actor: player(eighth.id, eighth.email), name: 'P8' });
    const [pod] = (
      await db.admin.query<{ id: string }>('select id from public.tournaments where series_id = $1 and pod_number = 1', [POD_SERIES])
    ).rows;
    podId = pod?.id as string;
    console.info(`format sequences: database opened and world built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('knows every invariant it is told to skip', () => {
    for (const name of settings.skip) expect([...INVARIANTS, ...FORMAT_INVARIANTS]).toContain(name);
  });

  it(
    'keeps every invariant after every step of random sequences in every format',
    async () => {
      let steps = 0;
      const timing = { act: 0, check: 0 };
      const played = new Map<string, { sequences: number; finished: number; settled: number }>();
      const started = Date.now();
      const property = fc.asyncProperty(
        fc.constantFrom(...FORMATS),
        fc.integer({ min: 6, max: 8 }),
        fc.commands(formatStepArbitraries, {
          maxCommands: settings.steps,
          size: 'max',
          replayPath: process.env.FUZZ_REPLAY_PATH || undefined,
        }),
        async (format, players, commands) => {
          const session = new Session(world);
          await session.begin();
          try {
            const model = new Model();
            const memory = new FormatMemory();
            const real: Real = {
              s: session,
              world,
              podId,
              trace: [],
              skip: settings.skip,
              timing,
              afterStep: (_m, r) => checkFormatInvariants(r, memory),
            };
            const cup = await freshFormatCup(model, real, format, players);
            for (const row of await session.read<{ id: string; c: string }>(
              'select id, draw_commitment as c from public.tournaments where draw_commitment is not null',
            )) {
              model.commitments.set(row.id, row.c);
            }
            real.trace.push(`${format} cup of ${players} players`);
            await fc.asyncModelRun(() => ({ model, real }), commands);
            // Then the providers and the periodic work catch up: every refund owed (a cancelled cup, a withdrawal) is made.
            if (!settings.skip.has('refunds_owed_are_made')) await settle(model, real);
            steps += real.trace.length - 1;
            const [end] = await session.read<{ finished: boolean; settled: boolean }>(
              'select finished_at is not null as finished, settled_at is not null as settled from public.tournaments where id = $1',
              [cup],
            );
            const tally = played.get(format) ?? { sequences: 0, finished: 0, settled: 0 };
            played.set(format, {
              sequences: tally.sequences + 1,
              finished: tally.finished + (end?.finished ? 1 : 0),
              settled: tally.settled + (end?.settled ? 1 : 0),
            });
            if (process.env.FUZZ_TRACE) console.info(`sequence:\n  ${real.trace.join('\n  ')}`);
          } finally {
            await session.rollback();
          }
        },
      );
      const result = await fc.check(property, {
        numRuns: settings.runs,
        seed: settings.seed,
        path: settings.path,
        interruptAfterTimeLimit: settings.timeLimitMs,
        endOnFailure: false,
      });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.info(
        `format sequences: ${[...played].map(([f, t]) => `${f} ${t.sequences} (${t.finished} finished, ${t.settled} paid)`).join(', ')}; ${steps} steps, ${seconds} s (acting ${(timing.act / 1000).toFixed(1)} s, checking ${(timing.check / 1000).toFixed(1)} s; seed ${result.seed})`,
      );
      if (result.failed) {
        const cause = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
        throw new Error(`${fc.defaultReportMessage(result) ?? 'a random sequence failed'}\n${cause}`);
      }
    },
    30 * 60_000,
  );
});
