/**
 * Fixtures for the money tests: players with verified KYC, admins with the second step, balances, and
 * finished tournaments played through the real draw and results.
 */
import { randomUUID } from 'node:crypto';
import { completeProfile, createUser, player, rpcOf, setDatabaseClock, type TestDatabase } from './requests.ts';

export { rpcOf };

let panCounter = 0;
/** A well-formed PAN nobody else uses in this database. */
export function freshPan(): string {
  panCounter += 1;
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const n = panCounter + Math.floor(Math.random() * 100_000);
  const a = letters[n % 26] ?? 'A';
  const b = letters[Math.floor(n / 26) % 26] ?? 'B';
  const c = letters[Math.floor(n / 676) % 26] ?? 'C';
  return `${a}${b}${c}P${letters[panCounter % 26]}${String(n % 10_000).padStart(4, '0')}K`;
}

/** A player with a complete adult profile and (unless told otherwise) verified KYC. */
export async function kycPlayer(db: TestDatabase, options: { verified?: boolean } = {}) {
  const user = await createUser(db);
  await completeProfile(db, user.id);
  const rpc = rpcOf(db);
  const upi = `player${user.id.slice(0, 6)}@okaxis`;
  await rpc(player(user.id), 'public.submit_kyc($1, $2)', [freshPan(), upi]);
  if (options.verified ?? true) {
    await recordKycCheck(db, user.id, 'pan', true);
    await recordKycCheck(db, user.id, 'upi', true);
  }
  return { ...user, upi, actor: player(user.id, user.email) };
}

/**
 * An adult's account at `email` whose PAN passed the PAN check: a parent who may give consent. The same
 * account again for an address that already has one.
 */
export async function verifiedPanHolder(db: TestDatabase, email: string) {
  const known = (await db.admin.query<{ id: string }>('select id from auth.users where lower(email) = lower($1)', [email])).rows[0];
  if (known) return { id: known.id, email, actor: player(known.id, email) };
  const user = await createUser(db, email);
  await completeProfile(db, user.id);
  await rpcOf(db)(player(user.id), 'public.submit_kyc($1, $2)', [freshPan(), `parent${user.id.slice(0, 6)}@okaxis`]);
  await recordKycCheck(db, user.id, 'pan', true);
  return { ...user, actor: player(user.id, user.email) };
}

/**
 * The provider's answer to a player's PAN or UPI check, about the submission that check was last asked for
 * (as the outbox payload names it), or about `submission` when given.
 */
export async function recordKycCheck(
  db: TestDatabase,
  userId: string,
  check: 'pan' | 'upi',
  ok: boolean,
  reason: string | null = null,
  submission?: number,
) {
  const asked =
    submission ??
    (
      await db.admin.query<{ n: number }>(
        `select case $2 when 'pan' then pan_check_submission else upi_check_submission end as n from public.kyc_records where user_id = $1`,
        [userId, check],
      )
    ).rows[0]?.n;
  return rpcOf(db)<Record<string, unknown>>({ role: 'service_role' }, 'public.service_record_kyc_check($1, $2, $3, $4, $5)', [
    userId,
    check,
    ok,
    reason,
    asked ?? 1,
  ]);
}

/** A site-wide admin signed in with the second step. */
export async function admin(db: TestDatabase) {
  const user = await createUser(db);
  await db.admin.query(`insert into public.staff_roles (user_id, role) values ($1, 'admin')`, [user.id]);
  return { ...user, actor: player(user.id, user.email, 'aal2') };
}

/** Credits a prize of `paise` to the player in a tournament of its own (as the prize run posts it). */
export async function givePrize(db: TestDatabase, userId: string, paise: number, tournamentId = `prize-${randomUUID().slice(0, 8)}`) {
  await db.admin.query(
    `select private.post_journal('prize', 'prize:' || $1 || ':' || gen_random_uuid(), jsonb_build_array(
       jsonb_build_object('account', 'prize_pool:' || $1, 'amount_paise', -$3::bigint),
       jsonb_build_object('account', private.player_account($2), 'amount_paise', $3::bigint, 'user_id', $2)))`,
    [tournamentId, userId, paise],
  );
}

