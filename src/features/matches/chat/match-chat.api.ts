/**
 * What the match chat asks the backend: the thread (get_match_messages), what the viewer may write now
 * (get_match_chat_rules: the quick phrases, free text or not, open or closed), sending, reporting, and the
 * thread's new rows live. The database holds every rule; the page only offers what it was told.
 */
import * as z from 'zod/mini';
import { readAnswer } from '@/lib/api-answer';
import { watchRows } from '@/lib/realtime';
import { getSupabase } from '@/lib/supabase';

const ChatSender = z.enum(['a', 'b', 'staff']);
export type ChatSender = z.infer<typeof ChatSender>;

const ChatMessage = z.object({ id: z.int(), sender: ChatSender, body: z.string(), sent_at: z.string() });
export type ChatMessage = z.infer<typeof ChatMessage>;

const ChatRules = z.object({
  phrases: z.array(z.string()),
  free_text: z.boolean(),
  max_length: z.int(),
  open: z.boolean(),
  closes_at: z.nullable(z.string()),
  side: ChatSender,
});
export type ChatRules = z.infer<typeof ChatRules>;

export async function fetchChat(matchId: string): Promise<{ rules: ChatRules; messages: ChatMessage[] }> {
  const supabase = getSupabase();
  const [rules, messages] = await Promise.all([
    supabase.rpc('get_match_chat_rules', { p_match_id: matchId }),
    supabase.rpc('get_match_messages', { p_match_id: matchId }),
  ]);
  return {
    rules: readAnswer('rpc get_match_chat_rules', ChatRules, rules),
    messages: readAnswer('rpc get_match_messages', z.array(ChatMessage), messages),
  };
}

export async function sendMessage(matchId: string, body: string): Promise<ChatMessage> {
  const answer = await getSupabase().rpc('send_match_message', { p_match_id: matchId, p_body: body.trim() });
  return readAnswer('rpc send_match_message', ChatMessage, answer);
}

export async function reportMessage(messageId: number, reason: string): Promise<void> {
  const answer = await getSupabase().rpc('report_match_message', { p_message_id: messageId, p_reason: reason.trim() || null });
  readAnswer('rpc report_match_message', z.object({ reported: z.boolean() }), answer);
}

/** Calls `onChange` when a message is added to the match's thread (and once subscribed, to catch up). */
export function watchChat(matchId: string, onChange: () => void): () => void {
  return watchRows(
    `match-chat-${matchId}`,
    [{ table: 'match_messages', filter: `match_id=eq.${matchId}`, event: 'INSERT', onChange: () => onChange() }],
    onChange,
  );
}
