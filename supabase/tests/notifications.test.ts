/**
 * Notifications (docs/areas/notifications.md): the bell's rows and the e-mail queued with them, for the
 * draw, the next match, the room, Ready, reports and disputes; a player's own settings; no non-urgent
 * e-mail between 23:00 and 08:00 IST. If these fail, a player misses their match or is woken at night.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeProfile,
  createRegistration,
  createUser,
  engines,
  expectSqlError,
  player,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
  rpcOf,
} from './helpers.ts';

// 14:00 IST on a weekday: daytime, so e-mail goes at once unless a test says otherwise.
const START = new Date('2027-05-12T08:30:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000).toISOString();

type Notification = { id: number; kind: string; title: string; link: string | null; read: boolean };

describe.each(engines)('notifications on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  const rpc = rpcOf(() => db);
  const inbox = async (userId: string) =>
    await rpc<{ unread: number; items: Notification[] }>(player(userId), 'public.get_my_notifications()');

  /** Two players in a championship starting at START, both checked in. */
  async function twoPlayerCup() {
    const id = `note-${randomUUID().slice(0, 8)}`;
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots, is_live, starts_at)
       values ($1, 'Notify Cup', 'championship', 'Knockout', 15000, 30000, 2, 2, true, $2)`,
      [id, START.toISOString()],
    );
    const players: string[] = [];
    for (const name of ['north', 'south']) {
      const user = await createUser(db);
      await completeProfile(db, user.id);
      await db.admin.query('update public.profiles set in_game_name = $2 where id = $1', [user.id, name]);
      await createRegistration(db, user.id, id);
      players.push(user.id);
    }
    // Each paid registration brought its receipt (payments-receipts.test.ts); these tests follow match day.
    await db.admin.query(`delete from public.notifications where kind = 'payment_receipt' and user_id = any ($1::uuid[])`, [players]);
    await db.admin.query(`delete from private.outbox where idempotency_key like 'notify-payment_receipt-%'`);
    return { id, players };
  }

  it('tells each player once that check-in is open, then that the draw is made and when they play', async () => {
    const cup = await twoPlayerCup();
    await setDatabaseClock(db, at(-23 * 60));
    await db.admin.query('select private.run_due_work()');
    await db.admin.query('select private.run_due_work()');
    const [north, south] = cup.players;
    expect((await inbox(north!)).items.map((n) => n.kind)).toEqual(['check_in_open']);

    await db.admin.query('update public.entries set checked_in_at = $2 where tournament_id = $1', [cup.id, at(-120)]);
    await setDatabaseClock(db, at(-59));
    await db.admin.query('select private.run_due_work()');
    for (const [userId, opponent] of [
      [north!, 'south'],
      [south!, 'north'],
    ] as const) {
      const { unread, items } = await inbox(userId);
      expect(items.map((n) => n.kind).sort()).toEqual(['check_in_open', 'draw_made']);
      expect(unread).toBe(2);
      // The draw's notice names the first match: when, against whom, and its page.
      const draw = items.find((n) => n.kind === 'draw_made') as Notification & { body: string };
      expect(draw.link).toMatch(/^\/match\/\?id=[0-9a-f-]{36}$/);
      expect(draw.body).toBe(`Your first match: 12 May 14:00 IST against ${opponent}.`);
    }
    // E-mail too, once per notification.
    const { rows } = await db.admin.query<{ n: number }>(
      `select count(*)::int as n from private.outbox where kind = 'email' and idempotency_key like 'notify-%-' || $1 || '-%'`,
      [north],
    );
    expect(rows[0]!.n).toBe(2);

    // Nobody reads another player's bell.
    expect(await db.as(player(south!), 'select * from public.notifications where user_id = $1', [north])).toEqual([]);
    expect(await rpc(player(north!), 'public.mark_notifications_read()')).toEqual({ marked: 2 });
    expect((await inbox(north!)).unread).toBe(0);
  });

  it('tells the opponent about the room and Ready, and keeps e-mail off for a kind the player turned off', async () => {
    const cup = await twoPlayerCup();
    await db.admin.query('update public.entries set checked_in_at = $2 where tournament_id = $1', [cup.id, at(-120)]);
    await setDatabaseClock(db, at(-59));
    await db.admin.query('select private.run_due_work()');
    const { rows } = await db.admin.query<{ id: string; host: string; guest: string }>(
      `select m.id, a.player_id as host, b.player_id as guest from public.matches m
         join public.entries a on a.id = m.entry_a join public.entries b on b.id = m.entry_b where m.tournament_id = $1`,
      [cup.id],
    );
    const match = rows[0]!;
    await expectSqlError(rpc(player(match.guest), 'public.set_my_notification_setting($1, $2)', ['gossip', false]), 'PT400');
    await rpc(player(match.guest), 'public.set_my_notification_setting($1, $2)', ['opponent_ready', false]);
    const settings = await rpc<Array<{ kind: string; email: boolean }>>(player(match.guest), 'public.get_my_notification_settings()');
    expect(settings.find((s) => s.kind === 'opponent_ready')).toMatchObject({ email: false });

    await setDatabaseClock(db, at(-3));
    await rpc(player(match.host), 'public.post_room($1, $2, $3)', [match.id, 'ROOM-77', 'pw']);
    await rpc(player(match.host), 'public.set_ready($1)', [match.id]);
    const kinds = (await inbox(match.guest)).items.map((n) => n.kind);
    expect(kinds).toEqual(expect.arrayContaining(['room_posted', 'opponent_ready']));
    const mails = await db.admin.query<{ key: string }>(
      `select idempotency_key as key from private.outbox where kind = 'email' and idempotency_key like 'notify-%-' || $1 || '-%'`,
      [match.guest],
    );
    expect(mails.rows.some((m) => m.key.startsWith('notify-room_posted-'))).toBe(true);
    expect(mails.rows.some((m) => m.key.startsWith('notify-opponent_ready-'))).toBe(false);
  });

  it('holds non-urgent e-mail between 23:00 and 08:00 IST until 08:00, and sends urgent e-mail at once', async () => {
    const times = await db.admin.query<{ late: Date; early: Date; day: Date; urgent: Date }>(
      `select private.email_not_before('2027-05-12T18:00:00Z', false) as late,  -- 23:30 IST
              private.email_not_before('2027-05-12T23:00:00Z', false) as early, -- 04:30 IST
              private.email_not_before('2027-05-12T06:00:00Z', false) as day,   -- 11:30 IST
              private.email_not_before('2027-05-12T18:00:00Z', true) as urgent`,
    );
    expect(times.rows[0]!.late.toISOString()).toBe('2027-05-13T02:30:00.000Z');
    expect(times.rows[0]!.early.toISOString()).toBe('2027-05-13T02:30:00.000Z');
    expect(times.rows[0]!.day.toISOString()).toBe('2027-05-12T06:00:00.000Z');
    expect(times.rows[0]!.urgent.toISOString()).toBe('2027-05-12T18:00:00.000Z');
  });
});
