// The state of one booking flow (month, day, zone, time) and the booking itself, through the `bookings` function.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '../../lib/api.ts';
import { hardNavigate } from '../../lib/navigation.ts';
import { notifyError } from '../../lib/toaster.ts';
import { isSlotTaken } from '../../lib/bookingErrors.ts';
import { slotSource, type BookingTarget } from './hooks.ts';
import { useSlotPicker } from './useSlotPicker.ts';
import { useLocale } from '../../i18n/I18nProvider.tsx';
import { useAnswers } from './useAnswers.ts';
import { useInvitees } from './useInvitees.ts';
import type { Answers } from '../../lib/shared.ts';
import { useGuestForm } from './guestForm.ts';
import { guestDefaults, MESSAGES, PLACE_RULE, type GuestInput } from './guestWords.ts';
import { publicLocations, type BookingLocation, type LocationKind } from '../../lib/places.ts';
import { DEFAULT_GUEST_FIELDS, type GuestFieldsConfig, type Question } from '../../lib/shared.ts';
import type { GuestCheck, GuestValues } from './schemas.ts';
import { bookingFailureWords, ruleWords, type Said } from '../../i18n/ruleWords.ts';
import { takenStarts, useSeries, type SeriesBody, type SeriesOffer } from './useSeries.ts';

/** What the `bookings` function answers with, as the flow passes it on. */
export interface BookedBooking {
  id: number;
  uid: string;
  status: string;
  startTime: string;
  endTime?: string;
  /** The booking's calendar UID, the one its mailed invites carry. */
  icalUid?: string;
  /** The guest's manage token (reschedule, cancel), when the functions can derive one. */
  manageToken?: string;
  /** Where the meeting takes place (null: the event type has no place set). */
  location?: BookingLocation | null;
  /** A paid event type's booking holds its time while the guest pays on Stripe's Checkout page, here. */
  checkoutUrl?: string;
  /** A series' bookings (docs/series.md): this booking is its first occurrence. */
  series?: { id: number; occurrences: { start: string; end: string }[] };
}

/** What the booking form is for, as its confirmation names it. */
export interface MeetingDetails {
  title: string;
  duration: number;
  /** With whom: the host's name, or the team's. */
  host?: string;
  /** The places the event type offers, as guests read them (public_event_type(s)); the guest picks one of several. */
  locations?: unknown;
  /** What the host asks (public_event_type(s), checked by the database): the questions, and how phone, company and notes are asked. */
  questions?: unknown;
  guestFields?: unknown;
  /** How many other people the guest may invite by email (public_event_type(s); none when absent). */
  maxExtraAttendees?: number | null;
  /** The series a guest may book (public_event_type(s)); none when absent. */
  recurrence?: SeriesOffer;
}

/** A booking just made, with what its confirmation shows: the meeting and the zones it was booked in. */
export interface Booked extends MeetingDetails {
  booking: BookedBooking;
  timeZone: string;
  hostTimeZone?: string;
  guestEmail: string;
}

/**
 * The guest form's rules (zod) load as the guest starts on the form (its first field focused), not
 * with the page: a guest who only looks at the times never needs them.
 */
let guestRules: Promise<typeof import('./schemas.ts')> | undefined;
const loadGuestRules = () => (guestRules ??= import('./schemas.ts'));

function lazyGuestCheck(): (values: GuestInput, place: LocationKind | null, fields: GuestFieldsConfig) => Promise<GuestCheck> {
  let check: ((values: GuestInput, place: LocationKind | null, fields: GuestFieldsConfig) => GuestCheck) | undefined;
  return async (values, place, fields) => {
    check ??= (await loadGuestRules()).guestCheck();
    return check(values, place, fields);
  };
}

/**
 * State of one booking: the picker (month, day, time, zone: in the URL on a page), the guest form,
 * and the submission to the `bookings` function. Success keeps the booking (`booked`) for the
 * confirmation screen, which stays until the guest moves on (`startOver`: back to an empty form, or
 * to `prefill` when the page was handed a name or email); a taken slot refetches the slots.
 */
