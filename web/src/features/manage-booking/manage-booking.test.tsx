import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, format, startOfDay } from 'date-fns';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/server.ts';
import { api, renderRoute, timeButton } from '../../test/utils.tsx';
import type { GuestView } from '../../lib/shared.ts';
import { guestView } from '../../test/guestView.ts';

const TODAY = startOfDay(new Date());
const NOW_AT = addDays(TODAY, 5);
const FREE = addDays(TODAY, 35); // the first day it can move to, a month or two ahead
const at = (day: Date, hour: number, minute = 0) => new Date(Date.UTC(day.getFullYear(), day.getMonth(), day.getDate(), hour, minute));

const booking: GuestView = guestView({
  startTime: at(NOW_AT, 9).toISOString(),
  endTime: at(NOW_AT, 9, 30).toISOString(),
  changeDeadline: at(NOW_AT, 8).toISOString(),
});

function answer(view: GuestView) {
  const slots = [14, 15].map((hour) => ({ start: at(FREE, hour).toISOString(), end: at(FREE, hour, 30).toISOString(), date: format(FREE, 'yyyy-MM-dd'), label: '' }));
  const moves: unknown[] = [];
  const slotRequests: URL[] = [];
  server.use(
    http.get(api('/functions/v1/api/booking/b-uid'), () => HttpResponse.json(view)),
    http.get(api('/functions/v1/api/booking/b-uid/slots'), ({ request }) => {
      slotRequests.push(new URL(request.url));
      return HttpResponse.json({ timeZone: 'UTC', duration: 30, hostTimeZone: 'UTC', slots });
    }),
    http.post(api('/functions/v1/api/booking/b-uid/reschedule'), async ({ request }) => {
      moves.push(await request.json());
      return HttpResponse.json({ booking: { ...view, uid: 'b2-uid', startTime: slots[0].start, endTime: slots[0].end }, token: 'tok2' });
    }),
    http.get(api('/functions/v1/api/booking/b2-uid'), () => HttpResponse.json({ ...view, uid: 'b2-uid', startTime: slots[0].start, endTime: slots[0].end })),
  );
  return { moves, slotRequests };
}

