import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in channel that records its listeners and lets the test say how the subscription went. */
const channel = {
  listeners: [] as { filter: Record<string, string>; callback: (change: unknown) => void }[],
  statusCallback: undefined as ((status: string) => void) | undefined,
  on(_type: string, filter: Record<string, string>, callback: (change: unknown) => void) {
    this.listeners.push({ filter, callback });
    return this;
  },
  subscribe(callback: (status: string) => void) {
    this.statusCallback = callback;
    return this;
  },
};
const removeChannel = vi.fn();

vi.mock('@/lib/supabase', () => ({
  getSupabase: () => ({ channel: () => channel, removeChannel }),
}));

const { watchRows } = await import('./realtime');

beforeEach(() => {
  channel.listeners = [];
  channel.statusCallback = undefined;
  removeChannel.mockClear();
});

describe('watchRows', () => {
  it('reads again each time the channel starts listening, so a change made during the first load is not lost', () => {
    const caughtUp = vi.fn();
    watchRows('match-1', [{ table: 'matches', filter: 'id=eq.1', onChange: () => {} }], caughtUp);
    expect(caughtUp).not.toHaveBeenCalled();
    channel.statusCallback?.('SUBSCRIBED');
    expect(caughtUp).toHaveBeenCalledTimes(1);
    // A dropped connection that comes back subscribes again: read again.
    channel.statusCallback?.('CHANNEL_ERROR');
    channel.statusCallback?.('SUBSCRIBED');
    expect(caughtUp).toHaveBeenCalledTimes(2);
  });

  it('listens to every listed table with its filter and event, and stops on request', () => {
    const seen: string[] = [];
    const stop = watchRows('tournament', [
      { table: 'matches', filter: 'tournament_id=eq.t', onChange: () => seen.push('match') },
      { table: 'tournaments', filter: 'id=eq.t', event: 'UPDATE', onChange: () => seen.push('tournament') },
    ]);
    expect(channel.listeners.map((l) => l.filter)).toEqual([
      { event: '*', schema: 'public', table: 'matches', filter: 'tournament_id=eq.t' },
      { event: 'UPDATE', schema: 'public', table: 'tournaments', filter: 'id=eq.t' },
    ]);
    for (const listener of channel.listeners) listener.callback({});
    expect(seen).toEqual(['match', 'tournament']);
    stop();
    expect(removeChannel).toHaveBeenCalledWith(channel);
  });
});
