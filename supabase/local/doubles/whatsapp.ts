/**
 * The WhatsApp Business Cloud API's test double, served by the local stack under /whatsapp: it takes template
 * messages as Meta's Graph API does and records them instead of sending.
 *
 *   POST /whatsapp/:version/:phone_number_id/messages  (bearer: the local WhatsApp token) a template message
 *        { messaging_product: 'whatsapp', to, type: 'template', template: { name, language, components } }
 *        → { messaging_product, contacts: [ { input, wa_id } ], messages: [ { id } ] }; anything else 400 in Meta's shape.
 *        A request whose Idempotency-Key was seen before is answered with the first message's id and sends nothing.
 *   GET  /whatsapp/test/messages?to=<E.164>  (service role) → [ { template, params, url, sent_at } ], oldest first:
 *        params are the body's variables, url the URL button's variable when it is a site path (else null)
 * In memory only.
 */
import { LOCAL_WHATSAPP_PHONE_NUMBER_ID, LOCAL_WHATSAPP_TOKEN } from '../../functions/_shared/alerts.ts';
import { SERVICE_ROLE_KEY } from '../keys.ts';
import type { ServiceModule } from '../service.ts';
import { serveWebHandler } from './web-handler.ts';

type Sent = { template: string; params: string[]; url: string | null; sent_at: string };
type Component = { type?: unknown; parameters?: { text?: unknown }[] };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
const refuse = (message: string, code = 100, status = 400) =>
  json({ error: { message, type: 'OAuthException', code, fbtrace_id: 'local' } }, status);

export function createWhatsAppDouble(controlKey: string) {
  const messages = new Map<string, Sent[]>();
  const answered = new Map<string, unknown>();

  async function send(request: Request): Promise<Response> {
    if (request.headers.get('authorization') !== `Bearer ${LOCAL_WHATSAPP_TOKEN}`) return refuse('Invalid OAuth access token', 190, 401);
    const key = request.headers.get('idempotency-key');
    if (key && answered.has(key)) return json(answered.get(key));
    const body = (await request.json().catch(() => null)) as {
      messaging_product?: unknown;
      to?: unknown;
      type?: unknown;
      template?: { name?: unknown; language?: { code?: unknown }; components?: Component[] };
    } | null;
    if (body?.messaging_product !== 'whatsapp') return refuse('(#100) The parameter messaging_product is required.');
    if (typeof body.to !== 'string' || !/^\+?[1-9][0-9]{7,14}$/.test(body.to)) return refuse('(#100) Invalid parameter: to');
    if (body.type !== 'template' || typeof body.template?.name !== 'string' || typeof body.template.language?.code !== 'string') {
      return refuse('(#131008) Only template messages with a name and a language');
    }
    const texts = (type: string) =>
      (body.template?.components ?? [])
        .filter((c) => c.type === type)
        .flatMap((c) => (c.parameters ?? []).map((p) => String(p.text ?? '')));
    const button = texts('button')[0];
    const to = `+${body.to.replace(/^\+/, '')}`;
    const sent = {
      template: body.template.name,
      params: texts('body'),
      url: button?.startsWith('/') ? button : null,
      sent_at: new Date().toISOString(),
    };
    messages.set(to, [...(messages.get(to) ?? []), sent]);
    const answer = {
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: to.slice(1) }],
      messages: [{ id: `wamid.${crypto.randomUUID().replaceAll('-', '')}` }],
    };
    if (key) answered.set(key, answer);
    return json(answer);
  }

  async function handle(request: Request): Promise<Response | null> {
    const url = new URL(request.url);
    if (!url.pathname.startsWith('/whatsapp/')) return null;
    if (url.pathname.startsWith('/whatsapp/test/')) {
      if (request.headers.get('authorization') !== `Bearer ${controlKey}`)
        return json({ error: 'the test routes take the service role key' }, 401);
      if (request.method === 'GET' && url.pathname === '/whatsapp/test/messages')
        return json(messages.get(url.searchParams.get('to') ?? '') ?? []);
      return json({ error: 'not found' }, 404);
    }
    const route = /^\/whatsapp\/v[0-9.]+\/([0-9]+)\/messages$/.exec(url.pathname);
    if (!route || request.method !== 'POST') return refuse('Unsupported request', 100, 404);
    if (route[1] !== LOCAL_WHATSAPP_PHONE_NUMBER_ID) return refuse('Unknown phone number id', 100, 404);
    return send(request);
  }

  return { handle };
}

export const whatsappService: ServiceModule = {
  name: 'whatsapp',
  prefix: '/whatsapp',
  create(ctx) {
    const double = createWhatsAppDouble(SERVICE_ROLE_KEY);
    return { handle: (req, res, url) => serveWebHandler(double.handle, ctx.apiUrl, req, res, url) };
  },
};
