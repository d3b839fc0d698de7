// The booking flow inside an embed frame: the pickers, the guest's details, and the host page told of the booking.
import { Button } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import type { Question } from '../../lib/shared.ts';
import { addressPrefill, BookButton, BookingConfirmation, PickersAndDetails, useBookingFlow, type BookingTarget, type MeetingDetails } from '../booking-flow/index.ts';
import { useEmbedParams } from './EmbedFrame.tsx';
import { postToHost } from './protocol.ts';

/**
 * The booking form of an embedded page: the app's pickers, guest fields and the host's questions,
 * prefilled from the loader (name, email, notes and q.<slug>, read as a booking link's and checked the
 * same way), and after a booking the guest's confirmation in place of the form while the host page hears of it.
 */
export function EmbedBookingForm({ target, details }: { target: BookingTarget; details: MeetingDetails }) {
  const { hostOrigin } = useEmbedParams();
  const [params] = useSearchParams();
  const prefill = addressPrefill(params, (details.questions as Question[] | null | undefined) ?? []);
  const flow = useBookingFlow(target, 'page', details, {
    prefill: prefill.guest,
    prefillAnswers: prefill.answers,
    prefillInvitees: prefill.invitees,
    onBooked: (booking) =>
      postToHost(
        { kairos: 1, type: 'booking-created', booking: { id: booking.id, uid: booking.uid, status: booking.status, location: booking.location ?? null } },
        hostOrigin,
      ),
  });

  if (flow.booked) {
    return (
      <BookingConfirmation
        booked={flow.booked}
        // Inside another site's frame: the manage page opens in a tab of its own.
        newTab
        actions={
          <Button variant="outline" size="sm" onClick={flow.startOver}>
            <FormattedMessage id="booking.page.bookAnother" />
          </Button>
        }
      />
    );
  }

  return (
    <form noValidate onSubmit={flow.submit}>
      <PickersAndDetails flow={flow}>
        <BookButton flow={flow} />
      </PickersAndDetails>
    </form>
  );
}
