import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/server.ts';
import { availabilityWithAccount, emptyAvailability, noCalendars } from '../../test/calendars.ts';
import { api, profile, renderRoute, signedInAs } from '../../test/utils.tsx';

const ready = {
  account_id: 'acct_1Host',
  email: 'host@example.com',
  country: 'JP',
  default_currency: 'jpy',
  charges_enabled: true,
  requirements: [],
  connected_at: '2026-11-20T10:00:00Z',
};

const availability = (...answers: unknown[][]) => availabilityWithAccount('stripe', ...answers);

function backFromStripe(search: string) {
  sessionStorage.setItem('kairos:consent', 'stripe');
  window.history.replaceState(null, '', `/availability?${search}`);
}

const paymentsBlock = () => screen.findByRole('group', { name: 'Payments' });

describe('Payments (Stripe) in the calendars section', () => {
  it('is not offered when the project has no Stripe platform', async () => {
    signedInAs();
    server.use(...emptyAvailability, ...noCalendars);
    renderRoute('/availability');
    await screen.findByRole('button', { name: 'Connect CalDAV account' });
    expect(screen.queryByRole('group', { name: 'Payments' })).toBeNull();
  });

  it('starts the consent with this page as the return address, remembering that it went to Stripe', async () => {
    availability([]);
    let sent: unknown = null;
    server.use(
      http.post(api('/functions/v1/calendars/stripe/start'), async ({ request }) => {
        sent = await request.json();
        await delay(100);
        return HttpResponse.json({ url: 'https://connect.stripe.example/oauth/authorize?state=s' });
      }),
    );
    renderRoute('/availability');
    const user = userEvent.setup();
    await user.click(await within(await paymentsBlock()).findByRole('button', { name: 'Connect Stripe' }));
    expect(await screen.findByRole('button', { name: 'Opening Stripe...' })).toBeDisabled();
    await expect.poll(() => sessionStorage.getItem('kairos:consent')).toBe('stripe');
    expect(sent).toEqual({ redirectUri: `${window.location.origin}/availability` });
  });

  it('finishes when Stripe sends the host back and shows the account: email, country, currency, ready for payments', async () => {
    backFromStripe('scope=read_write&code=ac_c0de&state=st4te');
    availability([], [ready]);
    const sent: unknown[] = [];
    server.use(
      http.post(api('/functions/v1/calendars/stripe/connect'), async ({ request }) => {
        sent.push(await request.json());
        await delay(200);
        return HttpResponse.json({ connected: true }, { status: 201 });
      }),
    );
    renderRoute('/availability');
    expect(await within(await paymentsBlock()).findByRole('status')).toHaveTextContent('Connecting Stripe...');
    expect(await screen.findByText('Stripe connected')).toBeInTheDocument();
    const block = await paymentsBlock();
    expect(await within(block).findByText('host@example.com · Japan · JPY')).toBeInTheDocument();
    expect(within(block).getByText('Can take payments')).toBeInTheDocument();
    expect(within(block).getByText('Stripe account')).toBeInTheDocument();
    expect(within(block).getByText(/^Connected on .*2026/)).toBeInTheDocument();
    expect(sent).toEqual([{ code: 'ac_c0de', state: 'st4te', redirectUri: `${window.location.origin}/availability` }]);
    expect(window.location.search).toBe('');
  });

  it('says what Stripe still needs before the account can take payments', async () => {
    availability([{ ...ready, charges_enabled: false, requirements: ['external_account', 'individual.verification.document'] }]);
    renderRoute('/availability');
    const block = await paymentsBlock();
    expect(await within(block).findByText('Cannot take payments yet: Stripe still needs external account, individual verification document')).toBeInTheDocument();
    expect(within(block).queryByText('Can take payments')).toBeNull();
  });

  it('says so when the host denied at Stripe, and sends no code', async () => {
    backFromStripe('error=access_denied&error_description=The+user+denied+your+request&state=st4te');
    availability([]);
    let called = false;
    server.use(http.post(api('/functions/v1/calendars/stripe/connect'), () => ((called = true), HttpResponse.json({}))));
    renderRoute('/availability');
    const block = await paymentsBlock();
    expect(await within(block).findByRole('alert')).toHaveTextContent('Stripe was not connected: the Stripe account did not allow Kairos to take payments.');
    expect(within(block).getByRole('button', { name: 'Connect Stripe' })).toBeEnabled();
    expect(called).toBe(false);
  });

  it("shows the server's reason when the code is refused", async () => {
    backFromStripe('code=ac_used&state=st4te');
    availability([]);
    server.use(
      http.post(api('/functions/v1/calendars/stripe/connect'), () =>
        HttpResponse.json({ code: 'calendar_failed', message: 'Could not connect: Stripe refused the sign-in (Authorization code does not exist: ac_used)' }, { status: 400 }),
      ),
    );
    renderRoute('/availability');
    expect(await within(await paymentsBlock()).findByRole('alert')).toHaveTextContent('Could not connect: Stripe refused the sign-in (Authorization code does not exist: ac_used)');
  });

  it('disconnects after a confirm by deleting the row', async () => {
    const stripe = availability([ready]);
    let deleted: string | null = null;
    server.use(
      http.delete(api('/rest/v1/stripe_connections'), ({ request }) => {
        deleted = new URL(request.url).search;
        stripe.rows = () => [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderRoute('/availability');
    const user = userEvent.setup();
    const block = await paymentsBlock();
    await user.click(await within(block).findByRole('button', { name: 'Disconnect Stripe' }));
    const confirm = within(block).getByRole('alertdialog', { name: 'Disconnect Stripe?' });
    expect(within(confirm).getByRole('button', { name: 'Disconnect' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Stripe disconnected')).toBeInTheDocument();
    expect(await within(block).findByRole('button', { name: 'Connect Stripe' })).toBeInTheDocument();
    expect(deleted).toBe(`?user_id=eq.${profile().id}`);
  });
});
