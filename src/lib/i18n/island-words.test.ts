/**
 * The islands' words on the Hindi pages: every words module has the same keys in both languages, none empty,
 * the Hindi ones in Devanagari; the sentences that carry an amount, a count, a window or a time state the same
 * numbers in both; and every refusal code a player can meet has its Hindi words.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../supabase/functions/_shared/error-codes.ts';
import {
  DISPUTE_STAFF_DEADLINE_MINUTES,
  OPPONENT_CONFIRM_MINUTES,
  PAID_ENTRY_MIN_AGE,
  POD_CHECK_IN_MINUTES,
  TAX_RATE_PERCENT,
} from '@/lib/rules';
import { BRACKET_WORDS } from '@/features/brackets/bracket-words';
import { CHECK_IN_WORDS } from '@/features/brackets/check-in-words';
import { countdown, entryErrorMessage, EntryActionError } from '@/features/brackets/entries';
import { BRACKET_INTRO_WORDS } from '@/features/brackets/formats/intro';
import { FORMAT_WORDS } from '@/features/brackets/formats/words';
import { PAY_WORDS } from '@/features/payments/pay-words';
import { RECORD_WORDS } from '@/features/account/record-words';
import { BLOG_WORDS } from '@/features/info/blog-words';
import { POD_WORDS } from '@/features/pods/pod-words';
import { PAYOUT_WORDS } from '@/features/payouts/payout-words';
import { STATEMENT_WORDS } from '@/features/payouts/statement-words';
import { amountProblem, netWinningsRule, PAYOUT_MESSAGES, panProblem, upiIdProblem } from '@/features/payouts/payouts';
import { MY_TOURNAMENTS_WORDS } from '@/features/account/my-tournaments-words';
import { SIGN_IN_WORDS, signInErrorIn } from '@/features/auth/sign-in-words';
import { AUTH_FAILURE_MESSAGES, CODE_LENGTH } from '@/features/auth/auth';
import { PROFILE_WORDS } from '@/features/profile/profile-words';
import { FIELD_MESSAGES, PROFILE_MESSAGES, validateProfileForm } from '@/features/profile/profile';
import { WAITLIST_WORDS } from '@/features/seasons/waitlist-words';
import { STANDINGS_WORDS } from '@/features/standings/standings-words';
import { MATCH_WORDS } from '@/features/matches/match-words';
import { MATCH_PAGE_WORDS } from '@/features/matches/match-page-words';
import { HOME_WORDS } from '@/features/account/home-words';
import { BELL_WORDS } from '@/features/notifications/bell-words';
import { EDITION_WORDS } from '@/features/seasons/edition-words';
import { LEADERBOARD_WORDS } from '@/features/seasons/leaderboard-words';
import { LEADERBOARD_SIZE, placeRange, ratingRange, seasonLabel } from '@/features/seasons/seasons';
import PLAYER_DATA_EN from '@/features/seasons/player-data-en';
import PLAYER_DATA_HI from '@/features/seasons/player-data-hi';
import { PLAYER_FRAME_WORDS } from '@/features/seasons/player-words';

// The player page's words shown with its data load with it (player-words.ts playerWordsIn): both languages here.
const PLAYER_WORDS = { en: PLAYER_DATA_EN, hi: PLAYER_DATA_HI };
// The consent page's words load as it reads its link (consent-words.ts consentWordsIn).
const CONSENT_WORDS = { en: CONSENT_WORDS_EN, hi: CONSENT_WORDS_HI };
import { INVITE_WORDS } from '@/features/brackets/invite-words';
import { CONSENT_CODE_LENGTH, CONSENT_READING } from '@/features/profile/consent-words';
import CONSENT_WORDS_EN from '@/features/profile/consent-text-en';
import CONSENT_WORDS_HI from '@/features/profile/consent-text-hi';
import { TRADE_WORDS } from '@/features/account/trade-words';
import { TRADE_PAGE_WORDS } from '@/features/account/trade-page-words';
import { SEASON_PAGE_WORDS } from '@/features/seasons/season-page-words';
import { INVITE_PAGE_WORDS } from '@/features/brackets/invite-page-words';
import { CONSENT_PAGE_WORDS } from '@/features/profile/consent-page-words';
import { NOT_FOUND_WORDS } from '@/components/shell/not-found-words';
import { ALERT_WORDS } from '@/features/alerts/alert-words';
import { OFFER_WORDS } from '@/features/alerts/offer-words';
import { MY_DATA_WORDS } from '@/features/privacy/my-data-words';
import { DELETION_WORDS } from '@/features/profile/deletion-words';
import { countdown as matchCountdown } from '@/features/matches/match-steps';
import { READY_CLOSES_AFTER, READY_OPENS_BEFORE, WALKOVER_CONTEST_WINDOW } from '@/lib/match-windows';
import { disputeChoices } from '@/features/matches/dispute-reasons';
import { ApiError } from '../api-answer';
import { ERRORS_HI, GENERIC_ERROR_HI, STAFF_ONLY_CODES } from './errors-hi';
import { hindiWordsReady } from './island-words';
import { errorTextHi, refusalCodeHi } from './refusal';

// The Hindi words load in chunks of their own, as on a Hindi page.
beforeAll(() => hindiWordsReady());

type Tree = { [key: string]: unknown };

function leaves(tree: unknown, prefix = ''): [string, unknown][] {
  if (typeof tree !== 'object' || tree === null) return [[prefix, tree]];
  return Object.entries(tree as Tree).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

const MODULES = {
  PAY_WORDS,
  CHECK_IN_WORDS,
  BRACKET_WORDS,
  FORMAT_WORDS,
  BRACKET_INTRO_WORDS,
  WAITLIST_WORDS,
  STANDINGS_WORDS,
  SIGN_IN_WORDS,
  MY_TOURNAMENTS_WORDS,
  PAYOUT_WORDS,
  RECORD_WORDS,
  BLOG_WORDS,
  POD_WORDS,
  PROFILE_WORDS,
  STATEMENT_WORDS,
  MATCH_WORDS,
  MATCH_PAGE_WORDS,
  HOME_WORDS,
  ALERT_WORDS,
  OFFER_WORDS,
  MY_DATA_WORDS,
  DELETION_WORDS,
  BELL_WORDS,
  EDITION_WORDS,
  LEADERBOARD_WORDS,
  PLAYER_WORDS,
  PLAYER_FRAME_WORDS,
  INVITE_WORDS,
  CONSENT_WORDS,
  CONSENT_READING,
  TRADE_WORDS,
  // The static words of the same pages, rendered at build time.
  TRADE_PAGE_WORDS,
  SEASON_PAGE_WORDS,
  INVITE_PAGE_WORDS,
  CONSENT_PAGE_WORDS,
  NOT_FOUND_WORDS,
} as Record<string, { en: unknown; hi: unknown }>;
/** Words both languages write the same (abbreviations the game and the glossary keep in Latin letters). */
const SAME_IN_BOTH = new Set([
  'columns.rank.short',
  // "UPI id": the rail's name and the glossary's word for its address.
  'kyc.upiId',
  // PAN and UTR: the Income Tax Department's and the banks' own letters (glossary).
  'pan',
  'columns.utr',
  'columns.goalDifference.short',
  'columns.medianBuchholz.short',
  'columns.buchholz.short',
  'qualifiedMark',
]);

