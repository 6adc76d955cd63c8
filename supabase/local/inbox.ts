/**
 * The local stack's mailbox: instead of sending email, Auth drops each message here and prints it,
 * and `GET /__inbox?email=<address>` lists an address's messages (newest last) so a developer or a
 * test can read the one-time code. Kept in memory: like the CLI's mail catcher, it is empty after a
 * restart.
 */
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

  constructor(print: (line: string) => void = (line) => console.log(line)) {
    this.print = print;
  }

  deliver(message: Omit<InboxMessage, 'sent_at'>): InboxMessage {
    const stored = { ...message, sent_at: new Date().toISOString() };
    const key = message.to.toLowerCase();
    const list = this.messages.get(key) ?? [];
    list.push(stored);
    if (list.length > MAX_MESSAGES_PER_ADDRESS) list.shift();
    this.messages.set(key, list);
    this.print(`[inbox] ${stored.to}: ${stored.subject} - ${stored.link ? `link ${stored.link}` : `code ${stored.code}`}`);
    return stored;
  }

  list(address: string): InboxMessage[] {
    return [...(this.messages.get(address.toLowerCase()) ?? [])];
  }
}
