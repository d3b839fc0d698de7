// Other people a guest invites to their booking, through the functions: event type bodies carry
// `maxExtraAttendees` (0 by default; the public reads too, the guest's form needs it); a booking's
// `attendees` are checked with the rule the form uses (rules/attendees.ts): a wrong address, the same
// person twice, the guest's own address or more than the event type allows is a 400 naming the field,
// and nothing is written. The addresses are stored with the booking, lower-cased, and carried over by
// a reschedule.
import { describe, expect, it } from 'vitest';
import { client, newUser, sql, stack } from '../../../scripts/local/test-stack/harness.ts';
import { call } from './client.ts';
import { at, guestBody, newHost } from './fixtures.ts';
import type { RuleMessage } from '../../functions/_shared/rules/messages.ts';

const BASE = { title: 'Intro call', description: null, duration: 30, color: '#10b981', isActive: true, autoConfirm: true };

async function hostTaking(max: number) {
  const host = await newHost();
  const put = await call(`/api/event-types/${host.eventTypeId}`, { method: 'PUT', body: { ...BASE, maxExtraAttendees: max }, token: host.accessToken });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return host;
}

const stored = async (bookingId: number) =>
  (await sql<{ email: string }>('select email from public.booking_attendees where booking_id = $1 order by email', [bookingId])).map((r) => r.email);
const bookingsOf = async (eventTypeId: number) => (await sql('select id from public.bookings where event_type_id = $1', [eventTypeId])).length;

describe('how many people an event type lets a guest invite', () => {
  it('is none by default, set through /api, read by guests, and refused past the cap', async () => {
    const host = await newHost();
    expect((await call(`/api/event-types/${host.eventTypeId}`)).body.maxExtraAttendees).toBe(0);
    await hostTaking(0);
    const put = await call(`/api/event-types/${host.eventTypeId}`, { method: 'PUT', body: { ...BASE, maxExtraAttendees: 3 }, token: host.accessToken });
    expect(put.body.maxExtraAttendees).toBe(3);
    expect((await call(`/api/event-types/${host.eventTypeId}`)).body.maxExtraAttendees).toBe(3);
    // A body without it keeps it.
    expect((await call(`/api/event-types/${host.eventTypeId}`, { method: 'PUT', body: BASE, token: host.accessToken })).body.maxExtraAttendees).toBe(3);
    const tooMany = await call(`/api/event-types/${host.eventTypeId}`, { method: 'PUT', body: { ...BASE, maxExtraAttendees: 11 }, token: host.accessToken });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ code: 'invalid_request', message: 'Guests may add from 0 to 10 people', messageId: 'extraGuests', values: { max: 10 } });
  });
});

