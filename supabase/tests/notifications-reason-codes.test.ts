/**
 * A refused PAN or UPI id tells a Hindi player why in Hindi: the notice words the reason's code from the
 * message catalog's phrases, which are the same words the Hindi page shows (src/lib/i18n/reason-words-hi.ts);
 * an English player reads the sentence as before, the UPI check's own words included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REASON_WORDS_EN } from '@/lib/i18n/reason-words';
import { REASON_WORDS_HI } from '@/lib/i18n/reason-words-hi';
import { completeProfile, createUser, engines, player, type TestDatabase } from './helpers.ts';
import { freshPan, recordKycCheck, rpcOf } from './money-fixtures.ts';

describe.each(engines)('reason codes in the notices on $name', (engine) => {
  let db: TestDatabase;
  let rpc: ReturnType<typeof rpcOf>;
  beforeAll(async () => {
    db = await engine.start();
    rpc = rpcOf(db);
  });
  afterAll(() => db?.close());

  async function adult(language: 'en' | 'hi') {
    const user = await createUser(db);
    await completeProfile(db, user.id);
    await db.admin.query('update public.profiles set language = $2 where id = $1', [user.id, language]);
    return { ...user, actor: player(user.id, user.email) };
  }
  const notices = async (userId: string) =>
    (
      await db.admin.query<{ title: string; body: string }>(
        `select title, body from public.notifications where user_id = $1 and message_key = 'kyc_rejected' order by created_at`,
        [userId],
      )
    ).rows;

  it("has the catalog's KYC phrases word for word as the pages' dictionaries", async () => {
    const { rows } = await db.admin.query<{ key: string; language: 'en' | 'hi'; body: string }>(
      `select key, language, body from private.message_catalog where key in ('phrase.kyc_pan_not_verified', 'phrase.kyc_upi_not_verified')`,
    );
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      const code = row.key.replace('phrase.kyc_', '') as 'pan_not_verified' | 'upi_not_verified';
      expect(row.body, row.key).toBe((row.language === 'hi' ? REASON_WORDS_HI : REASON_WORDS_EN).kyc[code]);
    }
  });

  it("mirrors the SQL's own English sentences in the English dictionary, code for code", async () => {
    const sentence = async (sql: string, code: string) =>
      (await db.admin.query<{ text: string }>(`select ${sql} as text`, [code])).rows[0]!.text;
    // A disqualification's sentence carries the referee's note; the rest are the SQL's words as written.
    for (const [code, words] of Object.entries(REASON_WORDS_EN.withdraw).filter(([code]) => code !== 'disqualified'))
      expect(await sentence('private.withdraw_reason_text($1)', code), code).toBe(words);
    const refusals = (
      await db.admin.query<{ code: string }>(
        `select c.code from unnest($1::text[]) as c(code) where private.refusal_reason(c.code) is not null`,
        [Object.keys(REASON_WORDS_EN.payment)],
      )
    ).rows.map((row) => row.code);
    expect(refusals.length).toBeGreaterThanOrEqual(15);
    for (const code of refusals)
      expect(await sentence('private.refusal_reason($1)', code), code).toBe(
        REASON_WORDS_EN.payment[code as keyof typeof REASON_WORDS_EN.payment],
      );
    expect(await sentence('private.pan_not_verified_reason() || $1', '')).toBe(REASON_WORDS_EN.kyc.pan_not_verified);
    expect(await sentence('private.kyc_check_late_reason() || $1', '')).toBe(REASON_WORDS_EN.kyc.check_late);
  });

  it('tells a Hindi player why their UPI id or PAN was refused in Hindi, and an English player in the words of the check', async () => {
    const hindi = await adult('hi');
    await rpc(hindi.actor, 'public.submit_kyc($1, $2)', [freshPan(), 'raju@okaxis']);
    await recordKycCheck(db, hindi.id, 'pan', true);
    await recordKycCheck(db, hindi.id, 'upi', false, 'VPA is not active with the bank.');
    const [notice] = await notices(hindi.id);
    expect(notice).toEqual({ title: 'आपका KYC स्वीकार नहीं हुआ', body: REASON_WORDS_HI.kyc.upi_not_verified });

    const english = await adult('en');
    await rpc(english.actor, 'public.submit_kyc($1, $2)', [freshPan(), 'ravi@okaxis']);
    await recordKycCheck(db, english.id, 'upi', false, 'VPA is not active with the bank.');
    expect(await notices(english.id)).toEqual([{ title: 'Your KYC was not accepted', body: 'VPA is not active with the bank.' }]);

    const panRefused = await adult('hi');
    await rpc(panRefused.actor, 'public.submit_kyc($1, $2)', [freshPan(), 'meena@okaxis']);
    await recordKycCheck(db, panRefused.id, 'pan', false, 'The name does not match.');
    expect((await notices(panRefused.id)).map((n) => n.body)).toEqual([REASON_WORDS_HI.kyc.pan_not_verified]);
  });
});
