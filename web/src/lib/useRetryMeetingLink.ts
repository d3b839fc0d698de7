// A host asks again for a booking's provider link (Google Meet, Zoom) after it failed: a new outbox
// write of the organiser's calendar (retry_meeting_link decides who may). The host's and the team's
// booking lists are read again.
import { callRpc } from './api.ts';
import { notify } from './toaster.ts';
import { useChange } from './useChange.ts';

export function useRetryMeetingLink() {
  return useChange({
    run: async (bookingId: number) => {
      await callRpc('retry_meeting_link', { p_booking_id: bookingId });
    },
    refresh: [['bookings'], ['teams']],
    done: () => notify('Asked for the meeting link again'),
    failed: 'Failed to ask for the meeting link again',
  });
}
