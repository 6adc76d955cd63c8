/**
 * A tournament driven the way its clients drive it, one public function at a time: players sign up and
 * complete their profile, pay (the checkout's quote, its order and the payment's confirmation, as the payment
 * functions call them), give their extra places to invited players, check in; an organiser closes check-in
 * (the draw); players post rooms and report results; the periodic function credits prizes. Nothing here
 * writes a status directly, so every move goes through the declared state machines.
 *
 * Rows the database does not own are written as their owners write them: Auth's users (createUser), the
 * catalog's tournament rows (by the caller), Storage's uploaded screenshots.
 *
 * Free of the test runner: the SQL tests and the bench sections (scripts/bench/) share it.
 */
import { randomUUID } from 'node:crypto';
import { profileOf } from '../../tests/support/players.ts';
import { type Actor, createUser, player, rpcOf, serviceRole, setDatabaseClock, type TestDatabase } from './requests.ts';

export type Player = { id: string; email: string; actor: Actor };

/** A new player with a complete profile as an adult living in India (update_my_profile): paid entry is open to them. */
export async function adultPlayer(db: TestDatabase, options: { label?: string; inGameName?: string } = {}): Promise<Player> {
  const user = await createUser(db, `${options.label ?? 'player'}-${randomUUID().slice(0, 8)}@golazo.test`);
  const profile = profileOf(user.id);
  await rpcOf(db)(user.actor, 'public.update_my_profile($1, $2, $3, $4, null, $5, $6)', [
    profile.p_legal_name,
    options.inGameName ?? profile.p_in_game_name,
    profile.p_age,
    profile.p_game_user_id,
    profile.p_date_of_birth,
    profile.p_lives_in_india,
  ]);
  return user;
}

/** A member of staff granted `role` (service_grant_role), signed in with the second step. */
export async function staffMember(db: TestDatabase, role: 'referee' | 'organiser' | 'admin', tournamentId: string | null = null) {
  const user = await createUser(db, `${role}-${randomUUID().slice(0, 8)}@golazo.test`);
  await rpcOf(db)(serviceRole, 'public.service_grant_role($1, $2, $3)', [user.email, role, tournamentId]);
  return { ...user, actor: player(user.id, user.email, 'aal2') };
}

/** A Razorpay order id as the Orders API makes them, and the id of the payment that captures it. */
export function newOrder(): { orderId: string; paymentId: string } {
  const orderId = `order_${randomUUID().replaceAll('-', '').slice(0, 14)}`;
  return { orderId, paymentId: `pay_${orderId.slice('order_'.length)}` };
}

/** A Razorpay order for `slots` places recorded as the payment function records it (the amount as given). */
export async function recordOrder(db: TestDatabase, userId: string, tournamentId: string, slots: number, amountPaise: number) {
  const order = newOrder();
  await rpcOf(db)(serviceRole, `public.service_record_payment_order($1, $2, $3, $4, $5, 'INR')`, [
    userId,
    tournamentId,
    slots,
    order.orderId,
    amountPaise,
  ]);
  return order;
}

/**
 * The checkout's order for `slots` places, as the payment function makes it: the quote from the tournament row
 * (which refuses an ineligible player or a closed tournament), then the order recorded. Answers the order, not
 * yet paid.
 */
export async function orderEntry(db: TestDatabase, userId: string, tournamentId: string, slots = 1) {
  const quote = await rpcOf(db)<{ amount_paise: number }>(serviceRole, 'public.service_prepare_tournament_entry($1, $2, $3)', [
    userId,
    tournamentId,
    slots,
  ]);
  return { ...(await recordOrder(db, userId, tournamentId, slots, quote.amount_paise)), amountPaise: quote.amount_paise };
}

/** The checkout's order for a place on a full tournament's waitlist (one slot), as the payment function makes it. */
export async function orderWaitlistPlace(db: TestDatabase, userId: string, tournamentId: string) {
  const rpc = rpcOf(db);
  const quote = await rpc<{ amount_paise: number }>(serviceRole, 'public.service_prepare_waitlist_entry($1, $2, 1)', [
    userId,
    tournamentId,
  ]);
  const order = newOrder();
  await rpc(serviceRole, `public.service_record_waitlist_order($1, $2, $3, $4, 'INR')`, [
    userId,
    tournamentId,
    order.orderId,
    quote.amount_paise,
  ]);
  return order;
}

/** Confirms a captured payment as the verify call and the webhook both do; answers the confirmation's outcome. */
export async function confirmPayment(db: TestDatabase, order: { orderId: string; paymentId: string }) {
  return rpcOf(db)<{ outcome: string }>(serviceRole, 'public.service_confirm_tournament_payment($1, $2)', [order.orderId, order.paymentId]);
}

/** Orders `slots` places and pays for them: the player is registered (answers the outcome, `registered`). */
export async function payForEntry(db: TestDatabase, userId: string, tournamentId: string, slots = 1) {
  const order = await orderEntry(db, userId, tournamentId, slots);
  const { outcome } = await confirmPayment(db, order);
  if (outcome !== 'registered') throw new Error(`paying for ${tournamentId} ended ${outcome}, not registered`);
  return order;
}

