// The Create Booking form: an event type, a date and a time picked on screen, and the shared guest fields.
import { z } from 'zod';
import type { MessageId } from '../../i18n/catalogue.ts';
import { guestFields, HOST_GUEST_MESSAGES } from '../../lib/shared.ts';

// docs/product/validation.md (create booking, host): messages verbatim (the event type's is its catalogue id,
// 'Please select an event type' in English: useFieldWords); optional fields go out as null when empty.
export const hostBookingFormSchema = z.object({
  eventTypeId: z.coerce.number<string | number>().min(1, 'bookings.create.eventTypeRequired' satisfies MessageId),
  date: z.string(),
  time: z.string(),
  /** Which of the event type's places, when it has several (the dialog asks then). */
  locationKind: z.string(),
  ...guestFields(HOST_GUEST_MESSAGES),
});
export type HostBookingInput = z.input<typeof hostBookingFormSchema>;
export type HostBookingValues = z.output<typeof hostBookingFormSchema>;

export const hostBookingDefaults: HostBookingInput = {
  eventTypeId: '',
  date: '',
  time: '',
  locationKind: '',
  guestName: '',
  guestEmail: '',
  guestPhone: '',
  guestCompany: '',
  notes: '',
};
