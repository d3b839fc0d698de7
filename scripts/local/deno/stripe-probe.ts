// Loads the `stripe` SDK the way an edge function does (a bare import resolved from the project's
// node_modules; the "deno" export condition picks the SDK's worker build, on fetch and SubtleCrypto),
// then, against the address it is given: retrieves the account (GET), makes a webhook endpoint (a
// form-encoded POST with an Idempotency-Key), and verifies a signed webhook payload and refuses a
// changed one. Prints what it saw as JSON. Run by scripts/local/stripe/deno.test.ts.
import Stripe from 'stripe';

const [apiUrl, key, payload, header, secret] = Deno.args;
const api = new URL(apiUrl);
const stripe = new Stripe(key, {
  host: api.hostname,
  port: Number(api.port),
  protocol: api.protocol.slice(0, -1) as 'http' | 'https',
  httpClient: Stripe.createFetchHttpClient(),
  maxNetworkRetries: 0,
});
const crypto = Stripe.createSubtleCryptoProvider();
const account = await stripe.accounts.retrieveCurrent();
const endpoint = await stripe.webhookEndpoints.create({ url: 'https://app.example.com/stripe', enabled_events: ['checkout.session.completed'] });
const event = await stripe.webhooks.constructEventAsync(payload, header, secret, undefined, crypto);
const refused = await stripe.webhooks.constructEventAsync(`${payload} `, header, secret, undefined, crypto).then(
  () => null,
  (e: Error) => e.constructor.name,
);
console.log(JSON.stringify({ deno: Deno.version.deno, account: account.id, endpoint: endpoint.enabled_events, event: event.id, refused }));
