// Calls the edge functions through the local gateway as a browser would: JSON, and a cookie jar.
import { stack } from '../../../scripts/local/test-stack/harness.ts';

export class CookieJar {
  readonly cookies = new Map<string, string>();

  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** Raw body sent as is (for malformed JSON and multipart). */
  raw?: BodyInit;
  headers?: Record<string, string>;
  jar?: CookieJar;
  token?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of whatever shape the endpoint answers; the caller reads what it expects
export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export const functionsUrl = () => `${stack().apiUrl}/functions/v1`;

/** `path` starts with the function name, e.g. `/api/auth/user` or `/slots?eventTypeId=1`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of whatever shape the endpoint answers; the caller reads what it expects
export async function call<T = any>(path: string, options: CallOptions = {}): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.jar?.cookies.size) headers.cookie = options.jar.header();
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(`${functionsUrl()}${path}`, {
    method: options.method ?? (options.body !== undefined || options.raw !== undefined ? 'POST' : 'GET'),
    headers,
    body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    redirect: 'manual',
  });
  options.jar?.store(res);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // non-JSON bodies are returned as text so a test can show them
  }
  return { status: res.status, body: body as T, headers: res.headers };
}
