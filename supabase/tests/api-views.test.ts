/**
 * The public read API (docs/api.md; docs/contract.md, The public API): the schema api_v1 holds exactly the
 * views the OpenAPI description lists, each column is on the allowed list below (nothing personal), anyone
 * reads and nobody writes, every view and column says what it is, each view's key is unique (keyset
 * pagination), a player under 18 is never named and an erased player reads 'Deleted player'.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anon, completeProfile, createRegistration, createUser, engines, player, serviceRole, type TestDatabase } from './helpers.ts';
import { HOSTILE_WORDS } from './hostile-text.ts';

/**
 * Every column a caller of api_v1 may read. A new column is a decision: add it here, with its comment in
 * supabase/schemas/api.sql. Nothing here may be an e-mail, legal name, date of birth, age, PAN, UPI id,
 * phone number or account user id.
 */
const ALLOWED_COLUMNS: Record<string, string[]> = {
  leaderboard: ['rank', 'season', 'player_id', 'in_game_name', 'season_points', 'rating', 'events'],
  matches: [
    'id',
    'tournament_id',
    'round',
    'position',
    'entry_a',
    'entry_b',
    'player_a',
    'player_b',
    'status',
    'score_a',
    'score_b',
    'winner_entry_id',
    'scheduled_at',
    'confirmed_at',
    'stage_no',
    'stage',
    'group_name',
    'bracket',
  ],
  payouts: [
    'entry_id',
    'tournament_id',
    'place',
    'first_place',
    'in_game_name',
    'prize_paise',
    'status',
    'credited_at',
    'paid_at',
    'due_at',
  ],
  players: ['player_id', 'in_game_name', 'rating', 'deviation'],
  prizes: ['id', 'tournament_id', 'band', 'from_place', 'to_place', 'amount_paise_each', 'total_paise'],
  stages: ['id', 'tournament_id', 'stage_no', 'kind', 'name', 'settings', 'drawn', 'closed_at', 'groups', 'swiss_table'],
  standings: ['entry_id', 'tournament_id', 'place', 'place_from', 'place_to', 'in_game_name'],
  tournaments: [
    'id',
    'title',
    'series',
    'format',
    'format_label',
    'status',
    'entry_fee_paise',
    'prize_pool_paise',
    'capacity',
    'entries',
    'registration_closes_at',
    'check_in_opens_at',
    'check_in_closes_at',
    'starts_at',
    'drawn_at',
    'current_round',
    'finished_at',
    'cancelled_at',
    'cancel_reason',
    'draw_commitment',
  ],
};
/** Each view's unique key, the one keyset pagination orders by (docs/api.md). */
const KEYS: Record<string, string> = {
  leaderboard: 'rank',
  matches: 'id',
  payouts: 'entry_id',
  players: 'player_id',
  prizes: 'id',
  stages: 'id',
  standings: 'entry_id',
  tournaments: 'id',
};
/** Names that would carry personal data, whatever view they turned up in. */
const PERSONAL = /e_?mail|legal|birth|\bage\b|_age$|^age|pan|upi|vpa|phone|mobile|user_id|buyer|account/i;

