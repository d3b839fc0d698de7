// A recurring series end to end (docs/series.md): a host allows weekly series of up to 12 in the event
// type dialog; another booking holds the 9th week's 10:00; a guest picks 10:00, asks for 12 weekly,
// sees the 9th taken with its week's nearest free time, takes it, books, and sees the 12 dates; the
// host's Bookings page shows the 12 together under their series. axe at phone and desktop size on the
// picker (with the taken date), the confirmation and the list.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { sql } from '../../scripts/local/test-stack/harness.ts';
import { expectAccessibleAtBothSizes } from './support/axe.ts';
import { DESKTOP, openPage, useBrowser } from './support/browser.ts';
import { confirmationShown, dayAhead, expectNoErrors, fillGuest, hostEditingEventType, JOURNEY_TIMEOUT, navigate, pickDay, saveEventType } from './support/journey.ts';

const browser = useBrowser();
const WEEK = 7 * 86_400_000;

/** The closing note quotes these: copied where the team's screenshots are kept. */
function keepShots(names: string[]): void {
  mkdirSync('/work/shots', { recursive: true });
  for (const name of names) copyFileSync(join(import.meta.dirname, 'screenshots', `${name}.png`), join('/work/shots', `${name}.png`));
}

describe('recurring series', () => {
  it(
    'the host allows weekly series up to 12; the guest sees week 9 taken, books its alternative, gets 12 dates; the host sees them as one series',
    async () => {
      const { eventTypeId, host, h, dialog } = await hostEditingEventType(browser(), { firstName: 'Rhea', lastName: 'Repeat' }, { title: 'Weekly coaching', duration: 30 });
      const series = dialog.getByRole('group', { name: 'Recurring bookings' });
      await series.getByText('Weekly', { exact: true }).click();
      const most = series.getByRole('spinbutton', { name: 'Most occurrences a guest may book' });
      await most.fill('12');
      await saveEventType(h.page, dialog);
      expect(await sql('select recurrence_frequencies::text[] as f, recurrence_max_count from public.event_types where id = $1', [eventTypeId])).toEqual([
        { f: ['weekly'], recurrence_max_count: 12 },
      ]);

      // Another guest already holds 10:00 of the ninth week.
      const day = dayAhead(3, 'UTC');
      const first = new Date(`${day.key}T10:00:00Z`);
      const ninth = new Date(first.getTime() + 8 * WEEK);
      await sql(
        `insert into public.bookings (event_type_id, user_id, guest_name, guest_email, start_time, end_time, status)
         values ($1, $2, 'Olga Other', 'olga@example.test', $3, $4, 'confirmed')`,
        [eventTypeId, host.id, ninth.toISOString(), new Date(ninth.getTime() + 30 * 60_000).toISOString()],
      );

      const g = await openPage(browser(), { timezoneId: 'UTC', locale: 'en-US', viewport: DESKTOP });
      await g.page.goto(`/book/${eventTypeId}`);
      await g.page.getByRole('heading', { name: 'Weekly coaching' }).waitFor();
      await pickDay(g.page, day);
      const main = g.page.locator('main');
      await main.getByRole('button', { name: /, 10:00 AM, available$/ }).click();
      const repeat = main.getByRole('group', { name: 'Repeat this meeting' });
      await repeat.getByText('Repeat this meeting', { exact: true }).click();
      await repeat.getByRole('spinbutton', { name: 'Number of meetings' }).fill('12');
      const list = repeat.getByRole('list', { name: '12 meetings in this series' });
      await list.waitFor();
      const items = list.getByRole('listitem');
      await expect.poll(() => items.count()).toBe(12);
      const week9 = items.nth(8);
      await week9.getByText('Taken', { exact: true }).waitFor();
      expect(await list.getByText('Taken', { exact: true }).count()).toBe(1);
      expect(await list.getByText('Free', { exact: true }).count()).toBe(11);
      await repeat.getByText('1 date is taken: book another time that week or skip it.').waitFor();
      expect(await main.getByRole('button', { name: 'Book Meeting' }).isDisabled()).toBe(true);
      await fillGuest(g.page, { name: 'Sam Series', email: 'sam@example.test' });
      await expectAccessibleAtBothSizes(g.page, 'series picker with a taken date', ['29-series-picker-desktop', '29-series-picker-phone']);
      await g.page.setViewportSize(DESKTOP);

      // The engine's nearest free time of that week, taken as offered.
      const instead = week9.getByRole('button', { name: /^Book .* instead$/ });
      const offered = /^Book (.*) instead$/.exec((await instead.textContent()) ?? '')![1];
      await instead.click();
      await week9.getByText(`Moved to ${offered}`).waitFor();
      await main.getByRole('button', { name: 'Book Meeting' }).click();
      const confirmed = await confirmationShown(main, 'Booking Confirmed!');
      await confirmed.getByText('All 12 dates').waitFor();
      expect(await confirmed.getByRole('listitem').count()).toBe(12);
      await expectAccessibleAtBothSizes(g.page, 'series confirmation', ['29-series-confirmed-desktop', '29-series-confirmed-phone']);
      const rows = await sql(
        `select start_time, recurrence_id from public.bookings where event_type_id = $1 and guest_email = 'sam@example.test' order by recurrence_id`,
        [eventTypeId],
      );
      expect(rows).toHaveLength(12);
      // Every occurrence at its rule's start but the ninth, which is at the time offered instead.
      expect(rows.map((r, i) => (i === 8 ? null : (r.start_time as Date).getTime() - (r.recurrence_id as Date).getTime()))).toEqual(
        Array.from({ length: 12 }, (_, i) => (i === 8 ? null : 0)),
      );
      expect((rows[8].recurrence_id as Date).toISOString()).toBe(ninth.toISOString());
      expect(formatInTimeZone(rows[8].start_time as Date, 'UTC', 'EEE, MMM d · h:mm a')).toBe(offered);

      await navigate(h.page, 'Bookings');
      const group = h.page.getByRole('region', { name: 'Weekly coaching, series: Weekly · 12 of 12 meetings' });
      await group.waitFor();
      expect(await group.getByRole('article', { name: 'Weekly coaching with Sam Series' }).count()).toBe(12);
      expect(await group.getByRole('article', { name: 'Weekly coaching with Olga Other' }).count()).toBe(0);
      await expectAccessibleAtBothSizes(h.page, 'bookings with a series', ['29-bookings-series-desktop', '29-bookings-series-phone']);
      keepShots([
        '29-series-picker-desktop',
        '29-series-picker-phone',
        '29-series-confirmed-desktop',
        '29-series-confirmed-phone',
        '29-bookings-series-desktop',
        '29-bookings-series-phone',
      ]);
      expectNoErrors(h.errors);
      expectNoErrors(g.errors);
    },
    JOURNEY_TIMEOUT,
  );
});
