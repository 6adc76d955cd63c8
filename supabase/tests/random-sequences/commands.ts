/**
 * The steps a sequence is made of. Each is one thing a player, staff, a provider, the clock or the
 * periodic job does, through the same database functions the site and the edge functions call. A step
 * names its target by position (the 2nd open match of the cup, the 1st capture), resolved when it runs,
 * so a shrunk sequence stays meaningful; a step with nothing to act on does nothing.
 */
import fc from 'fast-check';
import { syncCatalog } from '../../../scripts/sync-catalog.ts';
import { hostileText, hostileTextOfAtLeast, jsonLiteralText } from '../hostile-text.ts';
import { checkInvariants, Finding, readStatuses } from './invariants.ts';
import type { Model, Webhook } from './model.ts';
import { asFailure, CUP, FREE_CUP, isRefusal, type Person, type Session, type World } from './world.ts';

export type Real = {
  s: Session;
  world: World;
  podId: string;
  trace: string[];
  skip: Set<string>;
  /** Survey mode: each failing invariant's shortest failure so far, recorded instead of thrown. */
  survey?: Map<string, { detail: string; trace: string[] }>;
  /** The statuses after the last step (the next step's "before"). */
  statuses?: Map<string, string>;
  /** Milliseconds spent acting and checking invariants. */
  timing: { act: number; check: number };
  /** The cup of another format a sequence plays (random-sequences/formats.ts), the target 'format'. */
  formatCup?: string;
  /** More invariants to check after every step, beside the money ones (the formats' fairness). */
  afterStep?: (m: Model, r: Real) => Promise<void>;
};

export type Target = 'pod' | 'cup' | 'free' | 'format';
const tid = (r: Real, t: Target) => (t === 'pod' ? r.podId : t === 'cup' ? CUP : t === 'free' ? FREE_CUP : (r.formatCup ?? ''));
export const pick = <T>(items: T[], n: number): T | undefined => (items.length === 0 ? undefined : items[n % items.length]);
const svc = { role: 'service_role' } as const;

export abstract class Step implements fc.AsyncCommand<Model, Real> {
  check() {
    return true;
  }

  async run(m: Model, r: Real): Promise<void> {
    const started = performance.now();
    const before = r.statuses ?? (await readStatuses(r.s));
    let outcome: string;
    const acting = performance.now();
    try {
      outcome = (await this.act(m, r)) ?? 'ok';
    } catch (error) {
      if (error instanceof Finding) throw error;
      const failure = asFailure(error);
      if (!isRefusal(failure)) {
        r.trace.push(`${this} -> ERROR ${failure.code}: ${failure.message}`);
        throw new Finding('never_a_500', `${this} failed with ${failure.code ?? 'no SQLSTATE'}: ${failure.message}`, r.trace);
      }
      outcome = `refused (${failure.hint ?? failure.code})`;
    }
    r.trace.push(`${this} -> ${outcome}`);
    const checking = performance.now();
    r.statuses = undefined;
    r.statuses = await checkInvariants(m, r, String(this), before);
    if (r.afterStep) await r.afterStep(m, r);
    r.timing.act += checking - acting;
    r.timing.check += performance.now() - checking + (acting - started);
  }

  abstract act(m: Model, r: Real): Promise<string | undefined>;
  abstract toString(): string;
}

// ---------------------------------------------------------------------------------------------------------
// Payments (Razorpay)
// ---------------------------------------------------------------------------------------------------------

/** The pay panel: the entry is priced by the database and an order recorded (the razorpay-payment function). */
export class CreateOrder extends Step {
  constructor(
    readonly player: number,
    readonly target: Target,
  ) {
    super();
  }
  async act(m: Model, r: Real) {
    const who = r.world.players[this.player] as Person;
    const id = tid(r, this.target);
    if (this.target === 'free') {
      await r.s.call(who.actor, 'public.enter_free_tournament($1)', [id]);
      return 'entered';
    }
    const quote = await r.s.call<{ amount_paise: number }>(svc, 'public.service_prepare_tournament_entry($1, $2, 1)', [who.id, id]);
    const orderId = m.next('order_fz');
    await r.s.call(svc, `public.service_record_payment_order($1, $2, 1, $3, $4, 'INR')`, [who.id, id, orderId, quote.amount_paise]);
    m.orders.push({ orderId, player: this.player, tournament: id, amount: quote.amount_paise });
    return orderId;
  }
  toString() {
    return `${this.target === 'free' ? 'enter' : 'order'}(P${this.player + 1}, ${this.target})`;
  }
}

/** Razorpay captures a payment on an order (a second one is "paid twice"); verify confirms it at once or only the webhook will. */
export class Capture extends Step {
  constructor(
    readonly order: number,
    readonly verify: boolean,
  ) {
    super();
  }
  async act(m: Model, r: Real) {
    const order = pick(m.orders, this.order);
    if (!order) return 'no order';
    const payId = m.next('pay_fz');
    m.captures.push({ payId, orderId: order.orderId, amount: order.amount, refunded: 0 });
    m.webhooks.push({ eventId: m.next('evt_'), type: 'payment.captured', orderId: order.orderId, payId });
    if (!this.verify) return `${payId} captured, webhook owed`;
    m.toldCaptures.add(payId);
    const answer = await r.s.call<{ outcome: string }>(svc, 'public.service_confirm_tournament_payment($1, $2)', [order.orderId, payId]);
    return `${payId}: ${answer.outcome}`;
  }
  toString() {
    return `capture(order#${this.order}${this.verify ? ', verified' : ', webhook only'})`;
  }
}

/** A full tournament's waitlist: a free one joined at once, a paid one priced and ordered (a capture confirms it). */
class JoinWaitlist extends Step {
  constructor(
    readonly player: number,
    readonly target: Target,
  ) {
    super();
  }
  async act(m: Model, r: Real) {
    const who = r.world.players[this.player] as Person;
    const id = tid(r, this.target);
    if (this.target === 'free') {
      const answer = await r.s.call<{ position: number }>(who.actor, 'public.join_waitlist($1)', [id]);
      return `waiting #${answer.position}`;
    }
    const quote = await r.s.call<{ amount_paise: number }>(svc, 'public.service_prepare_waitlist_entry($1, $2, 1)', [who.id, id]);
    const orderId = m.next('order_fzw');
    await r.s.call(svc, `public.service_record_waitlist_order($1, $2, $3, $4, 'INR')`, [who.id, id, orderId, quote.amount_paise]);
    m.orders.push({ orderId, player: this.player, tournament: id, amount: quote.amount_paise });
    // Paid at once and verified, as the waitlist card does; later captures may still pay the order twice.
    return (await new Capture(m.orders.length - 1, true).act(m, r)) ?? orderId;
  }
  toString() {
    return `join-waitlist(P${this.player + 1}, ${this.target})`;
  }
}

class FailAttempt extends Step {
  constructor(readonly order: number) {
    super();
  }
  async act(m: Model, r: Real) {
    const order = pick(m.orders, this.order);
    if (!order) return 'no order';
    await r.s.call(svc, `public.service_record_payment_failure($1, $2, 'Card declined')`, [order.orderId, m.next('pay_failed')]);
    return undefined;
  }
  toString() {
    return `payment-failed(order#${this.order})`;
  }
}

/** A refund made at Razorpay (the dashboard): its refund.processed webhook is owed. */
class ProviderRefund extends Step {
  constructor(
    readonly capture: number,
    readonly full: boolean,
  ) {
    super();
  }
  async act(m: Model) {
    const capture = pick(m.captures, this.capture);
    if (!capture) return 'no capture';
    if (capture.chargeback === 'lost') return 'refused: the bank took this payment back';
    const left = capture.amount - capture.refunded;
    if (left <= 0) return 'nothing left to refund';
    const amount = this.full ? left : Math.max(1, Math.floor(left / 3));
    capture.refunded += amount;
    const refundId = m.next('rfnd_fz');
    m.webhooks.push({ eventId: m.next('evt_'), type: 'refund.processed', payId: capture.payId, refundId, amount });
    return `${refundId} of ${amount} on ${capture.payId}`;
  }
  toString() {
    return `dashboard-refund(capture#${this.capture}, ${this.full ? 'full' : 'part'})`;
  }
}

