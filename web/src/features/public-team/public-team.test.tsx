import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createIntl, type IntlShape } from 'react-intl';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../i18n/catalogue.ts';
import { formatDuration } from '../../lib/shared.ts';
import { browserTimeZone } from '../../lib/time.ts';
import { api, renderRoute, rpc } from '../../test/utils.tsx';
import { server } from '../../test/server.ts';
import { timeZoneNotice } from './hooks.ts';
import { zoneLabel } from '../../lib/zones.ts';

// The notice in English, as the page words it.
let en: IntlShape;
beforeAll(async () => {
  en = createIntl({ locale: 'en', messages: await loadMessages('en') });
});

describe('public team page', () => {
  it('shows the team, meeting types with Xm/Xh/Xh Ym durations and its members', async () => {
    server.use(
      rpc('public_team', [{ id: 7, name: 'Bright Path', description: 'Advisors', slug: 'bright', timezone: 'Asia/Tokyo', member_count: 2 }]),
      rpc('public_event_types', [
        { id: 1, team_id: 7, title: 'Quick', description: null, duration: 45, color: '#3b82f6', auto_confirm: true, requires_all_members: false, assignment_type: 'round_robin', specific_member_id: null },
        { id: 2, team_id: 7, title: 'Long', description: null, duration: 90, color: '#3b82f6', auto_confirm: true, requires_all_members: false, assignment_type: 'least_busy', specific_member_id: null },
      ]),
      rpc('public_team_members', [{ user_id: 'u1', role: 'owner', joined_at: '', handle: null, first_name: 'Ada', last_name: 'Host', profile_image_url: null, title: 'Coach', company: 'Acme', location: 'Paris' }]),
    );
    renderRoute('/team/bright');
    expect(await screen.findByRole('heading', { name: 'Bright Path' })).toBeInTheDocument();
    expect(screen.getByText('Public Team')).toBeInTheDocument();
    expect(screen.getByText('2 members')).toBeInTheDocument();
    expect(screen.getByText('45m')).toBeInTheDocument();
    expect(screen.getByText('1h 30m')).toBeInTheDocument();
    expect(screen.getByText('Least Busy')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Book Now' })).toHaveLength(2);
    expect(screen.getByText('Meet the team')).toBeInTheDocument();
    expect(screen.getByText('Acme · Paris')).toBeInTheDocument();
    expect(screen.getByText(timeZoneNotice(browserTimeZone(), 'Asia/Tokyo', en))).toBeInTheDocument();
  });

  it("asks the team event type's questions and built-in fields in its Book a Meeting dialog", async () => {
    server.use(
      rpc('public_team', [{ id: 7, name: 'Bright Path', description: null, slug: 'bright', timezone: 'UTC', member_count: 1 }]),
      rpc('public_event_types', [
        {
          id: 1, team_id: 7, title: 'Intake', description: null, duration: 30, color: '#3b82f6', auto_confirm: true, requires_all_members: false, assignment_type: 'round_robin', specific_member_id: null,
          questions: [{ type: 'single_choice', slug: 'plan', label: 'Plan', required: true, options: ['Free', 'Pro'] }],
          guest_fields: { phone: 'hidden', company: 'required', notes: 'optional' },
        },
      ]),
      rpc('public_team_members', []),
      http.get(api('/functions/v1/slots'), () => HttpResponse.json({ timeZone: 'UTC', duration: 30, hostTimeZone: 'UTC', slots: [] })),
    );
    renderRoute('/team/bright');
    await userEvent.click(await screen.findByRole('button', { name: 'Book Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book a Meeting' });
    expect(await within(dialog).findByRole('radiogroup', { name: 'Plan' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Company' })).toBeRequired();
    expect(within(dialog).queryByRole('textbox', { name: /^Phone/ })).toBeNull();
  });

  it('shows the empty texts', async () => {
    server.use(
      rpc('public_team', [{ id: 7, name: 'Quiet', description: null, slug: 'quiet', timezone: 'UTC', member_count: 0 }]),
      rpc('public_event_types', []),
      rpc('public_team_members', []),
    );
    renderRoute('/team/quiet');
    expect(await screen.findByText('No available meeting types')).toBeInTheDocument();
    expect(screen.getByText('No team members to display.')).toBeInTheDocument();
  });

  it('shows Team Not Found for a missing or private team', async () => {
    server.use(rpc('public_team', []), rpc('public_event_types', []), rpc('public_team_members', []));
    renderRoute('/team/hidden');
    expect(await screen.findByText('Team Not Found')).toBeInTheDocument();
    expect(screen.getByText("This team doesn't exist or is not publicly available.")).toBeInTheDocument();
  });
});

describe('helpers', () => {
  it('formats durations as Xm, Xh or Xh Ym', () => {
    expect([15, 60, 90, 120, 135].map((minutes) => formatDuration(minutes))).toEqual(['15m', '1h', '1h 30m', '2h', '2h 15m']);
  });

  it('words the time zone notice by whether the zones match', () => {
    expect(timeZoneNotice('UTC', 'UTC', en)).toBe("All times are shown in your timezone, UTC, the same as the team's.");
    expect(timeZoneNotice('Europe/Paris', 'UTC', en)).toBe(`All times are shown in your timezone, ${zoneLabel('Europe/Paris')}. The team is based in UTC.`);
  });
});
