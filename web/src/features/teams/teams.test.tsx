import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/server.ts';
import { api, renderRoute, restGet, rpc, signedInAs, USER_ID, recordBody } from '../../test/utils.tsx';
import { toggleDay } from './TeamAvailabilityEditor.tsx';

const team = { id: 7, name: 'Brightpath', description: 'Advisors', slug: 'brightpath', owner_id: USER_ID, is_public: true, timezone: 'UTC', created_at: '', updated_at: '' };
const member = (id: string, role: string, first: string) => ({
  id: first.charCodeAt(0),
  team_id: 7,
  user_id: id,
  role,
  joined_at: '2026-01-05T00:00:00Z',
  user: { id, first_name: first, last_name: 'X', email: `${first.toLowerCase()}@example.com`, profile_image_url: null, title: null, company: null, location: null },
});

describe('teams list', () => {
  it('shows the empty state', async () => {
    signedInAs();
    server.use(restGet('team_members', []), restGet('team_invitations', []));
    renderRoute('/teams');
    expect(await screen.findByText('No teams yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Your First Team' })).toBeInTheDocument();
  });

  it('shows a card with role, member count, links and public path', async () => {
    signedInAs();
    server.use(restGet('team_members', [{ role: 'owner', team: { ...team, members: [{ count: 3 }] } }]), restGet('team_invitations', []));
    renderRoute('/teams');
    const card = await screen.findByRole('article', { name: 'Brightpath' });
    expect(within(card).getByText('owner')).toBeInTheDocument();
    expect(within(card).getByText('3 members')).toBeInTheDocument();
    expect(within(card).getByText('/team/brightpath')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Team Dashboard' })).toHaveAttribute('href', '/teams/7');
    expect(within(card).getByRole('link', { name: /Settings/ })).toHaveAttribute('href', '/teams/7/settings');
  });
});

describe('in the reader’s language', () => {
  it('speaks German on /teams and in the Create Team dialog, a rule’s message with its number and a slug’s in the team’s words', async () => {
    signedInAs({ locale: 'de' });
    server.use(restGet('team_members', [{ role: 'owner', team: { ...team, members: [{ count: 3 }] } }]), restGet('team_invitations', []));
    renderRoute('/teams');
    // The profile's language applies once the profile is read.
    const card = await screen.findByRole('article', { name: 'Brightpath' });
    expect(await within(card).findByText('3 Mitglieder')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Team-Übersicht' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Team erstellen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Team erstellen' });
    await user.type(within(dialog).getByLabelText('Teamname'), 'x'.repeat(101));
    await user.clear(within(dialog).getByLabelText('Team-URL'));
    await user.type(within(dialog).getByLabelText('Team-URL'), 'Nicht so');
    await user.click(within(dialog).getByRole('button', { name: 'Team erstellen' }));
    expect(await within(dialog).findByText('Darf höchstens 100 Zeichen lang sein')).toBeInTheDocument();
    expect(within(dialog).getByText('Die Kennung darf nur Kleinbuchstaben, Ziffern und Bindestriche enthalten')).toBeInTheDocument();
  });
});

