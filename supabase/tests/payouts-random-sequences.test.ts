/**
 * Money and fairness in any order of events: random sequences of payments (twice, late, failed), refunds,
 * chargebacks, check-in, the draw, reports that agree or not, disputes, walkovers, replays,
 * disqualifications, corrections, catalog syncs, clock jumps, due work, the outbox's provider answers
 * (done, refused, retried, lost, repeated), provider webhooks (in any order, twice, never), KYC and
 * payouts, over a pod and a championship edition at once. After every step the invariants of
 * random-sequences/invariants.ts must hold; a failure shrinks to a shortest sequence and prints its seed.
 *
 * `npm run fuzz -- --runs N [--seed S] [--steps K] [--skip a,b]` runs more (scripts/fuzz.ts). Each sequence
 * runs in one transaction of a database migrated once, rolled back afterwards.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaleEngine, type TestDatabase } from './helpers.ts';
import { type Real, settle, stepArbitraries } from './random-sequences/commands.ts';
import { Finding, INVARIANTS } from './random-sequences/invariants.ts';
import { Model } from './random-sequences/model.ts';
import { buildWorld, POD_SERIES, Session, type World } from './random-sequences/world.ts';

const settings = {
  runs: Number(process.env.FUZZ_RUNS ?? 150),
  steps: Number(process.env.FUZZ_STEPS ?? 80),
  seed: process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED),
  path: process.env.FUZZ_PATH || undefined,
  /** The commands' own replayPath a failure prints: without it, a shrunk sequence cannot be replayed. */
  replayPath: process.env.FUZZ_REPLAY_PATH || undefined,
  skip: new Set((process.env.FUZZ_SKIP ?? '').split(',').filter(Boolean)),
  /**
   * A bound on the whole run, shrinking included (npm test); 0: none. 60 s on PostgreSQL play about twice the
   * sequences 100 s played on PGlite, on the same busy machine (docs/testing.md).
   */
  timeLimitMs: Number(process.env.FUZZ_TIME_LIMIT_MS ?? 60_000) || undefined,
};

// The sequences repeat every money and fairness function many times: once, on PostgreSQL when the run covers
// it (engine-choice.ts, scaleEngineName), where the money is real and a sequence costs a third of PGlite's.
const engine = scaleEngine;

describe('random sequences of money and fairness events', () => {
  let db: TestDatabase;
  let world: World;
  let podId: string;

  beforeAll(async () => {
    const started = performance.now();
    db = await engine.start();
    const opened = performance.now();
    world = await buildWorld(db);
    console.info(
      `random sequences: database opened from the migrated template in ${((opened - started) / 1000).toFixed(1)} s, world built in ${((performance.now() - opened) / 1000).toFixed(1)} s`,
    );
    const [pod] = (
      await db.admin.query<{ id: string }>('select id from public.tournaments where series_id = $1 and pod_number = 1', [POD_SERIES])
    ).rows;
    podId = pod?.id as string;
  });
  afterAll(async () => {
    await db?.close();
  });

  it('knows every invariant it is told to skip', () => {
    for (const name of settings.skip) expect(INVARIANTS).toContain(name);
  });

  it(
    'keeps every invariant after every step of random sequences',
    async () => {
      let sequences = 0;
      let steps = 0;
      const moves = new Map<string, string>();
      const timing = { act: 0, check: 0 };
      const coverage = new Map<string, number>();
      const survey = process.env.FUZZ_SURVEY ? new Map<string, { detail: string; trace: string[] }>() : undefined;
      const started = Date.now();
      const property = fc.asyncProperty(
        fc.commands(stepArbitraries, { maxCommands: settings.steps, size: 'max', replayPath: settings.replayPath }),
        async (commands) => {
          const session = new Session(world);
          await session.begin();
          try {
            const model = new Model();
            for (const row of await session.read<{ id: string; c: string }>(
              'select id, draw_commitment as c from public.tournaments where draw_commitment is not null',
            )) {
              model.commitments.set(row.id, row.c);
            }
            const real: Real = { s: session, world, podId, trace: [], skip: settings.skip, timing, survey };
            await fc.asyncModelRun(() => ({ model, real }), commands);
            if (!settings.skip.has('refunds_owed_are_made')) {
              try {
                await settle(model, real);
              } catch (error) {
                if (!(survey && error instanceof Finding)) throw error;
                const known = survey.get(error.invariant);
                if (!known || known.trace.length > real.trace.length)
                  survey.set(error.invariant, { detail: error.message.split('\n')[0] ?? '', trace: [...real.trace] });
              }
            }
            sequences += 1;
            steps += real.trace.length;
            if (process.env.FUZZ_TRACE) console.info(`sequence ${sequences}:\n  ${real.trace.join('\n  ')}`);
            for (const [move, step] of model.moves) if (!moves.has(move)) moves.set(move, step);
            for (const line of real.trace) {
              const kind = `${line.slice(0, line.indexOf('(') >= 0 ? line.indexOf('(') : line.indexOf(' '))}${line.includes('-> refused') ? ' refused' : ''}`;
              coverage.set(kind, (coverage.get(kind) ?? 0) + 1);
              for (const word of [
                'registered',
                'refund_required',
                'awaiting_approval',
                'approved',
                'verified',
                'settled:',
                'prizes_settled',
                'draws_run',
                'confirmed',
                'waitlisted',
                'waiting #',
              ]) {
                if (line.includes(word)) coverage.set(`~${word}`, (coverage.get(`~${word}`) ?? 0) + 1);
              }
            }
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
        `random sequences: ${sequences} passed, ${steps} steps, ${seconds} s (acting ${(timing.act / 1000).toFixed(1)} s, checking ${(timing.check / 1000).toFixed(1)} s; seed ${result.seed}${settings.skip.size ? `, skipping ${[...settings.skip].join(', ')}` : ''})`,
      );
      if (process.env.FUZZ_COVERAGE) {
        console.info(
          `steps by kind:\n  ${[...coverage]
            .sort()
            .map(([k, n]) => `${k}: ${n}`)
            .join('\n  ')}`,
        );
      }
      for (const [invariant, { detail, trace }] of survey ?? []) {
        console.info(`FAILS ${invariant}: ${detail}\n  after ${trace.length} steps:\n    ${trace.join('\n    ')}`);
      }
      if (process.env.FUZZ_MOVES) console.info(`status moves seen:\n  ${[...moves.keys()].sort().join('\n  ')}`);
      if (result.failed) {
        const cause = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
        throw new Error(`${fc.defaultReportMessage(result) ?? 'a random sequence failed'}\n${cause}`);
      }
    },
    30 * 60_000,
  );
});
