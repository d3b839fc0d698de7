// The Book a Meeting dialog of the public pages. Its form (the pickers, the guest fields, the dialog
// itself) loads when a guest opens it: a page that lists event types doesn't carry it before.
import { lazy, Suspense } from 'react';
import type { HoursLink } from '../../components/NoBookableTime.tsx';
import type { DialogEvent } from './BookMeetingForm.tsx';
import type { BookingTarget } from './hooks.ts';

const BookMeetingForm = lazy(() => import('./BookMeetingForm.tsx'));

/**
 * 'Book a Meeting' for personal and team event types. The form lives only while the dialog is open,
 * so closing it (after a booking or not) starts the next one from a clean state.
 */
export function BookMeetingDialog({
  target,
  event,
  onClose,
  owner,
}: {
  target: BookingTarget | null;
  event: DialogEvent | null;
  onClose: () => void;
  /** The viewer owns the event type: with no times, they are told where to open some. */
  owner?: HoursLink;
}) {
  return target && event ? (
    <Suspense>
      <BookMeetingForm target={target} event={event} onClose={onClose} owner={owner} />
    </Suspense>
  ) : null;
}
