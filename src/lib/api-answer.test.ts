import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';

/**
 * Every feature's *.api.ts reads the backend's answers through lib/api-answer.ts. These tests feed the
 * api modules answers as supabase-js would hand them over (the client is replaced by a stub) and check
 * what an island receives: typed rows, or an ApiError that says what happened. A malformed answer never
 * crashes later in the UI.
 */

const rpc = vi.fn();
const from = vi.fn();
vi.mock('@/lib/supabase', () => ({ getSupabase: () => ({ rpc, from }) }));

const { ApiError, MALFORMED_ANSWER_MESSAGE, parseAnswer, readAnswer } = await import('./api-answer');
const accountApi = await import('@/features/account/account.api');
const eligibilityApi = await import('@/features/payments/eligibility.api');
const paymentsApi = await import('@/features/payments/payments.api');
const profileApi = await import('@/features/profile/profile.api');
const podsApi = await import('@/features/tournaments/pods.api');

/** What the promise rejected with (fails the test when it resolved). */
async function failure(promise: Promise<unknown>): Promise<InstanceType<typeof ApiError>> {
  const error = await promise.then(
    () => expect.unreachable('expected the call to fail'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as InstanceType<typeof ApiError>;
}

function answers(data: unknown, error: unknown = null) {
  rpc.mockResolvedValueOnce({ data, error });
}

/** A query builder whose steps return itself; the last step the api modules take (limit, maybeSingle) answers. */
function tableAnswers(answer: { data: unknown; error: unknown }) {
  const builder: Record<string, unknown> = {};
  for (const step of ['select', 'eq', 'not', 'order']) builder[step] = () => builder;
  builder.limit = async () => answer;
  builder.maybeSingle = async () => answer;
  from.mockReturnValueOnce(builder);
}

const profileRow = {
  id: 'a1',
  email: 'asha@example.com',
  legal_name: 'Asha Rao',
  in_game_name: 'AshaStrikes',
  age: null,
  date_of_birth: '2000-01-31',
  lives_in_india_confirmed_at: null,
  game_user_id: 'AAAA1111',
  profile_completed: true,
  profile_image_url: null,
  updated_at: '2026-11-01T10:00:00Z',
};

describe('parseAnswer / readAnswer', () => {
  it('returns the parsed value when the answer has the shape', () => {
    expect(parseAnswer(z.object({ n: z.number() }), { n: 1 }, 'test')).toEqual({ n: 1 });
  });

  it('turns another shape into a malformed ApiError naming the call and the place', () => {
    try {
      parseAnswer(z.object({ n: z.number() }), { n: 'one' }, 'rpc test');
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ kind: 'malformed', call: 'rpc test', message: MALFORMED_ANSWER_MESSAGE });
      expect((error as InstanceType<typeof ApiError>).detail).toMatch(/^n: /);
    }
  });

  it("keeps a refusal's message, code and hint", () => {
    const refusal = { message: 'Registration is closed', code: 'PT409', hint: 'registration_closed' };
    expect(() => readAnswer('rpc test', z.unknown(), { data: null, error: refusal })).toThrow(
      expect.objectContaining({ kind: 'refused', message: 'Registration is closed', code: 'PT409', hint: 'registration_closed' }),
    );
  });
});

describe('account.api', () => {
  it('reads registrations, and a null answer as none', async () => {
    const row = {
      tournament_id: 't1',
      tournament_title: 'Cup',
      series: 'championship',
      slots: 2,
      status: 'upcoming',
      registered_at: '2026-11-01',
    };
    answers([row]);
    expect(await accountApi.fetchMyRegistrations()).toEqual([row]);
    answers(null);
    expect(await accountApi.fetchMyRegistrations()).toEqual([]);
  });

  it('gives a malformed ApiError for a payment row without its amount', async () => {
    answers([{ id: 'p1', status: 'paid' }]);
    expect((await failure(accountApi.fetchMyPayments())).kind).toBe('malformed');
  });

  it('reads missing stats as zeros, and text where numbers belong as malformed', async () => {
    answers([]);
    expect(await accountApi.fetchMyStats()).toEqual({
      total_earnings_paise: 0,
      matches_played: 0,
      matches_won: 0,
      matches_lost: 0,
      goals_scored: 0,
      goals_conceded: 0,
      titles: 0,
      win_rate_percent: 0,
    });
    answers([{ total_earnings_paise: 'lots' }]);
    expect((await failure(accountApi.fetchMyStats())).kind).toBe('malformed');
  });

  it('passes the database refusal on as a refused ApiError', async () => {
    answers(null, { message: 'Sign in first', code: '42501' });
    expect(await failure(accountApi.fetchMyPayments())).toMatchObject({ kind: 'refused', code: '42501', message: 'Sign in first' });
  });
});

