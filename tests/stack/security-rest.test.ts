/**
 * REST injection: every place a request names something (filter keys, select, aliases, order,
 * on_conflict, embedded filters, rpc argument names, body keys, table and function names, the
 * Prefer / Range / profile headers) is fed hostile text with only the anon key. Each must be refused
 * before it reaches SQL (PostgREST's error shape, never a Postgres syntax error, never a 500),
 * must leak nothing a second player owns, and must change nothing.
 *
 * If these failed, anyone holding the public anon key could read every player's e-mail, payments and
 * refresh tokens, or mark an unpaid order as a paid registration.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, serviceClient, signedInPlayer, stackUrl } from './helpers.ts';

const HOSTILE = [
  '"a" or 1=1 --"',
  '"id" is not null or "id"',
  'id" or true --',
  'id) or (true',
  "id'; drop table public.profiles; --",
  "id,(select string_agg(email, ',') from auth.users)",
  '(select email from auth.users limit 1)',
  'id::text',
  "id;select set_config('role', 'postgres', true)",
  '*/ or true /*',
  '$1',
  'id\u0000',
  '"id"" or true --"',
  'x'.repeat(5000),
  'é"ü\'∑',
];

/** Statuses and codes a refused request may carry: PostgREST's own, or "no such thing". */
const REFUSED_CODES = new Set([
  'PGRST100',
  'PGRST102',
  'PGRST103',
  'PGRST106',
  'PGRST202',
  'PGRST204',
  'PGRST205',
  'PGRST501',
  '42703',
  '42501',
  '22P02',
  '22021',
]);

type Position = { name: string; request: (value: string) => { path: string; init?: RequestInit } };

const enc = encodeURIComponent;
const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', prefer: 'return=representation', ...headers },
  body: JSON.stringify(body),
});

const POSITIONS: Position[] = [
  { name: 'filter key', request: (v) => ({ path: `/rest/v1/profiles?${enc(v)}=eq.1` }) },
  {
    name: 'filter key on a set-returning function',
    request: (v) => ({ path: `/rest/v1/rpc/get_tournament_participants?p_tournament_id=champions-dec-2026&${enc(v)}=eq.1` }),
  },
  { name: 'filter value', request: (v) => ({ path: `/rest/v1/profiles?id=eq.${enc(v)}` }) },
  { name: 'filter operator', request: (v) => ({ path: `/rest/v1/profiles?id=${enc(v)}.1` }) },
  { name: 'in list', request: (v) => ({ path: `/rest/v1/profiles?id=in.(${enc(v)})` }) },
  { name: 'is value', request: (v) => ({ path: `/rest/v1/profiles?id=is.${enc(v)}` }) },
  { name: 'select', request: (v) => ({ path: `/rest/v1/profiles?select=${enc(v)}` }) },
  { name: 'select alias', request: (v) => ({ path: `/rest/v1/profiles?select=${enc(v)}:id` }) },
  {
    name: 'select on a function',
    request: (v) => ({ path: `/rest/v1/rpc/get_tournament_participants?p_tournament_id=champions-dec-2026&select=${enc(v)}` }),
  },
  { name: 'order', request: (v) => ({ path: `/rest/v1/profiles?order=${enc(v)}` }) },
  { name: 'order modifier', request: (v) => ({ path: `/rest/v1/profiles?order=id.${enc(v)}` }) },
  {
    name: 'order on a function',
    request: (v) => ({ path: `/rest/v1/rpc/get_tournament_participants?p_tournament_id=champions-dec-2026&order=${enc(v)}` }),
  },
  { name: 'limit', request: (v) => ({ path: `/rest/v1/profiles?limit=${enc(v)}` }) },
  { name: 'offset', request: (v) => ({ path: `/rest/v1/profiles?offset=${enc(v)}` }) },
  {
    name: 'on_conflict',
    request: (v) => ({ path: `/rest/v1/profiles?on_conflict=${enc(v)}`, init: json('POST', { id: crypto.randomUUID() }) }),
  },
  { name: 'embedded filter', request: (v) => ({ path: `/rest/v1/profiles?payments.${enc(v)}=eq.1` }) },
  { name: 'rpc GET argument name', request: (v) => ({ path: `/rest/v1/rpc/get_tournament_participants?${enc(v)}=x` }) },
  {
    name: 'rpc POST argument name',
    request: (v) => ({ path: '/rest/v1/rpc/get_tournament_participants', init: json('POST', { [v]: 'x' }) }),
  },
  { name: 'insert body key', request: (v) => ({ path: '/rest/v1/profiles', init: json('POST', { [v]: 'x' }) }) },
  { name: 'update body key', request: (v) => ({ path: '/rest/v1/payments?id=not.is.null', init: json('PATCH', { [v]: 'paid' }) }) },
  { name: 'table name', request: (v) => ({ path: `/rest/v1/${enc(v)}` }) },
  { name: 'function name', request: (v) => ({ path: `/rest/v1/rpc/${enc(v)}`, init: json('POST', {}) }) },
  {
    name: 'Prefer header',
    request: (v) => ({ path: '/rest/v1/profiles?select=id', init: { headers: { prefer: `count=${headerSafe(v)}` } } }),
  },
  { name: 'Range header', request: (v) => ({ path: '/rest/v1/profiles?select=id', init: { headers: { range: headerSafe(v) } } }) },
  { name: 'Accept-Profile header', request: (v) => ({ path: '/rest/v1/users', init: { headers: { 'accept-profile': headerSafe(v) } } }) },
  {
    name: 'Content-Profile header',
    request: (v) => ({ path: '/rest/v1/rpc/get_tournament_states', init: json('POST', {}, { 'content-profile': headerSafe(v) }) }),
  },
];

