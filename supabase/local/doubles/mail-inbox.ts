/**
 * The mail provider's double: the local stack's mailbox. Instead of sending e-mail, Auth drops each one-time code here and prints it,
 * and the outbox-worker function sends its mail with `POST /__inbox {to, subject, text, link}` and the
 * service role key (MAIL_API_URL on a hosted project). `GET /__inbox?email=<address>` lists an address's
 * messages (mailbox.ts), newest last, so developers and tests read codes and links without a mail server.
 */
import { readJson, sendJson } from '../http.ts';
import { SERVICE_ROLE_KEY } from '../keys.ts';
import type { ServiceModule } from '../service.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

export const inboxService: ServiceModule = {
  name: 'inbox',
  prefix: '/__inbox',
  create: ({ inbox }) => ({
    async handle(req, res, url) {
      if (req.method === 'POST') {
        if (req.headers.authorization !== `Bearer ${SERVICE_ROLE_KEY}`)
          return sendJson(res, 403, { message: 'Only the service role sends mail' });
        const mail = (await readJson(req)) as Record<string, unknown>;
        const [to, subject] = [text(mail?.to), text(mail?.subject)];
        if (to === undefined || subject === undefined) return sendJson(res, 400, { message: 'to and subject are required' });
        return sendJson(
          res,
          201,
          inbox.deliver({ to, type: 'mail', subject, code: '', text: text(mail.text) ?? '', link: text(mail.link) ?? null }),
        );
      }
      if (req.method !== 'GET') return sendJson(res, 405, { message: 'The inbox takes GET, and POST from the service role' });
      const email = url.searchParams.get('email');
      if (!email) return sendJson(res, 400, { message: "Pass ?email=<address> to read that address's messages" });
      sendJson(res, 200, { email, messages: inbox.list(email) });
    },
  }),
};
