/**
 * Push and WhatsApp alerts (docs/contract.md, Alerts; docs/areas/notifications.md: opt-in per player and per
 * event, quiet hours 23:00–08:00 IST except "match ready"): a WhatsApp number is confirmed with a code that
 * lasts 10 minutes and has 5 tries; each alert event is queued with its own template and link; quiet hours hold
 * the rest until 08:00; consent is withdrawn in one call; push subscriptions only for allowed push services.
 * If these fail, a player is messaged without consent, woken at night, or never told the room is up.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_EVENTS, indianMobile } from '@/features/alerts/alerts';
import { PUSH_SERVICE_HOSTS } from '../functions/_shared/web-push.ts';
import {
  completeProfile,
  createUser,
  engines,
  expectSqlError,
  INVALID_INPUT,
  player,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
  WRONG_STATE,
} from './helpers.ts';

// 14:00 IST: daytime.
const NOON = new Date('2027-05-12T08:30:00Z');
const at = (minutes: number) => new Date(NOON.getTime() + minutes * 60_000).toISOString();
/** 23:30 IST the same day. */
const LATE = '2027-05-12T18:00:00Z';
/** 08:00 IST the next morning. */
const MORNING = '2027-05-13T02:30:00Z';

/** The WhatsApp consent words players agree to, by version (the catalog's whatsapp_consent). */
const CONSENT_WORDS = {
  version: 1,
  en: 'Send me match-day alerts from Golazo Arena on WhatsApp at this number. I can stop them at any time on my profile.',
  hi: 'Golazo Arena से मैच-डे अलर्ट मेरे इस नंबर पर WhatsApp पर भेजे जाएँ। ये अलर्ट मेरी प्रोफ़ाइल पर कभी भी बंद किए जा सकते हैं।',
};

const P256DH = `B${'A'.repeat(86)}`;
const AUTH = 'A'.repeat(22);

type Outbox = {
  id: string;
  kind: string;
  idempotency_key: string;
  payload: Record<string, unknown>;
  next_attempt_at: Date;
  status: string;
  last_answer: unknown;
};