describe("the islands' words", () => {
  for (const [name, words] of Object.entries(MODULES)) {
    it(`${name} has the same keys in both languages, none empty, the Hindi ones in Hindi`, () => {
      const english = new Map(leaves(words.en));
      const hindi = new Map(leaves(words.hi));
      expect(
        [...hindi.keys()].filter((key) => !english.has(key)),
        'keys only in Hindi',
      ).toEqual([]);
      expect(
        [...english.keys()].filter((key) => !hindi.has(key)),
        'keys only in English',
      ).toEqual([]);
      for (const [key, value] of hindi) {
        expect(typeof value, key).toBe(typeof english.get(key));
        if (typeof value === 'function') continue;
        expect(value, key).not.toBe('');
        if (!SAME_IN_BOTH.has(key)) expect(value, key).toMatch(/[\u0900-\u097F]/);
      }
    });
  }
});

describe('the pay panel in Hindi', () => {
  it('states the amount and the slots of the English button, in Hindi order', () => {
    expect(PAY_WORDS.en.payButton(2, 100000)).toBe('Pay ₹2,00,000 & Register 2 Slots');
    expect(PAY_WORDS.hi.payButton(2, 100000)).toBe('₹2,00,000 पे करें और 2 स्लॉट रजिस्टर करें');
    expect(PAY_WORDS.hi.slotOption(3, 50)).toBe('3 स्लॉट - ₹150');
    expect(PAY_WORDS.hi.perBuyer(4)).toContain('4 स्लॉट');
    expect(PAY_WORDS.hi.youHold(1)).toBe('आपके पास 1 स्लॉट हैं।');
  });

  it("never quotes the browser's or Razorpay's English words in Hindi", () => {
    expect(PAY_WORDS.hi.messages.checkoutFailed('Your card was declined')).not.toContain('declined');
    expect(PAY_WORDS.hi.messages.processingFailed('Network error')).not.toContain('Network');
    expect(PAY_WORDS.en.messages.checkoutFailed('Your card was declined')).toContain('Your card was declined');
  });

  it('words an entry block in Hindi for every reason the database gives', () => {
    expect(Object.keys(PAY_WORDS.hi.blocks).sort()).toEqual(Object.keys(PAY_WORDS.en.blocks).sort());
    expect(PAY_WORDS.hi.blocks.too_young_for_paid_entry.label).toContain('18');
  });
});

