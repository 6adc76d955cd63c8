/**
 * The pages players open on match day, with real ids, for `npm run lighthouse`: the seed's live pod
 * (`demo-live-cup`, eight rivals drawn ten minutes before the stack started), one of its matches with two
 * players, and a championship edition drawn here through the service role the way the database draws one
 * (eight paid, checked-in entries; check-in closed a minute ago; the periodic function runs the draw).
 * The stack is the throw-away one Lighthouse starts, so nothing here touches a developer's data.
 */

/** The local stack's service-role key (supabase/local/keys.ts), the CLI's well-known one. */
const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/** The seed's live pod. */
const LIVE_POD = 'demo-live-cup';
/** A catalog championship no other measured route shows, so drawing it changes no other page. */
const DRAWN_CHAMPIONSHIP = 'champions-jan-2027';
/** A seeded player with an entry in the live pod (and, after `prepareMatchDay`, in the championship). */
const MATCH_DAY_PLAYER = { email: 'rival1@golazo.test', password: 'golazo-demo' };

function serviceCalls(stackUrl) {
  const headers = {
    apikey: SERVICE_ROLE_KEY,
    authorization: `Bearer ${SERVICE_ROLE_KEY}`,
    'content-type': 'application/json',
    prefer: 'return=representation',
  };
  return async function rest(path, method = 'GET', body = undefined) {
    const response = await fetch(`${stackUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

/** Draws the championship with the seed's eight rivals; answers nothing, throws when a step is refused. */
async function drawChampionship(rest) {
  const at = (ms) => new Date(Date.now() + ms).toISOString();
  const minutes = 60_000;
  const rivals = await rest('/rest/v1/profiles?select=id&email=like.rival*&order=email');
  // Taking entries first (registration open), as a payment needs; then check-in closes and the draw runs.
  await rest(`/rest/v1/tournaments?id=eq.${DRAWN_CHAMPIONSHIP}`, 'PATCH', {
    registration_opens_at: at(-120 * minutes),
    registration_closes_at: at(60 * minutes),
    check_in_opens_at: at(30 * minutes),
    check_in_closes_at: at(50 * minutes),
    starts_at: at(240 * minutes),
  });
  // Each rival pays as the payment function and Razorpay's webhook do (the payment's machine takes no paid row
  // written directly): the quote, the order recorded, the payment confirmed, which registers the entry.
  for (const [index, rival] of rivals.entries()) {
    const quote = await rest('/rest/v1/rpc/service_prepare_tournament_entry', 'POST', {
      p_user_id: rival.id,
      p_tournament_id: DRAWN_CHAMPIONSHIP,
      p_slots: 1,
    });
    await rest('/rest/v1/rpc/service_record_payment_order', 'POST', {
      p_user_id: rival.id,
      p_tournament_id: DRAWN_CHAMPIONSHIP,
      p_slots: 1,
      p_razorpay_order_id: `order_match_day_${index}`,
      p_amount_paise: quote.amount_paise,
      p_currency: 'INR',
    });
    const { outcome } = await rest('/rest/v1/rpc/service_confirm_tournament_payment', 'POST', {
      p_razorpay_order_id: `order_match_day_${index}`,
      p_razorpay_payment_id: `pay_match_day_${index}`,
    });
    if (outcome !== 'registered') throw new Error(`a match-day payment ended ${outcome}, not registered`);
  }
  await rest(`/rest/v1/entries?tournament_id=eq.${DRAWN_CHAMPIONSHIP}`, 'PATCH', { checked_in_at: at(-10 * minutes) });
  await rest(`/rest/v1/tournaments?id=eq.${DRAWN_CHAMPIONSHIP}`, 'PATCH', {
    registration_closes_at: at(-110 * minutes),
    check_in_opens_at: at(-110 * minutes),
    check_in_closes_at: at(-1 * minutes),
    starts_at: at(10 * minutes),
  });
  await rest('/rest/v1/rpc/local_run_due_work', 'POST', {});
  const bracket = await rest('/rest/v1/rpc/get_bracket', 'POST', { p_tournament_id: DRAWN_CHAMPIONSHIP });
  if (!bracket.draw.drawn_at) throw new Error(`${DRAWN_CHAMPIONSHIP} was not drawn`);
}

/** The live pod's match that the match-day player plays (two players, scheduled). */
async function playersMatch(rest) {
  const [player] = await rest(`/rest/v1/profiles?select=id&email=eq.${encodeURIComponent(MATCH_DAY_PLAYER.email)}`);
  const [entry] = await rest(`/rest/v1/entries?select=id&tournament_id=eq.${LIVE_POD}&player_id=eq.${player.id}`);
  const matches = await rest(`/rest/v1/matches?select=id,entry_a,entry_b&tournament_id=eq.${LIVE_POD}&round=eq.1`);
  const match = matches.find((row) => row.entry_a === entry.id || row.entry_b === entry.id);
  if (!match) throw new Error(`${MATCH_DAY_PLAYER.email} has no match in ${LIVE_POD}`);
  return match.id;
}

/**
 * Prepares the data and answers the match-day pages, each measured signed out and signed in as
 * {@link MATCH_DAY_PLAYER}: `label` names the page in the table (a match id changes with every stack).
 */
export async function prepareMatchDay(stackUrl) {
  const rest = serviceCalls(stackUrl);
  await drawChampionship(rest);
  const matchId = await playersMatch(rest);
  const pages = [
    { path: `/pod/?id=${LIVE_POD}`, label: `/pod/?id=${LIVE_POD}` },
    { path: `/match/?id=${matchId}`, label: `/match/?id=<${LIVE_POD} quarter-final>` },
    { path: `/tournaments/${DRAWN_CHAMPIONSHIP}`, label: `/tournaments/${DRAWN_CHAMPIONSHIP} (drawn)` },
    { path: `/tournaments/${DRAWN_CHAMPIONSHIP}#brackets`, label: `/tournaments/${DRAWN_CHAMPIONSHIP}#brackets` },
  ];
  return pages.flatMap((page) => [
    { ...page, player: null },
    { ...page, label: `${page.label}, signed in`, player: MATCH_DAY_PLAYER },
  ]);
}
