/**
 * A drawn four-player championship for the match tests: four players with complete profiles, paid and
 * checked in, the draw run by the periodic work an hour before the start. Answers the first semi-final with
 * the players of its host (a) and guest (b).
 */
import { randomUUID } from 'node:crypto';
import { completeProfile, createRegistration, createUser, setDatabaseClock, type TestDatabase } from './helpers.ts';

export type SemiFinal<M> = { tournamentId: string; match: M; a: string; b: string };

export async function drawnSemiFinal<M extends { entry_a: string; entry_b: string }>(
  db: TestDatabase,
  options: { start: Date; title: string },
): Promise<SemiFinal<M>> {
  const at = (minutes: number) => new Date(options.start.getTime() + minutes * 60_000).toISOString();
  const id = `${options.title.toLowerCase().replace(/[^a-z]+/g, '-')}-${randomUUID().slice(0, 8)}`;
  await db.admin.query(
    `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots,
                                     is_live, starts_at)
     values ($1, $2, 'championship', 'Knockout', 15000, 60000, 4, 4, true, $3)`,
    [id, options.title, options.start.toISOString()],
  );
  for (let i = 0; i < 4; i++) {
    const user = await createUser(db);
    await completeProfile(db, user.id);
    await createRegistration(db, user.id, id);
  }
  await db.admin.query('update public.entries set checked_in_at = $2 where tournament_id = $1', [id, at(-120)]);
  await setDatabaseClock(db, at(-59));
  await db.admin.query('select private.run_due_work()');
  const match = (
    await db.admin.query<M>('select * from public.matches where tournament_id = $1 and round = 1 order by position limit 1', [id])
  ).rows[0]!;
  const playerOf = async (entry: string) =>
    (await db.admin.query<{ player_id: string }>('select player_id from public.entries where id = $1', [entry])).rows[0]!.player_id;
  return { tournamentId: id, match, a: await playerOf(match.entry_a), b: await playerOf(match.entry_b) };
}
