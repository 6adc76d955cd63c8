/**
 * The tournament's status and windows, the database clock, the entry-fee rule and a registration's
 * entries run on every paid confirmation; they were rewritten from SQL into PL/pgSQL so PostgreSQL plans
 * them once per connection (20261125021000). Nothing a caller sees may move: each function is compared
 * with its earlier SQL definition, kept below word for word as the oracle (only its schema differs), over
 * a grid of tournaments and clock times at and around every boundary of the status, every kind of
 * payment, and registrations of one or several places, with and without a place already held.
 */
import { describe, expect, it } from 'vitest';
import { atScale, createRegistration, createTournament, createUser, databaseForFile, engines } from './helpers.ts';

// The definitions as 20261123040000, 20261123070100 and 20261125020000 made them.
const ORACLE = `
create schema oracle;

create function oracle.tournament_check_in_opens_at(p_tournament public.tournaments)
returns timestamptz
language sql stable set search_path = ''
as $$
  select coalesce(p_tournament.check_in_opens_at,
                  p_tournament.starts_at - case p_tournament.series when 'championship' then interval '24 hours'
                                                                     else interval '60 minutes' end);
$$;

create function oracle.tournament_check_in_closes_at(p_tournament public.tournaments)
returns timestamptz
language sql stable set search_path = ''
as $$
  select coalesce(p_tournament.check_in_closes_at,
                  p_tournament.starts_at - case p_tournament.series when 'championship' then interval '60 minutes'
                                                                     else interval '15 minutes' end);
$$;

create function oracle.tournament_registration_closes_at(p_tournament public.tournaments)
returns timestamptz
language sql stable set search_path = ''
as $$
  select least(coalesce(p_tournament.registration_closes_at, p_tournament.starts_at - interval '1 hour'),
               oracle.tournament_check_in_opens_at(p_tournament));
$$;

create function oracle.tournament_status(p_tournament public.tournaments, p_now timestamptz)
returns text
language sql stable set search_path = ''
as $$
  select case
    when p_tournament.cancelled_at is not null and p_tournament.cancelled_at <= p_now then 'cancelled'
    when p_tournament.fill_deadline_at is not null and p_tournament.fill_deadline_at <= p_now
         and p_tournament.filled_slots < p_tournament.max_players then 'cancelled'
    when p_tournament.settled_at is not null then 'settled'
    when p_tournament.finished_at is not null then 'finished'
    when p_tournament.drawn_at is not null then 'live'
    when oracle.tournament_registration_closes_at(p_tournament) <= p_now then 'check-in'
    when not p_tournament.is_live
         or (p_tournament.registration_opens_at is not null and p_tournament.registration_opens_at > p_now) then 'scheduled'
    when p_tournament.filled_slots >= p_tournament.max_players then 'full'
    else 'open'
  end;
$$;

create function oracle.tournament_takes_payments(p_tournament public.tournaments, p_now timestamptz)
returns boolean
language sql stable set search_path = ''
as $$
  select oracle.tournament_status(p_tournament, p_now) in ('open', 'full')
     and p_tournament.starts_at > p_now;
$$;

create function oracle.clock_now() returns timestamptz
  language sql stable
  set search_path = ''
as $$
  select now();
$$;

create function oracle.payment_has_entry_fee(p_payment public.payments) returns boolean
  language sql immutable set search_path = ''
as $$
  select p_payment.amount_paise > 0 and p_payment.razorpay_payment_id is not null
     and p_payment.status in ('paid', 'refund_pending', 'refunded');
$$;

create function oracle.create_entries_for_registration(p_registration public.tournament_registrations)
returns void
  language sql
  set search_path = ''
as $$
  insert into public.entries (tournament_id, registration_id, slot_number, buyer_id, player_id, invitation_token, created_at)
  select p_registration.tournament_id, p_registration.id, slot, p_registration.user_id,
         case when buyer_plays then p_registration.user_id end,
         case when buyer_plays then null else gen_random_uuid() end,
         p_registration.registered_at
    from generate_series(1, p_registration.slots) as slot
   cross join lateral (
     -- The buyer plays slot 1, unless they already hold a place here (an invitation they accepted).
     select slot = 1 and not exists (select 1 from public.entries e
                                      where e.tournament_id = p_registration.tournament_id
                                        and e.player_id = p_registration.user_id) as buyer_plays
   ) as who
  on conflict (registration_id, slot_number) do nothing;
$$;
`;

