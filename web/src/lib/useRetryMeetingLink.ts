// A host asks again for a booking's provider link (Google Meet, Zoom) after it failed: a new outbox
// write of the organiser's calendar (retry_meeting_link decides who may). The host's and the team's
// booking lists are read again.
import { useIntl } from 'react-intl';
import { callRpc } from './api.ts';
import { notify } from './toaster.ts';
import { useChange } from './useChange.ts';

export function useRetryMeetingLink() {
  const intl = useIntl();
  return useChange({
    run: async (bookingId: number) => {
      await callRpc('retry_meeting_link', { p_booking_id: bookingId });
    },
    refresh: [['bookings'], ['teams']],
    done: () => notify(intl.formatMessage({ id: 'bookings.place.retried' })),
    failed: intl.formatMessage({ id: 'bookings.place.retryFailed' }),
  });
}
