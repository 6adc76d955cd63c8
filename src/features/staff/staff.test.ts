import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import {
  allows,
  csvCell,
  describeRole,
  entriesCsv,
  entriesCsvFileName,
  entryPlayerName,
  hasPlatformGrant,
  isAdmin,
  isoToIstInput,
  istInputToIso,
  paidEntryCount,
  paymentLabel,
  postponeProblem,
  reasonProblem,
  refundPercent,
  refundSummary,
  shouldPollRefunds,
  staffMessage,
  staffChecksInNow,
  staffStartsLabel,
} from './staff';
import { ApiError, parseAnswer } from '@/lib/api-answer';
import { failureCode, staffRefusal } from './staff.api';
import { initialPanelState, panelReducer, type PanelState } from './tournament-panel-state';
import { ready } from '@/lib/load-state';
import { RefundProgress, StaffEntry, StaffTournament } from './staff.schemas';

const entry = (overrides: Partial<StaffEntry> = {}): StaffEntry => ({
  entry_id: 'e1',
  slot_number: 1,
  buyer_in_game_name: 'demo1',
  buyer_email: 'demo1@golazo.test',
  player_in_game_name: 'demo1',
  player_email: 'demo1@golazo.test',
  status: 'active',
  checked_in_at: null,
  payment_status: 'paid',
  amount_paise: 15_000,
  ...overrides,
});

describe('roles', () => {
  const globalReferee = { role: 'referee', tournament_id: null } as const;
  const organiserOfOne = { role: 'organiser', tournament_id: 'champions-dec-2026' } as const;

  it('a higher role can do what a lower one can, on its tournaments only', () => {
    expect(allows([organiserOfOne], 'referee', 'champions-dec-2026')).toBe(true);
    expect(allows([organiserOfOne], 'organiser', 'champions-jan-2027')).toBe(false);
    expect(allows([globalReferee], 'referee', 'any-tournament')).toBe(true);
    expect(allows([globalReferee], 'organiser', 'any-tournament')).toBe(false);
    expect(allows([], 'referee', 'x')).toBe(false);
  });

  it('only a global admin manages roles', () => {
    expect(isAdmin([{ role: 'admin', tournament_id: null }])).toBe(true);
    expect(isAdmin([{ role: 'admin', tournament_id: 'champions-dec-2026' }])).toBe(false);
    expect(isAdmin([organiserOfOne, globalReferee])).toBe(false);
  });

  it('names a role with its reach', () => {
    expect(describeRole(globalReferee)).toBe('Referee (all tournaments)');
    expect(describeRole(organiserOfOne)).toBe('Organiser (champions-dec-2026)');
    expect(describeRole(organiserOfOne, (id) => (id === 'champions-dec-2026' ? 'Champions Dec 2026' : undefined))).toBe(
      'Organiser (Champions Dec 2026)',
    );
  });

  it('shows platform panels only to a grant for the whole platform', () => {
    expect(hasPlatformGrant([organiserOfOne, { role: 'admin', tournament_id: 'champions-dec-2026' }])).toBe(false);
    expect(hasPlatformGrant([organiserOfOne, globalReferee])).toBe(true);
  });
});

describe('messages for the database codes', () => {
  it('explains staff codes in staff words', () => {
    expect(staffMessage('check_in_locked')).toMatch(/less than 5 minutes/);
    expect(staffMessage('second_step_required')).toMatch(/authenticator app/);
  });

  it('reads shared codes from the shared table and anything else as a generic failure', () => {
    expect(staffMessage('staff_plays_here')).toMatch(/another staff member/);
    expect(staffMessage('tournament_already_drawn')).toMatch(/not been drawn/);
    expect(staffMessage('tournament_full')).toBe('This tournament is full.');
    expect(staffMessage('no_such_code')).toBe('Something went wrong. Please try again.');
    expect(staffMessage(null)).toBe('Something went wrong. Please try again.');
  });

  it('takes the hint PostgREST passed through, else tells a network failure apart', () => {
    expect(failureCode({ code: 'PT409', hint: 'check_in_locked', message: 'locked' })).toBe('check_in_locked');
    expect(failureCode({ code: '', message: 'TypeError: Failed to fetch' })).toBe('network');
    expect(failureCode({ code: '42501', hint: null, message: 'permission denied' })).toBe('unknown');
    expect(failureCode({ code: 'PT400', hint: 'not a code!', message: 'x' })).toBe('unknown');
  });
});

