// JWTs (access tokens, OAuth state), opaque tokens and hashes, made the way GoTrue makes them.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { StackConfig } from '../config.ts';
import { forbidden } from './errors.ts';
import type { UserRow } from './users.ts';

export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface AccessClaims extends JWTPayload {
  sub?: string;
  role?: string;
  email?: string;
  session_id?: string;
  is_anonymous?: boolean;
  aal?: string;
}

const key = (config: StackConfig) => new TextEncoder().encode(config.jwtSecret);

export const issuer = (config: StackConfig) => `${config.apiUrl}/auth/v1`;

export async function signAccessToken(
  config: StackConfig,
  user: UserRow,
  sessionId: string,
  amr: AmrEntry[],
  aal: 'aal1' | 'aal2' = 'aal1',
): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(Date.now() / 1000);
  const expiresAt = iat + config.auth.jwtExpiry;
  // Claim order and content follow GoTrue's AccessTokenClaims.
  const token = await new SignJWT({
    iss: issuer(config),
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    exp: expiresAt,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? 'authenticated',
    aal,
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(key(config));
  return { token, expiresAt };
}

/** Verifies an HS256 JWT signed with the project secret; GoTrue's 403 bad_jwt otherwise. */
export async function verifyJWT(config: StackConfig, token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, key(config), { algorithms: ['HS256'] });
    return payload as AccessClaims;
  } catch (e) {
    const code = (e as { code?: string }).code;
    const reason = code === 'ERR_JWT_EXPIRED' ? 'token has invalid claims: token is expired' : 'signature is invalid';
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
}

/** Short-lived signed state carried through the OAuth round trip. */
export async function signState(config: StackConfig, claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime('5m')
    .sign(key(config));
}

export async function verifyState(config: StackConfig, state: string): Promise<Record<string, unknown> | undefined> {
  try {
    return (await jwtVerify(state, key(config), { algorithms: ['HS256'] })).payload;
  } catch {
    return undefined;
  }
}

const ALPHANUM = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Opaque refresh token, like GoTrue's 12-character ones. */
export function refreshTokenString(): string {
  const bytes = randomBytes(12);
  return Array.from(bytes, (b) => ALPHANUM[b % ALPHANUM.length]).join('');
}

/** Six-digit email OTP. */
export const otp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** GoTrue's token hash: hex sha224 of email + otp. */
export const tokenHash = (email: string, code: string) => createHash('sha224').update(email + code).digest('hex');

export const randomId = () => randomBytes(16).toString('hex');

/** PKCE: the verifier must hash (s256) or equal (plain) to the stored challenge. */
export function pkceMatches(method: string, challenge: string, verifier: string): boolean {
  if (method === 'plain') return verifier === challenge;
  return createHash('sha256').update(verifier).digest('base64url') === challenge;
}
