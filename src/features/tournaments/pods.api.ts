/**
 * Reading pods (quick-format tournaments the database creates) for the series and pod pages. Public.
 * Answers are checked with zod; failures are ApiErrors (lib/api-answer.ts).
 */
import * as z from 'zod/mini';
import { readAnswer } from '@/lib/api-answer';
import { getSupabase } from '@/lib/supabase';

export const PodRow = z.object({
  id: z.string(),
  title: z.string(),
  format: z.string(),
  series_id: z.string(),
  pod_number: z.int(),
  entry_fee_paise: z.int(),
  prize_pool_paise: z.int(),
  max_players: z.int(),
});
export type PodRow = z.infer<typeof PodRow>;

const COLUMNS = 'id, title, format, series_id, pod_number, entry_fee_paise, prize_pool_paise, max_players';

/** The newest pods of a series (the open one first), newest first. */
export async function fetchPodsOfSeries(seriesId: string, limit = 8): Promise<PodRow[]> {
  const answer = await getSupabase()
    .from('tournaments')
    .select(COLUMNS)
    .eq('series_id', seriesId)
    .not('pod_number', 'is', null)
    .order('pod_number', { ascending: false })
    .limit(limit);
  return readAnswer('pods of a series', z.array(PodRow), answer);
}

/** One pod, or null when no pod has this id. */
export async function fetchPod(podId: string): Promise<PodRow | null> {
  const answer = await getSupabase().from('tournaments').select(COLUMNS).eq('id', podId).not('pod_number', 'is', null).maybeSingle();
  return readAnswer('one pod', z.nullable(PodRow), answer);
}
