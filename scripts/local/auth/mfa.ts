// TOTP multi-factor authentication as GoTrue serves it: /factors enroll, challenge, verify and
// unenroll (auth.mfa_factors, auth.mfa_challenges), sessions raised to aal2, and the admin's
// /admin/users/:id/factors. Phone and WebAuthn factors answer as GoTrue does while they are off.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type pg from 'pg';
import { transaction } from '../db.ts';
import { badRequest, forbidden, notFound, unprocessable } from './errors.ts';
import { requireUser, type Caller } from './guard.ts';
import { clientAddress, readJSON, sendJSON, str } from './http.ts';
import { rotateSessionToken, type TokenResponse } from './sessions.ts';
import type { Db, UserRow } from './users.ts';
import { factorJSON, factorsOf, type FactorRow } from './factors.ts';
import { mfaVerificationAttempt } from './hooks.ts';
import type { AuthContext, Handler } from './context.ts';

/** GoTrue's defaults: challenges and unverified factors live 300 s. */
const CHALLENGE_TTL_S = 300;
const UNVERIFIED_FACTOR_TTL_S = 300;
const MAX_VERIFIED_FACTORS = 10;

/** The caller's own factor named in /factors/:id (GoTrue's loadFactor). */
async function loadFactor(db: Db, user: UserRow, url: URL): Promise<FactorRow> {
  const id = url.pathname.split('/')[2] ?? '';
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
    throw notFound('validation_failed', 'factor_id must be an UUID');
  }
  const { rows } = await db.query<FactorRow>('select * from auth.mfa_factors where id = $1 and user_id = $2', [id, user.id]);
  if (!rows[0]) throw notFound('mfa_factor_not_found', 'Factor not found');
  return rows[0];
}

const isAal2 = (caller: Caller) => caller.claims.aal === 'aal2';

/** A TOTP secret's otpauth:// URI and its QR code (SVG, as GoTrue sends it; auth-js makes it a data URI). */
async function totpKey(issuer: string, account: string) {
  const totp = new OTPAuth.TOTP({ issuer, label: account, secret: new OTPAuth.Secret({ size: 20 }) });
  const uri = totp.toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H' });
  // auth-js puts the SVG in a data: URI as it is, where a '#' would end it: colours by name.
  return { secret: totp.secret.base32, uri, qr: svg.replaceAll('"#ffffff"', '"white"').replaceAll('"#000000"', '"black"') };
}

function disabled(kind: 'enroll' | 'verify', factorType: string): never {
  const name = { totp: 'TOTP', phone: 'Phone', webauthn: 'WebAuthn' }[factorType]!;
  const code = `mfa_${factorType}_${kind}_not_enabled`;
  throw unprocessable(code, kind === 'enroll' ? `MFA enroll is disabled for ${name}` : `MFA verification is disabled for ${name}`);
}

function factorSettings(ctx: AuthContext, factorType: string) {
  const { mfa } = ctx.config.auth;
  return factorType === 'totp' ? mfa.totp : factorType === 'phone' ? mfa.phone : mfa.webAuthn;
}

