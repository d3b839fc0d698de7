// Guests as the gateway sees them. Each guest connects from its own loopback address (127.x.y.z),
// so the per-address booking rate limit treats them as the different people they stand for.
import http from 'node:http';

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of whatever shape the endpoint answers; the caller reads what it expects
  body: any;
  ms: number;
  /** Network failure or timeout (status 0). */
  error?: string;
}

/** Guest number n → a distinct address in 127.0.0.0/8 (never 127.0.0.1, the developer's own). */
export function guestAddress(n: number): string {
  const i = n + 2;
  return `127.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
}

/** One HTTP request that always settles: an answer, or status 0 with the error after `timeoutMs`. */
export function request(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string | Buffer; localAddress?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (a: Omit<Answer, 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...a, ms: performance.now() - started });
    };
    const req = http.request(url, { method: opts.method ?? 'GET', headers: opts.headers, localAddress: opts.localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', (e) => finish({ status: 0, body: null, error: e.message }));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // Not JSON: keep the text.
        }
        finish({ status: res.statusCode ?? 0, body });
      });
    });
    const timer = setTimeout(() => {
      req.destroy();
      finish({ status: 0, body: null, error: `no answer within ${opts.timeoutMs ?? 30_000} ms` });
    }, opts.timeoutMs ?? 30_000);
    req.on('error', (e) => finish({ status: 0, body: null, error: e.message }));
    req.end(opts.body);
  });
}

/** Runs `tasks` with at most `concurrency` in flight; results in task order. */
export async function pool<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}
