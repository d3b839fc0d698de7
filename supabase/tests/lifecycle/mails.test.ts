// Each booking event delivers the right mails to the right people through the outbox and real SMTP,
// read back from the mail catcher with Mailpit's API, each with an .ics that ical.js parses.
import { describe, expect, it } from 'vitest';
import { waitForMails } from '../../../scripts/local/test-stack/mailpit.ts';
import { newUser, sql } from '../../../scripts/local/test-stack/harness.ts';
import { call } from '../api/client.ts';
import { at, newHost } from '../api/fixtures.ts';
import { guestBooks, invite, outboxOf, uniqueGuest } from './support.ts';

describe('booking mails', () => {
  it('mails the guest a confirmation and the host a new booking, then the guest a CANCEL when the host cancels', async () => {
    const host = await newHost();
    const guest = uniqueGuest();
    const start = at(3, 9);
    const booking = await guestBooks(host.eventTypeId, start, guest);

    const [confirmed] = await waitForMails(guest, 1);
    expect(confirmed.Subject).toMatch(/^Confirmed: Intro call with Test User on /);
    const [newBooking] = await waitForMails(host.email, 1);
    expect(newBooking.Subject).toMatch(/^New booking: Intro call with Gail Guest on /);
    const [a, b] = [await invite(confirmed), await invite(newBooking)];
    for (const i of [a, b]) {
      expect(i).toMatchObject({ method: 'REQUEST', sequence: 0, status: 'CONFIRMED', start: start.toISOString(), utc: true });
      expect(i.organizer).toBe(`mailto:${host.email}`);
      expect(i.attendees).toContain(`mailto:${guest}`);
    }
    expect(a.uid).toBe(b.uid);

    const { error } = await host.client.from('bookings').update({ status: 'cancelled' }).eq('id', booking.id);
    expect(error).toBeNull();
    const [cancelled] = await waitForMails(guest, 2);
    expect(cancelled.Subject).toMatch(/^Cancelled: Intro call with Test User on /);
    expect(cancelled.Text).toContain('Test User cancelled your booking.');
    expect(await invite(cancelled)).toMatchObject({ method: 'CANCEL', uid: a.uid, sequence: 1, status: 'CANCELLED' });
    // Hosts are not mailed about their own actions.
    expect(await waitForMails(host.email, 1)).toHaveLength(1);
    await expect.poll(async () => (await outboxOf(booking.id)).map((r) => [r.topic, r.status, r.attempts])).toEqual([
      ['booking.created', 'sent', 1],
      ['booking.created', 'sent', 1],
      ['booking.cancelled', 'sent', 1],
    ]);
  });

  it('asks the host to approve a request, mails the guest when it is confirmed, and a CANCEL when one is rejected', async () => {
    const host = await newHost({ autoConfirm: false });
    const guest = uniqueGuest();
    const first = await guestBooks(host.eventTypeId, at(4, 10), guest);
    const second = await guestBooks(host.eventTypeId, at(4, 11), guest);
    expect(first.status).toBe('pending');

    const requested = await waitForMails(guest, 2);
    expect(requested.map((m) => m.Subject)).toEqual(expect.arrayContaining([expect.stringMatching(/^Request received: Intro call with Test User on /)]));
    expect((await invite(requested[0])).status).toBe('TENTATIVE');
    const [approval] = await waitForMails(host.email, 2);
    expect(approval.Subject).toMatch(/^Approval needed: Intro call with Gail Guest on /);
    expect(approval.Text).toContain('/bookings');

    await host.client.from('bookings').update({ status: 'confirmed' }).eq('id', first.id);
    await host.client.from('bookings').update({ status: 'cancelled' }).eq('id', second.id);
    const mails = await waitForMails(guest, 4);
    const confirmed = mails.find((m) => m.Subject.startsWith('Confirmed:'))!;
    const declined = mails.find((m) => m.Subject.startsWith('Declined:'))!;
    expect(await invite(confirmed)).toMatchObject({ method: 'REQUEST', sequence: 1, status: 'CONFIRMED' });
    expect(await invite(declined)).toMatchObject({ method: 'CANCEL', sequence: 1 });
    expect(declined.Text).toContain('could not accept your request');
  });

  it('shows times in the recipient\'s own time zone, across a +5:45 zone', async () => {
    const host = await newHost();
    await sql(`update profiles set timezone = 'Asia/Kathmandu' where id = $1`, [host.id]);
    const guest = uniqueGuest();
    const start = at(5, 9, 15);
    await guestBooks(host.eventTypeId, start, guest);
    const [mail] = await waitForMails(host.email, 1);
    // 09:15 UTC is 15:00 in Kathmandu; the invite keeps UTC.
    expect(mail.Text).toContain('15:00 – 15:30 (Asia/Kathmandu)');
    expect(mail.HTML).toContain('15:00 – 15:30 (Asia/Kathmandu)');
    expect((await invite(mail)).start).toBe(start.toISOString());
  });

  it("writes each side's mails in their own language: the guest's as they booked, the host's from their profile; a move keeps the guest's", async () => {
    const host = await newHost();
    await sql(`update profiles set locale = 'de' where id = $1`, [host.id]);
    const guest = uniqueGuest();
    const booking = await guestBooks(host.eventTypeId, at(5, 9), guest, { guestTimeZone: 'Asia/Kathmandu', guestLocale: 'ja' });
    expect((await sql(`select guest_locale from bookings where id = $1`, [booking.id]))[0].guest_locale).toBe('ja');

    const [confirmed] = await waitForMails(guest, 1);
    // 09:00 UTC is 14:45 in Kathmandu, written as Japanese writes a day.
    expect(confirmed.Subject).toMatch(/^予約確定：\d+月\d+日\(.\) 14:45 Test UserとのIntro call$/);
    expect(confirmed.Text).toContain('Gail Guest 様');
    expect(confirmed.Text).toMatch(/日時: \d{4}年\d+月\d+日.曜日 14:45～15:15（Asia\/Kathmandu）/);
    expect(confirmed.HTML).toContain('<html lang="ja" dir="ltr">');
    const [newBooking] = await waitForMails(host.email, 1);
    expect(newBooking.Subject).toMatch(/^Neue Buchung: Intro call mit Gail Guest am /);
    expect(newBooking.Text).toContain('Gail Guest hat Intro call bei dir gebucht.');

    // The guest moves it through their link: the moved booking's mails are still Japanese.
    const link = /\/booking\/([0-9a-f-]{36})\?token=([A-Za-z0-9_-]+)/.exec(confirmed.Text)!;
    const moved = await call(`/api/booking/${link[1]}/reschedule`, { body: { token: link[2], startTime: at(6, 9).toISOString() } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const [rescheduled] = await waitForMails(guest, 2);
    expect(rescheduled.Subject).toMatch(/^日時変更：Test UserとのIntro call、新しい日時は/);
  });

  it('reminds guest and host a day before a confirmed booking, once', async () => {
    const host = await newHost();
    const guest = uniqueGuest();
    // Booked two days ago for 23 hours from now.
    const start = new Date(Math.ceil((Date.now() + 23 * 3_600_000) / 1_800_000) * 1_800_000);
    const [row] = await sql<{ id: number }>(
      `insert into bookings (event_type_id, user_id, guest_name, guest_email, start_time, end_time, created_at)
       values ($1, $2, 'Gail Guest', $3, $4, $4::timestamptz + interval '30 minutes', now() - interval '2 days') returning id`,
      [host.eventTypeId, host.id, guest, start.toISOString()],
    );
    const mails = await waitForMails(guest, 2);
    expect(mails.map((m) => m.Subject.split(':')[0]).sort()).toEqual(['Confirmed', 'Reminder']);
    const hostMails = await waitForMails(host.email, 2);
    expect(hostMails.map((m) => m.Subject.split(':')[0]).sort()).toEqual(['New booking', 'Reminder']);
    // Further sweeps add nothing.
    await new Promise((r) => setTimeout(r, 6000));
    expect((await outboxOf(row.id)).filter((r) => r.topic === 'booking.reminder')).toHaveLength(2);
    expect(await waitForMails(guest, 2)).toHaveLength(2);
  });
});

describe('team invitation mails', () => {
  it("are written in the invitee's language when they have an account, else in the inviter's", async () => {
    const [owner, member] = await Promise.all([newUser(), newUser()]);
    await sql(`update profiles set locale = case id when $1 then 'de' else 'fr' end where id in ($1, $2)`, [owner.id, member.id]);
    const slug = `sprache-${Math.random().toString(36).slice(2, 10)}`;
    const team = await call('/api/teams', { body: { name: 'Atelier', slug, timezone: 'UTC' }, token: owner.accessToken });
    expect(team.status).toBe(201);
    const stranger = uniqueGuest();
    for (const email of [member.email, stranger]) {
      expect((await call(`/api/teams/${team.body.id}/members`, { body: { email }, token: owner.accessToken })).status).toBe(201);
    }
    const [toMember] = await waitForMails(member.email, 1);
    expect(toMember.Subject).toBe('Invitation à rejoindre Atelier');
    expect(toMember.Text).toMatch(/vous invite à rejoindre Atelier sur Kairos en tant que membre\.\n\nAccepter ou refuser: http/);
    const [toStranger] = await waitForMails(stranger, 1);
    expect(toStranger.Subject).toBe('Einladung zu Atelier');
    expect(toStranger.HTML).toContain('<html lang="de" dir="ltr">');
  });
});