describe('check-in in Hindi', () => {
  it("states the pod's check-in length from the rules in both languages", () => {
    expect(CHECK_IN_WORDS.en.podLasts).toContain(`${POD_CHECK_IN_MINUTES} minutes`);
    expect(CHECK_IN_WORDS.hi.podLasts).toContain(`${POD_CHECK_IN_MINUTES} मिनट`);
  });

  it('counts down in Hindi units', () => {
    const now = new Date('2026-12-06T10:00:00Z');
    expect(countdown('2026-12-06T12:05:00Z', now, CHECK_IN_WORDS.hi)).toBe('2 घंटे 05 मिनट');
    expect(countdown('2026-12-09T10:00:00Z', now, CHECK_IN_WORDS.hi)).toBe('3 दिन');
    expect(countdown('2026-12-06T12:05:00Z', now)).toBe('2 h 05 min');
  });

  it("words a refusal by its hint in Hindi, and never the server's English for one it does not know", () => {
    const closed = new EntryActionError('Check-in for this tournament has closed.', 'check_in_closed');
    expect(entryErrorMessage(closed, undefined, CHECK_IN_WORDS.hi.errors)).toBe('इस टूर्नामेंट का चेक-इन बंद हो चुका है।');
    const opens = new EntryActionError('not open', 'check_in_not_open');
    expect(entryErrorMessage(opens, { opensAt: '2026-12-06T14:00:00Z' }, CHECK_IN_WORDS.hi.errors, () => '7:30 pm IST')).toBe(
      'चेक-इन 7:30 pm IST पर खुलेगा।',
    );
    const unknown = new EntryActionError('Some English from the database', 'something_new');
    expect(entryErrorMessage(unknown, undefined, CHECK_IN_WORDS.hi.errors)).toBe(CHECK_IN_WORDS.hi.errors.generic);
    expect(entryErrorMessage(unknown)).toBe('Some English from the database');
  });
});

