// Webhook endpoints and the delivery of events to them, as Stripe does it (docs.stripe.com/webhooks,
// "Verify webhook signatures"; docs/stand-ins.md): each endpoint has its own `whsec_` secret; an event
// is POSTed as pretty-printed JSON with `Content-Type: application/json; charset=utf-8` and a
// `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" keyed with the whole
// secret>` header. A Connect endpoint (`connect: true`) receives the events of connected accounts
// (with `account` set), a plain one the platform's own. A delivery answered with anything but 2xx is
// tried again (Stripe: three times over a few hours in test mode; here after `retryDelaysMs`).
import { createHmac, randomBytes } from 'node:crypto';

export interface WebhookEndpoint {
  id: string;
  object: 'webhook_endpoint';
  api_version: string | null;
  application: string | null;
  created: number;
  description: string | null;
  enabled_events: string[];
  livemode: false;
  metadata: Record<string, string>;
  status: 'enabled' | 'disabled';
  url: string;
  /** Connect endpoints are the platform's, receiving its connected accounts' events. */
  connect: boolean;
  secret: string;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  /** The connected account the event happened on (absent for the platform's own). */
  account?: string;
  /** The account's API version (pinned at its first request), null before any. */
  api_version: string | null;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface Attempt {
  endpoint: string;
  /** The receiver's HTTP status, or null when it could not be reached. */
  status: number | null;
  at: number;
  /** What was changed for a control delivery (payload, secret, timestamp), if anything. */
  altered: string[];
}

/** What a control delivery changes: another body than the signed one, another secret, another timestamp. */
export interface Alteration {
  payload?: string;
  secret?: string;
  timestamp?: number;
}

export function webhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

/** The `Stripe-Signature` header Stripe sends for `payload`. */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

const receives = (endpoint: WebhookEndpoint, event: StripeEvent) =>
  endpoint.status === 'enabled' && endpoint.connect === Boolean(event.account) && (endpoint.enabled_events.includes('*') || endpoint.enabled_events.includes(event.type));

export class Deliveries {
  readonly endpoints = new Map<string, WebhookEndpoint>();
  readonly attempts = new Map<string, Attempt[]>(); // event id → attempts
  private held: { event: StripeEvent; endpoint: WebhookEndpoint }[] = [];
  private holding = false;
  private timers = new Set<NodeJS.Timeout>();
  private inFlight = new Set<Promise<unknown>>();

  constructor(private readonly retryDelaysMs: number[]) {}

  /** How many endpoints an event goes to (its `pending_webhooks` when made). */
  recipients(event: StripeEvent): WebhookEndpoint[] {
    return [...this.endpoints.values()].filter((e) => receives(e, event));
  }

  send(event: StripeEvent) {
    for (const endpoint of this.recipients(event)) {
      if (this.holding) this.held.push({ event, endpoint });
      else this.attempt(event, endpoint, 0);
    }
  }

  /** While held, events queue instead of going out; `release` sends them in the order asked. */
  hold(on: boolean) {
    this.holding = on;
  }

  /** Sends the held events one after another (each answered before the next goes), and stops holding. */
  async release(order: 'sent' | 'reverse' | string[]) {
    const queue = this.held;
    this.held = [];
    this.holding = false;
    const sorted =
      order === 'reverse' ? [...queue].reverse() : Array.isArray(order) ? [...queue].sort((a, b) => order.indexOf(a.event.id) - order.indexOf(b.event.id)) : queue;
    for (const { event, endpoint } of sorted) await this.attempt(event, endpoint, 0);
  }

  /** One delivery, not retried, with what a test alters; the receiver's status. */
  deliverOnce(event: StripeEvent, endpoint: WebhookEndpoint, alteration: Alteration = {}) {
    return this.post(event, endpoint, alteration);
  }

  private attempt(event: StripeEvent, endpoint: WebhookEndpoint, tried: number): Promise<unknown> {
    const sending = this.post(event, endpoint, {}).then((status) => {
      if (status !== null && status >= 200 && status < 300) {
        event.pending_webhooks = Math.max(0, event.pending_webhooks - 1);
        return;
      }
      const delay = this.retryDelaysMs[tried];
      if (delay === undefined) return;
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void this.attempt(event, endpoint, tried + 1);
      }, delay);
      this.timers.add(timer);
    });
    this.inFlight.add(sending);
    void sending.finally(() => this.inFlight.delete(sending));
    return sending;
  }

  private async post(event: StripeEvent, endpoint: WebhookEndpoint, alteration: Alteration): Promise<number | null> {
    const signed = JSON.stringify(event, null, 2);
    const timestamp = alteration.timestamp ?? Math.floor(Date.now() / 1000);
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      'stripe-signature': signatureHeader(signed, alteration.secret ?? endpoint.secret, timestamp),
    };
    const status = await fetch(endpoint.url, { method: 'POST', headers, body: alteration.payload ?? signed, signal: AbortSignal.timeout(10_000) }).then(
      async (res) => (await res.arrayBuffer(), res.status),
      () => null,
    );
    const list = this.attempts.get(event.id) ?? [];
    list.push({ endpoint: endpoint.id, status, at: Date.now(), altered: Object.keys(alteration) });
    this.attempts.set(event.id, list);
    return status;
  }

  async stop() {
    for (const t of this.timers) clearTimeout(t);
    await Promise.allSettled([...this.inFlight]);
  }
}
