// A recurring series in the host's lists (docs/series.md): its occurrences together under how often and
// how many of its meetings the list holds, each still its own card; the rest of the list as it was.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/server.ts';
import { api, renderRoute, restGet, signedInAs, USER_ID } from '../../test/utils.tsx';

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

function occurrence(id: number, start: string, seriesId: number | null) {
  return {
    id,
    event_type_id: 1,
    user_id: USER_ID,
    team_id: null,
    guest_name: seriesId ? 'Sam Series' : `Guest ${id}`,
    guest_email: `guest${id}@example.com`,
    start_time: start,
    end_time: start,
    status: 'confirmed',
    seat_slot_id: null,
    series_id: seriesId,
    recurrence_id: seriesId ? start : null,
    event_type: { title: seriesId ? 'Coaching' : 'Consultation', duration: 30 },
  };
}

describe('a series in the host\'s lists', () => {
  it('groups a series\' occurrences under how often and how many, each its own card', async () => {
    signedInAs();
    const asked: string[] = [];
    server.use(
      restGet('event_types', []),
      restGet('bookings', [occurrence(1, at(1), 4), occurrence(2, at(2), null), occurrence(3, at(8), 4), occurrence(4, at(15), 4)]),
      http.get(api('/rest/v1/booking_series'), ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('id') ?? '');
        return HttpResponse.json([{ id: 4, frequency: 'weekly', count: 12 }]);
      }),
    );
    renderRoute('/bookings');
    const group = await screen.findByRole('region', { name: 'Coaching, series: Weekly · 3 of 12 meetings' });
    expect(within(group).getByText('Weekly · 3 of 12 meetings')).toBeInTheDocument();
    expect(within(group).getAllByRole('article', { name: 'Coaching with Sam Series' })).toHaveLength(3);
    // Each occurrence keeps its own actions.
    expect(within(group).getAllByRole('button', { name: 'Cancel' })).toHaveLength(3);
    expect(within(group).queryByRole('article', { name: 'Consultation with Guest 2' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Consultation with Guest 2' })).toBeInTheDocument();
    expect(asked).toEqual(['in.(4)']);
  });
});