describe('the bracket in Hindi', () => {
  it("reads the database's round names pattern by pattern", () => {
    const round = BRACKET_WORDS.hi.round;
    expect(round('Final')).toBe('फ़ाइनल');
    expect(round('Round of 16')).toBe('राउंड ऑफ़ 16');
    expect(round('Group matchday 2')).toBe('ग्रुप मैचडे 2');
    expect(round('Losers round 3')).toBe('लूज़र्स राउंड 3');
    expect(round('Round 4')).toBe('राउंड 4');
    expect(BRACKET_WORDS.en.round('Round of 16')).toBe('Round of 16');
  });

  it('says where the player stands with the same round, opponent and time', () => {
    const when = () => '7:30 pm IST';
    const next = { kind: 'next', round: 'Semi-finals', opponent: 'demo3', at: '2026-12-06T14:00:00Z', matchId: 'm' } as const;
    expect(BRACKET_WORDS.hi.standing(next, when)).toBe('आपका अगला मैच: सेमीफ़ाइनल, demo3 के ख़िलाफ़, 7:30 pm IST');
    expect(BRACKET_WORDS.hi.standing({ kind: 'table', rank: 3, of: 16 }, when)).toBe('टेबल में आप 16 में से नंबर 3 पर हैं');
    expect(BRACKET_WORDS.hi.standing({ kind: 'champion' }, when)).toBe('आपने टूर्नामेंट जीत लिया!');
  });

  it('states a result with the winner first and the same goals', () => {
    const result = { winner: 'A', loser: 'B', winnerGoals: 2, loserGoals: 0 };
    expect(BRACKET_WORDS.hi.result(result)).toBe('A ने B को 2–0 से हराया');
    expect(BRACKET_WORDS.en.result(result)).toBe('A won 2–0 against B');
    expect(BRACKET_WORDS.hi.result({ ...result, loser: null, winnerGoals: 1, loserGoals: 1, penalties: [4, 3] })).toBe(
      'A 1–1 के बाद पेनल्टी में 4–3 से जीता',
    );
  });

  it("explains a group table's tie-break in Hindi for every step the database names", () => {
    for (const step of [
      'head_to_head_points',
      'head_to_head_goal_difference',
      'head_to_head_goals_for',
      'goal_difference',
      'goals_for',
      'wins',
      'lots',
    ]) {
      expect(FORMAT_WORDS.hi.tieReason(step, 'demo2')).toMatch(/demo2 (से आगे|के बराबर)/);
    }
    expect(FORMAT_WORDS.hi.qualifyingLine(2)).toBe('हर ग्रुप के टॉप 2 नॉकआउट में जाते हैं।');
  });
});

describe('the waitlist and the standings in Hindi', () => {
  it('state the same places, counts and amounts', () => {
    expect(WAITLIST_WORDS.hi.position(3)).toBe('आप वेटलिस्ट में #3 हैं: आपसे आगे 2 खिलाड़ी हैं।');
    expect(WAITLIST_WORDS.hi.joinButton({ kind: 'join', free: false, left: 2, closesAt: '', checkInOpen: false }, 25000)).toBe(
      'वेटलिस्ट में जुड़ें · ₹250',
    );
    expect(WAITLIST_WORDS.hi.leaveWarning(25000)).toContain('₹250.00');
    expect(WAITLIST_WORDS.hi.error('waitlist_full', 'English')).not.toContain('English');
    expect(STANDINGS_WORDS.hi.place('3rd–4th')).toBe('3–4');
    expect(STANDINGS_WORDS.hi.bandTitle({ from: 9, to: 16 })).toBe('राउंड ऑफ़ 16 में बाहर');
    const waiting = {
      place: '1st',
      in_game_name: 'x',
      prize_paise: 100,
      status: 'waiting',
      credited_at: null,
      paid_at: null,
      due_at: '2026-12-06T12:05:00Z',
    } as const;
    expect(STANDINGS_WORDS.hi.detail(waiting, Date.parse('2026-12-06T10:00:00Z'), String)).toBe(
      '2 घंटे 05 मिनट में जमा होगा, जब चैलेंज विंडो ख़त्म होगी',
    );
  });
});

