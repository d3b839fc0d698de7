// A recurring series after booking (docs/series.md): the guest opens the series' one confirmation
// mail in the local inbox, follows its link to the manage page, which lists every date of the series
// (axe at desktop and phone size), cancels the second date from its own page and moves the third an
// hour later; each change is one mail, and the series keeps its other dates with no booking added.
// The host then cancels the last date "and all later" from its card on /bookings (axe at both sizes).
import { describe, expect, it } from 'vitest';
import { sql, stack } from '../../scripts/local/test-stack/harness.ts';
import { waitForMails } from '../../scripts/local/test-stack/mailpit.ts';
import { call } from '../../supabase/tests/api/client.ts';
import { guestBody } from '../../supabase/tests/api/fixtures.ts';
import { expectAccessibleAtBothSizes } from './support/axe.ts';
import { DESKTOP, expectToast, openPage, screenshot, useBrowser } from './support/browser.ts';
import { bookableHost, clock, dayAhead, expectNoErrors, JOURNEY_TIMEOUT, navigate, pickDay, signIn, unique } from './support/journey.ts';

const browser = useBrowser();

describe.concurrent('a recurring series', () => {
  it(
    "the guest opens the series mail's link, sees every date, cancels one and moves another",
    async () => {
      const { host, eventTypeId } = await bookableHost({ firstName: 'Rita', lastName: 'Repeat' }, { title: 'Weekly coaching', duration: 30 });
      await sql(`update public.event_types set recurrence_frequencies = '{weekly}', recurrence_max_count = 8 where id = $1`, [eventTypeId]);
      const guestEmail = `${unique('sam')}@example.test`;
      const days = [3, 10, 17, 24].map((d) => dayAhead(d, 'UTC'));
      const first = new Date(`${days[0]!.key}T10:00:00Z`);
      const booked = await call('/bookings', {
        body: { ...guestBody(eventTypeId, first, 30, { guestEmail, guestName: 'Sam Series', guestTimeZone: 'UTC' }), recurrence: { frequency: 'weekly', count: 4 } },
      });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);

      // One mail for the four dates; the guest opens it in the inbox and follows its link.
      const [mail] = await waitForMails(guestEmail, 1);
      expect(mail!.Subject).toMatch(/^Confirmed: Weekly coaching with Rita Repeat on .* \(4 dates\)$/);
      const guest = await openPage(browser(), { timezoneId: 'UTC', locale: 'en-US', viewport: DESKTOP });
      const g = guest.page;
      await g.goto(`${stack().inboxUrl}/view/${mail!.ID}.html`);
      await g.getByRole('link', { name: 'Reschedule or cancel' }).click();
      await g.waitForURL(/\/booking\/[0-9a-f-]{36}\?token=/);
      await g.getByRole('heading', { name: 'Your booking is confirmed' }).waitFor();
      const dates = g.getByRole('list', { name: 'All dates of this series' });
      const row = (n: number) => dates.getByRole('listitem').nth(n);
      await row(3).waitFor();
      expect(await dates.getByRole('listitem').count()).toBe(4);
      await row(0).getByText('This date').waitFor();
      await expectAccessibleAtBothSizes(g, 'manage page of a series date', ['series-manage-desktop', 'series-manage-phone']);
      await g.setViewportSize(DESKTOP);

      // The second date, from its own page (the same link's token opens it): cancelled alone.
      await row(1).getByRole('link').click();
      await row(1).getByText('This date').waitFor();
      await g.getByRole('button', { name: 'Cancel', exact: true }).click();
      await g.getByRole('button', { name: 'Cancel booking', exact: true }).click();
      await expectToast(g, 'Booking Cancelled');
      await g.getByRole('heading', { name: 'This booking is cancelled' }).waitFor();
      await row(1).getByText('cancelled', { exact: true }).waitFor();
      expect(await row(2).getByText('confirmed', { exact: true }).count()).toBe(1);

      // The third date moves an hour later, through the same calendar as a single booking.
      await row(2).getByRole('link').click();
      await g.getByRole('heading', { name: 'Your booking is confirmed' }).waitFor();
      await g.getByRole('button', { name: 'Reschedule', exact: true }).click();
      await pickDay(g, days[2]!);
      await g.getByRole('group', { name: 'Available times' }).getByRole('button', { name: clock('11:00'), exact: true }).click();
      await g.getByRole('group', { name: 'Confirm the new time' }).getByRole('button', { name: 'Move my booking' }).click();
      await expectToast(g, 'Booking Rescheduled');
      await row(2).getByText('11:00 AM', { exact: false }).waitFor();
      await row(2).getByText('This date').waitFor();
      await expectAccessibleAtBothSizes(g, 'manage page after a date moved', ['series-manage-moved-desktop', 'series-manage-moved-phone']);
      await screenshot(g, 'series-manage-moved');

      // Each change was one mail; three dates still booked, none added.
      const subjects = (await waitForMails(guestEmail, 3)).map((m) => m.Subject);
      expect(subjects).toEqual(expect.arrayContaining([expect.stringMatching(/^One date cancelled: /), expect.stringMatching(/^Rescheduled: /)]));
      const active = await sql(`select count(*)::int as n from public.bookings where event_type_id = $1 and status = 'confirmed'`, [eventTypeId]);
      expect(active).toEqual([{ n: 3 }]);
      expectNoErrors(guest.errors);

      // The host cancels the last date and every later one from its card: one mail to the guest.
      const owner = await openPage(browser(), { timezoneId: 'UTC', locale: 'en-US', viewport: DESKTOP });
      const h = owner.page;
      await signIn(h, host);
      await navigate(h, 'Bookings');
      const cards = h.getByRole('article', { name: 'Weekly coaching with Sam Series' });
      await cards.nth(2).waitFor();
      await expectAccessibleAtBothSizes(h, "host's bookings with a series", ['series-bookings-desktop', 'series-bookings-phone']);
      await h.setViewportSize(DESKTOP);
      await cards.last().getByRole('button', { name: 'Cancel this and all later' }).click();
      await expectToast(h, 'This date and all later ones are cancelled');
      expect((await waitForMails(guestEmail, 4)).map((m) => m.Subject)).toEqual(expect.arrayContaining([expect.stringMatching(/^Cancelled from /)]));
      expect(await sql(`select count(*)::int as n from public.bookings where event_type_id = $1 and status = 'confirmed'`, [eventTypeId])).toEqual([{ n: 2 }]);
      expectNoErrors(owner.errors);
    },
    JOURNEY_TIMEOUT,
  );
});
