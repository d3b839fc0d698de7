// A recurring series mails as one (docs/series.md): one mail to the guest and one to the host with one
// .ics (RRULE, EXDATE, a RECURRENCE-ID VEVENT, the host's zone with its VTIMEZONE), which ical.js
// expands to exactly the booked starts; then each change of an occurrence (cancel one, move one,
// cancel this and all later) is one more mail with the series' invite at its next SEQUENCE.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { sql } from '../../../scripts/local/test-stack/harness.ts';
import { mails, partText, waitForMails, type Mail } from '../../../scripts/local/test-stack/mailpit.ts';
import { call } from '../api/client.ts';
import { at, guestBody, newHost, type Host } from '../api/fixtures.ts';
import { allowSeries, tenOClockBefore, wallClock, zoneChangingSoon } from '../api/series-support.ts';
import { mailStartingWith, manageLink, uniqueGuest } from './support.ts';

const api = (path: string, body?: unknown) => call(`/api${path}`, body === undefined ? {} : { body });
const HOUR = 3_600_000;

interface SeriesInvite {
  text: string;
  method: string;
  uid: string;
  sequence: number;
  tzid: string;
  rrule: string;
  exdates: string[];
  /** RECURRENCE-ID → DTSTART of each VEVENT of one moved occurrence. */
  moved: Record<string, string>;
  /** Every start the invite stands for, expanded by ical.js (RRULE less EXDATE, moved ones at their time). */
  starts: string[];
}

/** The series' .ics of a mail, parsed and expanded with ical.js (its VTIMEZONE registered for its TZID). */
async function seriesInvite(mail: Mail): Promise<SeriesInvite> {
  const file = mail.Attachments.find((a) => a.FileName === 'invite.ics');
  expect(file, `${mail.Subject} carries invite.ics`).toBeDefined();
  const text = await partText(mail, file!);
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const events = calendar.getAllSubcomponents('vevent');
  const master = events.find((e) => !e.hasProperty('recurrence-id'))!;
  const overrides = events.filter((e) => e.hasProperty('recurrence-id'));
  const iso = (t: unknown) => (t as ICAL.Time).toJSDate().toISOString();
  const event = new ICAL.Event(master);
  for (const o of overrides) event.relateException(o);
  const starts: string[] = [];
  const it = event.iterator();
  for (let next = it.next(); next; next = it.next()) starts.push(iso(event.getOccurrenceDetails(next).startDate));
  return {
    text,
    method: String(calendar.getFirstPropertyValue('method')),
    uid: String(master.getFirstPropertyValue('uid')),
    sequence: Number(master.getFirstPropertyValue('sequence')),
    tzid: String(master.getFirstProperty('dtstart')!.getParameter('tzid')),
    rrule: String(master.getFirstPropertyValue('rrule')),
    exdates: master.getAllProperties('exdate').map((p) => iso(p.getFirstValue())),
    moved: Object.fromEntries(overrides.map((o) => [iso(o.getFirstPropertyValue('recurrence-id')), iso(o.getFirstPropertyValue('dtstart'))])),
    starts: starts.sort(),
  };
}

/** The series' bookings that hold a date (awaiting approval or confirmed), by start. */
const activeStarts = async (seriesId: number) =>
  (
    await sql<{ start_time: Date }>(`select start_time from bookings where series_id = $1 and status in ('pending', 'confirmed') order by start_time`, [
      seriesId,
    ])
  ).map((r) => r.start_time.toISOString());

/** The email rows the series' bookings queued. */
const emailRows = async (seriesId: number) =>
  (
    await sql<{ n: number }>(`select count(*)::int as n from outbox o join bookings b on b.id = o.booking_id where o.kind = 'email' and b.series_id = $1`, [
      seriesId,
    ])
  )[0]!.n;

