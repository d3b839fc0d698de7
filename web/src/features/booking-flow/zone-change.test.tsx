// A guest who changes the time zone keeps the month they were looking at while the zone's times load:
// the picker does not go back to this month and on again (its caption is announced each time).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addMonths, format } from 'date-fns';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/server.ts';
import { api, renderRoute, rpc } from '../../test/utils.tsx';
import { publicEventType } from '../../test/publicEventType.ts';

// The first free day two months ahead, the 10th at 10:00 UTC.
const later = addMonths(new Date(), 2);
const start = new Date(Date.UTC(later.getFullYear(), later.getMonth(), 10, 10));
const slot = { start: start.toISOString(), end: new Date(start.getTime() + 30 * 60_000).toISOString(), date: format(start, 'yyyy-MM-10'), label: '10:00' };

describe('changing the time zone', () => {
  it('keeps the month shown while the new zone’s times load', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      rpc('public_event_type', [publicEventType()]),
      http.get(api('/functions/v1/slots'), async ({ request }) => {
        const zone = new URL(request.url).searchParams.get('timeZone')!;
        if (zone === 'America/New_York') await held;
        return HttpResponse.json({ timeZone: zone, duration: 30, hostTimeZone: 'UTC', slots: [slot] });
      }),
    );
    renderRoute('/book/5?tz=Asia/Kathmandu');
    const shown = format(later, 'MMMM yyyy');
    expect(await screen.findByText(shown)).toBeInTheDocument();

    await userEvent.setup().selectOptions(screen.getByLabelText('Timezone'), 'America/New_York');
    await waitFor(() => expect(screen.getByRole('grid', { name: /date/i })).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByText(shown)).toBeInTheDocument();
    expect(screen.queryByText(format(new Date(), 'MMMM yyyy'))).toBeNull();

    release();
    await waitFor(() => expect(screen.getByRole('grid', { name: /date/i })).not.toHaveAttribute('aria-busy'));
    expect(screen.getByText(shown)).toBeInTheDocument();
  });
});