describe('answers are checked', () => {
  it('a malformed answer is a typed error, not a crash later', () => {
    expect(() => parseAnswer(RefundProgress, { total: 3, done: 'two' }, 'rpc staff_refund_progress')).toThrow(ApiError);
    expect(() => parseAnswer(z.array(StaffTournament), [{ id: 'x' }], 'rpc staff_list_tournaments')).toThrow(
      expect.objectContaining({ kind: 'malformed', call: 'rpc staff_list_tournaments' }),
    );
  });

  it('a well-formed answer comes back typed, ids as text', () => {
    expect(parseAnswer(StaffEntry, { ...entry(), entry_id: 42 }, 'rpc staff_get_entries').entry_id).toBe('42');
    expect(parseAnswer(RefundProgress, { total: 3, done: 1, pending: 2, failed: 0 }, 'rpc staff_refund_progress')).toEqual({
      total: 3,
      done: 1,
      pending: 2,
      failed: 0,
    });
  });

  it('a refusal carries the staff sentence and the database code', () => {
    const refusal = staffRefusal('rpc staff_set_check_in', { code: 'PT409', hint: 'check_in_locked', message: 'locked' });
    expect(refusal).toMatchObject({ kind: 'refused', hint: 'check_in_locked', code: 'PT409' });
    expect(refusal.message).toMatch(/less than 5 minutes/);
  });
});

describe('IST times for the postpone form', () => {
  it('reads the input in IST whatever the browser zone', () => {
    expect(istInputToIso('2026-12-20T19:30')).toBe('2026-12-20T14:00:00.000Z');
    expect(istInputToIso('2027-01-01T02:00')).toBe('2026-12-31T20:30:00.000Z');
    expect(isoToIstInput('2026-12-20T14:00:00Z')).toBe('2026-12-20T19:30');
  });

  it('checks a new start before it is sent', () => {
    const now = new Date('2026-12-01T00:00:00Z');
    const current = '2026-12-20T14:00:00Z';
    expect(postponeProblem('', current, now)).toMatch(/Choose the new date/);
    expect(postponeProblem('2026-11-30T10:00', current, now)).toMatch(/in the future/);
    expect(postponeProblem('2026-12-20T19:30', current, now)).toMatch(/later than the current start/);
    expect(postponeProblem('2026-12-19T19:30', current, now)).toMatch(/later than the current start/);
    expect(postponeProblem('2026-12-21T19:30', current, now)).toBeNull();
  });

  it('refuses incomplete and impossible dates', () => {
    expect(istInputToIso('')).toBeNull();
    expect(istInputToIso('2026-12-20')).toBeNull();
    expect(istInputToIso('2027-02-31T10:00')).toBeNull();
  });
});

describe('entries', () => {
  it('counts the entries a cancellation refunds', () => {
    expect(
      paidEntryCount([
        entry(),
        entry({ payment_status: 'free' }),
        entry({ payment_status: 'refunded' }),
        entry({ payment_status: 'paid' }),
      ]),
    ).toBe(2);
  });

  it('labels payment states', () => {
    expect(paymentLabel('refund_pending')).toBe('Refund pending');
    expect(paymentLabel('chargeback_open')).toBe('Chargeback open');
    expect(paymentLabel(null)).toBe('—');
  });

  it('names the player of a slot', () => {
    expect(entryPlayerName(entry({ player_in_game_name: 'demo3' }))).toBe('demo3');
    expect(entryPlayerName(entry({ slot_number: 2, player_in_game_name: null }))).toBe('Not named yet');
    expect(entryPlayerName(entry({ slot_number: 1, player_in_game_name: null }))).toBe('demo1');
  });
});

