// Stripe through the official `stripe` SDK: the project's platform account (STRIPE_SECRET_KEY) and its
// Connect client (STRIPE_CONNECT_CLIENT_ID), and a host's Standard account connected to it by Connect
// OAuth (docs.stripe.com/connect/oauth-reference). Under Deno the SDK's worker build runs on fetch.
// The test stack points it at the stand-in (scripts/local/stripe, docs/stand-ins.md) through
// STRIPE_API_HOST/_PORT/_PROTOCOL and STRIPE_CONNECT_AUTHORIZE_URL, which a hosted project never sets.
import Stripe from 'stripe';
import { ruleMessage, WordedError } from '../rules/messages.ts';

export interface StripeConfig {
  secretKey: string;
  /** The platform's Connect client id, `ca_…`. */
  clientId: string;
  /** Where consent happens when not `https://connect.stripe.com/oauth/authorize` (the stand-in's page). */
  authorizeUrl: string | null;
  /** The API's address when not api.stripe.com (the stand-in). */
  api: { host: string; port: number; protocol: 'http' | 'https' } | null;
}

/** The project's Stripe platform, or null where its secrets name none (Stripe is then not offered). */
export function stripeConfig(get: (name: string) => string | undefined): StripeConfig | null {
  const secretKey = get('STRIPE_SECRET_KEY');
  const clientId = get('STRIPE_CONNECT_CLIENT_ID');
  if (!secretKey || !clientId) return null;
  const host = get('STRIPE_API_HOST');
  return {
    secretKey,
    clientId,
    authorizeUrl: get('STRIPE_CONNECT_AUTHORIZE_URL') ?? null,
    api: host ? { host, port: Number(get('STRIPE_API_PORT') ?? 443), protocol: get('STRIPE_API_PROTOCOL') === 'http' ? 'http' : 'https' } : null,
  };
}

/** What Kairos keeps of a Connect grant (sealed in stripe_connections.secret). */
export interface StripeTokens {
  accessToken: string;
  refreshToken: string;
}

/** A connected account as the host's screen shows it. */
export interface StripeAccountFacts {
  accountId: string;
  email: string | null;
  country: string | null;
  defaultCurrency: string | null;
  chargesEnabled: boolean;
  /** What Stripe still asks of the account before it can take charges (requirements.currently_due). */
  requirements: string[];
}

/** Connecting failed at Stripe: the consent's code refused (unknown, used twice), or Stripe's own error. */
export class StripeConnectError extends WordedError {}

/** Stripe's own words go to the log; the host is told in ours, in their language. */
function connectFailure(e: unknown): never {
  if (!(e instanceof Stripe.errors.StripeError)) throw e;
  console.warn(`Stripe refused to connect an account: ${e.message}`);
  throw new StripeConnectError(ruleMessage(e instanceof Stripe.errors.StripeInvalidGrantError ? 'stripeSignIn' : 'stripeRefused'));
}

/** The SDK for the project's platform account, at api.stripe.com or where the config points. */
export function stripeClient(config: StripeConfig): Stripe {
  return new Stripe(config.secretKey, {
    ...(config.api ?? {}),
    httpClient: Stripe.createFetchHttpClient(),
    // A dropped connection is tried again at once (the SDK keys each POST for idempotency, so a retry
    // cannot act twice); a refusal is retried by the host or the outbox. With no retry, a kept-alive
    // connection the other side had just closed failed a deauthorization for a whole outbox backoff.
    maxNetworkRetries: 2,
  });
}

export function stripeConnect(config: StripeConfig) {
  const stripe = stripeClient(config);

  return {
    consentUrl(redirectUri: string, state: string): string {
      const url = new URL(stripe.oauth.authorizeUrl({ response_type: 'code', client_id: config.clientId, scope: 'read_write', redirect_uri: redirectUri, state }));
      if (!config.authorizeUrl) return url.href;
      // The SDK writes https://<host>/oauth/authorize without a port: the stand-in's page is named whole.
      const page = new URL(config.authorizeUrl);
      page.search = url.search;
      return page.href;
    },

    /** The code from the consent's return, exchanged for the account's tokens, and the account as it is now. */
    async exchange(code: string): Promise<{ tokens: StripeTokens; account: StripeAccountFacts }> {
      const granted = await stripe.oauth.token({ grant_type: 'authorization_code', code }).catch(connectFailure);
      const a = await stripe.accounts.retrieve(granted.stripe_user_id!).catch(connectFailure);
      return {
        tokens: { accessToken: granted.access_token!, refreshToken: granted.refresh_token! },
        account: {
          accountId: a.id,
          email: a.email ?? null,
          country: a.country ?? null,
          defaultCurrency: a.default_currency ?? null,
          chargesEnabled: a.charges_enabled ?? false,
          requirements: a.requirements?.currently_due ?? [],
        },
      };
    },

    /** Ends the platform's access to the account. One Stripe no longer connects to us (invalid_client) is done already. */
    async deauthorize(accountId: string): Promise<void> {
      await stripe.oauth.deauthorize({ client_id: config.clientId, stripe_user_id: accountId }).catch((e: unknown) => {
        if (e instanceof Stripe.errors.StripeInvalidClientError) return;
        throw e;
      });
    },
  };
}

export type StripeConnect = ReturnType<typeof stripeConnect>;
