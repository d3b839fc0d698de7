// The guest's confirmation after booking, the same on the booking page, in the dialogs and in the
// embed: what, when (in the guest's zone, and the host's when it differs), with whom, where, the
// meeting for their calendar, and the manage link. It stays until the guest moves on.
import type { ReactNode } from 'react';
import { Box, Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { CalendarPlus, CircleCheck, Clock, Download, Hourglass } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDate } from '../../lib/time.ts';
import { zoneLabel } from '../../lib/zones.ts';
import { googleCalendarUrl, icsHref, outlookCalendarUrl, type CalendarEvent } from './calendarLinks.ts';
import { BookingPlace } from '../../components/MeetingPlace.tsx';
import { calendarPlace, noPlaceLabel } from '../../lib/places.ts';
import type { Booked } from './useBookingFlow.ts';

const WHEN = "EEEE, MMMM d, yyyy 'at' h:mm a";

/** The manage page of the booking (reschedule, cancel), when the answer carried its token. */
export function manageUrl(booked: Booked): string | null {
  const { uid, manageToken } = booked.booking;
  return manageToken ? `${window.location.origin}/booking/${uid}?token=${encodeURIComponent(manageToken)}` : null;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box display={{ base: 'block', sm: 'grid' }} gridTemplateColumns="6rem 1fr" gap="3">
      <Text as="dt" fontWeight="semibold" color="fg.muted">
        {label}
      </Text>
      <Box as="dd" m="0">
        {children}
      </Box>
    </Box>
  );
}

export function BookingConfirmation({ booked, actions, newTab = false }: { booked: Booked; actions?: ReactNode; newTab?: boolean }) {
  const intl = useIntl();
  const when = (zone: string) => formatDate(start, WHEN, zone, intl.locale);
  const { booking, title, duration, host, timeZone, hostTimeZone, guestEmail } = booked;
  const pending = booking.status === 'pending';
  const start = new Date(booking.startTime);
  const end = booking.endTime ? new Date(booking.endTime) : new Date(start.getTime() + duration * 60_000);
  const manage = manageUrl(booked);
  const event: CalendarEvent = {
    uid: booking.icalUid ?? `${booking.uid}@kairos`,
    title: host ? intl.formatMessage({ id: 'booking.confirm.eventTitle' }, { title, host }) : title,
    start,
    end,
    description: manage ? intl.formatMessage({ id: 'booking.confirm.eventDescription' }, { link: manage }) : '',
    location: booking.location ? calendarPlace(booking.location) : noPlaceLabel(intl),
  };
  const external = { target: '_blank', rel: 'noopener noreferrer' };
  const heading = intl.formatMessage({ id: pending ? 'booking.confirm.pending' : 'booking.confirm.confirmed' });
  return (
    <Stack gap="5" role="region" aria-label={heading}>
      <Stack role="status" gap="2" align="center" textAlign="center">
        {pending ? <Hourglass size={40} aria-hidden /> : <CircleCheck size={40} aria-hidden color="var(--chakra-colors-green-fg)" />}
        <Heading as="h2" size="lg">
          {heading}
        </Heading>
        <Text color="fg.muted">
          {pending
            ? intl.formatMessage({ id: 'booking.confirm.pendingText' })
            : guestEmail
              ? intl.formatMessage({ id: 'booking.confirm.confirmedTextTo' }, { email: guestEmail })
              : intl.formatMessage({ id: 'booking.confirm.confirmedText' })}
        </Text>
      </Stack>
      <Stack as="dl" gap="3" borderWidth="1px" borderRadius="md" p="4" fontSize="sm">
        <Row label={intl.formatMessage({ id: 'booking.confirm.what' })}>
          <Text>
            {title} · {intl.formatMessage({ id: 'common.minutes' }, { minutes: duration })}
          </Text>
        </Row>
        <Row label={intl.formatMessage({ id: 'booking.confirm.when' })}>
          <Text>
            {when(timeZone)} · {zoneLabel(timeZone, start, intl.locale)}
          </Text>
          {hostTimeZone && hostTimeZone !== timeZone ? (
            <Text color="fg.muted">
              {intl.formatMessage({ id: 'booking.confirm.forHost' }, { when: when(hostTimeZone) })} · {zoneLabel(hostTimeZone, start, intl.locale)}
            </Text>
          ) : null}
        </Row>
        {booking.series ? (
          <Row label={intl.formatMessage({ id: 'booking.confirm.seriesDates' }, { count: booking.series.occurrences.length })}>
            <Box as="ol" listStylePosition="inside" m="0" p="0">
              {booking.series.occurrences.map((occurrence) => (
                <li key={occurrence.start}>{formatDate(new Date(occurrence.start), 'EEE, MMM d, yyyy · h:mm a', timeZone, intl.locale)}</li>
              ))}
            </Box>
          </Row>
        ) : null}
        {host ? (
          <Row label={intl.formatMessage({ id: 'booking.confirm.with' })}>
            <Text>{host}</Text>
          </Row>
        ) : null}
        <Row label={intl.formatMessage({ id: 'booking.confirm.where' })}>
          <BookingPlace location={booking.location ?? null} reader="guest" />
        </Row>
      </Stack>
      <Stack gap="2">
        <Heading as="h3" size="sm">
          <HStack gap="2">
            <CalendarPlus size={16} aria-hidden /> <FormattedMessage id="booking.confirm.addToCalendar" />
          </HStack>
        </Heading>
        {pending ? (
          <Text fontSize="sm" color="fg.muted">
            <Clock size={14} aria-hidden style={{ display: 'inline' }} /> <FormattedMessage id="booking.confirm.notConfirmed" />
          </Text>
        ) : null}
        <HStack gap="2" wrap="wrap">
          <Button asChild size="sm" variant="outline">
            <a href={googleCalendarUrl(event)} {...external}>
              <FormattedMessage id="booking.confirm.google" />
            </a>
          </Button>
          <Button asChild size="sm" variant="outline">
            <a href={outlookCalendarUrl(event)} {...external}>
              <FormattedMessage id="booking.confirm.outlook" />
            </a>
          </Button>
          <Button asChild size="sm" variant="outline">
            <a href={icsHref(event)} download={`${title.replace(/[^\w -]+/g, '').trim() || 'meeting'}.ics`}>
              <Download aria-hidden /> <FormattedMessage id="booking.confirm.ics" />
            </a>
          </Button>
        </HStack>
      </Stack>
      {manage ? (
        <Text fontSize="sm">
          <FormattedMessage
            id="booking.confirm.manage"
            values={{
              link: (text) => (
                <Link href={manage} colorPalette="blue" color="colorPalette.fg" {...(newTab ? external : {})}>
                  {text}
                </Link>
              ),
            }}
          />
        </Text>
      ) : null}
      {actions ? (
        <HStack gap="2" justify="center" wrap="wrap">
          {actions}
        </HStack>
      ) : null}
    </Stack>
  );
}
