// The outbox's 'webhook' deliveries: POST one message to its endpoint, signed as Standard Webhooks
// asks (the standardwebhooks package), and log the attempt. The body and webhook-id are fixed when the
// row is written; each attempt carries its own webhook-timestamp and one signature per secret that
// signs now (two during a rotation's overlap). 2xx is delivered; 410 Gone stops for good (the endpoint
// is paused by the database when the row fails); anything else is tried again on the 24-hour schedule.
import type { SupabaseClient } from '@supabase/supabase-js';
import { Webhook } from 'standardwebhooks';
import { OutboundError, type OutboundFailure } from '../net/outbound.ts';
import { PermanentError, RetryError, type OutboxHandler, type OutboxRow } from '../outbox/worker.ts';
import { WordedError, type RuleMessage } from '../rules/messages.ts';
import { truncateUtf8, webhookRetryDelay, type WebhookBody } from '../rules/webhooks.ts';

export interface WebhookDeps {
  /** Service-role client: reads endpoints and their secrets, writes the delivery log. */
  db: SupabaseClient;
  /** The SSRF-safe fetch, with the webhooks' time-out. */
  fetch: typeof fetch;
}

/** A 'webhook' outbox row's payload, as private.webhook_outbox_row writes it. */
export interface WebhookPayload {
  endpointId: number;
  /** The webhook-id header. */
  messageId: string;
  body: WebhookBody;
  resend?: boolean;
}

interface Attempt {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  /** The same by its rule, where one words it (the outbound guard's refusals). */
  errorRule?: RuleMessage | null;
  responseBody: string | null;
  durationMs: number;
  /** Why no answer came, when the outbound fetch refused or gave up. */
  refused?: OutboundFailure;
}

function must<T>(result: { data: unknown; error: { message: string } | null }, what: string): T {
  if (result.error) throw new Error(`${what}: ${result.error.message}`);
  return result.data as T;
}

/** The headers of one attempt: id, timestamp (seconds) and the signatures of every signing secret. */
export function signedHeaders(messageId: string, at: Date, body: string, secrets: string[]): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'Kairos-Webhooks/1.0',
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((s) => new Webhook(s).sign(messageId, at, body)).join(' '),
  };
}

async function post(deps: WebhookDeps, url: string, headers: Record<string, string>, body: string): Promise<Attempt> {
  const started = Date.now();
  try {
    // Redirects are not followed: an endpoint answers where it was registered.
    const res = await deps.fetch(url, { method: 'POST', headers, body, redirect: 'manual' });
    const text = await res.text();
    const ok = res.status >= 200 && res.status < 300;
    return {
      ok,
      statusCode: res.status,
      error: ok ? null : `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`,
      responseBody: text ? truncateUtf8(text) : null,
      durationMs: Date.now() - started,
    };
  } catch (e) {
    return {
      ok: false,
      statusCode: null,
      error: e instanceof Error ? e.message : String(e),
      errorRule: e instanceof WordedError ? e.rule : null,
      responseBody: null,
      durationMs: Date.now() - started,
      refused: e instanceof OutboundError ? e.code : undefined,
    };
  }
}

export function webhookHandler(deps: WebhookDeps): OutboxHandler {
  return async (row: OutboxRow) => {
    const p = row.payload as WebhookPayload;
    if (!p?.endpointId || !p.messageId || !p.body) throw new PermanentError('Malformed webhook payload');
    const endpoint = must<{ id: number; url: string; is_active: boolean } | null>(
      await deps.db.from('webhooks').select('id, url, is_active').eq('id', p.endpointId).maybeSingle(),
      'webhooks',
    );
    if (!endpoint) throw new PermanentError('The endpoint was deleted');
    if (!endpoint.is_active) throw new PermanentError('The endpoint is paused');
    const now = new Date();
    const secrets = must<{ secret: string }[]>(
      await deps.db.from('webhook_secrets').select('secret').eq('webhook_id', endpoint.id).or(`expires_at.is.null,expires_at.gt.${now.toISOString()}`).order('id'),
      'webhook_secrets',
    );
    // Never unsigned: an endpoint without a secret gets nothing.
    if (secrets.length === 0) throw new PermanentError('The endpoint has no signing secret');

    const body = JSON.stringify(p.body);
    const attempt = await post(deps, endpoint.url, signedHeaders(p.messageId, now, body, secrets.map((s) => s.secret)), body);
    must(
      await deps.db.from('webhook_deliveries').insert({
        webhook_id: endpoint.id,
        outbox_id: row.id,
        message_id: p.messageId,
        event: p.body.type,
        attempt: row.attempts,
        ok: attempt.ok,
        status_code: attempt.statusCode,
        error: attempt.error?.slice(0, 1000) ?? null,
        error_rule: attempt.errorRule ?? null,
        response_body: attempt.responseBody,
        duration_ms: attempt.durationMs,
        resend: p.resend === true,
      }),
      'webhook_deliveries',
    );
    if (attempt.ok) return;
    const reason = attempt.error ?? 'Delivery failed';
    // A refused address or a malformed one will not change by waiting; 410 Gone asks to stop.
    if (attempt.statusCode === 410 || attempt.refused === 'blocked_address' || attempt.refused === 'bad_url') throw new PermanentError(reason);
    const wait = webhookRetryDelay(row.attempts);
    if (wait === null) throw new PermanentError(`${reason} (no attempt left)`);
    throw new RetryError(reason, wait);
  };
}
