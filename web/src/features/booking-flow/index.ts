// The guest booking flow as other features use it: the Book a Meeting dialog.
export { BookMeetingDialog, type DialogEvent } from './BookMeetingDialog.tsx';