/**
 * Tournaments as rows of public.tournaments (never stored), every combination of: series; close time
 * (default, before check-in opens, after it); check-in window (the series default, or its own);
 * publication (open now, opening later, not published); a place left or full; a pod's fill deadline or
 * none; and the markers staff, the draw and the prize run set (none, cancelled, cancellation announced for
 * later, drawn, finished, settled, settled and then cancelled).
 */
const TOURNAMENTS = `
  select jsonb_populate_record(null::public.tournaments, jsonb_build_object(
           'id', 'grid', 'title', 'Grid Cup', 'format', 'Knockout', 'entry_fee_paise', 9900, 'prize_pool_paise', 100000,
           'starts_at', s.starts_at, 'series', series, 'max_players', 8, 'filled_slots', filled,
           'registration_closes_at', s.starts_at + closes,
           'check_in_opens_at', s.starts_at + own_window[1], 'check_in_closes_at', s.starts_at + own_window[2],
           'is_live', published <> 'no', 'registration_opens_at', case when published = 'later' then s.starts_at - interval '5 days' end,
           'fill_deadline_at', s.starts_at + fill_deadline,
           'cancelled_at', s.starts_at + case markers when 'cancelled' then interval '-4 days' when 'cancelled later' then interval '1 hour'
                                                      when 'settled, cancelled' then interval '8 hours' end,
           'cancel_reason', case when markers like '%cancelled%' then 'Called off' end,
           'drawn_at', case when markers in ('drawn', 'finished', 'settled', 'settled, cancelled') then s.starts_at - interval '5 minutes' end,
           'finished_at', case when markers in ('finished', 'settled', 'settled, cancelled') then s.starts_at + interval '5 hours' end,
           'settled_at', case when markers in ('settled', 'settled, cancelled') then s.starts_at + interval '6 hours' end)) as t
    from (select timestamptz '2027-03-20 14:30:00+00' as starts_at) as s,
         unnest(array['championship', 'quick']) as series,
         unnest(array[null, interval '-30 hours', interval '-10 minutes']) as closes,
         (values (array[null, null]::interval[]), (array[interval '-3 hours', interval '-20 minutes'])) as w (own_window),
         unnest(array['now', 'later', 'no']) as published,
         unnest(array[7, 8]) as filled,
         unnest(array[null, interval '-2 days']) as fill_deadline,
         unnest(array['none', 'cancelled', 'cancelled later', 'drawn', 'finished', 'settled', 'settled, cancelled']) as markers`;
const GRID_SIZE = 2 * 3 * 2 * 3 * 2 * 2 * 7;

