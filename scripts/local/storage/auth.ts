// Who is calling: Storage trusts the HS256 JWT in `Authorization: Bearer` (the gateway's apikey
// stands in when there is none) and runs the request's SQL as the role it names.
import type { IncomingMessage } from 'node:http';
import { errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { ERRORS } from './errors.ts';

/** The roles the API may become (what `authenticator` is granted), never the superuser. */
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export interface Caller {
  role: string;
  claims: JWTPayload;
  /** `sub` of the token: the owner recorded on uploads. */
  sub?: string;
  /** A valid JWT was presented (Storage's `isAuthenticated`; the anon key counts). */
  authenticated: boolean;
}

const ANONYMOUS: Caller = { role: 'anon', claims: { role: 'anon' }, authenticated: false };

function bearer(req: IncomingMessage): string {
  const auth = req.headers.authorization;
  if (auth) return auth.replace(/^Bearer\s+/i, '').trim();
  const apikey = req.headers.apikey;
  return (Array.isArray(apikey) ? apikey[0] : apikey)?.trim() ?? '';
}

/** jsonwebtoken's wording, which is what Storage puts in `message`. */
function jwtMessage(e: unknown): string {
  if (e instanceof joseErrors.JWTExpired) return 'jwt expired';
  if (e instanceof joseErrors.JWSSignatureVerificationFailed) return 'invalid signature';
  if (e instanceof joseErrors.JOSEAlgNotAllowed) return 'invalid algorithm';
  return 'jwt malformed';
}

export function secretKey(jwtSecret: string): Uint8Array {
  return new TextEncoder().encode(jwtSecret);
}

/**
 * Storage's jwt plugin: a missing or bad token is refused, except on routes that also serve
 * public buckets (`lenient`), where the caller is treated as an anonymous visitor.
 */
export async function identify(req: IncomingMessage, key: Uint8Array, lenient: boolean): Promise<Caller> {
  const token = bearer(req);
  if (!token) {
    if (lenient) return ANONYMOUS;
    // What Storage answers behind the CLI's gateway when a request carries no key and no token.
    throw ERRORS.accessDenied('Invalid Compact JWS');
  }
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(token, key, { algorithms: ['HS256'] }));
  } catch (e) {
    if (lenient) return ANONYMOUS;
    throw ERRORS.accessDenied(jwtMessage(e));
  }
  const role = typeof claims.role === 'string' ? claims.role : 'anon';
  if (!API_ROLES.has(role)) throw ERRORS.accessDenied(`role "${role}" is not allowed`);
  return { role, claims, sub: claims.sub, authenticated: true };
}

export async function verifyToken(token: string, key: Uint8Array): Promise<JWTPayload> {
  try {
    return (await jwtVerify(token, key, { algorithms: ['HS256'] })).payload;
  } catch (e) {
    throw ERRORS.invalidJwt(jwtMessage(e));
  }
}