describe("the guest's manage page", () => {
  it('shows the booking\'s place with its link to the guest', async () => {
    answer({ ...booking, location: { kind: 'jitsi', value: 'https://meet.jit.si/kairos-0123456789abcdef0123456789abcdef' } });
    renderRoute('/booking/b-uid?token=tok');
    await screen.findByRole('heading', { name: 'Your booking is confirmed' });
    expect(screen.getByRole('link', { name: 'https://meet.jit.si/kairos-0123456789abcdef0123456789abcdef' })).toHaveAttribute(
      'href',
      'https://meet.jit.si/kairos-0123456789abcdef0123456789abcdef',
    );
  });

  it("shows the guest's own answers, to read only", async () => {
    answer({ ...booking, answers: [{ slug: 'plan', label: 'Which plan?', type: 'single_choice', value: 'Pro' }, { slug: 'topics', label: 'Topics', type: 'multiple_choice', value: ['Billing', 'Setup'] }] });
    renderRoute('/booking/b-uid?token=tok');
    await screen.findByRole('heading', { name: 'Your booking is confirmed' });
    const answers = screen.getByRole('list', { name: 'Your answers' });
    expect(within(answers).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Which plan?: Pro', 'Topics: Billing, Setup']);
    expect(within(answers).queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('list', { name: 'People you invited:' })).toBeNull();
  });

  it('lists the people the guest invited, to read only', async () => {
    answer({ ...booking, attendees: ['ann@example.com', 'bob@example.org'] });
    renderRoute('/booking/b-uid?token=tok');
    const invited = await screen.findByRole('list', { name: 'People you invited:' });
    expect(within(invited).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['ann@example.com', 'bob@example.org']);
    expect(within(invited).queryByRole('textbox')).toBeNull();
  });

  it('reschedules on the booking calendar (first free month, next available) and moves only once the guest confirms', async () => {
    const { moves, slotRequests } = answer(booking);
    const view = renderRoute('/booking/b-uid?token=tok');
    await screen.findByRole('heading', { name: 'Your booking is confirmed' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reschedule' }));
    expect(await screen.findByText(format(FREE, 'MMMM yyyy'))).toBeInTheDocument();
    expect(slotRequests[0].searchParams.get('token')).toBe('tok');
    await user.click(await screen.findByRole('button', { name: `Next available: ${format(FREE, 'EEEE, MMMM d')}` }));
    await user.click(await screen.findByRole('button', { name: timeButton('2:00 PM') }));
    const confirm = screen.getByRole('group', { name: 'Confirm the new time' });
    expect(confirm).toHaveTextContent(`to ${format(FREE, 'EEEE, MMMM d, yyyy')}, 2:00 PM – 2:30 PM`);
    expect(moves).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Keep the current time' }));
    expect(screen.queryByRole('group', { name: 'Confirm the new time' })).toBeNull();
    expect(moves).toEqual([]);
    await user.click(screen.getByRole('button', { name: timeButton('2:00 PM') }));
    await user.click(screen.getByRole('button', { name: 'Move my booking' }));
    await waitFor(() => expect(view.pathname()).toBe('/booking/b2-uid'));
    expect(moves).toEqual([{ token: 'tok', startTime: at(FREE, 14).toISOString() }]);
  });

  it('shows a paid booking\'s payment and receipt, and what cancelling gives back before and inside the notice', async () => {
    const payment = { amount: 1999, currency: 'usd', status: 'paid', refundedAmount: 0, refundStatus: null, refundFailure: null, receiptUrl: 'https://pay.example/receipts/r1', lateRefundPercent: 50 };
    answer({ ...booking, payment });
    renderRoute('/booking/b-uid?token=tok');
    await screen.findByRole('heading', { name: 'Your booking is confirmed' });
    expect(screen.getByText('$19.99 · Paid')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Receipt' })).toHaveAttribute('href', 'https://pay.example/receipts/r1');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Cancelling now refunds $19.99.')).toBeInTheDocument();
  });

  it('lets the guest of a paid booking cancel inside the notice for the late-cancellation refund, not move it', async () => {
    const payment = { amount: 1999, currency: 'usd', status: 'paid', refundedAmount: 0, refundStatus: null, refundFailure: null, receiptUrl: null, lateRefundPercent: 50 };
    answer({ ...booking, canChange: false, canCancel: true, changeDeadline: new Date(Date.now() - 60_000).toISOString(), payment });
    renderRoute('/booking/b-uid?token=tok');
    await screen.findByRole('heading', { name: 'Your booking is confirmed' });
    expect(screen.queryByRole('button', { name: 'Reschedule' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Cancelling now refunds $10.00 (50%, as your host\'s policy for late cancellations says).')).toBeInTheDocument();
  });

  it('says a cancelled paid booking\'s refund', async () => {
    answer({ ...booking, status: 'cancelled', cancelledBy: 'guest', canChange: false, canCancel: false,
      payment: { amount: 1500, currency: 'jpy', status: 'paid', refundedAmount: 1500, refundStatus: 'succeeded', refundFailure: null, receiptUrl: null, lateRefundPercent: 100 } });
    renderRoute('/booking/b-uid?token=tok');
    await screen.findByRole('heading', { name: 'This booking is cancelled' });
    expect(screen.getByText('¥1,500 · Refunded')).toBeInTheDocument();
  });

  it("lists every date of a series, each opened with the link's token, and cancels this one and all later", async () => {
    const dates = [0, 7, 14].map((d, i) => ({
      uid: i === 0 ? 'b-uid' : `b${i}-uid`,
      startTime: at(addDays(NOW_AT, d), 9).toISOString(),
      endTime: at(addDays(NOW_AT, d), 9, 30).toISOString(),
      status: i === 1 ? 'cancelled' : 'confirmed',
    })) as NonNullable<GuestView['series']>['occurrences'];
    const series = { frequency: 'weekly' as const, occurrences: dates };
    answer({ ...booking, series });
    const cancels: unknown[] = [];
    server.use(
      http.post(api('/functions/v1/api/booking/b-uid/cancel-following'), async ({ request }) => {
        cancels.push(await request.json());
        return HttpResponse.json({ ...booking, status: 'cancelled', cancelledBy: 'guest', series: { ...series, occurrences: dates.map((o) => ({ ...o, status: 'cancelled' })) } });
      }),
    );
    renderRoute('/booking/b-uid?token=tok');
    const list = within(await screen.findByRole('list', { name: 'All dates of this series' }));
    const items = list.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]).getByText('This date')).toBeInTheDocument();
    expect(within(items[1]).getByRole('link')).toHaveAttribute('href', '/booking/b1-uid?token=tok');
    expect(within(items[1]).getByText('cancelled')).toBeInTheDocument();
    expect(within(items[2]).getByRole('link')).toHaveAttribute('href', '/booking/b2-uid?token=tok');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Cancel this and all later dates' }));
    await screen.findByRole('heading', { name: 'This booking is cancelled' });
    expect(cancels).toEqual([{ token: 'tok', reason: '' }]);
  });

  it('offers a cancelled booking to be booked again', async () => {
    answer({ ...booking, status: 'cancelled', cancelledBy: 'guest' });
    renderRoute('/booking/b-uid?token=tok');
    await screen.findByRole('heading', { name: 'This booking is cancelled' });
    expect(screen.getByRole('link', { name: 'Book again' })).toHaveAttribute('href', '/book/5');
  });
});

describe('the manage page in the guest’s language', () => {
  it('speaks Spanish to a guest whose browser reads Spanish: the headline, the date, the payment, the late refund and the cancel form', async () => {
    localStorage.setItem('kairos.locale', 'es');
    const payment = { amount: 1999, currency: 'eur', status: 'paid', refundedAmount: 0, refundStatus: null, refundFailure: null, receiptUrl: 'https://pay.example/r', lateRefundPercent: 50 };
    answer({ ...booking, canChange: false, payment });
    renderRoute('/booking/b-uid?token=tok');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tu reserva está confirmada' })).toBeInTheDocument();
    expect(screen.getByText('Hola, Grace: esta es tu reserva con Ada Host.')).toBeInTheDocument();
    // Any weekday and month: "sábado" and "miércoles" are not \w.
    expect(screen.getByText(/^\p{L}+, \d+ de \p{L}+ de \d{4}, 9:00 (AM|a\. ?m\.) – 9:30 (AM|a\. ?m\.)$/u)).toBeInTheDocument();
    expect(screen.getByText(/^19,99\s€ · Pagado$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Recibo' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByText(/^Si cancelas ahora, se te reembolsarán \d+,\d\d\s€ \(50\s%, según la política de cancelaciones tardías de tu anfitrión\)\.$/)).toBeInTheDocument();
    expect(screen.getByLabelText('Motivo (opcional)')).toHaveAttribute('placeholder', 'Cuéntale a tu anfitrión el motivo');
    expect(screen.getByRole('button', { name: 'Cancelar reserva' })).toBeInTheDocument();
    localStorage.clear();
  });
});