describe.each(engines)('api_v1 on $name', (engine) => {
  let db: TestDatabase;
  let tournamentId: string;
  const names = {
    adult: `Adult${randomUUID().slice(0, 6)}`,
    minor: `Minor${randomUUID().slice(0, 6)}`,
    erased: `Gone${randomUUID().slice(0, 6)}`,
  };

  /** A player with a complete profile under `name`; `dateOfBirth` makes a younger one. */
  async function newPlayer(name: string, dateOfBirth?: string) {
    const user = await createUser(db);
    await completeProfile(db, user.id, dateOfBirth ? { dateOfBirth } : {});
    await db.admin.query('update public.profiles set in_game_name = $2 where id = $1', [user.id, name]);
    return user;
  }

  beforeAll(async () => {
    db = await engine.start();
    const adult = await newPlayer(names.adult);
    const minor = await newPlayer(names.minor, `${new Date().getUTCFullYear() - 15}-01-01`);
    const erased = await newPlayer(names.erased);
    const rival = await newPlayer(`Rival${randomUUID().slice(0, 6)}`);
    tournamentId = `api-${randomUUID().slice(0, 8)}`;
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots, is_live,
                                       starts_at, drawn_at, finished_at)
       values ($1, 'API Cup', 'championship', 'Knockout', 15000, 60000, 4, 0, true, now() - interval '2 hours', now() - interval '2 hours', now())`,
      [tournamentId],
    );
    // The stage the draw would have made.
    await db.admin.query(
      `insert into public.tournament_stages (tournament_id, stage_no, kind, name, settings)
       values ($1, 1, 'knockout', 'Knockout', '{"third_place": false, "qualifiers": 4, "size": 4}')`,
      [tournamentId],
    );
    const entry: Record<string, string> = {};
    for (const [key, who] of Object.entries({ adult, minor, erased, rival })) {
      await createRegistration(db, who.id, tournamentId);
      const { rows } = await db.admin.query<{ id: string }>(
        "update public.entries set checked_in_at = now() - interval '3 hours' where tournament_id = $1 and player_id = $2 returning id",
        [tournamentId, who.id],
      );
      entry[key] = rows[0]!.id;
    }
    const match = (round: number, position: number, a: string, b: string, winner: string) =>
      db.admin.query(
        `insert into public.matches (tournament_id, round, position, entry_a, entry_b, winner_entry_id, score_a, score_b, status, scheduled_at, confirmed_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, 'confirmed', now() - interval '1 hour', now())`,
        [tournamentId, round, position, a, b, winner, winner === a ? 2 : 1, winner === a ? 1 : 2],
      );
    await match(1, 1, entry.adult!, entry.minor!, entry.adult!);
    await match(1, 2, entry.erased!, entry.rival!, entry.erased!);
    await match(2, 1, entry.adult!, entry.erased!, entry.erased!);
    // Erased as the account erasure leaves a profile: empty personal columns, the shared name.
    await db.admin.query(
      `update public.profiles set erased_at = now(), in_game_name = private.deleted_player_name(), legal_name = null, email = null,
              date_of_birth = null, game_user_id = null, profile_completed = false where id = $1`,
      [erased.id],
    );
  });
  afterAll(() => db?.close());

  it('holds exactly the documented views, each column on the allowed list and none personal', async () => {
    const { rows } = await db.admin.query<{ view: string; columns: string[] }>(
      `select c.relname as view, array_agg(a.attname::text order by a.attnum) as columns
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where n.nspname = 'api_v1' group by c.relname, c.relkind order by c.relname`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.view, r.columns]))).toEqual(ALLOWED_COLUMNS);
    const { rows: kinds } = await db.admin.query<{ relkind: string }>(
      `select distinct c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'api_v1'`,
    );
    expect(kinds.map((k) => k.relkind)).toEqual(['v']);
    const personal = Object.entries(ALLOWED_COLUMNS).flatMap(([view, columns]) =>
      columns.filter((c) => PERSONAL.test(c) && !(c === 'player_id' && view !== 'matches')).map((c) => `${view}.${c}`),
    );
    // player_id is the public id (private.player_public_ids), never the account's user id: checked below.
    expect(personal).toEqual([]);
  });

  it('keeps every view a security barrier (a replaced view loses its options unless the migration restores them)', async () => {
    const { rows } = await db.admin.query<{ view: string; options: string[] | null }>(
      `select c.relname as view, c.reloptions as options from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'api_v1' order by 1`,
    );
    expect(rows.filter((r) => !r.options?.includes('security_barrier=true')).map((r) => r.view)).toEqual([]);
  });

  it('comments on every view and every column (the OpenAPI description is made of them)', async () => {
    const { rows } = await db.admin.query<{ what: string }>(
      `select c.relname as what from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'api_v1' and coalesce(obj_description(c.oid, 'pg_class'), '') = ''
       union all
       select c.relname || '.' || a.attname from pg_class c join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where n.nspname = 'api_v1' and coalesce(col_description(c.oid, a.attnum), '') = ''`,
    );
    expect(rows).toEqual([]);
  });

  it.each(Object.keys(ALLOWED_COLUMNS))('lets anyone read %s and nobody write it', async (view) => {
    const reader = await createUser(db);
    for (const actor of [anon, player(reader.id, reader.email), serviceRole]) {
      if (actor !== serviceRole) expect((await db.as(actor, `select * from api_v1.${view}`)).length).toBeGreaterThan(0);
      for (const write of [
        `insert into api_v1.${view} default values`,
        `update api_v1.${view} set ${KEYS[view]} = ${KEYS[view]}`,
        `delete from api_v1.${view}`,
      ]) {
        // Refused: no write grant (42501), or a view that cannot take writes at all (55000, checked first).
        await expect(db.as(actor, write)).rejects.toMatchObject({ code: expect.stringMatching(/^(42501|55000)$/) });
      }
    }
  });

  it.each(Object.entries(KEYS))('keeps %s keyed by a unique %s, so keyset pages never skip or repeat a row', async (view, key) => {
    const [{ total, distinct }] = (await db.as<{ total: number; distinct: number }>(
      anon,
      `select count(*)::int as total, count(distinct ${key})::int as distinct from api_v1.${view}`,
    )) as [{ total: number; distinct: number }];
    expect(distinct).toBe(total);
  });

  it('names an adult, never a player under 18, and an erased player as Deleted player', async () => {
    const matches = await db.as<{ round: number; position: number; player_a: string; player_b: string }>(
      anon,
      'select round, position, player_a, player_b from api_v1.matches where tournament_id = $1 order by round, position',
      [tournamentId],
    );
    expect(matches).toEqual([
      { round: 1, position: 1, player_a: names.adult, player_b: 'A player' },
      { round: 1, position: 2, player_a: 'Deleted player', player_b: expect.stringMatching(/^Rival/) },
      { round: 2, position: 1, player_a: names.adult, player_b: 'Deleted player' },
    ]);
    const standings = await db.as<{ place: string; in_game_name: string }>(
      anon,
      'select place, in_game_name from api_v1.standings where tournament_id = $1 order by place_from, in_game_name',
      [tournamentId],
    );
    expect(standings).toEqual([
      { place: '1st', in_game_name: 'Deleted player' },
      { place: '2nd', in_game_name: names.adult },
      { place: '3rd–4th', in_game_name: 'A player' },
      { place: '3rd–4th', in_game_name: expect.stringMatching(/^Rival/) },
    ]);
    // The payout record the tournament page shows, winners named by the same rule.
    const payouts = await db.as<{ place: string; in_game_name: string; status: string }>(
      anon,
      'select place, in_game_name, status from api_v1.payouts where tournament_id = $1 order by first_place, in_game_name',
      [tournamentId],
    );
    const record = (
      await db.as<{ r: { place: string; status: string }[] }>(anon, 'select public.get_tournament_payouts($1) as r', [tournamentId])
    )[0]!.r;
    expect(payouts.length).toBeGreaterThan(0);
    expect(payouts.map((p) => [p.place, p.status]).sort()).toEqual(record.map((p) => [p.place, p.status]).sort());
    expect(payouts[0]).toMatchObject({ place: '1st', in_game_name: 'Deleted player' });
    const everywhere = JSON.stringify(
      await db.as(
        anon,
        `select (select json_agg(p) from api_v1.players p) as players, (select json_agg(l) from api_v1.leaderboard l) as board,
                (select json_agg(s) from api_v1.standings s) as standings, (select json_agg(m) from api_v1.matches m) as matches,
                (select json_agg(p) from api_v1.payouts p) as payouts, (select json_agg(s) from api_v1.stages s) as stages`,
      ),
    );
    expect(everywhere).not.toContain(names.minor);
    expect(everywhere).not.toContain(names.erased);
    expect(everywhere).not.toContain('@golazo.test');
  });

  it("says each tournament's format as get_tournament_state does, from the stages it declares", async () => {
    const cup = `api-groups-${randomUUID().slice(0, 8)}`;
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots, is_live,
                                       starts_at, stages)
       values ($1, 'API Groups Cup', 'championship', 'Groups then knockout', 0, 0, 16, 0, true, now() + interval '2 days',
               '[{"kind": "groups", "name": "Groups", "group_size": 4, "advance": {"per_group": 2, "best_of_next": 0}},
                 {"kind": "knockout", "name": "Knockout", "third_place": true}]')`,
      [cup],
    );
    const read = async (id: string) =>
      (await db.as<{ format: string }>(anon, 'select format from api_v1.tournaments where id = $1', [id]))[0]?.format;
    const state = async (id: string) =>
      (await db.as<{ s: { format: string } }>(anon, 'select public.get_tournament_state($1) as s', [id]))[0]?.s.format;
    expect(await read(cup)).toBe('groups_knockout');
    expect(await read(tournamentId)).toBe('knockout');
    expect([await read(cup), await read(tournamentId)]).toEqual([await state(cup), await state(tournamentId)]);
  });

  it('lists public players by their public id, never the account id', async () => {
    const players = await db.as<{ player_id: string; in_game_name: string }>(anon, 'select player_id, in_game_name from api_v1.players');
    const adult = players.find((p) => p.in_game_name === names.adult);
    expect(adult?.player_id).toMatch(/^[A-Za-z0-9_-]+$/);
    const { rows } = await db.admin.query('select 1 from public.profiles where id::text = $1', [adult?.player_id]);
    expect(rows).toEqual([]);
    expect(players.map((p) => p.in_game_name)).not.toContain('A player');
  });
  it('answers hostile or malformed ids with no rows, or refuses a malformed uuid as bad input, never an internal error', async () => {
    const byTournament = ['matches', 'standings', 'stages', 'prizes', 'payouts'];
    const long = 'x'.repeat(5000);
    for (const id of [...HOSTILE_WORDS, long, `${tournamentId}' or '1'='1`, `${tournamentId}/99`, `${tournamentId}/1/1`, '']) {
      for (const view of byTournament) {
        expect(await db.as(anon, `select * from api_v1.${view} where tournament_id = $1`, [id])).toEqual([]);
      }
      expect(await db.as(anon, 'select * from api_v1.tournaments where id = $1', [id])).toEqual([]);
      expect(await db.as(anon, 'select * from api_v1.stages where id = $1', [id])).toEqual([]);
      expect(await db.as(anon, 'select * from api_v1.prizes where id = $1', [id])).toEqual([]);
    }
    // A uuid column filtered with something that is not one: PostgreSQL's bad-input error (PostgREST: 400), which
    // names the value and the type only.
    for (const [view, key] of [
      ['matches', 'id'],
      ['standings', 'entry_id'],
      ['payouts', 'entry_id'],
    ] as const) {
      await expect(db.as(anon, `select * from api_v1.${view} where ${key} = $1`, ["1' or 1=1 --"])).rejects.toMatchObject({
        code: '22P02',
        message: expect.not.stringMatching(/private\.|public\.|function|api_/),
      });
    }
  });
});