/** A chargeback opened, won or lost at the bank: its webhook is owed. */
class Chargeback extends Step {
  constructor(
    readonly capture: number,
    readonly event: 'created' | 'won' | 'lost',
  ) {
    super();
  }
  async act(m: Model) {
    const capture = pick(m.captures, this.capture);
    if (!capture) return 'no capture';
    if (capture.chargeback === 'lost' || capture.chargeback === 'won') return 'chargeback already decided';
    // The bank's side: a payment refunded in full has nothing left to take back, so its dispute is won.
    if (capture.refunded >= capture.amount && this.event === 'lost') return 'refunded in full: nothing to take back';
    capture.chargeback = this.event;
    // A dispute is for what the payer was not refunded; a refund made while it is open is the merchant's proof
    // of credit, so the bank takes back at most what is still unrefunded when it decides.
    const disputed = Math.min(capture.disputed ?? capture.amount, capture.amount - capture.refunded);
    capture.disputed = disputed;
    m.webhooks.push({ eventId: m.next('evt_'), type: `payment.dispute.${this.event}`, payId: capture.payId, amount: disputed });
    return `${this.event} on ${capture.payId}`;
  }
  toString() {
    return `chargeback-${this.event}(capture#${this.capture})`;
  }
}

/** The function a dispute webhook calls, when this database has one. */
async function chargebackFunction(r: Real): Promise<string | null> {
  const [row] = await r.s.read<{ fn: string | null }>(`select to_regproc('public.service_record_payment_dispute')::text as fn`);
  return row?.fn ?? null;
}

async function applyWebhook(m: Model, r: Real, hook: Webhook): Promise<string> {
  if (hook.type.startsWith('payment.dispute.') && !(await chargebackFunction(r))) return 'no chargeback function: skipped';
  const claimed = await r.s.call<boolean>(svc, 'public.service_claim_razorpay_webhook_event($1, $2)', [hook.eventId, hook.type]);
  if (!claimed) return 'duplicate';
  let result: string;
  switch (hook.type) {
    case 'payment.captured': {
      m.toldCaptures.add(hook.payId);
      const answer = await r.s.call<{ outcome: string }>(svc, 'public.service_confirm_tournament_payment($1, $2)', [
        hook.orderId,
        hook.payId,
      ]);
      result = answer.outcome;
      break;
    }
    case 'refund.processed': {
      const answer = await r.s.call<{ outcome: string }>(svc, 'public.service_record_payment_refund($1, $2, $3)', [
        hook.payId,
        hook.refundId,
        hook.amount,
      ]);
      result = answer.outcome;
      break;
    }
    case 'payment.dispute.created':
    case 'payment.dispute.won':
    case 'payment.dispute.lost': {
      const answer = await r.s.call<{ outcome: string }>(svc, `public.service_record_payment_dispute($1, $2, $3, $4, 'fraudulent')`, [
        hook.payId,
        `disp_${hook.payId}`,
        hook.type,
        hook.amount,
      ]);
      if (hook.type === 'payment.dispute.lost') m.toldLost.set(hook.payId, hook.amount);
      result = answer.outcome;
      break;
    }
    default: {
      const status = hook.type.slice('payout.'.length);
      const answer = await r.s.call<{ status: string; changed: boolean }>(svc, 'public.service_record_payout_status($1, $2, $3, $4, $5)', [
        hook.payoutId,
        hook.providerId,
        status,
        status === 'processed' ? null : 'Beneficiary account closed',
        hook.at,
      ]);
      m.toldPayoutStatus(hook.payoutId, status);
      result = `${answer.status}${answer.changed ? '' : ' (unchanged)'}`;
    }
  }
  await r.s.call(svc, 'public.service_complete_razorpay_webhook_event($1)', [hook.eventId]);
  return result;
}

/** A webhook the providers owe arrives (in any order), arrives twice, or is lost. */
export class DeliverWebhook extends Step {
  constructor(
    readonly index: number,
    readonly mode: 'once' | 'twice' | 'lost',
  ) {
    super();
  }
  async act(m: Model, r: Real) {
    const hook = pick(m.webhooks, this.index);
    if (!hook) return 'no webhook owed';
    m.webhooks.splice(m.webhooks.indexOf(hook), 1);
    if (this.mode === 'lost') {
      if (hook.type === 'refund.processed') m.lostRefundWebhooks.add(hook.payId);
      return `${hook.type} ${hook.eventId} lost`;
    }
    const first = await applyWebhook(m, r, hook);
    if (this.mode === 'once') return `${hook.type}: ${first}`;
    return `${hook.type}: ${first}; again: ${await applyWebhook(m, r, hook)}`;
  }
  toString() {
    return `webhook(#${this.index}, ${this.mode})`;
  }
}

// ---------------------------------------------------------------------------------------------------------
// The outbox, drained as the outbox-worker does, against the provider model
// ---------------------------------------------------------------------------------------------------------

type AnswerMode = 'ok' | 'reject' | 'fail' | 'retry' | 'lost' | 'repeat';
type Call = { id: number; kind: string; idempotency_key: string; payload: Record<string, unknown> };
type Answer = { outcome: 'done' | 'retry' | 'failed'; answer: Record<string, unknown> };

/** The provider's answer about the submission the call checked (an answer about an older one is ignored). */
async function recordKyc(r: Real, userId: string, check: 'pan' | 'upi', ok: boolean, submission: number) {
  await r.s.call(svc, 'public.service_record_kyc_check($1, $2, $3, $4, $5)', [
    userId,
    check,
    ok,
    ok ? null : check === 'pan' ? 'The PAN is not valid or not operative.' : 'This UPI id could not be verified.',
    submission,
  ]);
}

async function recordPayout(m: Model, r: Real, payoutId: string) {
  const payout = m.payouts.get(payoutId);
  if (!payout) return;
  await r.s.call(svc, 'public.service_record_payout_status($1, $2, $3, $4, $5)', [
    payoutId,
    payout.providerId,
    payout.status,
    payout.status === 'processed' || payout.status === 'processing' ? null : 'Beneficiary account closed',
    (await r.s.now()).toISOString(),
  ]);
  m.toldPayoutStatus(payoutId, payout.status);
}

