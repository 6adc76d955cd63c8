/**
 * TOTP factors (/factors): enrol with a QR code, challenge, verify (stepping the session up to aal2
 * with a fresh refresh token) and unenrol, with GoTrue's rules on assurance levels and names.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { renderSVG } from 'uqr';
import { sendJson } from '../../http.ts';
import { authErrors } from './errors.ts';
import type { AuthContext } from './context.ts';
import { issueRefreshToken, recordAmr, sessionJson } from './sessions.ts';
import { refuseWhileThrottled } from './throttle.ts';
import { newTotpSecret, totpUri, verifyTotp } from './totp.ts';
import { listFactors, type FactorRow } from './users.ts';

/** GoTrue's default MFA challenge lifetime. */
const CHALLENGE_EXPIRY_SECONDS = 300;

export async function enrollFactor(auth: AuthContext, req: IncomingMessage, res: ServerResponse) {
  const { user, session } = await auth.authenticate(req);
  const input = await auth.body(req);
  const factorType = typeof input.factor_type === 'string' ? input.factor_type : '';
  if (factorType !== 'totp') {
    if (factorType === 'phone' || factorType === 'webauthn') throw authErrors.factorTypeDisabled(factorType);
    throw authErrors.validation('factor_type needs to be totp');
  }
  if (!auth.settings.totpEnrollEnabled) throw authErrors.factorTypeDisabled('totp');
  const friendlyName = typeof input.friendly_name === 'string' ? input.friendly_name : '';
  const factors = await listFactors(auth.pg, user.id);
  if (factors.some((f) => f.status === 'verified') && session.aal !== 'aal2') throw authErrors.insufficientAal('enroll a new factor');
  if (friendlyName && factors.some((f) => f.friendly_name === friendlyName)) throw authErrors.factorNameConflict(friendlyName);
  if (factors.length >= auth.settings.maxEnrolledFactors) throw authErrors.tooManyFactors();
  const issuer = typeof input.issuer === 'string' && input.issuer ? input.issuer : new URL(auth.settings.siteUrl).host;
  const secret = newTotpSecret();
  const uri = totpUri(issuer, user.email ?? user.id, secret);
  const id = randomUUID();
  await auth.pg.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret) values ($1, $2, $3, 'totp', 'unverified', $4)`,
    [id, user.id, friendlyName, secret],
  );
  // GoTrue sends the bare SVG; auth-js turns it into a data URI for an <img>.
  sendJson(res, 200, { id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: renderSVG(uri, { border: 1 }), secret, uri } });
}

async function ownFactor(auth: AuthContext, userId: string, factorId: string): Promise<FactorRow> {
  const { rows } = await auth.pg.query<FactorRow>('select * from auth.mfa_factors where id::text = $1 and user_id = $2', [
    factorId,
    userId,
  ]);
  if (!rows[0]) throw authErrors.factorNotFound();
  return rows[0];
}

export async function challengeFactor(auth: AuthContext, req: IncomingMessage, res: ServerResponse, factorId: string) {
  const { user } = await auth.authenticate(req);
  await auth.body(req);
  const factor = await ownFactor(auth, user.id, factorId);
  const id = randomUUID();
  const { rows } = await auth.pg.query<{ created_at: Date }>(
    'insert into auth.mfa_challenges (id, factor_id, ip_address) values ($1, $2, $3) returning created_at',
    [id, factor.id, req.socket.remoteAddress ?? ''],
  );
  await auth.pg.query('update auth.mfa_factors set last_challenged_at = now() where id = $1', [factor.id]);
  const expiresAt = Math.floor(new Date(rows[0].created_at).getTime() / 1000) + CHALLENGE_EXPIRY_SECONDS;
  sendJson(res, 200, { id, type: 'totp', expires_at: expiresAt });
}

export async function verifyFactor(auth: AuthContext, req: IncomingMessage, res: ServerResponse, factorId: string) {
  const { user, session } = await auth.authenticate(req);
  const input = await auth.body(req);
  const factor = await ownFactor(auth, user.id, factorId);
  if (!auth.settings.totpVerifyEnabled) throw authErrors.notSupported('Verifying TOTP factors (disabled in config.toml)');
  const challengeId = typeof input.challenge_id === 'string' ? input.challenge_id : '';
  const code = typeof input.code === 'string' ? input.code.trim() : '';
  const { rows } = await auth.pg.query<{ id: string; verified_at: Date | null; age: number }>(
    `select id, verified_at, extract(epoch from now() - created_at)::float8 as age
     from auth.mfa_challenges where id::text = $1 and factor_id = $2`,
    [challengeId, factor.id],
  );
  const challenge = rows[0];
  if (!challenge || challenge.verified_at) throw authErrors.challengeNotFound();
  if (challenge.age > CHALLENGE_EXPIRY_SECONDS) {
    await auth.pg.query('delete from auth.mfa_challenges where id = $1', [challenge.id]);
    throw authErrors.challengeExpired(challenge.id);
  }
  refuseWhileThrottled(auth.guesses.totp, factor.id);
  if (!verifyTotp(factor.secret, code)) {
    auth.guesses.totp.fail(factor.id);
    throw authErrors.totpInvalid();
  }
  auth.guesses.totp.clear(factor.id);
  const result = await auth.pg.transaction(async (tx) => {
    await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [challenge.id]);
    await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
    await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [session.id, factor.id]);
    await recordAmr(tx, session.id, 'totp');
    // The stepped-up session gets a fresh refresh token; older ones must not mint aal2 tokens later.
    await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1', [session.id]);
    const refreshToken = await issueRefreshToken(tx, user.id, session.id, null);
    return sessionJson(auth, tx, user.id, session.id, refreshToken);
  });
  sendJson(res, 200, result);
}

export async function unenrollFactor(auth: AuthContext, req: IncomingMessage, res: ServerResponse, factorId: string) {
  const { user, session } = await auth.authenticate(req);
  const factor = await ownFactor(auth, user.id, factorId);
  if (factor.status === 'verified' && session.aal !== 'aal2') throw authErrors.insufficientAal('unenroll verified factor');
  await auth.pg.transaction(async (tx) => {
    await tx.query('delete from auth.mfa_factors where id = $1', [factor.id]);
    await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1`, [factor.id]);
  });
  sendJson(res, 200, { id: factor.id });
}