/** The buyer's places still without a player, each given to a new invited player who accepts it. */
export async function giveExtraPlaces(db: TestDatabase, buyer: Player, tournamentId: string, invitee: () => Promise<Player>) {
  const rpc = rpcOf(db);
  const { rows } = await db.admin.query<{ id: string }>(
    'select id from public.entries where tournament_id = $1 and buyer_id = $2 and player_id is null order by slot_number',
    [tournamentId, buyer.id],
  );
  const guests: Player[] = [];
  for (const { id } of rows) {
    const { invitation_token: token } = await rpc<{ invitation_token: string }>(buyer.actor, 'public.invite_to_entry($1)', [id]);
    const guest = await invitee();
    await rpc(guest.actor, 'public.accept_entry_invitation($1)', [token]);
    guests.push(guest);
  }
  return guests;
}

export async function checkIn(db: TestDatabase, who: Player, tournamentId: string) {
  return rpcOf(db)(who.actor, 'public.check_in($1)', [tournamentId]);
}

type ScheduledMatch = { id: string; round: number; position: number; entry_a: string; entry_b: string; scheduled_at: Date };

/** The round's matches both players are known for and nobody has played yet, with each entry's player. */
export async function playableMatches(db: TestDatabase, tournamentId: string, round: number) {
  const { rows } = await db.admin.query<ScheduledMatch & { player_a: string; player_b: string }>(
    `select m.id, m.round, m.position, m.entry_a, m.entry_b, m.scheduled_at, a.player_id as player_a, b.player_id as player_b
       from public.matches m join public.entries a on a.id = m.entry_a join public.entries b on b.id = m.entry_b
      where m.tournament_id = $1 and m.round = $2 and m.status = 'scheduled'
      order by m.position`,
    [tournamentId, round],
  );
  return rows;
}

/** The result screen's screenshot, uploaded as Storage uploads it: `<match id>/<user id>/result.png` in match-evidence. */
export async function uploadScreenshot(db: TestDatabase, matchId: string, userId: string): Promise<string> {
  const name = `${matchId}/${userId}/result.png`;
  await db.admin.query(`insert into storage.objects (bucket_id, name, owner) values ('match-evidence', $1, $2) on conflict do nothing`, [
    name,
    userId,
  ]);
  return name;
}

/** One player's report of a match: the score from their side, whether they went through, their screenshot. */
export async function reportMatch(db: TestDatabase, userId: string, matchId: string, myGoals: number, theirGoals: number) {
  return rpcOf(db)(player(userId), 'public.report_match($1, $2, $3, $4, $5)', [
    matchId,
    myGoals,
    theirGoals,
    String(myGoals > theirGoals),
    await uploadScreenshot(db, matchId, userId),
  ]);
}

/** Who wins a match and by what score (winner's goals first, more than the loser's). */
export type Outcome = { winner: 'a' | 'b'; goals: [number, number] };

/**
 * Plays every playable match of `round`: at each match's time (the clock stopped a minute after it, in its
 * ready window) the host posts the room and both players report the same result, which confirms it at once
 * and moves the winner on. Answers how many matches were played.
 */
export async function playRound(db: TestDatabase, tournamentId: string, round: number, outcome: (match: ScheduledMatch) => Outcome) {
  const matches = (await playableMatches(db, tournamentId, round)).sort((x, y) => x.scheduled_at.getTime() - y.scheduled_at.getTime());
  let clock = 0;
  for (const match of matches) {
    const at = match.scheduled_at.getTime() + 60_000;
    if (at !== clock) await setDatabaseClock(db, new Date(at).toISOString());
    clock = at;
    const { winner, goals } = outcome(match);
    const [goalsA, goalsB] = winner === 'a' ? goals : [goals[1], goals[0]];
    await rpcOf(db)(player(match.player_a), 'public.post_room($1, $2, $3)', [match.id, 'GOLAZO-1', '1234']);
    await reportMatch(db, match.player_a, match.id, goalsA, goalsB);
    await reportMatch(db, match.player_b, match.id, goalsB, goalsA);
  }
  return matches.length;
}

/** Plays every round to the final (see playRound); answers the matches played. */
export async function playToTheEnd(db: TestDatabase, tournamentId: string, outcome: (match: ScheduledMatch) => Outcome) {
  const { rows } = await db.admin.query<{ rounds: number }>(
    'select max(round)::int as rounds from public.matches where tournament_id = $1',
    [tournamentId],
  );
  let played = 0;
  for (let round = 1; round <= (rows[0]?.rounds ?? 0); round++) played += await playRound(db, tournamentId, round, outcome);
  return played;
}

/** The periodic function's run (pg_cron's, through the service role's door): draws, deadlines, prizes, alerts. */
export async function runDueWork(db: TestDatabase) {
  return rpcOf(db)<Record<string, unknown>>(serviceRole, 'public.service_run_due_work()');
}