/** A host in a zone whose clocks change during the series, and a guest's 12-week series from 10:00 there, the 4th week skipped and the 6th moved to 12:00. */
async function bookedSeries() {
  const { zone, change } = zoneChangingSoon();
  const host: Host = await newHost();
  await sql('update public.profiles set timezone = $2 where id = $1', [host.id, zone]);
  await allowSeries(host);
  const first = tenOClockBefore(zone, change);
  const rule = (await call(`/slots/series?eventTypeId=${host.eventTypeId}&start=${first.toISOString()}&frequency=weekly&count=12&timeZone=UTC`)).body
    .occurrences as { start: string }[];
  const starts = rule.map((o) => o.start);
  const guest = uniqueGuest();
  const recurrence = { frequency: 'weekly', count: 12, skip: [starts[3]], moved: [{ from: starts[5], to: new Date(Date.parse(starts[5]!) + 2 * HOUR).toISOString() }] };
  const res = await call('/bookings', { body: { ...guestBody(host.eventTypeId, first, 30, { guestEmail: guest, guestName: 'Sam Series' }), recurrence } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const { series, manageToken } = res.body as { series: { id: number }; manageToken: string };
  return { host, guest, zone, change, starts, seriesId: series.id, manageToken };
}

describe('a recurring series', () => {
  it('is one mail with one .ics to the guest and the host; each change is one more, with the next SEQUENCE', async () => {
    const { host, guest, zone, change, starts, seriesId } = await bookedSeries();
    expect(starts.some((s) => Date.parse(s) < change) && starts.some((s) => Date.parse(s) > change)).toBe(true);

    const [confirmation] = await waitForMails(guest, 1);
    const [newBooking] = await waitForMails(host.email, 1);
    expect(confirmation!.Subject).toMatch(/^Confirmed: Coaching with Test User on .* \(11 dates\)$/);
    expect(newBooking!.Subject).toMatch(/^New booking: Coaching with Sam Series on .* \(11 dates\)$/);
    expect(confirmation!.Text).toContain('This booking repeats: 11 dates, each listed below.');
    // Each occurrence queued nothing of its own: two mails in all.
    expect(await emailRows(seriesId)).toBe(2);

    const booked = await activeStarts(seriesId);
    expect(booked).toHaveLength(11);
    for (const mail of [confirmation!, newBooking!]) {
      const ics = await seriesInvite(mail);
      expect(ics).toMatchObject({ method: 'REQUEST', sequence: 0, tzid: zone, exdates: [starts[3]], moved: { [starts[5]!]: new Date(Date.parse(starts[5]!) + 2 * HOUR).toISOString() } });
      expect(ics.rrule).toBe('FREQ=WEEKLY;COUNT=12');
      expect(ics.text).toMatch(/^BEGIN:VTIMEZONE\r$/m);
      // ical.js's expansion is exactly what is booked, at 10:00 of the host's zone on both sides of its change.
      expect(ics.starts).toEqual(booked);
      expect(ics.starts.filter((s) => s !== booked[4]).map((s) => wallClock(s, zone))).toEqual(Array(10).fill('10:00'));
    }
    const { uid } = await seriesInvite(confirmation!);
    const link = manageLink(confirmation!);

    // The guest cancels the 3rd date from the series' link: one mail each, that date now an EXDATE.
    const view = await api(`/booking/${link.uid}?token=${link.token}`);
    expect(view.status).toBe(200);
    const occurrences = (view.body.series.occurrences as { uid: string; startTime: string }[]).map((o) => ({ ...o, startTime: new Date(o.startTime).toISOString() }));
    expect(occurrences.map((o) => o.startTime)).toEqual(booked);
    const third = occurrences[2]!;
    expect((await api(`/booking/${third.uid}/cancel`, { token: link.token })).status).toBe(200);
    const dropped = await mailStartingWith(guest, 'One date cancelled:');
    const cancelled = await seriesInvite(dropped);
    expect(cancelled).toMatchObject({ method: 'REQUEST', uid, sequence: 1, exdates: [starts[2], starts[3]] });
    expect(cancelled.starts).toEqual(await activeStarts(seriesId));
    expect((await seriesInvite(await mailStartingWith(host.email, 'One date cancelled by guest:'))).sequence).toBe(1);

    // The guest moves the 8th date an hour later: RECURRENCE-ID of its rule's start, nothing else booked.
    const eighth = occurrences[6]!;
    expect(eighth.startTime).toBe(starts[7]);
    const target = new Date(Date.parse(starts[7]!) + HOUR).toISOString();
    const moved = await api(`/booking/${eighth.uid}/reschedule`, { token: link.token, startTime: target });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.token).toBe(link.token);
    const rescheduled = await seriesInvite(await mailStartingWith(guest, 'Rescheduled:'));
    expect(rescheduled).toMatchObject({ uid, sequence: 2, moved: { [starts[5]!]: expect.any(String), [starts[7]!]: target } });
    expect(await activeStarts(seriesId)).toHaveLength(10);
    expect(rescheduled.starts).toEqual(await activeStarts(seriesId));
    expect(await sql(`select recurrence_id from bookings where series_id = $1 and start_time = $2`, [seriesId, target])).toEqual([{ recurrence_id: new Date(starts[7]!) }]);

    // The guest cancels the 10th and every later date: one mail, the RRULE ends before it.
    const tenth = occurrences[8]!;
    expect(tenth.startTime).toBe(starts[9]);
    expect((await api(`/booking/${tenth.uid}/cancel-following`, { token: link.token })).status).toBe(200);
    const ended = await seriesInvite(await mailStartingWith(guest, 'Cancelled from'));
    expect(ended).toMatchObject({ method: 'REQUEST', uid, sequence: 3, rrule: 'FREQ=WEEKLY;COUNT=9' });
    expect(ended.starts).toEqual(await activeStarts(seriesId));
    expect(Math.max(...ended.starts.map(Date.parse))).toBeLessThan(Date.parse(starts[9]!));
    expect(await activeStarts(seriesId)).toHaveLength(7);
    await mailStartingWith(host.email, 'Cancelled by guest from');
    // One mail per change and recipient: 2 + 2 + 2 + 2.
    expect(await emailRows(seriesId)).toBe(8);
    expect(await mails(guest)).toHaveLength(4);
  });

  it("opens every date of its own series with the series' token, and never another series' booking", async () => {
    const a = await bookedSeries();
    const b = await bookedSeries();
    const [linkA, linkB] = [manageLink((await waitForMails(a.guest, 1))[0]!), manageLink((await waitForMails(b.guest, 1))[0]!)];
    // The confirmation screen's link (the booking's answer) is the mail's.
    expect(a.manageToken).toBe(linkA.token);
    const viewA = await api(`/booking/${linkA.uid}?token=${linkA.token}`);
    const last = (viewA.body.series.occurrences as { uid: string }[]).at(-1)!;
    expect((await api(`/booking/${last.uid}?token=${linkA.token}`)).status).toBe(200);
    expect((await api(`/booking/${last.uid}?token=${linkB.token}`)).status).toBe(404);
    expect((await api(`/booking/${last.uid}/cancel`, { token: linkB.token })).status).toBe(404);
    expect((await api(`/booking/${last.uid}/cancel-following`, { token: linkB.token })).status).toBe(404);
  });

  it("reminds of each date on its own, with the series' link and no invite of its own", async () => {
    const host = await newHost();
    await allowSeries(host);
    const guest = uniqueGuest();
    // The first date a little less than a day ahead, inside the hours (which end at 23:30).
    let first = Math.ceil((Date.now() + 22 * HOUR) / 1_800_000) * 1_800_000;
    if (new Date(first).toISOString().slice(11, 16) === '23:30') first += 1_800_000;
    const res = await call('/bookings', {
      body: { ...guestBody(host.eventTypeId, new Date(first), 30, { guestEmail: guest, guestName: 'Sam Series' }), recurrence: { frequency: 'weekly', count: 3 } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const link = manageLink((await waitForMails(guest, 1))[0]!);
    // As if booked two days ago (created_at is kept by a trigger, not fired for this session's one
    // statement): its reminder is due at the next sweep.
    await sql(
      `begin; set local session_replication_role = replica; update bookings set created_at = now() - interval '2 days' where id = ${Number(res.body.id)}; commit;`,
    );
    const reminder = await mailStartingWith(guest, 'Reminder:');
    expect(reminder.Attachments.map((a) => a.FileName)).not.toContain('invite.ics');
    expect(manageLink(reminder)).toMatchObject({ uid: res.body.uid, token: link.token });
    // The series' link still opens every date.
    expect((await api(`/booking/${link.uid}?token=${link.token}`)).body.series.occurrences).toHaveLength(3);
  });

  it('asks for approval in one mail each to the guest, the host and each invitee; a date approved is one more', async () => {
    const host = await newHost();
    await allowSeries(host);
    await sql('update public.event_types set auto_confirm = false, max_extra_attendees = 2 where id = $1', [host.eventTypeId]);
    const [guest, invitee] = [uniqueGuest(), uniqueGuest()];
    const first = at(3, 10);
    const body = { ...guestBody(host.eventTypeId, first, 30, { guestEmail: guest, guestName: 'Sam Series', attendees: [invitee] }), recurrence: { frequency: 'weekly', count: 4 } };
    const res = await call('/bookings', { body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const seriesId = (res.body as { series: { id: number } }).series.id;
    const [request] = await waitForMails(guest, 1);
    const [approval] = await waitForMails(host.email, 1);
    const [invitation] = await waitForMails(invitee, 1);
    expect(request!.Subject).toMatch(/^Request received: Coaching with Test User on .* \(4 dates\)$/);
    expect(approval!.Subject).toMatch(/^Approval needed: Coaching with Sam Series on .* \(4 dates\)$/);
    expect(invitation!.Subject).toMatch(/^Requested: Coaching with Test User on .* \(4 dates\)$/);
    for (const mail of [request!, approval!, invitation!]) {
      const ics = await seriesInvite(mail);
      expect(ics).toMatchObject({ sequence: 0, rrule: 'FREQ=WEEKLY;COUNT=4' });
      expect(ics.text).toMatch(/^STATUS:TENTATIVE\r$/m);
    }
    expect(await emailRows(seriesId)).toBe(3);

    const [second] = await sql<{ id: number }>(`select id from bookings where series_id = $1 order by start_time offset 1 limit 1`, [seriesId]);
    expect((await host.client.from('bookings').update({ status: 'confirmed' }).eq('id', second!.id)).error).toBeNull();
    const confirmed = await seriesInvite(await mailStartingWith(guest, 'Confirmed:'));
    expect(confirmed).toMatchObject({ sequence: 1, starts: await activeStarts(seriesId) });
    expect(confirmed.text).toMatch(/^STATUS:CONFIRMED\r$/m);
  });

  it('lets the host cancel one date with the existing cancel, then a date and every later one, one mail each', async () => {
    const { host, guest, starts, seriesId } = await bookedSeries();
    await waitForMails(guest, 1);
    const [second] = await sql<{ id: number }>(`select id from bookings where series_id = $1 and recurrence_id = $2`, [seriesId, starts[1]]);
    expect((await host.client.from('bookings').update({ status: 'cancelled' }).eq('id', second!.id)).error).toBeNull();
    const dropped = await mailStartingWith(guest, 'One date cancelled:');
    expect(dropped.Text).toContain('Test User cancelled this date. The other dates of the series stay booked.');
    expect(await seriesInvite(dropped)).toMatchObject({ sequence: 1, exdates: [starts[1], starts[3]] });
    const [sixth] = await sql<{ id: number }>(`select id from bookings where series_id = $1 and recurrence_id = $2`, [seriesId, starts[6]]);
    // Not another host's.
    const other = await newHost();
    expect((await other.client.rpc('cancel_series_from', { p_booking_id: sixth!.id })).error?.message).toBe('Booking not found');
    const { error } = await host.client.rpc('cancel_series_from', { p_booking_id: sixth!.id });
    expect(error).toBeNull();
    const ended = await seriesInvite(await mailStartingWith(guest, 'Cancelled from'));
    expect(ended).toMatchObject({ sequence: 2, rrule: 'FREQ=WEEKLY;COUNT=6' });
    expect(ended.starts).toEqual(await activeStarts(seriesId));
    expect(await activeStarts(seriesId)).toHaveLength(4);
    // The host is not mailed about their own changes: the guest's two mails.
    expect(await emailRows(seriesId)).toBe(4);
  });
});