describe('refund progress', () => {
  it('shows the share done and what is left', () => {
    const progress = { total: 8, done: 3, pending: 4, failed: 1 };
    expect(refundPercent(progress)).toBe(37);
    expect(refundSummary(progress)).toBe('3 of 8 refunded · 4 in progress · 1 failed');
    expect(refundPercent({ total: 0, done: 0, pending: 0, failed: 0 })).toBe(100);
  });

  it('polls while refunds are pending only', () => {
    expect(shouldPollRefunds(null)).toBe(false);
    expect(shouldPollRefunds({ total: 2, done: 1, pending: 1, failed: 0 })).toBe(true);
    expect(shouldPollRefunds({ total: 2, done: 1, pending: 0, failed: 1 })).toBe(false);
  });
});

describe('CSV export', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Sharma, Ravi')).toBe('"Sharma, Ravi"');
    expect(csvCell('the "Wall"')).toBe('"the ""Wall"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
  });

  it('keeps spreadsheet formulas typed by players inert', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+91 98')).toBe("'+91 98");
    expect(csvCell('@demo')).toBe("'@demo");
    expect(csvCell(-5)).toBe('-5');
  });

  it('writes a header and one line per entry with IST times and rupees', () => {
    const csv = entriesCsv([
      entry({ checked_in_at: '2026-12-20T13:05:00Z' }),
      entry({
        entry_id: 'e2',
        slot_number: 2,
        player_in_game_name: 'Ravi, "R"',
        player_email: null,
        payment_status: 'free',
        amount_paise: 0,
      }),
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('Slot,Player,Player e-mail,Buyer,Buyer e-mail,Entry status,Checked in (IST),Payment,Amount (INR)');
    expect(lines[1]).toBe('1,demo1,demo1@golazo.test,demo1,demo1@golazo.test,active,"20/12/2026, 18:35 IST",Paid,150.00');
    expect(lines[2]).toBe('2,"Ravi, ""R""",,demo1,demo1@golazo.test,active,,Free,0.00');
    expect(lines[3]).toBe('');
  });

  it("leaves the e-mail columns out of a referee's file: their answer carries no e-mail addresses", () => {
    const { player_email: _player, buyer_email: _buyer, ...refereeView } = entry();
    const [parsed] = z.array(StaffEntry).parse([refereeView]);
    expect(parsed).not.toHaveProperty('player_email');
    const lines = entriesCsv([parsed!]).slice(1).split('\r\n');
    expect(lines[0]).toBe('Slot,Player,Buyer,Entry status,Checked in (IST),Payment,Amount (INR)');
    expect(lines[1]).toBe('1,demo1,demo1,active,,Paid,150.00');
  });

  it('names the file after the tournament and the IST date', () => {
    expect(entriesCsvFileName('champions-dec-2026', new Date('2026-12-19T20:00:00Z'))).toBe('champions-dec-2026-entries-2026-12-20.csv');
  });
});

describe('tournament panel', () => {
  const loaded: PanelState = { ...initialPanelState, entries: ready([entry()]) };

  it('opens a dialog, runs its action once, and closes it on success', () => {
    let state = panelReducer(loaded, { type: 'dialogOpened', dialog: { kind: 'close-and-draw' } });
    state = panelReducer(state, { type: 'submitted' });
    expect(state.busy).toBe(true);
    expect(panelReducer(state, { type: 'submitted' })).toBe(state);
    expect(panelReducer(state, { type: 'dialogClosed' })).toBe(state);
    expect(panelReducer(state, { type: 'dialogOpened', dialog: { kind: 'postpone' } })).toBe(state);
    state = panelReducer(state, { type: 'succeeded', notice: 'Drawn' });
    expect(state).toMatchObject({ busy: false, dialog: null, notice: 'Drawn' });
  });

  it('keeps the dialog open with the reason for a failure', () => {
    let state = panelReducer(loaded, { type: 'dialogOpened', dialog: { kind: 'check-in', entry: entry(), checkIn: true } });
    state = panelReducer(panelReducer(state, { type: 'submitted' }), { type: 'failed', message: staffMessage('check_in_locked') });
    expect(state.dialog?.kind).toBe('check-in');
    expect(state.dialogError).toMatch(/locked/);
    expect(state.busy).toBe(false);
  });

  it('cannot submit without a dialog', () => {
    expect(panelReducer(loaded, { type: 'submitted' })).toBe(loaded);
  });

  it('updates one entry after a manual check-in', () => {
    const state = panelReducer(loaded, { type: 'entryChanged', entryId: 'e1', checkedInAt: '2026-12-20T13:00:00Z' });
    expect(state.entries.status === 'ready' && state.entries.value[0]?.checked_in_at).toBe('2026-12-20T13:00:00Z');
  });

  it('wants a real reason', () => {
    expect(reasonProblem('   ')).toMatch(/Write a reason/);
    expect(reasonProblem('ok')).toMatch(/at least 3/);
    expect(reasonProblem('x'.repeat(501))).toMatch(/under 500/);
    expect(reasonProblem('Player showed a screenshot of the app crash')).toBeNull();
  });
});

