// The Zoom and Stripe blocks of the calendars section: one AccountConnect, so each provider goes
// through the same connect, refuse and disconnect steps; what only Stripe shows is tested after.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
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

// Each provider by its name in the block's buttons and toasts ("Connect Zoom").
const ACCOUNTS = [
  [
    'Zoom',
    {
      provider: 'zoom',
      block: 'Zoom',
      section: 'zoom',
      row: { connected_at: '2026-11-20T10:00:00Z' },
      consentUrl: 'https://zoom.example/oauth/authorize?state=s',
      granted: { search: 'code=c0de&state=st4te', code: 'c0de' },
      denied: 'error=access_denied&state=st4te',
      refusal: 'Zoom was not connected: the Zoom account did not allow Kairos to create meetings.',
      unusable: { search: 'code=c0de&state=st4te', reason: 'Could not connect: Zoom 400: Invalid authorization code' },
      // Zoom says nothing of the account but that it is connected.
      details: async () => {},
    },
  ],
  [
    'Stripe',
    {
      provider: 'stripe',
      block: 'Payments',
      section: 'payments',
      row: ready,
      consentUrl: 'https://connect.stripe.example/oauth/authorize?state=s',
      granted: { search: 'scope=read_write&code=ac_c0de&state=st4te', code: 'ac_c0de' },
      denied: 'error=access_denied&error_description=The+user+denied+your+request&state=st4te',
      refusal: 'Stripe was not connected: the Stripe account did not allow Kairos to take payments.',
      unusable: { search: 'code=ac_used&state=st4te', reason: 'Could not connect: Stripe refused the sign-in (Authorization code does not exist: ac_used)' },
      /** What the account said of itself: email, country, currency, ready for payments. */
      details: async (block: HTMLElement) => {
        expect(await within(block).findByText('host@example.com · Japan · JPY')).toBeInTheDocument();
        expect(within(block).getByText('Can take payments')).toBeInTheDocument();
      },
    },
  ],
] as const;

