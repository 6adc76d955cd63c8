/**
 * Realtime sends only what the subscriber could select. If these failed, a visitor subscribed with
 * the anon key would receive columns its grants hide (a player's private details, payment data) in
 * INSERT/UPDATE payloads, or the keys of deleted rows of tables it cannot read at all.
 * Uses tests/stack/fixtures/sql/column-privileges.sql: `secret` is not selectable by anon.
 */
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ANON_KEY, SERVICE_ROLE_KEY, stackUrl } from './helpers.ts';

type Event = { topic: string; event: string; payload: { status?: string; data?: Record<string, unknown> } & Record<string, unknown> };

const sockets: WebSocket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

/** A raw Phoenix socket as the anon key, with every message it receives. */
async function anonSocket(): Promise<{ socket: WebSocket; events: Event[]; next(match: (e: Event) => boolean): Promise<Event> }> {
  const socket = new WebSocket(`${stackUrl().replace('http', 'ws')}/realtime/v1/websocket?apikey=${ANON_KEY}&vsn=1.0.0`);
  sockets.push(socket);
  const events: Event[] = [];
  const waiters: { match: (e: Event) => boolean; resolve: (e: Event) => void }[] = [];
  socket.on('message', (data) => {
    const event = JSON.parse(data.toString()) as Event;
    events.push(event);
    for (const waiter of [...waiters]) {
      if (waiter.match(event)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    }
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return {
    socket,
    events,
    next: (match) => {
      const found = events.find(match);
      return found ? Promise.resolve(found) : new Promise((resolve) => waiters.push({ match, resolve }));
    },
  };
}

async function join(client: Awaited<ReturnType<typeof anonSocket>>, topic: string, changes: Record<string, string>[]) {
  client.socket.send(
    JSON.stringify({
      topic,
      event: 'phx_join',
      ref: topic,
      join_ref: topic,
      payload: { access_token: ANON_KEY, config: { postgres_changes: changes } },
    }),
  );
  const reply = await client.next((e) => e.topic === topic && e.event === 'phx_reply');
  expect(reply.payload.status).toBe('ok');
}

const service = (path: string, init: RequestInit) =>
  fetch(`${stackUrl()}/rest/v1${path}`, {
    ...init,
    headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
  });

describe('security: realtime honours column privileges', () => {
  it('never sends a column the subscriber cannot select, in INSERT, UPDATE or DELETE events', async () => {
    const client = await anonSocket();
    await join(client, 'realtime:columns', [{ event: '*', schema: 'public', table: 'stack_test_column_grants' }]);
    const id = Math.floor(Math.random() * 1e9);
    const changes = (type: string) =>
      client.next(
        (e) =>
          e.event === 'postgres_changes' &&
          e.payload.data?.type === type &&
          (e.payload.data?.record as { id?: number } | undefined)?.id === id,
      );

    expect(
      (await service('/stack_test_column_grants', { method: 'POST', body: JSON.stringify({ id, visible: 'shown', secret: 'hidden-1' }) }))
        .status,
    ).toBe(201);
    const inserted = (await changes('INSERT')).payload.data!;
    expect(inserted.record).toEqual({ id, visible: 'shown' });
    expect((inserted.columns as { name: string }[]).map((c) => c.name).sort()).toEqual(['id', 'visible']);

    expect(
      (await service(`/stack_test_column_grants?id=eq.${id}`, { method: 'PATCH', body: JSON.stringify({ secret: 'hidden-2' }) })).status,
    ).toBe(204);
    expect((await changes('UPDATE')).payload.data?.record).toEqual({ id, visible: 'shown' });

    expect((await service(`/stack_test_column_grants?id=eq.${id}`, { method: 'DELETE', body: '' })).status).toBe(204);
    const deleted = await client.next(
      (e) =>
        e.event === 'postgres_changes' &&
        e.payload.data?.type === 'DELETE' &&
        (e.payload.data?.old_record as { id?: number } | undefined)?.id === id,
    );
    expect(deleted.payload.data?.old_record).toEqual({ id });

    expect(JSON.stringify(client.events)).not.toMatch(/hidden-/);
  });

  it('ignores a filter on a column the subscriber cannot select, which would reveal its values', async () => {
    const client = await anonSocket();
    const id = Math.floor(Math.random() * 1e9);
    await join(client, 'realtime:probe', [
      { event: 'INSERT', schema: 'public', table: 'stack_test_column_grants', filter: 'secret=eq.guess' },
    ]);
    await join(client, 'realtime:marker', [
      { event: 'INSERT', schema: 'public', table: 'stack_test_column_grants', filter: `id=eq.${id + 1}` },
    ]);
    await service('/stack_test_column_grants', { method: 'POST', body: JSON.stringify({ id, visible: 'v', secret: 'guess' }) });
    await service('/stack_test_column_grants', { method: 'POST', body: JSON.stringify({ id: id + 1, visible: 'marker', secret: 'x' }) });
    // Changes go out in commit order: once the later marker arrives, the probe's event would have too.
    await client.next((e) => e.topic === 'realtime:marker' && e.event === 'postgres_changes');
    expect(client.events.filter((e) => e.topic === 'realtime:probe' && e.event === 'postgres_changes')).toEqual([]);
  });

  it("sends nothing, not even a deleted row's key, about a table the subscriber cannot read", async () => {
    const client = await anonSocket();
    const id = Math.floor(Math.random() * 1e9);
    // anon has no privilege at all on profiles; the marker table is readable.
    await join(client, 'realtime:profiles', [{ event: 'DELETE', schema: 'public', table: 'profiles' }]);
    await join(client, 'realtime:marker2', [
      { event: 'INSERT', schema: 'public', table: 'stack_test_column_grants', filter: `id=eq.${id}` },
    ]);
    const { data } = await (await service('/profiles?select=id&limit=1', { method: 'GET' }))
      .json()
      .then((rows) => ({ data: rows as { id: string }[] }));
    if (data[0]) await service(`/profiles?id=eq.${data[0].id}`, { method: 'DELETE' });
    await service('/stack_test_column_grants', { method: 'POST', body: JSON.stringify({ id, visible: 'marker', secret: 'x' }) });
    await client.next((e) => e.topic === 'realtime:marker2' && e.event === 'postgres_changes');
    expect(client.events.filter((e) => e.topic === 'realtime:profiles' && e.event === 'postgres_changes')).toEqual([]);
  });
});
