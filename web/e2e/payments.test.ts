// A paid event type in Chromium, against the test stack's Stripe stand-in: the guest sees the price on
// the event page, books a time and is sent to Stripe's hosted Checkout page; back on Kairos' return
// page they wait for the payment's verdict, and see their time released when the hold ends unpaid.
// axe checks the return page at phone and desktop size.
import { describe, expect, it } from 'vitest';
import { sql } from '../../scripts/local/test-stack/harness.ts';
import { connected, control } from '../../supabase/tests/payments/fixtures.ts';
import { expectAccessible } from './support/axe.ts';
import { DESKTOP, openPage, PHONE, screenshot, useBrowser } from './support/browser.ts';
import { bookableHost, clock, dayAhead, fillGuest, JOURNEY_TIMEOUT, pickDay } from './support/journey.ts';

const browser = useBrowser();

describe('a paid booking in the browser', () => {
  it(
    'shows the price, sends the guest to Stripe Checkout, and on return waits for the verdict; an unpaid hold is released',
    async () => {
      const { host, eventTypeId } = await bookableHost({ firstName: 'Paula', lastName: 'Paid' }, { title: 'Paid Session', duration: 30 });
      await connected(undefined, host);
      await sql(`update public.event_types set price_cents = 4500, currency = 'eur' where id = $1`, [eventTypeId]);

      const g = await openPage(browser(), { timezoneId: 'UTC', locale: 'en-US', viewport: DESKTOP });
      await g.page.goto(`/book/${eventTypeId}`);
      const main = g.page.locator('main');
      await main.getByText('€45.00').first().waitFor();
      await pickDay(g.page, dayAhead(3, 'UTC'));
      await main.getByRole('button', { name: clock('10:00'), exact: true }).click();
      await fillGuest(g.page, { name: 'Gita Guest', email: 'gita@example.test' });
      await g.page.mouse.move(0, 0);
      await screenshot(g.page, '28-paid-event-desktop');
      await g.page.setViewportSize(PHONE);
      await screenshot(g.page, '28-paid-event-phone');
      await g.page.setViewportSize(DESKTOP);

      await main.getByRole('button', { name: 'Book Meeting' }).click();
      await g.page.waitForURL(/\/c\/pay\/cs_/);
      await screenshot(g.page, '28-stripe-checkout');
      const [booking] = await sql(`select id, uid, status from public.bookings where event_type_id = $1`, [eventTypeId]);
      expect(booking.status).toBe('awaiting_payment');

      // The guest leaves Stripe's page unpaid: Stripe's cancel address is Kairos' return page.
      const made = (await control().requests()).filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST' && r.body.includes(booking.uid));
      await g.page.goto(new URLSearchParams(made[0].body).get('cancel_url')!);
      await g.page.getByRole('heading', { name: 'Confirming your payment' }).waitFor();
      await screenshot(g.page, '28-return-waiting-desktop');
      await expectAccessible(g.page, 'payment return page, waiting (desktop)');
      await g.page.setViewportSize(PHONE);
      await screenshot(g.page, '28-return-waiting-phone');

      // The hold ends unpaid (what the sweep does when hold_expires_at passes).
      await sql(`update public.bookings set status = 'expired' where id = $1`, [booking.id]);
      await g.page.getByRole('heading', { name: 'Your time was released' }).waitFor({ timeout: 10_000 });
      await screenshot(g.page, '28-return-released-phone');
      await expectAccessible(g.page, 'payment return page, released (phone)');
      await g.page.setViewportSize(DESKTOP);
      await screenshot(g.page, '28-return-released-desktop');
      expect(await g.page.getByRole('link', { name: 'Pick another time' }).getAttribute('href')).toBe(`/book/${eventTypeId}`);
    },
    JOURNEY_TIMEOUT,
  );
});
