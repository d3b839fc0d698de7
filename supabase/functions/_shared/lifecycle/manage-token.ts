// The guest's manage token: derived from the booking's public uid with a secret only the functions
// hold (BOOKING_TOKEN_SECRET), so every mail about a booking carries the same link and the database
// keeps only the token's SHA-256. A new booking (a reschedule) has a new uid, so a new token.
const encoder = new TextEncoder();

function base64url(bytes: ArrayBuffer): string {
  let s = '';
  for (const b of new Uint8Array(bytes)) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function hex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The secret's HMAC key, imported once per secret and process (the outbox derives a token per guest mail). */
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    keys.set(secret, key);
  }
  return key;
}

/** A token for `purpose`, derived from the functions' secret: the same each time for the same purpose. */
export async function secretToken(secret: string, purpose: string): Promise<string> {
  return base64url(await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(purpose)));
}

/** What a manage token is derived from: the booking's uid, or for an occurrence its series' invite UID (one token opens every date of one series). */
export const manageKey = (booking: { uid: string; seriesUid?: string | null }): string => booking.seriesUid ?? booking.uid;

export const manageToken = (secret: string, key: string): Promise<string> => secretToken(secret, `manage:${key}`);

/** What the database keeps of a token (the SQL side compares with encode(sha256(token), 'hex')). */
export async function tokenHash(token: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', encoder.encode(token)));
}

/** What bookings.manage_token_hash holds. */
export const manageTokenHash = tokenHash;

/** A booking's uid and its guest's manage token's hash before it is written (create_booking stores both). */
export async function newBookingIdentity(secret: string): Promise<{ uid: string; manageTokenHash: string }> {
  const uid = crypto.randomUUID();
  return { uid, manageTokenHash: await manageTokenHash(await manageToken(secret, manageKey({ uid }))) };
}

export function manageUrl(siteUrl: string, bookingUid: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/booking/${bookingUid}?token=${encodeURIComponent(token)}`;
}
