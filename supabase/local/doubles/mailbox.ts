/**
 * The local stack's mailbox: the messages Auth and the outbox-worker "send", by address, newest last.
 * Kept in memory: like the CLI's mail catcher, it is empty after a restart.
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
