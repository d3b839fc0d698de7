// Bearer-token checks in front of /user, /logout and /admin, with GoTrue's answers.
import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import type { StackConfig } from '../config.ts';
import { badRequest, forbidden, HttpError } from './errors.ts';
import { sessionExists } from './sessions.ts';
import { verifyJWT, type AccessClaims } from './tokens.ts';
import { findUserById, isBanned, type UserRow } from './users.ts';

const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

async function bearerClaims(config: StackConfig, req: IncomingMessage): Promise<AccessClaims> {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  if (!m) throw new HttpError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  return verifyJWT(config, m[1]);
}

export interface Caller {
  claims: AccessClaims;
  user: UserRow;
  sessionId: string | undefined;
}

/** A signed-in user whose session still exists (a logged-out session's JWT is refused). */
export async function requireUser(config: StackConfig, pool: pg.Pool, req: IncomingMessage): Promise<Caller> {
  const claims = await bearerClaims(config, req);
  if (!claims.sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(claims.sub)) {
    throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  }
  const user = await findUserById(pool, claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId = claims.session_id || undefined;
  if (sessionId && !(await sessionExists(pool, sessionId))) {
    throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  return { claims, user, sessionId };
}

/** The service_role key (or a supabase_admin token). */
export async function requireAdmin(config: StackConfig, req: IncomingMessage): Promise<void> {
  const claims = await bearerClaims(config, req);
  if (!ADMIN_ROLES.has(claims.role ?? '')) throw forbidden('not_admin', 'User not allowed');
}
