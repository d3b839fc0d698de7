// The host's booking lists and status changes through supabase-js (RLS); a booking for a guest through /api.
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { callFunction, unwrap } from '../../lib/api.ts';
import { isSlotTaken } from '../../lib/bookingErrors.ts';
import { bookingFailureWords } from '../../i18n/ruleWords.ts';
import { myBookingsFilter } from '../../lib/shared.ts';
import { isTeamOwner, type Owner } from '../../lib/owner.ts';
import { bookingListsKey } from '../../lib/ownerBookings.ts';
import { supabase } from '../../lib/supabase.ts';
import { useRefetchOnBroadcast } from '../../lib/realtime.ts';
import { notify, notifyError } from '../../lib/toaster.ts';
import type { Booking } from '../../lib/types.ts';
import { useCurrentUser } from '../../lib/session.ts';

export const bookingsKey = bookingListsKey(null);

/**
 * Keeps the signed-in host's bookings current while a page shows them: the database broadcasts
 * every change of their bookings on their private channel, and the lists (plus `alsoRefetch`, what a
 * page computes from them) are fetched again.
 */
export function useLiveBookings(alsoRefetch: readonly QueryKey[] = []) {
  const { data: user } = useCurrentUser();
  useRefetchOnBroadcast(user ? `bookings:${user.id}` : null, [bookingsKey, ...alsoRefetch], { signedIn: true });
}

/** Non-cancelled bookings starting inside [from, to): the dots of the dashboard calendar. */
export function useBookingsBetween(from: Date, to: Date) {
  const { data: user } = useCurrentUser();
  return useQuery({
    queryKey: [...bookingsKey, 'range', from.toISOString(), to.toISOString()],
    enabled: Boolean(user),
    queryFn: async () =>
      unwrap(
        await supabase
          .from('bookings')
          .select('id, start_time, end_time, status')
          .or(myBookingsFilter(user!.id))
          .neq('status', 'cancelled')
          .gte('start_time', from.toISOString())
          .lt('start_time', to.toISOString()),
      ) as Pick<Booking, 'id' | 'start_time' | 'end_time' | 'status'>[],
  });
}

export interface BookingBody {
  eventTypeId?: number;
  teamEventTypeId?: number;
  guestName: string;
  guestEmail: string;
  guestPhone: string | null;
  guestCompany: string | null;
  notes: string | null;
  /** Which of the event type's places (needed when it has several). */
  locationKind?: string;
  startTime: string;
  endTime: string;
}

/** POST /api/bookings (host) or /api/teams/:id/bookings (team); answer carries the status. */
export function useCreateHostBooking(owner: Owner | null) {
  const teamId = owner && isTeamOwner(owner) ? owner.teamId : undefined;
  const queryClient = useQueryClient();
  const intl = useIntl();
  return useMutation({
    mutationFn: (body: BookingBody) =>
      callFunction<{ status: string }>(teamId ? `api/teams/${teamId}/bookings` : 'api/bookings', { method: 'POST', body }),
    onSuccess: (booking) => {
      void queryClient.invalidateQueries({ queryKey: bookingListsKey(owner) });
      notify(intl.formatMessage({ id: 'bookings.toast.success' }), intl.formatMessage({ id: 'bookings.toast.created' }, { status: booking?.status }));
    },
    onError: (error) => {
      if (isSlotTaken(error))
        void queryClient.invalidateQueries({ queryKey: bookingListsKey(owner) });
      notifyError(intl.formatMessage({ id: 'booking.toast.failed' }), bookingFailureWords(intl, error));
    },
  });
}
