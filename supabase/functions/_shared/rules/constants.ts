// Every closed set and default of the product, once (docs/product/constants.md). The schemas, the
// slot engine, assignment and the web's pickers read them from here; where the database holds the
// same rule (a CHECK, an enum, a column default), supabase/tests/db/rules-match.test.ts keeps the two
// equal.

// -- event types ---------------------------------------------------------------------------------
export const DURATIONS = [15, 30, 45, 60, 90, 120] as const;
export const DEFAULT_DURATION = 30;
export const COLORS = ['#3b82f6', '#10b981', '#f59e0b', '#ef4444', '#8b5cf6', '#06b6d4'] as const;
export const DEFAULT_COLOR = '#3b82f6';
/** Team event types take any multiple of TEAM_DURATION_STEP from the step up to this (a day). */
export const TEAM_DURATION_STEP = 15;
export const TEAM_DURATION_MAX = 1440;
/** Booking limits per event type, per local day and per local week. */
export const DAY_LIMIT_MAX = 100;
export const WEEK_LIMIT_MAX = 500;

// -- scheduling ----------------------------------------------------------------------------------
export const BUFFER_CHOICES = [0, 5, 10, 15, 30] as const;
export const NOTICE_CHOICES = [0, 60, 120, 240, 1440, 2880] as const;
export const FUTURE_CHOICES = [7, 14, 30, 60, 90] as const;
/** The booking horizon is never more than this many days ahead, whatever the host's setting. */
export const MAX_HORIZON_DAYS = 60;
/** The default minutes between offered start times. */
export const SLOT_STEP_MINUTES = 30;
/** Minutes between offered starts, or 'duration': back-to-back meetings of the event's length. */
export const SLOT_INTERVALS = [15, 30, 60, 'duration'] as const;
export type SlotInterval = (typeof SLOT_INTERVALS)[number];

/** Minutes for buffers and notice, days for maxFutureBookings. */
export interface SchedulingSettings {
  bufferBefore: number;
  bufferAfter: number;
  minimumNotice: number;
  maxFutureBookings: number;
}

/** A host's settings until they change them (the user_settings column defaults). */
export const DEFAULT_SETTINGS: SchedulingSettings = {
  bufferBefore: 10,
  bufferAfter: 10,
  minimumNotice: 1440,
  maxFutureBookings: MAX_HORIZON_DAYS,
};

/**
 * Teams have no settings of their own: no buffers, no notice, the longest horizon. A team event
 * type's own rules replace these; members' personal bookings block them as busy time.
 */
export const TEAM_SETTINGS: SchedulingSettings = { bufferBefore: 0, bufferAfter: 0, minimumNotice: 0, maxFutureBookings: MAX_HORIZON_DAYS };

/** Hours before a booking inside which its guest can no longer cancel or reschedule online. */
export const GUEST_CHANGE_NOTICE_CHOICES = [0, 1, 2, 4, 12, 24, 48] as const;
export const DEFAULT_GUEST_CHANGE_NOTICE = 0;

/** Longest time off in one entry, as the time_off CHECK constraint. */
export const TIME_OFF_MAX_DAYS = 366;

/** A new availability range. */
export const DEFAULT_RANGE = { startTime: '09:00', endTime: '17:00' } as const;
export const DEFAULT_TIME_ZONE = 'UTC';
/**
 * A host who signs up in the web app (which names the browser's zone) is bookable at once: these
 * working days with DEFAULT_RANGE, in that zone, and one event type of this title with the event
 * type defaults. A new team gets the same days (the web's Create Team).
 */
export const DEFAULT_WORKING_DAYS = [1, 2, 3, 4, 5] as const;
export const FIRST_EVENT_TYPE_TITLE = '30 Minute Meeting';

// -- teams ---------------------------------------------------------------------------------------
export const TEAM_ROLES = ['owner', 'admin', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
export const INVITABLE_ROLES = ['member', 'admin'] as const;
export const DEFAULT_ROLE = 'member';
/** The roles that manage a team: its settings, members, event types and bookings. */
export const MANAGER_ROLES: readonly TeamRole[] = ['owner', 'admin'];
export const isManagerRole = (role: string | null | undefined): boolean => MANAGER_ROLES.includes(role as TeamRole);

export const ASSIGNMENT_TYPES = ['round_robin', 'least_busy', 'specific_member'] as const;
export type AssignmentType = (typeof ASSIGNMENT_TYPES)[number];
export const DEFAULT_ASSIGNMENT: AssignmentType = 'round_robin';

// -- bookings ------------------------------------------------------------------------------------
export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'completed', 'awaiting_payment', 'expired'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

// -- the guest's form ----------------------------------------------------------------------------
/** How phone, company and notes are asked (rules/questions.ts); name and email are always asked and required. */
export const FIELD_MODES = ['hidden', 'optional', 'required'] as const;
export type FieldMode = (typeof FIELD_MODES)[number];
export type GuestFieldsConfig = { phone: FieldMode; company: FieldMode; notes: FieldMode };
/** The most other people a guest may invite to one booking (event_types.max_extra_attendees' check); 0 by default. */
export const MAX_EXTRA_ATTENDEES = 10;
/** A group event's seats per slot (event_types.seats_per_slot's check): null is one guest a slot, else 2 to this. */
export const MAX_SEATS_PER_SLOT = 100;
/** A team's URL part (teams_slug_format holds the same). */
export const TEAM_SLUG_MAX = 100;
/**
 * A recurring series (docs/series.md): the frequencies an event type may allow (the enum
 * public.series_frequency) — weekly, every 2 weeks, monthly on the same weekday of the month — and the
 * most occurrences a host may let a guest book (event_types.recurrence_max_count: 2 to this).
 */
export const SERIES_FREQUENCIES = ['weekly', 'biweekly', 'monthly'] as const;
export type SeriesFrequency = (typeof SERIES_FREQUENCIES)[number];
export const MAX_SERIES_COUNT = 52;
/** Each optional, as the form was before hosts could choose (event_types.guest_fields' default). */
export const DEFAULT_GUEST_FIELDS: GuestFieldsConfig = { phone: 'optional', company: 'optional', notes: 'optional' };
