/**
 * GET /__inbox?email=<address>: the messages Auth "sent" to an address, newest last, as JSON.
 * Local only: it exists so developers and tests can read one-time codes without a mail server.
 */
import type { ServiceModule } from '../context.ts';
import { sendJson } from '../http.ts';

export const inboxService: ServiceModule = {
  name: 'inbox',
  prefix: '/__inbox',
  create(ctx) {
    return {
      async handle(req, res, url) {
        if (req.method !== 'GET') return sendJson(res, 405, { message: 'The inbox is read-only' });
        const email = url.searchParams.get('email');
        if (!email) return sendJson(res, 400, { message: 'Pass ?email=<address> to read that address\'s messages' });
        sendJson(res, 200, { email, messages: ctx.inbox.list(email) });
      },
    };
  },
};