/** What the provider does and answers for one claimed call (the outbox-worker's makeCall). */
async function provider(m: Model, r: Real, call: Call, mode: AnswerMode): Promise<Answer> {
  if (mode === 'retry' || mode === 'fail' || mode === 'reject') m.refusedOnPurpose.add(call.idempotency_key);
  if (mode === 'retry') return { outcome: 'retry', answer: { http_status: 503 } };
  const failed: Answer = { outcome: 'failed', answer: { http_status: 400, description: 'Refused by the provider' } };
  switch (call.kind) {
    case 'razorpay_refund': {
      const payId = String(call.payload.razorpay_payment_id);
      const amount = Number(call.payload.amount_paise);
      const earlier = m.refundsByKey.get(call.idempotency_key);
      const capture = m.capture(payId);
      // Asked again after an answer was lost. Razorpay answers the key's own refund; a call whose rest was refunded
      // under another key is refused again, and the worker finds the payment refunded in full.
      if (earlier?.rest && capture) return { outcome: 'done', answer: { already_refunded: true, amount_refunded: capture.refunded } };
      if (earlier) return { outcome: 'done', answer: { refund_id: earlier.refundId, amount_paise: earlier.amount, status: 'processed' } };
      if (!capture) return failed;
      // Razorpay refuses to refund a payment the bank already took back through a lost dispute; staff see the
      // given-up call on the console.
      if (capture.chargeback === 'lost') {
        m.refusedOnPurpose.add(call.idempotency_key);
        return failed;
      }
      if (mode === 'fail' || mode === 'reject' || capture.amount - capture.refunded < amount) {
        // Refused: the worker asks the payment whether it is refunded already (supabase/functions/_shared/outbox.ts).
        if (capture.refunded >= capture.amount)
          return { outcome: 'done', answer: { already_refunded: true, amount_refunded: capture.refunded } };
        // Asked for more than is left after a refund made outside the call: the worker refunds what is left.
        const left = capture.amount - capture.refunded;
        if (mode !== 'fail' && mode !== 'reject' && capture.refunded > 0 && left > 0 && left < amount) {
          const refundId = m.next('rfnd_fz');
          capture.refunded += left;
          m.refundsByKey.set(call.idempotency_key, { refundId, amount: left, rest: true });
          m.webhooks.push({ eventId: m.next('evt_'), type: 'refund.processed', payId, refundId, amount: left });
          return {
            outcome: 'done',
            answer: {
              refund_id: refundId,
              amount_paise: left,
              status: 'processed',
              already_refunded: true,
              amount_refunded: capture.amount,
            },
          };
        }
        return failed;
      }
      const refundId = m.next('rfnd_fz');
      capture.refunded += amount;
      m.refundsByKey.set(call.idempotency_key, { refundId, amount });
      m.webhooks.push({ eventId: m.next('evt_'), type: 'refund.processed', payId, refundId, amount });
      return { outcome: 'done', answer: { refund_id: refundId, amount_paise: amount, status: 'processed' } };
    }
    case 'razorpay_order_check': {
      const orderId = String(call.payload.order_id);
      const outcomes: Record<string, string> = {};
      for (const capture of m.captures.filter((c) => c.orderId === orderId)) {
        m.toldCaptures.add(capture.payId);
        outcomes[capture.payId] = (
          await r.s.call<{ outcome: string }>(svc, 'public.service_confirm_tournament_payment($1, $2)', [orderId, capture.payId])
        ).outcome;
      }
      return { outcome: 'done', answer: { outcomes } };
    }
    case 'pan_verification':
    case 'upi_validation': {
      if (mode === 'fail') return failed;
      await recordKyc(
        r,
        String(call.payload.user_id),
        call.kind === 'pan_verification' ? 'pan' : 'upi',
        mode !== 'reject',
        Number(call.payload.submission),
      );
      return { outcome: 'done', answer: { ok: mode !== 'reject' } };
    }
    case 'razorpayx_payout': {
      const payoutId = String(call.payload.payout_id);
      let payout = m.payouts.get(payoutId);
      if (!payout && (mode === 'fail' || mode === 'reject')) {
        await r.s.call(svc, 'public.service_record_payout_status($1, null, $2, $3, $4)', [
          payoutId,
          'failed',
          'The UPI id was refused',
          (await r.s.now()).toISOString(),
        ]);
        m.toldPayoutStatus(payoutId, 'failed');
        return failed;
      }
      if (!payout) {
        payout = { payoutId, providerId: m.next('pout_fz'), net: Number(call.payload.net_paise), status: 'processing' };
        m.payouts.set(payoutId, payout);
      }
      await recordPayout(m, r, payoutId);
      return { outcome: 'done', answer: { provider_payout_id: payout.providerId, status: payout.status } };
    }
    case 'razorpayx_payout_check': {
      const payoutId = String(call.payload.payout_id);
      if (!m.payouts.has(payoutId)) return { outcome: 'done', answer: { found: false } };
      await recordPayout(m, r, payoutId);
      return { outcome: 'done', answer: { status: m.payouts.get(payoutId)?.status } };
    }
    case 'provider_reconciliation': {
      const kind = String(call.payload.kind);
      const items =
        kind === 'payouts'
          ? [...m.payouts.values()].map((p) => ({ payout_id: p.payoutId, amount_paise: p.net, status: p.status }))
          : m.captures.map((c) => ({ razorpay_payment_id: c.payId, amount_paise: c.amount, refunded_paise: c.refunded }));
      const result = await r.s.call<Record<string, unknown>>(svc, 'public.service_record_provider_window($1, $2, $3, $4::jsonb)', [
        kind,
        call.payload.from,
        call.payload.to,
        JSON.stringify(items),
      ]);
      return { outcome: 'done', answer: { listed: items.length, ...result } };
    }
    default:
      return mode === 'fail' ? failed : { outcome: 'done', answer: { sent: true } };
  }
}

/** The outbox-worker runs: claims due calls and records each provider's answer (lost, repeated, refused, ...). */
export class DrainOutbox extends Step {
  constructor(readonly modes: AnswerMode[]) {
    super();
  }
  async act(m: Model, r: Real) {
    const calls = await r.s.call<Call[]>(svc, 'public.service_claim_outside_calls(10, null)');
    const done: string[] = [];
    for (const [i, call] of calls.entries()) {
      const mode = this.modes[i % this.modes.length] ?? 'ok';
      const answer = await provider(m, r, call, mode);
      done.push(`${call.kind}:${mode}`);
      if (mode === 'lost') continue;
      await r.s.call(svc, 'public.service_record_outside_answer($1, $2, $3::jsonb)', [
        call.id,
        answer.outcome,
        JSON.stringify(answer.answer),
      ]);
      if (mode === 'repeat') {
        await r.s.call(svc, 'public.service_record_outside_answer($1, $2, $3::jsonb)', [
          call.id,
          answer.outcome,
          JSON.stringify(answer.answer),
        ]);
      }
    }
    return done.length ? done.join(' ') : 'nothing due';
  }
  toString() {
    return `outbox(${this.modes.join('/')})`;
  }
}