describe.each(ACCOUNTS)('%s in the calendars section', (name, { provider, block: blockName, section, row, consentUrl, granted, denied, refusal, unusable, details }) => {
  const availability = (...answers: unknown[][]) => availabilityWithAccount(provider, ...answers);

  /** This tab went to the provider's consent and comes back to `search`. */
  function backFromConsent(search: string) {
    sessionStorage.setItem('kairos:consent', provider);
    window.history.replaceState(null, '', `/availability?${search}`);
  }

  const accountBlock = () => screen.findByRole('group', { name: blockName });

  it('is not offered when the project has no app at the provider', async () => {
    signedInAs();
    server.use(...emptyAvailability, ...noCalendars);
    renderRoute('/availability');
    await screen.findByRole('button', { name: 'Connect CalDAV account' });
    expect(screen.queryByRole('group', { name: blockName })).toBeNull();
    expect(screen.queryByRole('button', { name: `Connect ${name}` })).toBeNull();
  });

  it('comes into view when another screen links to it', async () => {
    availability([]);
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    renderRoute(`/availability#${section}`);
    const block = await accountBlock();
    await waitFor(() => expect(scrolled.mock.contexts).toContain(block));
    scrolled.mockRestore();
  });

  it('starts the consent with this page as the return address, remembering where it went', async () => {
    availability([]);
    let sent: unknown = null;
    server.use(
      http.post(api(`/functions/v1/calendars/${provider}/start`), async ({ request }) => {
        sent = await request.json();
        await delay(100);
        return HttpResponse.json({ url: consentUrl });
      }),
    );
    renderRoute('/availability');
    const user = userEvent.setup();
    await user.click(await within(await accountBlock()).findByRole('button', { name: `Connect ${name}` }));
    expect(await screen.findByRole('button', { name: `Opening ${name}...` })).toBeDisabled();
    await waitFor(() => expect(sessionStorage.getItem('kairos:consent')).toBe(provider));
    expect(sent).toEqual({ redirectUri: `${window.location.origin}/availability` });
  });

  it('finishes the connection when the provider sends the host back, once, and shows the account connected', async () => {
    backFromConsent(granted.search);
    availability([], [row]);
    const sent: unknown[] = [];
    server.use(
      http.post(api(`/functions/v1/calendars/${provider}/connect`), async ({ request }) => {
        sent.push(await request.json());
        await delay(200);
        return HttpResponse.json({ connected: true }, { status: 201 });
      }),
    );
    renderRoute('/availability');
    expect(await within(await accountBlock()).findByRole('status')).toHaveTextContent(`Connecting ${name}...`);
    expect(await screen.findByText(`${name} connected`)).toBeInTheDocument();
    const block = await accountBlock();
    expect(await within(block).findByText('Connected')).toBeInTheDocument();
    await details(block);
    expect(within(block).getByText(`${name} account`)).toBeInTheDocument();
    expect(within(block).getByText(/^Connected on .*2026/)).toBeInTheDocument();
    expect(sent).toEqual([{ code: granted.code, state: 'st4te', redirectUri: `${window.location.origin}/availability` }]);
    // The code is used: it leaves the address and the tab forgets the round trip.
    expect(window.location.search).toBe('');
    expect(sessionStorage.getItem('kairos:consent')).toBeNull();
  });

  it('says so when the host refused at the provider, and sends no code', async () => {
    backFromConsent(denied);
    availability([]);
    let called = false;
    server.use(http.post(api(`/functions/v1/calendars/${provider}/connect`), () => ((called = true), HttpResponse.json({}))));
    renderRoute('/availability');
    const block = await accountBlock();
    expect(await within(block).findByRole('alert')).toHaveTextContent(refusal);
    expect(within(block).getByRole('button', { name: `Connect ${name}` })).toBeEnabled();
    expect(called).toBe(false);
  });

  it("shows the server's reason when the code is refused", async () => {
    backFromConsent(unusable.search);
    availability([]);
    server.use(http.post(api(`/functions/v1/calendars/${provider}/connect`), () => HttpResponse.json({ code: 'calendar_failed', message: unusable.reason }, { status: 400 })));
    renderRoute('/availability');
    const block = await accountBlock();
    expect(await within(block).findByRole('alert')).toHaveTextContent(unusable.reason);
    expect(within(block).getByRole('button', { name: `Connect ${name}` })).toBeInTheDocument();
  });

  it('ignores a return meant for Google', async () => {
    sessionStorage.setItem('kairos:consent', 'google');
    window.history.replaceState(null, '', '/availability?code=g00gle&state=st4te');
    availability([]);
    let called = false;
    server.use(
      http.post(api(`/functions/v1/calendars/${provider}/connect`), () => ((called = true), HttpResponse.json({}))),
      http.post(api('/functions/v1/calendars/google/connect'), () => HttpResponse.json({ id: 1 }, { status: 201 })),
    );
    renderRoute('/availability');
    expect(await screen.findByText('Calendar connected')).toBeInTheDocument();
    expect(called).toBe(false);
  });

  it('disconnects after a confirm by deleting the row, and keeps the account when the host changes their mind', async () => {
    const account = availability([row]);
    let deleted: string | null = null;
    server.use(
      http.delete(api(`/rest/v1/${provider}_connections`), ({ request }) => {
        deleted = new URL(request.url).search;
        account.rows = () => [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderRoute('/availability');
    const user = userEvent.setup();
    const block = await accountBlock();
    await user.click(await within(block).findByRole('button', { name: `Disconnect ${name}` }));
    const confirm = within(block).getByRole('alertdialog', { name: `Disconnect ${name}?` });
    // The question takes the focus, on its answer.
    expect(within(confirm).getByRole('button', { name: 'Disconnect' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(within(block).queryByRole('alertdialog')).toBeNull();
    expect(deleted).toBeNull();
    await user.click(within(block).getByRole('button', { name: `Disconnect ${name}` }));
    await user.keyboard('{Enter}');
    expect(await screen.findByText(`${name} disconnected`)).toBeInTheDocument();
    expect(await within(block).findByRole('button', { name: `Connect ${name}` })).toBeInTheDocument();
    expect(deleted).toBe(`?user_id=eq.${profile().id}`);
  });
});

describe('Payments (Stripe) in the calendars section', () => {
  it('says what Stripe still needs before the account can take payments', async () => {
    availabilityWithAccount('stripe', [{ ...ready, charges_enabled: false, requirements: ['external_account', 'individual.verification.document'] }]);
    renderRoute('/availability');
    const block = await screen.findByRole('group', { name: 'Payments' });
    expect(await within(block).findByText('Cannot take payments yet: Stripe still needs external account, individual verification document')).toBeInTheDocument();
    expect(within(block).queryByText('Can take payments')).toBeNull();
  });
});
