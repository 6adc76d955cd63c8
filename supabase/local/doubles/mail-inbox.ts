/**
 * The mail provider's double: the local stack's mailbox. Instead of sending e-mail, Auth drops each one-time code here and prints it,
 * and the outbox-worker function sends its mail with `POST /__inbox {to, subject, text, link}` and the
 * service role key (MAIL_API_URL on a hosted project). `GET /__inbox?email=<address>` lists an address's
 * messages, newest last, so developers and tests read codes and links without a mail server. Kept in
 * memory: like the CLI's mail catcher, it is empty after a restart.
 */
import type { ServiceModule } from '../server.ts';
import { readJson, sendJson } from '../http.ts';
import { SERVICE_ROLE_KEY } from '../keys.ts';

export interface InboxMessage {
  to: string;
  /** signup / magiclink: Auth's one-time codes; mail: what the outbox-worker sends (e.g. a consent link). */
  type: 'signup' | 'magiclink' | 'mail';
  subject: string;
  code: string;
  text?: string;
  link?: string | null;
  sent_at: string;
}

const MAX_MESSAGES_PER_ADDRESS = 50;

export class Inbox {
  private readonly messages = new Map<string, InboxMessage[]>();
  private readonly print: (line: string) => void;

  constructor(print: (line: string) => void) {
    this.print = print;
  }

  deliver(message: Omit<InboxMessage, 'sent_at'>): InboxMessage {
    const stored = { ...message, sent_at: new Date().toISOString() };
    const list = this.list(message.to);
    list.push(stored);
    this.messages.set(message.to.toLowerCase(), list.slice(-MAX_MESSAGES_PER_ADDRESS));
    this.print(`[inbox] ${stored.to}: ${stored.subject} - ${stored.link ? `link ${stored.link}` : `code ${stored.code}`}`);
    return stored;
  }

  list(address: string): InboxMessage[] {
    return [...(this.messages.get(address.toLowerCase()) ?? [])];
  }
}

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
