// /booking/{uid}?token=…: the guest's own page for a booking, reached from the link in their mails.
// They see it in their own time zone and, until the host's notice for guest changes begins, cancel it
// (with an optional reason) or move it to another time the event type offers. A paid booking shows its
// payment and receipt, and may still be cancelled inside the notice, for the host's late-cancellation
// refund (the payments migration); each cancel says what it refunds. A date of a recurring series
// lists every date of it, each opened with the same link, and may be cancelled with all later ones.
import { useId, useMemo, useState } from 'react';
import { Badge, Box, Button, Card, Container, Heading, HStack, Link, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { NotFoundMessage } from '../../components/EmptyState.tsx';
import { FormField } from '../../components/FormField.tsx';
import { LinkButton } from '../../components/LinkButton.tsx';
import { TextLink } from '../../components/TextLink.tsx';
import { BookingAnswers } from '../../components/BookingAnswers.tsx';
import { BookingAttendees } from '../../components/BookingAttendees.tsx';
import { BookingPlace } from '../../components/MeetingPlace.tsx';
import { formatMoney, isOpen, refundShare, type GuestView } from '../../lib/shared.ts';
import { PaymentSummary } from '../../components/PaymentSummary.tsx';
import type { MessageId } from '../../i18n/catalogue.ts';
import { refusalWords } from '../../i18n/ruleWords.ts';
import { formatDate } from '../../lib/time.ts';
import { notify, notifyError } from '../../lib/toaster.ts';
import { zoneLabel } from '../../lib/zones.ts';
import { BookingPickers, useSlotPicker } from '../booking-flow/index.ts';
import { moveSource, useCancelBooking, useGuestBooking, useReschedule } from './hooks.ts';
import { loadedName, usePageTitle } from '../../lib/usePageTitle.ts';

/** Monday, January 5, 2026, 9:00 AM – 9:30 AM, in the clock and language the guest reads. */
const when = (b: Pick<GuestView, 'startTime' | 'endTime'>, timeZone: string, intl: IntlShape) =>
  intl.formatMessage(
    { id: 'manage.when' },
    {
      day: formatDate(new Date(b.startTime), 'EEEE, MMMM d, yyyy', timeZone, intl.locale),
      start: formatDate(new Date(b.startTime), 'h:mm a', timeZone, intl.locale),
      end: formatDate(new Date(b.endTime), 'h:mm a', timeZone, intl.locale),
    },
  );

const statusPalette = (status: string) => (status === 'confirmed' ? 'green' : status === 'pending' ? 'yellow' : 'red');

function headline(b: GuestView): MessageId {
  if (b.moved) return 'manage.headline.moved';
  if (b.status === 'cancelled') return 'manage.headline.cancelled';
  if (b.status === 'pending') return 'manage.headline.pending';
  if (b.status === 'awaiting_payment') return 'manage.headline.awaitingPayment';
  if (b.status === 'expired') return 'manage.headline.expired';
  return 'manage.headline.confirmed';
}

/**
 * The same calendar as booking (free days marked, the next available one offered, zone and clock),
 * over the times this booking can move to; a picked time is moved to only once the guest confirms it.
 */
function Reschedule({ booking, uid, token }: { booking: GuestView; uid: string; token: string }) {
  const navigate = useNavigate();
  const intl = useIntl();
  const source = useMemo(() => moveSource(uid, token), [uid, token]);
  const picker = useSlotPicker(source, { initialZone: booking.guestTimezone });
  const move = useReschedule(uid, token);
  const chosen = picker.slot;
  const confirm = () =>
    chosen &&
    move.mutate(chosen.start, {
      onSuccess: (moved) => {
        notify(intl.formatMessage({ id: 'manage.toast.moved' }), intl.formatMessage({ id: 'manage.toast.movedTo' }, { when: when(moved.booking, picker.timeZone, intl) }));
        navigate(`/booking/${moved.booking.uid}?token=${encodeURIComponent(moved.token)}`, { replace: true });
      },
      onError: (error) =>
        notifyError(intl.formatMessage({ id: 'manage.toast.moveFailed' }), refusalWords(intl, error) ?? intl.formatMessage({ id: 'manage.toast.moveFailedText' })),
    });
  return (
    <Stack gap="4">
      <BookingPickers flow={picker} />
      {chosen ? (
        <Box role="group" aria-label={intl.formatMessage({ id: 'manage.move.confirm' })} borderWidth="1px" borderColor="blue.muted" bg="blue.subtle" borderRadius="md" p="4">
          <Stack gap="3">
            <Text>
              <FormattedMessage
                id="manage.move.question"
                values={{
                  from: when(booking, picker.timeZone, intl),
                  to: when({ startTime: chosen.start, endTime: chosen.end }, picker.timeZone, intl),
                  zone: zoneLabel(picker.timeZone, new Date(chosen.start), intl.locale),
                  strong: (chunks) => <strong>{chunks}</strong>,
                }}
              />
            </Text>
            <HStack gap="2" wrap="wrap">
              <Button colorPalette="blue" disabled={move.isPending} onClick={confirm}>
                {intl.formatMessage({ id: move.isPending ? 'manage.move.moving' : 'manage.move.yes' })}
              </Button>
              <Button variant="outline" disabled={move.isPending} onClick={() => picker.setSlot(null)}>
                <FormattedMessage id="manage.move.keep" />
              </Button>
            </HStack>
          </Stack>
        </Box>
      ) : null}
    </Stack>
  );
}

/** What cancelling now gives back: all of it before the notice, the host's share inside it. */
function refundNote(booking: GuestView, intl: IntlShape): string | null {
  const p = booking.payment;
  if (!p || p.status !== 'paid') return null;
  if (booking.canChange) return intl.formatMessage({ id: 'manage.refund.full' }, { amount: formatMoney(p.amount, p.currency, intl.locale) });
  const back = formatMoney(refundShare(p.amount, p.lateRefundPercent, p.currency), p.currency, intl.locale);
  return intl.formatMessage({ id: 'manage.refund.late' }, { amount: back, percent: intl.formatNumber(p.lateRefundPercent / 100, { style: 'percent' }) });
}

function Cancel({ booking, uid, token }: { booking: GuestView; uid: string; token: string }) {
  const [reason, setReason] = useState('');
  const cancel = useCancelBooking(uid, token);
  const intl = useIntl();
  const refund = refundNote(booking, intl);
  const run = (following: boolean) =>
    cancel.mutate(
      { reason, following },
      {
        onSuccess: () => notify(intl.formatMessage({ id: 'manage.toast.cancelled' }), intl.formatMessage({ id: 'manage.toast.cancelledText' })),
        onError: (error) =>
          notifyError(intl.formatMessage({ id: 'manage.toast.cancelFailed' }), refusalWords(intl, error) ?? intl.formatMessage({ id: 'manage.toast.cancelFailedText' })),
      },
    );
  return (
    <Stack gap="3">
      {refund ? <Text>{refund}</Text> : null}
      <FormField label={intl.formatMessage({ id: 'common.optional' }, { label: intl.formatMessage({ id: 'manage.cancel.reason' }) })}>
        <Textarea
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
          placeholder={intl.formatMessage({ id: 'manage.cancel.placeholder' })}
        />
      </FormField>
      <HStack gap="2" wrap="wrap">
        <Button colorPalette="red" disabled={cancel.isPending} onClick={() => run(false)}>
          <FormattedMessage id="manage.cancel.yes" />
        </Button>
        {booking.series ? (
          <Button variant="outline" colorPalette="red" disabled={cancel.isPending} onClick={() => run(true)}>
            <FormattedMessage id="manage.cancel.following" />
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}

/** Every date of the booking's series, each opened with the same link's token; this one marked. */
function SeriesDates({ booking, token }: { booking: GuestView; token: string }) {
  const intl = useIntl();
  const title = useId();
  return (
    <Card.Root>
      <Card.Body gap="3">
        <Heading as="h2" size="md" id={title}>
          <FormattedMessage id="manage.series.title" />
        </Heading>
        <Stack as="ul" aria-labelledby={title} gap="2" listStyleType="none" m="0" p="0">
          {(booking.series?.occurrences ?? []).map((o) => {
            const current = o.uid === booking.uid;
            const text = when(o, booking.guestTimezone, intl);
            return (
              <HStack as="li" key={o.uid} justify="space-between" gap="3" wrap="wrap">
                {current ? (
                  <Text fontWeight="semibold" aria-current="page">
                    {text}
                  </Text>
                ) : (
                  <TextLink to={`/booking/${o.uid}?token=${encodeURIComponent(token)}`} variant="underline" colorPalette="blue" color="colorPalette.fg">
                    {text}
                  </TextLink>
                )}
                <HStack gap="2">
                  {current ? (
                    <Badge>
                      <FormattedMessage id="manage.series.current" />
                    </Badge>
                  ) : null}
                  <Badge colorPalette={statusPalette(o.status)}>
                    <FormattedMessage id="manage.status" values={{ status: o.status }} />
                  </Badge>
                </HStack>
              </HStack>
            );
          })}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function Manage({ booking, uid, token }: { booking: GuestView; uid: string; token: string }) {
  const [action, setAction] = useState<'reschedule' | 'cancel' | null>(null);
  const intl = useIntl();
  const open = !booking.moved && isOpen(booking.status);
  const host = booking.teamName ? intl.formatMessage({ id: 'manage.hostOfTeam' }, { host: booking.hostName, team: booking.teamName }) : booking.hostName;
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          <FormattedMessage id={headline(booking)} />
        </Heading>
        <Text color="fg.muted">
          <FormattedMessage id="manage.hello" values={{ guest: booking.guestName, host }} />
        </Text>
      </Stack>
      <Card.Root>
        <Card.Body gap="2">
          <HStack justify="space-between" align="start">
            <Heading as="h2" size="lg">
              {booking.title}
            </Heading>
            <Badge colorPalette={statusPalette(booking.status)}>
              <FormattedMessage id="manage.status" values={{ status: booking.status }} />
            </Badge>
          </HStack>
          <Text>{when(booking, booking.guestTimezone, intl)}</Text>
          <Text color="fg.muted" fontSize="sm">
            <FormattedMessage
              id="manage.facts"
              values={{ minutes: booking.duration, host, zone: zoneLabel(booking.guestTimezone, new Date(booking.startTime), intl.locale) }}
            />
          </Text>
          <BookingPlace location={booking.location ?? null} reader="guest" />
          <BookingAnswers answers={booking.answers} label={intl.formatMessage({ id: 'manage.answers' })} />
          <BookingAttendees emails={booking.attendees} label={intl.formatMessage({ id: 'manage.invited' })} />
          {booking.status === 'cancelled' && booking.cancellationReason ? (
            <Text fontSize="sm">
              <FormattedMessage id="manage.reason" values={{ reason: booking.cancellationReason }} />
            </Text>
          ) : null}
          {booking.payment ? (
            <HStack fontSize="sm" gap="3">
              <PaymentSummary payment={booking.payment} />
              {booking.payment.receiptUrl ? (
                <Link href={booking.payment.receiptUrl} target="_blank" rel="noreferrer" variant="underline">
                  <FormattedMessage id="manage.receipt" />
                </Link>
              ) : null}
            </HStack>
          ) : null}
        </Card.Body>
      </Card.Root>
      {booking.series && !booking.moved ? <SeriesDates booking={booking} token={token} /> : null}
      {booking.status === 'cancelled' && !booking.moved && booking.eventTypeId ? (
        <LinkButton to={`/book/${booking.eventTypeId}`} colorPalette="blue" alignSelf="start">
          <FormattedMessage id="manage.bookAgain" />
        </LinkButton>
      ) : null}
      {booking.moved ? (
        <Box borderWidth="1px" borderRadius="md" p="4" bg="bg.muted">
          <Text>
            <FormattedMessage id="manage.movedNote" />
          </Text>
        </Box>
      ) : null}
      {open && !booking.canCancel ? (
        <Box borderWidth="1px" borderRadius="md" p="4" bg="bg.muted">
          <Text>
            <FormattedMessage id="manage.tooLate" values={{ host: booking.hostName }} />
          </Text>
        </Box>
      ) : null}
      {open && booking.canCancel ? (
        <Stack gap="4">
          <HStack>
            {booking.canChange ? (
              <Button variant={action === 'reschedule' ? 'solid' : 'outline'} colorPalette="blue" onClick={() => setAction('reschedule')}>
                <FormattedMessage id="manage.reschedule" />
              </Button>
            ) : null}
            <Button variant={action === 'cancel' ? 'solid' : 'outline'} colorPalette="red" onClick={() => setAction('cancel')}>
              <FormattedMessage id="common.cancel" />
            </Button>
          </HStack>
          {action === 'reschedule' ? <Reschedule booking={booking} uid={uid} token={token} /> : null}
          {action === 'cancel' ? <Cancel booking={booking} uid={uid} token={token} /> : null}
        </Stack>
      ) : null}
    </Stack>
  );
}

export default function ManageBookingPage() {
  const { uid = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const booking = useGuestBooking(uid, token);
  const intl = useIntl();
  const notFound = intl.formatMessage({ id: 'manage.notFound' });
  usePageTitle(
    loadedName({ pending: booking.isPending, failed: false }, booking.data && intl.formatMessage({ id: 'manage.pageTitle' }, { title: booking.data.title }), notFound),
  );
  return (
    <Container maxW="2xl" py="10">
      {booking.isPending ? (
        <Skeleton h="60" />
      ) : booking.data ? (
        <Manage key={booking.data.uid} booking={booking.data} uid={uid} token={token} />
      ) : (
        <NotFoundMessage title={notFound} text={intl.formatMessage({ id: 'manage.notFoundText' })} />
      )}
    </Container>
  );
}
