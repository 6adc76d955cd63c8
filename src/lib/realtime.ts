/**
 * One way for islands to follow rows live. A page reads its data first and subscribes after; a change
 * made between the two (the opponent posts the room while this page loads) would never arrive as an
 * event. So `onCaughtUp` runs each time the channel is (re)subscribed: the island reads again once and
 * misses nothing, also after a dropped connection comes back.
 */
import type { RealtimeChannel, RealtimePostgresChangesPayload } from '@supabase/realtime-js';
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
  let stopped = false;
  let stop = () => {};
  // The Realtime client loads on first use; a view that stops before it arrives never subscribes.
  void getSupabase()
    .realtime()
    .then((realtime) => {
      if (stopped) return;
      let channel: RealtimeChannel = realtime.channel(channelName);
      for (const { table, filter, event = '*', onChange } of changes) {
        // The overloads of `on` are keyed by the literal event; '*' covers the shape of all of them.
        channel = channel.on('postgres_changes', { event: event as '*', schema: 'public', table, filter }, onChange);
      }
      channel.subscribe((status) => {
        if (status === 'SUBSCRIBED') onCaughtUp?.();
      });
      stop = () => void realtime.removeChannel(channel);
    })
    .catch((error: unknown) => console.warn(`Live updates of ${channelName} could not start`, error));
  return () => {
    stopped = true;
    stop();
  };
}
