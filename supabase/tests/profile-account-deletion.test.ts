/**
 * Deleting an account: the request and its refusals (open money, open play, the last admin), the grace
 * period with its e-mails, cancelling, and the erasure the periodic work does, swept over every column the
 * schema tags as personal.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRequestContext } from '../local/database.ts';
import { DELETION_CODE_SUBJECT } from '../../src/features/profile/deletion-mail.ts';
import {
  completeProfile,
  createRegistration,
  createTournament,
  createUser,
  expectSqlError,
  player,
  serviceRole,
  setDatabaseClock,
  startWithMovableClock,
  engines,
  type TestDatabase,
} from './helpers.ts';
import {
  admin,
  checkLedger,
  finishedTournament,
  freshPan,
  givePrize,
  kycPlayer,
  recordKycCheck,
  rpcOf,
  runDueWork,
} from './money-fixtures.ts';

type Deletion = { status: string; erase_at: string };

describe.each(engines)('deleting an account on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine, { storageRules: true });
  });
  afterAll(() => db?.close());

  /**
   * Calls `sql` as the player right after a sign-in (an e-mail code `minutesAgo` minutes ago), as the
   * access token Auth issues then says in its `amr` claim.
   */
  async function asSignedIn<T>(userId: string, sql: string, options: { minutesAgo?: number; aal?: 'aal1' | 'aal2' } = {}) {
    const signedInAt = Math.floor(Date.now() / 1000) - (options.minutesAgo ?? 1) * 60;
    return db.admin.transaction(async (tx) => {
      await setRequestContext(tx, {
        role: 'authenticated',
        claims: {
          sub: userId,
          role: 'authenticated',
          aud: 'authenticated',
          aal: options.aal ?? 'aal1',
          amr: [{ method: 'otp', timestamp: signedInAt }],
        },
      });
      return (await tx.query<{ result: T }>(`select ${sql} as result`)).rows[0]!.result;
    });
  }
  const requestDeletion = (userId: string, options: { forfeit?: boolean; minutesAgo?: number; aal?: 'aal1' | 'aal2' } = {}) =>
    asSignedIn<Deletion>(userId, `public.request_account_deletion(${options.forfeit ? 'true' : 'false'})`, options);

  async function erasablePlayer() {
    const user = await createUser(db);
    await completeProfile(db, user.id);
    return user;
  }

  async function passGracePeriod(eraseAt: string) {
    await setDatabaseClock(db, new Date(new Date(eraseAt).getTime() + 60_000).toISOString());
    // Every step, the erasure's too: a run leaves it for a quarter of an hour after its last, and the grace periods of
    // these tests' players end within seconds of each other.
    await db.admin.query('select private.run_due_steps(true)');
    await setDatabaseClock(db, null);
  }

  it('schedules the erasure after the grace period, answers the same date twice, and e-mails a cancel link', async () => {
    const user = await erasablePlayer();
    const first = await requestDeletion(user.id);
    expect(first.status).toBe('scheduled');
    const days = (new Date(first.erase_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    expect(await requestDeletion(user.id)).toEqual(first);
    expect(await asSignedIn(user.id, 'public.get_my_account_deletion()')).toMatchObject({ status: 'scheduled', erase_at: first.erase_at });

    const mails = await db.admin.query<{ payload: { to: string; subject: string; link: string } }>(
      `select payload from private.outbox where kind = 'email' and idempotency_key like 'account-deletion-%' and payload ->> 'to' = $1`,
      [user.email],
    );
    expect(mails.rows).toHaveLength(1);
    expect(mails.rows[0]!.payload).toMatchObject({ link: '/profile/?deletion=cancel' });
    expect(mails.rows[0]!.payload.subject).toMatch(/^Your account will be deleted on \d+ \w{3} \d{4}/);

    // 48 hours before: the reminder, with the same link.
    await setDatabaseClock(db, new Date(new Date(first.erase_at).getTime() - 47 * 3600_000).toISOString());
    await runDueWork(db);
    await setDatabaseClock(db, null);
    const reminders = await db.admin.query(
      `select 1 from private.outbox where idempotency_key like 'account-deletion-%-reminder' and payload ->> 'to' = $1
          and payload ->> 'link' = '/profile/?deletion=cancel'`,
      [user.email],
    );
    expect(reminders.rows).toHaveLength(1);
  });

  it('is cancelled by the player, and then nothing happens at the date', async () => {
    const user = await erasablePlayer();
    const scheduled = await requestDeletion(user.id);
    expect(await asSignedIn(user.id, 'public.cancel_account_deletion()')).toEqual({ status: 'cancelled' });
    expect(await asSignedIn(user.id, 'public.get_my_account_deletion()')).toMatchObject({ status: 'none', blocked_by: null });
    await expectSqlError(asSignedIn(user.id, 'public.cancel_account_deletion()'), 'PT404', 'No deletion');
    await passGracePeriod(scheduled.erase_at);
    const [profile] = (await db.admin.query('select erased_at, in_game_name from public.profiles where id = $1', [user.id])).rows;
    expect(profile).toEqual({ erased_at: null, in_game_name: 'TestFC' });
    expect((await db.admin.query('select 1 from auth.users where id = $1', [user.id])).rows).toHaveLength(1);
  });

  it('needs a recent sign-in, and two-step sign-in for staff', async () => {
    const user = await erasablePlayer();
    await expectSqlError(requestDeletion(user.id, { minutesAgo: 30 }), 'PT403', 'Confirm it is you');
    await expectSqlError(rpcOf(db)(player(user.id), 'public.request_account_deletion()'), 'PT403', 'Confirm it is you');

    const referee = await erasablePlayer();
    await db.admin.query(`insert into public.staff_roles (user_id, role) values ($1, 'referee')`, [referee.id]);
    await expectSqlError(requestDeletion(referee.id), 'PT403', 'two-step');
    expect(await requestDeletion(referee.id, { aal: 'aal2' })).toMatchObject({ status: 'scheduled' });
  });

  it('e-mails its own code, saying what it does, which stands in for a fresh sign-in once typed', async () => {
    const user = await erasablePlayer();
    const old = { minutesAgo: 30 };
    expect(await asSignedIn(user.id, 'public.send_account_deletion_code()', old)).toMatchObject({ status: 'sent' });
    const mails = await db.admin.query<{ payload: { subject: string; text: string; link: string } }>(
      `select payload from private.outbox where kind = 'email' and idempotency_key like 'account-deletion-code-%' and payload ->> 'to' = $1`,
      [user.email],
    );
    expect(mails.rows).toHaveLength(1);
    const mail = mails.rows[0]!.payload;
    // Not Auth's "Your sign-in code": the subject the profile tells the player to look for.
    expect(mail.subject).toBe(DELETION_CODE_SUBJECT);
    expect(mail.text).toMatch(
      /^Your code to delete your account is \d{6}\. Type it on your profile, under Delete my account, within \d+ minutes/,
    );
    expect(mail.text).toContain('Did not ask to delete your account?');
    const code = /is (\d{6})\./.exec(mail.text)![1]!;
    // The code itself is not stored, only its hash.
    const stored = await db.admin.query('select 1 from private.account_deletion_codes where code_hash = $1', [code]);
    expect(stored.rows).toHaveLength(0);

    await expectSqlError(asSignedIn(user.id, 'public.send_account_deletion_code()', old), 'PT429', 'less than a minute ago');
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await asSignedIn(user.id, `public.confirm_account_deletion_code('${wrong}')`, old)).toMatchObject({
      status: 'wrong',
      tries_left: 4,
    });
    await expectSqlError(requestDeletion(user.id, old), 'PT403', 'Confirm it is you');
    expect(await asSignedIn(user.id, `public.confirm_account_deletion_code(' ${code} ')`, old)).toEqual({ status: 'confirmed' });
    expect(await requestDeletion(user.id, old)).toMatchObject({ status: 'scheduled' });
    // Used up: a cancelled deletion needs a fresh code.
    await asSignedIn(user.id, 'public.cancel_account_deletion()', old);
    await expectSqlError(requestDeletion(user.id, old), 'PT403', 'Confirm it is you');
  });

  it('refuses a deletion code after five wrong tries and once it has expired', async () => {
    const codeOf = async (email: string) => {
      const { rows } = await db.admin.query<{ text: string }>(
        `select payload ->> 'text' as text from private.outbox where idempotency_key like 'account-deletion-code-%' and payload ->> 'to' = $1
          order by created_at desc limit 1`,
        [email],
      );
      return /is (\d{6})\./.exec(rows[0]!.text)![1]!;
    };
    const old = { minutesAgo: 30 };
    const guessed = await erasablePlayer();
    await asSignedIn(guessed.id, 'public.send_account_deletion_code()', old);
    const code = await codeOf(guessed.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await asSignedIn(guessed.id, `public.confirm_account_deletion_code('${wrong}')`, old);
    await expectSqlError(asSignedIn(guessed.id, `public.confirm_account_deletion_code('${code}')`, old), 'PT403', 'Too many wrong codes');

    const late = await erasablePlayer();
    await asSignedIn(late.id, 'public.send_account_deletion_code()', old);
    const lateCode = await codeOf(late.email);
    await setDatabaseClock(db, new Date(Date.now() + 61 * 60_000).toISOString());
    try {
      await expectSqlError(asSignedIn(late.id, `public.confirm_account_deletion_code('${lateCode}')`, old), 'PT403', 'expired');
    } finally {
      await setDatabaseClock(db, null);
    }
  });

  it('is refused with open_money while a balance, a payout on its way or a waiting prize is open, before open play', async () => {
    const user = await erasablePlayer();
    await givePrize(db, user.id, 50_000);
    const cup = await createTournament(db, { title: 'Open Money Cup' });
    await createRegistration(db, user.id, cup.id);
    await expectSqlError(requestDeletion(user.id), 'PT409', 'money');
    const refusal = await requestDeletion(user.id).catch((e: { hint?: string; detail?: string }) => e);
    expect(refusal).toMatchObject({ hint: 'open_money', detail: 'balance' });
    expect(await asSignedIn(user.id, 'public.get_my_account_deletion()')).toMatchObject({
      status: 'none',
      blocked_by: { hint: 'open_money', detail: 'balance' },
    });

    const withdrawing = await kycPlayer(db);
    await givePrize(db, withdrawing.id, 20_000);
    await rpcOf(db)(withdrawing.actor, 'public.request_payout($1)', [20_000]);
    const payoutRefusal = await requestDeletion(withdrawing.id).catch((e: { hint?: string; detail?: string }) => e);
    expect(payoutRefusal).toMatchObject({ hint: 'open_money', detail: 'payout' });
  });

  it('is refused with open_play, naming the tournament, while an entry is in a tournament not settled', async () => {
    const user = await erasablePlayer();
    const cup = await createTournament(db, { title: 'Open Play Cup' });
    await createRegistration(db, user.id, cup.id);
    const refusal = await requestDeletion(user.id).then(
      () => null,
      (e: { code?: string; hint?: string; detail?: string; message?: string }) => e,
    );
    expect(refusal).toMatchObject({ code: 'PT409', hint: 'open_play', detail: 'Open Play Cup' });
    expect(refusal?.message).toContain('Open Play Cup');

    // Once the tournament is cancelled, nothing stands in the way.
    await db.admin.query(`update public.tournaments set cancelled_at = now(), cancel_reason = 'Called off' where id = $1`, [cup.id]);
    await db.admin.query(`update public.entries set status = 'cancelled' where tournament_id = $1`, [cup.id]);
    expect(await requestDeletion(user.id)).toMatchObject({ status: 'scheduled' });
  });

  it('is refused to the last admin of the platform, and allowed once another admin exists', async () => {
    const only = await admin(db);
    await db.admin.query(`delete from public.staff_roles where role = 'admin' and user_id <> $1`, [only.id]);
    const refusal = await requestDeletion(only.id, { aal: 'aal2' }).catch((e: { hint?: string }) => e);
    expect(refusal).toMatchObject({ hint: 'last_admin' });
    await admin(db);
    expect(await requestDeletion(only.id, { aal: 'aal2' })).toMatchObject({ status: 'scheduled' });
  });

  it('lets a balance too small to withdraw be given up with consent, and the ledger still balances', async () => {
    const user = await erasablePlayer();
    await givePrize(db, user.id, 60);
    const refusal = await requestDeletion(user.id).catch((e: { hint?: string; detail?: string }) => e);
    expect(refusal).toMatchObject({ hint: 'open_money', detail: 'small_balance' });
    const scheduled = await requestDeletion(user.id, { forfeit: true });
    await passGracePeriod(scheduled.erase_at);
    const balance = await db.admin.query<{ paise: string }>('select private.account_balance_paise($1)::text as paise', [user.id]);
    expect(balance.rows[0]!.paise).toBe('0');
    expect(await checkLedger(db)).toMatchObject({ balanced: true });
  });

  it('lets the Auth user go: every reference to it cascades or is emptied, kept rows point at the profile', async () => {
    const { rows } = await db.admin.query<{ name: string; action: string }>(
      `select conrelid::regclass::text || '.' || conname as name, confdeltype as action
         from pg_constraint where contype = 'f' and confrelid = 'auth.users'::regclass
          and connamespace in ('public'::regnamespace, 'private'::regnamespace)`,
    );
    expect(rows.filter((r) => r.action !== 'c' && r.action !== 'n').map((r) => r.name)).toEqual([]);
  });

  it('reserves the in-game name "Deleted player"', async () => {
    const user = await createUser(db);
    await expectSqlError(
      rpcOf(db)(player(user.id), 'public.update_my_profile($1, $2, $3, $4)', ['Ravi Kumar', ' deleted PLAYER ', 21, 'ABCD-123456']),
      'PT400',
      'kept for deleted accounts',
    );
    const named = await erasablePlayer();
    await expectSqlError(
      rpcOf(db)(player(named.id), 'public.change_my_in_game_name($1)', ['Deleted player']),
      'PT400',
      'kept for deleted accounts',
    );
  });

  describe('erasure', () => {
    const values = {
      email: `zenobia.q.${randomUUID().slice(0, 6)}@golazo.test`,
      legal: 'Zenobia Quixote',
      name: 'ZqStriker',
      gameId: 'ZQ-987654',
      dob: '1991-02-03',
      pan: freshPan(),
      upi: 'zenobia.quixote@okaxis',
    };
    let subject: string;
    let opponent: string;
    let cupId: string;
    let eraseAt: string;
    let opponentEntry: string;
    let matchId: string;
    let evidencePath: string;

    /** Every tagged column, and how many of its rows still hold the subject's data. */
    async function sweep(userId: string) {
      const { rows: columns } = await db.admin.query<{ schema: string; table: string; column: string; kind: string }>(
        `select n.nspname as schema, c.relname as table, a.attname as column,
                substring(col_description(c.oid, a.attnum) from '^personal: ([a-z0-9_]+)') as kind
           from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname in ('public', 'private') and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
            and col_description(c.oid, a.attnum) like 'personal: %' and c.relname <> 'kept_records'`,
      );
      const found: string[] = [];
      const needles = [values.email, values.legal, values.name, values.gameId, values.dob, values.pan, values.upi];
      for (const c of columns) {
        const pathKinds = c.kind === 'screenshot_path' || c.kind === 'picture';
        // The PAN is stored encrypted: the part kept in clear is its last four characters.
        const lastFour = c.kind === 'pan_last4';
        const { rows } = await db.admin.query<{ n: number }>(
          `select count(*)::int as n from ${c.schema}.${c.table}
            where exists (select 1 from unnest($1::text[]) v where strpos(lower(${c.column}::text), lower(v)) > 0)
               or ($2 and strpos(${c.column}::text, $3) > 0)
               or ($4 and ${c.column}::text = $5)`,
          [needles, pathKinds, userId, lastFour, values.pan.slice(-4)],
        );
        if (rows[0]!.n > 0) found.push(`${c.schema}.${c.table}.${c.column}`);
      }
      return found.sort();
    }

    beforeAll(async () => {
      // A player with data in every area: profile, entry, match evidence, a dispute, a prize, KYC, a payout,
      // notifications, e-mails, the audit log, story news.
      const start = new Date('2032-03-10T10:00:00Z');
      const cup = await finishedTournament(db, { size: 2, start, prizePoolPaise: 50_000 });
      cupId = cup.id;
      subject = cup.seeds.find((s) => s.seed === 1)!.player_id;
      opponent = cup.seeds.find((s) => s.seed === 2)!.player_id;
      await db.admin.query('update auth.users set email = $2 where id = $1', [subject, values.email]);
      await db.admin.query(
        `update public.profiles set legal_name = $2, in_game_name = $3, game_user_id = $4, date_of_birth = $5,
                profile_image_url = 'http://127.0.0.1:54321/storage/v1/object/public/profile-pictures/' || $1 || '-me.png'
          where id = $1`,
        [subject, values.legal, values.name, values.gameId, values.dob],
      );
      await db.admin.query(`insert into storage.objects (bucket_id, name, owner) values ('profile-pictures', $1, $2)`, [
        `${subject}-me.png`,
        subject,
      ]);
      const { rows: matches } = await db.admin.query<{ id: string; entry_a: string; entry_b: string }>(
        'select id, entry_a, entry_b from public.matches where tournament_id = $1',
        [cup.id],
      );
      const match = matches[0]!;
      const mine = (await db.admin.query<{ id: string }>('select id from public.entries where player_id = $1', [subject])).rows[0]!.id;
      const evidence = `${match.id}/${subject}/result.png`;
      await db.admin.query(`insert into storage.objects (bucket_id, name, owner) values ('match-evidence', $1, $2)`, [evidence, subject]);
      await db.admin.query(
        `insert into private.match_reports (match_id, entry_id, reported_by, goals_a, goals_b, winner_entry_id, screenshot_path, reported_at)
         values ($1, $2, $3, 2, 1, $2, $4, now())`,
        [match.id, mine, subject, evidence],
      );
      const { rows: disputes } = await db.admin.query<{ id: string }>(
        `insert into public.match_disputes (match_id, opened_by_entry_id, reason, details, opened_at, deadline_at, settled_at, outcome, note)
         values ($1, $2, 'other', $3, now(), now(), now(), 'result_set', $4) returning id`,
        [match.id, mine, `I am ${values.legal}, the room was mine`, `${values.name} was right`],
      );
      await db.admin.query(
        `insert into private.match_dispute_statements (dispute_id, entry_id, player_id, details, screenshot_path, added_at)
         values ($1, $2, $3, $4, $5, now())`,
        [disputes[0]!.id, mine, subject, `Reach me at ${values.email}`, evidence],
      );
      await db.admin.query(`update public.entries set invited_email = $2 where id = $1`, [mine, values.email]);

      // The prize, withdrawn in full: KYC, a payout approved and processed.
      await setDatabaseClock(db, new Date(cup.finishedAt.getTime() + 3 * 3600_000).toISOString());
      await runDueWork(db);
      const winner = player(subject);
      await rpcOf(db)(winner, 'public.submit_kyc($1, $2)', [values.pan, values.upi]);
      await recordKycCheck(db, subject, 'pan', true);
      await recordKycCheck(db, subject, 'upi', true);
      const payout = await rpcOf(db)<{ payout_id: string }>(winner, 'public.request_payout($1)', [50_000]);
      const approver = await admin(db);
      await rpcOf(db)(approver.actor, 'public.staff_approve_payout($1)', [payout.payout_id]);
      await rpcOf(db)(serviceRole, `public.service_record_payout_status($1, 'pout_zq', 'processed', null, now())`, [payout.payout_id]);
      await setDatabaseClock(db, null);

      // What others read about them, and what they signed up for.
      await db.admin.query(
        `insert into public.notifications (user_id, kind, title, body) values ($1, 'opponent_reported', $2, 'Check the result'),
                ($3, 'prize_credited', 'Prize credited', $4)`,
        [opponent, `${values.name} reported the score`, subject, `Well played, ${values.legal}`],
      );
      // The subject's own audit row (their entry), and a row about the opponent that names them.
      await db.admin.query(`select private.audit($1, 'checked_in', $2, $3, null, $4::jsonb, true, null, $5)`, [
        cup.id,
        `Checked in ${values.name}`,
        `${values.name} asked on the chat group`,
        JSON.stringify({ in_game_name: values.name, tournament_id: null, seed: 1 }),
        mine,
      ]);
      opponentEntry = (await db.admin.query<{ id: string }>('select id from public.entries where player_id = $1', [opponent])).rows[0]!.id;
      await db.admin.query(`select private.audit($1, 'checked_in', $2, null, null, null, true, null, $3)`, [
        cup.id,
        `Checked in the opponent of ${values.name}`,
        opponentEntry,
      ]);
      // The match chat: the subject's own words, and the opponent's naming them.
      const sideOf = (entry: string) => (match.entry_a === entry ? 'a' : 'b');
      await db.admin.query(
        `insert into public.match_messages (match_id, sender, body, sent_at) values ($1, $2, $3, now()), ($1, $4, $5, now())`,
        [match.id, sideOf(mine), `I am ${values.legal}, mail ${values.email}`, sideOf(opponentEntry), `${values.name} is ${values.legal}?`],
      );
      matchId = match.id;
      evidencePath = evidence;
      await db.admin.query(`select private.queue_email('old-' || $1, $2, 'Hello', 'Dear ' || $3, null)`, [
        subject,
        values.email,
        values.legal,
      ]);
      await rpcOf(db)({ role: 'anon' }, 'public.sign_up_for_story_news($1, $2)', [values.email, 'Tell me about new stories']).catch(() =>
        db.admin.query(`insert into public.story_notification_signups values ($1, 'Tell me', now())`, [values.email]),
      );

      const scheduled = await requestDeletion(subject);
      eraseAt = scheduled.erase_at;
    });

    it('finds the player in many tagged columns before the erasure (the sweep can fail)', async () => {
      const found = await sweep(subject);
      expect(found).toEqual(
        expect.arrayContaining([
          'private.match_dispute_statements.details',
          'private.match_reports.screenshot_path',
          'private.outbox.payload',
          'public.audit_log.summary',
          'public.entries.invited_email',
          'public.kyc_records.pan_last4',
          'public.kyc_records.upi_id',
          'public.match_disputes.details',
          'public.match_disputes.note',
          'public.notifications.title',
          'public.payouts.upi_id',
          'public.profiles.email',
          'public.profiles.legal_name',
          'public.profiles.in_game_name',
          'public.story_notification_signups.email',
        ]),
      );
    });

    it("leaves nothing of the player in their own records after the grace period; other people's stay as written", async () => {
      await passGracePeriod(eraseAt);
      // Left as written: other people's rows outside the subject's match (the opponent's bell, with the values its
      // words were written from, and its e-mail naming their opponent, the audit row about the opponent); the
      // opponent's own words in the chat.
      expect(await sweep(subject)).toEqual([
        'private.outbox.payload',
        'public.audit_log.summary',
        'public.match_messages.body',
        'public.notifications.body',
        'public.notifications.message_params',
        'public.notifications.title',
      ]);
      const outbox = await db.admin.query<{ to: string }>(
        `select payload ->> 'to' as to from private.outbox where payload::text like '%' || $1 || '%'`,
        [values.name],
      );
      expect(outbox.rows).toEqual([
        { to: (await db.admin.query<{ email: string }>('select email from auth.users where id = $1', [opponent])).rows[0]!.email },
      ]);
      const others = await db.admin.query(
        `select 'audit' as what, summary as text from public.audit_log where entry_id = $1 and action = 'checked_in'
         union all select 'bell', title from public.notifications where user_id = $2 and strpos(title || body, $4) > 0
         union all select 'chat', body from public.match_messages where match_id = $3 order by 1, 2`,
        [opponentEntry, opponent, matchId, values.name],
      );
      expect(others.rows).toEqual([
        { what: 'audit', text: `Checked in the opponent of ${values.name}` },
        { what: 'bell', text: 'The draw for Money Cup is made' },
        { what: 'bell', text: `${values.name} reported the score` },
        { what: 'chat', text: `Deleted player is ${values.legal}?` },
        { what: 'chat', text: 'I am [removed], mail [removed]' },
      ]);
      // The subject's own audit row: string values only, its JSON still JSON.
      const [own] = (
        await db.admin.query<{ summary: string; after: unknown }>(
          `select summary, after from public.audit_log where action = 'checked_in' and entry_id <> $1 and tournament_id = $2`,
          [opponentEntry, cupId],
        )
      ).rows;
      expect(own).toEqual({
        summary: 'Checked in Deleted player',
        after: { in_game_name: 'Deleted player', tournament_id: null, seed: 1 },
      });
    });

    it('removes their files through the Storage API, which a hosted project requires', async () => {
      // As on a hosted project, SQL may not delete storage rows: the files wait for the outbox-worker.
      await expectSqlError(db.admin.query('delete from storage.objects where name = $1', [evidencePath]), '42501');
      const calls = await db.admin.query<{ bucket: string; paths: string[] }>(
        `select payload ->> 'bucket' as bucket, payload -> 'paths' as paths from private.outbox
          where kind = 'storage_deletion' and status = 'pending' and payload ->> 'subject_id' = $1 order by 1`,
        [subject],
      );
      expect(calls.rows).toEqual([
        { bucket: 'match-evidence', paths: [evidencePath] },
        { bucket: 'profile-pictures', paths: [`${subject}-me.png`] },
      ]);
    });

    it('removes the sign-in and keeps the profile as a pseudonymous "Deleted player"', async () => {
      expect((await db.admin.query('select 1 from auth.users where id = $1', [subject])).rows).toEqual([]);
      const [profile] = (
        await db.admin.query(
          'select in_game_name, email, legal_name, date_of_birth, profile_completed, erased_at is not null as erased from public.profiles where id = $1',
          [subject],
        )
      ).rows;
      expect(profile).toEqual({
        in_game_name: 'Deleted player',
        email: null,
        legal_name: null,
        date_of_birth: null,
        profile_completed: false,
        erased: true,
      });
      // An access token signed before the erasure is refused.
      await expectSqlError(rpcOf(db)(player(subject), 'public.get_my_profile()'), 'PT401', 'deleted');
      // The books still hold the entry, the payment, the payout and the ledger, and balance.
      const kept = await db.admin.query<{ n: number }>(
        `select (select count(*) from public.payments where user_id = $1)
              + (select count(*) from public.payouts where user_id = $1)
              + (select count(*) from private.tax_withholdings where user_id = $1) as n`,
        [subject],
      );
      expect(Number(kept.rows[0]!.n)).toBeGreaterThanOrEqual(3);
      expect(await checkLedger(db)).toMatchObject({ balanced: true });
    });

    it('shows "Deleted player" in the bracket and the prizes', async () => {
      const bracket = await rpcOf(db)<{ rounds: { matches: { entries: ({ in_game_name: string } | null)[] }[] }[] }>(
        { role: 'anon' },
        'public.get_bracket($1)',
        [cupId],
      );
      const names = bracket.rounds.flatMap((r) => r.matches.flatMap((m) => m.entries.map((e) => e?.in_game_name)));
      expect(names).toContain('Deleted player');
      expect(names).not.toContain(values.name);
      const payouts = await rpcOf(db)<{ in_game_name: string; status: string }[]>({ role: 'anon' }, 'public.get_tournament_payouts($1)', [
        cupId,
      ]);
      expect(payouts.map((p) => p.in_game_name)).toContain('Deleted player');
    });

    it('keeps the PAN-bearing record and the identity in the restricted store, for platform admins at aal2, each read audited', async () => {
      const reader = await admin(db);
      const records = await rpcOf(db)<{ source: string; record: Record<string, unknown>; kept_because: string; kept_until: string }[]>(
        reader.actor,
        'public.admin_read_kept_records($1, $2)',
        [subject, 'Form 26Q correction for FY 2031-32'],
      );
      const kyc = records.find((r) => r.source === 'public.kyc_records');
      expect(kyc?.record).toMatchObject({ upi_id: values.upi });
      expect(JSON.stringify(kyc?.record)).toContain(values.pan.slice(-4));
      expect(kyc?.kept_because).toBe('books_of_account');
      expect(new Date(kyc!.kept_until).getFullYear()).toBeGreaterThanOrEqual(new Date().getFullYear() + 7);
      expect(records.find((r) => r.source === 'public.profiles')?.record).toMatchObject({ legal_name: values.legal });
      expect(records.some((r) => r.kept_because === 'processing_log')).toBe(true);

      const audit = await db.admin.query(`select reason from public.audit_log where action = 'kept_records_read' and actor_id = $1`, [
        reader.id,
      ]);
      expect(audit.rows).toEqual([{ reason: 'Form 26Q correction for FY 2031-32' }]);

      await expectSqlError(
        rpcOf(db)(player(reader.id, undefined, 'aal1'), 'public.admin_read_kept_records($1, $2)', [subject, 'A look']),
        'PT403',
      );
      const organiser = await createUser(db);
      await db.admin.query(`insert into public.staff_roles (user_id, role) values ($1, 'organiser')`, [organiser.id]);
      await expectSqlError(
        rpcOf(db)(player(organiser.id, undefined, 'aal2'), 'public.admin_read_kept_records($1, $2)', [subject, 'A look']),
        'PT403',
      );
    });

    it('empties the restricted store when each period ends', async () => {
      const count = async (because: string) =>
        Number(
          (
            await db.admin.query<{ n: number }>(
              'select count(*) as n from private.kept_records where subject_id = $1 and kept_because = $2',
              [subject, because],
            )
          ).rows[0]!.n,
        );
      await setDatabaseClock(db, new Date(Date.now() + 400 * 86_400_000).toISOString());
      await runDueWork(db);
      expect(await count('processing_log')).toBe(0);
      expect(await count('books_of_account')).toBeGreaterThan(0);
      await setDatabaseClock(db, new Date(Date.now() + 9 * 366 * 86_400_000).toISOString());
      await runDueWork(db);
      await setDatabaseClock(db, null);
      expect(await count('books_of_account')).toBe(0);
    });

    it('lets the same e-mail address sign up afresh as a new, empty account', async () => {
      const again = await createUser(db, values.email);
      expect(again.id).not.toBe(subject);
      const [profile] = (await db.admin.query('select in_game_name, profile_completed from public.profiles where id = $1', [again.id]))
        .rows;
      expect(profile).toEqual({ in_game_name: null, profile_completed: false });
      expect(await rpcOf(db)(player(again.id), 'public.get_my_earnings()')).toMatchObject({ balance_paise: 0, won_paise: 0 });
    });
  });
  it('redacts by literal whole-word comparison, and in JSON only string values', async () => {
    const redact = async (text: string, name: string | null, values: string[]) =>
      (await db.admin.query<{ t: string }>('select private.redact_text($1, $2, $3) as t', [text, name, values])).rows[0]!.t;
    expect(await redact('Ravi met Ravish', 'Ravi', [])).toBe('Deleted player met Ravish');
    expect(await redact('a.c abc a.c', 'a.c', [])).toBe('Deleted player abc Deleted player');
    expect(await redact('100% sure, 10_0 and 1000', null, ['100%', '10_0'])).toBe('[removed] sure, [removed] and 1000');
    expect(await redact('Mail ME@X.IN or me@x.in', null, ['me@x.in'])).toBe('Mail [removed] or [removed]');
    expect(await redact('nullify null (null)', 'null', [])).toBe('nullify Deleted player (Deleted player)');
    expect(await redact('.*+?()[]{}|\\^$ stays .*', null, ['.*+?()[]{}|\\^$'])).toBe('[removed] stays .*');
    const [doc] = (
      await db.admin.query<{ d: unknown }>(`select private.redact_json($1::jsonb, 'null', array['Status']) as d`, [
        JSON.stringify({ null: null, tournament_id: null, status: 'Status', n: 123, list: ['null', true, { Status: 'null Status' }] }),
      ])
    ).rows;
    expect(doc?.d).toEqual({
      null: null,
      tournament_id: null,
      status: '[removed]',
      n: 123,
      list: ['Deleted player', true, { Status: 'Deleted player [removed]' }],
    });
  });

  describe('erasure of a player whose values look like JSON, numbers, common words or patterns', () => {
    /** What other players' rows say: audit rows, bells, profiles, outside calls, grievances (by id). */
    async function othersRows(subject: string) {
      const { rows } = await db.admin.query<{ snapshot: unknown }>(
        `select jsonb_build_object(
           'audit', (select jsonb_object_agg(a.id, jsonb_build_array(a.summary, a.reason, a.before, a.after)) from public.audit_log a
                      where a.actor_id is distinct from $1
                        and (a.entry_id is null or a.entry_id not in (select e.id from public.entries e where e.player_id = $1))
                        and $1::text is distinct from a.before ->> 'user_id' and $1::text is distinct from a.after ->> 'user_id'),
           'bell', (select jsonb_object_agg(n.id, jsonb_build_array(n.title, n.body)) from public.notifications n where n.user_id <> $1),
           'profiles', (select jsonb_object_agg(p.id, jsonb_build_array(p.in_game_name, p.legal_name, p.game_user_id, p.email))
                          from public.profiles p where p.id <> $1),
           'outbox', (select jsonb_object_agg(o.id, o.payload) from private.outbox o
                       where strpos(o.idempotency_key, $1::text) = 0 and o.payload ->> 'user_id' is distinct from $1::text
                         and o.kind <> 'storage_deletion'),
           'grievances', (select jsonb_object_agg(g.id, jsonb_build_array(g.subject, g.body)) from private.grievances g
                           where g.user_id is distinct from $1)) as snapshot`,
        [subject],
      );
      return rows[0]!.snapshot as Record<string, Record<string, unknown> | null>;
    }

    it.each([
      { name: 'null', legal: 'Status', gameId: '123456' },
      { name: 'true', legal: '.*+?()[]{}|\\^$', gameId: '000000' },
      { name: '{}', legal: `O'Brien "the" Wall`, gameId: 'ABC-123' },
    ])("erases $name ($legal) in the periodic work, which does not fail, and no other player's row changes", async (hostile) => {
      const cup = await finishedTournament(db, { size: 2, start: new Date('2033-04-10T10:00:00Z'), prizePoolPaise: 0 });
      // Settled, so nothing keeps the account open.
      await setDatabaseClock(db, new Date(cup.finishedAt.getTime() + 3 * 3600_000).toISOString());
      await runDueWork(db);
      await setDatabaseClock(db, null);
      const subject = cup.seeds.find((s) => s.seed === 1)!.player_id;
      const opponent = cup.seeds.find((s) => s.seed === 2)!.player_id;
      await db.admin.query('update public.profiles set in_game_name = $2, legal_name = $3, game_user_id = $4 where id = $1', [
        subject,
        hostile.name,
        hostile.legal,
        hostile.gameId,
      ]);
      // Rows of other people holding the same words: an audit row with a JSON null, a bell, a grievance.
      await db.admin.query(
        `select private.audit($1, 'note', $2, $3, jsonb_build_object('tournament_id', null, 'status', $3::text, 'n', 123456), '{"x": "null"}', false, $4)`,
        [cup.id, `${hostile.legal}: ${hostile.name} of ${hostile.gameId}`, hostile.legal, opponent],
      );
      await db.admin.query(`insert into public.notifications (user_id, kind, title, body) values ($1, 'prize_credited', $2, $3)`, [
        opponent,
        `${hostile.legal} changed`,
        `${hostile.name} ${hostile.gameId}`,
      ]);
      const before = await othersRows(subject);
      const scheduled = await requestDeletion(subject);
      await passGracePeriod(scheduled.erase_at);
      const [profile] = (
        await db.admin.query('select in_game_name, erased_at is not null as erased from public.profiles where id = $1', [subject])
      ).rows;
      expect(profile).toEqual({ in_game_name: 'Deleted player', erased: true });
      const after = await othersRows(subject);
      for (const part of Object.keys(before)) {
        for (const [id, row] of Object.entries(before[part] ?? {})) expect({ part, id, row: after[part]?.[id] }).toEqual({ part, id, row });
      }
    });

    it('lets an admin delete such a user in the dashboard', async () => {
      const user = await erasablePlayer();
      await db.admin.query(
        `update public.profiles set in_game_name = 'null', legal_name = 'Status', game_user_id = '999999' where id = $1`,
        [user.id],
      );
      await db.admin.query(`select private.audit(null, 'note', 'Status null', null, '{"tournament_id": null}', null, false, $1)`, [
        user.id,
      ]);
      await db.admin.query('delete from auth.users where id = $1', [user.id]);
      const [profile] = (await db.admin.query('select in_game_name, legal_name from public.profiles where id = $1', [user.id])).rows;
      expect(profile).toEqual({ in_game_name: 'Deleted player', legal_name: null });
      const [own] = (await db.admin.query('select summary, before from public.audit_log where actor_id = $1', [user.id])).rows;
      expect(own).toEqual({ summary: '[removed] Deleted player', before: { tournament_id: null } });
    });
  });
});
