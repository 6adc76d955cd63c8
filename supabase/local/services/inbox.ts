/**
 * GET /__inbox?email=<address>: the messages "sent" to an address, newest last, as JSON.
 * POST /__inbox {to, subject, text, link} with the service role key: how the outbox-worker function
 * sends e-mail locally (MAIL_API_URL on a hosted project).
 * Local only: it exists so developers and tests can read codes and links without a mail server.
 */
import type { ServiceModule } from '../context.ts';
import { readJson, sendJson } from '../http.ts';
import { SERVICE_ROLE_KEY } from '../keys.ts';

export const inboxService: ServiceModule = {
  name: 'inbox',
  prefix: '/__inbox',
  create(ctx) {
    return {
      async handle(req, res, url) {
        if (req.method === 'POST') {
          if (req.headers.authorization !== `Bearer ${SERVICE_ROLE_KEY}`)
            return sendJson(res, 403, { message: 'Only the service role sends mail' });
          const mail = (await readJson(req)) as { to?: unknown; subject?: unknown; text?: unknown; link?: unknown };
          if (typeof mail.to !== 'string' || typeof mail.subject !== 'string')
            return sendJson(res, 400, { message: 'to and subject are required' });
          const stored = ctx.inbox.deliver({
            to: mail.to,
            type: 'mail',
            subject: mail.subject,
            code: '',
            text: typeof mail.text === 'string' ? mail.text : '',
            link: typeof mail.link === 'string' ? mail.link : null,
          });
          return sendJson(res, 201, stored);
        }
        if (req.method !== 'GET') return sendJson(res, 405, { message: 'The inbox takes GET, and POST from the service role' });
        const email = url.searchParams.get('email');
        if (!email) return sendJson(res, 400, { message: "Pass ?email=<address> to read that address's messages" });
        sendJson(res, 200, { email, messages: ctx.inbox.list(email) });
      },
    };
  },
};
