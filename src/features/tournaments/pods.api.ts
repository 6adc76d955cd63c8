/**
 * Reading pods (quick-format tournaments the database creates) for the series and pod pages. Public rows,
 * read with a plain request (public-api.ts): the pod page shows its pod without loading supabase-js.
 * Answers are checked with zod; failures are ApiErrors (lib/api-answer.ts).
 */
import * as z from 'zod/mini';
import { selectPublicRows } from './public-api';

export const PodRow = z.object({
  id: z.string(),
  title: z.string(),
  format: z.string(),
  // A quick tournament the organisers set up by hand (a cup) belongs to no series and has no number.
  series_id: z.nullable(z.string()),
  pod_number: z.nullable(z.int()),
  entry_fee_paise: z.int(),
  prize_pool_paise: z.int(),
  max_players: z.int(),
  // The stages the tournament is declared with (null: one knockout), for the words above its bracket.
  stages: z.optional(z.nullable(z.array(z.object({ kind: z.string() })))),
});
export type PodRow = z.infer<typeof PodRow>;

/** A series' pods always have their series and number. */
const SeriesPodRow = z.object({ ...PodRow.shape, series_id: z.string(), pod_number: z.int() });

const COLUMNS = 'id,title,format,series_id,pod_number,entry_fee_paise,prize_pool_paise,max_players';

/** The newest pods of a series (the open one first), newest first. */
export function fetchPodsOfSeries(seriesId: string, limit = 8): Promise<PodRow[]> {
  const query = `select=${COLUMNS}&series_id=eq.${encodeURIComponent(seriesId)}&pod_number=not.is.null&order=pod_number.desc&limit=${limit}`;
  return selectPublicRows('pods of a series', 'tournaments', query, z.array(SeriesPodRow));
}

const FullPodRow = z.object({ ...SeriesPodRow.shape, filled_slots: z.int() });

/**
 * The pods whose every place is taken and whose draw has not run: their waitlists still take players until
 * check-in closes (the database says whether each does, get_waitlist). A series has at most one such pod at a time.
 */
export async function fetchFullPods(): Promise<PodRow[]> {
  const query = `select=${COLUMNS},filled_slots&series=eq.quick&pod_number=not.is.null&drawn_at=is.null&cancelled_at=is.null&order=series_id.asc,pod_number.desc&limit=50`;
  const rows = await selectPublicRows('full pods', 'tournaments', query, z.array(FullPodRow));
  return rows.filter((row) => row.filled_slots >= row.max_players);
}

/**
 * One tournament the pod page shows, or null when none has this id: a quick-format tournament (a pod or a
 * cup), or a cup set up by hand in any format (no series, no number: the seeded groups, Swiss and
 * double-elimination cups), which has no page of its own from the build.
 */
export async function fetchPod(podId: string): Promise<PodRow | null> {
  const query = `select=${COLUMNS},stages,series&id=eq.${encodeURIComponent(podId)}`;
  const [row] = await selectPublicRows('one pod', 'tournaments', query, z.array(z.object({ ...PodRow.shape, series: z.string() })));
  // A championship edition of the catalog has its own page; only the hand-made cup has no series of its own.
  if (!row || (row.series !== 'quick' && (row.series_id !== null || row.pod_number !== null))) return null;
  const { series: _series, ...pod } = row;
  return pod;
}
