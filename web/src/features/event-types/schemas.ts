import type { z } from 'zod';
import { DEFAULT_COLOR, eventTypeSchema } from '../../lib/shared.ts';

export { DURATIONS, eventTypeSchema } from '../../lib/shared.ts';

export type EventTypeInput = z.input<typeof eventTypeSchema>;
export type EventTypeValues = z.output<typeof eventTypeSchema>;

// docs/product/constants.md: duration 30, colour #3b82f6, active, auto-confirm.
export const eventTypeDefaults = {
  title: '',
  description: '',
  duration: 30,
  color: DEFAULT_COLOR,
  isActive: true,
  autoConfirm: true,
} satisfies EventTypeInput;
