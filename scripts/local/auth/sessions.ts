// Sessions and refresh tokens (auth.sessions, auth.refresh_tokens, auth.mfa_amr_claims) and the
// token response GoTrue sends after every successful sign-in or refresh.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import type { StackConfig } from '../config.ts';
import { transaction } from '../db.ts';
import { badRequest, HttpError, OAuthError } from './errors.ts';
import { clientAddress } from './http.ts';
import { refreshTokenString, signAccessToken, type AmrEntry } from './tokens.ts';
import { findUserById, isBanned, loadUserJSON, updateUser, type Db, type UserRow } from './users.ts';

/** How a session was authenticated: GoTrue's AuthenticationMethod values. */
export type AuthMethod =
  | 'password'
  | 'otp'
  | 'oauth'
  | 'recovery'
  | 'magiclink'
  | 'email/signup'
  | 'email_change'
  | 'invite'
  | 'anonymous'
  | 'totp';

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Awaited<ReturnType<typeof loadUserJSON>>;
}

function clientInfo(req: IncomingMessage) {
  const ip = clientAddress(req);
  return { userAgent: req.headers['user-agent'] ?? null, ip: /^[0-9a-f.:]+$/i.test(ip) ? ip : null };
}

async function amrOf(db: Db, sessionId: string): Promise<AmrEntry[]> {
  const { rows } = await db.query<{ authentication_method: string; updated_at: Date }>(
    'select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc',
    [sessionId],
  );
  return rows.map((r) => ({ method: r.authentication_method, timestamp: Math.floor(r.updated_at.getTime() / 1000) }));
}

/** Methods that prove a second factor (GoTrue's AAL2 claims). */
const AAL2_METHODS = new Set(['totp', 'mfa/totp', 'mfa/phone', 'mfa/webauthn', 'sso/saml']);

export async function tokenResponse(
  db: Db,
  config: StackConfig,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
): Promise<TokenResponse> {
  const amr = await amrOf(db, sessionId);
  const aal = amr.some((a) => AAL2_METHODS.has(a.method)) ? 'aal2' : 'aal1';
  const { token, expiresAt } = await signAccessToken(config, user, sessionId, amr, aal);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: config.auth.jwtExpiry,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: await loadUserJSON(db, user),
  };
}

async function insertRefreshToken(db: Db, userId: string, sessionId: string, parent: string | null): Promise<string> {
  const token = refreshTokenString();
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [token, userId, parent, sessionId],
  );
  return token;
}

/** A new session for a signed-in user (GoTrue's issueRefreshToken). */
export async function createSession(
  db: Db,
  config: StackConfig,
  user: UserRow,
  method: AuthMethod,
  req: IncomingMessage,
): Promise<TokenResponse> {
  const sessionId = randomUUID();
  const { userAgent, ip } = clientInfo(req);
  await db.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4)`,
    [sessionId, user.id, userAgent, ip],
  );
  await db.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
     values ($1, now(), now(), $2, $3)`,
    [sessionId, method, randomUUID()],
  );
  const refreshToken = await insertRefreshToken(db, user.id, sessionId, null);
  const signedIn = await updateUser(db, user.id, { last_sign_in_at: new Date() });
  return tokenResponse(db, config, signedIn, sessionId, refreshToken);
}

/**
 * A fresh refresh token for a session whose assurance changed (MFA verified): the active one is
 * revoked, so only the client that verified holds a token that refreshes into aal2.
 */
export async function rotateSessionToken(db: Db, config: StackConfig, userId: string, sessionId: string): Promise<TokenResponse> {
  const { rows } = await db.query<{ token: string }>(
    `update auth.refresh_tokens set revoked = true, updated_at = now()
     where session_id = $1 and revoked = false returning token`,
    [sessionId],
  );
  const issued = await insertRefreshToken(db, userId, sessionId, rows[0]?.token ?? null);
  const user = await findUserById(db, userId);
  return tokenResponse(db, config, user!, sessionId, issued);
}

interface RefreshRow {
  id: string;
  token: string;
  revoked: boolean;
  updated_at: Date;
  parent: string | null;
  session_id: string | null;
}

/**
 * grant_type=refresh_token. A rotated (revoked) token is accepted again only as the parent of the
 * session's active token or within the reuse interval, and then answers with the active token;
 * later reuse is treated as theft: the whole session ends.
 */
export async function refreshGrant(
  pool: pg.Pool,
  config: StackConfig,
  presented: string,
  req: IncomingMessage,
): Promise<TokenResponse> {
  if (!presented) throw new OAuthError('invalid_request', 'refresh_token required');
  let afterCommit: HttpError | undefined;
  const response = await transaction(pool, async (db) => {
    const { rows } = await db.query<RefreshRow>('select * from auth.refresh_tokens where token = $1 for update', [
      presented,
    ]);
    const token = rows[0];
    if (!token) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    const session = token.session_id
      ? (
          await db.query<{ user_id: string }>('select user_id from auth.sessions where id = $1 for update', [
            token.session_id,
          ])
        ).rows[0]
      : undefined;
    const user = session && (await findUserById(db, session.user_id));
    if (!user) throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');

    let issued: string | undefined;
    if (token.revoked) {
      const active = (
        await db.query<RefreshRow>(
          'select * from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1',
          [token.session_id],
        )
      ).rows[0];
      const reuseUntil = token.updated_at.getTime() + config.auth.refreshTokenReuseInterval * 1000;
      if (active && (active.parent === token.token || Date.now() <= reuseUntil)) {
        issued = active.token;
      } else {
        if (config.auth.refreshTokenRotation) {
          await db.query('delete from auth.sessions where id = $1', [token.session_id]);
        }
        afterCommit = badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
        return undefined;
      }
    } else {
      await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [token.id]);
      issued = await insertRefreshToken(db, user.id, token.session_id!, token.token);
    }
    const { userAgent, ip } = clientInfo(req);
    await db.query(
      'update auth.sessions set refreshed_at = now(), updated_at = now(), user_agent = $2, ip = $3 where id = $1',
      [token.session_id, userAgent, ip],
    );
    return tokenResponse(db, config, user, token.session_id!, issued);
  });
  if (afterCommit || !response) throw afterCommit;
  return response;
}

export async function sessionExists(db: Db, sessionId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return false;
  return (await db.query('select 1 from auth.sessions where id = $1', [sessionId])).rowCount === 1;
}

/** POST /logout scopes: this session, every session of the user, or all but this one. */
export async function logout(db: Db, userId: string, sessionId: string | undefined, scope: string): Promise<void> {
  if (scope === 'local' && sessionId) {
    await db.query('delete from auth.sessions where id = $1', [sessionId]);
  } else if (scope === 'others') {
    await db.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [userId, sessionId ?? null]);
  } else {
    await db.query('delete from auth.sessions where user_id = $1', [userId]);
  }
}
