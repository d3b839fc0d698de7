// Group events end to end (docs/seats.md): a host sets 3 seats per slot in the event type dialog (axe
// at phone and desktop size); a
// third guest opens the booking page and watches 10:00 go from 3 seats left to 1, live, while two
// other guests take seats of it (axe at phone and desktop size); the host's Bookings page shows the
// two seats as one group with both guests.
import { describe, expect, it } from 'vitest';
import { sql } from '../../scripts/local/test-stack/harness.ts';
import { expectAccessibleAtBothSizes } from './support/axe.ts';
import { DESKTOP, openPage, useBrowser } from './support/browser.ts';
import { confirmationShown, dayAhead, expectNoErrors, fillGuest, hostEditingEventType, JOURNEY_TIMEOUT, navigate, pickDay, saveEventType } from './support/journey.ts';

const browser = useBrowser();

/** 10:00's time button on a group event: its name ends with the seats left ("…, 10:00 AM, 2 seats left"). */
const tenWith = (seats: number) => new RegExp(`, 10:00 AM, ${seats} seats? left$`);

describe('seats per slot', () => {
  it(
    'the host offers 3 seats; two guests take seats of 10:00; a third, watching, sees "1 seat left" without a reload; the host sees one group',
    async () => {
      const { eventTypeId, h, dialog } = await hostEditingEventType(browser(), { firstName: 'Sana', lastName: 'Seats' }, { title: 'Pottery class', duration: 60 });
      const seats = dialog.getByRole('spinbutton', { name: 'Seats per slot' });
      await seats.fill('3');
      await seats.scrollIntoViewIfNeeded();
      await expectAccessibleAtBothSizes(h.page, 'event type dialog with seats', ['seats-dialog-desktop', 'seats-dialog-phone']);
      await h.page.setViewportSize(DESKTOP);
      await saveEventType(h.page, dialog);
      expect(await sql('select seats_per_slot from public.event_types where id = $1', [eventTypeId])).toEqual([{ seats_per_slot: 3 }]);

      const day = dayAhead(3, 'UTC');
      // The third guest opens the page first and keeps it open.
      const watcher = await openPage(browser(), { timezoneId: 'UTC', locale: 'en-US', viewport: DESKTOP });
      await watcher.page.goto(`/book/${eventTypeId}`);
      await watcher.page.getByRole('heading', { name: 'Pottery class' }).waitFor();
      await pickDay(watcher.page, day);
      const watched = watcher.page.locator('main');
      await watched.getByRole('button', { name: tenWith(3) }).waitFor();

      for (const [name, email] of [
        ['Gia Guest', 'gia@example.test'],
        ['Gus Guest', 'gus@example.test'],
      ]) {
        const g = await openPage(browser(), { timezoneId: 'UTC', locale: 'en-US', viewport: DESKTOP });
        await g.page.goto(`/book/${eventTypeId}`);
        await g.page.getByRole('heading', { name: 'Pottery class' }).waitFor();
        await pickDay(g.page, day);
        await g.page.locator('main').getByRole('button', { name: /, 10:00 AM, \d seats? left$/ }).click();
        await fillGuest(g.page, { name, email });
        await g.page.locator('main').getByRole('button', { name: 'Book Meeting' }).click();
        await confirmationShown(g.page.locator('main'), 'Booking Confirmed!');
        expectNoErrors(g.errors);
        await g.page.context().close();
      }

      // Live: the watcher's page was never reloaded.
      const last = watched.getByRole('button', { name: tenWith(1) });
      await last.waitFor();
      expect((await last.textContent())?.trim()).toBe('10:00 AM 1 seat left');
      await expectAccessibleAtBothSizes(watcher.page, 'group event times', ['seats-times-desktop', 'seats-times-phone']);

      // The host sees one meeting with both guests.
      await navigate(h.page, 'Bookings');
      const group = h.page.getByRole('region', { name: /^Pottery class, .*: Group: 2 of 3 seats taken$/ });
      await group.waitFor();
      expect(await group.getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')).sort())).toEqual([
        'Pottery class with Gia Guest',
        'Pottery class with Gus Guest',
      ]);
      await expectAccessibleAtBothSizes(h.page, 'bookings with a group', ['seats-bookings-desktop', 'seats-bookings-phone']);
      expectNoErrors(h.errors);
      expectNoErrors(watcher.errors);
    },
    JOURNEY_TIMEOUT,
  );
});
