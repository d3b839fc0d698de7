import { z } from 'zod';

const optional = z.string().transform((value) => value.trim() || null);

// docs/product/validation.md (create booking, host): messages verbatim; optional fields go out as null when empty.
export const hostBookingSchema = z.object({
  eventTypeId: z.coerce.number<string | number>().min(1, 'Please select an event type'),
  date: z.string(),
  time: z.string(),
  guestName: z.string().trim().min(1, 'Guest name is required'),
  guestEmail: z.string().email('Valid email is required'),
  guestPhone: optional,
  guestCompany: optional,
  notes: optional,
});
export type HostBookingInput = z.input<typeof hostBookingSchema>;
export type HostBookingValues = z.output<typeof hostBookingSchema>;

export const hostBookingDefaults: HostBookingInput = {
  eventTypeId: '',
  date: '',
  time: '',
  guestName: '',
  guestEmail: '',
  guestPhone: '',
  guestCompany: '',
  notes: '',
};