export async function checkLedger(db: TestDatabase) {
  const { rows } = await db.admin.query<{ result: { balanced: boolean; journals_unbalanced: number; total_paise: number } }>(
    'select private.check_ledger() as result',
  );
  return rows[0]?.result;
}

/**
 * The periodic function with every step, housekeeping included: these tests move the clock by hours or days, where
 * pg_cron would have run it every minute between and the steps of a longer cadence would each have had their turn.
 */
export async function runDueWork(db: TestDatabase) {
  await db.admin.query('select private.run_due_steps(true)');
}

/**
 * A tournament of `size` players, drawn, every match won 2-1 by the top slot as agreeing reports confirm
 * it; finished at `finishAt`. Returns the entries by place and the players of each entry.
 */
export async function finishedTournament(
  db: TestDatabase,
  options: { size: number; start: Date; series?: 'quick' | 'championship'; prizePoolPaise?: number; formula?: unknown[] },
) {
  const id = `money-${randomUUID().slice(0, 8)}`;
  let seriesId: string | null = null;
  if (options.formula) {
    seriesId = `s${randomUUID().slice(0, 8)}`;
    await db.admin.query(
      `insert into public.series (id, title, kind, format, entry_fee_paise, prize_pool_paise, prize_formula, capacity,
                                  check_in_opens_before, check_in_closes_before, active)
       values ($1, 'Money Series', $2, 'Knockout', 10000, $3, $4::jsonb, $5, '60 minutes', '15 minutes', false)`,
      [seriesId, options.series ?? 'quick', options.prizePoolPaise ?? 0, JSON.stringify(options.formula), options.size],
    );
  }
  const startIso = options.start.toISOString();
  await db.admin.query(
    `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots,
                                     is_live, starts_at, series_id)
     values ($1, 'Money Cup', $2, 'Knockout', 10000, $3, $4, $4, true, $5, $6)`,
    [id, options.series ?? 'quick', options.prizePoolPaise ?? 0, options.size, startIso, seriesId],
  );
  const players: string[] = [];
  for (let i = 0; i < options.size; i++) {
    const user = await createUser(db);
    await completeProfile(db, user.id);
    await db.admin.query('update public.profiles set in_game_name = $2 where id = $1', [user.id, `m${i + 1}`]);
    const paymentId = randomUUID();
    await db.admin.query(
      `insert into public.payments (id, user_id, tournament_id, razorpay_order_id, razorpay_payment_id, amount_paise, slots, status, paid_at)
       values ($1, $2, $3, $4, $5, 10000, 1, 'paid', now())`,
      [paymentId, user.id, id, `order_${paymentId.slice(0, 12)}`, `pay_${paymentId.slice(0, 12)}`],
    );
    await db.admin.query(
      `insert into public.tournament_registrations (user_id, tournament_id, slots, status, payment_id) values ($1, $2, 1, 'upcoming', $3)`,
      [user.id, id, paymentId],
    );
    players.push(user.id);
  }
  await db.admin.query('update public.entries set checked_in_at = $2 where tournament_id = $1', [
    id,
    new Date(options.start.getTime() - 120 * 60_000).toISOString(),
  ]);
  await setDatabaseClock(db, new Date(options.start.getTime() - 10 * 60_000).toISOString());
  await db.admin.query('select private.run_draw($1, null)', [id]);
  await setDatabaseClock(db, new Date(options.start.getTime() + 30 * 60_000).toISOString());
  await db.admin.query(
    `do $$
     declare v_match public.matches%rowtype;
     begin
       loop
         select * into v_match from public.matches where tournament_id = '${id}' and status = 'scheduled' order by round, position limit 1;
         exit when not found;
         perform private.confirm_result(v_match, v_match.entry_a, 2, 1, 'result_confirmed', 'Both players reported the same result', null, true);
       end loop;
     end $$`,
  );
  const { rows } = await db.admin.query<{ entry_id: string; player_id: string; seed: number }>(
    `select s.entry_id, e.player_id, s.seed from private.entry_seeds($1) s join public.entries e on e.id = s.entry_id order by s.seed`,
    [id],
  );
  return { id, players, seeds: rows, finishedAt: new Date(options.start.getTime() + 30 * 60_000) };
}