describe('needs-attention items', () => {
  it('reads a sentence, a chargeback with its payment, and a given-up call with its retry', async () => {
    const { AttentionItem } = await import('./staff.schemas');
    const base = { tournament_id: null, title: 't', due_at: null };
    expect(z.parse(AttentionItem, { ...base, kind: 'refunds_failed', detail: '2 refunds failed' }).detail).toEqual({
      text: '2 refunds failed',
      paymentId: null,
      retryJobId: null,
      retryDueItem: null,
      key: '',
    });
    expect(
      z.parse(AttentionItem, { ...base, kind: 'chargeback', detail: { text: 'held', razorpay_payment_id: 'pay_X', status: 'open' } })
        .detail,
    ).toMatchObject({ text: 'held', paymentId: 'pay_X', retryJobId: null, retryDueItem: null });
    expect(
      z.parse(AttentionItem, {
        ...base,
        kind: 'outside_call_failed',
        detail: { text: 'timeout', job_id: 42, error: 'timeout', retry: 'staff_retry_outside_call' },
      }).detail,
    ).toMatchObject({ text: 'timeout', paymentId: null, retryJobId: 42, retryDueItem: null });
  });

  it('reads a parked item of a periodic step with its retry, and tells items of one kind apart', async () => {
    const { AttentionItem } = await import('./staff.schemas');
    const base = { tournament_id: null, title: 't', due_at: null, kind: 'due_work_failed' };
    const parked = z.parse(AttentionItem, {
      ...base,
      detail: { text: 'boom', step: 'account_erasure', item: 'u1', error: 'boom', parked: true, retry: 'staff_retry_due_work' },
    }).detail;
    expect(parked).toMatchObject({ retryJobId: null, retryDueItem: { step: 'account_erasure', item: 'u1' } });
    const failing = z.parse(AttentionItem, { ...base, detail: { text: 'boom', step: 'draws', item: 't2', retry: null } }).detail;
    expect(failing.retryDueItem).toBeNull();
    expect(parked.key).not.toBe(failing.key);
  });
});

describe('the console on open pods and after the draw', () => {
  it('offers check-in changes only while check-in runs', () => {
    expect(staffChecksInNow('check-in')).toBe(true);
    for (const status of ['open', 'full', 'live', 'finished', 'settled', 'cancelled'] as const)
      expect(staffChecksInNow(status), status).toBe(false);
  });

  it('gives an open pod no invented start time', () => {
    const format = (iso: string) => `at ${iso}`;
    expect(staffStartsLabel({ is_pod: true, status: 'open', starts_at: '2026-12-01T10:00:00Z' }, format)).toBe('when it fills');
    expect(staffStartsLabel({ is_pod: true, status: 'live', starts_at: '2026-12-01T10:00:00Z' }, format)).toBe('at 2026-12-01T10:00:00Z');
    expect(staffStartsLabel({ is_pod: false, status: 'open', starts_at: '2026-12-01T10:00:00Z' }, format)).toBe('at 2026-12-01T10:00:00Z');
  });
});
