// A booking the function refuses, told in the page's language: the function's message by its id
// (messageId and values beside its English, docs/product/api.md), a taken time by its code, and a
// failure without words in the page's own.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays } from 'date-fns';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/server.ts';
import { api, renderRoute, rpc } from '../../test/utils.tsx';
import { publicEventType } from '../../test/publicEventType.ts';
import { dateKey } from './hooks.ts';

const DAY = addDays(new Date(), 3);
const start = new Date(Date.UTC(DAY.getFullYear(), DAY.getMonth(), DAY.getDate(), 10));
const slot = { start: start.toISOString(), end: new Date(start.getTime() + 30 * 60_000).toISOString(), date: dateKey(DAY), label: '10:00' };
const eventType = publicEventType({ auto_confirm: false });

/** The booking page in `locale`, 10:00 picked, the guest's details typed and Book pressed; the function answers `status` with `body`. */
async function bookRefused(locale: string, status: number, body: unknown) {
  localStorage.setItem('kairos.locale', locale);
  server.use(
    rpc('public_event_type', [eventType]),
    http.get(api('/functions/v1/slots'), () => HttpResponse.json({ timeZone: 'UTC', duration: 30, hostTimeZone: 'UTC', slots: [slot] })),
    http.post(api('/functions/v1/bookings'), () => (body === null ? new HttpResponse(null, { status }) : HttpResponse.json(body, { status }))),
  );
  renderRoute('/book/5');
  await screen.findByRole('heading', { level: 1, name: 'Strategy Call' });
  const user = userEvent.setup();
  await waitFor(() => expect(document.querySelector('button[data-day]:not(:disabled)')).not.toBeNull());
  await user.click(document.querySelector<HTMLButtonElement>('button[data-day]:not(:disabled)')!);
  // The day's one time (the clock's 12h and 24h are the group's other buttons).
  await waitFor(() => expect(document.querySelector('[role=group] > button:not([data-group-item])')).not.toBeNull());
  await user.click(document.querySelector<HTMLButtonElement>('[role=group] > button:not([data-group-item])')!);
  await user.type(document.querySelector<HTMLInputElement>('input[name=guestName]')!, 'Grace Guest');
  await user.type(document.querySelector<HTMLInputElement>('input[name=guestEmail]')!, 'grace@example.com');
  await user.click(document.querySelector<HTMLButtonElement>('button[type=submit]')!);
}

describe('a refused booking in the page’s language', () => {
  // What the page says: its first words once it says them, then the rest beside them.
  it.each([
    [
      'says the function’s message by its id',
      'fr',
      409,
      { code: 'limit_reached', message: 'This day is fully booked for this event type. Please select a different day.', messageId: 'limitReached' },
      ['Échec de la réservation', 'Cette journée est complète pour ce type de rendez-vous. Veuillez choisir un autre jour.'],
    ],
    [
      'says a payment that could not start, in Japanese',
      'ja',
      502,
      { code: 'payment_unavailable', message: 'The payment could not be started, so this time was released. Please try again.', messageId: 'paymentUnavailable' },
      ['お支払いを開始できなかったため、この時間枠は解放されました。もう一度お試しください。'],
    ],
    [
      'says a taken time by its code, whatever words came with it (a seat’s)',
      'de',
      409,
      { code: 'slot_taken', message: 'Every seat of this time is taken.' },
      ['Dieser Termin ist nicht mehr frei. Bitte wählen Sie eine andere Zeit.'],
    ],
    ['says a failure without words in the page’s own', 'es', 500, null, ['No se pudo crear la reserva. Vuelve a intentarlo.']],
    [
      'reads in English as the function words it',
      'en',
      409,
      { code: 'slot_too_soon', message: 'This time is too soon to book. Please select a later time.', messageId: 'slotTooSoon' },
      ['This time is too soon to book. Please select a later time.'],
    ],
  ])('%s', async (_name, locale, status, body, [first, ...rest]) => {
    await bookRefused(locale, status, body);
    expect(await screen.findByText(first)).toBeInTheDocument();
    for (const text of rest) expect(screen.getByText(text)).toBeInTheDocument();
  });
});
