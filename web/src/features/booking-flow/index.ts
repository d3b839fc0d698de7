// The guest booking flow as other features use it: the Book a Meeting dialog.
export { BookMeetingDialog } from './BookMeetingDialog.tsx';
export type { DialogEvent } from './BookMeetingForm.tsx';
// The pieces the embeddable booking pages compose without the app's chrome.
export { BookButton, PickersAndDetails } from './BookingFormParts.tsx';
export { BookingConfirmation } from './BookingConfirmation.tsx';
export { usePublicEventType, type BookingTarget, type SlotSource } from './hooks.ts';
// The same calendar over other times: a guest's reschedule.
export { BookingPickers } from './BookingPickers.tsx';
export { useSlotPicker } from './useSlotPicker.ts';
export { useBookingFlow, type BookedBooking, type MeetingDetails } from './useBookingFlow.ts';
// What a link (or the embed loader, through the frame's address) fills in.
export { addressPrefill } from './useAnswers.ts';
export type { GuestInput } from './guestWords.ts';
// A booking's messages in the page's language, for the host's Create Booking dialog too.
export { PLACE_RULE } from './guestWords.ts';
