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

const channelNames: string[] = [];
vi.mock('@/lib/supabase', () => ({
  // The Realtime client loads on first use, as in the browser.
  getSupabase: () => ({
    realtime: async () => ({
      channel: (name: string) => {
        channelNames.push(name);
        return channel;
      },
      removeChannel,
    }),
  }),
}));

/** Lets the Realtime client "arrive". */
const clientLoaded = () => new Promise((resolve) => setTimeout(resolve, 0));

const { watchRows } = await import('./realtime');

beforeEach(() => {
  channel.listeners = [];
  channel.statusCallback = undefined;
  removeChannel.mockClear();
  channelNames.length = 0;
});

describe('watchRows', () => {
  it('reads again each time the channel starts listening, so a change made during the first load is not lost', async () => {
    const caughtUp = vi.fn();
    watchRows('match-1', [{ table: 'matches', filter: 'id=eq.1', onChange: () => {} }], caughtUp);
    await clientLoaded();
    expect(caughtUp).not.toHaveBeenCalled();
    channel.statusCallback?.('SUBSCRIBED');
    expect(caughtUp).toHaveBeenCalledTimes(1);
    // A dropped connection that comes back subscribes again: read again.
    channel.statusCallback?.('CHANNEL_ERROR');
    channel.statusCallback?.('SUBSCRIBED');
    expect(caughtUp).toHaveBeenCalledTimes(2);
  });

  it('listens to every listed table with its filter and event, and stops on request', async () => {
    const seen: string[] = [];
    const stop = watchRows('tournament', [
      { table: 'matches', filter: 'tournament_id=eq.t', onChange: () => seen.push('match') },
      { table: 'tournaments', filter: 'id=eq.t', event: 'UPDATE', onChange: () => seen.push('tournament') },
    ]);
    await clientLoaded();
    expect(channelNames).toEqual(['tournament']);
    expect(channel.listeners.map((l) => l.filter)).toEqual([
      { event: '*', schema: 'public', table: 'matches', filter: 'tournament_id=eq.t' },
      { event: 'UPDATE', schema: 'public', table: 'tournaments', filter: 'id=eq.t' },
    ]);
    for (const listener of channel.listeners) listener.callback({});
    expect(seen).toEqual(['match', 'tournament']);
    stop();
    expect(removeChannel).toHaveBeenCalledWith(channel);
  });

  it('never subscribes when the view stops before the Realtime client has loaded', async () => {
    const stop = watchRows('left-early', [{ table: 'matches', filter: 'id=eq.2', onChange: () => {} }]);
    stop();
    await clientLoaded();
    expect(channelNames).toEqual([]);
    expect(channel.statusCallback).toBeUndefined();
  });
});
