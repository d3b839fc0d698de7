// The event type form: the shared schema, its input and output types, and a new event type's values.
import type { z } from 'zod';
import { DEFAULT_COLOR, eventTypeSchema } from '../../lib/shared.ts';

export { DURATIONS, eventTypeSchema } from '../../lib/shared.ts';

export type EventTypeInput = z.input<typeof eventTypeSchema>;
export type EventTypeValues = z.output<typeof eventTypeSchema>;

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
  ...eventRuleDefaults,
} satisfies EventTypeInput;