describe('sign-in in Hindi', () => {
  it("words every failure of the sign-in flow, and the code's length from the rules", () => {
    for (const sentence of Object.values(AUTH_FAILURE_MESSAGES))
      expect(signInErrorIn(SIGN_IN_WORDS.hi, sentence)).toMatch(/[\u0900-\u097F]/);
    expect(signInErrorIn(SIGN_IN_WORDS.hi, SIGN_IN_WORDS.en.incompleteCode)).toBe(`${CODE_LENGTH} अंकों का कोड डालें।`);
    expect(signInErrorIn(SIGN_IN_WORDS.en, AUTH_FAILURE_MESSAGES.network)).toBe(AUTH_FAILURE_MESSAGES.network);
    expect(SIGN_IN_WORDS.hi.modes['sign-in'].intro).toContain(`${CODE_LENGTH} अंकों`);
  });
});

describe('My Tournaments in Hindi', () => {
  it("words a waitlist place's check-in from the same times", () => {
    const parts = {
      position: 2,
      checkedIn: false,
      closed: false,
      open: false,
      from: '7 दिस॰ 2026, 6:30 pm',
      closesAt: '7:00 pm IST',
      until: '',
    };
    expect(WAITLIST_WORDS.hi.waitlistLine(parts)).toBe(
      'वेटलिस्ट #2 · जगह ख़ाली होने पर आगे आने के लिए 7 दिस॰ 2026, 6:30 pm से 7:00 pm IST के बीच चेक-इन करें',
    );
    expect(WAITLIST_WORDS.en.waitlistLine({ ...parts, from: '7 Dec 2026, 6:30 pm' })).toBe(
      'Waitlist #2 · check in between 7 Dec 2026, 6:30 pm and 7:00 pm IST to move up if a place frees',
    );
    expect(MY_TOURNAMENTS_WORDS.hi.refundOnWay('₹100.00')).toBe('₹100.00 का रिफ़ंड रास्ते में है');
  });
});

describe('the withdrawal and its tax in Hindi', () => {
  const preview = {
    gross_paise: 100_000,
    tax_paise: 18_000,
    tax_rate_percent: 30,
    reckoning: {
      withdrawn_paise: 100_000,
      entry_fees_paise: 40_000,
      opening_balance_paise: 0,
      already_counted_paise: 0,
      net_winnings_paise: 60_000,
    },
  };
  it('reckons the tax from the same figures and rate as the English line', () => {
    const digits = (text: string) => [...text.matchAll(/\d[\d,.]*/g)].map((m) => m[0].replace(/[.,]$/, '')).sort();
    const english = PAYOUT_WORDS.en.withdraw.reckoning(preview);
    const hindi = PAYOUT_WORDS.hi.withdraw.reckoning(preview);
    expect(digits(hindi)).toEqual(digits(english));
    expect(hindi).toBe('नेट विनिंग्स = इस निकासी के ₹1,000.00, घटाएँ इस वित्त वर्ष में भरी एंट्री फ़ीस के ₹400.00: ₹600.00। टैक्स उसका 30% है: ₹180.00।');
    const none = { ...preview, tax_paise: 0, reckoning: { ...preview.reckoning, entry_fees_paise: 120_000, net_winnings_paise: -20_000 } };
    expect(PAYOUT_WORDS.hi.withdraw.reckoning(none)).toContain('कोई टैक्स नहीं कटता');
    expect(PAYOUT_WORDS.hi.withdraw.taxWithheld(30)).toBe('काटा गया टैक्स (नेट विनिंग्स का 30%)');
  });

  it("states the annual statement's net-winnings rule with the rules' rate, part by part like the English", () => {
    const english = STATEMENT_WORDS.en.rule(TAX_RATE_PERCENT);
    const hindi = STATEMENT_WORDS.hi.rule(TAX_RATE_PERCENT);
    expect(english).toBe(netWinningsRule(TAX_RATE_PERCENT));
    expect(hindi.startsWith(`टैक्स नेट विनिंग्स का ${TAX_RATE_PERCENT}% है:`)).toBe(true);
    // The same parts: each withdrawal, less the year's entry fees, the opening balance, what earlier withdrawals counted; then the year's end.
    for (const part of ['हर निकासी पर', 'एंट्री फ़ीस', 'शुरुआती बैलेंस', 'पिछली निकासियों में गिनी जा चुकी', 'साल के अंत में'])
      expect(hindi).toContain(part);
    expect(STATEMENT_WORDS.hi.rule(25)).toContain('25%');
    expect(STATEMENT_WORDS.hi.loadFailed('Failed to fetch')).not.toContain('fetch');
    expect(STATEMENT_WORDS.hi.period('2026–27')).toBe('वित्त वर्ष 2026–27 (1 अप्रैल से 31 मार्च)');
  });

  it("words every problem the form finds in Hindi, and never a chargeback's or a failure's English reason", () => {
    for (const english of [
      panProblem(''),
      panProblem('ABC'),
      panProblem('ABCCE1234F'),
      upiIdProblem(''),
      upiIdProblem('name'),
      upiIdProblem('na me@bank'),
      amountProblem(null, 0),
      PAYOUT_MESSAGES.invalid_amount ?? '',
      PAYOUT_MESSAGES.insufficient_balance ?? '',
    ]) {
      expect(PAYOUT_WORDS.hi.problem(english), english ?? '').toMatch(/[\u0900-\u097F]/);
      expect(PAYOUT_WORDS.en.problem(english)).toBe(english);
    }
    expect(PAYOUT_WORDS.hi.payoutNote({ status: 'failed', failure_reason: 'Beneficiary bank offline' })).not.toContain('Beneficiary');
  });
});

