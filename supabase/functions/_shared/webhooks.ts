/**
 * Webhook deliveries (outbox kind `webhook_delivery`): one event posted to one endpoint an admin registered.
 *
 * Signed as Standard Webhooks sign (https://www.standardwebhooks.com): headers `webhook-id` (the event's id,
 * the same at every attempt and for every endpoint, so a receiver drops a repeat), `webhook-timestamp` (the
 * attempt's time, in seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`
 * keyed with the secret's bytes (base64 after its `whsec_` prefix). Web Crypto's HMAC does the signing.
 *
 * The address was checked when it was registered (private.webhook_url_refusal) and is checked again here at
 * every attempt, after resolving its name: an endpoint whose name now points into a private network (or this
 * machine, link-local, shared or unique-local space) is refused, and redirects are never followed. A name
 * could still resolve differently between the check and the connection (DNS rebinding); the refusal of
 * redirects and of private names at registration narrows what that could reach.
 *
 * A Discord webhook address gets a message Discord shows (a line and an embed) instead of the raw event, and
 * Discord's `retry_after` (on a 429) is passed on so the outbox waits at least that long.
 */

export type WebhookDeps = {
  /** The local stack (GOLAZO_LOCAL_STACK): its own receiver, `<stack URL>/__webhooks/<name>`, is allowed. */
  localReceiverPrefix?: string;
  /** Resolves a host name to its IP addresses (Deno.resolveDns for A and AAAA). */
  resolve: (host: string) => Promise<string[]>;
  fetch?: typeof fetch;
  now?: () => Date;
  /** The site's origin, for the links of a Discord message. */
  siteOrigin?: string;
};

/** What the database gives the worker for one delivery (private.webhook_delivery_details). */
export type WebhookDelivery = { url: string; secret: string; event_id: string; type: string; body: string };

type Answer = { outcome: 'done' | 'retry' | 'failed'; answer: Record<string, unknown> };

const encoder = new TextEncoder();

function base64(bytes: ArrayBuffer | Uint8Array): string {
  let text = '';
  for (const byte of new Uint8Array(bytes)) text += String.fromCharCode(byte);
  return btoa(text);
}

/** The `webhook-signature` header's value for one attempt. */
export async function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): Promise<string> {
  if (!secret.startsWith('whsec_')) throw new Error('A webhook secret starts with whsec_');
  const keyBytes = Uint8Array.from(atob(secret.slice('whsec_'.length)), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(`${id}.${timestampSeconds}.${body}`));
  return `v1,${base64(mac)}`;
}

const IPV4_BLOCKED: [number, number][] = [
  [0x00000000, 8], // "this" network
  [0x0a000000, 8], // private
  [0x64400000, 10], // shared address space (carrier-grade NAT)
  [0x7f000000, 8], // loopback
  [0xa9fe0000, 16], // link-local (cloud metadata services live here)
  [0xac100000, 12], // private
  [0xc0000000, 24], // IETF protocol assignments
  [0xc0a80000, 16], // private
  [0xc6120000, 15], // benchmarking
  [0xe0000000, 3], // multicast and reserved
];

function ipv4Number(address: string): number | null {
  const parts = address.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return null;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

/** Whether an address (as a resolver answers it) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const v4 = ipv4Number(address);
  if (v4 !== null) return !IPV4_BLOCKED.some(([base, bits]) => Math.floor(v4 / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)));
  const v6 = address.toLowerCase().replace(/^\[|\]$/g, '');
  if (!v6.includes(':')) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(v6)?.[1];
  if (mapped) return isPublicAddress(mapped);
  if (v6 === '::' || v6 === '::1') return false;
  // Unique-local fc00::/7, link-local fe80::/10, multicast ff00::/8, site-local fec0::/10.
  return !/^(f[cd]|fe[89ab]|fe[c-f]|ff)/.test(v6);
}

/** Why this attempt may not go to `url`, or null. */
export async function destinationRefusal(url: string, deps: Pick<WebhookDeps, 'localReceiverPrefix' | 'resolve'>): Promise<string | null> {
  if (
    deps.localReceiverPrefix &&
    url.startsWith(deps.localReceiverPrefix) &&
    /^[A-Za-z0-9_-]{1,64}$/.test(url.slice(deps.localReceiverPrefix.length))
  )
    return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not an address';
  }
  if (parsed.protocol !== 'https:') return 'not https';
  if (parsed.username || parsed.password) return 'carries a user name or password';
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (ipv4Number(host) !== null || host.includes(':')) return isPublicAddress(host) ? null : 'a private or local address';
  let addresses: string[];
  try {
    addresses = await deps.resolve(host);
  } catch (error) {
    return `the name did not resolve (${error instanceof Error ? error.message : String(error)})`;
  }
  if (addresses.length === 0) return 'the name did not resolve';
  const blocked = addresses.filter((a) => !isPublicAddress(a));
  return blocked.length ? `the name resolves to a private or local address (${blocked.join(', ')})` : null;
}

