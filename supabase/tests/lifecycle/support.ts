// Helpers of the lifecycle tests: hosts and bookings through the api, mails read back from the mail
// catcher through Mailpit's API, and their .ics invites parsed with ical.js.
import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { expect } from 'vitest';
import { sql } from '../../../scripts/local/test-stack/harness.ts';
import { mails, partText, type Mail } from '../../../scripts/local/test-stack/mailpit.ts';
import { call } from '../api/client.ts';
import { guestBody } from '../api/fixtures.ts';

export interface Invite {
  method: string;
  uid: string;
  sequence: number;
  status: string;
  start: string;
  end: string;
  /** DTSTART and DTEND as written: UTC ('Z') times. */
  utc: boolean;
  organizer: string;
  attendees: string[];
  /** Each ATTENDEE with its parameters (RFC 5545 3.2.16, 3.2.12, 3.2.17). */
  participants: { email: string; role: string; partstat: string; rsvp: string }[];
}

/** The mail's .ics file, parsed with ical.js. */
export async function invite(mail: Mail): Promise<Invite> {
  const file = mail.Attachments.find((a) => a.FileName === 'invite.ics');
  expect(file, `${mail.Subject} carries invite.ics`).toBeDefined();
  const text = await partText(mail, file!);
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent('vevent')!;
  const time = (name: string) => event.getFirstPropertyValue(name) as ICAL.Time;
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: String(event.getFirstPropertyValue('uid')),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    status: String(event.getFirstPropertyValue('status')),
    start: time('dtstart').toJSDate().toISOString(),
    end: time('dtend').toJSDate().toISOString(),
    utc: /^DTSTART:\d{8}T\d{6}Z\r?$/m.test(text) && /^DTEND:\d{8}T\d{6}Z\r?$/m.test(text),
    organizer: String(event.getFirstPropertyValue('organizer')).toLowerCase(),
    attendees: event.getAllProperties('attendee').map((p) => String(p.getFirstValue()).toLowerCase()),
    participants: event.getAllProperties('attendee').map((p) => ({
      email: String(p.getFirstValue()).toLowerCase().replace(/^mailto:/, ''),
      role: String(p.getParameter('role')),
      partstat: String(p.getParameter('partstat')),
      rsvp: String(p.getParameter('rsvp')),
    })),
  };
}

export const uniqueGuest = () => `guest-${randomUUID().slice(0, 8)}@example.test`;

/** A guest books through the public bookings function; the answer's booking. */
export async function guestBooks(eventTypeId: number, start: Date, guestEmail: string, extra: Record<string, unknown> = {}) {
  const res = await call('/bookings', { body: guestBody(eventTypeId, start, 30, { guestEmail, guestName: 'Gail Guest', ...extra }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; uid: string; status: string; startTime: string; manageToken?: string; location: { kind: string; value: string | null } | null };
}

/** The manage link a guest mail carries: /booking/{uid}?token=… */
export function manageLink(mail: Mail): { url: string; uid: string; token: string } {
  const m = /(http\S+\/booking\/([0-9a-f-]{36})\?token=([A-Za-z0-9_-]+))/.exec(mail.Text);
  expect(m, `${mail.Subject} carries a manage link`).not.toBeNull();
  return { url: m![1], uid: m![2], token: m![3] };
}

/** The newest mail to `address` whose subject starts with `prefix`, once it has arrived. */
export async function mailStartingWith(address: string, prefix: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => (found = (await mails(address)).find((m) => m.Subject.startsWith(prefix))) !== undefined, {
      timeout: 45_000,
      interval: 250,
      message: `a mail "${prefix}…" to ${address}`,
    })
    .toBe(true);
  return found!;
}

/** The outbox rows of a booking, oldest first. */
export async function outboxOf(bookingId: number) {
  return sql<{ topic: string; status: string; attempts: number; message_id: string; last_error: string | null }>(
    'select topic, status, attempts, message_id, last_error from outbox where booking_id = $1 order by id',
    [bookingId],
  );
}
