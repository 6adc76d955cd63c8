/**
 * What a staff grant allows, and where (docs/areas/staff.md; docs/contract.md, Staff: the platform-wide staff
 * reads). A grant limited to one tournament acts on that tournament only; platform-wide reads and actions
 * need a grant for the whole platform; every staff read, by function or over REST, needs the second step;
 * a staff member who plays in a tournament sees it as a player does; referees see in-game names, not
 * e-mail addresses. If these fail, the admin of one cup reads every player's PAN, a staff account whose
 * password leaked reads the tax register and every room password, or a player refereeing their own
 * tournament reads their next opponent's room.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Actor,
  completeProfile,
  createRegistration,
  createUser,
  engines,
  player,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
} from './helpers.ts';
import { kycPlayer, rpcOf } from './money-fixtures.ts';

const START = new Date('2027-05-12T14:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000).toISOString();

type StaffRole = 'referee' | 'organiser' | 'admin';

describe.each(engines)('staff powers on $name', (engine) => {
  let db: TestDatabase;
  let rpc: ReturnType<typeof rpcOf>;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
    rpc = rpcOf(db);
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  /** The refusal's stable code (the `hint` PostgREST passes on), or 'answered'. */
  const refusalOf = (call: Promise<unknown>) =>
    call.then(
      () => 'answered',
      (error: { code?: string; hint?: string }) => `${error.code} ${error.hint}`,
    );

  /** A staff member with one grant, for the whole platform (`null`) or one tournament. */
  async function staff(role: StaffRole, tournamentId: string | null = null, userId?: string) {
    const user = userId ? { id: userId, email: '' } : await createUser(db);
    await db.admin.query('insert into public.staff_roles (user_id, role, tournament_id) values ($1, $2, $3)', [
      user.id,
      role,
      tournamentId,
    ]);
    return { id: user.id, strong: player(user.id, user.email, 'aal2'), firstStepOnly: player(user.id, user.email, 'aal1') };
  }

  /** A championship of four checked-in entries, drawn at check-in close: two semi-finals and a final. */
  async function drawnCup() {
    const id = `powers-${randomUUID().slice(0, 8)}`;
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots,
                                       is_live, starts_at)
       values ($1, 'Powers Cup', 'championship', 'Knockout', 15000, 60000, 4, 4, true, $2)`,
      [id, START.toISOString()],
    );
    const players: string[] = [];
    for (let i = 0; i < 4; i++) {
      const user = await createUser(db);
      await completeProfile(db, user.id);
      await db.admin.query('update public.profiles set in_game_name = $2 where id = $1', [user.id, `pw${i + 1}-${id.slice(-4)}`]);
      await createRegistration(db, user.id, id);
      players.push(user.id);
    }
    await db.admin.query('update public.entries set checked_in_at = $2 where tournament_id = $1', [id, at(-120)]);
    await setDatabaseClock(db, at(-59));
    await db.admin.query('select private.run_due_work()');
    const { rows: matches } = await db.admin.query<{ id: string; host: string; guest: string }>(
      `select m.id, a.player_id as host, b.player_id as guest from public.matches m
         join public.entries a on a.id = m.entry_a join public.entries b on b.id = m.entry_b
        where m.tournament_id = $1 and m.round = 1 order by m.position`,
      [id],
    );
    return { id, players, semis: matches };
  }

  /** The first semi-final with its room posted, both reports in (disagreeing: a dispute) and their screenshots. */
  async function disputedSemi() {
    const cup = await drawnCup();
    const semi = cup.semis[0]!;
    await rpc(player(semi.host), 'public.post_room($1, $2, $3)', [semi.id, 'ROOM-777', 'secret-pw']);
    await setDatabaseClock(db, at(0));
    for (const userId of [semi.host, semi.guest]) await rpc(player(userId), 'public.set_ready($1)', [semi.id]);
    await setDatabaseClock(db, at(20));
    const evidence: string[] = [];
    for (const [userId, mine, theirs] of [
      [semi.host, 3, 0],
      [semi.guest, 2, 1],
    ] as const) {
      const path = `${semi.id}/${userId}/result.png`;
      await db.admin.query(`insert into storage.objects (bucket_id, name, owner) values ('match-evidence', $1, $2)`, [path, userId]);
      await rpc(player(userId), 'public.report_match($1, $2, $3, $4, $5)', [semi.id, mine, theirs, 'true', path]);
      evidence.push(path);
    }
    return { cup, semi, evidence };
  }

  /**
   * Every staff and admin function of the API, each with arguments that reach its staff check: the cup, its
   * first semi-final and that match's first entry where the function names one, else plain values by type.
   */
  async function everyStaffCall(cup: { id: string; semis: Array<{ id: string }> }) {
    const { rows: functions } = await db.admin.query<{ name: string; args: Array<{ name: string; type: string }> }>(
      `select p.proname as name,
              coalesce((select jsonb_agg(jsonb_build_object('name', n, 'type', format_type(t, null)) order by i)
                          from unnest(p.proargnames[1:p.pronargs], p.proargtypes::oid[]) with ordinality as a(n, t, i)), '[]') as args
         from pg_proc p join pg_namespace ns on ns.oid = p.pronamespace
        where ns.nspname = 'public' and p.proname ~ '^(staff|admin)_' order by p.proname`,
    );
    const { rows: entries } = await db.admin.query<{ entry_a: string }>('select entry_a from public.matches where id = $1', [
      cup.semis[0]!.id,
    ]);
    const byName: Record<string, unknown> = {
      p_tournament_id: cup.id,
      p_match_id: cup.semis[0]!.id,
      p_entry_id: entries[0]!.entry_a,
      p_winner_entry_id: entries[0]!.entry_a,
      p_email: 'someone@golazo.test',
      p_role: 'referee',
    };
    const byType: Record<string, unknown> = {
      text: 'A reason long enough',
      uuid: randomUUID(),
      integer: 2027,
      bigint: 1,
      boolean: true,
      date: '2027-04-01',
      'timestamp with time zone': at(24 * 60),
      'integer[]': [1, 0],
    };
    return functions.map(({ name, args }) => {
      const values = args.map((arg) => (arg.name in byName ? byName[arg.name] : byType[arg.type]));
      const sql = `public.${name}(${args.map((arg, i) => `${arg.name} => $${i + 1}::${arg.type}`).join(', ')})`;
      return { name, sql, values, scoped: args.some((arg) => ['p_tournament_id', 'p_match_id', 'p_entry_id'].includes(arg.name)) };
    });
  }

  describe('platform-wide reads and actions need a grant for the whole platform', () => {
    const platformReads = [
      ['staff_withholding_register', `public.staff_withholding_register('2027-04-01', '2028-03-31')`],
      ['staff_tax_certificates', 'public.staff_tax_certificates(2027)'],
      ['staff_list_payout_queue', 'public.staff_list_payout_queue()'],
      ['staff_get_reconciliation', 'public.staff_get_reconciliation()'],
      ['admin_list_roles', 'public.admin_list_roles()'],
    ] as const;

    it('refuses the tax register, the payout queue, the reconciliation and the staff list to an admin of one tournament', async () => {
      const cup = await drawnCup();
      const cupAdmin = await staff('admin', cup.id);
      const platformAdmin = await staff('admin');
      for (const [name, call] of platformReads) {
        expect([name, await refusalOf(rpc(cupAdmin.strong, call))]).toEqual([name, 'PT403 staff_only']);
        expect([name, await refusalOf(rpc(platformAdmin.strong, call))]).toEqual([name, 'answered']);
      }
    });

    it('refuses a payout approval to an admin of one tournament', async () => {
      const cup = await drawnCup();
      const cupAdmin = await staff('admin', cup.id);
      const winner = await kycPlayer(db);
      const [payout] = (
        await db.admin.query<{ id: string }>(
          `insert into public.payouts (user_id, gross_paise, tax_paise, net_paise, status, upi_id, created_at, updated_at)
           values ($1, 2000000, 0, 2000000, 'awaiting_approval', $2, now(), now()) returning id`,
          [winner.id, winner.upi],
        )
      ).rows;
      expect(await refusalOf(rpc(cupAdmin.strong, 'public.staff_approve_payout($1)', [payout!.id]))).toBe('PT403 staff_only');
      expect(await refusalOf(rpc(cupAdmin.strong, 'public.staff_reject_payout($1, $2)', [payout!.id, 'Looks wrong']))).toBe(
        'PT403 staff_only',
      );
    });

    it("lets a tournament's own staff run that tournament, and lists no other", async () => {
      const cup = await drawnCup();
      const elsewhere = await drawnCup();
      const referee = await staff('referee', cup.id);
      const listed = await rpc<Array<{ id: string }>>(referee.strong, 'public.staff_list_tournaments()');
      expect(listed.map((t) => t.id)).toContain(cup.id);
      expect(listed.map((t) => t.id)).not.toContain(elsewhere.id);
      expect(await refusalOf(rpc(referee.strong, 'public.staff_get_entries($1)', [cup.id]))).toBe('answered');
      expect(await refusalOf(rpc(referee.strong, 'public.staff_get_entries($1)', [elsewhere.id]))).toBe('PT403 staff_only');
      expect(await refusalOf(rpc(referee.strong, 'public.staff_needs_attention()'))).toBe('answered');
      expect(await refusalOf(rpc(referee.strong, 'public.staff_list_disputes()'))).toBe('answered');
    });
  });

  describe('every staff read needs the second step', () => {
    it('refuses every staff and admin function to a platform admin who has only the first sign-in step', async () => {
      const cup = await drawnCup();
      const platformAdmin = await staff('admin');
      const calls = await everyStaffCall(cup);
      expect(calls.length).toBeGreaterThanOrEqual(25);
      for (const { name, sql, values } of calls) {
        expect([name, await refusalOf(rpc(platformAdmin.firstStepOnly, sql, values))]).toEqual([name, 'PT403 second_step_required']);
      }
    });
    it('shows an admin without the second step no KYC record and no payout but their own over REST', async () => {
      const platformAdmin = await staff('admin');
      const winner = await kycPlayer(db);
      await db.admin.query(
        `insert into public.payouts (user_id, gross_paise, tax_paise, net_paise, status, upi_id, created_at, updated_at)
         values ($1, 1000, 0, 1000, 'processed', $2, now(), now())`,
        [winner.id, winner.upi],
      );
      const readAs = async (actor: Actor) => ({
        kyc: (await db.as(actor, 'select pan_last4 from public.kyc_records where user_id = $1', [winner.id])).length,
        payouts: (await db.as(actor, 'select id from public.payouts where user_id = $1', [winner.id])).length,
      });
      // No factor enrolled: the first step is all this account has, and it is not enough for staff.
      expect(await readAs(platformAdmin.firstStepOnly)).toEqual({ kyc: 0, payouts: 0 });
      expect(await readAs(platformAdmin.strong)).toEqual({ kyc: 1, payouts: 1 });
      // A grant limited to a tournament reads no player's KYC at all.
      const cupAdmin = await staff('admin', (await drawnCup()).id);
      expect(await readAs(cupAdmin.strong)).toEqual({ kyc: 0, payouts: 0 });
    });

    it('shows a referee without the second step no room, no report and no evidence', async () => {
      const { semi, evidence } = await disputedSemi();
      const referee = await staff('referee');
      expect(await refusalOf(rpc(referee.firstStepOnly, 'public.get_match_room($1)', [semi.id]))).toBe('PT403 second_step_required');
      expect(await refusalOf(rpc(referee.firstStepOnly, 'public.get_match_reports($1)', [semi.id]))).toBe('PT403 second_step_required');
      expect(await db.as(referee.firstStepOnly, 'select name from storage.objects where name = any ($1)', [evidence])).toHaveLength(0);
      expect(await rpc(referee.strong, 'public.get_match_room($1)', [semi.id])).toMatchObject({
        room_id: 'ROOM-777',
        password: 'secret-pw',
      });
      expect(await db.as(referee.strong, 'select name from storage.objects where name = any ($1)', [evidence])).toHaveLength(2);
    });
  });

  describe('a staff member who plays in a tournament sees it as a player does', () => {
    it('refuses every staff and admin function that acts on a tournament to a platform admin who plays in it', async () => {
      const cup = await drawnCup();
      const playingAdmin = await staff('admin', null, cup.players[0]);
      const scoped = (await everyStaffCall(cup)).filter((call) => call.scoped);
      expect(scoped.map((call) => call.name)).toEqual(
        expect.arrayContaining(['staff_get_audit', 'staff_get_entries', 'staff_settle_match']),
      );
      for (const { name, sql, values } of scoped) {
        expect([name, await refusalOf(rpc(playingAdmin.strong, sql, values))]).toEqual([name, 'PT403 staff_plays_here']);
      }
    });

    it("shows a referee playing in the cup neither the other semi-final's room, reports and evidence nor its dispute", async () => {
      const { cup, semi, evidence } = await disputedSemi();
      const otherSemi = cup.semis[1]!;
      // The host of the other semi-final is also a referee for the whole platform.
      const playingReferee = await staff('referee', null, otherSemi.host);
      expect(await refusalOf(rpc(playingReferee.strong, 'public.get_match_room($1)', [semi.id]))).toBe('PT403 not_your_match');
      expect(await refusalOf(rpc(playingReferee.strong, 'public.get_match_reports($1)', [semi.id]))).toBe('PT403 not_your_match');
      expect(await db.as(playingReferee.strong, 'select name from storage.objects where name = any ($1)', [evidence])).toHaveLength(0);
      const disputes = await rpc<Array<{ tournament_id: string }>>(playingReferee.strong, 'public.staff_list_disputes()');
      expect(disputes.map((d) => d.tournament_id)).not.toContain(cup.id);
      const tournaments = await rpc<Array<{ id: string }>>(playingReferee.strong, 'public.staff_list_tournaments()');
      expect(tournaments.map((t) => t.id)).not.toContain(cup.id);
      expect(await refusalOf(rpc(playingReferee.strong, 'public.staff_get_entries($1)', [cup.id]))).toBe('PT403 staff_plays_here');
      // Their own match stays theirs.
      expect(await refusalOf(rpc(playingReferee.strong, 'public.get_match_room($1)', [otherSemi.id]))).toBe('answered');
    });
  });

  describe('referees see in-game names, not e-mail addresses', () => {
    it("answers staff_get_entries without e-mail addresses to a referee, and with them to the tournament's organiser", async () => {
      const cup = await drawnCup();
      type Entry = { player_in_game_name: string | null; player_email?: string | null; buyer_email?: string | null };
      const referee = await staff('referee', cup.id);
      const asReferee = await rpc<Entry[]>(referee.strong, 'public.staff_get_entries($1)', [cup.id]);
      expect(asReferee).toHaveLength(4);
      for (const entry of asReferee) {
        expect(entry.player_in_game_name).toMatch(/^pw\d/);
        expect(entry).not.toHaveProperty('player_email');
        expect(entry).not.toHaveProperty('buyer_email');
      }
      const organiser = await staff('organiser', cup.id);
      const asOrganiser = await rpc<Entry[]>(organiser.strong, 'public.staff_get_entries($1)', [cup.id]);
      expect(asOrganiser.map((e) => e.player_email).every((email) => email?.endsWith('@golazo.test'))).toBe(true);
    });
    it('names who acted in the audit log by in-game name for referees, and by e-mail address for organisers only', async () => {
      const cup = await drawnCup();
      const platformAdmin = await staff('admin');
      await db.admin.query("update public.profiles set in_game_name = 'ChiefAdmin' where id = $1", [platformAdmin.id]);
      const referee = await staff('referee', cup.id);
      // A role granted for the cup and a note by the admin, both in the cup's audit log.
      const newcomer = await createUser(db);
      await completeProfile(db, newcomer.id);
      await rpc(platformAdmin.strong, 'public.admin_grant_role($1, $2, $3)', [newcomer.email, 'referee', cup.id]);
      await db.admin.query(`select private.audit($1, 'note', 'A note by the admin', 'because', null, null, false, $2)`, [
        cup.id,
        platformAdmin.id,
      ]);
      type Row = { action: string; summary: string; actor_email?: string | null; actor_in_game_name?: string | null };
      const asReferee = await rpc<Row[]>(referee.strong, 'public.staff_get_audit($1)', [cup.id]);
      expect(asReferee.map((row) => row.action)).toEqual(expect.arrayContaining(['role_granted', 'note']));
      expect(JSON.stringify(asReferee)).not.toMatch(/@/);
      for (const row of asReferee) expect(row).not.toHaveProperty('actor_email');
      expect(asReferee.find((row) => row.action === 'note')).toMatchObject({ actor_in_game_name: 'ChiefAdmin' });
      const organiser = await staff('organiser', cup.id);
      const asOrganiser = await rpc<Row[]>(organiser.strong, 'public.staff_get_audit($1)', [cup.id]);
      expect(asOrganiser.find((row) => row.action === 'note')).toMatchObject({
        actor_in_game_name: 'ChiefAdmin',
        actor_email: expect.stringMatching(/@golazo\.test$/),
      });
      expect(asOrganiser.find((row) => row.action === 'role_granted')?.summary).toContain(newcomer.email);
    });
  });
});
