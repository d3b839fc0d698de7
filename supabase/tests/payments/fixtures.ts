// A host connecting a Stripe account through the calendars function and the test stack's Stripe stand-in,
// as the payments tests need it.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { stripeControl } from '../../../scripts/local/stripe/server.ts';
import { newUser, sql, stack, type TestUser } from '../../../scripts/local/test-stack/harness.ts';
import { call } from '../api/client.ts';
import { newHost } from '../api/fixtures.ts';

export const REDIRECT = 'https://app.example.com/availability';
export const control = () => stripeControl(stack().stripe!.url);
export const stripeEmail = () => `stripe-${randomUUID().slice(0, 8)}@example.com`;

/** Starts the consent and answers it at the stand-in as `email`: the address Stripe sends the host back to. */
export async function consent(host: TestUser, email: string, action: 'allow' | 'deny' = 'allow') {
  const started = await call('/calendars/stripe/start', { body: { redirectUri: REDIRECT }, token: host.accessToken });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return new URL(await control().consent(started.body.url, action, email));
}

export const finish = (host: TestUser, back: URL) =>
  call('/calendars/stripe/connect', {
    body: { code: back.searchParams.get('code'), state: back.searchParams.get('state'), redirectUri: REDIRECT },
    token: host.accessToken,
  });

export const rowsOf = (host: TestUser) => sql(`select account_id, secret, connected_at from public.stripe_connections where user_id = $1`, [host.id]);

/** A host with the Stripe account of `email` connected (made by the stand-in at first consent). */
export async function connected(email = stripeEmail(), host?: TestUser) {
  host ??= await newUser();
  expect((await finish(host, await consent(host, email))).status).toBe(201);
  const [row] = await rowsOf(host);
  return { host, email, account: row.account_id as string };
}

/** A host open all week whose event type costs `price` minor units of `currency`, their Stripe account connected. */
export async function paidHost(price = 1999, currency = 'usd') {
  const host = await newHost();
  const { account } = await connected(undefined, host);
  await sql(`update event_types set price_cents = $2, currency = $3 where id = $1`, [host.eventTypeId, price, currency]);
  return { host, account };
}