describe('create team dialog', () => {
  async function openDialog(zone = 'UTC') {
    signedInAs({ timezone: zone });
    server.use(restGet('team_members', []), restGet('team_invitations', []));
    renderRoute('/teams');
    await userEvent.click(await screen.findByRole('button', { name: 'Create Your First Team' }));
    return screen.findByRole('dialog');
  }

  it('generates the slug from the name until the slug is edited by hand', async () => {
    const dialog = await openDialog();
    const user = userEvent.setup();
    const name = within(dialog).getByLabelText('Team Name');
    const slug = within(dialog).getByLabelText('Team URL');
    await user.type(name, 'Sales  & Success -- Team!');
    expect(slug).toHaveValue('sales-success-team');
    await user.clear(slug);
    await user.type(slug, 'my-team');
    await user.type(name, ' Two');
    expect(slug).toHaveValue('my-team');
  });

  it('shows the validation messages of docs/product/validation.md', async () => {
    const dialog = await openDialog();
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Create Team' }));
    expect(await within(dialog).findByText('Team name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Team slug is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Team URL'), 'Bad Slug');
    await user.click(within(dialog).getByRole('button', { name: 'Create Team' }));
    expect(await within(dialog).findByText('Slug can only contain lowercase letters, numbers, and hyphens')).toBeInTheDocument();
  });

  /** Names the team Night Owls in the dialog and creates it (as team `id`); the bodies sent for the team and its hours. */
  async function createNightOwls(dialog: HTMLElement, id = team.id) {
    const posted = recordBody('post', '/rest/v1/teams', (sent) => HttpResponse.json({ ...team, id, ...sent }));
    const hours = recordBody('post', '/rest/v1/rpc/replace_availability', () => HttpResponse.json(null));
    server.use(posted.handler, hours.handler);
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Team Name'), 'Night Owls');
    await user.click(within(dialog).getByRole('button', { name: 'Create Team' }));
    expect(await screen.findByText('Team Created')).toBeInTheDocument();
    return { posted, hours };
  }

  it('creates the team', async () => {
    const { posted } = await createNightOwls(await openDialog());
    expect(posted.body).toMatchObject({ name: 'Night Owls', slug: 'night-owls', timezone: 'UTC', is_public: false, owner_id: USER_ID });
  });

  it("starts a new team in its owner's time zone with Monday to Friday 09:00-17:00", async () => {
    const dialog = await openDialog('Europe/Stockholm');
    expect(within(dialog).getByLabelText('Timezone')).toHaveValue('Europe/Stockholm');
    const { posted, hours } = await createNightOwls(dialog, 9);
    expect(posted.body).toMatchObject({ timezone: 'Europe/Stockholm' });
    expect(hours.body).toEqual({
      p_team_id: 9,
      p_rules: [1, 2, 3, 4, 5].map((day) => ({ day_of_week: day, start_time: '09:00', end_time: '17:00', is_enabled: true })),
    });
  });
});

