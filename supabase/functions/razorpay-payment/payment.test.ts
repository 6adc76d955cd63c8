/**
 * razorpay-payment against the real SQL and the Razorpay test double: what a player, and a
 * cheat, get back from create_order and verify_payment.
 */
import { deepStrictEqual as assertEquals, match as assertMatch, ok as assert } from 'node:assert/strict';
import { startHarness } from '../_test/harness.ts';

Deno.test('razorpay-payment', async (t) => {
  const h = await startHarness();
  const registrations = async (tournamentId: string) =>
    h.sql<{ user_id: string; slots: number }>(`select user_id, slots from public.tournament_registrations where tournament_id = $1`, [
      tournamentId,
    ]);
  const filled = async (tournamentId: string) =>
    (await h.sql<{ filled_slots: number }>(`select filled_slots from public.tournaments where id = $1`, [tournamentId]))[0].filled_slots;
  /** The verify_payment call the checkout makes with what Razorpay handed it after a payment. */
  const verifyPaymentBody = (paid: Record<string, unknown>, tournamentId: string) => ({
    action: 'verify_payment',
    payment_id: paid.razorpay_payment_id,
    order_id: paid.razorpay_order_id,
    signature: paid.razorpay_signature,
    tournament_id: tournamentId,
  });

  try {
    await t.step('create_order charges the tournament fee × slots and ignores a body amount or user id', async () => {
      const player = await h.signIn();
      const someoneElse = await h.signIn();
      const tournament = await h.tournament({ feePaise: 15000 });
      const { status, body } = await h.callPayment(player.token, {
        action: 'create_order',
        tournament_id: tournament,
        slots: 3,
        amount: 100,
        user_id: someoneElse.id,
      });
      assertEquals(status, 200);
      assertEquals(body.success, true);
      assertEquals(body.amount, 45000);
      assertEquals(body.currency, 'INR');
      assertMatch(String(body.key), /^rzp_test_/);
      assertMatch(String(body.order_id), /^order_/);

      const [row] = await h.sql<{ user_id: string; amount_paise: number; slots: number; status: string }>(
        `select user_id, amount_paise, slots, status from public.payments where razorpay_order_id = $1`,
        [body.order_id],
      );
      assertEquals(row, { user_id: player.id, amount_paise: 45000, slots: 3, status: 'created' });
      assertEquals(h.double.orders.get(String(body.order_id))?.amount, 45000);
    });

    await t.step('a signed-out caller is told to log in', async () => {
      const tournament = await h.tournament();
      const { status, body } = await h.callPayment(null, { action: 'create_order', tournament_id: tournament, slots: 1 });
      assertEquals(status, 401);
      assertEquals(body, { success: false, code: 'not_signed_in', error: 'Please log in to continue' });
    });

    await t.step('slots 0 and 11 are refused', async () => {
      const player = await h.signIn();
      const tournament = await h.tournament();
      for (const slots of [0, 11, 2.5]) {
        const { status, body } = await h.callPayment(player.token, { action: 'create_order', tournament_id: tournament, slots });
        assertEquals(status, 400, `slots ${slots}`);
        assertEquals(body, { success: false, code: 'invalid_slot_count', error: 'Choose between 1 and 10 slots' });
      }
      assertEquals(h.double.orders.size, 1, 'no Razorpay order was created for a refused request');
    });

    await t.step('unknown, closed, past-deadline and full tournaments refuse orders', async () => {
      const player = await h.signIn();
      const closed = await h.tournament({ isLive: false });
      const pastDeadline = await h.tournament({ closesAt: new Date(Date.now() - 60_000) });
      const full = await h.tournament({ maxPlayers: 2 });
      await h.sql(`update public.tournaments set filled_slots = 2 where id = $1`, [full]);
      const started = await h.tournament();
      await h.sql(`update public.tournaments set starts_at = now() - interval '1 minute' where id = $1`, [started]);
      const cases: Array<[string, number, string, string]> = [
        ['no-such-cup', 404, 'tournament_not_found', 'Unknown tournament'],
        [closed, 409, 'registration_closed', 'Registrations for this tournament are closed'],
        [pastDeadline, 409, 'registration_closed', 'Registrations for this tournament are closed'],
        // Nothing past its start takes money, even with no close time set.
        [started, 409, 'registration_closed', 'Registrations for this tournament are closed'],
        [full, 409, 'tournament_full', 'This tournament is full'],
      ];
      for (const [tournamentId, status, code, error] of cases) {
        const answer = await h.callPayment(player.token, { action: 'create_order', tournament_id: tournamentId, slots: 1 });
        assertEquals(answer.status, status, tournamentId);
        assertEquals(answer.body, { success: false, code, error });
      }
    });

    await t.step('a paid order verifies once and registers the player for their slots', async () => {
      const player = await h.signIn();
      const tournament = await h.tournament();
      const order = await h.callPayment(player.token, { action: 'create_order', tournament_id: tournament, slots: 3 });
      const paid = await h.pay(String(order.body.order_id), 'success');
      const verify = verifyPaymentBody(paid, tournament);
      const first = await h.callPayment(player.token, verify);
      assertEquals(first.status, 200);
      assertEquals(first.body.success, true);
      const again = await h.callPayment(player.token, verify);
      assertEquals(again.body.success, true);
      assertEquals(await registrations(tournament), [{ user_id: player.id, slots: 3 }]);
      assertEquals(await filled(tournament), 3);
    });

    await t.step('a tampered signature registers nobody', async () => {
      const player = await h.signIn();
      const tournament = await h.tournament();
      const order = await h.callPayment(player.token, { action: 'create_order', tournament_id: tournament, slots: 1 });
      const paid = await h.pay(String(order.body.order_id), 'success');
      const signature = String(paid.razorpay_signature);
      const tampered = (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1);
      const { status, body } = await h.callPayment(player.token, {
        action: 'verify_payment',
        payment_id: paid.razorpay_payment_id,
        order_id: paid.razorpay_order_id,
        signature: tampered,
        tournament_id: tournament,
      });
      assertEquals(status, 400);
      assertEquals(body, { success: false, code: 'invalid_payment_signature', error: 'Invalid payment signature' });
      assertEquals(await registrations(tournament), []);
      assertEquals(await filled(tournament), 0);
    });

    await t.step('a signature for one payment does not confirm a different order', async () => {
      const player = await h.signIn();
      const tournament = await h.tournament();
      const cheap = await h.callPayment(player.token, { action: 'create_order', tournament_id: tournament, slots: 1 });
      const dear = await h.callPayment(player.token, { action: 'create_order', tournament_id: tournament, slots: 10 });
      const paid = await h.pay(String(cheap.body.order_id), 'success');
      const { status } = await h.callPayment(player.token, {
        action: 'verify_payment',
        payment_id: paid.razorpay_payment_id,
        order_id: dear.body.order_id,
        signature: paid.razorpay_signature,
        tournament_id: tournament,
      });
      assertEquals(status, 400);
      assertEquals(await filled(tournament), 0);
    });

    await t.step("verifying another player's order fails and registers nobody", async () => {
      const owner = await h.signIn();
      const intruder = await h.signIn();
      const tournament = await h.tournament();
      const order = await h.callPayment(owner.token, { action: 'create_order', tournament_id: tournament, slots: 2 });
      const paid = await h.pay(String(order.body.order_id), 'success');
      const { status, body } = await h.callPayment(intruder.token, verifyPaymentBody(paid, tournament));
      assertEquals(status, 404);
      assertEquals(body, { success: false, code: 'order_not_found', error: 'Order not found' });
      assertEquals(await registrations(tournament), []);
    });

    await t.step('a player registered in the last 24 hours cannot order again for that tournament', async () => {
      const player = await h.signIn();
      const tournament = await h.tournament();
      const other = await h.tournament();
      const order = await h.callPayment(player.token, { action: 'create_order', tournament_id: tournament, slots: 1 });
      const paid = await h.pay(String(order.body.order_id), 'success');
      await h.callPayment(player.token, verifyPaymentBody(paid, tournament));
      const again = await h.callPayment(player.token, { action: 'create_order', tournament_id: tournament, slots: 1 });
      assertEquals(again.status, 409);
      assertMatch(String(again.body.error), /^You are already registered for this tournament!/);
      const elsewhere = await h.callPayment(player.token, { action: 'create_order', tournament_id: other, slots: 1 });
      assertEquals(elsewhere.body.success, true, 'the rule is per tournament');

      await h.sql(`update public.tournament_registrations set registered_at = now() - interval '25 hours' where user_id = $1`, [player.id]);
      const nextDay = await h.callPayment(player.token, { action: 'create_order', tournament_id: tournament, slots: 1 });
      assertEquals(nextDay.body.success, true);
    });

    await t.step('a payment that arrives for a full tournament is refunded and the player told why', async () => {
      const early = await h.signIn();
      const second = await h.signIn();
      const late = await h.signIn();
      // One buyer holds at most half the places: two earlier buyers take three of the four.
      const tournament = await h.tournament({ maxPlayers: 4 });
      const lateOrder = await h.callPayment(late.token, { action: 'create_order', tournament_id: tournament, slots: 2 });
      for (const [buyer, slots] of [
        [early, 2],
        [second, 1],
      ] as const) {
        const order = await h.callPayment(buyer.token, { action: 'create_order', tournament_id: tournament, slots });
        const paid = await h.pay(String(order.body.order_id), 'success');
        await h.callPayment(buyer.token, verifyPaymentBody(paid, tournament));
      }
      const latePaid = await h.pay(String(lateOrder.body.order_id), 'success');
      const { status, body } = await h.callPayment(late.token, verifyPaymentBody(latePaid, tournament));
      assertEquals(status, 409);
      assertEquals(body.success, false);
      assertEquals(body.refunded, true);
      assertMatch(String(body.error), /filled up .* refunded/);

      const [row] = await h.sql<{ status: string; refund_id: string; failure_reason: string }>(
        `select status, refund_id, failure_reason from public.payments where razorpay_order_id = $1`,
        [latePaid.razorpay_order_id],
      );
      assertEquals(row.status, 'refunded');
      assertMatch(row.refund_id, /^rfnd_/);
      assertMatch(row.failure_reason, /filled up/);
      const refunded = h.double.payments.get(String(latePaid.razorpay_payment_id));
      assertEquals(refunded?.amount_refunded, 30000, 'the whole amount went back through the Refunds API');
      assertEquals(await filled(tournament), 3);
      await h.settle();
      const [after] = await h.sql<{ status: string }>(`select status from public.payments where razorpay_order_id = $1`, [
        latePaid.razorpay_order_id,
      ]);
      assertEquals(after.status, 'refunded', 'the refund.processed webhook that follows changes nothing');
    });

    await t.step(
      'create_order with waitlist on a full paid tournament charges one slot and says waitlist; verify answers the position',
      async () => {
        const tournament = await h.tournament({ feePaise: 20000, maxPlayers: 10 });
        await h.sql(`update public.tournaments set filled_slots = 10 where id = $1`, [tournament]);
        const first = await h.signIn();
        const second = await h.signIn();
        const orders = [];
        for (const player of [first, second]) {
          const order = await h.callPayment(player.token, { action: 'create_order', tournament_id: tournament, slots: 1, waitlist: true });
          assertEquals(order.status, 200);
          assertEquals(order.body.success, true);
          assertEquals(order.body.waitlist, true);
          assertEquals(order.body.amount, 20000);
          assertEquals(h.double.orders.get(String(order.body.order_id))?.notes?.waitlist, 'true');
          orders.push(order);
        }
        // A waitlist of a tenth of ten places, rounded up: one. The first to pay takes it.
        const firstPaid = await h.pay(String(orders[0]!.body.order_id), 'success');
        const verified = await h.callPayment(first.token, verifyPaymentBody(firstPaid, tournament));
        assertEquals(verified.status, 200);
        assertEquals(verified.body, { success: true, waitlist_position: 1 });
        assertEquals(await registrations(tournament), [], 'a waitlist place is not an entry');
        assertEquals((await h.callPayment(first.token, verifyPaymentBody(firstPaid, tournament))).body, {
          success: true,
          waitlist_position: 1,
        });

        // The second checkout was opened while there was room; paid now, it is refunded in full.
        const secondPaid = await h.pay(String(orders[1]!.body.order_id), 'success');
        const refused = await h.callPayment(second.token, verifyPaymentBody(secondPaid, tournament));
        assertEquals(refused.status, 409);
        assertEquals(refused.body.code, 'payment_refunded');
        assertEquals(refused.body.refunded, true);
        assertMatch(String(refused.body.error), /waitlist filled up/);
        assertEquals(h.double.payments.get(String(secondPaid.razorpay_payment_id))?.amount_refunded, 20000);

        // A third player is refused before paying.
        const third = await h.signIn();
        const full = await h.callPayment(third.token, { action: 'create_order', tournament_id: tournament, slots: 1, waitlist: true });
        assertEquals(full.status, 409);
        assertEquals(full.body.code, 'waitlist_full');
        await h.settle();
      },
    );

    await t.step('create_order with waitlist refuses places left (not_full) and more than one slot (invalid_slot_count)', async () => {
      const player = await h.signIn();
      const open = await h.tournament({ maxPlayers: 10 });
      const notFull = await h.callPayment(player.token, { action: 'create_order', tournament_id: open, slots: 1, waitlist: true });
      assertEquals(notFull.status, 409);
      assertEquals(notFull.body.code, 'not_full');
      const before = h.double.orders.size;
      const twoSlots = await h.callPayment(player.token, { action: 'create_order', tournament_id: open, slots: 2, waitlist: true });
      assertEquals(twoSlots.status, 400);
      assertEquals(twoSlots.body, {
        success: false,
        code: 'invalid_slot_count',
        error: 'The waitlist takes one place per player: choose 1 slot',
      });
      assertEquals(h.double.orders.size, before, 'no Razorpay order was created for a refused request');
    });

    await t.step('a waitlist payment the webhook confirms first answers the same place to verify_payment', async () => {
      const tournament = await h.tournament({ feePaise: 20000, maxPlayers: 4 });
      await h.sql(`update public.tournaments set filled_slots = 4 where id = $1`, [tournament]);
      const player = await h.signIn();
      const order = await h.callPayment(player.token, { action: 'create_order', tournament_id: tournament, slots: 1, waitlist: true });
      const paid = await h.pay(String(order.body.order_id), 'success', 'immediate');
      await h.settle();
      const [place] = await h.sql<{ status: string }>(`select status from public.waitlist_places where player_id = $1`, [player.id]);
      assertEquals(place, { status: 'waiting' }, 'the webhook alone put the player on the waitlist');
      const verified = await h.callPayment(player.token, verifyPaymentBody(paid, tournament));
      assertEquals(verified.body, { success: true, waitlist_position: 1 });
    });

    await t.step('a payment without waitlist that finds the tournament full is still refunded', async () => {
      const player = await h.signIn();
      const tournament = await h.tournament({ maxPlayers: 10 });
      const order = await h.callPayment(player.token, { action: 'create_order', tournament_id: tournament, slots: 1 });
      await h.sql(`update public.tournaments set filled_slots = 10 where id = $1`, [tournament]);
      const paid = await h.pay(String(order.body.order_id), 'success');
      const { status, body } = await h.callPayment(player.token, verifyPaymentBody(paid, tournament));
      assertEquals(status, 409);
      assertEquals(body.refunded, true);
      assertMatch(String(body.error), /filled up .* refunded/);
      const waiting = await h.sql(`select 1 from public.waitlist_places where player_id = $1`, [player.id]);
      assertEquals(waiting, [], 'nobody is put on a waitlist they did not ask for');
      await h.settle();
    });

    await t.step('a failed attempt can be followed by a successful one on the same order', async () => {
      const player = await h.signIn();
      const tournament = await h.tournament();
      const order = await h.callPayment(player.token, { action: 'create_order', tournament_id: tournament, slots: 1 });
      await h.pay(String(order.body.order_id), 'failure', 'immediate');
      const [failed] = await h.sql<{ status: string; failure_reason: string }>(
        `select status, failure_reason from public.payments where razorpay_order_id = $1`,
        [order.body.order_id],
      );
      assertEquals(failed.status, 'failed');
      assert(failed.failure_reason.length > 0);
      await h.pay(String(order.body.order_id), 'success', 'immediate');
      assertEquals(await registrations(tournament), [{ user_id: player.id, slots: 1 }]);
    });
  } finally {
    await h.close();
  }
});
