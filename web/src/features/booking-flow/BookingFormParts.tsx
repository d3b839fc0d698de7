// Pieces the booking forms share (the dialog, the event page, the embed): no dashboard code, they sit on the public path.
import type { ReactNode } from 'react';
import type { HoursLink } from '../../components/NoBookableTime.tsx';
import { Button, Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { BookingPickers } from './BookingPickers.tsx';
import { ChosenSlot } from './ChosenSlot.tsx';
import { GuestFields } from './GuestFields.tsx';
import { Questions } from './Questions.tsx';
import { Invitees } from './Invitees.tsx';
import { PlaceChoice } from './PlaceChoice.tsx';
import { SeriesPicker } from './SeriesPicker.tsx';
import type { BookingFlow } from './useBookingFlow.ts';

/**
 * The pickers beside "Your details": where to meet (of several), the guest fields and the chosen time
 * (or the page's own `summary` of it), then what the form adds (`children`). Headings at `headingLevel`:
 * h2 on a page of its own, h3 inside a dialog or frame under its title.
 */
export function PickersAndDetails({
  flow,
  owner,
  headingLevel = 'h3',
  summary,
  children,
}: {
  flow: BookingFlow;
  owner?: HoursLink;
  headingLevel?: 'h2' | 'h3';
  summary?: ReactNode;
  children: ReactNode;
}) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
      <Stack gap="4">
        <BookingPickers flow={flow} owner={owner} headingLevel={headingLevel} />
        <SeriesPicker flow={flow} />
      </Stack>
      <Stack gap="4">
        <Heading as={headingLevel} size="sm">
          <FormattedMessage id="booking.details" />
        </Heading>
        <PlaceChoice flow={flow} />
        <GuestFields form={flow.form} phoneRequired={flow.place === 'phone_host_calls'} fields={flow.guestFields} />
        <Questions flow={flow} />
        <Invitees flow={flow} />
        {summary ?? <ChosenSlot start={flow.slot?.start} timeZone={flow.timeZone} />}
        {children}
      </Stack>
    </SimpleGrid>
  );
}

/** The submit button of a booking form outside a dialog. */
export function BookButton({ flow }: { flow: BookingFlow }) {
  return (
    <Button type="submit" colorPalette="blue" disabled={!flow.canSubmit}>
      <FormattedMessage id={flow.book.isPending ? 'booking.booking' : 'booking.book'} />
    </Button>
  );
}
