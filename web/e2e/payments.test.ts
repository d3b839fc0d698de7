// A paid event type in Chromium, against the test stack's Stripe stand-in: the guest sees the price on
// the event page, books a time and is sent to Stripe's hosted Checkout page; back on Kairos' return
// page they wait for the payment's verdict, and see their time released when the hold ends unpaid. A
// paid journey: the guest pays on the stand-in's page and lands on their confirmed booking, the host
// sees it Paid on the Bookings page, and the guest's cancel from the manage link refunds it.
// axe checks the return page, the host's card and the manage page at phone and desktop size.
import { describe, expect, it } from 'vitest';
import { sql } from '../../scripts/local/test-stack/harness.ts';
import { connected, control } from '../../supabase/tests/payments/fixtures.ts';
import { expectAccessible, expectAccessibleAtBothSizes } from './support/axe.ts';
import { DESKTOP, openPage, PHONE, screenshot, useBrowser } from './support/browser.ts';
import { bookableHost, clock, dayAhead, editEventType, expectNoErrors, fillGuest, JOURNEY_TIMEOUT, pickDay, signIn } from './support/journey.ts';
import { eventually } from '../../supabase/tests/calendars/fixtures.ts';

const browser = useBrowser();

/** A paid booking as a guest fills it in: the event type's price (`priceCents` of `currency`, shown as `shown`), the time and who. */
interface PaidBooking {
  host: { firstName: string; lastName: string };
  title: string;
  priceCents: number;
  currency: string;
  shown: string;
  daysAhead: number;
  time: string;
  guest: { name: string; email: string };
}

/**
 * A host with Stripe connected and a paid event type, and a guest on its booking page (desktop, UTC)
 * who has seen the price, picked the time and filled in their details, not yet booked.
 */
async function guestFillingPaidBooking(b: PaidBooking) {
  const { host, eventTypeId } = await bookableHost(b.host, { title: b.title, duration: 30 });
  await connected(undefined, host);
  await sql(`update public.event_types set price_cents = $2, currency = $3 where id = $1`, [eventTypeId, b.priceCents, b.currency]);
  const g = await openPage(browser(), { timezoneId: 'UTC', locale: 'en-US', viewport: DESKTOP });
  await g.page.goto(`/book/${eventTypeId}`);
  const main = g.page.locator('main');
  await main.getByText(b.shown).first().waitFor();
  await pickDay(g.page, dayAhead(b.daysAhead, 'UTC'));
  await main.getByRole('button', { name: clock(b.time), exact: true }).click();
  await fillGuest(g.page, b.guest);
  return { host, eventTypeId, g, main };
}

describe('a paid booking in the browser', () => {
  it(
    'shows the price, sends the guest to Stripe Checkout, and on return waits for the verdict; an unpaid hold is released',
    async () => {
      const { eventTypeId, g, main } = await guestFillingPaidBooking({
        host: { firstName: 'Paula', lastName: 'Paid' },
        title: 'Paid Session',
        priceCents: 4500,
        currency: 'eur',
        shown: '€45.00',
        daysAhead: 3,
        time: '10:00',
        guest: { name: 'Gita Guest', email: 'gita@example.test' },
      });
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
      await expectAccessibleAtBothSizes(g.page, 'payment return page, waiting', ['28-return-waiting-desktop', '28-return-waiting-phone']);

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

  it(
    'takes the payment on Stripe\'s page, confirms the booking, shows it Paid to the host, and refunds the guest\'s cancel',
    async () => {
      const { host, eventTypeId, g, main } = await guestFillingPaidBooking({
        host: { firstName: 'Petra', lastName: 'Paid' },
        title: 'Paid Coaching',
        priceCents: 1999,
        currency: 'usd',
        shown: '$19.99',
        daysAhead: 4,
        time: '11:00',
        guest: { name: 'Pia Payer', email: 'pia@example.test' },
      });
      await main.getByRole('button', { name: 'Book Meeting' }).click();

      // Stripe's hosted page (the stand-in's): the amount, an email, a test card.
      await g.page.waitForURL(/\/c\/pay\/cs_/);
      await g.page.getByRole('button', { name: 'Pay $19.99' }).waitFor();
      await screenshot(g.page, '28-checkout');
      await g.page.setViewportSize(PHONE);
      await screenshot(g.page, '28-checkout-phone');
      await g.page.setViewportSize(DESKTOP);
      await g.page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await g.page.getByRole('button', { name: 'Pay $19.99' }).click();

      // Back on Kairos: the return page waits for the webhook, then shows the confirmed booking.
      await g.page.getByRole('heading', { name: 'Your booking is confirmed' }).waitFor({ timeout: 30_000 });
      await g.page.getByText('$19.99 · Paid').waitFor();
      const [booking] = await sql(`select id, status from public.bookings where event_type_id = $1`, [eventTypeId]);
      expect(booking.status).toBe('confirmed');

      // The host sees it Paid on their card.
      const h = await openPage(browser(), { timezoneId: 'UTC', locale: 'en-US', viewport: DESKTOP });
      await signIn(h.page, host);
      await h.page.goto('/bookings');
      const card = h.page.getByRole('article', { name: 'Paid Coaching with Pia Payer' });
      await card.getByText('$19.99 · Paid').waitFor();
      await h.page.mouse.move(0, 0);
      await expectAccessibleAtBothSizes(h.page, 'bookings with a paid card', ['28-paid-card', '28-paid-card-phone']);
      // The price's dialog with the late-cancellation refund beside it.
      await h.page.setViewportSize(DESKTOP);
      await h.page.goto('/dashboard');
      const dialog = await editEventType(h.page);
      await dialog.getByLabel('Late cancellation refund').selectOption('percentage');
      await dialog.getByText(/gets \$10\.00 back/).waitFor();
      await dialog.getByLabel('Percent refunded').scrollIntoViewIfNeeded();
      await screenshot(h.page, '28-refund-policy');
      await expectAccessible(h.page, 'event type dialog with a refund policy (desktop)');
      await h.page.setViewportSize(PHONE);
      await dialog.getByLabel('Percent refunded').scrollIntoViewIfNeeded();
      await screenshot(h.page, '28-refund-policy-phone');

      // The guest cancels from the manage page, before the host's notice: all of it comes back.
      await main.getByRole('button', { name: 'Cancel', exact: true }).click();
      await main.getByText('Cancelling now refunds $19.99.').waitFor();
      await main.getByRole('button', { name: 'Cancel booking' }).click();
      await g.page.getByRole('heading', { name: 'This booking is cancelled' }).waitFor();
      await eventually(() => sql(`select refund_status from public.payments where booking_id = $1`, [booking.id]), (r) => r[0].refund_status === 'succeeded');
      await g.page.reload();
      await g.page.getByText('$19.99 · Refunded').waitFor();
      await expectAccessibleAtBothSizes(g.page, 'manage page, refunded', ['28-manage-refunded', '28-manage-refunded-phone']);
      expectNoErrors(g.errors);
      expectNoErrors(h.errors);
    },
    JOURNEY_TIMEOUT,
  );
});
