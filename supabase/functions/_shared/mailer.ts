/**
 * E-mail the database queued through the outbox: a parent's consent link, invitations to a place, cancellations.
 *
 * On the local stack every message lands in its inbox (POST /__inbox with the service role key), where
 * developers and tests read it. On a hosted project MAIL_API_URL names an HTTP endpoint that takes
 * `{to, subject, text}` as JSON (with MAIL_API_KEY as a bearer token) and an `Idempotency-Key`, so a retried
 * call never sends twice.
 */
import { isLocalStack, type Env } from './config.ts';

export type Mail = { to: string; subject: string; text: string; link: string | null };
export type Mailer = { send(mail: Mail, idempotencyKey: string): Promise<void> };

export class MailError extends Error {
  constructor(
    message: string,
    readonly temporary: boolean,
  ) {
    super(message);
  }
}

export function createMailer(env: Env, local: { supabaseUrl: string; serviceRoleKey: string }): Mailer {
  const apiUrl = env('MAIL_API_URL')?.trim() || (isLocalStack(env) ? `${local.supabaseUrl}/__inbox` : '');
  const apiKey = env('MAIL_API_KEY')?.trim() || (isLocalStack(env) ? local.serviceRoleKey : '');
  return {
    async send(mail, idempotencyKey) {
      if (!apiUrl) throw new MailError('MAIL_API_URL is not set: e-mail cannot be sent', false);
      const response = await fetch(apiUrl, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        body: JSON.stringify(mail),
      });
      if (!response.ok)
        throw new MailError(`the mail service answered ${response.status}`, response.status >= 500 || response.status === 429);
    },
  };
}

/**
 * The consent e-mails to a parent, written from what the database hands the worker when it sends
 * (service_outside_call_details): the request (the link to the consent page and the one-time code, apart,
 * so the page asks for the code the parent received) or, once given, the one-click withdrawal link.
 */
export function parentalConsentMail(payload: Record<string, unknown>, siteOrigin: string): Mail {
  const name = String(payload.in_game_name ?? 'Your child');
  if (payload.message === 'confirmed') {
    const link = `${siteOrigin}/parental-consent#withdraw=${encodeURIComponent(String(payload.withdraw_token))}`;
    return {
      to: String(payload.to),
      subject: `Your consent for ${name} on Golazo Arena is recorded`,
      text:
        `Thank you${payload.parent_name ? `, ${String(payload.parent_name)}` : ''}. Your consent for ${name} to join free tournaments on Golazo Arena is recorded.\n\n` +
        `You can withdraw it at any time with one click: ${link}\n` +
        'Withdrawing closes free tournaments to them again.',
      link,
    };
  }
  const link = `${siteOrigin}/parental-consent#token=${encodeURIComponent(String(payload.token))}`;
  return {
    to: String(payload.to),
    subject: `${name} asks for your consent to play free tournaments on Golazo Arena`,
    text:
      `${name} wants to join free eFootball tournaments on Golazo Arena.\n` +
      "Players under 18 can only join free tournaments, and only with a parent's consent. Paid tournaments stay closed to them.\n\n" +
      `If you agree, open this link: ${link}\n` +
      `and enter this code there: ${String(payload.code)}\n` +
      'You give consent signed in with your own Golazo Arena account at this e-mail address (create one with this address if you have none). ' +
      'The account needs a PAN our PAN check has verified (My Earnings, "PAN and UPI id"): that is how we know an adult consents.\n\n' +
      'If you do not know what this is about, ignore this e-mail: nothing happens without your confirmation.',
    link,
  };
}

/**
 * Story news: the confirmation of a "Notify Me" sign-up, or news to a confirmed address. Every message
 * carries its one-click unsubscribe link.
 */
export function storyNewsMail(payload: Record<string, unknown>, siteOrigin: string): Mail {
  const unsubscribe = `${siteOrigin}/story-news#unsubscribe=${encodeURIComponent(`${String(payload.signup_id)}.${String(payload.unsubscribe_token)}`)}`;
  if (payload.message === 'confirm') {
    const link = `${siteOrigin}/story-news#confirm=${encodeURIComponent(String(payload.confirm_token))}`;
    return {
      to: String(payload.to),
      subject: 'Confirm your Golazo Arena story news',
      text:
        `Someone (we hope you) asked to hear from Golazo Arena when new player stories are published.\n\nConfirm with this link: ${link}\n\n` +
        `Nothing is sent until you confirm. If it was not you, ignore this e-mail, or remove the address now: ${unsubscribe}`,
      link,
    };
  }
  const path = typeof payload.link === 'string' && payload.link.startsWith('/') ? payload.link : null;
  const link = path ? `${siteOrigin}${path}` : null;
  return {
    to: String(payload.to),
    subject: String(payload.subject ?? 'Golazo Arena story news'),
    text: `${String(payload.text ?? '')}${link ? `\n\n${link}` : ''}\n\nStop these e-mails with one click: ${unsubscribe}`,
    link,
  };
}

/** An e-mail whose words the database wrote; a link in it is a path on this site, made absolute here. */
export function databaseMail(payload: Record<string, unknown>, siteOrigin: string): Mail {
  const path = typeof payload.link === 'string' && payload.link.startsWith('/') ? payload.link : null;
  const link = path ? `${siteOrigin}${path}` : null;
  const text = String(payload.text ?? '');
  return {
    to: String(payload.to),
    subject: String(payload.subject ?? 'Golazo Arena'),
    text: link ? `${text}\n\n${link}` : text,
    link,
  };
}
