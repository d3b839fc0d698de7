// A webhook receiver for the tests: a real HTTP server on loopback that records every request and
// answers as the test tells it (a status, or no answer at all), and verifies signatures with the
// standardwebhooks package as a receiver would.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect } from 'vitest';
import { sql } from '../../../scripts/local/test-stack/harness.ts';
import type { WebhookBody } from '../../functions/_shared/rules/webhooks.ts';

export interface Received {
  headers: Record<string, string>;
  body: string;
  json: WebhookBody;
}

/** How to answer one request: a status with a body, or never (the sender must time out). */
export type Answer = { status: number; body?: string } | 'hang';

export class Receiver {
  readonly requests: Received[] = [];
  /** Answers for the next requests, in order; when empty, 200. */
  readonly script: Answer[] = [];
  private server!: Server;
  private hanging: ServerResponse[] = [];

  static async start(host = '127.0.0.1'): Promise<Receiver> {
    const r = new Receiver();
    r.server = createServer((req, res) => r.handle(req, res));
    await new Promise<void>((resolve) => r.server.listen(0, host, resolve));
    return r;
  }

  get url(): string {
    const { address, port } = this.server.address() as AddressInfo;
    return `http://${address}:${port}/hooks`;
  }

  private handle(req: IncomingMessage, res: ServerResponse) {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      this.requests.push({ headers, body, json: JSON.parse(body) });
      const answer = this.script.shift() ?? { status: 200, body: 'ok' };
      if (answer === 'hang') {
        this.hanging.push(res);
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body ?? '');
    });
  }

  /** Waits until `count` requests have arrived. */
  async received(count: number, timeout = 45_000): Promise<Received[]> {
    await expect.poll(() => this.requests.length, { timeout, interval: 100, message: `webhook requests at ${this.url}` }).toBeGreaterThanOrEqual(count);
    return this.requests;
  }

  async stop() {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }
}

/** Verifies a request's signature with one secret, as a receiver does; throws when none matches. */
export function verify(secret: string, r: Received): unknown {
  return new Webhook(secret).verify(r.body, r.headers);
}

export function verifies(secret: string, r: Received): boolean {
  try {
    verify(secret, r);
    return true;
  } catch {
    return false;
  }
}

export interface OutboxWebhookRow {
  id: number;
  status: string;
  attempts: number;
  max_attempts: number;
  message_id: string;
  last_error: string | null;
  /** Seconds from the last attempt to the next one. */
  wait_s: number;
}

/** The webhook outbox rows of an endpoint, oldest first. */
export function rowsOf(endpointId: number): Promise<OutboxWebhookRow[]> {
  return sql<OutboxWebhookRow>(
    `select id::int, status, attempts, max_attempts, message_id, last_error,
       extract(epoch from available_at - last_attempt_at)::float8 as wait_s
     from outbox where kind = 'webhook' and payload ->> 'endpointId' = $1 order by id`,
    [String(endpointId)],
  );
}

/**
 * Brings the endpoint's waiting retries to now and wakes the worker: the retry schedule is driven
 * through the outbox's own columns, never by waiting.
 */
export async function retryNow(endpointId: number) {
  await sql(`update outbox set available_at = now() where kind = 'webhook' and status = 'pending' and payload ->> 'endpointId' = $1`, [String(endpointId)]);
  await sql('select private.kick_outbox()');
}

/** Waits until the endpoint's row `id` has made `attempts` attempts and is no longer being delivered. */
export async function settled(rowId: number, attempts: number, timeout = 45_000): Promise<OutboxWebhookRow> {
  let row: OutboxWebhookRow | undefined;
  await expect
    .poll(
      async () => {
        [row] = await sql<OutboxWebhookRow>(
          `select id::int, status, attempts, max_attempts, message_id, last_error,
             extract(epoch from available_at - last_attempt_at)::float8 as wait_s
           from outbox where id = $1`,
          [rowId],
        );
        return row.attempts >= attempts && row.status !== 'processing';
      },
      { timeout, interval: 100, message: `outbox row ${rowId} after attempt ${attempts}` },
    )
    .toBe(true);
  return row!;
}

export interface DeliveryLogRow {
  attempt: number;
  ok: boolean;
  status_code: number | null;
  error: string | null;
  error_rule: { id: string; values?: Record<string, unknown> } | null;
  response_body: string | null;
  message_id: string;
  event: string;
  resend: boolean;
}

export function deliveriesOf(endpointId: number): Promise<DeliveryLogRow[]> {
  return sql<DeliveryLogRow>(
    `select attempt, ok, status_code, error, error_rule, response_body, message_id, event, resend from webhook_deliveries where webhook_id = $1 order by id`,
    [endpointId],
  );
}
