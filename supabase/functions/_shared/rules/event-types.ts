// Event type form values ↔ database columns, for the api function and the web app alike.
import type { SlotInterval } from './constants.ts';
import type { EventTypeInput, TeamEventTypeInput } from './schemas.ts';
import type { EventRules } from './slots.ts';

type EventTypeFields = Omit<EventTypeInput, 'duration'> & { duration: number };

/** The rule columns of event_types, as the database holds them. */
export interface EventRuleColumns {
  buffer_before: number | null;
  buffer_after: number | null;
  minimum_notice: number | null;
  max_future_bookings: number | null;
  slot_interval: '15' | '30' | '60' | 'duration';
  max_bookings_per_day: number | null;
  max_bookings_per_week: number | null;
}

/** What the database calls each rule. */
const RULE_COLUMN: { [K in keyof EventRules]-?: keyof EventRuleColumns } = {
  bufferBefore: 'buffer_before',
  bufferAfter: 'buffer_after',
  minimumNotice: 'minimum_notice',
  maxFutureBookings: 'max_future_bookings',
  slotInterval: 'slot_interval',
  maxBookingsPerDay: 'max_bookings_per_day',
  maxBookingsPerWeek: 'max_bookings_per_week',
};

/** The columns selected to read an event type's rules. */
export const EVENT_RULE_COLUMNS = Object.values(RULE_COLUMN).join(', ');

/** The rules given in a form, as columns; a rule left out is left out, so an update keeps it. */
export function eventRuleColumns(input: EventRules): Partial<EventRuleColumns> {
  const columns: Partial<Record<keyof EventRuleColumns, unknown>> = {};
  for (const [rule, column] of Object.entries(RULE_COLUMN) as [keyof EventRules, keyof EventRuleColumns][]) {
    const value = input[rule];
    if (value !== undefined) columns[column] = rule === 'slotInterval' ? String(value) : value;
  }
  return columns as Partial<EventRuleColumns>;
}

/** An event type row's rules, as the slot engine and the api's answers read them. */
export function eventRulesOf(row: EventRuleColumns): Required<EventRules> {
  return {
    bufferBefore: row.buffer_before,
    bufferAfter: row.buffer_after,
    minimumNotice: row.minimum_notice,
    maxFutureBookings: row.max_future_bookings,
    slotInterval: (row.slot_interval === 'duration' ? 'duration' : Number(row.slot_interval)) as SlotInterval,
    maxBookingsPerDay: row.max_bookings_per_day,
    maxBookingsPerWeek: row.max_bookings_per_week,
  };
}

/** The columns personal and team event types share, with the rules that were given. */
export function eventTypeColumns(input: EventTypeFields) {
  return {
    title: input.title,
    description: input.description,
    duration: input.duration,
    color: input.color,
    is_active: input.isActive,
    auto_confirm: input.autoConfirm,
    ...(input.locations !== undefined && { locations: input.locations }),
    ...(input.questions !== undefined && { questions: input.questions }),
    ...(input.guestFields !== undefined && { guest_fields: input.guestFields }),
    ...(input.maxExtraAttendees !== undefined && { max_extra_attendees: input.maxExtraAttendees }),
    ...(input.seatsPerSlot !== undefined && { seats_per_slot: input.seatsPerSlot }),
    ...(input.recurrence !== undefined && {
      recurrence_frequencies: input.recurrence?.frequencies ?? [],
      recurrence_max_count: input.recurrence?.maxCount ?? null,
    }),
    ...(input.priceCents !== undefined && { price_cents: input.priceCents }),
    ...(input.currency !== undefined && { currency: input.currency }),
    ...(input.lateCancelRefundPercent !== undefined && { late_cancel_refund_percent: input.lateCancelRefundPercent }),
    ...eventRuleColumns(input),
  };
}

/** A team event type's columns; a specific member is kept only for the specific-member strategy. */
export function teamEventTypeColumns(input: TeamEventTypeInput) {
  return {
    ...eventTypeColumns(input),
    requires_all_members: input.requiresAllMembers,
    assignment_type: input.assignmentType,
    specific_member_id: input.assignmentType === 'specific_member' ? input.specificMemberId : null,
  };
}
