// Where to meet, when the event type offers several places: one radio a place, the guest picks one.
import { useEffect, useRef } from 'react';
import { RadioGroup, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { guestPlaceLabel, type LocationKind } from '../../lib/places.ts';
import type { BookingFlow } from './useBookingFlow.ts';
import { useRuleWords } from '../../i18n/ruleWords.ts';

export function PlaceChoice({ flow }: { flow: BookingFlow }) {
  const root = useRef<HTMLDivElement>(null);
  const intl = useIntl();
  const words = useRuleWords();
  // A booking sent without a choice brings the guest here, as an invalid field takes the focus.
  useEffect(() => {
    if (flow.placeError) root.current?.querySelector('input')?.focus();
  }, [flow.placeError]);
  if (flow.places.length < 2) return null;
  return (
    <RadioGroup.Root
      ref={root}
      value={flow.place}
      onValueChange={(details) => flow.choosePlace(details.value as LocationKind)}
      aria-invalid={flow.placeError ? true : undefined}
      aria-describedby={flow.placeError ? 'place-error' : undefined}
      size="sm"
    >
      <Stack gap="2">
        <RadioGroup.Label fontWeight="semibold">
          <FormattedMessage id="booking.place.question" />
        </RadioGroup.Label>
        {flow.places.map((place) => (
          <RadioGroup.Item key={place.kind} value={place.kind}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{guestPlaceLabel(place, intl)}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
        {flow.placeError ? (
          <Text id="place-error" fontSize="sm" color="fg.error">
            {words(flow.placeError)}
          </Text>
        ) : null}
      </Stack>
    </RadioGroup.Root>
  );
}
