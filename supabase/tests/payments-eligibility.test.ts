/**
 * Who may enter what: dates of birth on the one clock, the PT403 refusals of the order function, free
 * tournaments entered with one button, and a parent's consent for players under 18.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  anon,
  claimsOf,
  completeProfile,
  createTournament,
  createUser,
  engines,
  expectSqlError,
  INVALID_INPUT,
  NOT_ALLOWED,
  serviceRole,
  WRONG_STATE,
  type TestDatabase,
  startWithMovableClock,
  setDatabaseClock,
} from './helpers.ts';
import { verifiedPanHolder } from './money-fixtures.ts';
import { setRequestContext } from '../local/database.ts';
import { pgConnection, type PostgresCluster } from './postgres-cluster.ts';
import { postgresCovered } from './engine-choice.ts';
import { startTestPostgresCluster } from './helpers.ts';
import { applyMigrations, applyShim } from '../local/schema-setup.ts';

const PREPARE = 'select public.service_prepare_tournament_entry($1, $2, 1) as result';
const ENTER_FREE = 'select public.enter_free_tournament($1) as result';

describe.each(engines)('entry eligibility on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(() => db?.close());
  afterEach(async () => {
    await setDatabaseClock(db, null);
    await db.admin.query('update private.entry_settings set paid_entry_enabled = true');
  });

  const setClock = (at: string) => setDatabaseClock(db, at);

  describe('paid entry', () => {
    it('is refused when the deployment switched it off, whoever asks', async () => {
      const adult = await createUser(db);
      await completeProfile(db, adult.id);
      const cup = await createTournament(db);
      await db.admin.query('update private.entry_settings set paid_entry_enabled = false');
      await expectSqlError(db.as(serviceRole, PREPARE, [adult.id, cup.id]), NOT_ALLOWED, 'Paid entry is switched off');
      expect(await db.as(anon, 'select public.get_entry_settings() as s')).toEqual([{ s: { paid_entry_enabled: false } }]);
    });

    it('needs a complete profile, date of birth and game id included', async () => {
      const cup = await createTournament(db);
      const fresh = await createUser(db);
      await expectSqlError(db.as(serviceRole, PREPARE, [fresh.id, cup.id]), NOT_ALLOWED, 'Complete your profile');
      // A profile completed before dates of birth were asked: age only.
      const older = await createUser(db);
      await db.as(older.actor, 'select public.update_my_profile($1, $2, $3, $4, null)', ['Old Player', 'OldFC', 30, 'OLD-123456']);
      await expectSqlError(db.as(serviceRole, PREPARE, [older.id, cup.id]), NOT_ALLOWED, 'Complete your profile');
    });

    // A 17-year-old paying would be a money game with a child: refused until the birthday itself (IST).
    it('opens on the 18th birthday in India, not a moment before', async () => {
      const cup = await createTournament(db);
      const teen = await createUser(db);
      await completeProfile(db, teen.id, { dateOfBirth: '2008-11-23' });
      await setClock('2026-11-22T18:29:59Z'); // 23:59:59 IST on 22 November
      await expectSqlError(db.as(serviceRole, PREPARE, [teen.id, cup.id]), NOT_ALLOWED, 'Paid entry is for players 18 and over');
      await setClock('2026-11-22T18:30:00Z'); // midnight IST: the birthday
      const [row] = await db.as<{ result: { amount_paise: number } }>(serviceRole, PREPARE, [teen.id, cup.id]);
      expect(row!.result.amount_paise).toBe(cup.entry_fee_paise);
    });

    it('needs the player to confirm they live in India', async () => {
      const cup = await createTournament(db);
      const abroad = await createUser(db);
      await completeProfile(db, abroad.id, { livesInIndia: false });
      await expectSqlError(db.as(serviceRole, PREPARE, [abroad.id, cup.id]), NOT_ALLOWED, 'live in India');
      await db.as(abroad.actor, 'select public.set_my_eligibility_details(null, true)');
      expect((await db.as(serviceRole, PREPARE, [abroad.id, cup.id])).length).toBe(1);
    });

    it('tells the player which reason applies', async () => {
      const teen = await createUser(db);
      await completeProfile(db, teen.id, { dateOfBirth: '2011-01-01' });
      expect(await db.as(teen.actor, 'select public.get_my_entry_eligibility() as e')).toEqual([
        {
          e: {
            paid_entry_refusal: 'too_young_for_paid_entry',
            free_entry_refusal: 'parental_consent_required',
            parental_consent: false,
            pending_parent_email: null,
          },
        },
      ]);
    });
  });

  describe('a profile completed before dates of birth', () => {
    // Without this door an existing player could never pay again; with a wider one a locked profile could be rewritten.
    it('gives its date of birth once, and nothing else changes', async () => {
      const older = await createUser(db);
      await db.as(older.actor, 'select public.update_my_profile($1, $2, $3, $4, null)', ['Old Player', 'OldFC', 30, 'OLD-123456']);
      const [row] = await db.as(older.actor, 'select * from public.set_my_eligibility_details($1, true)', ['1996-04-01']);
      expect(row).toMatchObject({ date_of_birth: expect.anything(), age: null, legal_name: 'Old Player' });
      await expectSqlError(
        db.as(older.actor, 'select public.set_my_eligibility_details($1, false)', ['1990-01-01']),
        WRONG_STATE,
        'already recorded',
      );
      await expectSqlError(
        db.as(older.actor, `select public.update_my_profile('New Name', 'NewFC', null, 'NEW-123456', null, '1990-01-01', true)`),
        WRONG_STATE,
        'locked',
      );
    });

    it('refuses a date of birth under 13 or in the future', async () => {
      const older = await createUser(db);
      await db.as(older.actor, 'select public.update_my_profile($1, $2, $3, $4, null)', ['Old Player', 'OldFC', 30, 'OLD-123456']);
      await setClock('2026-11-23T06:00:00Z');
      await expectSqlError(db.as(older.actor, `select public.set_my_eligibility_details('2013-11-24')`), INVALID_INPUT, 'at least 13');
      await expectSqlError(db.as(older.actor, `select public.set_my_eligibility_details('2027-01-01')`), INVALID_INPUT, 'future');
    });
  });

  describe('free tournaments', () => {
    it('are entered with one call, once per account, and never through a checkout', async () => {
      const free = await createTournament(db, { entry_fee_paise: 0, max_players: 4 });
      const me = await createUser(db);
      await completeProfile(db, me.id);
      await expectSqlError(db.as(serviceRole, PREPARE, [me.id, free.id]), WRONG_STATE, 'free');
      const [entered] = await db.as<{ result: { outcome: string } }>(me.actor, ENTER_FREE, [free.id]);
      expect(entered!.result.outcome).toBe('registered');
      await expectSqlError(db.as(me.actor, ENTER_FREE, [free.id]), WRONG_STATE, 'already registered');
      expect((await db.admin.query('select filled_slots from public.tournaments where id = $1', [free.id])).rows).toEqual([
        { filled_slots: 1 },
      ]);
    });

    it('refuse a paid tournament, a closed one and an incomplete profile', async () => {
      const paid = await createTournament(db);
      const closed = await createTournament(db, { entry_fee_paise: 0, is_live: false });
      const open = await createTournament(db, { entry_fee_paise: 0 });
      const me = await createUser(db);
      await expectSqlError(db.as(me.actor, ENTER_FREE, [open.id]), NOT_ALLOWED, 'Complete your profile');
      await completeProfile(db, me.id);
      await expectSqlError(db.as(me.actor, ENTER_FREE, [paid.id]), WRONG_STATE, 'entry fee');
      await expectSqlError(db.as(me.actor, ENTER_FREE, [closed.id]), WRONG_STATE, 'closed');
      await expectSqlError(db.as(anon, ENTER_FREE, [open.id]), '42501');
    });

    // Overbooking a bracket leaves players who "entered" without a match.
    it('stop at the capacity and say the tournament is full', async () => {
      const free = await createTournament(db, { entry_fee_paise: 0, max_players: 3 });
      const outcomes: string[] = [];
      for (let n = 0; n < 5; n++) {
        const p = await createUser(db);
        await completeProfile(db, p.id);
        outcomes.push(
          await db.as(p.actor, ENTER_FREE, [free.id]).then(
            () => 'entered',
            (e: Error) => e.message,
          ),
        );
      }
      expect(outcomes).toEqual(['entered', 'entered', 'entered', 'This tournament is full', 'This tournament is full']);
    });
  });

  describe("a parent's consent", () => {
    const CONFIRM = `select public.confirm_parental_consent($1, $2, 'Asha Rao', 'mother', true)`;
    /** The parent's own account, at the address the minors name, holding a verified PAN. */
    const parent = async () => (await verifiedPanHolder(db, 'parent@example.com')).actor;
    async function minorWithRequest() {
      const minor = await createUser(db);
      await completeProfile(db, minor.id, { dateOfBirth: '2011-06-01' });
      await db.as(minor.actor, 'select public.request_parental_consent($1)', ['Parent@Example.com']);
      // The queue names the consent only: the worker reads the address, link and code when it sends.
      const [job] = (
        await db.admin.query<{ id: number }>(
          `select id from private.outbox where kind = 'parental_consent_email' and idempotency_key like 'parental_consent_%'
          order by id desc limit 1`,
        )
      ).rows;
      const [details] = await db.as<{ d: { to: string; token: string; code: string } }>(
        serviceRole,
        'select public.service_outside_call_details($1) as d',
        [job!.id],
      );
      const mail = { payload: details!.d };
      return { minor, mail };
    }

    it('lets a minor into a free tournament once the parent opened the link', async () => {
      await setClock('2026-11-23T06:00:00Z');
      const free = await createTournament(db, { entry_fee_paise: 0 });
      const { minor, mail } = await minorWithRequest();
      expect(mail.payload.to).toBe('parent@example.com');
      await expectSqlError(db.as(minor.actor, ENTER_FREE, [free.id]), NOT_ALLOWED, "parent's consent");
      expect(
        await db.as(await parent(), `select public.confirm_parental_consent($1, $2, 'Asha Rao', 'mother', true) as r`, [
          mail.payload.token,
          mail.payload.code,
        ]),
      ).toEqual([{ r: { confirmed: true, in_game_name: 'TestFC' } }]);
      expect((await db.as(minor.actor, ENTER_FREE, [free.id])).length).toBe(1);
    });

    // A link forwarded or replayed must not stand for a second consent; a guessed one for any.
    it('takes each link once, only while fresh, and no guessed link', async () => {
      await setClock('2026-11-23T06:00:00Z');
      const first = await minorWithRequest();
      await db.as(await parent(), CONFIRM, [first.mail.payload.token, first.mail.payload.code]);
      // A used link is deleted at once: it opens nothing any more.
      await expectSqlError(db.as(await parent(), CONFIRM, [first.mail.payload.token, first.mail.payload.code]), 'PT404', 'used already');
      await expectSqlError(db.as(await parent(), CONFIRM, ['not-a-token', '000000']), 'PT404', 'not valid');

      const late = await minorWithRequest();
      await setClock('2026-11-30T06:00:01Z');
      await expectSqlError(db.as(await parent(), CONFIRM, [late.mail.payload.token, late.mail.payload.code]), WRONG_STATE, 'expired');
      expect(await db.as(late.minor.actor, `select public.get_my_entry_eligibility() ->> 'parental_consent' as c`)).toEqual([
        { c: 'false' },
      ]);
    });

    it('is never enough for paid entry', async () => {
      await setClock('2026-11-23T06:00:00Z');
      const cup = await createTournament(db);
      const { minor, mail } = await minorWithRequest();
      await db.as(await parent(), CONFIRM, [mail.payload.token, mail.payload.code]);
      await expectSqlError(db.as(serviceRole, PREPARE, [minor.id, cup.id]), NOT_ALLOWED, '18 and over');
    });

    it("is only asked for by players under 18, for someone else's address", async () => {
      const adult = await createUser(db);
      await completeProfile(db, adult.id);
      await expectSqlError(
        db.as(adult.actor, 'select public.request_parental_consent($1)', ['p@example.com']),
        WRONG_STATE,
        'No parental consent',
      );
      const minor = await createUser(db, 'kid@example.com');
      await completeProfile(db, minor.id, { dateOfBirth: '2012-01-01' });
      await expectSqlError(
        db.as(minor.actor, 'select public.request_parental_consent($1)', ['KID@example.com']),
        INVALID_INPUT,
        'not your own',
      );
      await expectSqlError(db.as(minor.actor, 'select public.request_parental_consent($1)', ['nope']), INVALID_INPUT, "parent's account");
    });
  });
});