describe.each(engines)('push and WhatsApp alerts on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  const call = async <T>(userId: string, sql: string, params: unknown[] = []) =>
    (await db.as<{ result: T }>(player(userId), `select ${sql} as result`, params))[0]?.result as T;
  const whatsappTo = async (phone: string) =>
    (await db.admin.query<Outbox>(`select * from private.outbox where kind = 'whatsapp' and payload ->> 'to' = $1 order by id`, [phone]))
      .rows;
  const lastCode = async (phone: string) => {
    const codes = (await whatsappTo(phone)).filter((row) => row.payload.template === 'golazo_opt_in_code');
    return ((codes.at(-1)?.payload.params ?? []) as string[])[0] ?? '';
  };
  /** A signed-up player of 18 or over with a complete profile: WhatsApp alerts are for them (or a child with consent). */
  const adult = async () => {
    const user = await createUser(db);
    await completeProfile(db, user.id);
    return user;
  };
  const startOptIn = (userId: string, phone: string) => db.as(player(userId), 'select public.start_whatsapp_opt_in($1)', [phone]);
  const phoneNumber = () => `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

  /** A player with a confirmed WhatsApp number. */
  async function optedIn() {
    const user = await adult();
    const phone = phoneNumber();
    await call(user.id, 'public.start_whatsapp_opt_in($1)', [phone]);
    expect(await call(user.id, 'public.confirm_whatsapp_opt_in($1)', [await lastCode(phone)])).toMatchObject({ confirmed: true, phone });
    return { userId: user.id, phone };
  }

  /** Tells the bell one notification, as every producer does (private.deliver). */
  const notify = (userId: string, kind: string, link: string | null = '/my-tournaments') =>
    db.admin.query(`select private.notify($1, $2, 'Title of ' || $2, 'Body of ' || $2, $3, $4)`, [userId, kind, link, randomUUID()]);

  it('sends a six-digit code as the authentication template, to Indian mobile numbers only', async () => {
    await setDatabaseClock(db, at(0));
    const user = await adult();
    for (const wrong of ['9876543210', '+1 415 555 0100', '+91 5876543210', '+91987654321', '', null]) {
      await expectSqlError(db.as(player(user.id), 'select public.start_whatsapp_opt_in($1)', [wrong]), INVALID_INPUT);
    }
    const started = await call<{ phone: string; tries: number }>(user.id, 'public.start_whatsapp_opt_in($1)', ['+91 98765-43210']);
    expect(started).toMatchObject({ phone: '+919876543210', tries: 5, expires_at: expect.any(String) });
    const [message] = await whatsappTo('+919876543210');
    expect(message?.payload).toMatchObject({ template: 'golazo_opt_in_code', params: [expect.stringMatching(/^[0-9]{6}$/)], url: null });
    expect(message?.next_attempt_at.toISOString()).toBe(at(0));
    // Asking again at once is refused (each message costs); a little later a new code replaces the first.
    await expectSqlError(db.as(player(user.id), 'select public.start_whatsapp_opt_in($1)', ['+919876543210']), WRONG_STATE);
    await setDatabaseClock(db, at(1));
    await call(user.id, 'public.start_whatsapp_opt_in($1)', ['+919876543210']);
    const first = ((message?.payload.params ?? []) as string[])[0];
    const second = await lastCode('+919876543210');
    if (first !== second) {
      expect(await call(user.id, 'public.confirm_whatsapp_opt_in($1)', [first])).toEqual({ confirmed: false, tries_left: 4 });
    }
    expect(await call(user.id, 'public.confirm_whatsapp_opt_in($1)', [second])).toMatchObject({ confirmed: true, phone: '+919876543210' });
    const consent = await db.admin.query('select action, phone, consent_text from private.whatsapp_consents where user_id = $1', [user.id]);
    expect(consent.rows).toEqual([{ action: 'given', phone: '+919876543210', consent_text: expect.stringContaining('WhatsApp') }]);
  });

  it("words the consent in the page's language from the catalog and records the words, language and version agreed to", async () => {
    await setDatabaseClock(db, at(0));
    const user = await adult();
    const wordsFor = async (language: unknown) =>
      (await call<{ whatsapp: { consent_text: string } }>(user.id, 'public.get_my_alerts($1)', [language])).whatsapp.consent_text;
    const english = await wordsFor('en');
    const hindi = await wordsFor('hi');
    expect(english).toBe(CONSENT_WORDS.en);
    expect(hindi).toBe(CONSENT_WORDS.hi);
    // Hostile or unknown languages read the player's own language (English until they choose Hindi), never an error.
    for (const language of [null, '', 'fr', 'HI', "hi'); drop table public.whatsapp_contacts; --", 'x'.repeat(5000)]) {
      expect(await wordsFor(language)).toBe(english);
    }
    await call(user.id, `public.set_my_language('hi')`);
    expect(await call<{ whatsapp: { consent_text: string } }>(user.id, 'public.get_my_alerts()')).toMatchObject({
      whatsapp: { consent_text: hindi },
    });
    expect(await wordsFor('fr')).toBe(hindi);
    // The page still wins: a Hindi reader on an English page saw the English words.
    expect(await wordsFor('en')).toBe(english);

    // Confirmed on a Hindi page: the Hindi words, 'hi' and the version are what the records keep.
    const phone = phoneNumber();
    await call(user.id, 'public.start_whatsapp_opt_in($1)', [phone]);
    expect(await call(user.id, 'public.confirm_whatsapp_opt_in($1, $2)', [await lastCode(phone), 'hi'])).toMatchObject({ confirmed: true });
    const contact = async () =>
      (
        await db.admin.query('select consent_text, consent_language, consent_version from public.whatsapp_contacts where user_id = $1', [
          user.id,
        ])
      ).rows;
    expect(await contact()).toEqual([{ consent_text: hindi, consent_language: 'hi', consent_version: CONSENT_WORDS.version }]);

    // Confirmed again on an English page: the English words and 'en'. Then by the contract's one-argument call: the
    // player's own language (Hindi, chosen above).
    await setDatabaseClock(db, at(2));
    await call(user.id, 'public.start_whatsapp_opt_in($1)', [phone]);
    expect(await call(user.id, 'public.confirm_whatsapp_opt_in($1, $2)', [await lastCode(phone), 'en'])).toMatchObject({ confirmed: true });
    expect(await contact()).toEqual([{ consent_text: english, consent_language: 'en', consent_version: CONSENT_WORDS.version }]);
    await setDatabaseClock(db, at(4));
    await call(user.id, 'public.start_whatsapp_opt_in($1)', [phone]);
    expect(await call(user.id, 'public.confirm_whatsapp_opt_in($1)', [await lastCode(phone)])).toMatchObject({ confirmed: true });
    expect(await contact()).toEqual([{ consent_text: hindi, consent_language: 'hi', consent_version: CONSENT_WORDS.version }]);

    // The history keeps each consent with its own words, and Download my data shows them.
    const history = await db.admin.query(
      'select action, consent_text, consent_language, consent_version from private.whatsapp_consents where user_id = $1 order by id',
      [user.id],
    );
    expect(history.rows).toEqual([
      { action: 'given', consent_text: hindi, consent_language: 'hi', consent_version: CONSENT_WORDS.version },
      { action: 'given', consent_text: english, consent_language: 'en', consent_version: CONSENT_WORDS.version },
      { action: 'given', consent_text: hindi, consent_language: 'hi', consent_version: CONSENT_WORDS.version },
    ]);
    const exported = (await db.admin.query<{ e: Record<string, unknown> }>('select private.export_alerts($1) as e', [user.id])).rows[0]?.e;
    expect(exported?.whatsapp).toMatchObject({ consent_text: hindi, consent_language: 'hi', consent_version: CONSENT_WORDS.version });
    expect(exported?.whatsapp_consent_history).toEqual([
      expect.objectContaining({ action: 'given', consent_language: 'hi', consent_version: CONSENT_WORDS.version }),
      expect.objectContaining({ action: 'given', consent_language: 'en', consent_version: CONSENT_WORDS.version }),
      expect.objectContaining({ action: 'given', consent_language: 'hi', consent_version: CONSENT_WORDS.version }),
    ]);
  });

  it('gives the consent words a new version whenever they change, in either language', async () => {
    // Fails -> someone changed what players agree to without a new version: records could not tell the words apart.
    // Change CONSENT_WORDS and private.whatsapp_consent_version() together.
    const rows = await db.admin.query<{ language: string; body: string; version: number }>(
      `select language, body, private.whatsapp_consent_version() as version from private.message_catalog
        where key = 'whatsapp_consent' order by language`,
    );
    expect(rows.rows).toEqual([
      { language: 'en', body: CONSENT_WORDS.en, version: CONSENT_WORDS.version },
      { language: 'hi', body: CONSENT_WORDS.hi, version: CONSENT_WORDS.version },
    ]);
  });

  it("sends codes only to players allowed alerts: 18 or over, or a child with a parent's consent", async () => {
    await setDatabaseClock(db, at(0));
    const signedUp = await createUser(db);
    await expectSqlError(startOptIn(signedUp.id, phoneNumber()), 'PT403', 'Complete your profile');
    const child = await createUser(db);
    await completeProfile(db, child.id, { dateOfBirth: '2012-03-01' });
    await expectSqlError(startOptIn(child.id, phoneNumber()), 'PT403', "parent's consent");
    await db.admin.query(
      `insert into private.parental_consents (player_id, parent_email, requested_at, expires_at, confirmed_at, method, parent_name,
                                              relation, declaration)
       values ($1, 'parent@golazo.test', $2, $2::timestamptz + interval '7 days', $2, 'email_code', 'A Parent', 'mother',
               'I am the parent and I consent')`,
      [child.id, at(0)],
    );
    const phone = phoneNumber();
    expect(await call(child.id, 'public.start_whatsapp_opt_in($1)', [phone])).toMatchObject({ phone });
    expect(await whatsappTo(phone)).toHaveLength(1);
  });

  it('caps the codes per account and per number in 24 hours, whoever asks', async () => {
    await setDatabaseClock(db, at(0));
    const settings = (
      await db.admin.query<{ per_account: number; per_number: number; seconds: number }>(
        `select whatsapp_codes_per_account_per_day as per_account, whatsapp_codes_per_number_per_day as per_number,
                whatsapp_code_resend_seconds as seconds from private.alert_settings`,
      )
    ).rows[0]!;
    expect(settings).toEqual({ per_account: 5, per_number: 3, seconds: 30 });

    // One account, a different number each time: five codes, then refused until a day has passed.
    const spammer = await adult();
    for (let i = 0; i < 5; i++) {
      await setDatabaseClock(db, at(i));
      await startOptIn(spammer.id, phoneNumber());
    }
    await setDatabaseClock(db, at(5));
    await expectSqlError(startOptIn(spammer.id, phoneNumber()), 'PT429', 'as many WhatsApp codes as allowed');
    await setDatabaseClock(db, at(24 * 60 + 1));
    await startOptIn(spammer.id, phoneNumber());

    // One stranger's number, asked for by many accounts: three codes, then nothing more reaches it that day.
    await setDatabaseClock(db, at(0));
    const stranger = phoneNumber();
    for (let i = 0; i < 3; i++) await startOptIn((await adult()).id, stranger);
    const fourth = await adult();
    await expectSqlError(startOptIn(fourth.id, ` ${stranger.slice(0, 6)} ${stranger.slice(6)} `), 'PT429', 'This number');
    expect(await whatsappTo(stranger)).toHaveLength(3);
    // The refusal does not use up the asker's own allowance for another number.
    await startOptIn(fourth.id, phoneNumber());
    await setDatabaseClock(db, at(24 * 60 + 1));
    await startOptIn(fourth.id, stranger);
    expect(await whatsappTo(stranger)).toHaveLength(4);
  });

  it('gives a code five tries and ten minutes', async () => {
    await setDatabaseClock(db, at(0));
    const user = await adult();
    const phone = phoneNumber();
    await call(user.id, 'public.start_whatsapp_opt_in($1)', [phone]);
    const code = await lastCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (const left of [4, 3, 2, 1, 0]) {
      expect(await call(user.id, 'public.confirm_whatsapp_opt_in($1)', [wrong])).toEqual({ confirmed: false, tries_left: left });
    }
    // The right code after five wrong ones is refused too: a new code is needed.
    await expectSqlError(db.as(player(user.id), 'select public.confirm_whatsapp_opt_in($1)', [code]), WRONG_STATE, 'Too many wrong codes');

    await setDatabaseClock(db, at(2));
    await call(user.id, 'public.start_whatsapp_opt_in($1)', [phone]);
    const fresh = await lastCode(phone);
    await setDatabaseClock(db, at(12));
    await expectSqlError(db.as(player(user.id), 'select public.confirm_whatsapp_opt_in($1)', [fresh]), WRONG_STATE, 'expired');
    expect((await db.admin.query('select 1 from public.whatsapp_contacts where user_id = $1', [user.id])).rows).toEqual([]);
    const nobody = await adult();
    await expectSqlError(db.as(player(nobody.id), 'select public.confirm_whatsapp_opt_in($1)', ['123456']), 'PT404');
  });

  it('queues each alert event with its own template and link, and nothing for other notifications', async () => {
    await setDatabaseClock(db, at(0));
    const { userId, phone } = await optedIn();
    const templates: Record<string, string> = {
      check_in_open: 'golazo_check_in_open',
      room_posted: 'golazo_match_ready',
      opponent_reported: 'golazo_opponent_reported',
      dispute_settled: 'golazo_dispute_decided',
      next_match: 'golazo_next_match',
      prize_credited: 'golazo_prize_credited',
      payout_sent: 'golazo_payout_paid',
      payout_failed: 'golazo_payout_failed',
    };
    for (const kind of Object.keys(templates)) await notify(userId, kind, `/match/?id=${kind}`);
    await notify(userId, 'opponent_ready');
    const sent = (await whatsappTo(phone)).filter((row) => row.payload.template !== 'golazo_opt_in_code');
    expect(sent.map((row) => [row.payload.template, row.payload.url, row.payload.params])).toEqual(
      Object.entries(templates).map(([kind, template]) => [template, `/match/?id=${kind}`, [`Title of ${kind}`, `Body of ${kind}`]]),
    );
    expect(sent.every((row) => row.next_attempt_at.toISOString() === at(0))).toBe(true);
  });

  it('holds alerts written in the quiet hours until 08:00 IST, except match ready', async () => {
    await setDatabaseClock(db, LATE);
    const { userId, phone } = await optedIn();
    await call(userId, 'public.save_push_subscription($1)', [
      { endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`, keys: { p256dh: P256DH, auth: AUTH } },
    ]);
    await notify(userId, 'prize_credited', '/my-earnings');
    await notify(userId, 'room_posted', '/match/?id=late');
    const rows = (
      await db.admin.query<Outbox>(
        `select * from private.outbox where kind in ('whatsapp', 'web_push') and (payload ->> 'to' = $1 or payload ->> 'endpoint' in
         (select endpoint from public.push_subscriptions where user_id = $2)) and payload ->> 'kind' <> 'opt_in_code' order by id`,
        [phone, userId],
      )
    ).rows;
    expect(rows.map((row) => [row.kind, row.payload.kind, row.next_attempt_at.toISOString()])).toEqual([
      ['web_push', 'prize_credited', new Date(MORNING).toISOString()],
      ['whatsapp', 'prize_credited', new Date(MORNING).toISOString()],
      ['web_push', 'room_posted', new Date(LATE).toISOString()],
      ['whatsapp', 'room_posted', new Date(LATE).toISOString()],
    ]);
    // A push waiting for the morning is still worth sending for an hour after it.
    expect(rows[0]?.payload).toMatchObject({ title: 'Title of prize_credited', url: '/my-earnings', p256dh: P256DH, auth: AUTH });
    expect(new Date(String(rows[0]?.payload.expires_at)).getTime()).toBe(new Date(MORNING).getTime() + 3600_000);
  });

  it("follows the player's choice per event and channel, and stops at once when consent is withdrawn", async () => {
    await setDatabaseClock(db, at(0));
    const { userId, phone } = await optedIn();
    await expectSqlError(db.as(player(userId), `select public.set_my_alert('draw_made', 'push', false)`), INVALID_INPUT);
    await expectSqlError(db.as(player(userId), `select public.set_my_alert('next_match', 'sms', false)`), INVALID_INPUT);
    await call(userId, `public.set_my_alert('next_match', 'whatsapp', false)`);
    const alerts = await call<{ events: { kind: string; push: boolean; whatsapp: boolean }[]; whatsapp: { phone: string } }>(
      userId,
      'public.get_my_alerts()',
    );
    expect(alerts.events.find((e) => e.kind === 'next_match')).toMatchObject({ push: true, whatsapp: false, quiet_hours: true });
    expect(alerts.events.find((e) => e.kind === 'room_posted')).toMatchObject({ quiet_hours: false });
    expect(alerts.whatsapp.phone).toBe(phone);
    await notify(userId, 'next_match');
    await notify(userId, 'dispute_settled');
    expect((await whatsappTo(phone)).map((row) => row.payload.template)).toEqual(['golazo_opt_in_code', 'golazo_dispute_decided']);

    // Withdrawn: the number is forgotten, a message still waiting is dropped, nothing new is queued.
    await setDatabaseClock(db, LATE);
    await notify(userId, 'payout_sent', '/my-earnings');
    const queued = (await whatsappTo(phone)).map((row) => row.id);
    expect(await call(userId, 'public.withdraw_whatsapp_consent()')).toEqual({ withdrawn: true });
    await notify(userId, 'payout_failed', '/my-earnings');
    expect(await whatsappTo(phone)).toEqual([]);
    const after = (await db.admin.query<Outbox>('select * from private.outbox where id = any ($1) order by id', [queued])).rows;
    // Everything still queued for the number is dropped (what the worker sent before is history), and keeps
    // neither the number nor the message: only which template it was and the hash of what it held.
    expect(JSON.stringify(after)).not.toContain(phone.slice(3));
    expect(after.map((row) => [row.payload.template, row.status])).toEqual([
      ['golazo_opt_in_code', 'done'],
      ['golazo_dispute_decided', 'done'],
      ['golazo_payout_paid', 'done'],
    ]);
    expect(after.at(-1)).toMatchObject({ last_answer: { consent_withdrawn: true } });
    expect((await db.admin.query('select action from private.whatsapp_consents where user_id = $1 order by id', [userId])).rows).toEqual([
      { action: 'given' },
      { action: 'withdrawn' },
    ]);
    expect(await call(userId, 'public.withdraw_whatsapp_consent()')).toEqual({ withdrawn: false });
  });

  it('names the same events and push services as the settings page and the worker', async () => {
    const { rows } = await db.admin.query<{ kinds: string[] }>('select private.alert_kinds() as kinds');
    expect(rows[0]?.kinds).toEqual(ALERT_EVENTS);
    for (const host of PUSH_SERVICE_HOSTS) {
      const allowed = await db.admin.query<{ ok: boolean }>('select private.push_endpoint_allowed($1) as ok', [`https://${host}/send/x`]);
      expect(allowed.rows[0]?.ok).toBe(true);
    }
  });

  it('takes exactly the numbers the settings page takes', async () => {
    await setDatabaseClock(db, at(0));
    for (const phone of ['+919876543210', '+916000000000', '+915876543210', '+91987654321', '+9198765432100', '+14155550100']) {
      const user = await adult();
      const accepted = await db.as(player(user.id), 'select public.start_whatsapp_opt_in($1)', [phone]).then(
        () => true,
        () => false,
      );
      expect({ phone, accepted }).toEqual({ phone, accepted: indianMobile(phone) === phone });
    }
  });

  it('keeps push subscriptions for allowed push services only, one row per device', async () => {
    await setDatabaseClock(db, at(0));
    const user = await adult();
    const keys = { p256dh: P256DH, auth: AUTH };
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com.attacker.example/x',
      'https://push.example.com/x',
      'https://169.254.169.254/latest/meta-data',
      'http://127.0.0.1:54321/push/endpoint/abcdefgh12',
    ]) {
      await expectSqlError(db.as(player(user.id), 'select public.save_push_subscription($1)', [{ endpoint, keys }]), INVALID_INPUT);
    }
    await expectSqlError(
      db.as(player(user.id), 'select public.save_push_subscription($1)', [
        { endpoint: 'https://web.push.apple.com/QGx', keys: { p256dh: 'short', auth: AUTH } },
      ]),
      INVALID_INPUT,
    );
    const windows = `https://wns2-par02p.notify.windows.com/w/?token=${randomUUID()}`;
    const saved = await call<{ id: string }>(user.id, 'public.save_push_subscription($1)', [
      { endpoint: windows, keys, expirationTime: null },
    ]);
    expect(saved).toEqual({ id: expect.any(String) });
    // The same device signed in as someone else belongs to them now.
    const other = await adult();
    expect(await call(other.id, 'public.save_push_subscription($1)', [{ endpoint: windows, keys }])).toEqual(saved);
    expect(await call(user.id, 'public.delete_push_subscription($1)', [windows])).toEqual({ deleted: false });
    expect(await call(other.id, 'public.delete_push_subscription($1)', [windows])).toEqual({ deleted: true });
  });
});