export function useBookingFlow(
  target: BookingTarget,
  mode: 'page' | 'dialog',
  details: MeetingDetails,
  {
    prefill,
    prefillAnswers,
    prefillInvitees,
    onBooked,
  }: { prefill?: Partial<GuestInput>; prefillAnswers?: Record<string, unknown>; prefillInvitees?: string[]; onBooked?: (booking: BookedBooking) => void } = {},
) {
  const queryClient = useQueryClient();
  const intl = useIntl();
  /** A toast of the form: its title and its rule's words in the page's language. */
  const missing = (message: Said) => notifyError(intl.formatMessage({ id: 'booking.toast.missing' }), ruleWords(intl, message));
  const picker = useSlotPicker(slotSource(target), { inUrl: mode === 'page' });
  const { locale } = useLocale();
  const { slot, timeZone } = picker;
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [booked, setBooked] = useState<Booked | null>(null);
  const [check] = useState(lazyGuestCheck);
  // The place: the only one offered, or the guest's pick of several (none offered: none to pick).
  const places = publicLocations(details.locations);
  const [picked, setPicked] = useState<LocationKind | null>(null);
  const [placeMissing, setPlaceMissing] = useState(false);
  const place = places.length === 1 ? places[0].kind : places.some((offered) => offered.kind === picked) ? picked : null;
  const choosePlace = (kind: LocationKind) => {
    setPicked(kind);
    setPlaceMissing(false);
  };
  const guestFields = (details.guestFields as GuestFieldsConfig | undefined) ?? DEFAULT_GUEST_FIELDS;
  const form = useGuestForm({ ...guestDefaults, ...prefill }, (values) => check(values, place, guestFields), () => void loadGuestRules());
  const answers = useAnswers((details.questions as Question[] | undefined) ?? [], prefillAnswers);
  const invitees = useInvitees(details.maxExtraAttendees ?? 0, prefillInvitees, () => form.read().guestEmail);
  const series = useSeries(target, details.recurrence, slot?.start, timeZone);

  const reset = () => {
    picker.clear();
    setTermsAccepted(false);
    setPicked(null);
    form.reset();
    answers.reset();
    invitees.reset();
    series.reset();
  };

  const book = useMutation({
    mutationFn: (values: GuestValues & { answers?: Answers; attendees?: string[]; recurrence?: SeriesBody }) =>
      callFunction<BookedBooking>('bookings', {
        method: 'POST',
        body: {
          ...(target.kind === 'personal' ? { eventTypeId: target.eventTypeId } : { teamEventTypeId: target.teamEventTypeId }),
          ...values,
          ...(place ? { locationKind: place } : {}),
          // The guest's mails show times in the zone they booked in, in the language they read the page in.
          guestTimeZone: timeZone,
          guestLocale: locale,
          startTime: slot!.start,
          endTime: slot!.end,
        },
      }),
    onSuccess: (booking, values) => {
      // Off to pay: Stripe sends the guest back to /booking/{uid}/payment, which waits for its verdict.
      if (booking.checkoutUrl) return hardNavigate(booking.checkoutUrl);
      setBooked({ ...details, booking, timeZone, hostTimeZone: picker.slots.data?.hostTimeZone, guestEmail: values.guestEmail });
      void queryClient.invalidateQueries({ queryKey: ['slots'] });
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
      reset();
      onBooked?.(booking);
    },
    onError: (error, values) => {
      // A series someone else took dates of in between: say which, check again, keep the time unless it was the first.
      const lost = values.recurrence ? takenStarts(error) : null;
      if (lost) series.lose(lost);
      if (isSlotTaken(error) && (!lost || lost.some((start) => new Date(start).getTime() === new Date(slot!.start).getTime()))) {
        picker.setSlot(null);
        void queryClient.invalidateQueries({ queryKey: ['slots'] });
        void queryClient.invalidateQueries({ queryKey: ['bookings'] });
      }
      notifyError(intl.formatMessage({ id: 'booking.toast.failed' }), bookingFailureWords(intl, error));
    },
  });

  const submit = form.handleSubmit(
    async (values) => {
      const checked = await answers.check();
      if ('errors' in checked) return missing(checked.message);
      const invited = await invitees.check();
      if ('errors' in invited) return missing(invited.message);
      if (!picker.date || !slot) return missing(MESSAGES[mode].time);
      if (places.length > 1 && !place) {
        setPlaceMissing(true);
        return missing(PLACE_RULE);
      }
      if (mode === 'dialog' && !termsAccepted) return missing(MESSAGES.dialog.terms);
      if (!series.ready) return missing('booking.series.unresolved');
      const recurrence = series.body();
      // No questions, no `answers`; nobody invited, no `attendees`: the request is the one before either existed.
      book.mutate({
        ...values,
        ...(answers.questions.length ? { answers: checked.values } : {}),
        ...(invited.values.length ? { attendees: invited.values } : {}),
        ...(recurrence ? { recurrence } : {}),
      });
    },
    (errors) => {
      void answers.check(undefined, { focus: false });
      void invitees.check(undefined, { focus: false });
      // Name and email in the page's or the dialog's words; a field the host requires in its own.
      missing(errors.guestName || errors.guestEmail ? MESSAGES[mode].guest : Object.values(errors)[0]!);
    },
  );

  return {
    ...picker,
    termsAccepted,
    setTermsAccepted,
    form,
    guestFields,
    answers,
    invitees,
    series,
    places,
    place,
    choosePlace,
    placeError: placeMissing ? PLACE_RULE : undefined,
    submit,
    book,
    booked,
    startOver: () => setBooked(null),
    canSubmit: Boolean(picker.date && slot && (mode === 'page' || termsAccepted)) && series.ready && !book.isPending,
  };
}

export type BookingFlow = ReturnType<typeof useBookingFlow>;
