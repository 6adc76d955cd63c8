/**
 * E-mail one-time codes (/otp, /verify): a code per address and kind (signup confirmation or
 * sign-in), stored hashed, burnt after MAX_OTP_ATTEMPTS wrong guesses, resent at most once per
 * config.toml's max_frequency, delivered to the local inbox instead of an e-mail.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../../http.ts';
import { authErrors } from './errors.ts';
import type { AuthContext } from './context.ts';
import { startSession } from './sessions.ts';
import { refuseWhileThrottled } from './throttle.ts';
import { createEmailUser, findUserByEmail } from './users.ts';

/** Wrong guesses after which a one-time code is thrown away, so six digits cannot be walked. */
export const MAX_OTP_ATTEMPTS = 5;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** One-time codes are stored hashed together with the address they were sent to. */
function hashOneTimeCode(email: string, code: string): string {
  return createHash('sha256').update(`${email.toLowerCase()}:${code}`).digest('hex');
}

export async function sendOneTimeCode(auth: AuthContext, req: IncomingMessage, res: ServerResponse) {
  const input = await auth.body(req);
  const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : '';
  if (typeof input.phone === 'string') throw authErrors.notSupported('Phone sign-in');
  if (!EMAIL_PATTERN.test(email)) throw authErrors.validation('Unable to validate email address: invalid format');
  const createUser = input.create_user !== false;
  const metadata = input.data && typeof input.data === 'object' ? (input.data as Record<string, unknown>) : {};
  const { emailMaxFrequencySeconds: maxFrequency, otpLength } = auth.settings;

  const delivered = await auth.pg.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (!user) {
      if (!createUser || !auth.settings.enableSignup) throw authErrors.signupsDisabledForOtp();
      user = await createEmailUser(tx, email, metadata);
    }
    // As GoTrue: an unconfirmed address gets a signup confirmation code, a confirmed one a
    // sign-in ("magic link") code; each kind counts its own resend limit from its last send
    // (used or not), so signing up and then signing in again at once is fine, a third code is not.
    const tokenType = user.email_confirmed_at ? 'recovery_token' : 'confirmation_token';
    const { rows } = await tx.query<{ age: number }>(
      `select extract(epoch from now() - created_at)::float8 as age from auth.one_time_tokens
       where user_id = $1 and token_type = $2`,
      [user.id, tokenType],
    );
    if (rows[0] && rows[0].age < maxFrequency) throw authErrors.emailRateLimit(Math.max(1, Math.ceil(maxFrequency - rows[0].age)));
    const code = String(randomInt(0, 10 ** otpLength)).padStart(otpLength, '0');
    await tx.query(
      `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to)
       values ($1, $2, $3, $4)
       on conflict (user_id, token_type) do update
         set token_hash = excluded.token_hash, relates_to = excluded.relates_to, failed_attempts = 0,
             created_at = now(), updated_at = now()`,
      [user.id, tokenType, hashOneTimeCode(email, code), email],
    );
    // A new user is unconfirmed too: their first code confirms the signup.
    return { code, signup: !user.email_confirmed_at };
  });
  const { code, signup } = delivered;
  auth.inbox.deliver({
    to: email,
    type: signup ? 'signup' : 'magiclink',
    subject: signup ? 'Confirm your signup' : 'Your sign-in code',
    code,
  });
  sendJson(res, 200, {});
}

export async function verifyOneTimeCode(auth: AuthContext, req: IncomingMessage, res: ServerResponse) {
  const input = await auth.body(req);
  const type = input.type;
  if (typeof input.token_hash === 'string') throw authErrors.notSupported('Verifying a token hash (email links)');
  if (type !== 'email' && type !== 'signup' && type !== 'magiclink') {
    if (typeof type === 'string') throw authErrors.notSupported(`Verify type "${type}"`);
    throw authErrors.validation('Verify requires a verification type');
  }
  const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : '';
  const code = typeof input.token === 'string' ? input.token.trim() : '';
  if (!email || !code) throw authErrors.validation('Verify requires either a token or a token hash');
  refuseWhileThrottled(auth.guesses.code, email);

  // The outcome of a wrong guess (its counted attempt) must commit even though the request fails,
  // so the transaction returns a verdict instead of throwing.
  const verdict = await auth.pg.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return { ok: false as const };
    const { rows } = await tx.query<{ id: string; token_hash: string; age: number; failed_attempts: number }>(
      `select id, token_hash, failed_attempts, extract(epoch from now() - created_at)::float8 as age
       from auth.one_time_tokens
       where user_id = $1 and token_type in ('confirmation_token', 'recovery_token') and token_hash <> ''
       order by created_at desc limit 1 for update`,
      [user.id],
    );
    // The newest live code counts; a used or burnt one keeps its row (token_hash emptied) so the
    // resend limit still counts from it.
    const stored = rows[0];
    if (!stored) return { ok: false as const };
    if (stored.age > auth.settings.otpExpirySeconds) {
      await tx.query('delete from auth.one_time_tokens where id = $1', [stored.id]);
      return { ok: false as const };
    }
    const expected = Buffer.from(stored.token_hash, 'hex');
    const given = Buffer.from(hashOneTimeCode(email, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      if (stored.failed_attempts + 1 >= MAX_OTP_ATTEMPTS) {
        await tx.query(`update auth.one_time_tokens set token_hash = '', updated_at = now() where id = $1`, [stored.id]);
      } else {
        await tx.query('update auth.one_time_tokens set failed_attempts = failed_attempts + 1 where id = $1', [stored.id]);
      }
      return { ok: false as const };
    }
    await tx.query(`update auth.one_time_tokens set token_hash = '', updated_at = now() where id = $1`, [stored.id]);
    await tx.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1', [user.id]);
    return { ok: true as const, session: await startSession(auth, tx, user.id, 'otp') };
  });
  if (!verdict.ok) {
    auth.guesses.code.fail(email);
    throw authErrors.otpExpired();
  }
  auth.guesses.code.clear(email);
  sendJson(res, 200, verdict.session);
}
