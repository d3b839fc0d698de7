// The Stripe stand-in's pages in a real browser (Debian's Chromium, driven by playwright-core), as
// the e2e journeys of paid bookings will use them: connect on the consent page, pay or go back on the
// hosted Checkout page, with the keyboard-reachable labelled controls a person would use.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, stripeControl, type StripeStandIn } from './server.ts';

let standIn: StripeStandIn;
let platform: Stripe;
let browser: Browser;
let app: Server;
let appUrl: string;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  platform = new Stripe(standIn.secretKey, { host: '127.0.0.1', port: Number(standIn.env.STRIPE_API_PORT), protocol: 'http', maxNetworkRetries: 0 });
  // The application's pages Stripe sends the browser back to.
  app = createServer((req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>app</title><h1>${req.url}</h1>`));
  await new Promise<void>((r) => app.listen(0, '127.0.0.1', r));
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage'],
  });
});

afterAll(async () => {
  await browser?.close();
  app.closeAllConnections();
  await new Promise((r) => app.close(r));
  await standIn.stop();
});

async function page(): Promise<Page> {
  return (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
}

async function connectedAccount(email: string): Promise<string> {
  await stripeControl(standIn.url).account(email, { country: 'JP', default_currency: 'jpy', display_name: 'Aiko Coaching' });
  const back = new URL(await stripeControl(standIn.url).consent(`${standIn.env.STRIPE_CONNECT_AUTHORIZE_URL}?${new URLSearchParams({ client_id: standIn.clientId, response_type: 'code', scope: 'read_write', redirect_uri: `${appUrl}/connected`, 'stripe_user[email]': email })}`));
  return (await platform.oauth.token({ grant_type: 'authorization_code', code: back.searchParams.get('code')! })).stripe_user_id!;
}

const session = (account: string) =>
  platform.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [{ price_data: { currency: 'jpy', unit_amount: 5000, product_data: { name: 'Intro call' } }, quantity: 1 }],
      success_url: `${appUrl}/paid?session={CHECKOUT_SESSION_ID}`,
      cancel_url: `${appUrl}/booking`,
    },
    { stripeAccount: account },
  );

describe('Stripe stand-in pages in Chromium', () => {
  it('connects an account by clicking Connect on the consent page', async () => {
    const p = await page();
    const authorize = `${standIn.env.STRIPE_CONNECT_AUTHORIZE_URL}?${new URLSearchParams({ client_id: standIn.clientId, response_type: 'code', scope: 'read_write', redirect_uri: `${appUrl}/connected`, state: 's1', 'stripe_user[email]': 'aiko@example.com' })}`;
    await p.goto(authorize);
    expect(await p.getByLabel('Email').inputValue()).toBe('aiko@example.com');
    await p.getByRole('button', { name: 'Connect my Stripe account' }).click();
    await p.waitForURL(`${appUrl}/connected?**`);
    const back = new URL(p.url());
    expect(back.searchParams.get('state')).toBe('s1');
    const token = await platform.oauth.token({ grant_type: 'authorization_code', code: back.searchParams.get('code')! });
    expect((await platform.accounts.retrieve(token.stripe_user_id!)).email).toBe('aiko@example.com');
  });

  it('pays by typing a card and clicking Pay, after a declined card; goes back with the Back link', async () => {
    const account = await connectedAccount('pay@example.com');
    const open = await session(account);
    const p = await page();
    await p.goto(open.url!);
    expect(await p.getByText('Total due').textContent()).toBe('Total due ¥5,000');
    await p.getByLabel('Email').fill('guest@example.com');
    await p.getByLabel('Card number').fill('4000 0000 0000 0002');
    await p.getByRole('button', { name: 'Pay ¥5,000' }).click();
    expect(await p.getByRole('alert').textContent()).toBe('Your card was declined.');
    expect(await p.getByLabel('Email').inputValue()).toBe('guest@example.com');
    await p.getByLabel('Card number').fill('4242 4242 4242 4242');
    await p.getByRole('button', { name: 'Pay ¥5,000' }).click();
    await p.waitForURL(`${appUrl}/paid?session=${open.id}`);
    expect((await platform.checkout.sessions.retrieve(open.id, {}, { stripeAccount: account })).payment_status).toBe('paid');

    const other = await session(account);
    await p.goto(other.url!);
    await p.getByRole('link', { name: 'Back to Aiko Coaching' }).click();
    await p.waitForURL(`${appUrl}/booking`);
    expect((await platform.checkout.sessions.retrieve(other.id, {}, { stripeAccount: account })).status).toBe('open');
  });
});
