// The event type form: the shared schemas (a host's durations, or a team's multiples of 15 with its
// assignment), the form's input and output types, and a new event type's values for each owner.
import type { z } from 'zod';
import { DEFAULT_COLOR, DEFAULT_GUEST_FIELDS, eventTypeSchema, teamEventTypeSchema } from '../../lib/shared.ts';

export { DURATIONS, eventTypeSchema, teamEventTypeSchema } from '../../lib/shared.ts';

export type EventTypeInput = z.input<typeof eventTypeSchema>;
export type EventTypeValues = z.output<typeof eventTypeSchema>;
/** The form's fields for either owner: a host's form leaves the team's fields at their defaults, unsent. */
export type EventTypeFormInput = z.input<typeof teamEventTypeSchema>;
export type TeamEventTypeValues = z.output<typeof teamEventTypeSchema>;
export type EventTypeFormValues = EventTypeValues | TeamEventTypeValues;

/** No rules of its own: the host's settings (for a team, none), 30-minute starts, no limits. */
export const eventRuleDefaults = {
  bufferBefore: null,
  bufferAfter: null,
  minimumNotice: null,
  maxFutureBookings: null,
  slotInterval: 30,
  maxBookingsPerDay: null,
  maxBookingsPerWeek: null,
} satisfies Partial<EventTypeInput>;

// docs/product/constants.md: duration 30, colour #3b82f6, active, auto-confirm.
export const eventTypeDefaults = {
  title: '',
  description: '',
  duration: 30,
  color: DEFAULT_COLOR,
  isActive: true,
  autoConfirm: true,
  // None: the booking page says "Video Conference".
  locations: [],
  // No questions, each built-in field optional: the guest's form as it was before hosts could choose.
  questions: [],
  guestFields: DEFAULT_GUEST_FIELDS,
  // Nobody else: the guest books for themselves.
  maxExtraAttendees: 0,
  // One guest per slot: not a group event (docs/seats.md).
  seatsPerSlot: null,
  // No series (docs/series.md).
  recurrence: null,
  ...eventRuleDefaults,
} satisfies EventTypeInput;

// docs/product/validation.md: a team's starts as a host's, not requiring all members, round robin.
export const teamEventTypeDefaults = {
  ...eventTypeDefaults,
  requiresAllMembers: false,
  assignmentType: 'round_robin',
  specificMemberId: null,
} satisfies EventTypeFormInput;
