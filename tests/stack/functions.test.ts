import { describe, expect, it } from 'vitest';
import { ANON_KEY, anonClient, stackUrl } from './helpers.ts';

describe('functions: edge functions under Deno', () => {
  it('runs a function under Deno with the Supabase environment', { timeout: 90_000 }, async () => {
    const { data, error } = await anonClient().functions.invoke('echo-env', { body: { hello: 'arena' } });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      method: 'POST',
      path: '/echo-env',
      body: { hello: 'arena' },
      supabaseUrl: stackUrl(),
      anonKeySet: true,
      serviceRoleKeySet: true,
    });
    expect(data.runtime).toMatch(/^deno \d+\./);
  });

  it('restarts a function that crashed on the next request', { timeout: 90_000 }, async () => {
    const client = anonClient();
    const crashed = await fetch(`${stackUrl()}/functions/v1/echo-env/crash`, { method: 'POST', headers: { authorization: `Bearer ${ANON_KEY}` } });
    expect(crashed.status).toBe(502);
    const { data, error } = await client.functions.invoke('echo-env', { body: { again: true } });
    expect(error).toBeNull();
    expect(data.body).toEqual({ again: true });
  });

  it('verifies the JWT like the CLI does by default', async () => {
    const missing = await fetch(`${stackUrl()}/functions/v1/echo-env`, { method: 'POST', body: '{}' });
    expect(missing.status).toBe(401);
    const forged = await fetch(`${stackUrl()}/functions/v1/echo-env`, { method: 'POST', body: '{}', headers: { authorization: 'Bearer a.b.c' } });
    expect(forged.status).toBe(401);
  });

  it('answers 404 for a function that does not exist', async () => {
    const response = await fetch(`${stackUrl()}/functions/v1/no-such-function`, { method: 'POST' });
    expect(response.status).toBe(404);
  });
});