describe('the profile form in Hindi', () => {
  const digits = (text: string) => [...text.matchAll(/\d+/g)].map((m) => m[0]).sort();

  it("words every problem the form finds in Hindi, with the rules' numbers of the English", () => {
    for (const english of [...Object.values(FIELD_MESSAGES), PROFILE_MESSAGES.missingRequired]) {
      const hindi = PROFILE_WORDS.hi.problem(english) ?? '';
      expect(hindi, english).toMatch(/[\u0900-\u097F]/);
      expect(digits(hindi), english).toEqual(digits(english));
      expect(PROFILE_WORDS.en.problem(english)).toBe(english);
    }
  });

  it('words the problems the validation gives for hostile names: too long, invisible, hidden controls', () => {
    const values = { dateOfBirth: '', gameUserId: '', livesInIndia: true };
    for (const [legalName, inGameName] of [
      ['x'.repeat(500), 'y'.repeat(500)],
      ['\u200b\u200b\u200b', '\u3000\u3000\u3000'],
      ['Ravi\u202eKumar', 'ravi\u202e99'],
    ]) {
      const result = validateProfileForm(
        { ...values, legalName: legalName ?? '', inGameName: inGameName ?? '' },
        new Date('2026-12-06T10:00:00Z'),
      );
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      for (const english of Object.values(result.fieldErrors)) {
        const hindi = PROFILE_WORDS.hi.problem(english) ?? '';
        expect(hindi, english).toMatch(/[\u0900-\u097F]/);
        expect(digits(hindi), english).toEqual(digits(english ?? ''));
      }
    }
  });

  it('states the ages and the ID length from the rules, and writes a date of birth with Hindi months', () => {
    expect(PROFILE_WORDS.hi.dateOfBirthHint(13, 18, '')).toBe(
      'आपकी उम्र 13 साल या उससे ज़्यादा होनी चाहिए। पेड एंट्री 18 साल और उससे ज़्यादा उम्र के खिलाड़ियों के लिए है।',
    );
    expect(PROFILE_WORDS.en.dateOfBirthHint(13, 18, '5 Jan 2008')).toBe(
      'You must be 13 or older. Paid entry is for players 18 and over. You entered 5 Jan 2008.',
    );
    expect(PROFILE_WORDS.hi.calendarDate('2008-01-05')).toBe('5 जन॰ 2008');
    expect(PROFILE_WORDS.en.calendarDate('2008-01-05')).toBe('5 Jan 2008');
    expect(PROFILE_WORDS.hi.gameUserIdHint(6, 20)).toContain('6 से 20 अक्षर');
    expect(PROFILE_WORDS.hi.loadFailed('Failed to load profile data')).not.toContain('Failed');
  });
});