/** RazorpayX moves a payout on its side; its webhook is owed. */
class ProviderPayoutMove extends Step {
  constructor(
    readonly payout: number,
    readonly to: 'processed' | 'reversed' | 'failed',
  ) {
    super();
  }
  async act(m: Model, r: Real) {
    const payout = pick([...m.payouts.values()], this.payout);
    if (!payout) return 'no payout at the provider';
    const allowed = { processed: ['processing'], reversed: ['processed'], failed: ['processing'] }[this.to];
    if (!allowed.includes(payout.status)) return `provider payout is ${payout.status}`;
    payout.status = this.to;
    m.webhooks.push({
      eventId: m.next('evt_'),
      type: `payout.${this.to}`,
      payoutId: payout.payoutId,
      providerId: payout.providerId,
      at: (await r.s.now()).toISOString(),
    });
    return `${payout.providerId} ${this.to}`;
  }
  toString() {
    return `razorpayx-${this.to}(payout#${this.payout})`;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Check-in, the draw, the clock and the periodic job
// ---------------------------------------------------------------------------------------------------------

export class CheckIn extends Step {
  constructor(
    readonly player: number,
    readonly target: Target,
  ) {
    super();
  }
  async act(_m: Model, r: Real) {
    await r.s.call((r.world.players[this.player] as Person).actor, 'public.check_in($1)', [tid(r, this.target)]);
    return undefined;
  }
  toString() {
    return `check-in(P${this.player + 1}, ${this.target})`;
  }
}

export class StaffCheck extends Step {
  constructor(
    readonly player: number,
    readonly target: Target,
    readonly checkedIn: boolean,
  ) {
    super();
  }
  async act(_m: Model, r: Real) {
    const who = r.world.players[this.player] as Person;
    const [entry] = await r.s.read<{ id: string }>(`select id from public.entries where tournament_id = $1 and player_id = $2`, [
      tid(r, this.target),
      who.id,
    ]);
    if (!entry) return 'no entry';
    await r.s.call(r.world.admin.actor, `public.staff_set_check_in($1, $2, 'Checked by staff')`, [entry.id, this.checkedIn]);
    return undefined;
  }
  toString() {
    return `staff-check-${this.checkedIn ? 'in' : 'out'}(P${this.player + 1}, ${this.target})`;
  }
}

export class CloseCheckIn extends Step {
  constructor(readonly target: Target) {
    super();
  }
  async act(_m: Model, r: Real) {
    await r.s.call(r.world.admin.actor, 'public.staff_close_check_in($1)', [tid(r, this.target)]);
    return undefined;
  }
  toString() {
    return `staff-close-check-in(${this.target})`;
  }
}

export class Advance extends Step {
  constructor(readonly minutes: number) {
    super();
  }
  async act(_m: Model, r: Real) {
    const now = await r.s.now();
    await r.s.setClock(new Date(now.getTime() + this.minutes * 60_000));
    return undefined;
  }
  toString() {
    return `clock+${this.minutes}min`;
  }
}

export type Milestone = 'cup-check-in-opens' | 'cup-check-in-closes' | 'next-match' | 'challenge-window-ends';

/** Moves the clock forward to a moment that matters (never back). */
export class JumpTo extends Step {
  constructor(
    readonly milestone: Milestone,
    readonly offsetMinutes: number,
  ) {
    super();
  }
  async act(_m: Model, r: Real) {
    const sql: Record<Milestone, string> = {
      'cup-check-in-opens': `select min(private.tournament_check_in_opens_at(t)) as at from public.tournaments t
                               where id in ('${CUP}', '${FREE_CUP}', '${r.formatCup ?? CUP}') and private.tournament_check_in_opens_at(t) > private.clock_now()`,
      // In a sequence of another format, its cup (an id the sequence chose, not typed by anyone).
      'cup-check-in-closes': `select private.tournament_check_in_closes_at(t) as at from public.tournaments t where id = '${r.formatCup ?? CUP}'`,
      'next-match': `select min(scheduled_at) as at from public.matches where status in ('scheduled', 'ready', 'reported')
                       and scheduled_at + interval '5 minutes' > private.clock_now()`,
      'challenge-window-ends': `select min(finished_at + private.challenge_window(t)) as at from public.tournaments t
                                  where finished_at is not null and settled_at is null`,
    };
    const [row] = await r.s.read<{ at: Date | null }>(sql[this.milestone]);
    if (!row?.at) return 'no such moment';
    const target = new Date(new Date(row.at).getTime() + this.offsetMinutes * 60_000);
    if (target <= (await r.s.now())) return 'already past';
    await r.s.setClock(target);
    return target.toISOString();
  }
  toString() {
    return `clock-to(${this.milestone}${this.offsetMinutes >= 0 ? '+' : ''}${this.offsetMinutes}min)`;
  }
}

/**
 * One run of the periodic function: it must succeed whatever the players typed or did. A step or an item that
 * raises no longer stops the run (each is isolated and recorded), so success also means that no step failed
 * and no item of any step is failing or parked.
 */
async function runDueWork(r: Real): Promise<Record<string, unknown>> {
  try {
    const result = await r.s.call<Record<string, unknown>>('superuser', 'private.run_due_work()');
    if (r.skip.has('due_work_succeeds')) return result;
    const failed = await r.s.read<{ step: string; item: string; error: string }>(
      `select step, item, error from private.due_work_failures
       union all
       select step, '', step_error from private.due_work_health where step_error is not null`,
    );
    if (failed.length > 0) {
      throw new Finding(
        'due_work_succeeds',
        `private.run_due_work() recorded failures: ${failed.map((f) => `${f.step}${f.item ? ` (${f.item})` : ''}: ${f.error}`).join('; ')}`,
        r.trace,
      );
    }
    return result;
  } catch (error) {
    if (error instanceof Finding) throw error;
    if (r.skip.has('due_work_succeeds')) throw error;
    const failure = asFailure(error);
    throw new Finding(
      'due_work_succeeds',
      `private.run_due_work() failed with ${failure.code ?? 'no SQLSTATE'}: ${failure.message}`,
      r.trace,
    );
  }
}

export class DueWork extends Step {
  async act(_m: Model, r: Real) {
    const result = await runDueWork(r);
    const did: string[] = [];
    const walk = (value: unknown, name: string) => {
      if (typeof value === 'number' && value > 0) did.push(`${name}=${value}`);
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
    };
    walk(result, '');
    return did.join(' ') || 'nothing due';
  }
  toString() {
    return 'due-work';
  }
}

class CatalogSync extends Step {
  async act(_m: Model, r: Real) {
    const summary = await syncCatalog(
      { query: async (sql, params) => ({ rows: await r.s.as('superuser', sql, params) }) },
      r.world.catalog,
    );
    return `updated ${summary.updated}`;
  }
  toString() {
    return 'catalog-sync';
  }
}

// ---------------------------------------------------------------------------------------------------------
// Matches
// ---------------------------------------------------------------------------------------------------------

export type MatchRow = {
  id: string;
  entry_a: string | null;
  entry_b: string | null;
  status: string;
  round: number;
  position: number;
  winner_entry_id: string | null;
};

export async function openMatch(r: Real, target: Target, n: number, statuses = ['scheduled', 'ready', 'reported', 'disputed']) {
  const rows = await r.s.read<MatchRow>(
    `select id, entry_a, entry_b, status, round, position, winner_entry_id from public.matches
      where tournament_id = $1 and status = any($2) and entry_a is not null and entry_b is not null order by round, position`,
    [tid(r, target), statuses],
  );
  return pick(rows, n);
}

export async function playerOfEntry(r: Real, entryId: string | null): Promise<Person | undefined> {
  if (!entryId) return undefined;
  const [row] = await r.s.read<{ player_id: string }>('select player_id from public.entries where id = $1', [entryId]);
  return [...r.world.players].find((p) => p.id === row?.player_id);
}

abstract class MatchStep extends Step {
  constructor(
    readonly target: Target,
    readonly match: number,
    readonly side: 'a' | 'b',
  ) {
    super();
  }
  protected label(verb: string, extra = '') {
    return `${verb}(${this.target} match#${this.match}, side ${this.side}${extra})`;
  }
  async act(m: Model, r: Real) {
    const match = await openMatch(r, this.target, this.match);
    if (!match) return 'no open match';
    const who = await playerOfEntry(r, this.side === 'a' ? match.entry_a : match.entry_b);
    if (!who) return 'no player';
    return this.onMatch(m, r, match, who);
  }
  abstract onMatch(m: Model, r: Real, match: MatchRow, who: Person): Promise<string | undefined>;
}

export class Ready extends MatchStep {
  async onMatch(_m: Model, r: Real, match: MatchRow, who: Person) {
    await r.s.call(who.actor, 'public.set_ready($1)', [match.id]);
    return undefined;
  }
  toString() {
    return this.label('ready');
  }
}

export class Report extends MatchStep {
  constructor(
    target: Target,
    match: number,
    side: 'a' | 'b',
    readonly mine: number,
    readonly theirs: number,
    readonly agree: boolean,
  ) {
    super(target, match, side);
  }
  async onMatch(_m: Model, r: Real, match: MatchRow, who: Person) {
    let mine = this.mine;
    let theirs = this.theirs;
    let iWent = mine > theirs || (mine === theirs && this.side === 'a');
    if (this.agree) {
      const [other] = await r.s.read<{ goals_a: number; goals_b: number; winner_entry_id: string }>(
        `select goals_a, goals_b, winner_entry_id from private.match_reports
          where match_id = $1 and reported_by <> $2 and superseded_at is null`,
        [match.id, who.id],
      );
      if (other) {
        mine = this.side === 'a' ? other.goals_a : other.goals_b;
        theirs = this.side === 'a' ? other.goals_b : other.goals_a;
        iWent = other.winner_entry_id === (this.side === 'a' ? match.entry_a : match.entry_b);
      }
    }
    const path = `${match.id}/${who.id}/${r.trace.length}.png`;
    await r.s.as('superuser', `insert into storage.objects (bucket_id, name, owner) values ('match-evidence', $1, $2)`, [path, who.id]);
    const answer = await r.s.call<{ status: string }>(who.actor, 'public.report_match($1, $2, $3, $4, $5)', [
      match.id,
      mine,
      theirs,
      iWent ? 'me' : 'opponent',
      path,
    ]);
    return `${mine}-${theirs}: ${answer.status}`;
  }
  toString() {
    return this.label('report', this.agree ? ', agreeing' : `, ${this.mine}-${this.theirs}`);
  }
}

export class ConfirmMatch extends MatchStep {
  async onMatch(_m: Model, r: Real, match: MatchRow, who: Person) {
    await r.s.call(who.actor, 'public.confirm_match($1)', [match.id]);
    return undefined;
  }
  toString() {
    return this.label('confirm');
  }
}

export class DisputeMatch extends MatchStep {
  constructor(
    target: Target,
    match: number,
    side: 'a' | 'b',
    readonly details: string,
  ) {
    super(target, match, side);
  }
  async onMatch(_m: Model, r: Real, match: MatchRow, who: Person) {
    await r.s.call(who.actor, `public.dispute_match($1, 'wrong_score', $2)`, [match.id, this.details]);
    return undefined;
  }
  toString() {
    return this.label('dispute', `, ${JSON.stringify(this.details)}`);
  }
}

/** A message in the match chat, typed by one of its players. */
export class Chat extends MatchStep {
  constructor(
    target: Target,
    match: number,
    side: 'a' | 'b',
    readonly body: string,
  ) {
    super(target, match, side);
  }
  async onMatch(_m: Model, r: Real, match: MatchRow, who: Person) {
    await r.s.call(who.actor, 'public.send_match_message($1, $2)', [match.id, this.body]);
    return undefined;
  }
  toString() {
    return this.label('chat', `, ${JSON.stringify(this.body)}`);
  }
}

export class ClaimWalkover extends MatchStep {
  async onMatch(_m: Model, r: Real, match: MatchRow, who: Person) {
    await r.s.call(who.actor, 'public.claim_walkover($1)', [match.id]);
    return undefined;
  }
  toString() {
    return this.label('claim-walkover');
  }
}

export class StaffSettle extends MatchStep {
  constructor(
    target: Target,
    match: number,
    side: 'a' | 'b',
    readonly note: string,
  ) {
    super(target, match, side);
  }
  async onMatch(_m: Model, r: Real, match: MatchRow) {
    const winner = this.side === 'a' ? match.entry_a : match.entry_b;
    await r.s.call(r.world.admin.actor, `public.staff_settle_match($1, $2, null, $3)`, [match.id, winner, `Decided: ${this.note}`]);
    return undefined;
  }
  toString() {
    return this.label('staff-settle', ' wins');
  }
}

export class StaffReplay extends MatchStep {
  constructor(
    target: Target,
    match: number,
    side: 'a' | 'b',
    readonly reason: string,
  ) {
    super(target, match, side);
  }
  async onMatch(_m: Model, r: Real, match: MatchRow) {
    await r.s.call(r.world.admin.actor, `public.staff_order_replay($1, $2)`, [match.id, `Play it again: ${this.reason}`]);
    return undefined;
  }
  toString() {
    return this.label('staff-replay');
  }
}

export class StaffDisqualify extends MatchStep {
  constructor(
    target: Target,
    match: number,
    side: 'a' | 'b',
    readonly reason: string,
  ) {
    super(target, match, side);
  }
  async onMatch(_m: Model, r: Real, match: MatchRow) {
    const entry = this.side === 'a' ? match.entry_a : match.entry_b;
    await r.s.call(r.world.admin.actor, `public.staff_disqualify($1, $2, $3)`, [match.id, entry, `Cheating: ${this.reason}`]);
    return undefined;
  }
  toString() {
    return this.label('staff-disqualify');
  }
}

/** A referee corrects a confirmed result: the other entry won. */
export class StaffCorrect extends Step {
  constructor(
    readonly target: Target,
    readonly match: number,
  ) {
    super();
  }
  async act(_m: Model, r: Real) {
    const match = await openMatch(r, this.target, this.match, ['confirmed']);
    if (!match) return 'no confirmed match';
    const other = match.winner_entry_id === match.entry_a ? match.entry_b : match.entry_a;
    const answer = await r.s.call<{ applied: boolean }>(
      r.world.admin.actor,
      `public.staff_correct_result($1, $2, null, 'The referee saw the replay', true)`,
      [match.id, other],
    );
    return answer.applied ? 'applied' : 'preview';
  }
  toString() {
    return `staff-correct(${this.target} confirmed match#${this.match})`;
  }
}

export class DecideHeldPrize extends Step {
  constructor(
    readonly prize: number,
    readonly pay: boolean,
  ) {
    super();
  }
  async act(_m: Model, r: Real) {
    const held = await r.s.read<{ tournament_id: string; entry_id: string }>(
      `select tournament_id, entry_id from private.prize_awards where status = 'held' order by tournament_id, entry_id`,
    );
    const award = pick(held, this.prize);
    if (!award) return 'no held prize';
    await r.s.call(r.world.admin.actor, `public.staff_decide_held_prize($1, $2, $3, 'Chargeback decided')`, [
      award.tournament_id,
      award.entry_id,
      this.pay,
    ]);
    return undefined;
  }
  toString() {
    return `staff-${this.pay ? 'pay' : 'forfeit'}-held-prize(#${this.prize})`;
  }
}

// ---------------------------------------------------------------------------------------------------------
// KYC and payouts
// ---------------------------------------------------------------------------------------------------------

const panOf = (player: number) => `ABCP${'ABCDEFGH'[player]}${String(1000 + player)}K`;

class SubmitKyc extends Step {
  constructor(
    readonly player: number,
    readonly pan: 'own' | 'another' | 'new-upi',
  ) {
    super();
  }
  async act(_m: Model, r: Real) {
    const who = r.world.players[this.player] as Person;
    const pan = this.pan === 'another' ? panOf((this.player + 1) % r.world.players.length) : panOf(this.player);
    const upi = this.pan === 'new-upi' ? `p${this.player + 1}.new@okhdfc` : `p${this.player + 1}@okaxis`;
    const answer = await r.s.call<{ status: string }>(who.actor, 'public.submit_kyc($1, $2)', [pan, upi]);
    return answer?.status;
  }
  toString() {
    return `kyc-submit(P${this.player + 1}, ${this.pan})`;
  }
}

class RequestPayout extends Step {
  constructor(
    readonly player: number,
    readonly share: number,
    readonly repeatKey: boolean,
  ) {
    super();
  }
  async act(m: Model, r: Real) {
    const who = r.world.players[this.player] as Person;
    const [row] = await r.s.read<{ balance: string }>('select private.player_balance($1) as balance', [who.id]);
    const balance = Number(row?.balance ?? 0);
    const amount = Math.max(100, Math.floor((balance * this.share) / 100));
    const key = this.repeatKey ? `withdraw-P${this.player + 1}` : m.next('withdraw-');
    const answer = await r.s.call<{ payout_id: string; status: string }>(who.actor, 'public.request_payout($1, $2)', [amount, key]);
    return `${amount}: ${answer.status}`;
  }
  toString() {
    return `withdraw(P${this.player + 1}, ${this.share}%${this.repeatKey ? ', same key' : ''})`;
  }
}

class StaffPayoutDecision extends Step {
  constructor(
    readonly payout: number,
    readonly approve: boolean,
  ) {
    super();
  }
  async act(_m: Model, r: Real) {
    const rows = await r.s.read<{ id: string }>('select id from public.payouts order by created_at, id');
    const payout = pick(rows, this.payout);
    if (!payout) return 'no payout';
    if (this.approve) await r.s.call(r.world.admin.actor, 'public.staff_approve_payout($1)', [payout.id]);
    else await r.s.call(r.world.admin.actor, `public.staff_reject_payout($1, 'Looks wrong')`, [payout.id]);
    return undefined;
  }
  toString() {
    return `staff-${this.approve ? 'approve' : 'reject'}-payout(#${this.payout})`;
  }
}

// ---------------------------------------------------------------------------------------------------------
// The arbitrary
// ---------------------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------------------
// Privacy: grievances and erasure
// ---------------------------------------------------------------------------------------------------------

class FileGrievance extends Step {
  constructor(
    readonly player: number,
    readonly subject: string,
    readonly body: string,
  ) {
    super();
  }
  async act(_m: Model, r: Real) {
    const who = r.world.players[this.player] as Person;
    const answer = await r.s.call<{ ticket_id: string }>(who.actor, 'public.submit_grievance($1, $2, null)', [this.subject, this.body]);
    return answer.ticket_id;
  }
  toString() {
    return `grievance(P${this.player + 1}, ${JSON.stringify(this.subject)}, ${JSON.stringify(this.body)})`;
  }
}

/**
 * Other people's words and names, keyed by row, leaving out the rows of `subjects` (the players the next
 * due work erases): their profiles, their own audit rows, their bells and grievances, and the chat and
 * disputes of their matches (where their in-game name may be replaced).
 */
async function othersRows(r: Real, subjects: string[]): Promise<Map<string, string>> {
  const rows = await r.s.read<{ k: string; v: string | null }>(
    `with theirs as (select id from public.entries where player_id = any ($1::uuid[])),
          their_matches as (select m.id from public.matches m where m.entry_a in (select id from theirs) or m.entry_b in (select id from theirs))
     select 'profile ' || p.id as k, concat_ws(' | ', p.in_game_name, p.legal_name, p.game_user_id, p.email) as v
       from public.profiles p where p.id <> all ($1::uuid[])
     union all
     select 'audit ' || a.id, concat_ws(' | ', a.summary, a.reason, a.before::text, a.after::text) from public.audit_log a
      where not coalesce(a.actor_id = any ($1::uuid[]), false) and not coalesce(a.entry_id in (select id from theirs), false)
        and not coalesce(a.before ->> 'user_id' = any ($1::text[]) or a.after ->> 'user_id' = any ($1::text[]), false)
     union all
     select 'bell ' || n.id, n.title || ' | ' || n.body from public.notifications n where n.user_id <> all ($1::uuid[])
     union all
     select 'chat ' || c.id, c.body from public.match_messages c where c.match_id not in (select id from their_matches)
     union all
     select 'dispute ' || d.id, concat_ws(' | ', d.details, d.note) from public.match_disputes d
      where d.match_id not in (select id from their_matches)
     union all
     select 'grievance ' || g.id, g.subject || ' | ' || g.body from private.grievances g
      where not coalesce(g.user_id = any ($1::uuid[]), false)`,
    [subjects],
  );
  return new Map(rows.map((row) => [row.k, row.v ?? '']));
}

/**
 * A player asks to be erased (with the names they chose, as hostile as any), the clock passes the grace
 * period and the due work erases them: it must succeed, and no row of another player may change.
 */
class Erase extends Step {
  constructor(
    readonly player: number,
    readonly name: string,
    readonly legal: string,
    readonly gameId: string,
  ) {
    super();
  }
  async act(_m: Model, r: Real) {
    const who = r.world.players[this.player] as Person;
    // The names the player chose; one the profile's rules refuse leaves the name as it was.
    for (const [column, value] of [
      ['in_game_name', this.name],
      ['legal_name', this.legal],
      ['game_user_id', this.gameId],
    ] as const) {
      await r.s.as('superuser', `update public.profiles set ${column} = $2 where id = $1`, [who.id, value]).catch(() => undefined);
    }
    const asked = await r.s.callJustSignedIn<{ status: string; erase_at?: string }>(who.actor, 'public.request_account_deletion(true)');
    if (asked.status !== 'scheduled' || !asked.erase_at) return asked.status;
    const at = new Date(new Date(asked.erase_at).getTime() + 60_000);
    if (at > (await r.s.now())) await r.s.setClock(at);
    const subjects = (
      await r.s.read<{ user_id: string }>(
        `select user_id from private.account_deletions
          where cancelled_at is null and erased_at is null and erase_at <= private.clock_now()`,
      )
    ).map((row) => row.user_id);
    const before = await othersRows(r, subjects);
    await runDueWork(r);
    const after = await othersRows(r, subjects);
    if (!r.skip.has('erasure_leaves_others_alone')) {
      for (const [key, value] of before) {
        const now = after.get(key);
        // Rows the due work deleted for their own reasons (retention) are not changes.
        if (now !== undefined && now !== value) {
          throw new Finding(
            'erasure_leaves_others_alone',
            `${this} changed ${key}: ${JSON.stringify(value)} -> ${JSON.stringify(now)}`,
            r.trace,
          );
        }
      }
    }
    const [row] = await r.s.read<{ erased: boolean }>('select erased_at is not null as erased from public.profiles where id = $1', [
      who.id,
    ]);
    return row?.erased ? 'erased' : 'erasure waiting';
  }
  toString() {
    return `erase(P${this.player + 1} named ${JSON.stringify(this.name)}, ${JSON.stringify(this.legal)}, ${JSON.stringify(this.gameId)})`;
  }
}

const player = fc.nat({ max: 5 });
/** Any player, P7 included (who only chats, files grievances and may be erased). */
const anyPlayer = fc.nat({ max: 6 });
const target = fc.constantFrom<Target>('pod', 'cup', 'pod', 'cup', 'free');
const small = fc.nat({ max: 7 });
const side = fc.constantFrom<'a' | 'b'>('a', 'b');
const goals = fc.nat({ max: 3 });

const matchStep = <T>(make: (t: Target, n: number, s: 'a' | 'b') => T) => fc.tuple(target, small, side).map(([t, n, s]) => make(t, n, s));

/** Every kind of step, weighted so that tournaments fill, play and pay out within a sequence. */
export const stepArbitraries: Array<fc.Arbitrary<fc.AsyncCommand<Model, Real>>> = [
  fc.tuple(player, target).map(([p, t]) => new CreateOrder(p, t)),
  fc.tuple(player, target).map(([p, t]) => new CreateOrder(p, t)),
  fc.tuple(small, fc.boolean()).map(([o, v]) => new Capture(o, v)),
  fc.tuple(small, fc.boolean()).map(([o, v]) => new Capture(o, v)),
  small.map((o) => new FailAttempt(o)),
  fc.tuple(small, fc.boolean()).map(([c, f]) => new ProviderRefund(c, f)),
  fc.tuple(small, fc.constantFrom<'created' | 'won' | 'lost'>('created', 'won', 'lost')).map(([c, e]) => new Chargeback(c, e)),
  fc
    .tuple(small, fc.constantFrom<'once' | 'twice' | 'lost'>('once', 'once', 'once', 'twice', 'lost'))
    .map(([i, mode]) => new DeliverWebhook(i, mode)),
  fc.tuple(small, fc.constantFrom<'once' | 'twice' | 'lost'>('once', 'once', 'twice')).map(([i, mode]) => new DeliverWebhook(i, mode)),
  fc
    .array(fc.constantFrom<AnswerMode>('ok', 'ok', 'ok', 'reject', 'fail', 'retry', 'lost', 'repeat'), { minLength: 1, maxLength: 3 })
    .map((modes) => new DrainOutbox(modes)),
  fc
    .tuple(small, fc.constantFrom<'processed' | 'reversed' | 'failed'>('processed', 'processed', 'reversed', 'failed'))
    .map(([p, to]) => new ProviderPayoutMove(p, to)),
  fc.tuple(player, target).map(([p, t]) => new CheckIn(p, t)),
  fc.tuple(player, target).map(([p, t]) => new CheckIn(p, t)),
  fc.tuple(fc.constantFrom(4, 5), target).map(([p, t]) => new JoinWaitlist(p, t)),
  fc.tuple(fc.constantFrom(4, 5), target).map(([p, t]) => new JoinWaitlist(p, t)),
  fc.tuple(player, target, fc.boolean()).map(([p, t, b]) => new StaffCheck(p, t, b)),
  target.map((t) => new CloseCheckIn(t)),
  fc.constantFrom(1, 6, 11, 16, 31, 61, 121, 24 * 60 + 1).map((min) => new Advance(min)),
  fc
    .tuple(
      fc.constantFrom<Milestone>('cup-check-in-opens', 'cup-check-in-closes', 'next-match', 'next-match', 'challenge-window-ends'),
      fc.constantFrom(-4, 1, 11, 16, 46),
    )
    .map(([ms, off]) => new JumpTo(ms, off)),
  fc.constant(new DueWork()),
  fc.constant(new DueWork()),
  fc.constant(new CatalogSync()),
  matchStep((t, n, s) => new Ready(t, n, s)),
  fc.tuple(target, small, side, goals, goals, fc.boolean()).map(([t, n, s, a, b, agree]) => new Report(t, n, s, a, b, agree)),
  fc.tuple(target, small, side, goals, goals).map(([t, n, s, a, b]) => new Report(t, n, s, a, b, true)),
  matchStep((t, n, s) => new ConfirmMatch(t, n, s)),
  fc.tuple(target, small, side, hostileText).map(([t, n, s, text]) => new DisputeMatch(t, n, s, text)),
  fc.tuple(target, small, side, hostileText).map(([t, n, s, text]) => new Chat(t, n, s, text)),
  matchStep((t, n, s) => new ClaimWalkover(t, n, s)),
  fc.tuple(target, small, side, hostileText).map(([t, n, s, text]) => new StaffSettle(t, n, s, text)),
  fc.tuple(target, small, side, hostileText).map(([t, n, s, text]) => new StaffReplay(t, n, s, text)),
  fc.tuple(target, small, side, hostileText).map(([t, n, s, text]) => new StaffDisqualify(t, n, s, text)),
  fc.tuple(target, small).map(([t, n]) => new StaffCorrect(t, n)),
  fc.tuple(small, fc.boolean()).map(([n, pay]) => new DecideHeldPrize(n, pay)),
  fc
    .tuple(player, fc.constantFrom<'own' | 'another' | 'new-upi'>('own', 'own', 'own', 'another', 'new-upi'))
    .map(([p, k]) => new SubmitKyc(p, k)),
  fc.tuple(player, fc.constantFrom(10, 50, 100, 150), fc.boolean()).map(([p, share, key]) => new RequestPayout(p, share, key)),
  fc.tuple(small, fc.boolean()).map(([n, ok]) => new StaffPayoutDecision(n, ok)),
  fc.tuple(anyPlayer, hostileText, hostileTextOfAtLeast(10)).map(([p, subject, body]) => new FileGrievance(p, subject, body)),
  fc
    .tuple(anyPlayer, fc.oneof(jsonLiteralText, hostileText), hostileText, hostileText)
    .map(([p, name, legal, gameId]) => new Erase(p, name, legal, gameId)),
];

// ---------------------------------------------------------------------------------------------------------
// Steps that do many things at once, so that a sequence of a few dozen steps reaches prizes and payouts
// ---------------------------------------------------------------------------------------------------------

/** The first four players order and pay (verified) for a tournament. */
class Fill extends Step {
  constructor(readonly target: Target) {
    super();
  }
  async act(m: Model, r: Real) {
    const outcomes: string[] = [];
    for (let p = 0; p < 4; p++) {
      try {
        const entered = await new CreateOrder(p, this.target).act(m, r);
        outcomes.push(this.target === 'free' ? entered : ((await new Capture(m.orders.length - 1, true).act(m, r)) ?? ''));
      } catch (error) {
        const failure = asFailure(error);
        if (!isRefusal(failure)) throw error;
        outcomes.push(`P${p + 1} refused (${failure.hint})`);
      }
    }
    return outcomes.join('; ');
  }
  toString() {
    return `fill(${this.target})`;
  }
}

/** Every player with an entry checks in. */
export class CheckInAll extends Step {
  constructor(readonly target: Target) {
    super();
  }
  async act(m: Model, r: Real) {
    let done = 0;
    for (let p = 0; p < r.world.players.length; p++) {
      try {
        await new CheckIn(p, this.target).act(m, r);
        done++;
      } catch (error) {
        if (!isRefusal(asFailure(error))) throw error;
      }
    }
    return `${done} checked in`;
  }
  toString() {
    return `check-in-all(${this.target})`;
  }
}

/** Both players of every open match report the same result; bit i of `winners` says whether side a won match i. */
class PlayRound extends Step {
  constructor(
    readonly target: Target,
    readonly winners: number,
  ) {
    super();
  }
  async act(m: Model, r: Real) {
    const matches = await r.s.read<MatchRow>(
      `select id, entry_a, entry_b, status, round, position, winner_entry_id from public.matches
        where tournament_id = $1 and status in ('scheduled', 'ready') and entry_a is not null and entry_b is not null
        order by round, position`,
      [tid(r, this.target)],
    );
    const results: string[] = [];
    for (const [i, match] of matches.entries()) {
      const aWins = ((this.winners >> i) & 1) === 1;
      for (const s of ['a', 'b'] as const) {
        const step = new Report(this.target, 0, s, aWins === (s === 'a') ? 2 : 1, aWins === (s === 'a') ? 1 : 2, false);
        const who = await playerOfEntry(r, s === 'a' ? match.entry_a : match.entry_b);
        if (!who) continue;
        try {
          results.push((await step.onMatch(m, r, match, who)) ?? '');
        } catch (error) {
          const failure = asFailure(error);
          if (!isRefusal(failure)) throw error;
          results.push(`refused (${failure.hint})`);
        }
      }
    }
    return results.join('; ') || 'no match to play';
  }
  toString() {
    return `play-round(${this.target}, winners ${this.winners.toString(2)})`;
  }
}

stepArbitraries.push(
  target.map((t) => new Fill(t)),
  target.map((t) => new CheckInAll(t)),
  fc.tuple(target, fc.nat({ max: 3 })).map(([t, w]) => new PlayRound(t, w)),
  fc.tuple(target, fc.nat({ max: 3 })).map(([t, w]) => new PlayRound(t, w)),
);

/**
 * The next thing a tournament's people would naturally do (fill it, check in, let the draw run, play the
 * round, wait out the challenge window, verify KYC, withdraw, pay out), so that random steps around it
 * happen at every stage. `choice` varies the results and answers.
 */
export class Progress extends Step {
  constructor(
    readonly target: Target,
    readonly choice: number,
  ) {
    super();
  }
  async act(m: Model, r: Real): Promise<string | undefined> {
    const [state] = await r.s.read<{ status: string; open_matches: string }>(
      `select private.tournament_status(t, private.clock_now()) as status,
              (select count(*) from public.matches m where m.tournament_id = t.id and m.status in ('scheduled', 'ready', 'reported', 'disputed')
                 and m.scheduled_at - interval '5 minutes' <= private.clock_now()) as open_matches
         from public.tournaments t where id = $1`,
      [tid(r, this.target)],
    );
    const status = state?.status ?? 'missing';
    const run = async (step: Step) => `${status}: ${step} -> ${(await step.act(m, r)) ?? 'ok'}`;
    switch (status) {
      case 'open':
        return run(new Fill(this.target));
      case 'full':
      case 'scheduled':
        return run(this.target === 'pod' ? new DueWork() : new JumpTo('cup-check-in-opens', 1));
      case 'check-in': {
        const [missing] = await r.s.read<{ n: string }>(
          `select count(*) as n from public.entries where tournament_id = $1 and status = 'active' and checked_in_at is null`,
          [tid(r, this.target)],
        );
        if (Number(missing?.n) > 0 && this.choice % 4 !== 0) return run(new CheckInAll(this.target));
        const [closes] = await r.s.read<{ at: Date }>(
          'select private.tournament_check_in_closes_at(t) as at from public.tournaments t where id = $1',
          [tid(r, this.target)],
        );
        if (closes && new Date(closes.at) > (await r.s.now())) await r.s.setClock(new Date(new Date(closes.at).getTime() + 60_000));
        return run(new DueWork());
      }
      case 'live': {
        if (Number(state?.open_matches) === 0) return run(new JumpTo('next-match', 1 + (this.choice % 3) * 5));
        const step = this.choice % 5 === 4 ? new DueWork() : new PlayRound(this.target, this.choice);
        return run(step);
      }
      case 'finished':
        return this.choice % 2 ? run(new JumpTo('challenge-window-ends', 1)) : run(new DueWork());
      case 'settled':
        return `settled: ${await new MoneyOut(this.choice).act(m, r)}`;
      default:
        return run(new DueWork());
    }
  }
  toString() {
    return `progress(${this.target}, ${this.choice})`;
  }
}

/** The next thing on the way from a balance to a bank account: KYC, a withdrawal, approval, the outbox, RazorpayX. */
class MoneyOut extends Step {
  constructor(readonly choice: number) {
    super();
  }
  /** Winners verify their KYC and withdraw; staff, the outbox and RazorpayX do their part, in their own ways. */
  async act(m: Model, r: Real): Promise<string | undefined> {
    const winners = await r.s.read<{ user_id: string; balance: string; kyc: string | null }>(
      `select l.user_id, sum(l.amount_paise) as balance, k.status as kyc
         from private.ledger_lines l left join public.kyc_records k on k.user_id = l.user_id
        where l.account like 'player:%' group by l.user_id, k.status order by l.user_id`,
    );
    const winner = pick(winners, this.choice);
    if (!winner) return 'nobody to pay';
    const index = r.world.players.findIndex((p) => p.id === winner.user_id);
    const [payout] = await r.s.read<{ id: string; status: string; queued: boolean }>(
      `select p.id, p.status, exists (select 1 from private.outbox o where o.idempotency_key = 'payout-' || p.id and o.status = 'pending') as queued
         from public.payouts p where p.user_id = $1 order by p.created_at desc limit 1`,
      [winner.user_id],
    );
    const atProvider = payout ? m.payouts.get(payout.id) : undefined;
    const providerIndex = atProvider ? [...m.payouts.values()].indexOf(atProvider) : 0;
    const modes: AnswerMode[] = ['ok', 'ok', 'lost', 'repeat', 'retry', 'fail'];
    let step: Step;
    if (winner.kyc === null || winner.kyc === 'rejected') step = new SubmitKyc(index, 'own');
    else if (winner.kyc === 'pending') step = new DrainOutbox([modes[this.choice % 4] ?? 'ok']);
    else if (payout?.status === 'awaiting_approval') {
      const all = await r.s.read<{ id: string }>('select id from public.payouts order by created_at, id');
      step = new StaffPayoutDecision(
        all.findIndex((x) => x.id === payout.id),
        this.choice % 5 !== 0,
      );
    } else if (payout?.queued) step = new DrainOutbox([modes[this.choice % modes.length] ?? 'ok']);
    else if (atProvider?.status === 'processing')
      step = new ProviderPayoutMove(providerIndex, this.choice % 4 === 0 ? 'failed' : 'processed');
    else if (atProvider?.status === 'processed' && this.choice % 3 === 0) step = new ProviderPayoutMove(providerIndex, 'reversed');
    else if (m.webhooks.length > 0 && this.choice % 2 === 0) step = new DeliverWebhook(this.choice, 'once');
    else if (Number(winner.balance) > 0) step = new RequestPayout(index, this.choice % 2 ? 100 : 50, false);
    else step = new DueWork();
    return `${step} -> ${(await step.act(m, r)) ?? 'ok'}`;
  }
  toString() {
    return `money-out(${this.choice})`;
  }
}

const progress = fc.tuple(target, fc.nat({ max: 11 })).map(([t, c]) => new Progress(t, c));
const moneyOut = fc.nat({ max: 11 }).map((c) => new MoneyOut(c));
stepArbitraries.push(...Array.from({ length: 8 }, () => moneyOut));
stepArbitraries.push(...Array.from({ length: 24 }, () => progress));

/**
 * After the random steps: the providers deliver every webhook they still owe, and the periodic job and the
 * outbox run (the providers answering) until nothing is due. Then whatever was owed must have happened.
 */
export async function settle(m: Model, r: Real): Promise<void> {
  // A round drains the outbox until it claims nothing (it claims ten calls at a time): a long sequence can leave
  // dozens of e-mails queued ahead of a refund. Retries wait for their backoff, hence the hour between rounds.
  // Settled means two quiet rounds in a row: the periodic job acts on what the last drain left (a refund call
  // Razorpay refused is asked again for what is left), so one quiet round proves nothing.
  let quietRounds = 0;
  for (let round = 0; round < 12 && quietRounds < 2; round++) {
    while (m.webhooks.length > 0) await new DeliverWebhook(0, 'once').run(m, r);
    await new Advance(61).run(m, r);
    await new DueWork().run(m, r);
    for (let batch = 0; batch < 20; batch++) {
      await new DrainOutbox(['ok']).run(m, r);
      if (r.trace.at(-1)?.endsWith('nothing due')) break;
    }
    const [due] = await r.s.read<{ n: string }>(`select count(*) as n from private.outbox where status = 'pending'`);
    quietRounds = Number(due?.n) === 0 && m.webhooks.length === 0 ? quietRounds + 1 : 0;
  }
  const stuck = await r.s.read<{ razorpay_payment_id: string; owed: number; call: string | null; key: string | null }>(
    `select p.razorpay_payment_id, p.amount_paise - p.refunded_paise as owed, o.status as call, o.idempotency_key as key
       from public.payments p
       left join lateral (select * from private.outbox o where o.kind = 'razorpay_refund'
                            and o.payload ->> 'razorpay_payment_id' = p.razorpay_payment_id order by o.id desc limit 1) as o on true
      where p.status = 'refund_pending'`,
  );
  for (const payment of stuck) {
    if (payment.key && m.refusedOnPurpose.has(payment.key)) continue;
    throw new Finding(
      'refunds_owed_are_made',
      `${payment.razorpay_payment_id} still owes ${payment.owed} paise after every webhook and outside call (its refund call: ${payment.call ?? 'none'})`,
      r.trace,
    );
  }
  const payouts = await r.s.read<{ id: string; status: string }>('select id, status from public.payouts');
  for (const payout of payouts) {
    const atProvider = m.payouts.get(payout.id);
    if (!atProvider || atProvider.status === 'processing' || atProvider.status === payout.status) continue;
    if (m.refusedOnPurpose.has(`payout-${payout.id}`)) continue;
    if (!r.skip.has(atProvider.status === 'reversed' ? 'payout_reversal_kept' : 'payout_final_state')) {
      throw new Finding(
        atProvider.status === 'reversed' ? 'payout_reversal_kept' : 'payout_final_state',
        `payout ${payout.id} is ${payout.status} after every webhook and poll, RazorpayX says ${atProvider.status}`,
        r.trace,
      );
    }
  }
  const rows = await r.s.read<{ razorpay_payment_id: string; refunded_paise: number }>(
    'select razorpay_payment_id, refunded_paise from public.payments where razorpay_payment_id is not null',
  );
  for (const row of rows) {
    const capture = m.capture(row.razorpay_payment_id);
    if (!capture || m.lostRefundWebhooks.has(capture.payId) || row.refunded_paise === capture.refunded) continue;
    throw new Finding(
      'refunds_owed_are_made',
      `${capture.payId}: Razorpay refunded ${capture.refunded} paise, the database counts ${row.refunded_paise} after every webhook arrived`,
      r.trace,
    );
  }
}