describe('a guest invites other people when booking', () => {
  it('stores them with the booking, trimmed and lower-cased; webhooks carry them', async () => {
    const host = await hostTaking(2);
    const hook = await call('/api/webhooks', { body: { url: 'https://crm.example.com/kairos', events: ['booking.created'] }, token: host.accessToken });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const booked = await call('/bookings', { body: guestBody(host.eventTypeId, at(2, 9), 30, { attendees: [' Ann@Example.com', 'bob@example.org'] }) });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(await stored(booked.body.id)).toEqual(['ann@example.com', 'bob@example.org']);
    const [row] = await sql<{ data: { attendees: unknown } }>(
      `select payload -> 'body' -> 'data' as data from outbox where kind = 'webhook' and payload -> 'body' -> 'data' ->> 'id' = $1`,
      [String(booked.body.id)],
    );
    expect(row.data.attendees).toEqual(['ann@example.com', 'bob@example.org']);

    // The host's card reads them embedded (real REST, as the host); anyone else reads none.
    const card = await host.client.from('bookings').select('id, attendees:booking_attendees(email)').eq('id', booked.body.id).single();
    expect(card.data).toEqual({ id: booked.body.id, attendees: [{ email: 'ann@example.com' }, { email: 'bob@example.org' }] });
    const other = client(stack().anonKey, (await newUser()).accessToken);
    expect((await other.from('booking_attendees').select('email').eq('booking_id', booked.body.id)).data).toEqual([]);
    // The guest reads them through their manage link, for that booking only.
    const view = await call(`/api/booking/${booked.body.uid}?token=${booked.body.manageToken}`);
    expect(view.body.attendees).toEqual(['ann@example.com', 'bob@example.org']);
    const plain = await call('/bookings', { body: guestBody(host.eventTypeId, at(2, 11)) });
    expect((await call(`/api/booking/${plain.body.uid}?token=${plain.body.manageToken}`)).body.attendees).toEqual([]);
  });

  it('refuses a wrong address, the same person twice, their own address and too many with a 400 naming the field, writing nothing', async () => {
    const host = await hostTaking(2);
    // Each 400 names the field's rule by id and values, for a reader in another language.
    const cases: [unknown, string, RuleMessage][] = [
      [['ann@example.com', 'nope'], 'Guests: “nope” is not a valid email address.', { id: 'guestInvalid', values: { email: 'nope' } }],
      [['ann@example.com', 'ANN@example.com'], 'Guests: ANN@example.com is added twice.', { id: 'guestTwice', values: { email: 'ANN@example.com' } }],
      [['Guest@Example.com'], 'Guests: Guest@Example.com is your own email. Add other people only.', { id: 'guestOwn', values: { email: 'Guest@Example.com' } }],
      [['a@example.com', 'b@example.com', 'c@example.com'], 'Guests: At most 2 other people can be added.', { id: 'guestsMax', values: { max: 2 } }],
    ];
    for (const [attendees, message, rule] of cases) {
      const res = await call('/bookings', { body: guestBody(host.eventTypeId, at(2, 10), 30, { attendees }) });
      expect(res.body, JSON.stringify(attendees)).toEqual({ code: 'invalid_request', message, messageId: 'guests', values: { rule } });
      expect(res.status).toBe(400);
    }
    expect(await bookingsOf(host.eventTypeId)).toBe(0);
    const none = await hostTaking(0);
    const refused = await call('/bookings', { body: guestBody(none.eventTypeId, at(2, 10), 30, { attendees: ['a@example.com'] }) });
    expect(refused.body).toEqual({ code: 'invalid_request', message: 'Guests: This event type does not take other guests.', messageId: 'guests', values: { rule: { id: 'guestsNone' } } });
  });

  it('through /api/bookings too, where the host books for a guest', async () => {
    const host = await hostTaking(1);
    const wrong = await call('/api/bookings', { body: guestBody(host.eventTypeId, at(3, 10), 30, { attendees: ['a@example.com', 'b@example.com'] }), token: host.accessToken });
    expect(wrong.body).toEqual({
      code: 'invalid_request',
      message: 'Guests: At most 1 other person can be added.',
      messageId: 'guests',
      values: { rule: { id: 'guestsMax', values: { max: 1 } } },
    });
    const ok = await call('/api/bookings', { body: guestBody(host.eventTypeId, at(3, 11), 30, { attendees: ['a@example.com'] }), token: host.accessToken });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(await stored(ok.body.id)).toEqual(['a@example.com']);
  });

  it("says the refusal in the caller's language (Accept-Language), by the same id and values", async () => {
    const host = await hostTaking(1);
    const body = guestBody(host.eventTypeId, at(3, 14), 30, { attendees: ['a@example.com', 'b@example.com'] });
    const said: [string | undefined, string, string][] = [
      ['ja', 'ja', 'ゲスト：追加できるのはほかに1人までです。'],
      ['de-DE,de;q=0.9', 'de', 'Gäste: Es können höchstens 1 weitere Person hinzugefügt werden.'],
      ['es-MX', 'es', 'Invitados: Puedes añadir como máximo 1 persona más.'],
      ['ar', 'ar', 'الضيوف: لا يمكن إضافة أكثر من شخص آخر واحد.'],
      [undefined, 'en', 'Guests: At most 1 other person can be added.'],
    ];
    for (const [accept, language, message] of said) {
      const res = await call('/api/bookings', { body, token: host.accessToken, headers: accept ? { 'accept-language': accept } : {} });
      expect(res.body, accept).toEqual({ code: 'invalid_request', message, messageId: 'guests', values: { rule: { id: 'guestsMax', values: { max: 1 } } } });
      expect(res.headers.get('content-language')).toBe(language);
    }
  });

  it('the database holds the cap and "not the guest" for every writer, and writes nothing then', async () => {
    const host = await hostTaking(1);
    const write = (attendees: string[]) =>
      sql(`select id from public.create_booking($1, $2, $3, $4::jsonb)`, [
        host.eventTypeId, at(4, 10).toISOString(), at(4, 10, 30).toISOString(),
        JSON.stringify({ guest_name: 'G', guest_email: 'g@example.com', attendees }),
      ]);
    await expect(write(['a@example.com', 'b@example.com'])).rejects.toThrow('At most 1 other person can be added.');
    await expect(write(['G@example.com'])).rejects.toThrow('The guest is already on the booking: invite other people only.');
    await expect(write(['not an address'])).rejects.toThrow(/booking_attendees_email_format/);
    expect(await bookingsOf(host.eventTypeId)).toBe(0);
    expect(await sql('select 1 from public.booking_attendees a join public.bookings b on b.id = a.booking_id where b.event_type_id = $1', [host.eventTypeId])).toEqual([]);
  });
});
