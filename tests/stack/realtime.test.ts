import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ANON_KEY, anonClient, serviceClient, signedInPlayer, stackUrl } from './helpers.ts';

type Profile = { id: string; in_game_name: string | null };
type Change = RealtimePostgresChangesPayload<Profile>;

const clients = new Set<SupabaseClient>();
afterEach(async () => {
  // Leave no socket behind: an open one would keep reconnecting after the stack stops.
  for (const client of clients) {
    await client.removeAllChannels();
    await client.realtime.disconnect();
  }
  clients.clear();
});

function subscribed(client: SupabaseClient, channel: RealtimeChannel): Promise<void> {
  clients.add(client);
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    });
  });
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('realtime: postgres_changes', () => {
  it('delivers a profile UPDATE to its own subscriber and not to another player', async () => {
    const alice = await signedInPlayer('live-a');
    const bob = await signedInPlayer('live-b');
    const aliceSaw: Change[] = [];
    const bobSpied: Change[] = [];
    const bobSaw: Change[] = [];

    await subscribed(
      alice.client,
      alice.client
        .channel('alice-profile')
        .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'profiles', filter: `id=eq.${alice.userId}` }, (p: Change) =>
          aliceSaw.push(p),
        ),
    );
    // Bob asks for Alice's row by filter, and for every profile change: RLS must hide Alice's from him.
    await subscribed(
      bob.client,
      bob.client
        .channel('bob-watch')
        .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'profiles', filter: `id=eq.${alice.userId}` }, (p: Change) =>
          bobSpied.push(p),
        )
        .on('postgres_changes', { event: '*', schema: 'public', table: 'profiles' }, (p: Change) => bobSaw.push(p)),
    );

    const admin = serviceClient();
    const updated = await admin.from('profiles').update({ in_game_name: 'LiveAce' }).eq('id', alice.userId);
    expect(updated.error).toBeNull();
    await until(() => aliceSaw.length > 0, 'Alice to hear about her profile');
    expect(aliceSaw[0]).toMatchObject({
      eventType: 'UPDATE',
      schema: 'public',
      table: 'profiles',
      new: { id: alice.userId, in_game_name: 'LiveAce' },
    });

    // Changes are delivered in commit order: once Bob hears about his own later change, Alice's has
    // been processed for him too, so its absence is not a timing accident.
    expect((await admin.from('profiles').update({ in_game_name: 'LiveBee' }).eq('id', bob.userId)).error).toBeNull();
    await until(() => bobSaw.length > 0, 'Bob to hear about his own profile');
    expect(bobSaw.map((p) => (p.new as Profile).id)).toEqual([bob.userId]);
    expect(bobSpied).toHaveLength(0);
    expect(aliceSaw).toHaveLength(1);
  });

  it('delivers the change a player makes through an rpc to their own open profile page', async () => {
    const player = await signedInPlayer('live-rpc');
    const seen: Change[] = [];
    await subscribed(
      player.client,
      player.client
        .channel(`profile-${player.userId}`)
        .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'profiles', filter: `id=eq.${player.userId}` }, (p: Change) =>
          seen.push(p),
        ),
    );
    const saved = await player.client.rpc('update_my_profile', {
      p_legal_name: 'Asha Verma',
      p_in_game_name: 'AshaGoal',
      p_age: 19,
      p_game_user_id: 'ABCD-123-456-789',
      p_profile_image_url: null,
    });
    expect(saved.error).toBeNull();
    await until(() => seen.length > 0, 'the profile change');
    expect(seen[0].new).toMatchObject({ id: player.userId, in_game_name: 'AshaGoal', profile_completed: true });
  });

  it('delivers INSERT, UPDATE and DELETE of a public table to an anonymous visitor, filtered by id', async () => {
    const visitor = anonClient();
    const id = `live-cup-${Date.now()}`;
    const seen: RealtimePostgresChangesPayload<{ id: string; filled_slots: number }>[] = [];
    const otherCup: unknown[] = [];
    await subscribed(
      visitor,
      visitor
        .channel('cup')
        .on('postgres_changes', { event: '*', schema: 'public', table: 'tournaments', filter: `id=eq.${id}` }, (p) => seen.push(p as never))
        .on('postgres_changes', { event: '*', schema: 'public', table: 'tournaments', filter: 'id=eq.some-other-cup' }, (p) =>
          otherCup.push(p),
        ),
    );

    const admin = serviceClient();
    const inserted = await admin.from('tournaments').insert({
      id,
      title: 'Live Test Cup',
      series: 'quick',
      format: '1v1',
      entry_fee_paise: 10_000,
      prize_pool_paise: 20_000,
      max_players: 2,
      starts_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(inserted.error).toBeNull();
    expect((await admin.from('tournaments').update({ filled_slots: 1 }).eq('id', id)).error).toBeNull();
    expect((await admin.from('tournaments').delete().eq('id', id)).error).toBeNull();

    await until(() => seen.length === 3, 'three changes');
    expect(seen.map((p) => p.eventType)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    expect(seen[0].new).toMatchObject({ id, filled_slots: 0, max_players: 2 });
    expect(seen[1].new).toMatchObject({ id, filled_slots: 1 });
    expect(seen[2].old).toEqual({ id });
    expect(otherCup).toHaveLength(0);
  });

  it('speaks the 1.0.0 JSON-object protocol too, and names what it does not support', async () => {
    const socket = new WebSocket(`${stackUrl().replace('http', 'ws')}/realtime/v1/websocket?apikey=${ANON_KEY}&vsn=1.0.0`);
    const replies = new Map<string, { event: string; payload: { status: string; response: Record<string, unknown> } }>();
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.ref) replies.set(message.ref, message);
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const push = (ref: string, topic: string, event: string, payload: object) =>
      socket.send(JSON.stringify({ topic, event, payload, ref, join_ref: ref === '1' ? '1' : null }));
    try {
      push('1', 'realtime:raw', 'phx_join', {
        config: { postgres_changes: [{ event: 'UPDATE', schema: 'public', table: 'tournaments' }] },
      });
      push('2', 'phoenix', 'heartbeat', {});
      push('3', 'realtime:raw', 'broadcast', { type: 'broadcast', event: 'ping', payload: {} });
      await until(() => replies.size === 3, 'three replies');
      expect(replies.get('1')?.payload).toMatchObject({
        status: 'ok',
        response: { postgres_changes: [{ event: 'UPDATE', schema: 'public', table: 'tournaments' }] },
      });
      expect(replies.get('2')?.payload).toEqual({ status: 'ok', response: {} });
      expect(replies.get('3')?.payload.status).toBe('error');
      expect(String(replies.get('3')?.payload.response.reason)).toMatch(/broadcast is not supported by the local stack/);
    } finally {
      socket.close();
    }
  });
});
