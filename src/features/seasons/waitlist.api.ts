/**
 * The only place the waitlist talks to Supabase: the tournament's waitlist and the caller's place
 * (get_waitlist), the caller's waiting places (get_my_waitlist_places, for the dashboard and My
 * Tournaments), a free join (join_waitlist), checking a waitlist place in (check_in), leaving it
 * (leave_waitlist), and paying for a place through the payment function and Razorpay's checkout
 * (payments.api.ts). Answers are checked with zod.
 */
import * as z from 'zod/mini';
import { readAnswer } from '@/lib/api-answer';
import { watchRows } from '@/lib/realtime';
import { getSupabase } from '@/lib/supabase';
import type { MyWaitlistPlace } from './my-waitlist-place';
import type { Waitlist } from './waitlist';
import { WaitlistSchema } from './waitlist-schema';

const MyPlaceRow = z.object({
  tournament_id: z.string(),
  tournament_title: z.string(),
  link: z.string(),
  position: z.int(),
  checked_in_at: z.nullable(z.string()),
  check_in_opens_at: z.string(),
  check_in_closes_at: z.string(),
  paid_paise: z.int(),
  joined_at: z.string(),
}) satisfies z.ZodMiniType<MyWaitlistPlace>;

const MyPlaces = z.pipe(
  z.nullable(z.array(MyPlaceRow)),
  z.transform((list) => list ?? []),
);

/** The caller's places still waiting, soonest tournament first. */
export async function fetchMyWaitlistPlaces(): Promise<MyWaitlistPlace[]> {
  return readAnswer('rpc get_my_waitlist_places', MyPlaces, await getSupabase().rpc('get_my_waitlist_places'));
}

/** Leaves the caller's place: answers what is refunded (0 for a free place). */
export async function leaveWaitlist(tournamentId: string): Promise<{ refund_paise: number }> {
  const answer = await getSupabase().rpc('leave_waitlist', { p_tournament_id: tournamentId });
  return readAnswer('rpc leave_waitlist', z.object({ status: z.literal('released'), refund_paise: z.int() }), answer);
}

export async function fetchWaitlist(tournamentId: string): Promise<Waitlist> {
  return readAnswer('rpc get_waitlist', WaitlistSchema, await getSupabase().rpc('get_waitlist', { p_tournament_id: tournamentId }));
}

export async function joinFreeWaitlist(tournamentId: string): Promise<{ position: number | null }> {
  const answer = await getSupabase().rpc('join_waitlist', { p_tournament_id: tournamentId });
  return readAnswer('rpc join_waitlist', z.object({ position: z.nullable(z.int()) }), answer);
}

export async function checkInWaitlistPlace(tournamentId: string): Promise<void> {
  readAnswer(
    'rpc check_in',
    z.object({ checked_in_at: z.string() }),
    await getSupabase().rpc('check_in', { p_tournament_id: tournamentId }),
  );
}

/** Reloads on every change of the tournament's row: the draw (drawn_at) is when places move up. */
export function watchTournamentRow(tournamentId: string, onChange: () => void): () => void {
  return watchRows(`waitlist:${tournamentId}`, [{ table: 'tournaments', filter: `id=eq.${tournamentId}`, event: 'UPDATE', onChange }]);
}

export type PaidJoin = { ok: true; position: number | null } | { ok: false; error: string; hint: string | null } | { ok: 'dismissed' };

/** Pays for a waitlist place: the order (one slot), Razorpay's checkout, then the verification. */
export async function payForWaitlistPlace(input: {
  tournamentId: string;
  tournamentTitle: string;
  productName: string;
  checkoutUrl: string;
  email: string | null;
}): Promise<PaidJoin> {
  const payments = await import('@/features/payments/payments.api');
  const { checkoutOptions } = await import('@/features/payments/payments');
  const order = await payments.createOrder(input.tournamentId, 1, { waitlist: true });
  if (!order.success) return { ok: false, error: order.error, hint: order.code ?? null };
  const Razorpay = await payments.loadCheckout(input.checkoutUrl);
  return new Promise<PaidJoin>((resolve) => {
    const checkout = new Razorpay(
      checkoutOptions({
        order,
        productName: input.productName,
        tournamentTitle: `${input.tournamentTitle} waitlist`,
        tournamentId: input.tournamentId,
        slots: 1,
        email: input.email,
        onPaid: (response) => {
          const paid = payments.parseCheckoutSuccess(response);
          if (!paid)
            return resolve({ ok: false, error: 'The payment could not be read. If money left your account, it is refunded.', hint: null });
          payments
            .verifyPayment(input.tournamentId, paid)
            .then((verified) =>
              resolve(
                verified.success
                  ? { ok: true, position: verified.waitlist_position ?? null }
                  : { ok: false, error: verified.error, hint: verified.code ?? null },
              ),
            )
            .catch((error: Error) => resolve({ ok: false, error: error.message, hint: null }));
        },
        onDismiss: () => resolve({ ok: 'dismissed' }),
      }),
    );
    checkout.on('payment.failed', () => resolve({ ok: false, error: 'The payment failed. Nothing was taken; try again.', hint: null }));
    checkout.open();
  });
}
