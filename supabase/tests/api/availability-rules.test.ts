// Date overrides, time off, per-event rules and booking limits through /api, and the slots and
// bookings functions following them: what a host sets is what a guest is offered and may book.
import { describe, expect, it } from 'vitest';
import { newUser } from '../../../scripts/local/test-stack/harness.ts';
import { call } from './client.ts';
import { at, guestBody, newHost, newTeam, newTeamEventType } from './fixtures.ts';
import { datesOf, labelsOn } from '../../functions/_shared/rules/test-helpers.ts';

const DAY_MS = 86_400_000;
/** The UTC date `days` from now. */
const dateIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
const labels = (res: { body: { slots: { date: string; label: string }[] } }, date: string) => labelsOn(res.body, date);
const personalSlots = (eventTypeId: number, from: string, to = from) =>
  call(`/slots?eventTypeId=${eventTypeId}&startDate=${from}&endDate=${to}&timeZone=UTC`);
const teamSlots = (teamEventTypeId: number, from: string, to = from) =>
  call(`/slots?teamEventTypeId=${teamEventTypeId}&startDate=${from}&endDate=${to}&timeZone=UTC`);

describe('date overrides', () => {
  it('a host replaces a date\'s hours, makes a date a day off, lists and deletes them; slots follow', async () => {
    const host = await newHost();
    const token = host.accessToken;
    const [hours, off, past] = [dateIn(5), dateIn(6), dateIn(-3)];
    const put = (date: string, ranges: unknown[]) => call(`/api/date-overrides/${date}`, { method: 'PUT', body: { ranges }, token });

    const saved = await put(hours, [{ startTime: '13:00', endTime: '14:00' }, { startTime: '09:00', endTime: '10:00' }]);
    expect(saved).toMatchObject({ status: 200, body: { date: hours, ranges: [{ startTime: '09:00', endTime: '10:00' }, { startTime: '13:00', endTime: '14:00' }] } });
    expect((await put(off, [])).body).toEqual({ date: off, ranges: [] });
    expect((await put(past, [])).status).toBe(200);

    expect((await call('/api/date-overrides', { token })).body.map((o: { date: string }) => o.date)).toEqual([past, hours, off]);
    expect((await call(`/api/date-overrides?from=${dateIn(0)}`, { token })).body).toEqual([
      { date: hours, ranges: [{ startTime: '09:00', endTime: '10:00' }, { startTime: '13:00', endTime: '14:00' }] },
      { date: off, ranges: [] },
    ]);

    const slots = await personalSlots(host.eventTypeId, hours, dateIn(7));
    expect(labels(slots, hours)).toEqual(['09:00', '09:30', '13:00', '13:30']);
    expect(labels(slots, off)).toEqual([]);
    expect(labels(slots, dateIn(7))).toHaveLength(47);
    // The booking function re-validates with the same engine.
    const outside = await call('/bookings', { body: guestBody(host.eventTypeId, new Date(`${hours}T11:00:00Z`)) });
    expect(outside).toMatchObject({ status: 400, body: { code: 'slot_outside_hours' } });
    expect((await call('/bookings', { body: guestBody(host.eventTypeId, new Date(`${hours}T13:30:00Z`)) })).status).toBe(201);

    expect((await call(`/api/date-overrides/${off}`, { method: 'DELETE', token })).status).toBe(200);
    expect((await call(`/api/date-overrides/${off}`, { method: 'DELETE', token })).status).toBe(404);
    expect(labels(await personalSlots(host.eventTypeId, off), off)).toHaveLength(47);
  });

  it('validates dates and ranges, and needs a session', async () => {
    const host = await newUser();
    const token = host.accessToken;
    const put = (date: string, body: unknown) => call(`/api/date-overrides/${date}`, { method: 'PUT', body, token });
    expect((await put('2027-02-30', { ranges: [] })).body).toMatchObject({ code: 'invalid_request', message: 'Date must be YYYY-MM-DD' });
    expect((await put(dateIn(3), { ranges: [{ startTime: '10:00', endTime: '09:00' }] })).body.message).toBe('End time must be after start time');
    expect((await put(dateIn(3), { ranges: [{ startTime: '09:00', endTime: '11:00' }, { startTime: '10:00', endTime: '12:00' }] })).body.message).toBe(
      'Time ranges must not overlap',
    );
    expect((await put(dateIn(3), { ranges: [{ startTime: '09:15', endTime: '11:00' }] })).status).toBe(400);
    expect((await put(dateIn(3), {})).status).toBe(400);
    expect((await call('/api/date-overrides')).status).toBe(401);
    expect((await call(`/api/date-overrides/${dateIn(3)}`, { method: 'PUT', body: { ranges: [] } })).status).toBe(401);
  });

  it('team overrides: members read them, only owners and admins change them; team slots follow', async () => {
    const team = await newTeam();
    const typeId = await newTeamEventType(team);
    const date = dateIn(4);
    const path = `/api/teams/${team.id}/date-overrides/${date}`;
    const body = { ranges: [{ startTime: '10:00', endTime: '11:00' }] };
    expect((await call(path, { method: 'PUT', body, token: team.member.accessToken })).status).toBe(403);
    expect((await call(path, { method: 'PUT', body, token: team.outsider.accessToken })).status).toBe(403);
    expect((await call(path, { method: 'PUT', body, token: team.admin.accessToken })).status).toBe(200);
    expect((await call(`/api/teams/${team.id}/date-overrides`, { token: team.member.accessToken })).body).toEqual([{ date, ...body }]);
    expect((await call(`/api/teams/${team.id}/date-overrides`, { token: team.outsider.accessToken })).status).toBe(403);
    expect(labels(await teamSlots(typeId, date), date)).toEqual(['10:00', '10:30']);
    expect((await call(path, { method: 'DELETE', token: team.member.accessToken })).status).toBe(403);
    expect((await call(path, { method: 'PUT', body: { ranges: [] }, token: team.owner.accessToken })).status).toBe(200);
    expect(labels(await teamSlots(typeId, date), date)).toEqual([]);
    expect((await call(path, { method: 'DELETE', token: team.owner.accessToken })).status).toBe(200);
    expect(labels(await teamSlots(typeId, date), date)).toHaveLength(47);
  });
});