describe('team detail', () => {
  const WEEKDAY = { team_id: 7, day_of_week: 1, start_time: '09:00', end_time: '17:00', is_enabled: true };
  function teamData(role = 'owner', hours: object[] = [WEEKDAY]) {
    signedInAs();
    server.use(
      restGet('availability_rules', hours),
      restGet('teams', [team]),
      restGet('team_members', [member(USER_ID, role, 'Ada'), member('00000000-0000-4000-8000-000000000002', 'member', 'Bob')]),
      restGet('event_types', [
        { id: 1, team_id: 7, title: 'Intro', description: 'Hello', duration: 30, color: '#3b82f6', is_active: true, auto_confirm: true, requires_all_members: false, assignment_type: 'round_robin', specific_member_id: null },
        { id: 2, team_id: 7, title: 'Old', description: null, duration: 90, color: '#ef4444', is_active: false, auto_confirm: true, requires_all_members: false, assignment_type: 'least_busy', specific_member_id: null },
      ]),
      rpc('team_bookings_this_month', 4),
      restGet('team_invitations', []),
    );
  }

  /** Grace's booking of the team's Intro, tomorrow, assigned to the signed-in member. */
  const teamBooking = {
    id: 9, event_type_id: 1, user_id: null, team_id: 7, assigned_user_id: USER_ID, guest_name: 'Grace', guest_email: 'g@example.com', guest_phone: null,
    guest_company: null, notes: null, start_time: new Date(Date.now() + 86_400_000).toISOString(), end_time: new Date(Date.now() + 88_200_000).toISOString(),
    status: 'confirmed', created_at: '', updated_at: '', event_type: { title: 'Intro', duration: 30 }, location: null,
  };

  /**
   * The team's Create Event Type dialog, open, `title` typed in; `create` presses Create, waits for the
   * toast and gives what was saved. `payee`: whether the owner's Stripe account takes charges.
   */
  async function createTeamEventType({ title, payee = false }: { title?: string; payee?: boolean }) {
    teamData();
    server.use(rpc('team_payee_takes_charges', payee));
    const posted = recordBody('post', '/rest/v1/event_types', () => HttpResponse.json({ id: 9 }));
    server.use(posted.handler);
    renderRoute('/teams/7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Event Types' }));
    await user.click(await screen.findByRole('button', { name: 'Create Event Type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Event Type' });
    if (title) await user.type(within(dialog).getByLabelText('Title'), title);
    const create = async () => {
      await user.click(within(dialog).getByRole('button', { name: 'Create Event Type' }));
      expect(await screen.findByText('Event Type Created')).toBeInTheDocument();
      return posted.body;
    };
    return { user, dialog, create };
  }

  it('shows real counts on the overview', async () => {
    teamData();
    renderRoute('/teams/7');
    expect(await screen.findByRole('heading', { name: 'Brightpath' })).toBeInTheDocument();
    expect(screen.getByText('/team/brightpath')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View Public Page/ })).toHaveAttribute('target', '_blank');
    const bookings = await screen.findByText("This Month's Bookings");
    await waitFor(() => expect(bookings.parentElement).toHaveTextContent("This Month's Bookings4"));
    expect(screen.getByText('Total Members').parentElement).toHaveTextContent('Total Members2');
  });

  it("tells its managers, not its members, when the team has no hours and guests can book nothing", async () => {
    teamData('owner', []);
    const { unmount } = renderRoute('/teams/7');
    expect(await screen.findByText('Guests can’t book this yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set the team’s hours' })).toHaveAttribute('href', '/teams/7/settings');
    unmount();
    teamData('member', []);
    renderRoute('/teams/7');
    await screen.findByRole('heading', { name: 'Brightpath' });
    await screen.findByText("This Month's Bookings");
    expect(screen.queryByText('Guests can’t book this yet')).toBeNull();
  });

  it('offers Remove only for non-owners', async () => {
    teamData();
    renderRoute('/teams/7');
    await userEvent.click(await screen.findByRole('tab', { name: 'Members' }));
    expect(await screen.findByRole('button', { name: 'Actions for Bob X' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for Ada X' })).not.toBeInTheDocument();
  });

  it('lists team event types with their Active/Inactive badge and assignment', async () => {
    teamData();
    renderRoute('/teams/7');
    await userEvent.click(await screen.findByRole('tab', { name: 'Event Types' }));
    expect(await screen.findByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByText(/30 minutes · Round Robin/)).toBeInTheDocument();
  });

  it('prices a team event type once the team owner\'s Stripe account takes charges', async () => {
    const { user, dialog, create } = await createTeamEventType({ title: 'Team session', payee: true });
    await user.type(await within(dialog).findByLabelText('Price'), '45');
    await user.selectOptions(within(dialog).getByLabelText('Currency'), 'eur');
    expect(within(dialog).getByText('Guests pay €45.00 when they book.')).toBeInTheDocument();
    expect(await create()).toMatchObject({ title: 'Team session', team_id: 7, price_cents: 4500, currency: 'eur' });
  });

  it('offers a team no price until its owner\'s Stripe account takes charges', async () => {
    const { dialog } = await createTeamEventType({ payee: false });
    expect(await within(dialog).findByText(/the team owner must connect a Stripe account that can take them/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Price')).toBeNull();
  });

  it('creates a team event type with its own notice and buffer from the Advanced section', async () => {
    const { user, dialog, create } = await createTeamEventType({ title: 'Team intro' });
    await user.click(within(dialog).getByRole('button', { name: 'Advanced' }));
    expect(within(dialog).getByLabelText('Buffer after')).toHaveValue('');
    expect(within(dialog).getAllByRole('option', { name: 'Team default (none)' })).toHaveLength(4);
    await user.selectOptions(within(dialog).getByLabelText('Buffer after'), '10');
    await user.selectOptions(within(dialog).getByLabelText('Minimum notice'), '1440');
    expect(await create()).toMatchObject({ title: 'Team intro', team_id: 7, buffer_after: 10, minimum_notice: 1440, buffer_before: null, slot_interval: '30' });
  });

  it('creates a team event type with its questions and built-in fields: one dialog, one save path for both owners', async () => {
    const { user, dialog, create } = await createTeamEventType({ title: 'Team intake' });
    const form = within(dialog).getByRole('group', { name: 'Booking form' });
    await user.selectOptions(within(form).getByLabelText('Company'), 'Required');
    await user.click(within(form).getByRole('button', { name: 'Add question' }));
    await user.selectOptions(within(form).getByLabelText('Type'), 'Yes / no');
    await user.type(within(form).getByLabelText('Question'), 'Existing customer?');
    expect(await create()).toMatchObject({
      team_id: 7,
      guest_fields: { phone: 'optional', company: 'required', notes: 'optional' },
      questions: [{ type: 'yes_no', slug: 'existing-customer', label: 'Existing customer?', required: false }],
    });
  });

  it('creates a team event type with seats per slot (a class one member hosts)', async () => {
    const { user, dialog, create } = await createTeamEventType({ title: 'Team workshop' });
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Seats per slot' }), '8');
    expect(await create()).toMatchObject({ title: 'Team workshop', team_id: 7, seats_per_slot: 8 });
  });

  it('creates a team event type with its places: an address and a link', async () => {
    const { user, dialog, create } = await createTeamEventType({ title: 'Office visit' });
    const places = within(dialog).getByRole('group', { name: 'Locations' });
    await user.selectOptions(within(places).getByLabelText('Add a location'), 'In person');
    await user.click(within(places).getByRole('button', { name: 'Add' }));
    await user.click(within(places).getByLabelText('Address'));
    await user.paste('5 Main St, Springfield');
    await user.selectOptions(within(places).getByLabelText('Add a location'), 'Online meeting');
    await user.click(within(places).getByRole('button', { name: 'Add' }));
    await user.click(within(places).getByLabelText('Link'));
    await user.paste('https://rooms.example.com/brightpath');
    expect(await create()).toMatchObject({
      team_id: 7,
      locations: [
        { kind: 'in_person', address: '5 Main St, Springfield' },
        { kind: 'link', url: 'https://rooms.example.com/brightpath' },
      ],
    });
  });

  it('shows 3 skeleton rows while team bookings load', async () => {
    teamData();
    server.use(http.get(api('/rest/v1/bookings'), () => new Promise<Response>(() => {})));
    renderRoute('/teams/7');
    await userEvent.click(await screen.findByRole('tab', { name: 'Bookings' }));
    expect(await screen.findAllByTestId('team-booking-skeleton')).toHaveLength(3);
  });

  /** Grace's upcoming team booking, with `extra`, as the team's Bookings tab shows it. */
  async function teamBookingRow(extra: Record<string, unknown>) {
    teamData();
    server.use(restGet('bookings', [{ ...teamBooking, ...extra }]));
    renderRoute('/teams/7');
    await userEvent.click(await screen.findByRole('tab', { name: 'Bookings' }));
    return screen.findByRole('article', { name: 'Intro with Grace' });
  }

  it("shows each team booking's place", async () => {
    const row = await teamBookingRow({ location: { kind: 'in_person', value: '5 Main St, Springfield' } });
    expect(within(row).getByText('In person: 5 Main St, Springfield')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Open in a map' })).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=5%20Main%20St%2C%20Springfield');
  });

  it("shows the guest's answers on a team booking, under the labels they were asked with, and the people they invited", async () => {
    const row = await teamBookingRow({
      answers: { answers: [{ slug: 'size', label: 'Team size', type: 'number', value: 12 }, { slug: 'ok', label: 'Existing customer?', type: 'yes_no', value: true }] },
      attendees: [{ email: 'ann@example.com' }],
    });
    const answers = within(row).getByRole('list', { name: 'Answers' });
    expect(within(answers).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Team size: 12', 'Existing customer?: Yes']);
    expect(within(within(row).getByRole('list', { name: 'Also invited:' })).getByRole('listitem')).toHaveTextContent('ann@example.com');
  });

  it("says a team list failed in docs/product/messages.md's words, and a cancel failed in the server's", async () => {
    teamData();
    const booking = teamBooking;
    server.use(
      http.get(api('/rest/v1/bookings'), ({ request }) =>
        new URL(request.url).searchParams.get('status') === 'eq.cancelled'
          ? HttpResponse.json({ message: 'boom' }, { status: 500 })
          : HttpResponse.json([booking]),
      ),
      http.patch(api('/rest/v1/bookings'), () => HttpResponse.json({ message: 'Only owners and admins cancel' }, { status: 403 })),
    );
    const user = userEvent.setup();
    renderRoute('/teams/7');
    await user.click(await screen.findByRole('tab', { name: 'Bookings' }));
    const row = await screen.findByRole('article', { name: 'Intro with Grace' });
    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Only owners and admins cancel')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Cancelled' }));
    expect(await screen.findByText('Failed to fetch cancelled bookings')).toBeInTheDocument();
  });

  it('shows Team Not Found for a team one cannot read', async () => {
    signedInAs();
    server.use(restGet('teams', []), restGet('team_members', []), restGet('event_types', []));
    renderRoute('/teams/99');
    expect(await screen.findByText('Team Not Found')).toBeInTheDocument();
    expect(screen.getByText("This team doesn't exist or you don't have access to it.")).toBeInTheDocument();
  });
});

describe('invitations', () => {
  const invitation = { id: 31, team_id: 7, email: 'bob@example.com', role: 'admin', created_at: '2026-01-05T00:00:00Z', expires_at: '2999-01-12T00:00:00Z' };

  it('lists the invitations addressed to me on the Teams page; accepting joins the team', async () => {
    signedInAs();
    let accepted: unknown;
    server.use(
      restGet('team_members', []),
      http.get(api('/rest/v1/team_invitations'), ({ request }) =>
        HttpResponse.json(new URL(request.url).searchParams.get('email') === 'eq.host@example.com' ? [{ ...invitation, team }] : []),
      ),
      rpc('accept_team_invitation', async ({ request }) => {
        accepted = await request.json();
        return HttpResponse.json({ id: 5, team_id: 7, user_id: USER_ID, role: 'admin', joined_at: '2026-01-06T00:00:00Z' });
      }),
      restGet('teams', [team]),
      restGet('event_types', []),
      rpc('team_bookings_this_month', 0),
    );
    const { pathname } = renderRoute('/teams');
    const card = await screen.findByRole('article', { name: 'Invitation to Brightpath' });
    expect(within(card).getByText('admin')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Decline invitation to Brightpath' })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Accept invitation to Brightpath' }));
    expect(await screen.findByText('Invitation Accepted')).toBeInTheDocument();
    expect(accepted).toEqual({ p_invitation_id: 31 });
    await waitFor(() => expect(pathname()).toBe('/teams/7'));
  });

  it('accepting from the Teams page with an address no mail has proven mails the link again and says where it went', async () => {
    signedInAs();
    const calls: string[] = [];
    server.use(
      restGet('team_members', []),
      restGet('team_invitations', [{ ...invitation, email: 'host@example.com', team }]),
      rpc('accept_team_invitation', () => {
        calls.push('accept');
        return HttpResponse.json(
          { code: 'KR002', message: 'Open the link in the invitation mailed to host@example.com to accept it.', details: null, hint: null },
          { status: 400 },
        );
      }),
      rpc('mail_invitation_link', async ({ request }) => {
        calls.push(`mail ${JSON.stringify(await request.json())}`);
        return new HttpResponse(null, { status: 204 });
      }),
      restGet('teams', []),
    );
    renderRoute('/teams');
    const card = await screen.findByRole('article', { name: 'Invitation to Brightpath' });
    await userEvent.click(within(card).getByRole('button', { name: 'Accept invitation to Brightpath' }));
    expect(await screen.findByText('Open the link in the invitation mailed to host@example.com to accept it.')).toBeInTheDocument();
    expect(calls).toEqual(['accept', 'mail {"p_invitation_id":31}']);
  });

  it('accepts on the page a mailed link opens with that link\'s token', async () => {
    signedInAs();
    let accepted: unknown;
    server.use(
      rpc('team_invitation_by_token', [{ id: 31, team_id: 7, team_name: 'Brightpath', team_slug: 'brightpath', role: 'member', expires_at: '2999-01-12T00:00:00Z', for_me: true }]),
      rpc('accept_team_invitation', async ({ request }) => {
        accepted = await request.json();
        return HttpResponse.json({ id: 5, team_id: 7, user_id: USER_ID, role: 'member', joined_at: '2026-01-06T00:00:00Z' });
      }),
      restGet('teams', [team]),
      restGet('team_members', []),
      restGet('event_types', []),
      rpc('team_bookings_this_month', 0),
    );
    renderRoute('/invitations/abc123');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation to Brightpath' }));
    expect(await screen.findByText('Invitation Accepted')).toBeInTheDocument();
    expect(accepted).toEqual({ p_invitation_id: 31, p_token: 'abc123' });
  });

  it('declines by deleting the invitation', async () => {
    signedInAs();
    let deleted = '';
    server.use(
      restGet('team_members', []),
      restGet('team_invitations', [{ ...invitation, team }]),
      http.delete(api('/rest/v1/team_invitations'), ({ request }) => {
        deleted = new URL(request.url).searchParams.get('id') ?? '';
        return HttpResponse.json({ id: 31 });
      }),
    );
    renderRoute('/teams');
    await userEvent.click(await screen.findByRole('button', { name: 'Decline invitation to Brightpath' }));
    expect(await screen.findByText('Invitation Declined')).toBeInTheDocument();
    expect(deleted).toBe('eq.31');
  });

  it('lists pending invitations with their role on the Members tab, and revokes one', async () => {
    signedInAs();
    let revoked = '';
    server.use(
      restGet('teams', [team]),
      restGet('team_members', [member(USER_ID, 'owner', 'Ada')]),
      restGet('event_types', []),
      rpc('team_bookings_this_month', 0),
      restGet('team_invitations', [invitation]),
      http.delete(api('/rest/v1/team_invitations'), ({ request }) => {
        revoked = new URL(request.url).searchParams.get('id') ?? '';
        return HttpResponse.json({ id: 31 });
      }),
    );
    renderRoute('/teams/7');
    await userEvent.click(await screen.findByRole('tab', { name: 'Members' }));
    const pending = await screen.findByRole('region', { name: 'Pending Invitations' });
    expect(within(pending).getByText('bob@example.com')).toBeInTheDocument();
    expect(within(pending).getByText('admin')).toBeInTheDocument();
    // The owner is never offered to leave.
    expect(screen.queryByRole('button', { name: /Leave Team/ })).not.toBeInTheDocument();
    await userEvent.click(within(pending).getByRole('button', { name: 'Revoke invitation for bob@example.com' }));
    expect(await screen.findByText('Invitation Revoked')).toBeInTheDocument();
    expect(revoked).toBe('eq.31');
  });

  it('invites (an invitation, mailed by the database\'s outbox) and says the person joins once they accept', async () => {
    signedInAs();
    let sent: unknown;
    server.use(
      restGet('teams', [team]),
      restGet('team_members', [member(USER_ID, 'owner', 'Ada')]),
      restGet('event_types', []),
      rpc('team_bookings_this_month', 0),
      restGet('team_invitations', []),
      rpc('invite_team_member', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json([{ ...invitation, role: 'member' }]);
      }),
    );
    renderRoute('/teams/7');
    await userEvent.click(await screen.findByRole('tab', { name: 'Members' }));
    await userEvent.click(await screen.findByRole('button', { name: /Invite Member/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'bob@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite Member' }));
    expect(await screen.findByText('Member Invited')).toBeInTheDocument();
    expect(screen.getByText('bob@example.com will join the team once they accept the invitation.')).toBeInTheDocument();
    expect(sent).toEqual({ p_team_id: 7, p_email: 'bob@example.com', p_role: 'member' });
  });

  it('lets a member leave the team', async () => {
    signedInAs();
    let left = '';
    server.use(
      restGet('teams', [team]),
      restGet('team_members', [member('00000000-0000-4000-8000-000000000002', 'owner', 'Olive'), member(USER_ID, 'member', 'Ada')]),
      restGet('event_types', []),
      rpc('team_bookings_this_month', 0),
      restGet('team_invitations', []),
      http.delete(api('/rest/v1/team_members'), ({ request }) => {
        left = new URL(request.url).search;
        return HttpResponse.json({ id: 65 });
      }),
    );
    const { pathname } = renderRoute('/teams/7');
    await userEvent.click(await screen.findByRole('tab', { name: 'Members' }));
    await userEvent.click(await screen.findByRole('button', { name: /Leave Team/ }));
    expect(await screen.findByText('Left Team')).toBeInTheDocument();
    expect(left).toContain(`user_id=eq.${USER_ID}`);
    expect(left).toContain('team_id=eq.7');
    await waitFor(() => expect(pathname()).toBe('/teams'));
  });

  it('opens the page a mailed link names: the addressee may answer, anyone else is told', async () => {
    const found = { id: 31, team_id: 7, team_name: 'Brightpath', team_slug: 'brightpath', role: 'member', expires_at: '2999-01-12T00:00:00Z' };
    signedInAs();
    server.use(rpc('team_invitation_by_token', [{ ...found, for_me: true }]));
    const first = renderRoute('/invitations/abc123');
    expect(await screen.findByRole('heading', { name: 'Join Brightpath' })).toBeInTheDocument();
    expect(screen.getByText('You have been invited to join Brightpath as a member.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept invitation to Brightpath' })).toBeInTheDocument();
    first.unmount();

    server.use(rpc('team_invitation_by_token', [{ ...found, for_me: false }]));
    const second = renderRoute('/invitations/abc123');
    expect(await screen.findByText('This invitation was sent to another email address. Sign in with that address to accept it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
    second.unmount();

    server.use(rpc('team_invitation_by_token', []));
    renderRoute('/invitations/expired');
    expect(await screen.findByText('Invitation Not Found')).toBeInTheDocument();
  });
});