describe('eligibility.api', () => {
  it('reads the eligibility, and an unknown refusal as malformed', async () => {
    const eligibility = {
      paid_entry_refusal: 'residence_required',
      free_entry_refusal: null,
      parental_consent: false,
      pending_parent_email: null,
    };
    answers(eligibility);
    expect(await eligibilityApi.fetchMyEntryEligibility()).toEqual(eligibility);
    answers({ ...eligibility, paid_entry_refusal: 'moon_phase' });
    expect((await failure(eligibilityApi.fetchMyEntryEligibility())).kind).toBe('malformed');
  });

  it("refuses a free entry with the database's own words", async () => {
    answers(null, { message: 'This tournament is full', code: 'PT409', hint: 'tournament_full' });
    expect(await failure(eligibilityApi.enterFreeTournament('t1'))).toMatchObject({ kind: 'refused', message: 'This tournament is full' });
  });
});

describe('payments.api', () => {
  it('reads own registrations, and a row without slots as malformed', async () => {
    answers([{ tournament_id: 't1', slots: 1, status: 'confirmed', registered_at: '2026-11-01', tournament_title: 'Cup' }]);
    expect(await paymentsApi.fetchOwnRegistrations()).toEqual([
      { tournament_id: 't1', slots: 1, status: 'confirmed', registered_at: '2026-11-01' },
    ]);
    answers([{ tournament_id: 't1' }]);
    expect((await failure(paymentsApi.fetchOwnRegistrations())).kind).toBe('malformed');
  });

  it('reads participants and slots', async () => {
    answers([{ in_game_name: null, slots: 1, registered_at: '2026-11-01' }]);
    expect(await paymentsApi.fetchParticipants('t1')).toEqual([{ in_game_name: null, slots: 1, registered_at: '2026-11-01' }]);
    tableAnswers({ data: { filled_slots: 3, max_players: 8, max_slots_per_buyer: 4 }, error: null });
    expect(await paymentsApi.fetchSlots('t1')).toEqual({ filled: 3, total: 8, perBuyer: 4 });
    tableAnswers({ data: { filled_slots: '3' }, error: null });
    expect((await failure(paymentsApi.fetchSlots('t1'))).kind).toBe('malformed');
  });
});

describe('profile.api', () => {
  it('reads the profile row as an object or a one-row array', async () => {
    answers(profileRow);
    expect(await profileApi.fetchMyProfile()).toEqual(profileRow);
    answers([profileRow]);
    expect(await profileApi.fetchMyProfile()).toEqual(profileRow);
  });

  it('gives a malformed ApiError for no row or a row without its lock flag', async () => {
    answers(null);
    expect((await failure(profileApi.fetchMyProfile())).kind).toBe('malformed');
    const { profile_completed: _dropped, ...withoutFlag } = profileRow;
    answers(withoutFlag);
    expect((await failure(profileApi.fetchMyProfile())).kind).toBe('malformed');
  });
});

describe('pods.api', () => {
  // Pods are public rows, read with a plain request to the REST API (no supabase-js).
  function restAnswers(body: unknown, status = 200) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status })),
    );
  }

  it('reads a pod, no pod as null, a series pod without its number as malformed, a refusal as refused', async () => {
    const pod = {
      id: 'super_4-pod-1',
      title: 'Super 4 #1',
      format: 'Super 4',
      series_id: 'super_4',
      pod_number: 1,
      entry_fee_paise: 5000,
      prize_pool_paise: 18000,
      max_players: 4,
    };
    restAnswers([{ ...pod, series: 'quick' }]);
    expect(await podsApi.fetchPod(pod.id)).toEqual(pod);
    // A cup set up by hand in another format (no series, no number) shows there too; a catalog edition has its own page.
    const cup = { ...pod, id: 'demo-groups-cup', series_id: null, pod_number: null, stages: [{ kind: 'groups' }, { kind: 'knockout' }] };
    restAnswers([{ ...cup, series: 'championship' }]);
    expect(await podsApi.fetchPod(cup.id)).toEqual(cup);
    restAnswers([{ ...cup, series: 'championship', series_id: 'championship' }]);
    expect(await podsApi.fetchPod(cup.id)).toBeNull();
    restAnswers([]);
    expect(await podsApi.fetchPod('nope')).toBeNull();
    restAnswers([{ ...pod, pod_number: null }]);
    expect((await failure(podsApi.fetchPodsOfSeries('super_4'))).kind).toBe('malformed');
    restAnswers({ message: 'permission denied', code: '42501' }, 403);
    expect(await failure(podsApi.fetchPod(pod.id))).toMatchObject({ kind: 'refused', code: '42501' });
    vi.unstubAllGlobals();
  });
});