describe('time off', () => {
  it('a host adds a week off, sees it with its note, deletes it; the slots follow; nobody else sees it', async () => {
    const host = await newHost();
    const other = await newUser();
    const [first, last] = [dateIn(8), dateIn(14)];
    const added = await call('/api/time-off', { body: { startDate: first, endDate: last, note: '  Family trip ' }, token: host.accessToken });
    expect(added).toMatchObject({ status: 201, body: { startDate: first, endDate: last, note: 'Family trip' } });
    expect((await call('/api/time-off', { token: host.accessToken })).body).toEqual([added.body]);
    expect((await call(`/api/time-off?from=${dateIn(15)}`, { token: host.accessToken })).body).toEqual([]);

    const slots = await personalSlots(host.eventTypeId, dateIn(7), dateIn(15));
    expect(datesOf(slots.body)).toEqual([dateIn(7), dateIn(15)]);
    const during = await call('/bookings', { body: guestBody(host.eventTypeId, at(10, 10)) });
    expect(during).toMatchObject({ status: 400, body: { code: 'slot_outside_hours' } });

    // Another user neither reads nor deletes it; the public slots answer carries no note.
    expect((await call('/api/time-off', { token: other.accessToken })).body).toEqual([]);
    expect((await call(`/api/time-off/${added.body.id}`, { method: 'DELETE', token: other.accessToken })).status).toBe(404);
    expect(JSON.stringify(slots.body)).not.toContain('Family');

    expect((await call(`/api/time-off/${added.body.id}`, { method: 'DELETE', token: host.accessToken })).status).toBe(200);
    expect(labels(await personalSlots(host.eventTypeId, dateIn(10)), dateIn(10))).toHaveLength(47);
  });

  it('validates the days and needs a session', async () => {
    const host = await newUser();
    const post = (body: unknown) => call('/api/time-off', { body, token: host.accessToken });
    expect((await post({ startDate: dateIn(5), endDate: dateIn(4) })).body.message).toBe('End date must not be before start date');
    expect((await post({ startDate: dateIn(5), endDate: dateIn(5 + 400) })).body.message).toBe('Time off can span at most 366 days');
    expect((await post({ startDate: 'soon', endDate: dateIn(4) })).body.message).toBe('Date must be YYYY-MM-DD');
    expect((await post({ startDate: dateIn(5), endDate: dateIn(5), note: 'x'.repeat(501) })).status).toBe(400);
    expect((await call('/api/time-off', { body: { startDate: dateIn(5), endDate: dateIn(5) } })).status).toBe(401);
  });

  it('a team member on time off is not assigned; the other members take the bookings', async () => {
    const team = await newTeam();
    const typeId = await newTeamEventType(team);
    const day = 9;
    for (const user of [team.owner, team.admin]) {
      expect((await call('/api/time-off', { body: { startDate: dateIn(day - 1), endDate: dateIn(day + 1) }, token: user.accessToken })).status).toBe(201);
    }
    const book = (hh: number) =>
      call(`/api/teams/${team.id}/bookings`, { body: { ...guestBody(0, at(day, hh)), eventTypeId: undefined, teamEventTypeId: typeId } });
    const first = await book(10);
    const second = await book(11);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect([first.body.assignedUserId, second.body.assignedUserId]).toEqual([team.member.id, team.member.id]);
    // With the member busy then too, nobody is left for that time.
    expect((await book(10)).status).toBe(409);
  });
});

