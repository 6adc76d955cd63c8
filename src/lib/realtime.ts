/**
 * One way for islands to follow rows live. A page reads its data first and subscribes after; a change
 * made between the two (the opponent posts the room while this page loads) would never arrive as an
 * event. So `onCaughtUp` runs each time the channel is (re)subscribed: the island reads again once and
 * misses nothing, also after a dropped connection comes back.
 */
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { getSupabase } from '@/lib/supabase';

type Row = Record<string, unknown>;

export interface RowChanges {
  table: string;
  /** A PostgREST-style filter such as `id=eq.42`. */
  filter: string;
  event?: 'INSERT' | 'UPDATE' | 'DELETE' | '*';
  onChange: (change: RealtimePostgresChangesPayload<Row>) => void;
}

/** Follows the listed row changes on one channel; answers the function that stops following. */
export function watchRows(channelName: string, changes: RowChanges[], onCaughtUp?: () => void): () => void {
  const supabase = getSupabase();
  let channel = supabase.channel(channelName);
  for (const { table, filter, event = '*', onChange } of changes) {
    // The overloads of `on` are keyed by the literal event; '*' covers the shape of all of them.
    channel = channel.on('postgres_changes', { event: event as '*', schema: 'public', table, filter }, onChange);
  }
  channel.subscribe((status) => {
    if (status === 'SUBSCRIBED') onCaughtUp?.();
  });
  return () => {
    void supabase.removeChannel(channel);
  };
}
