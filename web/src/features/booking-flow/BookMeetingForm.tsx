// The Book a Meeting dialog's form: pick a day and a time, then give the guest's details; after
// booking, the confirmation in the same dialog until the guest closes it.
import { Button, Checkbox } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormDialog } from '../../components/FormDialog.tsx';
import { TextLink } from '../../components/TextLink.tsx';
import { BookingConfirmation } from './BookingConfirmation.tsx';
import { PickersAndDetails } from './BookingFormParts.tsx';
import type { HoursLink } from '../../components/NoBookableTime.tsx';
import { formatMoney, type SeriesFrequency } from '../../lib/shared.ts';
import type { BookingTarget } from './hooks.ts';
import { useBookingFlow } from './useBookingFlow.ts';

/**
 * The event type being booked; `host` (the host's or the team's name) is whom the confirmation says
 * the meeting is with; `locations` its places as guests read them; `questions` and `guest_fields`
 * what the host asks (public_event_types).
 */
export type DialogEvent = {
  title: string;
  duration: number;
  description?: string | null;
  color?: string | null;
  host?: string;
  locations?: unknown;
  questions?: unknown;
  guest_fields?: unknown;
  /** How many other people the guest may invite by email. */
  max_extra_attendees?: number | null;
  /** The series a guest may book (public_event_types): the frequencies and the most occurrences. */
  recurrence_frequencies?: SeriesFrequency[] | null;
  recurrence_max_count?: number | null;
  /** A paid event type's price, in its currency's minor unit. */
  price_cents?: number | null;
  currency?: string | null;
};

export default function BookMeetingForm({
  target,
  event,
  onClose,
  owner,
}: {
  target: BookingTarget;
  event: DialogEvent;
  onClose: () => void;
  owner?: HoursLink;
}) {
  const flow = useBookingFlow(target, 'dialog', {
    title: event.title,
    duration: event.duration,
    host: event.host,
    locations: event.locations,
    questions: event.questions,
    guestFields: event.guest_fields,
    maxExtraAttendees: event.max_extra_attendees,
    recurrence: { frequencies: event.recurrence_frequencies, maxCount: event.recurrence_max_count },
  });
  const intl = useIntl();
  const price = event.price_cents && event.currency ? ` · ${formatMoney(event.price_cents, event.currency, intl.locale)}` : '';
  const subtitle = `${event.title} · ${intl.formatMessage({ id: 'common.minutes' }, { minutes: event.duration })}${price}`;
  return (
    <FormDialog
      open
      onClose={onClose}
      title={intl.formatMessage({ id: 'booking.dialog.title' })}
      subtitle={subtitle}
      size="xl"
      onSubmit={flow.submit}
      submitLabel={intl.formatMessage({ id: 'booking.book' })}
      pendingLabel={intl.formatMessage({ id: 'booking.booking' })}
      pending={flow.book.isPending}
      canSubmit={flow.canSubmit}
      outcome={
        flow.booked && {
          body: <BookingConfirmation booked={flow.booked} />,
          footer: (
            <Button colorPalette="blue" onClick={onClose}>
              <FormattedMessage id="booking.dialog.done" />
            </Button>
          ),
        }
      }
    >
      <PickersAndDetails flow={flow} owner={owner}>
        <Checkbox.Root checked={flow.termsAccepted} onCheckedChange={(details) => flow.setTermsAccepted(details.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>
            <FormattedMessage
              id="booking.dialog.terms"
              values={{
                link: (text) => (
                  <TextLink to="/terms" target="_blank" colorPalette="blue" color="colorPalette.fg">
                    {text}
                  </TextLink>
                ),
              }}
            />
          </Checkbox.Label>
        </Checkbox.Root>
      </PickersAndDetails>
    </FormDialog>
  );
}