describe('per-event-type rules', () => {
  it('are created, read and changed in camelCase; a rule left out is kept', async () => {
    const host = await newUser();
    const token = host.accessToken;
    const body = {
      title: 'Paid session', description: null, duration: 60, color: '#3b82f6', isActive: true, autoConfirm: true,
      bufferBefore: 15, minimumNotice: 2880, maxFutureBookings: 14, slotInterval: 'duration', maxBookingsPerDay: 2,
    };
    const created = await call('/api/event-types', { body, token });
    expect(created.body).toMatchObject({
      bufferBefore: 15, bufferAfter: null, minimumNotice: 2880, maxFutureBookings: 14, slotInterval: 'duration', maxBookingsPerDay: 2, maxBookingsPerWeek: null,
    });
    const id = created.body.id;
    const changed = await call(`/api/event-types/${id}/rules`, { method: 'PUT', body: { slotInterval: 15, maxBookingsPerWeek: 5 }, token });
    expect(changed.body).toMatchObject({ slotInterval: 15, maxBookingsPerDay: 2, maxBookingsPerWeek: 5, bufferBefore: 15 });
    expect((await call(`/api/event-types/${id}`, { method: 'PUT', body: { ...body, title: 'Renamed' }, token })).body).toMatchObject({
      title: 'Renamed', slotInterval: 'duration', maxBookingsPerWeek: 5,
    });
    expect((await call('/api/event-types', { token })).body[0]).toMatchObject({ slotInterval: 'duration', minimumNotice: 2880 });

    const refused = async (rules: unknown) => (await call(`/api/event-types/${id}/rules`, { method: 'PUT', body: rules, token })).body.message;
    expect(await refused({ bufferBefore: 7 })).toBe('Buffer must be 0, 5, 10, 15 or 30 minutes');
    expect(await refused({ slotInterval: 45 })).toBe('Slot interval must be 15, 30 or 60 minutes, or the event duration');
    expect(await refused({ maxBookingsPerDay: 3, maxBookingsPerWeek: 1 })).toBe('Bookings per week must not be fewer than bookings per day');
    // Against the stored day limit (2), the database's CHECK refuses it.
    expect((await call(`/api/event-types/${id}/rules`, { method: 'PUT', body: { maxBookingsPerWeek: 1 }, token })).status).toBe(400);
    expect(await refused({ maxBookingsPerDay: 0 })).toBe('Bookings per day must be a whole number from 1 to 100');
    expect(await refused({})).toBe('Give at least one rule to change');
    expect((await call(`/api/event-types/${id}/rules`, { method: 'PUT', body: { bufferAfter: 5 }, token: (await newUser()).accessToken })).status).toBe(404);
  });

  it('the event type\'s interval, notice and horizon beat the host\'s, in the slots and in the booking function', async () => {
    // The host: no notice, 60 days; the event type: every hour, a day's notice, 7 days.
    const host = await newHost();
    const token = host.accessToken;
    expect((await call(`/api/event-types/${host.eventTypeId}/rules`, { method: 'PUT', body: { slotInterval: 60, minimumNotice: 1440, maxFutureBookings: 7 }, token })).status).toBe(200);
    const date = dateIn(3);
    expect(labels(await personalSlots(host.eventTypeId, date), date).slice(0, 3)).toEqual(['00:00', '01:00', '02:00']);
    expect(datesOf((await personalSlots(host.eventTypeId, dateIn(0))).body)).not.toContain(dateIn(0));
    expect((await personalSlots(host.eventTypeId, dateIn(9))).body.slots).toEqual([]);
    expect((await call('/bookings', { body: guestBody(host.eventTypeId, at(3, 10, 30)) })).body.code).toBe('slot_outside_hours');
    expect((await call('/bookings', { body: guestBody(host.eventTypeId, at(9, 10)) })).body.code).toBe('slot_too_far');
    expect((await call('/bookings', { body: guestBody(host.eventTypeId, at(3, 10)) })).status).toBe(201);
  });

  it('a limit per day closes the day once reached: the slots hide it and the booking function refuses it', async () => {
    const host = await newHost();
    expect((await call(`/api/event-types/${host.eventTypeId}/rules`, { method: 'PUT', body: { maxBookingsPerDay: 1 }, token: host.accessToken })).status).toBe(200);
    const date = dateIn(4);
    expect((await call('/bookings', { body: guestBody(host.eventTypeId, at(4, 9)) })).status).toBe(201);
    expect(labels(await personalSlots(host.eventTypeId, date), date)).toEqual([]);
    expect(labels(await personalSlots(host.eventTypeId, dateIn(5)), dateIn(5))).toHaveLength(47);
    expect(await call('/bookings', { body: guestBody(host.eventTypeId, at(4, 15)) })).toMatchObject({ status: 409, body: { code: 'limit_reached' } });
  });

  it('team event types take rules too: a buffer and notice of their own, changed by managers only', async () => {
    const team = await newTeam();
    const typeId = await newTeamEventType(team, { minimumNotice: 2880, bufferAfter: 30 });
    const path = `/api/teams/${team.id}/event-types/${typeId}/rules`;
    expect((await call(path, { method: 'PUT', body: { bufferBefore: 30 }, token: team.member.accessToken })).status).toBe(403);
    expect((await call(path, { method: 'PUT', body: { bufferBefore: 30 }, token: team.admin.accessToken })).body).toMatchObject({
      bufferBefore: 30, bufferAfter: 30, minimumNotice: 2880,
    });
    expect((await call(`/api/teams/${team.id}/event-types`, { token: team.member.accessToken })).body[0]).toMatchObject({ minimumNotice: 2880 });
    const date = dateIn(1);
    expect(labels(await teamSlots(typeId, date), date)).toEqual([]);
    // Three members each take a booking at 10:00; with 30-minute buffers nobody is free at 10:30 or 09:30.
    const day = dateIn(4);
    const book = (hh: number, mm = 0) =>
      call(`/api/teams/${team.id}/bookings`, { body: { ...guestBody(0, at(4, hh, mm)), eventTypeId: undefined, teamEventTypeId: typeId } });
    for (let i = 0; i < 3; i++) expect((await book(10)).status).toBe(201);
    const after = labels(await teamSlots(typeId, day), day);
    expect(after).toEqual(expect.arrayContaining(['09:00', '11:00']));
    for (const taken of ['09:30', '10:00', '10:30']) expect(after).not.toContain(taken);
    expect((await book(10, 30)).status).toBe(409);
  });
});
