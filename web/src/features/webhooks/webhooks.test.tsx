import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../lib/time.ts';
import { server } from '../../test/server.ts';
import { api, renderRoute, restGet, signedInAs, USER_ID } from '../../test/utils.tsx';

/** Puts a whole address in a field at once (typing it key by key is slow in jsdom). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/OR0MBbGNSk=';

function webhook(overrides: Record<string, unknown> = {}) {
  return {
    id: 3,
    userId: USER_ID,
    teamId: null,
    url: 'https://crm.example.com/kairos',
    events: ['booking.created', 'booking.cancelled'],
    isActive: true,
    pausedReason: null,
    pausedAt: null,
    createdBy: USER_ID,
    createdAt: '2026-11-20T10:00:00Z',
    updatedAt: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

function delivery(overrides: Record<string, unknown> = {}) {
  return {
    id: 11,
    messageId: 'msg_1',
    event: 'booking.created',
    attempt: 2,
    ok: false,
    statusCode: 500,
    error: 'HTTP 500 Internal Server Error',
    responseBody: 'oops',
    durationMs: 40,
    resend: false,
    attemptedAt: '2026-11-21T09:30:00Z',
    ...overrides,
  };
}

/** The profile page, with the endpoints the /api answers with. */
async function profileWith(webhooks: unknown[] | (() => Response)) {
  signedInAs();
  server.use(http.get(api('/functions/v1/api/webhooks'), typeof webhooks === 'function' ? webhooks : () => HttpResponse.json(webhooks)));
  renderRoute('/profile');
  return screen.findByRole('heading', { name: 'Webhooks' });
}