/** POST /factors. */
export const enroll: Handler = async (ctx, req, res) => {
  const caller = await requireUser(ctx.config, ctx.pool, req);
  if (!caller.sessionId) throw new Error('A valid session and a registered user are required to enroll a factor');
  const body = await readJSON(req);
  const factorType = str(body, 'factor_type');
  if (!['totp', 'phone', 'webauthn'].includes(factorType)) {
    throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn');
  }
  if (!factorSettings(ctx, factorType).enrollEnabled) disabled('enroll', factorType);
  if (factorType !== 'totp') throw unprocessable('validation_failed', `${factorType} factors are not available on the local stack`);
  const friendlyName = str(body, 'friendly_name');
  const issuer = str(body, 'issuer') || new URL(ctx.config.auth.siteUrl).host;
  const { user } = caller;
  const key = await totpKey(issuer, user.email ?? '');
  const factor = await transaction(ctx.pool, async (db) => {
    await db.query(
      `delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and created_at < now() - make_interval(secs => $2)`,
      [user.id, UNVERIFIED_FACTOR_TTL_S],
    );
    const factors = await factorsOf(db, user.id);
    if (friendlyName && factors.some((f) => f.friendly_name === friendlyName)) {
      throw unprocessable('mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`);
    }
    const verified = factors.filter((f) => f.status === 'verified').length;
    if (factors.length >= ctx.config.auth.mfa.maxEnrolledFactors || verified >= MAX_VERIFIED_FACTORS) {
      throw unprocessable('too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
    }
    if (verified > 0 && !isAal2(caller)) throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
    const { rows } = await db.query<FactorRow>(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4) returning *`,
      [randomUUID(), user.id, friendlyName, key.secret],
    );
    return rows[0];
  });
  sendJSON(res, 200, {
    id: factor.id,
    type: 'totp',
    friendly_name: factor.friendly_name ?? '',
    totp: { qr_code: key.qr, secret: key.secret, uri: key.uri },
  });
};

/** POST /factors/:id/challenge. */
export const challenge: Handler = async (ctx, req, res, url) => {
  const caller = await requireUser(ctx.config, ctx.pool, req);
  const factor = await loadFactor(ctx.pool, caller.user, url);
  if (!factorSettings(ctx, factor.factor_type).verifyEnabled) disabled('verify', factor.factor_type);
  ctx.limits.mfa.take(clientAddress(req));
  const { rows } = await ctx.pool.query<{ id: string; created_at: Date }>(
    `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3) returning id, created_at`,
    [randomUUID(), factor.id, clientAddress(req) || '127.0.0.1'],
  );
  sendJSON(res, 200, {
    id: rows[0].id,
    type: factor.factor_type,
    expires_at: Math.floor(rows[0].created_at.getTime() / 1000) + CHALLENGE_TTL_S,
  });
};

interface ChallengeRow {
  id: string;
  created_at: Date;
  verified_at: Date | null;
  ip_address: string;
}

/** GoTrue's validateChallenge: this factor's, unused, from the same address, not expired. */
async function validChallenge(db: Db, factor: FactorRow, challengeId: string, req: IncomingMessage): Promise<ChallengeRow> {
  const { rows } = /^[0-9a-f-]{36}$/i.test(challengeId)
    ? await db.query<ChallengeRow>(
        'select id, created_at, verified_at, host(ip_address) as ip_address from auth.mfa_challenges where id = $1 and factor_id = $2 for update',
        [challengeId, factor.id],
      )
    : { rows: [] };
  const found = rows[0];
  if (!found) throw unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  if (found.verified_at || found.ip_address !== (clientAddress(req) || '127.0.0.1')) {
    throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
  }
  if (Date.now() > found.created_at.getTime() + CHALLENGE_TTL_S * 1000) {
    await db.query('delete from auth.mfa_challenges where id = $1', [found.id]);
    throw unprocessable(
      'mfa_challenge_expired',
      `MFA challenge ${found.id} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  return found;
}

/** A six-digit code of the factor's secret, 30-second steps, one step of skew (pquerna/otp's defaults). */
function totpValid(secret: string, code: string): boolean {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.validate({ token: code, window: 1 }) !== null;
}

/** POST /factors/:id/verify: the session becomes aal2; its other aal1 sessions end. */
export const verify: Handler = async (ctx, req, res, url) => {
  const caller = await requireUser(ctx.config, ctx.pool, req);
  const factor = await loadFactor(ctx.pool, caller.user, url);
  const body = await readJSON(req);
  const code = str(body, 'code');
  if (!code) throw badRequest('validation_failed', 'Code needs to be non-empty');
  if (!factorSettings(ctx, factor.factor_type).verifyEnabled) disabled('verify', factor.factor_type);
  ctx.limits.mfa.take(clientAddress(req));
  const sessionId = caller.sessionId;
  if (!sessionId) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  const token: TokenResponse = await transaction(ctx.pool, async (db) => {
    const found = await validChallenge(db, factor, str(body, 'challenge_id'), req);
    const valid = totpValid(factor.secret ?? '', code);
    // As GoTrue: the hook is asked whether to go on (in its own transaction), then an invalid code is refused.
    await mfaVerificationAttempt(ctx, { userId: caller.user.id, factorId: factor.id, factorType: factor.factor_type, valid });
    if (!valid) throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
    await db.query('update auth.mfa_challenges set verified_at = now() where id = $1', [found.id]);
    if (factor.status !== 'verified') {
      await db.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
    }
    await db.query(
      `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
       values ($1, now(), now(), 'totp', $2)
       on conflict (session_id, authentication_method) do update set updated_at = now()`,
      [sessionId, randomUUID()],
    );
    await db.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [sessionId, factor.id]);
    await db.query(`delete from auth.sessions where user_id = $1 and aal < 'aal2'`, [caller.user.id]);
    await db.query(`delete from auth.mfa_factors where user_id = $1 and factor_type = 'totp' and status = 'unverified'`, [
      caller.user.id,
    ]);
    return rotateSessionToken(db, ctx.config, caller.user.id, sessionId);
  });
  sendJSON(res, 200, token);
};

/** Removes a factor; sessions it raised fall back to aal1 (GoTrue's DowngradeSessionsToAAL1). */
async function deleteFactor(db: Db, factor: FactorRow): Promise<void> {
  await db.query('delete from auth.mfa_factors where id = $1', [factor.id]);
  await db.query(
    `delete from auth.mfa_amr_claims where authentication_method = 'totp'
       and session_id in (select id from auth.sessions where factor_id = $1)`,
    [factor.id],
  );
  await db.query(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1`, [factor.id]);
}

/** DELETE /factors/:id: a verified factor only from an aal2 session. */
export const unenroll: Handler = async (ctx, req, res, url) => {
  const caller = await requireUser(ctx.config, ctx.pool, req);
  const factor = await loadFactor(ctx.pool, caller.user, url);
  if (factor.status === 'verified' && !isAal2(caller)) {
    throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
  }
  await transaction(ctx.pool, (db) => deleteFactor(db, factor));
  sendJSON(res, 200, { id: factor.id });
};

/** /admin/users/:id/factors[/:factorId]: list, rename and delete another user's factors. */
export async function adminFactors(
  pool: pg.Pool,
  user: UserRow,
  method: string,
  factorId: string | undefined,
  body: () => Promise<Record<string, unknown>>,
): Promise<unknown> {
  if (!factorId) {
    if (method !== 'GET') throw notFound('not_found', 'Not Found');
    return (await factorsOf(pool, user.id)).map(factorJSON);
  }
  if (!/^[0-9a-f-]{36}$/i.test(factorId)) throw notFound('validation_failed', 'factor_id must be an UUID');
  const factor = (await factorsOf(pool, user.id)).find((f) => f.id === factorId);
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  if (method === 'DELETE') {
    await transaction(pool, (db) => deleteFactor(db, factor));
    return factorJSON(factor);
  }
  if (method === 'PUT') {
    const name = str(await body(), 'friendly_name');
    if (!name) return factorJSON(factor);
    const { rows } = await pool.query<FactorRow>(
      'update auth.mfa_factors set friendly_name = $2, updated_at = now() where id = $1 returning *',
      [factor.id, name],
    );
    return factorJSON(rows[0]);
  }
  throw notFound('not_found', 'Not Found');
}
