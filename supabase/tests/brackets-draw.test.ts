/**
 * Check-in, the draw and the bracket (docs/areas/brackets.md). The clock is moved, never waited
 * for. If these fail, a player who checked in is left out of the bracket, a no-show still plays, two
 * byes meet, two entries of one buyer meet in round 1, the draw can be redone until it suits someone, or
 * its secret can be read before the reveal.
 */
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostgresCluster } from './postgres-cluster.ts';
import { postgresCovered } from './engine-choice.ts';
import { startTestPostgresCluster } from './helpers.ts';
import { applyMigrations, applyShim } from '../local/schema-setup.ts';
import {
  anon,
  completeProfile,
  createRegistration,
  createUser,
  declareFixtures,
  engines,
  expectSqlError,
  player,
  serviceRole,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
  rpcOf,
} from './helpers.ts';

const START = new Date('2027-03-10T14:00:00Z');
const at = (minutesFromStart: number) => new Date(START.getTime() + minutesFromStart * 60_000).toISOString();
/** Championship defaults: check-in from start - 24 h to start - 60 min. */
const DURING_CHECK_IN = at(-120);
const AFTER_CHECK_IN = at(-59);

type Bracket = {
  draw: { commitment: string; secret: string | null; entry_ids: string[]; same_buyer: string[][]; bracket_size: number | null };
  rounds: Array<{
    round: number;
    name: string;
    matches: Array<{
      id: string;
      round: number;
      position: number;
      entries: Array<{ entry_id: string; in_game_name: string | null } | null>;
      winner_entry_id: string | null;
      status: string;
      scheduled_at: string;
    }>;
  }>;
};

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe.each(engines)('check-in and the draw on $name', (engine) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  const rpc = rpcOf(() => db);
  const staffActor = (id: string, email: string, aal: 'aal1' | 'aal2' = 'aal2') => player(id, email, aal);

  /** A championship starting at START with one paid registration per entry in `slotsPerBuyer`. */
  async function championship(slotsPerBuyer: number[]) {
    const id = `draw-${randomUUID().slice(0, 8)}`;
    const total = slotsPerBuyer.reduce((sum, n) => sum + n, 0);
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots,
                                       is_live, starts_at)
       values ($1, 'Draw Cup', 'championship', 'Knockout', 15000, 100000, 512, $2, true, $3)`,
      [id, total, START.toISOString()],
    );
    const buyers: Array<{ id: string; email: string; entryIds: string[] }> = [];
    for (const slots of slotsPerBuyer) {
      const user = await createUser(db);
      await completeProfile(db, user.id);
      await db.admin.query(`update public.profiles set in_game_name = $2 where id = $1`, [user.id, user.email.split('@')[0]]);
      await createRegistration(db, user.id, id, { slots });
      const { rows } = await db.admin.query<{ id: string }>(
        `select id from public.entries where tournament_id = $1 and buyer_id = $2 order by slot_number`,
        [id, user.id],
      );
      buyers.push({ id: user.id, email: user.email, entryIds: rows.map((r) => r.id) });
    }
    return { id, buyers };
  }

  /** Gives every unclaimed slot a player (as accepting an invitation does) and checks everyone in. */
  async function fillAndCheckIn(tournamentId: string, except: string[] = []) {
    const { rows } = await db.admin.query<{ id: string }>(`select id from public.entries where tournament_id = $1 and player_id is null`, [
      tournamentId,
    ]);
    for (const { id } of rows) {
      const guest = await createUser(db);
      await completeProfile(db, guest.id);
      await db.admin.query(`update public.entries set player_id = $2, accepted_at = now() where id = $1`, [id, guest.id]);
    }
    await db.admin.query(
      `update public.entries set checked_in_at = $2 where tournament_id = $1 and player_id is not null and not (id = any ($3::uuid[]))`,
      [tournamentId, DURING_CHECK_IN, except],
    );
  }

  const bracketOf = (id: string) => rpc<Bracket>(anon, 'public.get_bracket($1)', [id]);
  const runDueWork = () => db.admin.query('select private.run_due_work()');

  it('checks a player in only while the window is open, and only their own entry', async () => {
    const cup = await championship([1, 1]);
    const [first] = cup.buyers;
    const outsider = await createUser(db);

    await setDatabaseClock(db, at(-25 * 60));
    await expectSqlError(rpc(player(first!.id), 'public.check_in($1)', [cup.id]), 'PT409', 'Check-in opens at');

    await setDatabaseClock(db, DURING_CHECK_IN);
    const checkedIn = await rpc<{ entry_id: string; checked_in_at: string }>(player(first!.id), 'public.check_in($1)', [cup.id]);
    expect(checkedIn.entry_id).toBe(first!.entryIds[0]);
    // Twice is fine, and keeps the first time.
    expect(await rpc(player(first!.id), 'public.check_in($1)', [cup.id])).toEqual(checkedIn);
    await expectSqlError(rpc(outsider.actor, 'public.check_in($1)', [cup.id]), 'PT403', 'no entry');
    await expectSqlError(rpc(anon, 'public.check_in($1)', [cup.id]), '42501');

    const mine = await rpc<{ check_in: { is_open: boolean }; my_entry: { entry_id: string; checked_in_at: string } }>(
      player(first!.id),
      'public.get_my_entries($1)',
      [cup.id],
    );
    expect(mine.check_in.is_open).toBe(true);
    expect(mine.my_entry.entry_id).toBe(first!.entryIds[0]);

    await setDatabaseClock(db, AFTER_CHECK_IN);
    await expectSqlError(rpc(player(cup.buyers[1]!.id), 'public.check_in($1)', [cup.id]), 'PT409', 'has closed');
  });

  it('publishes a commitment before the draw and reveals the secret that matches it at the draw', async () => {
    const cup = await championship([1, 1, 1, 1, 1, 1]);
    await setDatabaseClock(db, DURING_CHECK_IN);
    const before = await bracketOf(cup.id);
    expect(before.draw.secret).toBeNull();
    expect(before.draw.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(before.rounds).toEqual([]);

    // Nobody reads the secret before the reveal: not players, not the service role.
    for (const actor of [anon, player(cup.buyers[0]!.id), serviceRole]) {
      await expectSqlError(db.as(actor, 'select secret from private.draw_secrets'), '42501');
    }

    await fillAndCheckIn(cup.id, [cup.buyers[5]!.entryIds[0]!]);
    await setDatabaseClock(db, AFTER_CHECK_IN);
    await runDueWork();
    const after = await bracketOf(cup.id);
    expect(after.draw.commitment).toBe(before.draw.commitment);
    expect(sha256(after.draw.secret!)).toBe(before.draw.commitment);
    expect(after.draw.entry_ids).toEqual([...after.draw.entry_ids].sort());
    expect(after.draw.entry_ids).toHaveLength(5);
    expect(after.draw.entry_ids).not.toContain(cup.buyers[5]!.entryIds[0]);
  });

  it('draws at check-in close: no-shows withdrawn, next power of two, every entry once, byes only against entries', async () => {
    for (const size of [2, 3, 5, 8, 13]) {
      const cup = await championship(Array.from({ length: size + 1 }, () => 1));
      const noShow = cup.buyers[size]!.entryIds[0]!;
      await setDatabaseClock(db, DURING_CHECK_IN);
      await fillAndCheckIn(cup.id, [noShow]);
      await setDatabaseClock(db, AFTER_CHECK_IN);
      await runDueWork();

      const bracket = await bracketOf(cup.id);
      const bracketSize = 2 ** Math.ceil(Math.log2(size));
      expect(bracket.draw.bracket_size).toBe(bracketSize);
      expect(bracket.rounds.map((r) => r.matches.length)).toEqual(
        Array.from({ length: Math.log2(bracketSize) }, (_, i) => bracketSize / 2 ** (i + 1)),
      );
      expect(bracket.rounds.at(-1)!.name).toBe('Final');

      const firstRound = bracket.rounds[0]!.matches;
      const placed = firstRound.flatMap((m) => m.entries.filter((e) => e !== null).map((e) => e!.entry_id));
      expect([...placed].sort()).toEqual([...bracket.draw.entry_ids].sort());
      expect(new Set(placed).size).toBe(size);
      expect(placed).not.toContain(noShow);

      const byes = firstRound.filter((m) => m.status === 'bye');
      expect(byes).toHaveLength(bracketSize - size);
      for (const bye of byes) {
        // The bye is always the bottom slot; its opponent is through to round 2 already.
        expect(bye.entries[0]).not.toBeNull();
        expect(bye.entries[1]).toBeNull();
        expect(bye.winner_entry_id).toBe(bye.entries[0]!.entry_id);
        const next = bracket.rounds[1]?.matches.find((m) => m.position === Math.ceil(bye.position / 2));
        if (next) expect(next.entries[(bye.position - 1) % 2]!.entry_id).toBe(bye.winner_entry_id);
      }
      expect(firstRound.filter((m) => m.entries.every((e) => e === null))).toEqual([]);

      const withdrawn = await db.admin.query<{ status: string; withdraw_reason: string }>(
        `select status, withdraw_reason, withdraw_reason_code from public.entries where id = $1`,
        [noShow],
      );
      expect(withdrawn.rows[0]).toEqual({
        status: 'withdrawn',
        withdraw_reason: 'Not checked in before check-in closed.',
        withdraw_reason_code: 'missed_check_in',
      });
      const state = await rpc<{ status: string; current_round: number }>(anon, 'public.get_tournament_state($1)', [cup.id]);
      expect(state).toMatchObject({ status: 'live', current_round: 1 });
      const changes = await rpc<Array<{ action: string; actor: string }>>(anon, 'public.get_tournament_changes($1)', [cup.id]);
      expect(changes.map((c) => c.action)).toEqual(['draw_made', 'entry_withdrawn']);
      expect(changes.every((c) => c.actor === 'Automatic')).toBe(true);
    }
  });

  it('gives the matches of a draw time-ordered ids (version 7 UUIDs) of the moment it ran', async () => {
    const cup = await championship(Array.from({ length: 13 }, () => 1));
    await setDatabaseClock(db, DURING_CHECK_IN);
    await fillAndCheckIn(cup.id);
    await setDatabaseClock(db, AFTER_CHECK_IN);
    const drawnBetween = [Date.now()];
    await runDueWork();
    drawnBetween.push(Date.now());

    const ids = (await bracketOf(cup.id)).rounds.flatMap((round) => round.matches.map((match) => match.id));
    expect(ids).toHaveLength(15);
    expect(new Set(ids).size).toBe(15);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // Their first 48 bits are the time they were made, in milliseconds (real time: ids ignore the moved
    // clock), so one draw's ids share their leading digits and the bracket compresses.
    const madeAt = ids.map((id) => Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16));
    expect(Math.min(...madeAt)).toBeGreaterThanOrEqual(drawnBetween[0]! - 1000);
    expect(Math.max(...madeAt)).toBeLessThanOrEqual(drawnBetween[1]! + 1000);
  });

  it('draws the same bracket from the same secret and entries, and another from another secret', async () => {
    const ids = Array.from({ length: 40 }, () => randomUUID()).sort();
    const buyers = ids.map(() => randomUUID());
    const seeds = async (secret: string) =>
      (await db.admin.query<{ result: string[] }>('select private.draw_seeds($1, $2::uuid[], $3::uuid[]) as result', [secret, ids, buyers]))
        .rows[0]!.result;
    const once = await seeds('a'.repeat(64));
    expect(await seeds('a'.repeat(64))).toEqual(once);
    expect(await seeds('b'.repeat(64))).not.toEqual(once);
    expect([...once].sort()).toEqual(ids);
    // Without groups, the seeds are the entries in the order of sha256(secret:entry id): anyone can recompute it.
    const secret = 'a'.repeat(64);
    expect(once).toEqual([...ids].sort((x, y) => sha256(`${secret}:${x}`).localeCompare(sha256(`${secret}:${y}`))));
  });

  it('puts the entries of one buyer in different parts of the bracket', async () => {
    // One buyer with 4 places among 10 single entries: 14 entries, a bracket of 16, four quarters.
    const cup = await championship([4, ...Array.from({ length: 10 }, () => 1)]);
    await setDatabaseClock(db, DURING_CHECK_IN);
    await fillAndCheckIn(cup.id);
    await setDatabaseClock(db, AFTER_CHECK_IN);
    await runDueWork();
    const bracket = await bracketOf(cup.id);
    expect(bracket.draw.same_buyer).toEqual([[...cup.buyers[0]!.entryIds].sort()]);
    const quarterOf = new Map<string, number>();
    for (const match of bracket.rounds[0]!.matches) {
      for (const entry of match.entries) if (entry) quarterOf.set(entry.entry_id, Math.ceil(match.position / 2));
    }
    const quarters = cup.buyers[0]!.entryIds.map((id) => quarterOf.get(id));
    expect(new Set(quarters).size).toBe(4);
  });

  it('runs the draw once: a second run, by the periodic function or by staff, changes nothing', async () => {
    const cup = await championship([1, 1, 1]);
    await setDatabaseClock(db, DURING_CHECK_IN);
    await fillAndCheckIn(cup.id);
    await setDatabaseClock(db, AFTER_CHECK_IN);
    await runDueWork();
    const first = await bracketOf(cup.id);
    await runDueWork();
    await db.admin.query('select private.run_draw($1, null)', [cup.id]);
    expect(await bracketOf(cup.id)).toEqual(first);
    const { rows } = await db.admin.query<{ n: number }>('select count(*)::int as n from public.matches where tournament_id = $1', [
      cup.id,
    ]);
    expect(rows[0]!.n).toBe(3);
  });

  it('cancels and refunds when fewer than two players check in', async () => {
    const cup = await championship([1, 1]);
    await setDatabaseClock(db, DURING_CHECK_IN);
    await fillAndCheckIn(cup.id, [cup.buyers[1]!.entryIds[0]!]);
    await setDatabaseClock(db, AFTER_CHECK_IN);
    await runDueWork();
    const state = await rpc<{ status: string }>(anon, 'public.get_tournament_state($1)', [cup.id]);
    expect(state.status).toBe('cancelled');
    const { rows } = await db.admin.query<{ status: string }>(`select status from public.payments where tournament_id = $1`, [cup.id]);
    expect(rows.map((r) => r.status)).toEqual(['refund_pending', 'refund_pending']);
    // Why, with the code a Hindi page words.
    const [listed] = await rpc<Array<{ cancel_reason: string; cancel_reason_code: string }>>(anon, 'public.get_tournament_states($1)', [
      [cup.id],
    ]);
    expect(listed).toMatchObject({
      cancel_reason: 'Fewer than two players checked in, so the tournament could not be played. Every paid entry has been refunded.',
      cancel_reason_code: 'too_few_checked_in',
    });
  });

  describe('invitations', () => {
    it('gives an extra place to the player who accepts it, once, and withdraws an unaccepted one at close', async () => {
      const cup = await championship([3]);
      const buyer = cup.buyers[0]!;
      await setDatabaseClock(db, DURING_CHECK_IN);
      const mine = await rpc<{ bought: Array<{ entry_id: string; invitation_token: string | null }> }>(
        player(buyer.id),
        'public.get_my_entries($1)',
        [cup.id],
      );
      expect(mine.bought).toHaveLength(2);
      const [second, third] = mine.bought;
      expect(second!.invitation_token).toMatch(/^[0-9a-f-]{36}$/);

      const friend = await createUser(db);
      await completeProfile(db, friend.id);
      const stranger = await createUser(db);
      await completeProfile(db, stranger.id);
      const tooYoung = await createUser(db);
      await completeProfile(db, tooYoung.id, { dateOfBirth: '2012-01-01' });

      await expectSqlError(rpc(tooYoung.actor, 'public.accept_entry_invitation($1)', [second!.invitation_token]), 'PT403', '18');
      const accepted = await rpc<{ entry_id: string }>(friend.actor, 'public.accept_entry_invitation($1)', [second!.invitation_token]);
      expect(accepted.entry_id).toBe(second!.entry_id);
      await expectSqlError(rpc(stranger.actor, 'public.accept_entry_invitation($1)', [second!.invitation_token]), 'PT409', 'taken');
      // One place per account: the friend cannot take the third place too, nor the buyer.
      await expectSqlError(rpc(friend.actor, 'public.accept_entry_invitation($1)', [third!.invitation_token]), 'PT409', 'already have');
      await expectSqlError(rpc(player(buyer.id), 'public.accept_entry_invitation($1)', [third!.invitation_token]), 'PT409', 'already have');
      // Only the buyer invites.
      await expectSqlError(rpc(stranger.actor, 'public.invite_to_entry($1, $2)', [third!.entry_id, 'x@example.com']), 'PT403');
      const invited = await rpc<{ invited_email: string }>(player(buyer.id), 'public.invite_to_entry($1, $2)', [
        third!.entry_id,
        'Pal@Example.com',
      ]);
      expect(invited.invited_email).toBe('pal@example.com');
      const mail = await db.admin.query<{ payload: { to: string; link: string } }>(
        `select payload from private.outbox where kind = 'email' and payload ->> 'to' = 'pal@example.com'`,
      );
      expect(mail.rows[0]!.payload.link).toBe(`/invite/?token=${third!.invitation_token}`);

      await rpc(friend.actor, 'public.check_in($1)', [cup.id]);
      await rpc(player(buyer.id), 'public.check_in($1)', [cup.id]);
      await setDatabaseClock(db, AFTER_CHECK_IN);
      await runDueWork();
      const { rows } = await db.admin.query<{ status: string; withdraw_reason: string | null }>(
        `select status, withdraw_reason from public.entries where id = $1`,
        [third!.entry_id],
      );
      expect(rows[0]).toEqual({ status: 'withdrawn', withdraw_reason: 'Nobody accepted this place before check-in closed.' });
      await expectSqlError(rpc(stranger.actor, 'public.accept_entry_invitation($1)', [third!.invitation_token]), 'PT409');
    });

    it('e-mails invitations under a subject of its own words, a few per place and per buyer each hour', async () => {
      const cup = await championship([5]);
      const buyer = cup.buyers[0]!;
      // The buyer's in-game name is the one thing they choose: it must not become the subject.
      await db.admin.query(`update public.profiles set in_game_name = 'WIN 5000 at evil.example' where id = $1`, [buyer.id]);
      await setDatabaseClock(db, at(-600));
      const { bought } = await rpc<{ bought: Array<{ entry_id: string }> }>(player(buyer.id), 'public.get_my_entries($1)', [cup.id]);
      const [second, third, fourth, fifth] = bought;
      const invite = (entryId: string, email: string) => rpc(player(buyer.id), 'public.invite_to_entry($1, $2)', [entryId, email]);
      const refusalHint = (call: Promise<unknown>) =>
        call.then(
          () => 'sent',
          (error: { hint?: string }) => error.hint,
        );
      const mails = async () =>
        (
          await db.admin.query<{ payload: { to: string; subject: string; text: string } }>(
            `select payload from private.outbox where kind = 'email' and idempotency_key like $1 order by id`,
            [`entry-invitation-${second!.entry_id}-%`],
          )
        ).rows.map((row) => row.payload);

      await invite(second!.entry_id, 'one@example.com');
      const [first] = await mails();
      expect(first!.subject).toBe('You are invited to play Draw Cup on Golazo Arena');
      expect(first!.subject).not.toContain('evil');
      expect(first!.text).toContain('(in-game name "WIN 5000 at evil.example")');

      // Asking again for an address already invited sends nothing more and counts nothing.
      await invite(second!.entry_id, 'one@example.com');
      await invite(second!.entry_id, 'two@example.com');
      await invite(second!.entry_id, 'three@example.com');
      expect((await mails()).map((mail) => mail.to)).toEqual(['one@example.com', 'two@example.com', 'three@example.com']);
      const refused = await invite(second!.entry_id, 'four@example.com').catch((e: unknown) => e);
      expect(refused).toMatchObject({ code: 'PT409', hint: 'invitation_emails_limit' });
      expect(String((refused as Error).message)).toMatch(/3 per place and 10 in all, per hour/);
      expect(await mails()).toHaveLength(3);
      // The link still works without an e-mail, and the other place may still be e-mailed.
      expect(await rpc(player(buyer.id), 'public.invite_to_entry($1, null)', [second!.entry_id])).toMatchObject({
        entry_id: second!.entry_id,
      });
      // Ten e-mails in all per hour, whatever the places.
      for (const [place, count] of [
        [third!, 3],
        [fourth!, 3],
        [fifth!, 1],
      ] as const) {
        for (let i = 1; i <= count; i++) await invite(place.entry_id, `${place.entry_id.slice(0, 6)}-${i}@example.com`);
      }
      expect(await refusalHint(invite(fifth!.entry_id, 'eleventh@example.com'))).toBe('invitation_emails_limit');
      // An hour later the place may send again.
      await setDatabaseClock(db, at(-600 + 61));
      await invite(second!.entry_id, 'four@example.com');
      expect(await mails()).toHaveLength(4);
    });
  });

  describe('staff', () => {
    async function staff(role: 'referee' | 'organiser' | 'admin', tournamentId: string | null = null) {
      const user = await createUser(db);
      await db.admin.query('insert into public.staff_roles (user_id, role, tournament_id) values ($1, $2, $3)', [
        user.id,
        role,
        tournamentId,
      ]);
      return { ...user, actor: staffActor(user.id, user.email) };
    }

    it('lets only organisers with two-step sign-in close check-in, never in a tournament they play in', async () => {
      const cup = await championship([1, 1, 1]);
      const organiser = await staff('organiser');
      const referee = await staff('referee');
      const elsewhere = await staff('organiser', (await championship([1])).id);
      await setDatabaseClock(db, DURING_CHECK_IN);
      await fillAndCheckIn(cup.id);

      await expectSqlError(
        rpc(player(cup.buyers[0]!.id, undefined, 'aal2'), 'public.staff_close_check_in($1)', [cup.id]),
        'PT403',
        'organiser',
      );
      await expectSqlError(rpc(referee.actor, 'public.staff_close_check_in($1)', [cup.id]), 'PT403', 'organiser');
      await expectSqlError(rpc(elsewhere.actor, 'public.staff_close_check_in($1)', [cup.id]), 'PT403');
      await expectSqlError(
        rpc(staffActor(organiser.id, organiser.email, 'aal1'), 'public.staff_close_check_in($1)', [cup.id]),
        'PT403',
        'two-step',
      );
      // An organiser who bought a place here may not run it.
      await db.admin.query('insert into public.staff_roles (user_id, role) values ($1, $2)', [cup.buyers[0]!.id, 'organiser']);
      await expectSqlError(
        rpc(player(cup.buyers[0]!.id, undefined, 'aal2'), 'public.staff_close_check_in($1)', [cup.id]),
        'PT403',
        'play in',
      );

      const result = await rpc(organiser.actor, 'public.staff_close_check_in($1)', [cup.id]);
      expect(result).toEqual({ drawn: true, entries: 3, bracket_size: 4 });
      expect(await rpc(organiser.actor, 'public.staff_close_check_in($1)', [cup.id])).toEqual(result);
      const changes = await rpc<Array<{ action: string; actor: string }>>(anon, 'public.get_tournament_changes($1)', [cup.id]);
      expect(changes.map((c) => [c.action, c.actor])).toEqual([
        ['draw_made', 'Organiser'],
        ['check_in_closed_by_staff', 'Organiser'],
      ]);
    });

    it('checks an entry in or out by hand with a public reason, not in the last 5 minutes', async () => {
      const cup = await championship([1, 1]);
      const referee = await staff('referee');
      const entry = cup.buyers[0]!.entryIds[0]!;
      await setDatabaseClock(db, DURING_CHECK_IN);
      await expectSqlError(rpc(referee.actor, 'public.staff_set_check_in($1, true, $2)', [entry, ' ']), 'PT400', 'reason');
      const done = await rpc<{ checked_in_at: string }>(referee.actor, 'public.staff_set_check_in($1, true, $2)', [
        entry,
        'Phone died; confirmed on a call',
      ]);
      expect(done.checked_in_at).not.toBeNull();
      const changes = await rpc<Array<{ summary: string; reason: string; actor: string }>>(anon, 'public.get_tournament_changes($1)', [
        cup.id,
      ]);
      expect(changes[0]).toMatchObject({ reason: 'Phone died; confirmed on a call', actor: 'Referee' });
      expect(changes[0]!.summary).toMatch(/checked in by hand/);

      await setDatabaseClock(db, at(-64));
      await expectSqlError(
        rpc(referee.actor, 'public.staff_set_check_in($1, false, $2)', [entry, 'Changed my mind']),
        'PT409',
        'last 5 minutes',
      );
    });

    it('cancels a tournament: every paid entry refunded through the outbox, every player told, progress readable', async () => {
      const cup = await championship([1, 2, 1]);
      const organiser = await staff('organiser');
      const referee = await staff('referee');
      await setDatabaseClock(db, DURING_CHECK_IN);
      await expectSqlError(rpc(referee.actor, 'public.staff_cancel_tournament($1, $2)', [cup.id, 'Server outage']), 'PT403');
      await expectSqlError(rpc(organiser.actor, 'public.staff_cancel_tournament($1, $2)', [cup.id, '']), 'PT400');
      expect(await rpc(organiser.actor, 'public.staff_cancel_tournament($1, $2)', [cup.id, 'Server outage at Konami'])).toEqual({
        refunds_queued: 3,
      });
      const refunds = await db.admin.query<{ key: string }>(
        `select idempotency_key as key from private.outbox where kind = 'razorpay_refund' and payload ->> 'tournament_id' = $1`,
        [cup.id],
      );
      expect(refunds.rows).toHaveLength(3);
      const mails = await db.admin.query<{ to: string }>(
        `select payload ->> 'to' as to from private.outbox where kind = 'email' and idempotency_key like $1`,
        [`tournament-cancelled-${cup.id}-%`],
      );
      expect(mails.rows.map((m) => m.to).sort()).toEqual(cup.buyers.map((b) => b.email).sort());
      expect(await rpc(organiser.actor, 'public.staff_refund_progress($1)', [cup.id])).toEqual({
        total: 3,
        done: 0,
        pending: 3,
        failed: 0,
      });
      const state = await rpc<{ status: string }>(anon, 'public.get_tournament_state($1)', [cup.id]);
      expect(state.status).toBe('cancelled');
      await expectSqlError(rpc(organiser.actor, 'public.staff_cancel_tournament($1, $2)', [cup.id, 'Again']), 'PT409');
    });

    it('keeps the audit log append-only for everyone, the database owner included', async () => {
      const cup = await championship([1, 1]);
      const referee = await staff('referee');
      await setDatabaseClock(db, DURING_CHECK_IN);
      await rpc(referee.actor, 'public.staff_set_check_in($1, true, $2)', [cup.buyers[0]!.entryIds[0], 'Checked by phone']);
      await expectSqlError(db.admin.query(`update public.audit_log set reason = 'edited' where tournament_id = $1`, [cup.id]), 'PT403');
      await expectSqlError(db.admin.query(`delete from public.audit_log where tournament_id = $1`, [cup.id]), 'PT403');
      await expectSqlError(db.admin.query('truncate public.audit_log'), 'PT403');
      for (const actor of [anon, referee.actor, serviceRole]) {
        await expectSqlError(db.as(actor, `update public.audit_log set reason = 'edited'`), '42501');
      }
      // Nobody reads the table directly: the public rows come through get_tournament_changes, the rest
      // through staff_get_audit.
      await expectSqlError(db.as(player(cup.buyers[0]!.id), 'select * from public.audit_log'), '42501');
      expect((await rpc<unknown[]>(referee.actor, 'public.staff_get_audit($1)', [cup.id])).length).toBe(1);
    });

    it('lets only global admins grant and revoke roles', async () => {
      const admin = await staff('admin');
      const organiser = await staff('organiser');
      const newcomer = await createUser(db);
      await expectSqlError(rpc(organiser.actor, 'public.admin_grant_role($1, $2)', [newcomer.email, 'referee']), 'PT403');
      await expectSqlError(rpc(admin.actor, 'public.admin_grant_role($1, $2)', [newcomer.email, 'boss']), 'PT400');
      await expectSqlError(rpc(admin.actor, 'public.admin_grant_role($1, $2)', ['nobody@example.com', 'referee']), 'PT404');
      const { id } = await rpc<{ id: string }>(admin.actor, 'public.admin_grant_role($1, $2)', [newcomer.email.toUpperCase(), 'referee']);
      expect(await rpc(player(newcomer.id), 'public.get_my_staff_roles()')).toEqual([{ id, role: 'referee', tournament_id: null }]);
      await rpc(admin.actor, 'public.admin_revoke_role($1)', [id]);
      expect(await rpc(player(newcomer.id), 'public.get_my_staff_roles()')).toEqual([]);
      const [own] = await rpc<Array<{ id: string }>>(admin.actor, 'public.get_my_staff_roles()');
      await expectSqlError(rpc(admin.actor, 'public.admin_revoke_role($1)', [own!.id]), 'PT409');
    });
  });
});

describe.runIf(postgresCovered())('the draw under concurrent calls on PostgreSQL', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startTestPostgresCluster();
    await applyShim(cluster.connection);
    await applyMigrations(cluster.connection);
    await declareFixtures(cluster.connection);
  }, 120_000);
  afterAll(() => cluster?.stop());

  /** A championship of 20 paid entries, all checked in, whose check-in has closed: the next draw of it is due. */
  async function checkedInChampionship(prefix: string, stages: unknown[] | null = null) {
    const admin = cluster.client;
    const id = `${prefix}-${randomUUID().slice(0, 8)}`;
    await admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots,
                                       is_live, starts_at, registration_closes_at, stages)
       values ($1, 'Race Cup', 'championship', 'Knockout', 15000, 100000, 64, 20, true, now() + interval '50 minutes', now() - interval '1 hour',
               $2::jsonb)`,
      [id, stages === null ? null : JSON.stringify(stages)],
    );
    await admin.query(
      `with players as (
         insert into auth.users (id, aud, role, email)
         select gen_random_uuid(), 'authenticated', 'authenticated', 'racer' || n || '-' || $1 || '@golazo.test'
           from generate_series(1, 20) as n
         returning id
       ), paid as (
         insert into public.payments (user_id, tournament_id, razorpay_order_id, razorpay_payment_id, amount_paise, slots, status, paid_at)
         select id, $1, 'order_' || md5(id::text), 'pay_' || md5(id::text), 15000, 1, 'paid', now() from players
         returning id, user_id
       )
       insert into public.tournament_registrations (user_id, tournament_id, slots, payment_id)
       select user_id, $1, 1, id from paid`,
      [id],
    );
    await admin.query(`update public.entries set checked_in_at = now() where tournament_id = $1`, [id]);
    return id;
  }

  it("writes each match of a draw once, in its state after the draw: a bye's player is in round 2 from the start", async () => {
    // A row written twice pays its indexes, foreign keys and triggers twice: most of a big draw's cost once was
    // the byes' players moved into round 2 and their matches started after the insert.
    for (const stages of [null, [{ kind: 'double_elimination' }]]) {
      const id = await checkedInChampionship('once', stages);
      const client = new pg.Client({ connectionString: cluster.connectionString });
      await client.connect();
      try {
        await client.query('begin');
        await client.query('select private.run_draw($1, null)', [id]);
        const written = await client.query<{ inserted: number; updated: number }>(
          `select n_tup_ins::int as inserted, n_tup_upd::int as updated from pg_stat_xact_user_tables where relid = 'public.matches'::regclass`,
        );
        await client.query('commit');
        expect(written.rows[0]!.updated, `${stages ? 'double elimination' : 'knockout'}: matches updated by the draw`).toBe(0);
        expect(written.rows[0]!.inserted).toBeGreaterThan(0);
      } finally {
        await client.end();
      }
      // 20 players in a bracket of 32: 12 byes, each bye's player already in the match its link leads to, and a
      // match both of whose players came through byes is on.
      const { rows } = await cluster.client.query<{ byes: number; placed: number; waiting: number; started: number }>(
        `select count(*) filter (where b.status = 'bye')::int as byes,
                count(*) filter (where b.status = 'bye' and b.winner_entry_id = case b.next_slot when 'a' then n.entry_a else n.entry_b end)::int as placed,
                count(distinct n.id) filter (where n.status = 'pending' and n.entry_a is not null and n.entry_b is not null)::int as waiting,
                count(distinct n.id) filter (where n.status = 'scheduled')::int as started
           from public.matches b join public.matches n on n.id = b.next_match_id
          where b.tournament_id = $1 and b.status in ('bye', 'scheduled') and b.round = 1`,
        [id],
      );
      expect(rows[0]).toMatchObject({ byes: 12, placed: 12, waiting: 0 });
      expect(rows[0]!.started).toBeGreaterThan(0);
    }
  });

  it('makes one bracket when the periodic function and staff draw at the same moment', async () => {
    const id = await checkedInChampionship('race');

    const clients = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const client = new pg.Client({ connectionString: cluster.connectionString });
        client.on('error', () => {});
        await client.connect();
        return client;
      }),
    );
    try {
      const results = await Promise.all(
        clients.map((client, i) =>
          client
            .query<{ result: { drawn: boolean; bracket_size: number } }>(
              i % 2 === 0 ? 'select private.run_draw($1, null) as result' : 'select private.run_due_work() as result',
              [id].slice(0, i % 2 === 0 ? 1 : 0),
            )
            .then((r) => r.rows[0]!.result),
        ),
      );
      expect(results.filter((_, i) => i % 2 === 0)).toEqual([
        { drawn: true, entries: 20, bracket_size: 32 },
        { drawn: true, entries: 20, bracket_size: 32 },
        { drawn: true, entries: 20, bracket_size: 32 },
      ]);
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
    const { rows } = await cluster.client.query<{ matches: number; draws: number }>(
      `select (select count(*)::int from public.matches where tournament_id = $1) as matches,
              (select count(*)::int from public.draws where tournament_id = $1) as draws`,
      [id],
    );
    expect(rows[0]).toEqual({ matches: 31, draws: 1 });
  });
});