describe('webhooks on the profile', () => {
  it('says so when there are none, adds one and shows its secret once, to copy', async () => {
    let sent: unknown = null;
    server.use(
      http.post(api('/functions/v1/api/webhooks'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...webhook(), secret: SECRET }, { status: 201 });
      }),
    );
    await profileWith([]);
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
    await fill(user, within(dialog).getByLabelText(/Endpoint URL/), 'https://crm.example.com/kairos');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Booking rescheduled' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    const shown = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(sent).toEqual({
      url: 'https://crm.example.com/kairos',
      events: ['booking.created', 'booking.confirmed', 'booking.rejected', 'booking.cancelled'],
      isActive: true,
    });
    expect(within(shown).getByRole('textbox', { name: 'Signing secret' })).toHaveValue(SECRET);
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(SECRET));
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByDisplayValue(SECRET)).toBeNull());
  });

  it('asks for an https:// address and at least one event before sending anything', async () => {
    let posted = false;
    server.use(
      http.post(api('/functions/v1/api/webhooks'), () => {
        posted = true;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    await profileWith([]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
    await fill(user, within(dialog).getByLabelText(/Endpoint URL/), 'http://crm.example.com/kairos');
    for (const name of ['Booking created', 'Booking confirmed', 'Booking rejected', 'Booking cancelled', 'Booking rescheduled'])
      await user.click(within(dialog).getByRole('checkbox', { name }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('Enter the https:// address of your endpoint')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one event')).toBeInTheDocument();
    expect(posted).toBe(false);
  });

  it('shows an endpoint Kairos paused, resumes it, and shows its delivery log with a working Resend', async () => {
    let patched: unknown = null;
    let resent = '';
    let current = webhook({ isActive: false, pausedReason: 'failing', pausedAt: '2026-11-22T09:00:00Z' });
    server.use(
      http.patch(api('/functions/v1/api/webhooks/3'), async ({ request }) => {
        patched = await request.json();
        current = webhook();
        return HttpResponse.json(current);
      }),
      http.get(api('/functions/v1/api/webhooks/3/deliveries'), () =>
        HttpResponse.json([delivery(), delivery({ id: 10, attempt: 1, statusCode: null, error: 'The endpoint took too long to answer', attemptedAt: '2026-11-21T09:29:00Z' })]),
      ),
      http.post(api('/functions/v1/api/webhooks/3/deliveries/:deliveryId/resend'), ({ params }) => {
        resent = String(params.deliveryId);
        return HttpResponse.json({ messageId: 'msg_1' }, { status: 202 });
      }),
    );
    await profileWith(() => HttpResponse.json([current]));
    const card = await screen.findByRole('listitem', { name: 'https://crm.example.com/kairos' });
    expect(within(card).getByText('Paused after failed deliveries')).toBeInTheDocument();
    expect(within(card).getByRole('alert')).toHaveTextContent('Kairos paused this endpoint');
    expect(within(card).getByText('Booking created')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('Webhook resumed')).toBeInTheDocument();
    expect(patched).toEqual({ isActive: true });
    expect(await within(card).findByText('Active')).toBeInTheDocument();

    const toggle = within(card).getByRole('button', { name: 'Delivery log' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = await within(card).findByRole('table', { name: 'Deliveries to https://crm.example.com/kairos' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('500')).toBeInTheDocument();
    expect(within(rows[0]).getByText('2')).toBeInTheDocument();
    expect(within(rows[0]).getByText(formatDate(new Date('2026-11-21T09:30:00Z'), 'EEE, MMM d, yyyy · h:mm a'))).toBeInTheDocument();
    expect(within(rows[1]).getByText('The endpoint took too long to answer')).toBeInTheDocument();
    await user.click(within(rows[0]).getByRole('button', { name: /^Resend/ }));
    // (Toasts come one at a time: the log's change, not a second toast, shows the resend.)
    await waitFor(() => expect(resent).toBe('11'));
  });

  it('rotates the secret with the chosen overlap and shows the new one', async () => {
    let body: unknown = null;
    server.use(
      http.post(api('/functions/v1/api/webhooks/3/rotate-secret'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ secret: SECRET, previousExpiresAt: null });
      }),
    );
    await profileWith([webhook()]);
    const card = await screen.findByRole('listitem', { name: 'https://crm.example.com/kairos' });
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Rotate secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate signing secret' });
    expect(within(dialog).getByLabelText('The old secret keeps working for')).toHaveValue('24');
    await user.selectOptions(within(dialog).getByLabelText('The old secret keeps working for'), 'Stop at once');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    expect(await screen.findByRole('dialog', { name: 'Signing secret' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Signing secret' })).toHaveValue(SECRET);
    expect(body).toEqual({ overlapHours: 0 });
  });

  it('pauses, sends a test event, and deletes after asking', async () => {
    const calls: string[] = [];
    server.use(
      http.patch(api('/functions/v1/api/webhooks/3'), async ({ request }) => {
        calls.push(`PATCH ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(webhook({ isActive: false, pausedReason: 'manual' }));
      }),
      http.post(api('/functions/v1/api/webhooks/3/ping'), () => {
        calls.push('ping');
        return HttpResponse.json({ messageId: 'msg_p' }, { status: 202 });
      }),
      http.delete(api('/functions/v1/api/webhooks/3'), () => {
        calls.push('DELETE');
        return HttpResponse.json({ message: 'Webhook deleted' });
      }),
    );
    await profileWith([webhook()]);
    const card = await screen.findByRole('listitem', { name: 'https://crm.example.com/kairos' });
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('Test event sent')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(calls).toEqual(['ping', 'PATCH {"isActive":false}']));
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete webhook?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete webhook' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete webhook?' })).toBeNull());
    expect(calls).toEqual(['ping', 'PATCH {"isActive":false}', 'DELETE']);
  });

  it('says when the list could not be loaded, and tries again', async () => {
    let calls = 0;
    await profileWith(() => (++calls === 1 ? HttpResponse.json({ code: 'internal', message: 'down' }, { status: 500 }) : HttpResponse.json([])));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Webhooks could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
  });
});

describe('team webhooks', () => {
  const team = { id: 7, name: 'Bright Path', slug: 'bright', description: null, timezone: 'UTC', is_public: true, owner_id: USER_ID, created_at: '', updated_at: '' };
  function settings(role: string) {
    signedInAs();
    server.use(
      restGet('teams', [team]),
      restGet('team_members', [{ id: 1, team_id: 7, user_id: USER_ID, role, joined_at: '', profile: { id: USER_ID, first_name: 'Ada', last_name: 'Host', email: 'host@example.com', profile_image_url: null } }]),
      restGet('availability_rules', []),
      restGet('date_overrides', []),
    );
    renderRoute('/teams/7/settings');
  }

  it("are the admins' to manage, at the team's address", async () => {
    let sent: unknown = null;
    server.use(
      http.get(api('/functions/v1/api/teams/7/webhooks'), () => HttpResponse.json([webhook({ id: 9, userId: null, teamId: 7, url: 'https://crm.example.com/team' })])),
      http.post(api('/functions/v1/api/teams/7/webhooks'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...webhook({ id: 10, teamId: 7 }), secret: SECRET }, { status: 201 });
      }),
    );
    settings('admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Webhooks' }));
    expect(await screen.findByRole('listitem', { name: 'https://crm.example.com/team' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
    await fill(user, within(dialog).getByLabelText(/Endpoint URL/), 'https://crm.example.com/new');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByRole('dialog', { name: 'Signing secret' })).toBeInTheDocument();
    expect(sent).toMatchObject({ url: 'https://crm.example.com/new' });
  });

  it('say who added each, and why one whose creator left the team is paused', async () => {
    server.use(
      http.get(api('/functions/v1/api/teams/7/webhooks'), () =>
        HttpResponse.json([
          webhook({ id: 9, userId: null, teamId: 7, url: 'https://crm.example.com/team', creator: { id: USER_ID, firstName: 'Ada', lastName: 'Host' } }),
          webhook({ id: 10, userId: null, teamId: 7, url: 'https://gone.example.com/hook', isActive: false, pausedReason: 'creator_left', createdBy: null, creator: null }),
        ]),
      ),
    );
    settings('owner');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Webhooks' }));
    const kept = await screen.findByRole('listitem', { name: 'https://crm.example.com/team' });
    expect(within(kept).getByText('Added by Ada Host')).toBeInTheDocument();
    const paused = screen.getByRole('listitem', { name: 'https://gone.example.com/hook' });
    expect(within(paused).getByText('Added by a former member')).toBeInTheDocument();
    expect(within(paused).getByText('Paused: its creator left')).toBeInTheDocument();
    expect(within(paused).getByRole('alert')).toHaveTextContent('The person who added this endpoint no longer manages the team');
    expect(within(paused).getByRole('button', { name: 'Resume' })).toBeInTheDocument();
  });

  it('are not shown to members', async () => {
    settings('member');
    await screen.findByRole('tab', { name: 'Sharing' });
    expect(screen.queryByRole('tab', { name: 'Webhooks' })).toBeNull();
  });
});
