/**
 * The declared state machines (private.status_transitions): every function that writes a status is named
 * for the moves it makes, every table that holds one has the trigger, a move that is not declared fails
 * loudly whoever makes it, the moves the functions make go through, and the TypeScript module is the table.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderStateMachines, STATE_MACHINES_MODULE } from '../../scripts/schema/state-machines.ts';
import { STATE_MACHINES } from '../functions/_shared/state-machines.generated.ts';
import { createRegistration, createTournament, createUser, engines, expectSqlError, serviceRole, type TestDatabase } from './helpers.ts';

/** SQLSTATE 09000, triggered action exception: a programming error, answered 500 by PostgREST. */
const UNDECLARED_MOVE = '09000';

/** Each governed table: the columns whose change is a move, and the machine each belongs to. */
const GOVERNED: Record<string, Record<string, string>> = {
  'public.entries': { status: 'entry' },
  'public.tournament_registrations': { status: 'registration' },
  'public.matches': { status: 'match' },
  'private.match_reports': { superseded_at: 'report' },
  'public.match_disputes': { settled_at: 'dispute', outcome: 'dispute' },
  'public.payments': { status: 'payment', refunded_paise: 'refund' },
  'public.kyc_records': { status: 'kyc' },
  'public.payouts': { status: 'payout' },
  'private.prize_awards': { status: 'prize_award' },
  'private.chargebacks': { status: 'chargeback' },
  'public.waitlist_places': { status: 'waitlist_place' },
  'private.grievances': { status: 'grievance' },
  'private.webhook_deliveries': { status: 'webhook_delivery' },
  'public.tournaments': {
    drawn_at: 'tournament.drawn_at',
    finished_at: 'tournament.finished_at',
    settled_at: 'tournament.settled_at',
    cancelled_at: 'tournament.cancelled_at',
  },
};

/** Tables whose status only one function changes (the trigger's third argument): the moves are its callers'. */
const ONE_WRITER: Record<string, string> = { 'public.matches': 'private.set_match_status' };

/** Status columns that are not a machine of their own, and why. */
const NOT_A_MACHINE: Record<string, string> = {
  'private.outbox.status': 'the delivery state of an outside call, moved only by the outbox functions',
  'public.kyc_records.pan_name_status': 'one of the two checks behind a KYC record: the kyc machine governs the record',
  'public.kyc_records.upi_status': 'one of the two checks behind a KYC record: the kyc machine governs the record',
};

type Transition = { machine: string; from_status: string | null; to_status: string; allowed_by: string[] | null };
type Write = { fn: string; table: string; machine: string; kind: 'update' | 'insert' };

/** Every statement in a function body that writes a governed column: `update <table> ... set <column> =` or an insert. */
function writesOf(fn: string, body: string): Write[] {
  const writes: Write[] = [];
  const sql = body.replace(/--[^\n]*/g, '');
  for (const [table, columns] of Object.entries(GOVERNED)) {
    const name = table.replace('.', '\\.');
    for (const m of sql.matchAll(
      new RegExp(`\\bupdate\\s+${name}(?:\\s+(?:as\\s+)?\\w+)?\\s+set\\s+([\\s\\S]*?)(?:\\bwhere\\b|\\breturning\\b|;|$)`, 'gi'),
    )) {
      for (const [column, machine] of Object.entries(columns)) {
        if (new RegExp(`(^|[\\s,(])${column}\\s*=`, 'i').test(m[1] ?? '')) writes.push({ fn, table, machine, kind: 'update' });
      }
    }
    // A machine with one writer: its callers make the moves (the writer itself is skipped below).
    if (table in ONE_WRITER && new RegExp(`\\b${ONE_WRITER[table]?.replace('.', '\\.')}\\s*\\(`, 'i').test(sql)) {
      for (const machine of new Set(Object.values(columns))) writes.push({ fn, table, machine, kind: 'update' });
    }
    if (new RegExp(`\\binsert\\s+into\\s+${name}\\b`, 'i').test(sql)) {
      for (const machine of new Set(Object.values(columns))) writes.push({ fn, table, machine, kind: 'insert' });
    }
  }
  return writes;
}