// Many players pressing "Enter" at the same moment, each in their own database session (PostgreSQL: the
// engine hosted Supabase runs). Without the capacity lock a free tournament would take more players than
// its bracket holds.
describe.skipIf(!postgresCovered())('free entry under a real race on PostgreSQL', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startTestPostgresCluster();
    await applyShim(cluster.connection);
    await applyMigrations(cluster.connection);
  }, 120_000);
  afterAll(() => cluster?.stop());

  it('lets exactly the capacity in when twelve players enter at once', async () => {
    const admin = cluster.connection;
    const db = { admin } as unknown as TestDatabase;
    const free = await createTournament(db, { entry_fee_paise: 0, max_players: 5 });
    const players = [];
    for (let n = 0; n < 12; n++) {
      const p = await createUser(db);
      await completeProfile(db, p.id);
      players.push(p);
    }
    const sessions = await Promise.all(
      players.map(async () => {
        const client = new pg.Client({ connectionString: cluster.connectionString });
        await client.connect();
        return client;
      }),
    );
    try {
      const outcomes = await Promise.all(
        players.map((p, n) =>
          pgConnection(sessions[n]!)
            .transaction(async (tx) => {
              await setRequestContext(tx, claimsOf(p.actor));
              await tx.query(ENTER_FREE, [free.id]);
            })
            .then(
              () => 'entered',
              (e: Error) => e.message,
            ),
        ),
      );
      expect(outcomes.filter((o) => o === 'entered')).toHaveLength(5);
      expect(outcomes.filter((o) => o !== 'entered').every((o) => o === 'This tournament is full')).toBe(true);
      const { rows } = await admin.query(
        `select t.filled_slots, (select count(*)::int from public.tournament_registrations r where r.tournament_id = t.id) as entries
           from public.tournaments t where t.id = $1`,
        [free.id],
      );
      expect(rows).toEqual([{ filled_slots: 5, entries: 5 }]);
    } finally {
      await Promise.all(sessions.map((c) => c.end()));
    }
  });
});