/** Header values cannot carry control or non-Latin-1 characters; keep the rest of the attack. */
function headerSafe(value: string): string {
  return value.replace(/[^\u0020-\u007e]/g, '?');
}

async function send(position: Position, value: string) {
  const { path, init = {} } = position.request(value);
  const response = await fetch(`${stackUrl()}${path}`, {
    ...init,
    headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}`, ...(init.headers as Record<string, string>) },
  });
  return { status: response.status, text: await response.text() };
}

let canary: { email: string; userId: string; refreshToken: string };

function withoutClockStamps(row: object) {
  return Object.fromEntries(Object.entries(row).filter(([column]) => column !== 'updated_at' && !column.endsWith('_announced_at')));
}

/** What the service role sees of the tables that hold money and people, to prove nothing changed. */
async function snapshot() {
  const service = serviceClient();
  const tables = ['profiles', 'payments', 'tournament_registrations', 'tournaments'];
  const result: Record<string, unknown> = {};
  for (const table of tables) {
    const { data, error } = await service.from(table).select('*').order('id');
    expect(error).toBeNull();
    // The periodic job may stamp a tournament as it announces a draw while this test runs: those
    // bookkeeping times are the clock's doing, not a request's, so they are left out of the comparison.
    result[table] = table === 'tournaments' ? (data ?? []).map((row) => withoutClockStamps(row)) : data;
  }
  return result;
}

beforeAll(async () => {
  const player = await signedInPlayer('canary');
  const { data } = await player.client.auth.getSession();
  canary = { email: player.email, userId: player.userId, refreshToken: data.session?.refresh_token ?? '' };
});

describe('security: hostile names and values in every REST position', () => {
  it("refuses each one with a 4xx PostgREST error before SQL, leaks no other player's data and changes nothing", async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const position of POSITIONS) {
      for (const value of HOSTILE) {
        const { status, text } = await send(position, value);
        const label = `${position.name} <- ${JSON.stringify(value.slice(0, 60))}: ${status} ${text.slice(0, 200)}`;
        // 501 PGRST501 names a PostgREST feature the local stack leaves out: a refusal too, before any SQL.
        if (status >= 500 && !(status === 501 && text.includes('"PGRST501"'))) failures.push(`server error: ${label}`);
        if (text.includes(canary.email) || text.includes(canary.userId) || text.includes(canary.refreshToken))
          failures.push(`leak: ${label}`);
        if (status >= 400) {
          let body: { code?: unknown; message?: unknown; details?: unknown; hint?: unknown };
          try {
            body = JSON.parse(text);
          } catch {
            failures.push(`not JSON: ${label}`);
            continue;
          }
          if (!('message' in body && 'code' in body && 'details' in body && 'hint' in body))
            failures.push(`not PostgREST's error shape: ${label}`);
          // A Postgres syntax error would mean the text reached SQL: it must be refused by the parser first.
          if (!REFUSED_CODES.has(String(body.code))) failures.push(`unexpected code: ${label}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, 120_000);

  it('does not let a quoted filter key rewrite the WHERE clause of a set-returning function', async () => {
    // Before: `"tournament_id" is not null or "tournament_id"=eq.none` became SQL and returned every row.
    const { status, text } = await send(POSITIONS[1], '"tournament_id" is not null or "tournament_id"');
    expect(status).toBe(400);
    expect(JSON.parse(text)).toMatchObject({ code: 'PGRST100' });
  });

  it("answers 400 42703 for a column the table does not have, with PostgREST's shape", async () => {
    const { status, text } = await send(POSITIONS[0], 'no_such_column');
    expect(status).toBe(400);
    expect(JSON.parse(text)).toEqual({
      code: '42703',
      details: null,
      hint: null,
      message: 'column profiles.no_such_column does not exist',
    });
  });

  it('still accepts quoted names of real columns and a Range header', async () => {
    const { status, text } = await send(
      {
        name: 'quoted',
        request: () => ({
          path: '/rest/v1/tournaments?select=%22id%22&%22id%22=not.is.null&order=%22id%22.asc',
          init: { headers: { range: '0-1' } },
        }),
      },
      '',
    );
    expect(status).toBe(200);
    expect(JSON.parse(text)).toHaveLength(2);
  });
});
