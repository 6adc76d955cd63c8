/**
 * The reasons' dictionaries against the database's one list of codes: the CHECK constraints of
 * entries.withdraw_reason_code and payments.failure_reason_code, read from the schema files, so the list is
 * never copied by hand into TypeScript. A code the database may write with no words in either language fails.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reasonIn } from './reason-lookup';
import { REASON_WORDS_EN, type ReasonWords } from './reason-words';
import { REASON_WORDS_HI } from './reason-words-hi';

const SCHEMAS = path.resolve(import.meta.dirname, '../../../supabase/schemas');

/**
 * The codes a named CHECK constraint allows (`col = ANY (ARRAY['a'::text, …])`), or, when the CHECK calls a
 * function of the same file (`CHECK (private.f(col))`), the list in that function's body.
 */
function codesOf(file: string, constraint: string): string[] {
  const sql = readFileSync(path.join(SCHEMAS, file), 'utf8');
  const line = sql.split('\n').find((l) => l.includes(`constraint ${constraint} CHECK`));
  if (!line) throw new Error(`${constraint} not found in ${file}`);
  const called = line.match(/CHECK \((private\.[a-z_]+)\(/)?.[1];
  if (!called) return [...line.matchAll(/'([a-z_]+)'::text/g)].map((m) => m[1]!);
  const at = sql.indexOf(`FUNCTION ${called}(`);
  if (at < 0) throw new Error(`${called} not found in ${file}`);
  const body = sql.slice(at);
  return [...body.slice(0, body.indexOf('$function$;')).matchAll(/'([a-z_]+)'::text/g)].map((m) => m[1]!);
}

const LISTS: Record<keyof ReasonWords, string[]> = {
  withdraw: codesOf('brackets.sql', 'entries_withdraw_reason_code_known'),
  payment: codesOf('payments.sql', 'payments_failure_reason_code_known'),
  cancel: codesOf('tournaments.sql', 'tournaments_cancel_reason_code_known'),
  kyc: codesOf('payouts.sql', 'kyc_records_reason_code_known'),
};

describe('the database reasons in both languages', () => {
  it('reads a real list from the schema (a renamed constraint fails here, not silently)', () => {
    expect(LISTS.withdraw).toContain('missed_check_in');
    expect(LISTS.withdraw.length).toBeGreaterThanOrEqual(10);
    expect(LISTS.payment).toContain('tournament_full');
    expect(LISTS.payment.length).toBeGreaterThanOrEqual(20);
  });

  for (const kind of ['withdraw', 'payment', 'cancel', 'kyc'] as const) {
    it(`has words for exactly the ${kind} codes the database may write, in English and in Hindi`, () => {
      expect(Object.keys(REASON_WORDS_EN[kind]).sort()).toEqual([...LISTS[kind]].sort());
      expect(Object.keys(REASON_WORDS_HI[kind]).sort()).toEqual([...LISTS[kind]].sort());
    });

    it(`words every ${kind} code in Hindi in Devanagari, without English left in`, () => {
      for (const code of LISTS[kind]) {
        const hindi = reasonIn(REASON_WORDS_HI[kind], code);
        expect(hindi, code).toMatch(/[\u0900-\u097F]/);
        // The glossary keeps the rails' letters (PAN, UPI id) in Latin; nothing else is.
        expect(hindi?.replace(/\b(PAN|UPI|id)\b/g, ''), code).not.toMatch(/[A-Za-z]{3,}/);
        expect(hindi, code).not.toBe(reasonIn(REASON_WORDS_EN[kind], code));
      }
    });
  }

  it('every refusal the payment functions write has a code in the list', () => {
    const sql = readFileSync(path.join(SCHEMAS, 'payments.sql'), 'utf8');
    const body = sql.slice(sql.indexOf('FUNCTION private.refusal_reason(p_code text)'));
    const refusals = [...body.slice(0, body.indexOf('$function$;')).matchAll(/when '([a-z_]+)' then/g)].map((m) => m[1]);
    expect(refusals.length).toBeGreaterThanOrEqual(15);
    for (const code of refusals) expect(LISTS.payment).toContain(code);
  });

  it('answers null for a code it does not know (hostile or newer) and never throws', () => {
    for (const code of ['__proto__', 'constructor', 'toString', '', null, undefined, 'tournament_full; drop table'])
      expect(reasonIn(REASON_WORDS_HI.payment, code)).toBeNull();
  });
});

describe('the pages that show a reason, on a Hindi page', () => {
  it('My Earnings words a refused payment by its code, never quoting the English sentence', async () => {
    const { RECORD_WORDS } = await import('@/features/account/record-words');
    const { hindiWordsReady } = await import('./island-words');
    await hindiWordsReady();
    const refunded = {
      payment: {
        id: 'p1',
        razorpay_payment_id: 'pay_1',
        razorpay_order_id: 'order_1',
        amount_paise: 15000,
        currency: 'INR',
        tournament_id: 't1',
        tournament_title: 'Golazo Cup',
        slots: 1,
        status: 'refunded',
        status_reason: 'The tournament filled up before your payment was confirmed. Your payment has been refunded in full.',
        status_reason_code: 'tournament_full',
        created_at: '2026-12-01T10:00:00Z',
      },
      folded: [],
      note: null,
    };
    const note = RECORD_WORDS.hi.payments.note(refunded);
    expect(note).toBe(REASON_WORDS_HI.payment.tournament_full);
    expect(note).toContain('टूर्नामेंट भर गया');
    // A row from before the codes keeps the status's sentence.
    expect(RECORD_WORDS.hi.payments.note({ ...refunded, payment: { ...refunded.payment, status_reason_code: null } })).toMatch(/रिफ़ंड/);
    const withdrawn = {
      ...refunded,
      payment: { ...refunded.payment, status: 'paid', status_reason: null, status_reason_code: null },
      outcome: {
        payment_id: 'p1',
        tournament_id: 't1',
        slots: 1,
        withdrawn: 1,
        withdraw_reason: 'Not checked in before check-in closed.',
        withdraw_reason_code: 'missed_check_in',
        withdrawn_at: '2026-12-01T12:00:00Z',
      },
    };
    expect(RECORD_WORDS.hi.payments.note(withdrawn)).toBe(
      'एंट्री वापस ली गई: चेक-इन बंद होने से पहले आपने चेक-इन नहीं किया। इसकी फ़ीस वापस नहीं होगी: रिफ़ंड पॉलिसी उस एंट्री का रिफ़ंड नहीं करती जिसका चेक-इन नहीं हुआ।',
    );
    const disqualified = {
      ...withdrawn,
      outcome: { ...withdrawn.outcome, withdraw_reason: 'Disqualified: cheating', withdraw_reason_code: 'disqualified' },
    };
    expect(RECORD_WORDS.hi.payments.note(disqualified)).toContain('डिसक्वालिफ़ाई हुई एंट्री का रिफ़ंड नहीं होता');
    expect(RECORD_WORDS.hi.payments.note(disqualified)).not.toMatch(/cheating/);
  });

  it('the check-in area says why an entry was withdrawn, in Hindi from the code and in English from the sentence', async () => {
    const { CHECK_IN_WORDS } = await import('@/features/brackets/check-in-words');
    const { checkInView } = await import('@/features/brackets/entries');
    const { hindiWordsReady } = await import('./island-words');
    await hindiWordsReady();
    const view = checkInView({
      tournament_id: 'super_4-pod-7',
      check_in: { opens_at: '2026-12-01T10:00:00Z', closes_at: '2026-12-01T10:10:00Z', is_open: false },
      my_entry: {
        entry_id: 'e1',
        slot_number: 1,
        status: 'cancelled',
        checked_in_at: null,
        bought_by_me: true,
        withdraw_reason: 'Not checked in before check-in closed. Your entry fee is refunded in full.',
        withdraw_reason_code: 'missed_check_in_refunded',
      },
      bought: [],
    });
    expect(view).toMatchObject({ kind: 'withdrawn', code: 'missed_check_in_refunded' });
    if (view?.kind !== 'withdrawn' || !view.reason) throw new Error('expected a withdrawn view with a reason');
    expect(CHECK_IN_WORDS.hi.withdrawnBecause(view.reason, view.code)).toBe(
      'आपकी एंट्री वापस ले ली गई: चेक-इन बंद होने से पहले आपने चेक-इन नहीं किया। आपकी एंट्री फ़ीस पूरी रिफ़ंड की जाती है।',
    );
    expect(CHECK_IN_WORDS.en.withdrawnBecause(view.reason, view.code)).toBe(
      'You were withdrawn: not checked in before check-in closed. Your entry fee is refunded in full.',
    );
    expect(CHECK_IN_WORDS.hi.withdrawnBecause('Something new.', 'a_code_from_a_newer_database')).toBe('आपकी एंट्री वापस ले ली गई।');
  });
});

describe("a pod's cancellation, on the pod page", () => {
  it('words the database-written reasons by code in Hindi, and keeps the staff’s own English words on English pages', async () => {
    const { POD_WORDS } = await import('@/features/pods/pod-words');
    const { hindiWordsReady } = await import('./island-words');
    await hindiWordsReady();
    const sentence = 'Not enough players joined before the deadline. Every entry has been refunded.';
    expect(POD_WORDS.hi.cancelledBecause(sentence, 'pod_not_filled')).toBe('डेडलाइन से पहले पूरे खिलाड़ी नहीं जुड़े। हर एंट्री रिफ़ंड कर दी गई है।');
    expect(POD_WORDS.en.cancelledBecause(sentence, 'pod_not_filled')).toBe(sentence);
    // Staff typed their reason: English pages quote it, a Hindi page says what happened.
    expect(POD_WORDS.en.cancelledBecause('Server trouble tonight, sorry.', null)).toBe('Server trouble tonight, sorry.');
    expect(POD_WORDS.hi.cancelledBecause('Server trouble tonight, sorry.', null)).toBe(POD_WORDS.hi.cancelled);
    expect(POD_WORDS.en.cancelledBecause(null, null)).toBe(POD_WORDS.en.cancelled);
  });
});

describe('a refused PAN or UPI id, on My Earnings', () => {
  it('words the database-written reason by its code on a Hindi page, and quotes the sentence on an English one', async () => {
    const { PAYOUT_WORDS } = await import('@/features/payouts/payout-words');
    const { hindiWordsReady } = await import('./island-words');
    await hindiWordsReady();
    const upiWords = 'VPA is not active with the bank';
    expect(PAYOUT_WORDS.hi.kyc.rejectedBecause(upiWords, 'upi_not_verified')).toBe(REASON_WORDS_HI.kyc.upi_not_verified);
    expect(PAYOUT_WORDS.en.kyc.rejectedBecause(upiWords, 'upi_not_verified')).toBe(upiWords);
    expect(PAYOUT_WORDS.hi.kyc.rejectedBecause('Old English sentence', null)).toBe(PAYOUT_WORDS.hi.kyc.couldNotVerify);
    expect(PAYOUT_WORDS.en.kyc.rejectedBecause(null, null)).toBe(PAYOUT_WORDS.en.kyc.couldNotVerify);
  });
});