for (const engine of engines) {
  describe(`declared state machines on ${engine.name}`, () => {
    let db: TestDatabase;
    let transitions: Transition[];
    let functions: { name: string; body: string }[];

    beforeAll(async () => {
      db = await engine.start();
      transitions = (await db.admin.query<Transition>('select machine, from_status, to_status, allowed_by from private.status_transitions'))
        .rows;
      functions = (
        await db.admin.query<{ name: string; body: string }>(
          `select n.nspname || '.' || p.proname as name, p.prosrc as body
             from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname in ('public', 'private') and p.prokind = 'f'`,
        )
      ).rows;
    });
    afterAll(() => db?.close());

    it('guards every table that holds a status with the trigger, on insert and on update', async () => {
      const { rows } = await db.admin.query<{ tbl: string; tgname: string }>(
        `select c.relnamespace::regnamespace || '.' || c.relname as tbl, t.tgname
           from pg_trigger t join pg_class c on c.oid = t.tgrelid
          where t.tgfoid = 'private.keep_to_state_machines'::regproc and t.tgenabled = 'O'`,
      );
      for (const table of Object.keys(GOVERNED)) {
        const bare = table.split('.')[1];
        expect(
          rows
            .filter((r) => r.tbl === table)
            .map((r) => r.tgname)
            .sort(),
          table,
        ).toEqual([`${bare}_move_along_state_machine`, `${bare}_start_in_state_machine`]);
      }
      expect(new Set(transitions.map((t) => t.machine))).toEqual(new Set(Object.values(GOVERNED).flatMap((c) => Object.values(c))));
    });

    it('knows every status column: each is a machine, or says why not', async () => {
      const { rows } = await db.admin.query<{ col: string }>(
        `select n.nspname || '.' || c.relname || '.' || a.attname as col
           from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname in ('public', 'private') and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
            and (a.attname = 'status' or a.attname like '%\\_status') and c.oid <> 'private.status_transitions'::regclass`,
      );
      const governed = Object.entries(GOVERNED).flatMap(([table, columns]) => Object.keys(columns).map((c) => `${table}.${c}`));
      const unknown = rows.map((r) => r.col).filter((col) => !governed.includes(col) && !(col in NOT_A_MACHINE));
      expect(unknown, 'a status column without a machine: declare its moves in private.status_transitions').toEqual([]);
    });

    it('names, for every function that writes a status, the moves it makes', () => {
      const problems: string[] = [];
      for (const { name, body } of functions) {
        if (name === 'private.keep_to_state_machines' || Object.values(ONE_WRITER).includes(name)) continue;
        for (const write of writesOf(name, body)) {
          const ofMachine = transitions.filter((t) => t.machine === write.machine);
          const mine = ofMachine.filter((t) => (write.kind === 'insert') === (t.from_status === null));
          const anyWriter = mine.some((t) => t.allowed_by === null);
          if (!anyWriter && !mine.some((t) => t.allowed_by?.includes(name))) {
            problems.push(
              `${name} ${write.kind === 'insert' ? 'inserts into' : 'updates'} ${write.table} (${write.machine}) but no move names it`,
            );
          }
        }
      }
      expect(problems).toEqual([]);
    });

    it('names only functions that exist and write the table of their machine', () => {
      const problems: string[] = [];
      for (const t of transitions) {
        for (const actor of t.allowed_by ?? []) {
          const fn = functions.find((f) => f.name === actor);
          if (!fn) problems.push(`${t.machine} ${t.from_status} -> ${t.to_status}: no function ${actor}`);
          else if (!writesOf(actor, fn.body).some((w) => w.machine === t.machine && (w.kind === 'insert') === (t.from_status === null))) {
            problems.push(`${t.machine} ${t.from_status ?? '(new)'} -> ${t.to_status}: ${actor} never writes it`);
          }
        }
      }
      expect(problems).toEqual([]);
    });

    describe('an undeclared move fails loudly', () => {
      let paymentId: string;
      let tournamentId: string;

      beforeAll(async () => {
        const buyer = await createUser(db);
        const cup = await createTournament(db);
        tournamentId = cup.id;
        ({ paymentId } = await createRegistration(db, buyer.id, cup.id));
        await db.admin.exec(`
          create function private.test_rogue_unpay(p_id uuid) returns void language plpgsql set search_path = '' as $$
          begin update public.payments set status = 'created' where id = p_id; end $$;
          create function private.test_rogue_refund(p_id uuid) returns void language plpgsql set search_path = '' as $$
          begin update public.payments set status = 'refunded', refund_id = 'rfnd_rogue' where id = p_id; end $$;
          create function private.test_rogue_redraw(p_id text) returns void language plpgsql set search_path = '' as $$
          begin update public.tournaments set drawn_at = drawn_at + interval '1 minute' where id = p_id; end $$;`);
      });

      it('from a function the move is not declared for', async () => {
        await expectSqlError(
          db.admin.query('select private.test_rogue_unpay($1)', [paymentId]),
          UNDECLARED_MOVE,
          'public.payments: payment paid -> created is not a declared move of the payment machine (by private.test_rogue_unpay)',
        );
      });

      it('from a function not named for a declared move', async () => {
        await expectSqlError(
          db.admin.query('select private.test_rogue_refund($1)', [paymentId]),
          UNDECLARED_MOVE,
          'public.payments: payment paid -> refunded may only be made by private.apply_refund, not by private.test_rogue_refund',
        );
        expect((await db.admin.query('select status from public.payments where id = $1', [paymentId])).rows).toEqual([{ status: 'paid' }]);
      });

      it('from the service role over REST', async () => {
        await expectSqlError(
          db.as(serviceRole, `update public.payments set status = 'refund_pending' where id = $1`, [paymentId]),
          UNDECLARED_MOVE,
          'payment paid -> refund_pending may only be made by public.service_confirm_tournament_payment, private.refund_cancelled_tournament, private.fill_places_from_waitlist, private.refund_missed_pod_check_ins, public.leave_waitlist, not by a statement outside any function',
        );
        await expectSqlError(
          db.as(
            serviceRole,
            `insert into public.payouts (user_id, gross_paise, tax_paise, net_paise, status, upi_id, created_at, updated_at)
             select user_id, 100, 0, 100, 'processed', 'x@okaxis', now(), now() from public.payments where id = $1`,
            [paymentId],
          ),
          UNDECLARED_MOVE,
          'public.payouts: payout (new row) -> processed is not a declared move of the payout machine (by a statement outside any function)',
        );
      });

      it('from the database superuser, unless a fixture says so', async () => {
        const asSuperuser = (sql: string, fixture: boolean) =>
          db.admin.transaction(async (tx) => {
            await tx.query(`select set_config('golazo.acting', $1, true)`, [fixture ? 'fixture' : '']);
            await tx.query(sql, [tournamentId]);
          });
        await expectSqlError(
          asSuperuser(`update public.tournaments set cancelled_at = now(), cancel_reason = 'By hand.' where id = $1`, false),
          UNDECLARED_MOVE,
          'public.tournaments: tournament.cancelled_at unset -> set may only be made by private.cancel_tournament, not by a statement outside any function',
        );
        await asSuperuser(`update public.tournaments set drawn_at = now() where id = $1`, true);
        // A fixture's session is still checked inside every function it calls.
        await expectSqlError(
          db.admin.query('select private.test_rogue_redraw($1)', [tournamentId]),
          UNDECLARED_MOVE,
          'tournament.drawn_at set -> moved is not a declared move',
        );
      });
      it('for a statement of many new matches, checked once for the statement (each starting status, the caller)', async () => {
        // The matches' start is checked once per statement (a draw writes hundreds of rows at once): a start no function
        // made, or an undeclared one, still fails the whole statement, and a fixture may still write any.
        const cup = await createTournament(db);
        const insert = (statuses: string[]) =>
          `insert into public.matches (tournament_id, round, position, status, scheduled_at)
           select $1, 1, s.n, s.status, now() from unnest(array['${statuses.join("','")}']) with ordinality as s (status, n)`;
        const asSuperuser = (sql: string, fixture: boolean) =>
          db.admin.transaction(async (tx) => {
            await tx.query(`select set_config('golazo.acting', $1, true)`, [fixture ? 'fixture' : '']);
            await tx.query(sql, [cup.id]);
          });
        await expectSqlError(asSuperuser(insert(['scheduled', 'pending', 'scheduled']), false), UNDECLARED_MOVE, 'may only be made by');
        await expectSqlError(
          asSuperuser(insert(['pending', 'confirmed']), false),
          UNDECLARED_MOVE,
          'public.matches: match (new row) -> confirmed is not a declared move of the match machine (by a statement outside any function)',
        );
        expect((await db.admin.query('select 1 from public.matches where tournament_id = $1', [cup.id])).rows).toEqual([]);
        // Inside a function, the function whose statement made the rows is the one named.
        await db.admin.query(
          `create or replace function private.test_rogue_schedule(p_id text) returns void language plpgsql set search_path = '' as $$
           begin
             insert into public.matches (tournament_id, round, position, status, scheduled_at)
             select p_id, 2, n, 'scheduled', now() from generate_series(1, 3) as n;
           end $$`,
        );
        await expectSqlError(
          db.admin.query('select private.test_rogue_schedule($1)', [cup.id]),
          UNDECLARED_MOVE,
          /match \(new row\) -> scheduled may only be made by private\.run_draw, .*, not by private\.test_rogue_schedule$/,
        );
        await asSuperuser(insert(['scheduled', 'pending', 'bye']), true);
        expect(
          (await db.admin.query('select status from public.matches where tournament_id = $1 order by position', [cup.id])).rows,
        ).toEqual([{ status: 'scheduled' }, { status: 'pending' }, { status: 'bye' }]);
      });
    });

    describe('a declared move goes through when its function makes it', () => {
      it('payment: created, failed, paid; refund: none to full', async () => {
        const buyer = await createUser(db);
        const cup = await createTournament(db);
        const order = `order_${randomUUID().slice(0, 12)}`;
        const rpc = async (sql: string, params: unknown[]) => (await db.as(serviceRole, sql, params))[0];
        await rpc('select public.service_record_payment_order($1, $2, 1, $3, 15000, $4)', [buyer.id, cup.id, order, 'INR']);
        await rpc('select public.service_record_payment_failure($1, $2, $3)', [order, `pay_${order.slice(6)}a`, 'Declined']);
        const status = async () =>
          (
            await db.admin.query<{ status: string; refunded_paise: number }>(
              'select status, refunded_paise from public.payments where razorpay_order_id = $1',
              [order],
            )
          ).rows[0];
        expect(await status()).toEqual({ status: 'failed', refunded_paise: 0 });
        await rpc('select public.service_confirm_tournament_payment($1, $2)', [order, `pay_${order.slice(6)}b`]);
        expect(await status()).toEqual({ status: 'paid', refunded_paise: 0 });
        await rpc('select public.service_record_payment_refund($1, $2, 15000)', [`pay_${order.slice(6)}b`, `rfnd_${order.slice(6)}`]);
        expect(await status()).toEqual({ status: 'refunded', refunded_paise: 15000 });
      });

      it('tournament: cancelled once by the function that cancels it', async () => {
        const cup = await createTournament(db);
        await db.admin.query(`select private.cancel_tournament($1, 'Called off.', now())`, [cup.id]);
        await db.admin.query(`select private.cancel_tournament($1, 'Called off again.', now() + interval '1 hour')`, [cup.id]);
        const { rows } = await db.admin.query<{ cancel_reason: string }>('select cancel_reason from public.tournaments where id = $1', [
          cup.id,
        ]);
        expect(rows).toEqual([{ cancel_reason: 'Called off.' }]);
      });
    });

    it('skips the start check only for the starts any writer may use, as the table declares them', async () => {
      // The hot tables' start triggers do not fire for a row in an open start (a payment race's entries and
      // registrations): each trigger's condition must name exactly the table's open starts of its machine.
      const { rows } = await db.admin.query<{ tgname: string; def: string }>(
        `select t.tgname, pg_get_triggerdef(t.oid) as def from pg_trigger t
          where t.tgname in ('entries_start_in_state_machine', 'tournament_registrations_start_in_state_machine',
                             'payments_start_in_state_machine')`,
      );
      const machineOf: Record<string, string> = {
        entries_start_in_state_machine: 'entry',
        tournament_registrations_start_in_state_machine: 'registration',
        payments_start_in_state_machine: 'payment',
      };
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        const open = transitions
          .filter((t) => t.machine === machineOf[row.tgname] && t.from_status === null && t.allowed_by === null)
          .map((t) => t.to_status);
        const named = [...row.def.matchAll(/status IS DISTINCT FROM '([a-z_]+)'/g)].map((m) => m[1]);
        expect({ trigger: row.tgname, skips: named }).toEqual({ trigger: row.tgname, skips: open });
      }
    });

    it('gives TypeScript the same table (supabase/functions/_shared/state-machines.generated.ts)', async () => {
      expect(await readFile(STATE_MACHINES_MODULE, 'utf8'), 'run `npm run migration:new <name>` and commit the module').toBe(
        await renderStateMachines(db.admin),
      );
      expect(STATE_MACHINES.payout.moves.processed).toEqual(['reversed']);
    });
  });
}
