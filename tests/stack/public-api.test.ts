/**
 * The public read API over HTTP (docs/api.md; docs/contract.md, The public API), as an outside program reads
 * it: `Accept-Profile: api_v1` on /rest/v1/<view> with only the public key, at most 1,000 rows an answer
 * (config.toml's max_rows, as PostgREST caps them), keyset pages that neither skip nor repeat a row, and
 * writes refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, SERVICE_ROLE_KEY, serviceClient, stackUrl } from './helpers.ts';

const MANY = 1_005;
const prefix = `api-cap-${Date.now().toString(36)}`;

/** A GET as an outside program makes it: the public key, the API's profile, no session. */
async function read(path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${stackUrl()}/rest/v1/${path}`, {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}`, 'accept-profile': 'api_v1' },
  });
  return { status: response.status, body: await response.json() };
}

describe('api_v1 over HTTP', () => {
  const service = serviceClient();

  beforeAll(async () => {
    const rows = Array.from({ length: MANY }, (_, i) => ({
      id: `${prefix}-${String(i).padStart(4, '0')}`,
      title: `Cap Cup ${i}`,
      series: 'championship',
      format: '1v1 Knockout',
      entry_fee_paise: 0,
      prize_pool_paise: 0,
      max_players: 8,
      starts_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    }));
    const response = await fetch(`${stackUrl()}/rest/v1/tournaments`, {
      method: 'POST',
      headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(rows),
    });
    expect(response.status).toBe(201);
  });

  afterAll(async () => {
    await service.from('tournaments').delete().like('id', `${prefix}-%`);
  });

  it('answers a view with the same rows the site shows, with the public key', async () => {
    const { status, body } = await read(`tournaments?id=eq.${prefix}-0007`);
    expect(status).toBe(200);
    expect(body).toEqual([expect.objectContaining({ id: `${prefix}-0007`, title: 'Cap Cup 7', status: expect.any(String), capacity: 8 })]);
    const state = await service.rpc('get_tournament_state', { p_tournament_id: `${prefix}-0007` });
    expect((body as { status: string }[])[0]?.status).toBe((state.data as { status: string }).status);
  });

  it('caps an answer at 1,000 rows, and keyset pages by id read every row exactly once', async () => {
    const first = await read(`tournaments?select=id&id=like.${prefix}-*&order=id`);
    expect(first.status).toBe(200);
    const page1 = (first.body as { id: string }[]).map((r) => r.id);
    expect(page1).toHaveLength(1_000);
    const asked = await read(`tournaments?select=id&id=like.${prefix}-*&order=id&limit=5000`);
    expect(asked.body).toHaveLength(1_000);
    const next = await read(`tournaments?select=id&id=like.${prefix}-*&order=id&id=gt.${page1.at(-1)}`);
    const page2 = (next.body as { id: string }[]).map((r) => r.id);
    expect(page2).toHaveLength(MANY - 1_000);
    expect(new Set([...page1, ...page2]).size).toBe(MANY);
  });

  it('refuses writes, even with the service key', async () => {
    const response = await fetch(`${stackUrl()}/rest/v1/tournaments?id=eq.${prefix}-0001`, {
      method: 'DELETE',
      headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}`, 'content-profile': 'api_v1' },
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    const { error } = await service.schema('api_v1').from('tournaments').delete().eq('id', `${prefix}-0001`);
    expect(error).not.toBeNull();
    expect((await read(`tournaments?id=eq.${prefix}-0001`)).body).toHaveLength(1);
  });

  it('refuses a schema that is not exposed', async () => {
    const response = await fetch(`${stackUrl()}/rest/v1/profiles`, {
      headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}`, 'accept-profile': 'private' },
    });
    expect(response.status).toBe(406);
  });
});