describe('refusals in Hindi', () => {
  it('word every code a player can meet; the staff-only ones are listed instead, never both', () => {
    const staff = new Set<string>(STAFF_ONLY_CODES);
    const missing = Object.keys(ERROR_CODES).filter((code) => !Object.hasOwn(ERRORS_HI, code) && !staff.has(code));
    expect(missing).toEqual([]);
    expect(Object.keys(ERRORS_HI).filter((code) => staff.has(code))).toEqual([]);
    for (const [code, text] of Object.entries(ERRORS_HI)) expect(text, code).toMatch(/[\u0900-\u097F]/);
  });

  it("keep the rules' numbers of the English sentences", () => {
    const digits = (text: string) => [...text.matchAll(/\d+/g)].map((m) => m[0]).sort();
    for (const code of [
      'age_too_low',
      'legal_name_too_long',
      'in_game_name_too_long',
      'game_user_id_invalid',
      'invalid_slot_count',
      'too_many_messages',
    ] as const) {
      expect(digits(ERRORS_HI[code]), code).toEqual(digits(ERROR_CODES[code].message));
    }
  });

  it("show a refusal's Hindi words by its hint, and a Hindi sentence for anything else", () => {
    const refused = new ApiError('refused', 'This tournament is full.', 'rpc x', 'PT409', 'tournament_full');
    expect(errorTextHi(refused)).toBe('यह टूर्नामेंट भर चुका है।');
    expect(errorTextHi(new ApiError('refused', 'English only', 'rpc x', 'PT409', 'a_new_code'))).toBe(GENERIC_ERROR_HI);
    expect(errorTextHi(new Error('TypeError: failed to fetch'))).toBe(GENERIC_ERROR_HI);
    expect(refusalCodeHi('payment_refunded')).toContain('रिफ़ंड');
    expect(refusalCodeHi('__proto__')).toBe(GENERIC_ERROR_HI);
  });
});

describe('the match page in Hindi', () => {
  const minutes = (ms: number) => String(ms / 60_000);
  it("states Ready's and the report's windows from the match windows, in both languages", () => {
    for (const lang of ['en', 'hi'] as const) {
      const w = MATCH_WORDS[lang];
      expect(w.ready.opens('x', '7:35 pm IST'), lang).toContain(minutes(READY_OPENS_BEFORE));
      expect(w.ready.pressBy('7:50 pm IST'), lang).toContain(minutes(READY_CLOSES_AFTER));
      expect(w.report.sent('demo2'), lang).toContain(String(OPPONENT_CONFIRM_MINUTES));
      expect(w.report.opensAt('7:35 pm IST'), lang).toContain(minutes(READY_OPENS_BEFORE));
    }
    expect(MATCH_WORDS.hi.ready.pressBy('7:50 pm IST')).toBe(
      `रूम में पहुँचकर 7:50 pm IST तक रेडी दबाएँ (मैच के समय के ${minutes(READY_CLOSES_AFTER)} मिनट बाद तक)।`,
    );
  });

  it('counts down to the match in Hindi units, and in English by default', () => {
    const now = Date.parse('2026-12-06T10:00:00Z');
    expect(matchCountdown(now + 65 * 60_000, now, MATCH_WORDS.hi.countdown)).toBe('1 घंटे 05 मिनट में');
    expect(matchCountdown(now - 2 * 60_000, now, MATCH_WORDS.hi.countdown)).toBe('2 मिनट 00 सेकंड पहले');
    expect(matchCountdown(now + 65 * 60_000, now)).toBe('in 1 h 05 min');
  });

  it("states the walkover's windows from the match windows, and words the dispute reasons in Hindi", () => {
    for (const lang of ['en', 'hi'] as const) {
      const lead = MATCH_WORDS[lang].walkover.claimLead('demo2');
      expect(lead, lang).toContain(minutes(READY_CLOSES_AFTER));
      expect(lead, lang).toContain(minutes(WALKOVER_CONTEST_WINDOW));
      expect(MATCH_WORDS[lang].confirm.lead, lang).toContain(String(OPPONENT_CONFIRM_MINUTES));
    }
    const reasons = [{ reason: 'wrong_score', opens_at: '2026-12-06T09:00:00Z', details_required: true }] as const;
    expect(disputeChoices(reasons, Date.parse('2026-12-06T10:00:00Z'), MATCH_WORDS.hi.dispute.reasons)).toEqual([
      { value: 'wrong_score', label: 'ग़लत स्कोर', detailsRequired: true },
    ]);
    expect(MATCH_WORDS.hi.walkover.claimed('demo2', null)).toContain('कुछ मिनट');
    for (const lang of ['en', 'hi'] as const) {
      const within = MATCH_WORDS[lang].disputed.answerWithin;
      expect(within, lang).toContain(String(DISPUTE_STAFF_DEADLINE_MINUTES.quick));
      expect(within, lang).toContain(String(DISPUTE_STAFF_DEADLINE_MINUTES.championship));
    }
    expect(MATCH_WORDS.hi.disconnection.lead(20)).toContain('मिनट 20 तक');
  });
});

