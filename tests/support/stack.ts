/**
 * The local stack over HTTP, as a test reaches it: requests as a role (anon, a signed-in player, the
 * service role) with the stack's well-known keys, database functions, table rows, the movable clock and
 * the due work. The stack and end-to-end tests build one with their stack's URL.
 *
 * Plain TypeScript with `fetch` and no Node-only imports: Node and Deno both load it.
 */
import { ANON_KEY, SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import { type DatabaseClock, databaseClock, type DueWorkResult, runDueStep, runDueWork, type ServiceRpc } from './clock.ts';

/** Who makes a request: the anon key, the service role key, or a player's session (any access token). */
export type Caller = 'anon' | 'service_role' | { access_token: string };

export interface RequestOptions {
  as?: Caller;
  method?: string;
  /** Sent as JSON; a string or bytes are sent as they are. */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface LocalStack {
  url: string;
  /** The answer to one request, whatever its status (for tests about the answer itself). */
  request(path: string, options?: RequestOptions): Promise<Response>;
  /** `POST /rest/v1/rpc/<name>` as `as`; the answer whatever its status. */
  rpc(name: string, args?: Record<string, unknown>, as?: Caller): Promise<Response>;
  /** A database function's result; a refusal throws with the database's answer. */
  call<T = unknown>(name: string, args: Record<string, unknown>, as: Caller): Promise<T>;
  /**
   * A REST request (default: the service role, GET, or POST with a body) answering the parsed body: the rows
   * written for POST and PATCH. A refusal throws with the answer.
   */
  rest<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  clock: DatabaseClock;
  /** Runs the periodic work and drains the outbox through the doubles before answering. */
  runDueWork(): Promise<DueWorkResult & { outbox: { success: boolean } }>;
  /** Runs one periodic step alone (for a test holding the clock far ahead), without draining the outbox. */
  runDueStep(step: string): Promise<DueWorkResult>;
  /**
   * Puts today's pods back after a test moved the clock ahead (since `movedAt`) and gave it back: the pods the
   * due work opened while it was ahead would read "coming soon" until then, and the empty pods it closed at a
   * fill deadline still ahead were not due to close; the next files of a run expect today's open pods.
   */
  restorePodsAfterClockJump(movedAt: Date): Promise<void>;
}

function bearer(as: Caller): string {
  if (as === 'anon') return ANON_KEY;
  if (as === 'service_role') return SERVICE_ROLE_KEY;
  return as.access_token;
}

async function parsedOrThrow<T>(what: string, response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export function localStack(url: string): LocalStack {
  function request(path: string, { as = 'anon', method, body, headers = {} }: RequestOptions = {}): Promise<Response> {
    const raw = typeof body === 'string' || body instanceof Uint8Array;
    return fetch(`${url}${path}`, {
      method: method ?? (body === undefined ? 'GET' : 'POST'),
      headers: {
        apikey: as === 'service_role' ? SERVICE_ROLE_KEY : ANON_KEY,
        authorization: `Bearer ${bearer(as)}`,
        ...(body === undefined || raw ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : raw ? (body as BodyInit) : JSON.stringify(body),
    });
  }
  const rpc = (name: string, args: Record<string, unknown> = {}, as: Caller = 'anon') =>
    request(`/rest/v1/rpc/${name}`, { as, body: args });
  const call = async <T>(name: string, args: Record<string, unknown>, as: Caller) => parsedOrThrow<T>(name, await rpc(name, args, as));
  const callAsService: ServiceRpc = (name, args) => call(name, args, 'service_role');
  return {
    url,
    request,
    rpc,
    call,
    async rest<T>(path: string, { as = 'service_role', headers, ...rest }: RequestOptions = {}) {
      // The service role's rows are test fixtures: they may be put in any state directly (x-golazo-fixture).
      const fixture: Record<string, string> = as === 'service_role' ? { 'x-golazo-fixture': '1' } : {};
      return parsedOrThrow<T>(
        path,
        await request(path, { as, ...rest, headers: { prefer: 'return=representation', ...fixture, ...headers } }),
      );
    },
    clock: databaseClock(callAsService),
    runDueWork: () => runDueWork(callAsService) as ReturnType<LocalStack['runDueWork']>,
    runDueStep: (step) => runDueStep(callAsService, step),
    async restorePodsAfterClockJump(movedAt) {
      const since = encodeURIComponent(movedAt.toISOString());
      await parsedOrThrow(
        'delete the pods opened ahead',
        await request(`/rest/v1/tournaments?pod_number=not.is.null&registration_opens_at=gt.${since}`, {
          as: 'service_role',
          method: 'DELETE',
          headers: { 'x-golazo-fixture': '1' },
        }),
      );
      // Pods the due work cancelled at a fill deadline still ahead of real time were not due to close yet.
      const now = encodeURIComponent(new Date().toISOString());
      await parsedOrThrow(
        'reopen the pods closed ahead',
        await request(`/rest/v1/tournaments?pod_number=not.is.null&filled_slots=eq.0&cancelled_at=gt.${now}`, {
          as: 'service_role',
          method: 'PATCH',
          body: { cancelled_at: null, cancel_reason: null },
          headers: { 'x-golazo-fixture': '1' },
        }),
      );
      await runDueWork(callAsService);
    },
  };
}
