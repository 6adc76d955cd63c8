/**
 * Consent done right. A parent consents for a player of 13 to 17 from their own signed-in account, at the
 * address the child named and holding a PAN the PAN check verified, with the code e-mailed to them and a
 * declaration (name, relation), recorded with when and how; either of them withdraws it in one click; until
 * then nothing beyond the sign-up is processed for the child. "Notify Me" addresses are confirmed before
 * anything is sent, and every message can unsubscribe. If this failed, a child's data would be processed on
 * a click anyone could make, or a stranger's address would receive mail it never asked for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anon,
  completeProfile,
  createTournament,
  createUser,
  engines,
  expectSqlError,
  INVALID_INPUT,
  NOT_ALLOWED,
  player,
  serviceRole,
  setDatabaseClock,
  startWithMovableClock,
  WRONG_STATE,
  type TestDatabase,
} from './helpers.ts';
import { drawnSemiFinal } from './match-fixtures.ts';
import { freshPan, recordKycCheck } from './money-fixtures.ts';

const ENTER_FREE = 'select public.enter_free_tournament($1)';

/** The parental consent declaration parents tick, by version (the catalog's parental_consent_declaration). */
const DECLARATION = {
  version: 1,
  en: 'I am the parent or legal guardian of this player. I consent to Golazo Arena processing their account data so that they can join free tournaments (no paid entry, no prizes paid out to them while they are under 18), and I know I can withdraw this consent at any time with the link in the e-mail that confirms it.',
  hi: 'मैं इस खिलाड़ी के माता-पिता में से एक या उनका कानूनी अभिभावक हूँ। मैं सहमति देता/देती हूँ कि Golazo Arena उनके अकाउंट का डेटा प्रोसेस करे, ताकि वे फ़्री टूर्नामेंट में हिस्सा ले सकें (18 साल से कम उम्र रहने तक उनके लिए न कोई पेड एंट्री होगी, न उन्हें कोई प्राइज़ दिया जाएगा), और मैं जानता/जानती हूँ कि इस सहमति की पुष्टि करने वाले ई-मेल के लिंक से मैं इसे कभी भी वापस ले सकता/सकती हूँ।',
};
/** Languages a caller might send that name no page the catalog has: each reads English, never an error. */
const HOSTILE_LANGUAGES = [null, '', 'HI', '__proto__', 'fr', 'hi; drop table private.parental_consents; --', 'x'.repeat(5000)];
const CONFIRM = 'select public.confirm_parental_consent($1, $2, $3, $4, $5) as r';