describe('the leaderboard, player, invitation and consent pages in Hindi', () => {
  const digits = (text: string) => [...text.matchAll(/\d+/g)].map((m) => m[0]).sort();

  it("words a points table's place and a result's place from the database's numbers", () => {
    expect(LEADERBOARD_WORDS.hi.place(placeRange({ from_place: 3, to_place: 4 }), '3rd–4th')).toBe('नंबर 3–4');
    expect(LEADERBOARD_WORDS.hi.place(placeRange({ from_place: 1, to_place: 1 }), '1st')).toBe('नंबर 1');
    expect(LEADERBOARD_WORDS.hi.place(placeRange({ from_place: 17, to_place: null }), 'Checked in and played')).toBe('चेक-इन करके खेले');
    expect(LEADERBOARD_WORDS.en.place('3–4', '3rd–4th')).toBe('3rd–4th');
    expect(PLAYER_WORDS.hi.place('5th–8th')).toBe('नंबर 5–8');
    expect(PLAYER_WORDS.hi.likely(...ratingRange(1464.05, 151.52))).toBe('शायद 1161 से 1767 के बीच');
    expect(seasonLabel('2026-Q4', LEADERBOARD_WORDS.hi.months)).toBe('अक्टूबर–दिसंबर 2026');
    expect(LEADERBOARD_WORDS.hi.caption(LEADERBOARD_SIZE)).toContain(String(LEADERBOARD_SIZE));
  });

  it("states the paid entry's age and the consent code's length from the rules, as the English does", () => {
    expect(digits(INVITE_WORDS.hi.terms(PAID_ENTRY_MIN_AGE))).toEqual(digits(INVITE_WORDS.en.terms(PAID_ENTRY_MIN_AGE)));
    expect(INVITE_WORDS.hi.terms(21)).toContain('21 साल');
    expect(SEASON_PAGE_WORDS.hi.leaderboard.description('Golazo Arena', PAID_ENTRY_MIN_AGE)).toContain(`${PAID_ENTRY_MIN_AGE} साल`);
    expect(digits(SEASON_PAGE_WORDS.hi.leaderboard.description('X', 21))).toEqual(
      digits(SEASON_PAGE_WORDS.en.leaderboard.description('X', 21)),
    );
    expect(CONSENT_WORDS.hi.asks(PAID_ENTRY_MIN_AGE).join('')).toContain(`${PAID_ENTRY_MIN_AGE} साल से कम`);
    expect(digits(CONSENT_WORDS.hi.asks(16).join(''))).toEqual(digits(CONSENT_WORDS.en.asks(16).join('')));
    expect(CONSENT_WORDS.hi.code(CONSENT_CODE_LENGTH)).toBe(`ई-मेल में आया ${CONSENT_CODE_LENGTH} अंकों का कोड`);
    expect(CONSENT_WORDS.hi.wrongCode(2)).toContain('2 कोशिश');
    expect(INVITE_WORDS.hi.checkInBefore('7:30 pm IST').join('')).toBe(
      '7:30 pm IST से पहले मेरे टूर्नामेंट या टूर्नामेंट के पेज पर चेक-इन करें, वरना यह जगह वापस ले ली जाएगी।',
    );
  });
});