describe('team availability', () => {
  it('switching a day on adds 09:00-17:00 when it has no range; off removes its ranges', () => {
    const monday = { day_of_week: 1, start_time: '10:00', end_time: '12:00', is_enabled: true };
    expect(toggleDay([monday], 2, true)).toEqual([monday, { day_of_week: 2, start_time: '09:00', end_time: '17:00', is_enabled: true }]);
    expect(toggleDay([monday], 1, false)).toEqual([]);
    expect(toggleDay([{ ...monday, is_enabled: false }], 1, true)).toEqual([monday]);
  });
});

describe('team weekly hours', () => {
  it('keeps a range that ends before it starts on its row, unsaved, and saves the day once it is right', async () => {
    const saves: unknown[] = [];
    signedInAs();
    server.use(
      restGet('teams', [team]),
      restGet('team_members', [member(USER_ID, 'owner', 'Ada')]),
      restGet('availability_rules', [{ team_id: 7, day_of_week: 1, start_time: '09:00', end_time: '17:00', is_enabled: true }]),
      restGet('date_overrides', []),
      rpc('replace_availability', async ({ request }) => {
        saves.push(await request.json());
        return HttpResponse.json(null);
      }),
    );
    renderRoute('/teams/7/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Availability' }));
    const end = await screen.findByLabelText('Monday range 1 end');
    await user.selectOptions(end, '08:00');
    expect(screen.getByLabelText('Monday range 1 end')).toHaveAccessibleDescription('Ends before it starts: pick an end after 9:00 AM.');
    expect(screen.getByLabelText('Monday range 1 end')).toHaveValue('08:00');
    expect(saves).toEqual([]);
    await user.selectOptions(screen.getByLabelText('Monday range 1 end'), '12:00');
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ p_rules: [{ day_of_week: 1, start_time: '09:00', end_time: '12:00', is_enabled: true }] });
  });

  it("names the days in the reader's language", async () => {
    signedInAs({ locale: 'de' });
    server.use(
      restGet('teams', [team]),
      restGet('team_members', [member(USER_ID, 'owner', 'Ada')]),
      restGet('availability_rules', [{ team_id: 7, day_of_week: 1, start_time: '09:00', end_time: '17:00', is_enabled: true }]),
      restGet('date_overrides', []),
    );
    renderRoute('/teams/7/settings');
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Verfügbarkeit' }));
    expect(await screen.findByRole('checkbox', { name: 'Montag' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Dienstag' })).not.toBeChecked();
    expect(screen.getAllByText('Nicht verfügbar')).toHaveLength(6);
    expect(screen.getByLabelText('Montag, Zeitfenster 1: Ende')).toHaveValue('17:00');
  });
});

describe('team date overrides', () => {
  const upcoming = { date: '2099-12-24', start_time: '10:00', end_time: '12:00' };
  /** Renders the settings as `role`; returns the query strings of the override reads and deletes. */
  function settings(role: string) {
    const reads: string[] = [];
    const deleted: string[] = [];
    signedInAs();
    server.use(
      restGet('teams', [team]),
      restGet('team_members', [member(USER_ID, role, 'Ada')]),
      restGet('availability_rules', []),
      http.get(api('/rest/v1/date_overrides'), ({ request }) => {
        reads.push(decodeURIComponent(new URL(request.url).search));
        return HttpResponse.json([upcoming]);
      }),
      http.delete(api('/rest/v1/date_overrides'), ({ request }) => {
        deleted.push(decodeURIComponent(new URL(request.url).search));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderRoute('/teams/7/settings');
    return { reads, deleted };
  }

  it('owners pick a date and save the team\'s hours for it, and delete upcoming ones; past ones are not read', async () => {
    let saved: unknown = null;
    server.use(
      rpc('replace_date_override', async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json([]);
      }),
    );
    const { reads, deleted } = settings('owner');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Availability' }));
    expect(await screen.findByRole('heading', { name: 'Date Overrides' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Upcoming overrides' });
    expect(within(list).getByText('Thursday, December 24, 2099')).toBeInTheDocument();
    expect(within(list).getByText('10:00 AM–12:00 PM')).toBeInTheDocument();
    const calendar = await screen.findByRole('grid', { name: 'Pick a date to override' });
    const cells = within(calendar).getAllByRole('gridcell').filter((cell) => !(cell as HTMLButtonElement).disabled);
    await user.click(cells[cells.length - 1]);
    await user.click(screen.getByText('Unavailable all day'));
    await user.click(screen.getByRole('button', { name: 'Save Override' }));
    expect(await screen.findByText('Date override saved')).toBeInTheDocument();
    expect(saved).toMatchObject({ p_team_id: 7, p_ranges: [] });
    expect(reads[0]).toContain('team_id=eq.7');
    expect(reads[0]).toContain(`date=gte.${format(new Date(), 'yyyy-MM-dd')}`);

    await user.click(within(list).getByRole('button', { name: 'Delete override for Thursday, December 24, 2099' }));
    await waitFor(() => expect(deleted).toHaveLength(1));
    expect(deleted[0]).toContain('team_id=eq.7');
    expect(deleted[0]).toContain('date=eq.2099-12-24');
  });

  it('members see them without the editor', async () => {
    settings('member');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Availability' }));
    const list = await screen.findByRole('list', { name: 'Upcoming overrides' });
    expect(within(list).getByText('10:00 AM–12:00 PM')).toBeInTheDocument();
    expect(screen.queryByRole('grid', { name: 'Pick a date to override' })).toBeNull();
    expect(within(list).queryByRole('button')).toBeNull();
  });
});

describe('team sharing', () => {
  it('offers the code that embeds the public team page in another site', async () => {
    signedInAs();
    server.use(restGet('teams', [{ ...team, is_public: true }]), restGet('team_members', [member(USER_ID, 'owner', 'Ada')]), restGet('availability_rules', []), restGet('date_overrides', []));
    renderRoute('/teams/7/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Sharing' }));
    expect(await screen.findByRole('textbox', { name: 'Embed code' })).toHaveValue(
      `<script async src="${window.location.origin}/embed.js" data-kairos="team/${team.slug}"></script>`,
    );
  });
});