describe.each(engines)('consent on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine, { storageRules: true });
  });
  afterAll(() => db?.close());

  /** What the worker reads for the newest queued e-mail of a kind (the row itself carries only a reference). */
  async function mailDetails<T>(kind: string, reference: string, value: string) {
    const { rows } = await db.admin.query<{ id: number; payload: Record<string, unknown> }>(
      `select id, payload from private.outbox where kind = $1 and payload ->> $2 = $3 order by id desc limit 1`,
      [kind, reference, value],
    );
    const [{ d }] = (await db.as<{ d: T }>(serviceRole, 'select public.service_outside_call_details($1) as d', [rows[0]!.id])) as [
      { d: T },
    ];
    return { payload: rows[0]!.payload, details: d };
  }

  /** An adult's account at `email` whose PAN the PAN check verified (unless told otherwise). */
  async function parentAccount(email: string, options: { panVerified?: boolean } = {}) {
    const parent = await createUser(db, email);
    await completeProfile(db, parent.id);
    await db.as(player(parent.id), 'select public.submit_kyc($1, $2)', [freshPan(), `parent${parent.id.slice(0, 6)}@okaxis`]);
    if (options.panVerified ?? true) await recordKycCheck(db, parent.id, 'pan', true);
    return { ...parent, actor: player(parent.id, parent.email) };
  }

  async function childWithRequest(existing?: { id: string; actor: ReturnType<typeof player> }) {
    const child = existing ?? (await createUser(db));
    await completeProfile(db, child.id, { dateOfBirth: '2011-09-09' });
    const parentEmail = `parent.${child.id.slice(0, 8)}@example.com`;
    await db.as(child.actor, 'select public.request_parental_consent($1)', [parentEmail]);
    const { rows } = await db.admin.query<{ id: string }>('select id from private.parental_consents where player_id = $1', [child.id]);
    const consentId = rows[0]!.id;
    const mail = await mailDetails<{ to: string; token: string; code: string }>('parental_consent_email', 'consent_id', consentId);
    return { child, consentId, parent: await parentAccount(parentEmail), ...mail };
  }

  /** A child whose parent consented, and the parent's one-click withdrawal link. */
  async function consentedChild(existing?: { id: string; actor: ReturnType<typeof player> }) {
    const request = await childWithRequest(existing);
    await db.as(request.parent.actor, CONFIRM, [request.details.token, request.details.code, 'Meera Iyer', 'mother', true]);
    const confirmed = await mailDetails<{ withdraw_token: string }>('parental_consent_email', 'consent_id', request.consentId);
    return { child: request.child, withdrawToken: confirmed.details.withdraw_token };
  }

  it('records the parent’s consent with the e-mailed code, their name, relation and declaration', async () => {
    const { child, consentId, payload, details, parent } = await childWithRequest();
    expect(payload).toEqual({ consent_id: consentId, message: 'request' });
    expect(details.code).toMatch(/^[0-9]{6}$/);
    const free = await createTournament(db, { entry_fee_paise: 0 });
    await expectSqlError(db.as(child.actor, ENTER_FREE, [free.id]), NOT_ALLOWED, "parent's consent");

    const [request] = await db.as<{ r: { in_game_name: string; declaration: string } }>(
      anon,
      'select public.get_parental_consent_request($1) as r',
      [details.token],
    );
    expect(request!.r.in_game_name).toBe('TestFC');
    expect(request!.r.declaration).toBe(DECLARATION.en);

    const [answer] = await db.as(parent.actor, CONFIRM, [details.token, details.code, '  Meera   Iyer ', 'mother', true]);
    expect(answer).toEqual({ r: { confirmed: true, in_game_name: 'TestFC' } });
    const { rows } = await db.admin.query(
      `select method, parent_name, relation, declaration = private.parental_consent_declaration() as declared,
              confirmed_at is not null as confirmed, token_sha256 is null as link_deleted, withdraw_token_sha256 is not null as can_withdraw
         from private.parental_consents where id = $1`,
      [consentId],
    );
    expect(rows).toEqual([
      {
        method: 'parent_account_pan',
        parent_name: 'Meera Iyer',
        relation: 'mother',
        declared: true,
        confirmed: true,
        link_deleted: true,
        can_withdraw: true,
      },
    ]);
    expect((await db.as(child.actor, ENTER_FREE, [free.id])).length).toBe(1);
  });

  it("shows and records the declaration in the page's language, with its language and version", async () => {
    const declarationFor = async (token: string, language?: unknown) =>
      (
        (await db.as<{ r: { declaration: string } }>(
          anon,
          language === undefined
            ? 'select public.get_parental_consent_request($1) as r'
            : 'select public.get_parental_consent_request($1, $2) as r',
          language === undefined ? [token] : [token, language],
        )) as [{ r: { declaration: string } }]
      )[0].r.declaration;
    const record = async (consentId: string) =>
      (
        await db.admin.query('select declaration, declaration_language, declaration_version from private.parental_consents where id = $1', [
          consentId,
        ])
      ).rows;

    // A Hindi page reads the Hindi words and a Hindi confirmation keeps them, with 'hi' and the version.
    const hindi = await childWithRequest();
    expect(await declarationFor(hindi.details.token, 'hi')).toBe(DECLARATION.hi);
    expect(await declarationFor(hindi.details.token, 'en')).toBe(DECLARATION.en);
    // The contract's one-argument call and every hostile language read English, never an error.
    expect(await declarationFor(hindi.details.token)).toBe(DECLARATION.en);
    for (const language of HOSTILE_LANGUAGES) expect(await declarationFor(hindi.details.token, language)).toBe(DECLARATION.en);
    const [hindiAnswer] = await db.as(hindi.parent.actor, 'select public.confirm_parental_consent($1, $2, $3, $4, $5, $6) as r', [
      hindi.details.token,
      hindi.details.code,
      'Meera Iyer',
      'mother',
      true,
      'hi',
    ]);
    expect(hindiAnswer).toEqual({ r: { confirmed: true, in_game_name: 'TestFC' } });
    expect(await record(hindi.consentId)).toEqual([
      { declaration: DECLARATION.hi, declaration_language: 'hi', declaration_version: DECLARATION.version },
    ]);
    // Download my data shows the child the words their parent ticked, in that language, with the version.
    const exported = (
      await db.admin.query<{ e: { parental_consents: unknown[] } }>('select private.export_consents($1) as e', [hindi.child.id])
    ).rows[0]!.e;
    expect(exported.parental_consents).toEqual([
      expect.objectContaining({ declaration: DECLARATION.hi, declaration_language: 'hi', declaration_version: DECLARATION.version }),
    ]);

    // The contract's five-argument call is unchanged: the English words, 'en' and the version.
    const english = await childWithRequest();
    await db.as(english.parent.actor, CONFIRM, [english.details.token, english.details.code, 'Ravi Kumar', 'father', true]);
    expect(await record(english.consentId)).toEqual([
      { declaration: DECLARATION.en, declaration_language: 'en', declaration_version: DECLARATION.version },
    ]);

    // A hostile language at confirmation records the English words as English, never the raw value.
    for (const language of [null, '', 'HI', '__proto__', 'hi; drop table private.parental_consents; --']) {
      const hostile = await childWithRequest();
      await db.as(hostile.parent.actor, 'select public.confirm_parental_consent($1, $2, $3, $4, $5, $6) as r', [
        hostile.details.token,
        hostile.details.code,
        'Ravi Kumar',
        'father',
        true,
        language,
      ]);
      expect(await record(hostile.consentId)).toEqual([
        { declaration: DECLARATION.en, declaration_language: 'en', declaration_version: DECLARATION.version },
      ]);
    }
  });

  it('gives the declaration a new version whenever its words change, in either language', async () => {
    // Fails -> someone changed what parents declare without a new version: consents could not tell the words apart.
    // Change DECLARATION and private.parental_consent_declaration_version() together (and a lawyer confirms them).
    const { rows } = await db.admin.query(
      `select language, body, private.parental_consent_declaration_version() as version from private.message_catalog
        where key = 'parental_consent_declaration' order by language`,
    );
    expect(rows).toEqual([
      { language: 'en', body: DECLARATION.en, version: DECLARATION.version },
      { language: 'hi', body: DECLARATION.hi, version: DECLARATION.version },
    ]);
  });

  it('refuses a consent without the declaration, the name or the relation, and counts wrong codes', async () => {
    const { details, parent } = await childWithRequest();
    await expectSqlError(
      db.as(parent.actor, CONFIRM, [details.token, details.code, 'Meera Iyer', 'mother', false]),
      INVALID_INPUT,
      'declaration',
    );
    await expectSqlError(db.as(parent.actor, CONFIRM, [details.token, details.code, 'M', 'mother', true]), INVALID_INPUT, 'full name');
    await expectSqlError(db.as(parent.actor, CONFIRM, [details.token, details.code, 'Meera Iyer', 'aunt', true]), INVALID_INPUT, 'related');
    const wrong = details.code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 0; left--) {
      expect(await db.as(parent.actor, CONFIRM, [details.token, wrong, 'Meera Iyer', 'mother', true])).toEqual([
        { r: { confirmed: false, reason: 'consent_code_wrong', attempts_left: left } },
      ]);
    }
    // Five wrong codes: even the right one no longer opens it.
    await expectSqlError(
      db.as(parent.actor, CONFIRM, [details.token, details.code, 'Meera Iyer', 'mother', true]),
      'PT429',
      'Too many wrong codes',
    );
  });

  it('lets the parent withdraw in one click from the confirmation e-mail, and the player from their account', async () => {
    const first = await childWithRequest();
    await db.as(first.parent.actor, CONFIRM, [first.details.token, first.details.code, 'Meera Iyer', 'mother', true]);
    const confirmed = await mailDetails<{ to: string; withdraw_token: string }>('parental_consent_email', 'consent_id', first.consentId);
    expect(confirmed.payload).toEqual({ consent_id: first.consentId, message: 'confirmed' });
    expect(await db.as(anon, 'select public.withdraw_parental_consent($1) as r', [confirmed.details.withdraw_token])).toEqual([
      { r: { withdrawn: true, in_game_name: 'TestFC' } },
    ]);
    const free = await createTournament(db, { entry_fee_paise: 0 });
    await expectSqlError(db.as(first.child.actor, ENTER_FREE, [free.id]), NOT_ALLOWED, "parent's consent");
    await expectSqlError(db.as(anon, 'select public.withdraw_parental_consent($1)', [confirmed.details.withdraw_token]), 'PT404');
    const { rows } = await db.admin.query(
      'select withdrawn_by, withdrawn_at is not null as withdrawn from private.parental_consents where id = $1',
      [first.consentId],
    );
    expect(rows).toEqual([{ withdrawn_by: 'parent', withdrawn: true }]);

    const second = await childWithRequest();
    await db.as(second.parent.actor, CONFIRM, [second.details.token, second.details.code, 'Arjun Rao', 'father', true]);
    expect(await db.as(second.child.actor, 'select public.withdraw_my_parental_consent() as r')).toEqual([{ r: { withdrawn: true } }]);
    await expectSqlError(db.as(second.child.actor, 'select public.withdraw_my_parental_consent()'), WRONG_STATE, 'no parental consent');
  });

  it('ends the child’s play when consent is withdrawn: the free place given back and the waitlist place released', async () => {
    const { child, withdrawToken } = await consentedChild();
    const free = await createTournament(db, { entry_fee_paise: 0 });
    await db.as(child.actor, ENTER_FREE, [free.id]);
    const full = await createTournament(db, { entry_fee_paise: 0, max_players: 2, filled_slots: 2 });
    await db.as(child.actor, 'select public.join_waitlist($1)', [full.id]);

    await db.as(anon, 'select public.withdraw_parental_consent($1)', [withdrawToken]);
    const places = await db.admin.query<{ filled_slots: number; registration: string; entry: string }>(
      `select t.filled_slots, r.status as registration, e.status as entry
         from public.tournaments t join public.tournament_registrations r on r.tournament_id = t.id
         join public.entries e on e.registration_id = r.id
        where t.id = $1 and r.user_id = $2`,
      [free.id, child.id],
    );
    expect(places.rows).toEqual([{ filled_slots: 0, registration: 'cancelled', entry: 'cancelled' }]);
    const waiting = await db.admin.query('select status from public.waitlist_places where player_id = $1', [child.id]);
    expect(waiting.rows).toEqual([{ status: 'released' }]);
    const audit = await db.admin.query('select action, reason, is_public from public.audit_log where tournament_id = $1', [free.id]);
    expect(audit.rows).toContainEqual({ action: 'entry_cancelled', reason: 'Parental consent withdrawn', is_public: false });
  });

  it('withdraws the child from a running knockout and gives their open match to the opponent', async () => {
    const start = new Date(Date.now() + 3 * 86_400_000);
    const semi = await drawnSemiFinal<{ id: string; entry_a: string; entry_b: string }>(db, { start, title: 'Junior Cup' });
    try {
      const { withdrawToken } = await consentedChild({ id: semi.a, actor: player(semi.a) });
      await setDatabaseClock(db, new Date(start.getTime() + 60_000).toISOString());
      await db.as(anon, 'select public.withdraw_parental_consent($1)', [withdrawToken]);

      const match = await db.admin.query('select status, winner_entry_id from public.matches where id = $1', [semi.match.id]);
      expect(match.rows).toEqual([{ status: 'confirmed', winner_entry_id: semi.match.entry_b }]);
      const entry = await db.admin.query('select status, withdraw_reason from public.entries where id = $1', [semi.match.entry_a]);
      expect(entry.rows).toEqual([{ status: 'withdrawn', withdraw_reason: 'Parental consent was withdrawn.' }]);
      const audit = await db.admin.query<{ action: string; reason: string | null; is_public: boolean }>(
        'select action, reason, is_public from public.audit_log where tournament_id = $1 and match_id is not distinct from $2 and action in ($3, $4)',
        [semi.tournamentId, semi.match.id, 'walkover', 'entry_withdrawn'],
      );
      // The public record says the opponent withdrew; why is for staff only.
      expect(audit.rows).toContainEqual({ action: 'walkover', reason: 'The opponent withdrew', is_public: true });
      const staffOnly = await db.admin.query(
        `select is_public from public.audit_log where tournament_id = $1 and action = 'entry_withdrawn' and reason = 'Parental consent withdrawn'`,
        [semi.tournamentId],
      );
      expect(staffOnly.rows).toEqual([{ is_public: false }]);
    } finally {
      await setDatabaseClock(db, null);
    }
  });

  it('does not keep the next opponent waiting for a child withdrawn after winning their way into the final', async () => {
    const start = new Date(Date.now() + 5 * 86_400_000);
    const semi = await drawnSemiFinal<{ id: string; entry_a: string; entry_b: string }>(db, { start, title: 'Junior Final' });
    try {
      const { withdrawToken } = await consentedChild({ id: semi.a, actor: player(semi.a) });
      await setDatabaseClock(db, new Date(start.getTime() + 60_000).toISOString());
      const confirm = (matchId: string, winner: 'entry_a' | 'entry_b') =>
        db.admin.query(
          `select private.confirm_result(m, m.${winner}, 2, 1, 'confirmed', null, null, true) from public.matches m where m.id = $1`,
          [matchId],
        );
      // The child wins the first semi-final, then their parent withdraws consent while the final waits.
      await confirm(semi.match.id, 'entry_a');
      await db.as(anon, 'select public.withdraw_parental_consent($1)', [withdrawToken]);
      const [other] = (
        await db.admin.query<{ id: string; entry_a: string }>(
          'select id, entry_a from public.matches where tournament_id = $1 and round = 1 and position = 2',
          [semi.tournamentId],
        )
      ).rows;
      await confirm(other!.id, 'entry_a');
      const final = await db.admin.query('select status, winner_entry_id from public.matches where tournament_id = $1 and round = 2', [
        semi.tournamentId,
      ]);
      expect(final.rows).toEqual([{ status: 'confirmed', winner_entry_id: other!.entry_a }]);
      const finished = await db.admin.query('select finished_at is not null as finished from public.tournaments where id = $1', [
        semi.tournamentId,
      ]);
      expect(finished.rows).toEqual([{ finished: true }]);
    } finally {
      await setDatabaseClock(db, null);
    }
  });

  it('processes nothing beyond the sign-up for a child without consent: no bell, no e-mail', async () => {
    const { child, details, parent } = await childWithRequest();
    const notify = (key: string) =>
      db.admin.query(`select private.notify($1, 'prize_credited', 'A prize', 'Well played', '/my-earnings', $2)`, [child.id, key]);
    const told = async () =>
      (
        await db.admin.query<{ bell: number; mail: number }>(
          `select (select count(*)::int from public.notifications where user_id = $1) as bell,
                  (select count(*)::int from private.outbox where kind = 'email' and idempotency_key like '%' || $1 || '%') as mail`,
          [child.id],
        )
      ).rows[0];
    await notify('before');
    expect(await told()).toEqual({ bell: 0, mail: 0 });
    await db.as(parent.actor, CONFIRM, [details.token, details.code, 'Meera Iyer', 'mother', true]);
    await notify('after');
    expect(await told()).toEqual({ bell: 1, mail: 1 });
  });

  it("refuses a parent's address that is the child's own, however it is written", async () => {
    const child = await createUser(db, `Kid.Player+${Date.now().toString(36)}@gmail.com`);
    await completeProfile(db, child.id, { dateOfBirth: '2011-09-09' });
    const own = child.email.toLowerCase();
    const local = own.split('@')[0]!.split('+')[0]!;
    for (const typed of [
      own.toUpperCase(),
      `  ${own}  `,
      `${local}+parent@gmail.com`,
      `${local.replaceAll('.', '')}@gmail.com`,
      `${local.replaceAll('.', '')}+mum@googlemail.com`,
      `k.i.d.player@GoogleMail.com`,
    ]) {
      await expectSqlError(db.as(child.actor, 'select public.request_parental_consent($1)', [typed]), INVALID_INPUT, 'not your own');
    }
    // Another mailbox is fine, even on the same provider.
    expect((await db.as(child.actor, 'select public.request_parental_consent($1)', ['kid.players.mum@gmail.com'])).length).toBe(1);
  });

  it("gives consent only from the named parent's own account, signed in, holding a verified PAN", async () => {
    const { child, details, consentId } = await childWithRequest();
    const confirm = (actor: ReturnType<typeof player> | typeof anon) =>
      db.as(actor, CONFIRM, [details.token, details.code, 'Meera Iyer', 'mother', true]);
    // Nobody signed in: the link and the code are not enough.
    await expectSqlError(confirm(anon), '42501');
    // The child, signed in, with the link and the code from their own inbox.
    await expectSqlError(confirm(child.actor), NOT_ALLOWED, 'your own account');
    // Another adult with a verified PAN, at another address (the same mailbox name elsewhere included).
    const stranger = await parentAccount(`parent.${child.id.slice(0, 8)}@example.org`);
    await expectSqlError(confirm(stranger.actor), NOT_ALLOWED, 'your own account');
    expect((await db.admin.query('select confirmed_at from private.parental_consents where id = $1', [consentId])).rows).toEqual([
      { confirmed_at: null },
    ]);
  });

  it("refuses the named parent's account until its PAN passed the PAN check", async () => {
    const child = await createUser(db);
    await completeProfile(db, child.id, { dateOfBirth: '2011-09-09' });
    const parentEmail = `Mum.${child.id.slice(0, 8)}@example.com`;
    await db.as(child.actor, 'select public.request_parental_consent($1)', [parentEmail]);
    const { rows } = await db.admin.query<{ id: string }>('select id from private.parental_consents where player_id = $1', [child.id]);
    const { details } = await mailDetails<{ token: string; code: string }>('parental_consent_email', 'consent_id', rows[0]!.id);
    const parent = await parentAccount(parentEmail.toLowerCase(), { panVerified: false });
    const confirm = () => db.as(parent.actor, CONFIRM, [details.token, details.code, 'Meera Iyer', 'mother', true]);
    await expectSqlError(confirm(), NOT_ALLOWED, 'verified PAN');
    await recordKycCheck(db, parent.id, 'pan', false, 'name_mismatch');
    await expectSqlError(confirm(), NOT_ALLOWED, 'verified PAN');
    await db.as(parent.actor, 'select public.submit_kyc($1, $2)', [freshPan(), `mum${parent.id.slice(0, 6)}@okaxis`]);
    await recordKycCheck(db, parent.id, 'pan', true);
    expect(await confirm()).toEqual([{ r: { confirmed: true, in_game_name: 'TestFC' } }]);
    const evidence = await db.admin.query<{ method: string; evidence: { parent_account: string } }>(
      'select method, evidence from private.parental_consents where player_id = $1',
      [child.id],
    );
    expect(evidence.rows[0]).toMatchObject({ method: 'parent_account_pan', evidence: { parent_account: parent.id } });
  });

  it('takes another way of consenting as a row, without a change of schema', async () => {
    const { consentId } = await childWithRequest();
    await db.admin.query(`insert into private.parental_consent_methods (name, description) values ('digilocker_test', 'A document check')`);
    await db.admin.query(
      `update private.parental_consents
          set confirmed_at = now(), method = 'digilocker_test', parent_name = 'Meera Iyer', relation = 'mother',
              declaration = private.parental_consent_declaration(), evidence = '{"document": "reference-1"}'
        where id = $1`,
      [consentId],
    );
    await expect(
      db.admin.query(`update private.parental_consents set method = 'unknown_method' where id = $1`, [consentId]),
    ).rejects.toThrow(/foreign key/);
  });

  describe('story news', () => {
    const SIGN_UP = 'select public.sign_up_for_story_news($1, $2) as r';
    const CONSENT = 'I agree that Golazo Arena may e-mail me when new player stories are published.';

    it('confirms an address before sending it anything, and unsubscribes it in one click', async () => {
      await db.as(anon, SIGN_UP, ['reader.one@example.in', CONSENT]);
      const { rows } = await db.admin.query<{ id: string; confirmed_at: Date | null }>(
        `select id, confirmed_at from public.story_notification_signups where email = 'reader.one@example.in'`,
      );
      expect(rows[0]!.confirmed_at).toBeNull();
      const confirm = await mailDetails<{ to: string; confirm_token: string; unsubscribe_token: string }>(
        'story_news_email',
        'signup_id',
        rows[0]!.id,
      );
      expect(confirm.payload).toEqual({ signup_id: rows[0]!.id, message: 'confirm' });
      expect(confirm.details.to).toBe('reader.one@example.in');
      // Unconfirmed addresses are never sent news.
      const queued = async (key: string) =>
        (await db.admin.query<{ n: number }>(`select private.queue_story_news($1, 'A story', 'Read it.') as n`, [key])).rows[0]!.n;
      const before = await queued(`before-${rows[0]!.id}`);
      await db.as(anon, 'select public.confirm_story_news($1)', [confirm.details.confirm_token]);
      await expectSqlError(db.as(anon, 'select public.confirm_story_news($1)', [confirm.details.confirm_token]), 'PT404', 'not valid');
      expect(await queued(`after-${rows[0]!.id}`)).toBe(before + 1);
      const news = await mailDetails<{ to: string; unsubscribe_token: string }>('story_news_email', 'signup_id', rows[0]!.id);
      expect(news.payload).toMatchObject({ signup_id: rows[0]!.id, message: 'news', subject: 'A story' });

      await expectSqlError(db.as(anon, 'select public.unsubscribe_story_news($1, $2)', [rows[0]!.id, 'guess']), 'PT404', 'not valid');
      expect(await db.as(anon, 'select public.unsubscribe_story_news($1, $2) as r', [rows[0]!.id, news.details.unsubscribe_token])).toEqual(
        [{ r: { unsubscribed: true } }],
      );
      expect((await db.admin.query(`select 1 from public.story_notification_signups where email = 'reader.one@example.in'`)).rows).toEqual(
        [],
      );
      // The news already queued for it is not sent: the address is gone.
      expect(news.details).toBeTruthy();
      const { rows: pending } = await db.admin.query<{ id: number }>(
        `select id from private.outbox where kind = 'story_news_email' and payload ->> 'signup_id' = $1 and payload ->> 'message' = 'news'`,
        [rows[0]!.id],
      );
      expect(await db.as(serviceRole, 'select public.service_outside_call_details($1) as d', [pending[0]!.id])).toEqual([
        { d: { stale: true } },
      ]);
    });
  });
});
