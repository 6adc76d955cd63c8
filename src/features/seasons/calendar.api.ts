/**
 * The calendar's reads of Supabase: one edition of a recurring series (public row, read
 * with a plain request, so the edition page loads no supabase-js) and the staff console's calendar.
 * Answers are checked with zod; failures are ApiErrors (lib/api-answer.ts).
 */
import * as z from 'zod/mini';
import { readAnswer } from '@/lib/api-answer';
import { getSupabase } from '@/lib/supabase';
import { selectPublicRows } from '@/features/tournaments/public-api';

export const EditionRow = z.object({
  id: z.string(),
  title: z.string(),
  format: z.string(),
  edition_of: z.string(),
  entry_fee_paise: z.int(),
  prize_pool_paise: z.int(),
  max_players: z.int(),
  starts_at: z.string(),
});
export type EditionRow = z.infer<typeof EditionRow>;

/** One edition a recurring series made, or null when none has this id. */
export async function fetchEdition(id: string): Promise<EditionRow | null> {
  const query = `select=id,title,format,edition_of,entry_fee_paise,prize_pool_paise,max_players,starts_at&id=eq.${encodeURIComponent(id)}&edition_of=not.is.null`;
  const [edition] = await selectPublicRows('one edition', 'tournaments', query, z.array(EditionRow));
  return edition ?? null;
}

const PlannedNext = z.object({
  id: z.string(),
  series_id: z.string(),
  title: z.string(),
  starts_at: z.string(),
  creates_at: z.string(),
  max_players: z.int(),
  entry_fee_paise: z.int(),
  prize_pool_paise: z.int(),
  cancel_reason: z.nullable(z.string()),
});
const OverrideRow = z.object({
  edition_id: z.string(),
  series_id: z.string(),
  note: z.string(),
  starts_at: z.nullable(z.string()),
  title: z.nullable(z.string()),
  max_players: z.nullable(z.int()),
  cancel_reason: z.nullable(z.string()),
  exists: z.boolean(),
});
export const StaffCalendar = z.object({ next: z.array(PlannedNext), overrides: z.array(OverrideRow) });
export type StaffCalendar = z.infer<typeof StaffCalendar>;

/** Staff: what the recurring series create next, and the overrides of single editions. */
export async function fetchStaffCalendar(): Promise<StaffCalendar> {
  return readAnswer('rpc staff_get_calendar', StaffCalendar, await getSupabase().rpc('staff_get_calendar'));
}
