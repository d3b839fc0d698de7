// The bookings feature as other features use it: the host's lists, creating a booking, and creating one.
export { CreateBookingDialog } from './CreateBookingDialog.tsx';
export { useBookingsBetween, useCreateHostBooking, useLiveBookings } from './hooks.ts';
