// The bookings feature as other features use it: the host's lists, creating a booking, and creating one.
export { CreateBookingDialog } from './CreateBookingDialog.tsx';
export { useBookings, useBookingsBetween, useCreateHostBooking } from './hooks.ts';
