import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../test/server.ts';
import { api, renderRoute, restGet, rpc, signedInAs } from '../../test/utils.tsx';
import { noCalendars } from '../../test/calendars.ts';
import { rulesToWeek, weekToRules } from './AvailabilityPage.tsx';

beforeEach(() => server.use(...noCalendars));

describe('availability page', () => {
  it('lists the week Monday first and saves every range', async () => {
    signedInAs();
    let saved: unknown = null;
    server.use(
      restGet('availability_rules', [{ id: 1, user_id: 'u', day_of_week: 1, start_time: '09:00', end_time: '12:00', is_enabled: true }]),
      restGet('user_settings', []),
      restGet('event_types', []),
      rpc('replace_availability', async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json([]);
      }),
    );
    renderRoute('/availability');
    expect(await screen.findByRole('heading', { name: 'Working Hours' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Buffer Times' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Booking Preferences' })).toBeInTheDocument();
    const days = await screen.findAllByRole('checkbox');
    expect(days.map((box) => box.closest('label')?.textContent)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    const user = userEvent.setup();
    await user.click(screen.getByText('Sunday'));
    await user.click(screen.getAllByRole('button', { name: 'Add time range' })[0]);
    await user.click(screen.getByRole('button', { name: 'Save Working Hours' }));
    expect(await screen.findByText('Availability updated successfully')).toBeInTheDocument();
    expect(saved).toEqual({
      p_rules: [
        { day_of_week: 1, start_time: '09:00', end_time: '12:00', is_enabled: true },
        { day_of_week: 1, start_time: '09:00', end_time: '17:00', is_enabled: true },
        { day_of_week: 0, start_time: '09:00', end_time: '17:00', is_enabled: true },
      ],
    });
  });

  it('offers the choices of docs/product/constants.md and saves the settings', async () => {
    signedInAs();
    let saved: Record<string, unknown> = {};
    server.use(
      restGet('availability_rules', []),
      restGet('user_settings', []),
      restGet('event_types', []),
      http.post(api('/rest/v1/user_settings'), async ({ request }) => {
        saved = (await request.json()) as Record<string, unknown>;
        return new HttpResponse(null, { status: 201 });
      }),
    );
    renderRoute('/availability');
    const before = await screen.findByLabelText('Buffer before');
    expect([...(before as HTMLSelectElement).options].map((option) => option.value)).toEqual(['0', '5', '10', '15', '30']);
    expect(before).toHaveValue('10');
    const notice = screen.getByLabelText('Minimum notice') as HTMLSelectElement;
    expect([...notice.options].map((option) => option.value)).toEqual(['0', '60', '120', '240', '1440', '2880']);
    expect(notice).toHaveValue('1440');
    const future = screen.getByLabelText('Maximum future bookings') as HTMLSelectElement;
    expect([...future.options].map((option) => option.value)).toEqual(['7', '14', '30', '60', '90']);
    await userEvent.selectOptions(future, '90');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(saved).toMatchObject({ buffer_before: 10, buffer_after: 10, minimum_notice: 1440, max_future_bookings: 90 }));
  });

  it('reports a failed save', async () => {
    signedInAs();
    server.use(
      restGet('availability_rules', []),
      restGet('user_settings', []),
      restGet('event_types', []),
      rpc('replace_availability', () => HttpResponse.json({ message: 'no' }, { status: 403 })),
    );
    renderRoute('/availability');
    await userEvent.click(await screen.findByRole('button', { name: 'Save Working Hours' }));
    expect(await screen.findByText('Failed to update availability')).toBeInTheDocument();
  });
});

describe('week conversion', () => {
  it('round-trips several ranges per day', () => {
    const rules = [
      { day_of_week: 2, start_time: '09:00', end_time: '12:00', is_enabled: true },
      { day_of_week: 2, start_time: '13:00', end_time: '17:00', is_enabled: true },
    ];
    expect(weekToRules(rulesToWeek(rules))).toEqual(rules);
  });
});
