import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/server.ts';
import { api, renderRoute } from '../../test/utils.tsx';
import type { GuestView } from '../../lib/shared.ts';
import { guestView } from '../../test/guestView.ts';

const held = guestView({ status: 'awaiting_payment', canChange: false });

/** The guest's booking as the api answers it, read after read: `views` in turn, the last one from then on. */
function answers(...views: GuestView[]) {
  const tokens: (string | null)[] = [];
  server.use(
    http.get(api('/functions/v1/api/booking/b-uid'), ({ request }) => {
      tokens.push(new URL(request.url).searchParams.get('token'));
      return HttpResponse.json(views[Math.min(tokens.length - 1, views.length - 1)]);
    }),
  );
  return tokens;
}

describe('the payment return page', () => {
  it('waits for Stripe\'s verdict, then shows the guest their confirmed booking', async () => {
    const tokens = answers(held, held, { ...held, status: 'confirmed', canChange: true });
    const view = renderRoute('/booking/b-uid/payment?token=tok&session=cs_1');
    expect(await screen.findByRole('heading', { name: 'Confirming your payment' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your booking is confirmed' }, { timeout: 8000 })).toBeInTheDocument();
    expect(view.pathname()).toBe('/booking/b-uid');
    expect(view.search().get('token')).toBe('tok');
    expect(tokens.every((t) => t === 'tok')).toBe(true);
    expect(tokens.length).toBeGreaterThanOrEqual(3);
  }, 15_000);

  it('says the time was released when the payment did not come in time, with a way back to pick another', async () => {
    answers(held, { ...held, status: 'expired' });
    renderRoute('/booking/b-uid/payment?token=tok');
    expect(await screen.findByRole('heading', { name: 'Your time was released' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pick another time' })).toHaveAttribute('href', '/book/5');
  }, 10_000);

  it('says a link without its booking is not valid', async () => {
    server.use(http.get(api('/functions/v1/api/booking/b-uid'), () => HttpResponse.json({ code: 'not_found', message: 'Booking not found' }, { status: 404 })));
    renderRoute('/booking/b-uid/payment?token=wrong');
    expect(await screen.findByText('Booking Not Found')).toBeInTheDocument();
  });
});
