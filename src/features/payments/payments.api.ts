/**
 * The only place the payment islands talk to Supabase and Razorpay's checkout script.
 * Amounts are never sent: the server prices the order from the tournament row.
 * Every answer is checked with zod (payments.schemas.ts): the payment function's answers become typed
 * `{ success: false, error }` results, the database reads typed rows or ApiErrors (lib/api-answer.ts).
 */
import * as z from 'zod/mini';
import { readAnswer } from '@/lib/api-answer';
import { getSupabase } from '@/lib/supabase';
import { watchRows } from '@/lib/realtime';
import type { CheckoutOptions, OwnRegistration } from './payments';
import { CheckoutSuccess, CreateOrderAnswer, OwnRegistrationRows, ParticipantRows, SlotsRow, VerifyAnswer } from './payments.schemas';

/** Checkout's answer after a successful payment, or null when it is not the expected shape. */
export function parseCheckoutSuccess(response: unknown): CheckoutSuccess | null {
  const result = CheckoutSuccess.safeParse(response);
  return result.success ? result.data : null;
}

const FUNCTION = 'razorpay-payment';

/**
 * Calls razorpay-payment and returns its `{success, ...}` body whatever the HTTP status: a refusal
 * (401, 409 ...) carries the message the player should read.
 */
async function invokePayment(body: Record<string, unknown>): Promise<unknown> {
  const { data, error } = await (await getSupabase().functions()).invoke(FUNCTION, { body });
  if (!error) return data;
  const context = (error as { context?: unknown }).context;
  if (context instanceof Response) {
    try {
      return await context.json();
    } catch {
      // Not the function's JSON (a gateway error page): fall through to the generic message.
    }
  }
  return { success: false, error: error.message };
}

/** An order for `slots` entries, or (`waitlist`) for one place on the waitlist of a full tournament. */
export async function createOrder(tournamentId: string, slots: number, options: { waitlist?: boolean } = {}): Promise<CreateOrderAnswer> {
  const body = { action: 'create_order', tournament_id: tournamentId, slots, ...(options.waitlist ? { waitlist: true } : {}) };
  const answer = CreateOrderAnswer.safeParse(await invokePayment(body));
  return answer.success ? answer.data : { success: false, error: 'Unexpected answer from the payment service' };
}

export async function verifyPayment(tournamentId: string, result: CheckoutSuccess): Promise<VerifyAnswer> {
  const answer = VerifyAnswer.safeParse(
    await invokePayment({
      action: 'verify_payment',
      tournament_id: tournamentId,
      order_id: result.razorpay_order_id,
      payment_id: result.razorpay_payment_id,
      signature: result.razorpay_signature,
    }),
  );
  return answer.success ? answer.data : { success: false, error: 'Unexpected answer from the payment service' };
}

export async function fetchOwnRegistrations(): Promise<OwnRegistration[]> {
  return readAnswer('rpc get_my_registrations', OwnRegistrationRows, await getSupabase().rpc('get_my_registrations'));
}

// ---------------------------------------------------------------------------------------------
// Razorpay checkout, loaded on first use only
// ---------------------------------------------------------------------------------------------

type RazorpayInstance = {
  open(): void;
  close(): void;
  on(event: 'payment.failed', listener: (failure: unknown) => void): void;
};
type RazorpayConstructor = new (options: CheckoutOptions) => RazorpayInstance;

let checkoutScript: Promise<RazorpayConstructor> | undefined;

export function loadCheckout(url: string): Promise<RazorpayConstructor> {
  const existing = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  checkoutScript ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => {
      const loaded = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (loaded) resolve(loaded);
      else reject(new Error('The payment window did not load'));
    };
    script.onerror = () => {
      checkoutScript = undefined; // let the next click try again
      script.remove();
      reject(new Error('The payment window could not be loaded. Check your connection and try again.'));
    };
    document.head.append(script);
  });
  return checkoutScript;
}

// ---------------------------------------------------------------------------------------------
// Live slots and participants (public: no sign-in needed)
// ---------------------------------------------------------------------------------------------

/** The places taken and the capacity, and how many one buyer may hold there (the database's rule, read with them). */
export type Slots = { filled: number; total: number; perBuyer: number };
export type Participant = z.output<typeof ParticipantRows>[number];

export async function fetchSlots(tournamentId: string): Promise<Slots | null> {
  const answer = await getSupabase()
    .from('tournaments')
    .select('filled_slots, max_players, max_slots_per_buyer')
    .eq('id', tournamentId)
    .maybeSingle();
  const row = readAnswer('slots of a tournament', z.nullable(SlotsRow), answer);
  return row ? { filled: row.filled_slots, total: row.max_players, perBuyer: row.max_slots_per_buyer } : null;
}

export async function fetchParticipants(tournamentId: string): Promise<Participant[]> {
  const answer = await getSupabase().rpc('get_tournament_participants', { p_tournament_id: tournamentId });
  return readAnswer('rpc get_tournament_participants', ParticipantRows, answer);
}

/**
 * Calls `onChange` with the new counts whenever the tournament's row changes (every confirmed or
 * cancelled registration moves filled_slots), and `onCaughtUp` once the channel is listening. Returns the
 * unsubscribe function.
 */
export function watchSlots(tournamentId: string, onChange: (slots: Slots) => void, onCaughtUp?: () => void): () => void {
  const changes = (change: { new: unknown }) => {
    // A change without the counts (another column) is not news for the slots.
    const row = SlotsRow.safeParse(change.new);
    if (row.success) onChange({ filled: row.data.filled_slots, total: row.data.max_players, perBuyer: row.data.max_slots_per_buyer });
  };
  return watchRows(
    `tournament-slots:${tournamentId}`,
    [{ table: 'tournaments', filter: `id=eq.${tournamentId}`, event: 'UPDATE', onChange: changes }],
    onCaughtUp,
  );
}