/** A Discord webhook's address (its API takes its own message format). */
export function isDiscordWebhook(url: string): boolean {
  try {
    const { hostname, pathname } = new URL(url);
    return /^(?:(?:canary|ptb)\.)?discord(?:app)?\.com$/.test(hostname) && pathname.startsWith('/api/webhooks/');
  } catch {
    return false;
  }
}

const rupees = (paise: unknown) =>
  `₹${(Number(paise) / 100).toLocaleString('en-IN', { maximumFractionDigits: 2, minimumFractionDigits: Number(paise) % 100 ? 2 : 0 })}`;

type EventBody = { type: string; timestamp: string; data: Record<string, unknown> };
type Side = { entry_id: string | null; in_game_name: string | null };

/** The Discord message for an event: a short line and an embed with the result and the link. */
export function discordMessage(event: EventBody, siteOrigin = ''): Record<string, unknown> {
  const d = event.data;
  const title = String(d.title ?? d.tournament_id ?? 'Golazo Arena');
  const url = typeof d.path === 'string' && siteOrigin ? `${siteOrigin}${d.path}` : undefined;
  let line: string;
  let description: string;
  switch (event.type) {
    case 'match.confirmed': {
      const [a, b] = (d.entries as Side[] | undefined) ?? [];
      const names = [a?.in_game_name ?? 'A player', b?.in_game_name ?? 'A player'];
      const score = Array.isArray(d.score) ? `${d.score[0]}–${d.score[1]}` : 'walkover';
      const winner = d.winner_entry_id === a?.entry_id ? names[0] : d.winner_entry_id === b?.entry_id ? names[1] : null;
      line = `Result confirmed in ${title}`;
      description = `${names[0]} ${score} ${names[1]}${winner ? `: ${winner} wins` : ': a draw'}${d.walkover ? ' (walkover)' : ''}`;
      break;
    }
    case 'tournament.drawn':
      line = `${title} is drawn`;
      description = `${d.entries ?? 'The'} players are in the bracket.`;
      break;
    case 'tournament.finished':
      line = `${title} is finished`;
      description = 'The final standings are on the tournament page.';
      break;
    case 'prize.paid':
      line = `Prize credited in ${title}`;
      description = `${d.in_game_name ?? 'A player'}: ${d.place ?? ''} place, ${rupees(d.amount_paise)}`;
      break;
    default:
      line = `${event.type} in ${title}`;
      description = '';
  }
  return {
    content: line,
    embeds: [{ title, description, ...(url ? { url } : {}), timestamp: event.timestamp, color: 0x16a34a }],
    allowed_mentions: { parse: [] },
  };
}

/** Discord's `retry_after` on a 429, in seconds (its JSON, else the Retry-After header). */
async function retryAfterSeconds(response: Response): Promise<number | undefined> {
  const header = Number(response.headers.get('retry-after'));
  try {
    const json = (await response.json()) as { retry_after?: unknown };
    if (typeof json.retry_after === 'number' && json.retry_after >= 0) return Math.ceil(json.retry_after);
  } catch {
    // Not JSON: the header, if any.
  }
  return Number.isFinite(header) && header >= 0 ? Math.ceil(header) : undefined;
}

/** Makes one attempt of one delivery. Anything but a 2xx is retried (the database decides until when). */
export async function deliverWebhook(deps: WebhookDeps, delivery: WebhookDelivery): Promise<Answer> {
  const refusal = await destinationRefusal(delivery.url, deps);
  if (refusal) return { outcome: 'retry', answer: { error: `refused: ${refusal}` } };
  const discord = isDiscordWebhook(delivery.url);
  const body = discord ? JSON.stringify(discordMessage(JSON.parse(delivery.body) as EventBody, deps.siteOrigin)) : delivery.body;
  const timestamp = Math.floor((deps.now?.() ?? new Date()).getTime() / 1000);
  const signature = await signWebhook(delivery.secret, delivery.event_id, timestamp, body);
  let response: Response;
  try {
    response = await (deps.fetch ?? fetch)(delivery.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'GolazoArena-Webhooks/1',
        'webhook-id': delivery.event_id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signature,
      },
      body,
    });
  } catch (error) {
    return { outcome: 'retry', answer: { error: error instanceof Error ? error.message : String(error) } };
  }
  const wait = response.status === 429 ? await retryAfterSeconds(response) : undefined;
  await response.body?.cancel().catch(() => {});
  if (response.status >= 200 && response.status < 300) return { outcome: 'done', answer: { status_code: response.status } };
  const answer: Record<string, unknown> = {
    status_code: response.status,
    error: response.status >= 300 && response.status < 400 ? 'redirected (redirects are not followed)' : `answered ${response.status}`,
  };
  if (wait !== undefined) answer.retry_after_seconds = wait;
  return { outcome: 'retry', answer };
}
