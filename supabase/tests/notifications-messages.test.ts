/**
 * The player's language follows them (docs/areas/notifications.md, "Messages in the player's language"): the
 * words the database writes (the bell, the e-mail, push, WhatsApp parameters) come from one catalog keyed by
 * message and language; a Hindi player reads Hindi, with Hindi month and weekday names from a table, times in
 * IST and amounts in Latin digits with lakh grouping; an English player reads what they always read; a WhatsApp
 * template goes in Hindi only once Meta approved it, else in English with English words.
 * If these fail, a player who reads Hindi first is told their match time in a language they read second, or a
 * WhatsApp message is refused by Meta for a template language never approved.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeProfile,
  createRegistration,
  createUser,
  engines,
  expectSqlError,
  INVALID_INPUT,
  player,
  rpcOf,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
} from './helpers.ts';

// 14:00 IST on Wednesday 12 May 2027: daytime, so e-mail goes at once.
const START = new Date('2027-05-12T08:30:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000).toISOString();

type Notification = { id: number; kind: string; title: string; body: string; link: string | null };
type Outbox = { kind: string; idempotency_key: string; payload: Record<string, unknown> };

describe.each(engines)('messages in the player’s language on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  const rpc = rpcOf(() => db);
  const inbox = async (userId: string) => (await rpc<{ items: Notification[] }>(player(userId), 'public.get_my_notifications()')).items;
  const emailsTo = async (userId: string) =>
    (
      await db.admin.query<Outbox>(
        `select kind, idempotency_key, payload from private.outbox where kind = 'email' and idempotency_key like 'notify-%-' || $1 || '-%' order by id`,
        [userId],
      )
    ).rows;
  const one = async <T>(sql: string, params: unknown[] = []) => (await db.admin.query<{ v: T }>(`select ${sql} as v`, params)).rows[0]!.v;

  async function playerIn(language: 'en' | 'hi', name: string) {
    const user = await createUser(db);
    await completeProfile(db, user.id);
    await db.admin.query('update public.profiles set in_game_name = $2 where id = $1', [user.id, name]);
    if (language === 'hi') await rpc(player(user.id), 'public.set_my_language($1)', ['hi']);
    return user.id;
  }

  /** A championship at START with a Hindi and an English player, both registered. */
  async function mixedCup() {
    const id = `lang-${randomUUID().slice(0, 8)}`;
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots, is_live, starts_at)
       values ($1, 'Diwali Cup', 'championship', 'Knockout', 15000, 30000, 2, 2, true, $2)`,
      [id, START.toISOString()],
    );
    const hindi = await playerIn('hi', 'Shera');
    const english = await playerIn('en', 'Tiger');
    for (const userId of [hindi, english]) await createRegistration(db, userId, id);
    await db.admin.query(`delete from public.notifications where kind = 'payment_receipt' and user_id = any ($1::uuid[])`, [
      [hindi, english],
    ]);
    await db.admin.query(`delete from private.outbox where idempotency_key like 'notify-payment_receipt-%'`);
    return { id, hindi, english };
  }

  it('has every message of the catalog in every language, and Hindi month and weekday names for every month and day', async () => {
    const missing = await db.admin.query<{ key: string; language: string }>(
      `select k.key, l.language from (select distinct key from private.message_catalog) k
         cross join (values ('en'), ('hi')) as l (language)
        where not exists (select 1 from private.message_catalog c where c.key = k.key and c.language = l.language)`,
    );
    expect(missing.rows).toEqual([]);
    const names = await db.admin.query<{ kind: string; n: number }>(
      `select kind, count(*)::int as n from private.calendar_names where language = 'hi' group by kind order by kind`,
    );
    expect(names.rows).toEqual([
      { kind: 'month', n: 12 },
      { kind: 'weekday', n: 7 },
    ]);
    // A Hindi message is Hindi, not the English with a word changed: no English sentence is left in it.
    const english = await db.admin.query<{ key: string }>(
      `select key from private.message_catalog where language = 'hi' and regexp_replace(title || ' ' || body, '\\{[^}]*\\}', '', 'g') ~ '\\m(the|your|you|is|in|of)\\M'`,
    );
    expect(english.rows).toEqual([]);
  });

  it('fails a test when a message key lacks a language: the check above finds an English-only key', async () => {
    await db.admin.query(`insert into private.message_catalog (key, language, title, body) values ('only_english', 'en', 'T', 'B')`);
    try {
      const missing = await db.admin.query<{ key: string }>(
        `select k.key from (select distinct key from private.message_catalog) k cross join (values ('en'), ('hi')) as l (language)
          where not exists (select 1 from private.message_catalog c where c.key = k.key and c.language = l.language)`,
      );
      expect(missing.rows).toEqual([{ key: 'only_english' }]);
    } finally {
      await db.admin.query(`delete from private.message_catalog where key = 'only_english'`);
    }
  });

  it('writes amounts with lakh grouping in Latin digits and IST times with Hindi month and weekday names', async () => {
    expect(await one('private.money_in(10000000, $1)', ['hi'])).toBe('₹1,00,000');
    expect(await one('private.money_in(123456750, $1)', ['hi'])).toBe('₹12,34,567.50');
    expect(await one('private.money_in(99900, $1)', ['hi'])).toBe('₹999');
    expect(await one('private.money_in(-1250000, $1)', ['hi'])).toBe('-₹12,500');
    expect(await one('private.money_in(10000000, $1)', ['en'])).toBe('₹100000.00');
    // 23:45 UTC on Sunday 31 Jan is 05:15 IST on Monday 1 Feb: the IST day, month and weekday.
    expect(await one(`private.datetime_in('2027-01-31T23:45:00Z', 'hi')`)).toBe('सोमवार, 1 फ़रवरी, 5:15 am IST');
    expect(await one(`private.datetime_in($1, 'hi')`, [START.toISOString()])).toBe('बुधवार, 12 मई, 2:00 pm IST');
    expect(await one(`private.datetime_in('2027-12-05T18:30:00Z', 'hi')`)).toBe('सोमवार, 6 दिसंबर, 12:00 am IST');
    expect(await one(`private.datetime_in($1, 'en')`, [START.toISOString()])).toBe('12 May 14:00 IST');
    expect(await one(`private.place_in('1st', 'hi')`)).toBe('पहले स्थान');
    expect(await one(`private.place_in('3rd–4th', 'hi')`)).toBe('3–4वें स्थान');
    expect(await one(`private.place_in('3rd–4th', 'en')`)).toBe('3rd–4th');
  });

  it('puts values in once: a tournament named like a placeholder stays as written, a missing name reads as a phrase', async () => {
    const composed = await db.admin.query<{ title: string; body: string }>(
      `select * from private.compose_message('next_match_host', 'hi', $1)`,
      [{ tournament: '{opponent} {time:datetime}', time: START.toISOString(), opponent: null }],
    );
    expect(composed.rows[0]).toEqual({
      title: '{opponent} {time:datetime} में आपका मैच: बुधवार, 12 मई, 2:00 pm IST',
      body: 'आपका मुक़ाबला आपके विरोधी से है। होस्ट आप हैं: मैच पेज पर रूम पोस्ट करें।',
    });
    // A language the catalog does not have reads English; an unknown message is a mistake, not an empty notice.
    const fallback = await db.admin.query<{ title: string }>(`select title from private.compose_message('kyc_verified', 'ta', '{}')`);
    expect(fallback.rows[0]!.title).toBe('Your KYC is verified');
    await expectSqlError(db.admin.query(`select private.compose_message('no_such_message', 'hi', '{}')`), 'P0001');
  });

  it('tells a Hindi player in Hindi and an English player as before: check-in, the draw, the e-mail', async () => {
    const cup = await mixedCup();
    await setDatabaseClock(db, at(-23 * 60));
    await db.admin.query('select private.run_due_work()');
    // Check-in closes 60 minutes before the start: 13:00 IST.
    const [hindiCheckIn] = await inbox(cup.hindi);
    expect(hindiCheckIn).toMatchObject({
      kind: 'check_in_open',
      title: 'Diwali Cup के लिए चेक-इन खुल गया है',
      body: 'बुधवार, 12 मई, 1:00 pm IST से पहले चेक-इन करें, वरना आपकी एंट्री बिना रिफ़ंड के हटा दी जाएगी।',
    });
    const [englishCheckIn] = await inbox(cup.english);
    expect(englishCheckIn).toMatchObject({
      title: 'Check-in is open for Diwali Cup',
      body: 'Check in before 12 May 13:00 IST, or your entry is withdrawn without a refund.',
    });

    await db.admin.query('update public.entries set checked_in_at = $2 where tournament_id = $1', [cup.id, at(-120)]);
    await setDatabaseClock(db, at(-59));
    await db.admin.query('select private.run_due_work()');
    const hindiDraw = (await inbox(cup.hindi)).find((n) => n.kind === 'draw_made');
    expect(hindiDraw).toMatchObject({
      title: 'Diwali Cup का ड्रॉ हो गया',
      body: 'आपका पहला मैच: बुधवार, 12 मई, 2:00 pm IST, Tiger के ख़िलाफ़।',
    });
    const englishDraw = (await inbox(cup.english)).find((n) => n.kind === 'draw_made');
    expect(englishDraw).toMatchObject({
      title: 'The draw for Diwali Cup is made',
      body: 'Your first match: 12 May 14:00 IST against Shera.',
    });

    // The e-mail is the bell's words: subject and text in the player's language.
    const hindiMail = (await emailsTo(cup.hindi)).find((m) => m.idempotency_key.startsWith('notify-draw_made-'));
    expect(hindiMail?.payload).toMatchObject({
      subject: 'Diwali Cup का ड्रॉ हो गया',
      text: 'आपका पहला मैच: बुधवार, 12 मई, 2:00 pm IST, Tiger के ख़िलाफ़।',
      language: 'hi',
    });
    const englishMail = (await emailsTo(cup.english)).find((m) => m.idempotency_key.startsWith('notify-draw_made-'));
    expect(englishMail?.payload).toMatchObject({ subject: 'The draw for Diwali Cup is made', language: 'en' });
  });

  it('writes the payment receipt in the payer’s language, with the check-in window in IST', async () => {
    const id = `receipt-${randomUUID().slice(0, 8)}`;
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots, is_live, starts_at)
       values ($1, 'Holi Cup', 'championship', 'Knockout', 15000, 30000, 8, 0, true, $2)`,
      [id, START.toISOString()],
    );
    const hindi = await playerIn('hi', 'Arjun');
    const english = await playerIn('en', 'Bheem');
    const { paymentId } = await createRegistration(db, hindi, id, { slots: 2, amountPaise: 30000 });
    await createRegistration(db, english, id);
    const [receipt] = await inbox(hindi);
    const razorpayId = `pay_${(await one<string>('(select razorpay_order_id from public.payments where id = $1)', [paymentId])).slice(6)}`;
    expect(receipt).toMatchObject({
      kind: 'payment_receipt',
      title: 'Holi Cup के लिए ₹300 का पेमेंट मिला',
      body:
        `Holi Cup की रसीद: 2 एंट्री (पहली में आप खेलेंगे; बाक़ी के लिए "मेरे टूर्नामेंट" से खिलाड़ियों को इनवाइट करें), ₹300 का पेमेंट, पेमेंट ID ${razorpayId}। ` +
        'आगे: टूर्नामेंट पेज पर मंगलवार, 11 मई, 2:00 pm से बुधवार, 12 मई, 1:00 pm IST के बीच चेक-इन करें; जिस एंट्री का चेक-इन नहीं होगा, वह हटा दी जाएगी और उसकी फ़ीस रिफ़ंड नहीं होगी।',
    });
    expect((await inbox(english))[0]).toMatchObject({ title: 'Payment received: ₹150.00 for Holi Cup' });
    expect((await inbox(english))[0]!.body).toMatch(
      /^Receipt for Holi Cup: 1 entry, ₹150\.00 paid, payment id pay_\w+\. Next: check in on the tournament page from 11 May 14:00 to 12 May 13:00 IST;/,
    );
  });

  it('e-mails a cancelled tournament to each player in their language', async () => {
    await setDatabaseClock(db, at(-3 * 24 * 60));
    const cup = await mixedCup();
    await db.admin.query('select private.cancel_edition_by_override($1, $2)', [cup.id, 'The game servers are down']);
    const mail = async (userId: string) =>
      (
        await db.admin.query<Outbox>(`select kind, idempotency_key, payload from private.outbox where idempotency_key = $1`, [
          `tournament-cancelled-${cup.id}-${userId}`,
        ])
      ).rows[0]?.payload;
    expect(await mail(cup.hindi)).toMatchObject({
      subject: 'Diwali Cup रद्द कर दिया गया है',
      text: expect.stringMatching(/^आयोजकों ने Diwali Cup रद्द कर दिया है।\n\nवजह: The game servers are down\n\nहर पेड एंट्री/),
    });
    expect(await mail(cup.english)).toMatchObject({
      subject: 'Diwali Cup has been cancelled',
      text:
        'Diwali Cup has been cancelled by the organisers.\n\nReason: The game servers are down\n\n' +
        'Every paid entry is refunded in full to the card, UPI or account it was paid with; banks usually show it within 5 to 7 working days.',
    });
  });

  it('writes money messages in Hindi with lakh grouping, and in English as before', async () => {
    const hindi = await playerIn('hi', 'Raja');
    const english = await playerIn('en', 'Rani');
    for (const userId of [hindi, english]) {
      await db.admin.query(
        `select private.notify_message($1, 'payout_sent', 'payout_sent_utr',
                jsonb_build_object('net', 7000000, 'gross', 10000000, 'tax', 3000000, 'upi', 'raja@upi', 'utr', 'UTR123'),
                '/my-earnings', $2)`,
        [userId, randomUUID()],
      );
    }
    expect((await inbox(hindi))[0]).toMatchObject({
      title: '₹70,000 raja@upi पर भेजे गए',
      body: 'आपकी ₹1,00,000 की निकासी का पेमेंट हो गया; ₹30,000 टैक्स (TDS) काटा गया। बैंक रेफ़रेंस (UTR): UTR123।',
    });
    expect((await inbox(english))[0]).toMatchObject({
      title: '₹70000.00 sent to raja@upi',
      body: 'Your withdrawal of ₹100000.00 is paid; ₹30000.00 tax was withheld. Bank reference (UTR): UTR123.',
    });
  });

  it('keeps the language on the profile: chosen by the player, English or Hindi only, from the sign-up page at first', async () => {
    const userId = await playerIn('en', 'Moti');
    expect(await rpc(player(userId), 'to_jsonb(public.get_my_profile())')).toMatchObject({ language: 'en' });
    expect(await rpc(player(userId), 'public.set_my_language($1)', ['hi'])).toEqual({ language: 'hi' });
    expect(await rpc(player(userId), 'to_jsonb(public.get_my_profile())')).toMatchObject({ language: 'hi' });
    for (const bad of ['fr', 'HI', '', null, "hi'; drop table public.profiles; --"]) {
      await expectSqlError(rpc(player(userId), 'public.set_my_language($1)', [bad]), INVALID_INPUT);
    }
    await expectSqlError(db.as({ role: 'anon' }, 'select public.set_my_language($1)', ['hi']), '42501');

    // Download my data says it; erasure leaves the pseudonymous profile in English, like a new one.
    expect(await one<string>(`private.export_profile($1) ->> 'language'`, [userId])).toBe('hi');
    await db.admin.query('select private.erase_personal_data($1)', [userId]);
    expect(await one<string>('(select language from public.profiles where id = $1)', [userId])).toBe('en');

    // A visitor who signs up on a Hindi page (the site passes the page's language) starts in Hindi; anything else is English.
    const signUp = async (metadata: unknown) => {
      const id = randomUUID();
      await db.admin.query(
        `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
         values ($1, 'authenticated', 'authenticated', $2, now(), '{"provider":"email"}', $3)`,
        [id, `signup-${id.slice(0, 8)}@golazo.test`, metadata],
      );
      return (await db.admin.query<{ language: string }>('select language from public.profiles where id = $1', [id])).rows[0]!.language;
    };
    expect(await signUp({ language: 'hi' })).toBe('hi');
    expect(await signUp({ language: 'xx' })).toBe('en');
    expect(await signUp({})).toBe('en');
  });

  it('sends WhatsApp in Hindi once the template is approved in Hindi, else the English template with English words', async () => {
    await setDatabaseClock(db, at(0));
    const userId = await playerIn('hi', 'Veer');
    const phone = `+9197${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await rpc(player(userId), 'public.start_whatsapp_opt_in($1)', [phone]);
    const whatsapp = async () =>
      (
        await db.admin.query<Outbox>(
          `select kind, idempotency_key, payload from private.outbox where kind = 'whatsapp' and payload ->> 'to' = $1 order by id`,
          [phone],
        )
      ).rows;
    // The opt-in code's template is not approved in Hindi yet: English.
    const [codeMessage] = await whatsapp();
    expect(codeMessage?.payload).toMatchObject({ template: 'golazo_opt_in_code', language: 'en' });
    const code = (codeMessage!.payload.params as string[])[0];
    expect(await rpc(player(userId), 'public.confirm_whatsapp_opt_in($1)', [code])).toMatchObject({ confirmed: true });

    const prize = (key: string) =>
      db.admin.query(
        `select private.notify_message($1, 'prize_credited', 'prize_credited',
                jsonb_build_object('amount', 12500000, 'place', '1st', 'tournament', 'Holi Cup'), '/my-earnings', $2)`,
        [userId, key],
      );
    await prize(randomUUID());
    const unapproved = (await whatsapp()).at(-1)!;
    expect(unapproved.payload).toMatchObject({
      template: 'golazo_prize_credited',
      language: 'en',
      params: [
        'Prize credited: ₹125000.00',
        'You placed 1st in Holi Cup. The prize is in your balance: withdraw it from your earnings page.',
      ],
    });
    // The bell and push stay Hindi all the same.
    expect((await inbox(userId))[0]).toMatchObject({ title: 'प्राइज़ मिला: ₹1,25,000' });

    await db.admin.query(
      `update private.whatsapp_template_languages set approved = true where template = 'golazo_prize_credited' and language = 'hi'`,
    );
    try {
      await prize(randomUUID());
      expect((await whatsapp()).at(-1)!.payload).toMatchObject({
        template: 'golazo_prize_credited',
        language: 'hi',
        params: ['प्राइज़ मिला: ₹1,25,000', 'आप Holi Cup में पहले स्थान पर रहे। प्राइज़ आपके बैलेंस में है: इसे "मेरी कमाई" पेज से निकालें।'],
      });
    } finally {
      await db.admin.query(`update private.whatsapp_template_languages set approved = false where language = 'hi'`);
    }
  });

  it('lists every template each alert is sent with, in English (approved) and Hindi (to register)', async () => {
    const { rows } = await db.admin.query<{ template: string; languages: string[] }>(
      `select template, array_agg(language || ':' || approved order by language) as languages from private.whatsapp_template_languages group by template order by template`,
    );
    const templates = await db.admin.query<{ t: string }>(
      `select distinct private.whatsapp_template(k) as t from unnest(private.alert_kinds() || '{opt_in_code}'::text[]) as k order by 1`,
    );
    expect(rows.map((r) => r.template)).toEqual(templates.rows.map((r) => r.t));
    expect(rows.every((r) => r.languages.join() === 'en:true,hi:false')).toBe(true);
  });
});
