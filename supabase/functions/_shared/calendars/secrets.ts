// Calendar credentials at rest: AES-256-GCM with a key from the functions' secrets
// (CALENDAR_ENCRYPTION_KEY, 32 random bytes in base64), bound to the owner's user id so a
// ciphertext copied to another account does not open. The database only ever holds ciphertext.

const VERSION = 'v1';

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

export async function importSecretKey(base64Key: string): Promise<CryptoKey> {
  const raw = fromBase64(base64Key.trim());
  if (raw.byteLength !== 32) throw new Error('CALENDAR_ENCRYPTION_KEY must be 32 bytes in base64');
  return crypto.subtle.importKey('raw', raw as BufferSource, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

export async function sealSecret(key: CryptoKey, ownerId: string, value: unknown): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify(value));
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(ownerId) }, key, plain);
  return `${VERSION}.${toBase64(iv)}.${toBase64(new Uint8Array(sealed))}`;
}

export async function openSecret<T>(key: CryptoKey, ownerId: string, sealed: string): Promise<T> {
  const [version, iv, data] = sealed.split('.');
  if (version !== VERSION || !iv || !data) throw new Error('Unreadable stored credentials');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(iv) as BufferSource, additionalData: new TextEncoder().encode(ownerId) },
    key,
    fromBase64(data) as BufferSource,
  );
  return JSON.parse(new TextDecoder().decode(plain)) as T;
}
