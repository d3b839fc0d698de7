import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  assignSchema,
  availabilitySchema,
  bookingStatusSchema,
  dateOverrideSchema,
  dateRangeQuerySchema,
  eventRulesSchema,
  eventTypeSchema,
  handleSchema,
  hostBookingSchema,
  inviteSchema,
  loginSchema,
  profileUpdateSchema,
  publicBookingSchema,
  registerSchema,
  SERIES_ONE_FREE_GUEST_MESSAGE,
  settingsSchema,
  slotsQuerySchema,
  teamBookingSchema,
  teamCreateSchema,
  teamEventTypeSchema,
  teamSettingsSchema,
  timeframeSchema,
  timeOffSchema,
} from './schemas.ts';

/** The first message per field of a failed parse (what a form shows), keyed by path head ('' for the root). */
function errors(schema: z.ZodType, value: unknown): Record<string, string> {
  const r = schema.safeParse(value);
  const out: Record<string, string> = {};
  for (const i of r.success ? [] : r.error.issues) out[String(i.path[0] ?? '')] ??= i.message;
  return out;
}
function parsed<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  return schema.parse(value);
}

const UUID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const booking = {
  guestName: 'Ada Lovelace',
  guestEmail: 'ada@example.com',
  startTime: '2026-03-03T14:00:00.000Z',
  endTime: '2026-03-03T14:30:00.000Z',
};