describe.each(engines)('helpers rewritten in PL/pgSQL answer as before on $name', (engine) => {
  const database = databaseForFile(engine, ORACLE);

  it("are PL/pgSQL now, with the arguments, result and volatility they had, on their caller's search_path", async () => {
    // They run inside confirmations that pin an empty search_path and name every object with its schema, so
    // they inherit it instead of setting it again on every call (*_the_payment_race_takes_the_place_last.sql).
    const { rows } = await database().admin.query<{ name: string; language: string; same_declaration: boolean }>(
      `select n.proname as name, l.lanname as language,
              (n.proargtypes, n.prorettype, n.provolatile, n.prosecdef) = (o.proargtypes, o.prorettype, o.provolatile, o.prosecdef)
                and n.proconfig is null as same_declaration
         from pg_proc n
         join pg_language l on l.oid = n.prolang
         join pg_proc o on o.proname = n.proname and o.pronamespace = 'oracle'::regnamespace
        where n.pronamespace = 'private'::regnamespace
        order by 1`,
    );
    expect(rows).toEqual(
      [
        'clock_now',
        'create_entries_for_registration',
        'payment_has_entry_fee',
        'tournament_check_in_closes_at',
        'tournament_check_in_opens_at',
        'tournament_registration_closes_at',
        'tournament_status',
        'tournament_takes_payments',
      ].map((name) => ({ name, language: 'plpgsql', same_declaration: true })),
    );
  });

  // The grid of every tournament at every boundary repeats the same functions: once, on the engine of the tests at scale (helpers.ts).
  it.runIf(atScale(engine))(
    'give every tournament the same status, windows and payment decision at every boundary of its timeline',
    async () => {
      // Each tournament is asked at every time its answers can change (its own and its defaulted windows,
      // cancellation, fill deadline, opening, start), at that time and a microsecond before (every rule
      // compares with <= or >, so its answer changes between the two), and long before and after.
      const { rows } = await database().admin.query<{
        compared: number;
        tournaments: number;
        statuses: string[];
        takes_payments: boolean[];
        differing: unknown[] | null;
      }>(
        `with grid as (${TOURNAMENTS}),
       asked as (
         select distinct g.t, boundary + nudge as at
           from grid g
          cross join lateral unnest(array[
                   (g.t).starts_at, (g.t).cancelled_at, (g.t).fill_deadline_at, (g.t).registration_opens_at,
                   (g.t).registration_closes_at, (g.t).check_in_opens_at, (g.t).check_in_closes_at,
                   oracle.tournament_registration_closes_at(g.t), oracle.tournament_check_in_opens_at(g.t),
                   oracle.tournament_check_in_closes_at(g.t), (g.t).starts_at - interval '30 days',
                   (g.t).starts_at + interval '30 days']) as boundary
          cross join unnest(array[interval '-1 microsecond', interval '0']) as nudge
          where boundary is not null
       ),
       answers as (
         select t, at,
                jsonb_build_object(
                  'status', private.tournament_status(t, at),
                  'takes_payments', private.tournament_takes_payments(t, at),
                  'registration_closes_at', private.tournament_registration_closes_at(t),
                  'check_in_opens_at', private.tournament_check_in_opens_at(t),
                  'check_in_closes_at', private.tournament_check_in_closes_at(t)) as now_answers,
                jsonb_build_object(
                  'status', oracle.tournament_status(t, at),
                  'takes_payments', oracle.tournament_takes_payments(t, at),
                  'registration_closes_at', oracle.tournament_registration_closes_at(t),
                  'check_in_opens_at', oracle.tournament_check_in_opens_at(t),
                  'check_in_closes_at', oracle.tournament_check_in_closes_at(t)) as before_answers
           from asked
       )
       select count(*)::int as compared,
              count(distinct t::text)::int as tournaments,
              array_agg(distinct before_answers ->> 'status' order by before_answers ->> 'status') as statuses,
              array_agg(distinct (before_answers ->> 'takes_payments')::boolean) as takes_payments,
              (select jsonb_agg(jsonb_build_object('tournament', to_jsonb(d.t), 'at', d.at, 'now', d.now_answers, 'before', d.before_answers))
                 from (select * from answers where now_answers is distinct from before_answers limit 5) as d) as differing
         from answers`,
      );
      const result = rows[0]!;
      expect(result.differing).toBeNull();
      // The grid reaches every status and both payment decisions, so a difference anywhere would show.
      expect(result.statuses).toEqual(['cancelled', 'check-in', 'finished', 'full', 'live', 'open', 'scheduled', 'settled']);
      expect(result.takes_payments).toEqual([false, true]);
      expect(result.tournaments).toBe(GRID_SIZE);
      expect(result.compared).toBeGreaterThan(GRID_SIZE * 10);
    },
  );

  it('read the same clock and judge every payment to carry an entry fee, or not, alike', async () => {
    const { rows } = await database().admin.query<{ same_clock: boolean; compared: number; with_fee: number; differing: unknown[] | null }>(
      `with payments as (
         select jsonb_populate_record(null::public.payments, jsonb_build_object(
                  'id', gen_random_uuid(), 'status', status, 'amount_paise', amount, 'razorpay_payment_id', payment_id,
                  'refunded_paise', refunded)) as p
           from unnest(array['created', 'failed', 'abandoned', 'paid', 'refund_pending', 'refunded']) as status,
                unnest(array[0, 1, 15000]) as amount,
                unnest(array[null, 'pay_grid']) as payment_id,
                unnest(array[0, 15000]) as refunded
       )
       select private.clock_now() = oracle.clock_now() and private.clock_now() = now() as same_clock,
              count(*)::int as compared,
              count(*) filter (where oracle.payment_has_entry_fee(p))::int as with_fee,
              jsonb_agg(to_jsonb(p)) filter (where private.payment_has_entry_fee(p) is distinct from oracle.payment_has_entry_fee(p))
                as differing
         from payments`,
    );
    expect(rows[0]).toEqual({ same_clock: true, compared: 72, with_fee: 12, differing: null });
  });

  it('make the same entries for a registration: one place or several, the buyer playing or already holding a place', async () => {
    const tournament = await createTournament(database(), { max_players: 32 });
    const buyer = await createUser(database());
    const friend = await createUser(database());
    const { registrationId: friendsThree } = await createRegistration(database(), friend.id, tournament.id, { slots: 3 });
    // The buyer accepted an invitation to one of the friend's places before buying places of their own.
    await database().admin.query(
      `update public.entries set player_id = $2, invitation_token = null, accepted_at = now()
        where registration_id = $1 and slot_number = 2`,
      [friendsThree, buyer.id],
    );
    const { registrationId: buyersTwo } = await createRegistration(database(), buyer.id, tournament.id, { slots: 2 });
    const { registrationId: soloOne } = await createRegistration(database(), (await createUser(database())).id, tournament.id);
    const { registrationId: fourPlaces } = await createRegistration(database(), (await createUser(database())).id, tournament.id, {
      slots: 4,
    });

    // Each registration's entries are made again by one definition, then the other (called twice each,
    // as a repeated call must add nothing), and compared without their random ids and invitation tokens.
    const madeBy = async (definition: 'private' | 'oracle', registrationId: string) => {
      const rollback = new Error('rolled back');
      let made: unknown[] = [];
      await database()
        .admin.transaction(async (tx) => {
          await tx.query('delete from public.entries where registration_id = $1', [registrationId]);
          for (let call = 0; call < 2; call++) {
            await tx.query(
              `select ${definition}.create_entries_for_registration(r) from public.tournament_registrations r where r.id = $1`,
              [registrationId],
            );
          }
          made = (
            await tx.query(
              `select tournament_id, slot_number, buyer_id, player_id, invitation_token is not null as invited, created_at, status
                 from public.entries where registration_id = $1 order by slot_number`,
              [registrationId],
            )
          ).rows;
          throw rollback;
        })
        .catch((error: unknown) => {
          if (error !== rollback) throw error;
        });
      return made;
    };

    for (const registrationId of [friendsThree, buyersTwo, soloOne, fourPlaces]) {
      const before = await madeBy('oracle', registrationId);
      expect(await madeBy('private', registrationId)).toEqual(before);
    }
    // The cases are what they claim: the buyer who already held a place plays none of their own.
    const buyersEntries = await madeBy('private', buyersTwo);
    expect(buyersEntries.map((entry) => (entry as { player_id: string | null }).player_id)).toEqual([null, null]);
    const soloEntries = await madeBy('private', soloOne);
    expect(soloEntries).toHaveLength(1);
  });
});
