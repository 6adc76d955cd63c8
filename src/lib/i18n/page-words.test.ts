/**
 * The dashboard, the match page's frame and the profile's settings in Hindi: the sentences that carry a rule, a
 * window, an age or an amount state the rules' numbers in both languages, in Hindi word order; the words the
 * database hands the page (quick phrases, statuses, round names, the grace period, export sections) are all worded.
 * (Both languages' keys are held equal by island-words.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONNECT_WORDS } from '@/components/info/connect-words';
import { DASHBOARD_PAGE_WORDS } from '@/features/account/dashboard-page-words';
import { VIEW_AND_ENTER } from '@/features/tournaments/card-words';
import { HOME_WORDS } from '@/features/account/home-words';
import { ALERT_WORDS, alertDataWordsIn, pushFailureIn } from '@/features/alerts/alert-words';
import { ALERT_EVENT_LABELS } from '@/features/alerts/alerts';
import { pushFailureMessage } from '@/features/alerts/push-failures-en';
import { OFFER_WORDS } from '@/features/alerts/offer-words';
import { NOTIFICATION_KIND_LABELS } from '@/lib/notification-kinds';
import { MATCH_PAGE_WORDS } from '@/features/matches/match-page-words';
import { MATCH_STATUSES } from '@/features/matches/match-schemas';
import { exportSummaryWordsIn, MY_DATA_WORDS } from '@/features/privacy/my-data-words';
import { DELETION_WORDS } from '@/features/profile/deletion-words';
import type { DeletionBlocker } from '@/features/profile/account-deletion';
import { formatPaiseExact } from '@/lib/format';
import { DEFAULT_MATCH_SETTINGS, settingsRows } from '@/lib/match-settings';
import { DATA_EXPORT_INTERVAL_MINUTES, PAID_ENTRY_MIN_AGE, QUIET_HOURS_IST, WHATSAPP_CODE_MINUTES } from '@/lib/rules';
import { hindiWordsReady } from './island-words';

beforeAll(() => hindiWordsReady());

const DEVANAGARI = /[\u0900-\u097F]/;
const digits = (text: string) => [...text.matchAll(/\d+/g)].map((m) => m[0]).sort();

describe('the dashboard in Hindi', () => {
  it('has every static word in both languages, the Hindi ones in Hindi', () => {
    const { en, hi } = DASHBOARD_PAGE_WORDS;
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
    expect(hi.news).toHaveLength(en.news.length);
    expect(Object.keys(CONNECT_WORDS.hi).sort()).toEqual(Object.keys(CONNECT_WORDS.en).sort());
    for (const text of [
      hi.title,
      hi.welcome('Golazo Arena'),
      hi.lead,
      hi.upcoming,
      VIEW_AND_ENTER.hi,
      ...hi.news,
      ...CONNECT_WORDS.hi.lead,
    ])
      expect(text).toMatch(DEVANAGARI);
    expect(hi.welcome('Golazo Arena')).toBe('Golazo Arena में आपका स्वागत है');
    // The pod formats are product names: the Hindi line keeps them as the English one writes them.
    expect(hi.news[1]).toContain('1v1, Super 4 और Super 8');
  });

  it('counts the next matches in both languages', () => {
    expect(HOME_WORDS.en.nextMatches(1)).toBe('Your next match');
    expect(HOME_WORDS.en.nextMatches(2)).toBe('Your next matches');
    expect(HOME_WORDS.hi.nextMatches(1)).toBe('आपका अगला मैच');
    expect(HOME_WORDS.hi.nextMatches(3)).toBe('आपके अगले मैच');
    expect(DELETION_WORDS.hi.on('9 दिस॰ 2026, 7:30 pm')).toBe('आपका अकाउंट 9 दिस॰ 2026, 7:30 pm को डिलीट हो जाएगा।');
  });
});

describe('the match page in Hindi', () => {
  const hi = MATCH_PAGE_WORDS.hi;
  const en = MATCH_PAGE_WORDS.en;

  it("shows every quick phrase the database offers in Hindi, and sends the database's own phrase", () => {
    const sql = readFileSync(join(process.cwd(), 'supabase/schemas/matches.sql'), 'utf8');
    const body = /FUNCTION private\.match_quick_phrases\(\)[\s\S]*?array\[([\s\S]*?)\]/.exec(sql)?.[1] ?? '';
    const phrases = [...body.matchAll(/'((?:[^']|'')*)'/g)].map((m) => (m[1] ?? '').replaceAll("''", "'"));
    expect(phrases.length).toBeGreaterThan(0);
    for (const phrase of phrases) {
      expect(hi.chat.phrase(phrase), phrase).toMatch(DEVANAGARI);
      expect(en.chat.phrase(phrase)).toBe(phrase);
    }
    // Free text (and hostile keys) reads as written.
    expect(hi.chat.phrase('gg bhai, rematch?')).toBe('gg bhai, rematch?');
    expect(hi.chat.phrase('__proto__')).toBe('__proto__');
    expect(hi.chat.phrase('constructor')).toBe('constructor');
  });

  it("states the chat's age limit from the rules in both languages", () => {
    expect(en.chat.quickOnly(PAID_ENTRY_MIN_AGE)).toContain(`under ${PAID_ENTRY_MIN_AGE}`);
    expect(hi.chat.quickOnly(PAID_ENTRY_MIN_AGE)).toContain(`${PAID_ENTRY_MIN_AGE} साल से कम उम्र`);
  });

  it('words every match status and reads the round names as the bracket does', () => {
    for (const status of MATCH_STATUSES) {
      expect(hi.status[status], status).toMatch(DEVANAGARI);
      expect(en.status[status], status).toBeTruthy();
    }
    expect(hi.round('Semi-finals')).toBe('सेमीफ़ाइनल');
    expect(hi.round('Round of 16')).toBe('राउंड ऑफ़ 16');
    expect(en.round('Round of 16')).toBe('Round of 16');
    expect(hi.outcome.nextMatch(hi.round('Final'))).toBe('अगला मैच: फ़ाइनल');
  });

  it('states a result after the winner with the same goals, in Hindi order', () => {
    const won = { winner: 'demo1', winnerGoals: 2, loserGoals: 0 };
    expect(`demo1${en.outcome.after('demo1', won, false)}`).toBe('demo1 won 2–0.');
    expect(`demo1${hi.outcome.after('demo1', won, false)}`).toBe('demo1 2–0 से जीता।');
    const shootOut = { winner: 'demo1', winnerGoals: 1, loserGoals: 1, penalties: [4, 3] as const };
    expect(`demo1${hi.outcome.after('demo1', shootOut, false)}`).toBe('demo1 1–1 के बाद पेनल्टी में 4–3 से जीता।');
    const noGoals = { winner: 'demo1', winnerGoals: null, loserGoals: null };
    expect(`demo1${en.outcome.after('demo1', noGoals, true)}`).toBe('demo1 went through on a walkover.');
    expect(`demo1${hi.outcome.after('demo1', noGoals, true)}`).toBe('demo1 वॉकओवर से आगे गया।');
    expect(hi.outcome.drew('A', 'B', '1–1')).toBe('A और B का मैच 1–1 से ड्रॉ रहा: दोनों को एक-एक पॉइंट।');
  });

  it("keeps the game's own setting names and words the match time's unit in Hindi", () => {
    const english = settingsRows(DEFAULT_MATCH_SETTINGS);
    const hindi = settingsRows(DEFAULT_MATCH_SETTINGS, hi.settings.minutes);
    expect(hindi.map(([label]) => label)).toEqual(english.map(([label]) => label));
    expect(hindi[0]).toEqual(['Match Time', `${DEFAULT_MATCH_SETTINGS.matchMinutes} मिनट`]);
    expect(english[0]).toEqual(['Match Time', `${DEFAULT_MATCH_SETTINGS.matchMinutes} minutes`]);
    expect(settingsRows({ ...DEFAULT_MATCH_SETTINGS, matchMinutes: 1 })[0]?.[1]).toBe('1 minute');
  });

  it("says the host's deadline with the same time and countdown", () => {
    expect(hi.host.postBy('7:35 pm IST', '4 मिनट 59 सेकंड में')).toBe(
      '7:35 pm IST तक रूम पोस्ट करें (4 मिनट 59 सेकंड में); उसके बाद आपका विरोधी होस्ट कर सकता है।',
    );
    expect(hi.host.takeOver('demo2', '7:35 pm IST')).toMatch(/^demo2 ने 7:35 pm IST तक रूम पोस्ट नहीं किया।/);
  });
});

describe("the profile's settings in Hindi", () => {
  const [from, until] = ['23:00', '08:00'];

  it('state the quiet hours from the rules in both languages', () => {
    expect(QUIET_HOURS_IST).toEqual({ from: 23, until: 8 });
    for (const lang of ['en', 'hi'] as const) {
      const w = ALERT_WORDS[lang];
      for (const sentence of [
        w.notifications.lead(QUIET_HOURS_IST),
        w.alerts.lead(QUIET_HOURS_IST),
        OFFER_WORDS[lang].lead(QUIET_HOURS_IST),
      ]) {
        expect(sentence, lang).toContain(from);
        expect(sentence, lang).toContain(until);
      }
    }
    expect(ALERT_WORDS.hi.notifications.lead({ from: 22, until: 7 })).toContain('22:00 से 07:00 IST के बीच');
  });

  it("states the WhatsApp code's life and tries in Hindi order", async () => {
    expect((await alertDataWordsIn('en')).whatsapp.codeSentTo('+919876543210', 5, WHATSAPP_CODE_MINUTES)).toBe(
      `Code sent to +919876543210 (5 tries, valid ${WHATSAPP_CODE_MINUTES} minutes)`,
    );
    expect((await alertDataWordsIn('hi')).whatsapp.codeSentTo('+919876543210', 5, WHATSAPP_CODE_MINUTES)).toBe(
      `+919876543210 पर भेजा गया कोड (5 कोशिशें, ${WHATSAPP_CODE_MINUTES} मिनट तक मान्य)`,
    );
  });

  it('words every notification kind, alert event and outcome in Hindi, loaded with the data', async () => {
    const english = await alertDataWordsIn('en');
    const hindi = await alertDataWordsIn('hi');
    expect(english.kinds).toBe(NOTIFICATION_KIND_LABELS);
    expect(english.events).toBe(ALERT_EVENT_LABELS);
    expect(Object.keys(hindi.kinds).sort()).toEqual(Object.keys(english.kinds).sort());
    expect(Object.keys(hindi.events).sort()).toEqual(Object.keys(english.events).sort());
    expect(Object.keys(hindi.messages).sort()).toEqual(Object.keys(english.messages).sort());
    for (const text of [...Object.values(hindi.kinds), ...Object.values(hindi.events)]) expect(text).toMatch(DEVANAGARI);
    for (const [key, text] of Object.entries({
      ...hindi.messages,
      ...hindi.table,
      ...hindi.whatsapp,
      ...hindi.support,
      devices: hindi.devices,
    })) {
      const sentence = typeof text === 'function' ? (text as (...args: unknown[]) => string)('x', 'push', 10) : text;
      expect(sentence, key).toMatch(DEVANAGARI);
    }
    expect(Object.keys(hindi.whatsapp).sort()).toEqual(Object.keys(english.whatsapp).sort());
    expect(Object.keys(hindi.table).sort()).toEqual(Object.keys(english.table).sort());
    expect(hindi.messages.codeWrong(2)).toBe('यह कोड सही नहीं है: 2 कोशिशें बाकी हैं।');
  });

  it('words every push failure in Hindi', async () => {
    for (const failure of [
      { step: 'permission', permission: 'denied' },
      { step: 'permission', permission: 'default' },
      { step: 'worker' },
      { step: 'push-service', name: 'NotAllowedError' },
      { step: 'push-service', name: 'AbortError' },
      { step: 'timeout' },
    ] as const) {
      expect(await pushFailureIn('hi', failure), failure.step).toMatch(DEVANAGARI);
      expect(await pushFailureIn('en', failure)).toBe(pushFailureMessage(failure));
    }
  });

  it("states the download's interval from the rules and words every section and size", async () => {
    const summary = await exportSummaryWordsIn('hi');
    expect(MY_DATA_WORDS.en.download.lead(DATA_EXPORT_INTERVAL_MINUTES)).toContain(`every ${DATA_EXPORT_INTERVAL_MINUTES} minutes`);
    expect(MY_DATA_WORDS.hi.download.lead(DATA_EXPORT_INTERVAL_MINUTES)).toContain(`हर ${DATA_EXPORT_INTERVAL_MINUTES} मिनट में एक डाउनलोड`);
    for (const key of ['profile', 'entries', 'matches', 'evidence', 'payments', 'kyc', 'audit', 'data_exports'])
      expect(summary.section(key), key).toMatch(DEVANAGARI);
    expect(summary.section('a_later_section')).toBe('a later section');
    expect(summary.section('__proto__')).toBe('  proto  ');
    const size = summary.size;
    expect([size(null), size([]), size([1]), size([1, 2, 3]), size({ a: [1], b: [2] }), size({ a: 1 })]).toEqual([
      'कुछ नहीं',
      'कुछ नहीं',
      '1 आइटम',
      '3 आइटम',
      '2 आइटम',
      'विवरण',
    ]);
  });

  it("reads the database's grace period in Hindi and explains the deletion with the English text's numbers", () => {
    const { en, hi } = DELETION_WORDS;
    expect(hi.grace('7 days')).toBe('7 दिन');
    expect(hi.grace('1 day')).toBe('1 दिन');
    expect(hi.grace('48:00:00')).toBe('48:00:00');
    expect(hi.idle('7 days')).toContain('7 दिन तक');
    const english = en.explanation('7 days');
    const hindi = hi.explanation('7 days');
    expect(hindi).toHaveLength(english.length);
    hindi.forEach((line, index) => {
      expect(line).toMatch(DEVANAGARI);
      expect(digits(line), line).toEqual(digits(english[index] ?? ''));
    });
  });

  it('says what must be settled first for every blocker, with the same amounts and links as the English', () => {
    const blockers: DeletionBlocker[] = [
      { hint: 'open_play', detail: 'Super 4 #12', waitlist_tournament_id: 't1' },
      { hint: 'open_play', detail: 'Super 4 #12' },
      { hint: 'open_play', detail: null },
      { hint: 'last_admin', detail: null },
      ...['payout', 'chargeback', 'prize', 'refund', 'small_balance', 'balance', null].map(
        (detail) => ({ hint: 'open_money', detail }) as DeletionBlocker,
      ),
    ];
    for (const blocker of blockers) {
      const english = DELETION_WORDS.en.blocker(blocker, formatPaiseExact, 4_550);
      const hindi = DELETION_WORDS.hi.blocker(blocker, formatPaiseExact, 4_550);
      expect(hindi.title + hindi.body, JSON.stringify(blocker)).toMatch(DEVANAGARI);
      expect(digits(hindi.title), JSON.stringify(blocker)).toEqual(digits(english.title));
      expect(hindi.action?.href).toBe(english.action?.href);
    }
    expect(DELETION_WORDS.hi.forfeit(formatPaiseExact, 4_550)).toContain('₹45.50');
  });
});
