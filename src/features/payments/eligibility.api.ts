/**
 * The database's word on who may enter what, and the one-button entry into free tournaments.
 * Answers are checked with zod; refusals and odd answers are ApiErrors (lib/api-answer.ts) whose
 * message is the database's own words.
 */
import * as z from 'zod/mini';
import { readAnswer } from '@/lib/api-answer';
import type { Lang } from '@/lib/i18n/lang';
import { getSupabase } from '@/lib/supabase';
import type { EntryEligibility } from './eligibility';

const EligibilityAnswer = z.object({
  paid_entry_refusal: z.nullable(z.enum(['paid_entry_disabled', 'profile_incomplete', 'too_young_for_paid_entry', 'residence_required'])),
  free_entry_refusal: z.nullable(z.enum(['profile_incomplete', 'parental_consent_required'])),
  parental_consent: z.boolean(),
  pending_parent_email: z.nullable(z.string()),
}) satisfies z.ZodMiniType<EntryEligibility>;

/** Calls that answer nothing worth reading: any answer is fine, only a refusal counts. */
const AnyAnswer = z.unknown();

const ConsentAnswer = z.object({ in_game_name: z.nullable(z.string()) });

export async function fetchMyEntryEligibility(): Promise<EntryEligibility> {
  return readAnswer('rpc get_my_entry_eligibility', EligibilityAnswer, await getSupabase().rpc('get_my_entry_eligibility'));
}

/** Enters a free tournament; throws the database's refusal (full, closed, consent ...) with its message. */
export async function enterFreeTournament(tournamentId: string): Promise<void> {
  readAnswer('rpc enter_free_tournament', AnyAnswer, await getSupabase().rpc('enter_free_tournament', { p_tournament_id: tournamentId }));
}

/** Asks for a parent's consent: the database e-mails them a link. */
export async function requestParentalConsent(parentEmail: string): Promise<void> {
  readAnswer(
    'rpc request_parental_consent',
    AnyAnswer,
    await getSupabase().rpc('request_parental_consent', { p_parent_email: parentEmail }),
  );
}

const ConsentRequestAnswer = z.object({
  in_game_name: z.nullable(z.string()),
  expires_at: z.string(),
  declaration: z.string(),
  relations: z.array(z.enum(['mother', 'father', 'legal_guardian'])),
});
export type ConsentRequest = z.infer<typeof ConsentRequestAnswer>;

const ConfirmAnswer = z.union([
  z.object({ confirmed: z.literal(true), in_game_name: z.nullable(z.string()) }),
  z.object({ confirmed: z.literal(false), reason: z.literal('consent_code_wrong'), attempts_left: z.number() }),
]);
export type ConsentConfirmation = z.infer<typeof ConfirmAnswer>;

/**
 * Who asks for consent behind an e-mailed link, and the declaration the parent confirms (readable before signing in).
 * `lang`: the page's; the declaration comes in it (the database's message catalog), as the parent will tick it.
 */
export async function fetchParentalConsentRequest(token: string, lang: Lang): Promise<ConsentRequest> {
  return readAnswer(
    'rpc get_parental_consent_request',
    ConsentRequestAnswer,
    await getSupabase().rpc('get_parental_consent_request', { p_token: token, p_language: lang }),
  );
}

/**
 * The parent's consent, signed in with their own account: the code from the e-mail, their name, relation and the
 * declaration they ticked. `lang`: the page's, so the consent keeps the declaration in the words the parent read.
 */
export async function confirmParentalConsent(
  token: string,
  answer: { code: string; parentName: string; relation: string; declaration: boolean },
  lang: Lang,
): Promise<ConsentConfirmation> {
  return readAnswer(
    'rpc confirm_parental_consent',
    ConfirmAnswer,
    await getSupabase().rpc('confirm_parental_consent', {
      p_token: token,
      p_code: answer.code,
      p_parent_name: answer.parentName,
      p_relation: answer.relation,
      p_declaration: answer.declaration,
      p_language: lang,
    }),
  );
}

/** The parent's one click from the e-mail that confirmed their consent. */
export async function withdrawParentalConsent(token: string): Promise<{ in_game_name: string | null }> {
  return readAnswer(
    'rpc withdraw_parental_consent',
    ConsentAnswer,
    await getSupabase().rpc('withdraw_parental_consent', { p_token: token }),
  );
}

/** The player's own one click: their parent's consent is withdrawn and free entry closes again. */
export async function withdrawMyParentalConsent(): Promise<void> {
  readAnswer('rpc withdraw_my_parental_consent', AnyAnswer, await getSupabase().rpc('withdraw_my_parental_consent'));
}
