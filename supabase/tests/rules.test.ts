/**
 * The rules module (supabase/functions/_shared/rules.ts, the site's src/lib/rules.ts) repeats the
 * database's rules for the screens and the edge functions. The database is the authority: these tests
 * read its constraints and functions and fail when a value in the module differs, so a form never
 * accepts what the database refuses (or refuses what it accepts), and players read the refund reasons the
 * database writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DISPUTE_REASON_CODES,
  GAME_USER_ID_PATTERN,
  IN_GAME_NAME_MAX_LENGTH,
  IN_GAME_NAME_MIN_LENGTH,
  LEGAL_NAME_MAX_LENGTH,
  LEGAL_NAME_MIN_LENGTH,
  MAX_PLAYER_AGE,
  MAX_SLOTS,
  MIN_PLAYER_AGE,
  MIN_SLOTS,
  PAID_ENTRY_MIN_AGE,
  PAN_HOLDER_LETTER_INDEX,
  PAN_PATTERN,
  PAN_PERSON_LETTER,
  MATCH_SCREENSHOT_MAX_BYTES,
  MATCH_SCREENSHOT_TYPES,
  PAYOUT_APPROVAL_ABOVE_PAISE,
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_TYPES,
  podPrizePoolPaise,
  REFUND_REASONS,
  REREGISTRATION_WAIT_HOURS,
  SLOT_COUNT_MESSAGE,
  UPI_ID_PATTERN,
  QUIET_HOURS_IST,
  WHATSAPP_CODE_MINUTES,
  DATA_EXPORT_INTERVAL_MINUTES,
} from '../functions/_shared/rules.ts';
import { PAYOUT_STATUSES } from '../functions/_shared/payout-status.ts';
import { ENTRY_STATUSES } from '../../src/features/brackets/brackets.schemas.ts';
import { STAFF_ROLES } from '../../src/features/staff/staff.schemas.ts';
import { KYC_RECORD_STATUSES } from '../../src/features/payouts/payouts.ts';
import { MATCH_STATUSES } from '../../src/features/matches/match-schemas.ts';
import {
  MINUTE,
  READY_CLOSES_AFTER,
  READY_OPENS_BEFORE,
  REPORT_AFTER_REPLAY,
  REPORT_CLOSES_AFTER,
  WALKOVER_CONTEST_WINDOW,
} from '../../src/lib/match-windows.ts';
import { completeProfile, createUser, engines, player, type TestDatabase } from './helpers.ts';

describe.each(engines)('the rules module against the database on $name', (engine) => {
  let db: TestDatabase;
  /** The bodies of the current functions of the public and private schemas. */
  let functions: { name: string; src: string }[];
  beforeAll(async () => {
    db = await engine.start();
    functions = (
      await db.admin.query<{ name: string; src: string }>(
        `select proname as name, prosrc as src from pg_proc where pronamespace in ('public'::regnamespace, 'private'::regnamespace)`,
      )
    ).rows;
  });
  afterAll(() => db?.close());

  async function constraint(name: string): Promise<string> {
    const { rows } = await db.admin.query<{ def: string }>(
      'select pg_get_constraintdef(oid) as def from pg_constraint where conname = $1',
      [name],
    );
    expect(rows, `constraint ${name}`).toHaveLength(1);
    return rows[0]!.def;
  }

  /** Every capture of `pattern` in every function body (the pattern has one group). */
  function inFunctions(pattern: RegExp): { name: string; value: string }[] {
    return functions.flatMap((fn) => [...fn.src.matchAll(pattern)].map((match) => ({ name: fn.name, value: match[1] ?? '' })));
  }

  it('buys 1 to MAX_SLOTS slots, as the tables and the entry functions allow', async () => {
    for (const name of ['payments_slots_range', 'tournament_registrations_slots_range']) {
      expect(await constraint(name)).toContain(`(slots >= ${MIN_SLOTS}) AND (slots <= ${MAX_SLOTS})`);
    }
    const checks = inFunctions(/p_slots is null or (p_slots < \d+ or p_slots > \d+)/g);
    expect(checks.length).toBeGreaterThan(0);
    for (const check of checks)
      expect(check, check.name).toEqual({ name: check.name, value: `p_slots < ${MIN_SLOTS} or p_slots > ${MAX_SLOTS}` });
    for (const message of inFunctions(/'(Choose between [^']*)'/g)) expect(message.value, message.name).toBe(SLOT_COUNT_MESSAGE);
  });

  it('waits REREGISTRATION_WAIT_HOURS between two registrations for the same tournament', () => {
    const waits = inFunctions(/registered_at\s*(?:\+|>\s*\w+\s*-)\s*interval\s*'(\d+ hours)'/g);
    expect(waits.map((wait) => wait.name)).toEqual(expect.arrayContaining(['last_registration_within_a_day']));
    for (const wait of waits) expect(wait.value, wait.name).toBe(`${REREGISTRATION_WAIT_HOURS} hours`);
  });

  it('writes the refund reasons of REFUND_REASONS, and no other', async () => {
    const source = functions.find((fn) => fn.name === 'refusal_reason')?.src ?? '';
    const codes = [...source.matchAll(/when '([a-z_]+)' then/g)].map((match) => match[1]);
    expect(codes.sort()).toEqual(Object.keys(REFUND_REASONS).sort());
    for (const [code, reason] of Object.entries(REFUND_REASONS)) {
      const { rows } = await db.admin.query<{ reason: string }>('select private.refusal_reason($1) as reason', [code]);
      expect(rows[0]?.reason, code).toBe(reason);
    }
  });

  it("pays a quick pod that runs short the pool's share that podPrizePoolPaise states", async () => {
    const cases = [
      [120000, 4, 3],
      [160000, 8, 7],
      [80000, 8, 5],
      [100001, 3, 2],
      [60000, 2, 2],
      [120000, 4, 5],
    ] as const;
    for (const [pool, places, players] of cases) {
      const { rows } = await db.admin.query<{ pool: string }>('select private.pod_prize_pool($1, $2, $3) as pool', [pool, places, players]);
      expect(Number(rows[0]?.pool), `${pool} × ${players}/${places}`).toBe(podPrizePoolPaise(pool, places, players));
    }
  });

  it('limits the names as the profile constraints and update_my_profile do', async () => {
    expect(await constraint('profiles_legal_name_length')).toContain(
      `(char_length(btrim(legal_name)) >= ${LEGAL_NAME_MIN_LENGTH}) AND (char_length(btrim(legal_name)) <= ${LEGAL_NAME_MAX_LENGTH})`,
    );
    expect(await constraint('profiles_in_game_name_length')).toContain(
      `(char_length(btrim(in_game_name)) >= ${IN_GAME_NAME_MIN_LENGTH}) AND (char_length(btrim(in_game_name)) <= ${IN_GAME_NAME_MAX_LENGTH})`,
    );
    const update = functions.filter((fn) => fn.name === 'update_my_profile');
    expect(update.length).toBeGreaterThan(0);
    for (const { src } of update) {
      expect(src).toContain(`char_length(coalesce(clean_legal_name, '')) < ${LEGAL_NAME_MIN_LENGTH}`);
      expect(src).toContain(`char_length(clean_legal_name) > ${LEGAL_NAME_MAX_LENGTH}`);
      expect(src).toContain(`char_length(coalesce(clean_in_game_name, '')) < ${IN_GAME_NAME_MIN_LENGTH}`);
      expect(src).toContain(`char_length(clean_in_game_name) > ${IN_GAME_NAME_MAX_LENGTH}`);
    }
  });

  it('checks the eFootball user id with GAME_USER_ID_PATTERN', async () => {
    expect(await constraint('profiles_game_user_id_format')).toContain(`'${GAME_USER_ID_PATTERN}'`);
    const update = functions.filter((fn) => fn.name === 'update_my_profile');
    for (const { src } of update) expect(src).toContain(`'${GAME_USER_ID_PATTERN}'`);
  });

  it('uses the ages of the rules module', async () => {
    const [row] = (
      await db.admin.query(
        'select private.legal_min_player_age() as min, private.legal_max_player_age() as max, private.legal_paid_entry_age() as paid',
      )
    ).rows;
    expect(row).toEqual({ min: MIN_PLAYER_AGE, max: MAX_PLAYER_AGE, paid: PAID_ENTRY_MIN_AGE });
  });

  it.each([
    ['matches_status_known', MATCH_STATUSES],
    ['payouts_status_known', PAYOUT_STATUSES],
    ['entries_status_known', ENTRY_STATUSES],
    ['staff_roles_role_known', STAFF_ROLES],
    ['match_disputes_reason_known', DISPUTE_REASON_CODES],
    ['kyc_records_status_known', KYC_RECORD_STATUSES],
  ] as const)('knows every value %s allows, and no other', async (name, values) => {
    const listed = [...(await constraint(name)).matchAll(/'([a-z_]+)'::text/g)].map((match) => match[1]);
    expect(listed).toEqual([...values]);
  });

  it('opens and closes the match steps at the times the match page shows the players', () => {
    const interval = (ms: number) => `interval '${ms / MINUTE} minutes'`;
    const body = (name: string) => {
      const bodies = functions.filter((fn) => fn.name === name).map((fn) => fn.src);
      expect(bodies, name).toHaveLength(1);
      return bodies[0]!;
    };
    expect(body('set_ready')).toContain(`scheduled_at - ${interval(READY_OPENS_BEFORE)}`);
    expect(body('set_ready')).toContain(`scheduled_at + ${interval(READY_CLOSES_AFTER)}`);
    expect(body('claim_walkover')).toContain(`scheduled_at + ${interval(READY_CLOSES_AFTER)}`);
    expect(body('claim_walkover')).toContain(`walkover_claimed_at + ${interval(WALKOVER_CONTEST_WINDOW)}`);
    expect(body('report_match')).toContain(`scheduled_at - ${interval(READY_OPENS_BEFORE)}`);
    // The report window: 45 minutes from the match time, or 15 after a replay's expected end (one function reads both).
    expect(body('report_match')).toContain('private.report_closes_at(v_match)');
    expect(body('report_closes_at')).toContain(`scheduled_at + ${interval(REPORT_CLOSES_AFTER)}`);
    expect(body('report_closes_at')).toContain(`replay_ends_at + ${interval(REPORT_AFTER_REPLAY)}`);
    // No function measures from the match time by any other amount.
    const fromMatchTime = inFunctions(/scheduled_at\s*[-+]\s*(interval '[^']*')/g);
    const known = [READY_OPENS_BEFORE, READY_CLOSES_AFTER, REPORT_CLOSES_AFTER].map(interval);
    for (const found of fromMatchTime) expect(known, found.name).toContain(found.value);
  });

  it('takes the pictures and screenshots the storage buckets take', async () => {
    const { rows } = await db.admin.query<{ id: string; file_size_limit: string | number; allowed_mime_types: string[] }>(
      `select id, file_size_limit, allowed_mime_types from storage.buckets where id in ('profile-pictures', 'match-evidence') order by id`,
    );
    expect(rows.map((bucket) => ({ ...bucket, file_size_limit: Number(bucket.file_size_limit) }))).toEqual([
      { id: 'match-evidence', file_size_limit: MATCH_SCREENSHOT_MAX_BYTES, allowed_mime_types: [...MATCH_SCREENSHOT_TYPES] },
      { id: 'profile-pictures', file_size_limit: PROFILE_PICTURE_MAX_BYTES, allowed_mime_types: [...PROFILE_PICTURE_TYPES] },
    ]);
  });

  it('holds payouts above PAYOUT_APPROVAL_ABOVE_PAISE for an admin, as the setting does by default', async () => {
    const { rows } = await db.admin.query<{ value: unknown }>(
      `select value from private.settings where key = 'payout_approval_over_paise'`,
    );
    expect(Number(rows[0]?.value)).toBe(PAYOUT_APPROVAL_ABOVE_PAISE);
  });

  it('refuses the PANs and UPI ids the KYC form refuses, and takes the ones it takes', async () => {
    const pan = new RegExp(PAN_PATTERN);
    const upiId = new RegExp(UPI_ID_PATTERN);
    const formTakesPan = (value: string) => pan.test(value) && value.charAt(PAN_HOLDER_LETTER_INDEX) === PAN_PERSON_LETTER;
    /** What submit_kyc answers a new adult player with a complete profile: 'ok' or the refusal's hint. */
    async function submit(panValue: string, upiValue: string): Promise<string> {
      const { id } = await createUser(db);
      await completeProfile(db, id);
      return db.as(player(id), 'select public.submit_kyc($1, $2)', [panValue, upiValue]).then(
        () => 'ok',
        (error: { hint?: string; message?: string }) => error.hint ?? `unknown: ${error.message}`,
      );
    }
    const pans = ['BCDPE1234F', 'CDEPF2345G', 'ABCDE1234F', 'ABCCE1234F', 'ABCPE1234', 'ABCP1E234F', 'ABCPE12345', '1BCPE1234F'];
    for (const value of pans) expect(await submit(value, 'asha.rao@okaxis'), value).toBe(formTakesPan(value) ? 'ok' : 'invalid_pan');
    const upiIds = [
      'asha.rao@okaxis',
      'a_b-c.d@ybl',
      'a@okaxis',
      'asha rao@okaxis',
      'asha@ok1bank',
      'asha@x',
      'asha.rao',
      `asha@${'a'.repeat(65)}`,
    ];
    let next = 0;
    for (const value of upiIds) {
      // A PAN of its own each time (one PAN per account), taken by the form.
      next += 1;
      const ownPan = `DEFP${String.fromCharCode(65 + next)}${String(1000 + next)}K`;
      expect(await submit(ownPan, value), value).toBe(upiId.test(value) ? 'ok' : 'invalid_upi_id');
    }
  });

  it('holds mail and alerts in the quiet hours, lets a WhatsApp code last and spaces data downloads as the profile says', async () => {
    const pad = (hour: number) => String(hour).padStart(2, '0');
    const notBefore = async (ist: string) =>
      (
        await db.admin.query<{ at: string }>(
          `select to_char(private.email_not_before(($1 || '+05:30')::timestamptz, false) at time zone 'Asia/Kolkata', 'YYYY-MM-DD HH24:MI') as at`,
          [ist],
        )
      ).rows[0]?.at;
    const { from, until } = QUIET_HOURS_IST;
    expect(await notBefore(`2026-12-06 ${pad(from - 1)}:59`)).toBe(`2026-12-06 ${pad(from - 1)}:59`);
    expect(await notBefore(`2026-12-06 ${pad(from)}:00`)).toBe(`2026-12-07 ${pad(until)}:00`);
    expect(await notBefore(`2026-12-07 ${pad(until - 1)}:59`)).toBe(`2026-12-07 ${pad(until)}:00`);
    expect(await notBefore(`2026-12-07 ${pad(until)}:00`)).toBe(`2026-12-07 ${pad(until)}:00`);
    const { rows } = await db.admin.query<{ code: number; export: number }>(
      `select (select whatsapp_code_minutes from private.alert_settings) as code,
              extract(epoch from private.data_export_interval()) / 60 as export`,
    );
    expect(Number(rows[0]?.code)).toBe(WHATSAPP_CODE_MINUTES);
    expect(Number(rows[0]?.export)).toBe(DATA_EXPORT_INTERVAL_MINUTES);
  });
});
