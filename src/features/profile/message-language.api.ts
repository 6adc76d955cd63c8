/**
 * The language the player's messages come in (profiles.language): read from get_my_profile, set with
 * set_my_language. Answers are checked with zod; failures are ApiErrors (lib/api-answer.ts).
 */
import * as z from 'zod/mini';
import { oneRow, readAnswer } from '@/lib/api-answer';
import { getSupabase } from '@/lib/supabase';
import { LANGS, type Lang } from '@/lib/i18n/lang';

const Language = z.object({ language: z.enum(LANGS) });

export async function fetchMyMessageLanguage(): Promise<Lang> {
  const answer = await getSupabase().rpc('get_my_profile');
  return readAnswer('rpc get_my_profile', Language, { data: oneRow(answer.data), error: answer.error }).language;
}

export async function setMyMessageLanguage(language: Lang): Promise<Lang> {
  const answer = await getSupabase().rpc('set_my_language', { p_language: language });
  return readAnswer('rpc set_my_language', Language, answer).language;
}
