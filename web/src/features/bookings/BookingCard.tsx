// One booking of the host's lists, with the actions its status allows; a date of a recurring series
// may also be cancelled with every later date of it (cancel_series_from, docs/series.md).
import { useRef, useState } from 'react';
import { Box, Button, type ButtonProps, HStack, Text } from '@chakra-ui/react';
import { Calendar, Clock } from 'lucide-react';
import { differenceInMinutes } from 'date-fns';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/catalogue.ts';
import { formatDate } from '../../lib/time.ts';
import { CancellationNote } from '../../components/CancellationNote.tsx';
import { HostBookingPlace } from '../../components/HostBookingPlace.tsx';
import { ConfirmInline } from '../../components/ConfirmInline.tsx';
import { BookingArticle } from '../../components/BookingArticle.tsx';
import { BookingAnswers } from '../../components/BookingAnswers.tsx';
import { BookingAttendees } from '../../components/BookingAttendees.tsx';
import { offeredActions, type BookingAction } from '../../lib/shared.ts';
import type { Booking } from '../../lib/types.ts';
import { bookingListsKey, useBookingAction } from '../../lib/ownerBookings.ts';
import { useOwner } from '../../lib/session.ts';
import { unwrap } from '../../lib/api.ts';
import { supabase } from '../../lib/supabase.ts';
import { notify } from '../../lib/toaster.ts';
import { useChange } from '../../lib/useChange.ts';

/** The actions a card offers (rules/bookings.ts), for a booking row. */
export function availableActions(booking: Pick<Booking, 'status' | 'start_time'>, now = new Date()): BookingAction[] {
  return offeredActions({ status: booking.status, startTime: booking.start_time }, now);
}

const ACTION_BUTTONS: Record<BookingAction, { label: MessageId; style: ButtonProps }> = {
  confirm: { label: 'bookings.action.confirm', style: { colorPalette: 'green' } },
  reject: { label: 'bookings.action.reject', style: { variant: 'outline', colorPalette: 'red' } },
  cancel: { label: 'bookings.action.cancel', style: { variant: 'outline', colorPalette: 'red' } },
};

/** Cancels a series' date and every later one, in one transaction, as the signed-in host. */
function useCancelFollowing() {
  const intl = useIntl();
  const owner = useOwner();
  return useChange({
    run: async (id: number) => unwrap(await supabase.rpc('cancel_series_from', { p_booking_id: id })),
    refresh: [bookingListsKey(owner), ['dashboard']],
    done: () => notify(intl.formatMessage({ id: 'bookings.card.cancelledFollowing' })),
    failed: intl.formatMessage({ id: 'bookings.card.cancelFollowingFailed' }),
  });
}

export function BookingCard({ booking }: { booking: Booking }) {
  const intl = useIntl();
  const action = useBookingAction(useOwner());
  const following = useCancelFollowing();
  const busy = action.isPending || following.isPending;
  const start = new Date(booking.start_time);
  const minutes = booking.event_type?.duration ?? differenceInMinutes(new Date(booking.end_time), start);
  const actions = availableActions(booking);
  // Reject declines a guest's request for good: asked first, the answer given back to the button.
  const [rejecting, setRejecting] = useState(false);
  const rejectButton = useRef<HTMLButtonElement>(null);
  const keep = () => {
    setRejecting(false);
    requestAnimationFrame(() => rejectButton.current?.focus());
  };
  return (
    <BookingArticle
      booking={booking}
      spacing="card"
      when={
        <HStack fontSize="sm" color="fg.muted" gap="3" wrap="wrap">
          <HStack gap="1">
            <Calendar size={14} aria-hidden /> {formatDate(start, 'EEE, MMM d, yyyy · h:mm a', undefined, intl.locale)}
          </HStack>
          <HStack gap="1">
            <Clock size={14} aria-hidden /> {intl.formatMessage({ id: 'common.minutes' }, { minutes })}
          </HStack>
        </HStack>
      }
    >
      <Box fontSize="sm">
        <HostBookingPlace booking={booking} />
      </Box>
      <Box bg="bg.subtle" borderRadius="md" p="3" fontSize="sm">
        <Text fontWeight="medium" mb="1">
          {intl.formatMessage({ id: 'bookings.card.guest' })}
        </Text>
        <Text>{booking.guest_name}</Text>
        <Text color="fg.muted">{booking.guest_email}</Text>
        {booking.guest_phone ? <Text color="fg.muted">{booking.guest_phone}</Text> : null}
        {booking.guest_company ? <Text color="fg.muted">{booking.guest_company}</Text> : null}
        {booking.notes ? <Text mt="1">{booking.notes}</Text> : null}
        <BookingAnswers answers={booking.answers?.answers} />
        <BookingAttendees emails={booking.attendees?.map((a) => a.email)} />
      </Box>
      <CancellationNote booking={booking} />
      {rejecting ? (
        <ConfirmInline
          label={intl.formatMessage({ id: 'bookings.reject.ask' })}
          confirmLabel={intl.formatMessage({ id: 'bookings.reject.yes' })}
          busy={action.isPending}
          onConfirm={() => action.mutate({ id: booking.id, action: 'reject' }, { onSettled: () => setRejecting(false) })}
          onKeep={keep}
        >
          {intl.formatMessage({ id: 'bookings.reject.text' }, { guest: booking.guest_name })}
        </ConfirmInline>
      ) : actions.length ? (
        <HStack justify="flex-end" wrap="wrap">
          {actions.map((name) => (
            <Button
              key={name}
              ref={name === 'reject' ? rejectButton : undefined}
              size="sm"
              {...ACTION_BUTTONS[name].style}
              disabled={busy}
              onClick={() => (name === 'reject' ? setRejecting(true) : action.mutate({ id: booking.id, action: name }))}
            >
              {intl.formatMessage({ id: ACTION_BUTTONS[name].label })}
            </Button>
          ))}
          {Boolean(booking.series_id) && actions.includes('cancel') ? (
            <Button size="sm" {...ACTION_BUTTONS.cancel.style} disabled={busy} onClick={() => following.mutate(booking.id)}>
              {intl.formatMessage({ id: 'bookings.card.cancelFollowing' })}
            </Button>
          ) : null}
        </HStack>
      ) : null}
    </BookingArticle>
  );
}
