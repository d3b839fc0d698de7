// Where a meeting happens, on every screen that shows it: the places an event type offers (before
// booking), and a booking's own place with its link (to the booking's guest and host only: the
// screens showing it read the booking as them).
import { HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link2, MapPin, Phone, Video } from 'lucide-react';
import {
  guestPlaceLabel,
  noPlaceLabel,
  placeWords,
  type BookingLocation,
  type LocationKind,
  type PlaceReader,
  type PublicLocation,
} from '../lib/places.ts';

/** The kind's icon: a pin, a phone, a link, or a camera for video (and for no place set). */
function PlaceIcon({ kind }: { kind?: LocationKind }) {
  const props = { size: 16, 'aria-hidden': true, style: { flexShrink: 0, marginTop: '0.2em' } } as const;
  switch (kind) {
    case 'in_person':
      return <MapPin {...props} />;
    case 'phone_host_calls':
    case 'phone_guest_calls':
      return <Phone {...props} />;
    case 'link':
      return <Link2 {...props} />;
    default:
      return <Video {...props} />;
  }
}

/** A place's line: its kind's icon, then what is said of it. */
export function PlaceLine({ kind, children }: { kind?: LocationKind; children: ReactNode }) {
  return (
    <HStack gap="2" align="start">
      <PlaceIcon kind={kind} />
      <Text as="span" minW="0" overflowWrap="anywhere">
        {children}
      </Text>
    </HStack>
  );
}

/** The places an event type offers, one a line; none: the spec's "Video Conference". */
export function OfferedPlaces({ places }: { places: PublicLocation[] }) {
  const intl = useIntl();
  if (places.length === 0) return <PlaceLine>{noPlaceLabel(intl)}</PlaceLine>;
  return (
    <Stack gap="1">
      {places.map((place) => (
        <PlaceLine key={place.kind} kind={place.kind}>
          {guestPlaceLabel(place, intl)}
        </PlaceLine>
      ))}
    </Stack>
  );
}

/** A booking's place as its guest or its host reads it, with the link that acts on it. */
export function BookingPlace({ location, reader }: { location: BookingLocation | null; reader: PlaceReader }) {
  const { text, link } = placeWords(location, reader, useIntl());
  return (
    <PlaceLine kind={location?.kind}>
      {text}
      {link ? (
        <>
          {' '}
          <Link
            href={link.href}
            colorPalette="blue"
            color="colorPalette.fg"
            {...(link.href.startsWith('https:') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {link.label}
          </Link>
        </>
      ) : null}
    </PlaceLine>
  );
}