describe('login and registration (docs/product/validation.md)', () => {
  it('uses the exact messages', () => {
    expect(errors(loginSchema, { email: 'nope', password: '12345' })).toEqual({
      email: 'Invalid email address',
      password: 'Password must be at least 6 characters',
    });
    expect(errors(loginSchema, {})).toEqual({ email: 'Invalid email address', password: 'Password must be at least 6 characters' });
    expect(errors(registerSchema, { email: 'a@b.co', password: '123456', firstName: ' ', lastName: '' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
    expect(errors(registerSchema, { email: 'a@b.co', password: '123456' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
  });

  it('accepts valid input, trimming the email and names', () => {
    expect(parsed(loginSchema, { email: ' ada@example.com ', password: 'secret' })).toEqual({ email: 'ada@example.com', password: 'secret' });
    expect(parsed(registerSchema, { email: 'ada@example.com', password: 'secret', firstName: ' Ada ', lastName: 'Lovelace' })).toEqual({
      email: 'ada@example.com',
      password: 'secret',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });
});

describe('event types', () => {
  it('personal: title required and trimmed, description trimmed or null, defaults applied', () => {
    expect(parsed(eventTypeSchema, { title: '  Intro call ', description: '   ', duration: 30 })).toEqual({
      title: 'Intro call',
      description: null,
      duration: 30,
      color: '#3b82f6',
      isActive: true,
      autoConfirm: true,
    });
    expect(errors(eventTypeSchema, { title: '  ', duration: 30 })).toEqual({ title: 'Title is required' });
  });

  it('personal: duration and colour from the offered choices', () => {
    expect(errors(eventTypeSchema, { title: 'x', duration: 20 })).toEqual({ duration: 'Duration must be 15, 30, 45, 60, 90 or 120 minutes' });
    expect(errors(eventTypeSchema, { title: 'x', duration: '30' })).toEqual({ duration: 'Duration must be 15, 30, 45, 60, 90 or 120 minutes' });
    expect(errors(eventTypeSchema, { title: 'x', duration: 30, color: '#000000' })).toEqual({ color: 'Please choose one of the offered colours' });
  });

  it('team: minimum 15, step 15, the team defaults, specific member needs a member', () => {
    expect(parsed(teamEventTypeSchema, { title: 'Demo' })).toEqual({
      title: 'Demo',
      description: null,
      duration: 30,
      color: '#3b82f6',
      isActive: true,
      autoConfirm: true,
      requiresAllMembers: false,
      assignmentType: 'round_robin',
      specificMemberId: null,
    });
    expect(parsed(teamEventTypeSchema, { title: 'Demo', duration: 75 }).duration).toBe(75);
    expect(errors(teamEventTypeSchema, { title: 'Demo', duration: 10 })).toEqual({ duration: 'Duration must be at least 15 minutes' });
    expect(errors(teamEventTypeSchema, { title: 'Demo', duration: 50 })).toEqual({ duration: 'Duration must be a multiple of 15 minutes' });
    expect(errors(teamEventTypeSchema, { title: 'Demo', assignmentType: 'random' })).toEqual({ assignmentType: 'Invalid assignment type' });
    expect(errors(teamEventTypeSchema, { title: 'Demo', assignmentType: 'specific_member' })).toEqual({ specificMemberId: 'Please select a team member' });
    expect(parsed(teamEventTypeSchema, { title: 'Demo', assignmentType: 'specific_member', specificMemberId: UUID }).specificMemberId).toBe(UUID);
  });

  it('a series only on a free event type for one guest a slot (bookSeries books no other), a host\'s or a team\'s', () => {
    const weekly = { frequencies: ['weekly'], maxCount: 12 };
    for (const schema of [eventTypeSchema, teamEventTypeSchema]) {
      expect(parsed(schema, { title: 'x', duration: 30, recurrence: weekly, priceCents: 0, seatsPerSlot: null }).recurrence).toEqual(weekly);
      expect(errors(schema, { title: 'x', duration: 30, recurrence: weekly, priceCents: 1500 })).toEqual({ recurrence: SERIES_ONE_FREE_GUEST_MESSAGE });
      expect(errors(schema, { title: 'x', duration: 30, recurrence: weekly, seatsPerSlot: 5 })).toEqual({ recurrence: SERIES_ONE_FREE_GUEST_MESSAGE });
      // No series: a price and seats as before.
      expect(errors(schema, { title: 'x', duration: 30, recurrence: null, priceCents: 1500, seatsPerSlot: 5 })).toEqual({});
    }
  });
});

describe('availability and settings', () => {
  it('takes the whole week, dropping extra keys the client sends back', () => {
    expect(
      parsed(availabilitySchema, [
        { id: 4, userId: UUID, dayOfWeek: 1, startTime: '09:00', endTime: '17:00', isEnabled: true },
        { teamId: 2, dayOfWeek: 0, startTime: '10:30', endTime: '12:00' },
      ]),
    ).toEqual([
      { dayOfWeek: 1, startTime: '09:00', endTime: '17:00', isEnabled: true },
      { dayOfWeek: 0, startTime: '10:30', endTime: '12:00', isEnabled: true },
    ]);
    expect(parsed(availabilitySchema, [])).toEqual([]);
  });

  it('rejects bad days, times off the half hour and ranges that end before they start', () => {
    expect(errors(availabilitySchema, { dayOfWeek: 1 })).toEqual({ '': 'Availability must be a list of time ranges' });
    const issue = (rule: object) => availabilitySchema.safeParse([rule]).error?.issues[0].message;
    expect(issue({ dayOfWeek: 7, startTime: '09:00', endTime: '10:00' })).toBe('Day of week must be 0-6');
    expect(issue({ dayOfWeek: 1, startTime: '09:15', endTime: '10:00' })).toBe('Time must be HH:MM on the hour or half hour');
    expect(issue({ dayOfWeek: 1, startTime: '9:00', endTime: '10:00' })).toBe('Time must be HH:MM on the hour or half hour');
    expect(issue({ dayOfWeek: 1, startTime: '10:00', endTime: '10:00' })).toBe('End time must be after start time');
  });

  it('settings take only the offered choices', () => {
    const ok = { bufferBefore: 0, bufferAfter: 30, minimumNotice: 2880, maxFutureBookings: 90 };
    expect(parsed(settingsSchema, ok)).toEqual(ok);
    expect(errors(settingsSchema, { bufferBefore: 7, bufferAfter: 10, minimumNotice: 30, maxFutureBookings: 61 })).toEqual({
      bufferBefore: 'Buffer must be 0, 5, 10, 15 or 30 minutes',
      minimumNotice: 'Minimum notice must be 0, 60, 120, 240, 1440 or 2880 minutes',
      maxFutureBookings: 'Maximum future bookings must be 7, 14, 30, 60 or 90 days',
    });
  });
});

describe('bookings', () => {
  it('host booking: the exact messages', () => {
    expect(errors(hostBookingSchema, { eventTypeId: 0, guestName: ' ', guestEmail: 'x' })).toEqual({
      eventTypeId: 'Please select an event type',
      guestName: 'Guest name is required',
      guestEmail: 'Valid email is required',
      startTime: 'Please select a date and time.',
      endTime: 'Please select a date and time.',
    });
    expect(errors(hostBookingSchema, { ...booking })).toEqual({ eventTypeId: 'Please select an event type' });
  });

  it('host booking: optional fields become null when empty; ids may come as digit strings', () => {
    expect(parsed(hostBookingSchema, { ...booking, eventTypeId: '12', guestPhone: '', guestCompany: '  ', notes: ' Hi ' })).toEqual({
      ...booking,
      eventTypeId: 12,
      guestPhone: null,
      guestCompany: null,
      notes: 'Hi',
    });
    expect(errors(hostBookingSchema, { ...booking, eventTypeId: 1.5 })).toEqual({ eventTypeId: 'Please select an event type' });
  });

  it('public booking: the guest-facing messages', () => {
    expect(errors(publicBookingSchema, { eventTypeId: 3, guestName: '', guestEmail: '' })).toEqual({
      guestName: 'Please fill in your name and email.',
      guestEmail: 'Please fill in your name and email.',
      startTime: 'Please select a date and time.',
      endTime: 'Please select a date and time.',
    });
    expect(errors(publicBookingSchema, { ...booking, eventTypeId: 3, guestEmail: 'ada@' })).toEqual({ guestEmail: 'Valid email is required' });
    expect(errors(publicBookingSchema, { ...booking, eventTypeId: 3, guestEmail: undefined })).toEqual({
      guestEmail: 'Please fill in your name and email.',
    });
  });

  it('times are ISO instants with an offset, the end after the start', () => {
    expect(errors(publicBookingSchema, { ...booking, eventTypeId: 3, startTime: '2026-03-03 14:00' })).toEqual({ startTime: 'Please select a date and time.' });
    expect(errors(publicBookingSchema, { ...booking, eventTypeId: 3, endTime: booking.startTime })).toEqual({ endTime: 'End time must be after start time' });
    expect(parsed(publicBookingSchema, { ...booking, eventTypeId: 3, startTime: '2026-03-03T09:00:00-05:00' }).startTime).toBe('2026-03-03T09:00:00-05:00');
  });

  it('team booking names teamEventTypeId', () => {
    expect(parsed(teamBookingSchema, { ...booking, teamEventTypeId: 5 }).teamEventTypeId).toBe(5);
    expect(errors(teamBookingSchema, { ...booking, eventTypeId: 5 })).toEqual({ teamEventTypeId: 'Please select an event type' });
  });

  it('status updates only cancel', () => {
    expect(parsed(bookingStatusSchema, { status: 'cancelled' })).toEqual({ status: 'cancelled' });
    expect(errors(bookingStatusSchema, { status: 'confirmed' })).toEqual({ status: 'Status can only be set to cancelled' });
  });
});

describe('teams', () => {
  it('create: the exact messages and defaults', () => {
    expect(errors(teamCreateSchema, { name: ' ', slug: '' })).toEqual({ name: 'Team name is required', slug: 'Team slug is required' });
    expect(errors(teamCreateSchema, { name: 'A', slug: 'My Team' })).toEqual({ slug: 'Slug can only contain lowercase letters, numbers, and hyphens' });
    expect(parsed(teamCreateSchema, { name: 'Sales', slug: 'sales-1' })).toEqual({
      name: 'Sales',
      slug: 'sales-1',
      description: null,
      timezone: 'UTC',
      isPublic: false,
    });
    expect(errors(teamCreateSchema, { name: 'A', slug: 'a', timezone: 'Mars/Base' })).toEqual({ timezone: 'Invalid time zone' });
  });

  it('settings: the URL wording', () => {
    expect(errors(teamSettingsSchema, { name: '', slug: '' })).toEqual({ name: 'Team name is required', slug: 'Team URL is required' });
    expect(errors(teamSettingsSchema, { name: 'A', slug: 'a_b' })).toEqual({ slug: 'URL can only contain lowercase letters, numbers, and hyphens' });
    expect(parsed(teamSettingsSchema, { name: 'A', slug: 'a', timezone: 'Asia/Kathmandu', isPublic: true, description: '' })).toEqual({
      name: 'A',
      slug: 'a',
      timezone: 'Asia/Kathmandu',
      isPublic: true,
      description: null,
    });
  });

  it('invite: email and role member|admin, default member', () => {
    expect(parsed(inviteSchema, { email: 'bob@example.com' })).toEqual({ email: 'bob@example.com', role: 'member' });
    expect(parsed(inviteSchema, { email: 'bob@example.com', role: 'admin' }).role).toBe('admin');
    expect(errors(inviteSchema, { email: 'bob', role: 'owner' })).toEqual({ email: 'Invalid email address', role: 'Role must be member or admin' });
  });

  it('assign: a member id', () => {
    expect(parsed(assignSchema, { memberId: UUID })).toEqual({ memberId: UUID });
    expect(errors(assignSchema, { memberId: 'bob' })).toEqual({ memberId: 'Please select a team member' });
  });
});

describe('profile and handles', () => {
  it('handles: lowercased, 3-30 characters of a-z 0-9 _ -', () => {
    expect(handleSchema.parse(' Ada_L-1 ')).toBe('ada_l-1');
    expect(handleSchema.safeParse('ab').error?.issues[0].message).toBe('Handle must be 3-30 characters');
    expect(handleSchema.safeParse('a'.repeat(31)).error?.issues[0].message).toBe('Handle must be 3-30 characters');
    expect(handleSchema.safeParse('ada lovelace').error?.issues[0].message).toBe(
      'Handle can only contain lowercase letters, numbers, underscores and hyphens',
    );
  });

  it('profile update: partial, empty texts to null, zone and URL checked', () => {
    expect(parsed(profileUpdateSchema, { firstName: ' Ada ', bio: '', handle: '', profileImageUrl: null, isPublicProfile: true })).toEqual({
      firstName: 'Ada',
      bio: null,
      handle: null,
      profileImageUrl: null,
      isPublicProfile: true,
    });
    expect(parsed(profileUpdateSchema, {})).toEqual({});
    expect(errors(profileUpdateSchema, { firstName: '', timezone: 'Nowhere', handle: 'x', profileImageUrl: 'not a url' })).toEqual({
      firstName: 'First name is required',
      timezone: 'Invalid time zone',
      handle: 'Handle must be 3-30 characters',
      profileImageUrl: 'Invalid image URL',
    });
  });
});

describe('query strings', () => {
  it('slots: exactly one event type id, valid dates in order, a zone', () => {
    expect(parsed(slotsQuerySchema, { eventTypeId: '7', startDate: '2026-03-01', endDate: '2026-03-31' })).toEqual({
      eventTypeId: 7,
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      timeZone: 'UTC',
    });
    expect(errors(slotsQuerySchema, { startDate: '2026-03-01', endDate: '2026-03-31' })).toEqual({ eventTypeId: 'Please select an event type' });
    expect(errors(slotsQuerySchema, { eventTypeId: 1, teamEventTypeId: 2, startDate: '2026-03-01', endDate: '2026-03-31' })).toEqual({
      eventTypeId: 'Please select an event type',
    });
    expect(errors(slotsQuerySchema, { eventTypeId: 1, startDate: '2026-02-30', endDate: '2026-03-31' })).toEqual({ startDate: 'Date must be YYYY-MM-DD' });
    expect(errors(slotsQuerySchema, { eventTypeId: 1, startDate: '2026-03-31', endDate: '2026-03-01' })).toEqual({
      endDate: 'End date must not be before start date',
    });
  });

  it('booking ranges and dashboard timeframes', () => {
    expect(parsed(dateRangeQuerySchema, {})).toEqual({});
    expect(errors(dateRangeQuerySchema, { startDate: 'soon' })).toEqual({ startDate: 'startDate must be an ISO date-time' });
    expect(timeframeSchema.parse('quarter')).toBe('quarter');
    expect(timeframeSchema.safeParse('decade').error?.issues[0].message).toBe('Timeframe must be week, month, quarter or year');
  });
});

describe('event type rules, date overrides and time off', () => {
  it('event types take their own rules from the closed sets; left out stays left out, null means the default', () => {
    const rules = { bufferBefore: 15, bufferAfter: null, minimumNotice: 2880, maxFutureBookings: 14, slotInterval: 'duration', maxBookingsPerDay: 2, maxBookingsPerWeek: 8 };
    expect(parsed(eventTypeSchema, { title: 'Paid', duration: 60, ...rules })).toMatchObject(rules);
    expect(Object.keys(parsed(eventTypeSchema, { title: 'Free', duration: 30 }))).not.toContain('slotInterval');
    expect(parsed(teamEventTypeSchema, { title: 'Demo', slotInterval: 60, minimumNotice: 60 })).toMatchObject({ slotInterval: 60, minimumNotice: 60 });
    for (const slotInterval of [15, 30, 60, 'duration']) expect(parsed(eventRulesSchema, { slotInterval }).slotInterval).toBe(slotInterval);
  });

  it('refuses rules outside the choice lists of docs/product/constants.md, and a week limit under the day limit', () => {
    expect(errors(eventRulesSchema, { bufferBefore: 7 })).toEqual({ bufferBefore: 'Buffer must be 0, 5, 10, 15 or 30 minutes' });
    expect(errors(eventRulesSchema, { minimumNotice: 30 })).toEqual({ minimumNotice: 'Minimum notice must be 0, 60, 120, 240, 1440 or 2880 minutes' });
    expect(errors(eventRulesSchema, { maxFutureBookings: 45 })).toEqual({ maxFutureBookings: 'Maximum future bookings must be 7, 14, 30, 60 or 90 days' });
    expect(errors(eventRulesSchema, { slotInterval: '30' })).toEqual({ slotInterval: 'Slot interval must be 15, 30 or 60 minutes, or the event duration' });
    expect(errors(eventRulesSchema, { maxBookingsPerDay: 101 })).toEqual({ maxBookingsPerDay: 'Bookings per day must be a whole number from 1 to 100' });
    expect(errors(eventRulesSchema, { maxBookingsPerWeek: 2.5 })).toEqual({ maxBookingsPerWeek: 'Bookings per week must be a whole number from 1 to 500' });
    expect(errors(eventTypeSchema, { title: 'x', duration: 30, maxBookingsPerDay: 5, maxBookingsPerWeek: 4 })).toEqual({
      maxBookingsPerWeek: 'Bookings per week must not be fewer than bookings per day',
    });
    expect(errors(eventRulesSchema, {})).toEqual({ '': 'Give at least one rule to change' });
  });

  it('a date override is a list of half-hour ranges that do not overlap; none is a day off', () => {
    expect(parsed(dateOverrideSchema, { ranges: [] })).toEqual({ ranges: [] });
    const ranges = [{ startTime: '13:00', endTime: '14:00' }, { startTime: '09:00', endTime: '13:00' }];
    expect(parsed(dateOverrideSchema, { ranges }).ranges).toEqual(ranges);
    expect(errors(dateOverrideSchema, { ranges: [{ startTime: '09:00', endTime: '10:00' }, { startTime: '09:30', endTime: '11:00' }] })).toEqual({
      ranges: 'Time ranges must not overlap',
    });
    expect(errors(dateOverrideSchema, { ranges: [{ startTime: '10:00', endTime: '10:00' }] })).toEqual({ ranges: 'End time must be after start time' });
    expect(errors(dateOverrideSchema, { ranges: [{ startTime: '10:10', endTime: '11:00' }] })).toEqual({ ranges: 'Time must be HH:MM on the hour or half hour' });
    expect(errors(dateOverrideSchema, {})).toEqual({ ranges: 'Ranges must be a list of time ranges' });
  });

  it('time off is whole days in order, at most 366 of them, with an optional note', () => {
    expect(parsed(timeOffSchema, { startDate: '2026-12-24', endDate: '2026-12-31', note: ' Holidays ' })).toEqual({
      startDate: '2026-12-24', endDate: '2026-12-31', note: 'Holidays',
    });
    expect(parsed(timeOffSchema, { startDate: '2026-12-24', endDate: '2026-12-24' }).note).toBeNull();
    expect(errors(timeOffSchema, { startDate: '2026-12-31', endDate: '2026-12-24' })).toEqual({ endDate: 'End date must not be before start date' });
    expect(errors(timeOffSchema, { startDate: '2026-01-01', endDate: '2027-01-02' })).toEqual({ endDate: 'Time off can span at most 366 days' });
    expect(parsed(timeOffSchema, { startDate: '2028-01-01', endDate: '2028-12-31' }).endDate).toBe('2028-12-31');
    expect(errors(timeOffSchema, { startDate: '2026-02-30', endDate: '2026-03-01' })).toEqual({ startDate: 'Date must be YYYY-MM-DD' });
  });
});
