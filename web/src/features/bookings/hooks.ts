// The host's booking lists and status changes through supabase-js (RLS); a booking for a guest through /api.
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { callFunction, unwrap } from '../../lib/api.ts';
import { bookingFailureMessage, isSlotTaken } from '../../lib/bookingErrors.ts';
import { BOOKING_ACTIONS, BOOKING_LISTS, inList, myBookingsFilter, type BookingAction, type BookingList } from '../../lib/shared.ts';
import { supabase } from '../../lib/supabase.ts';
import { useRefetchOnBroadcast } from '../../lib/realtime.ts';
import { notify, notifyError } from '../../lib/toaster.ts';
import { BOOKING_CARD_SELECT, type Booking } from '../../lib/types.ts';
import { useCurrentUser } from '../../lib/session.ts';

export type BookingTab = BookingList;
export const bookingsKey = ['bookings'] as const;


/** The signed-in host's bookings in one list (docs/product/states.md): "my bookings" as rules/bookings.ts defines them. */
export function useBookings(tab: BookingTab, limit?: number) {
  const { data: user } = useCurrentUser();
  return useQuery({
    queryKey: [...bookingsKey, tab, limit ?? 'all'],
    enabled: Boolean(user),
    queryFn: async () => {
      const mine = supabase.from('bookings').select(BOOKING_CARD_SELECT).or(myBookingsFilter(user!.id));
      let query = inList(mine, tab, new Date()).order('start_time', { ascending: BOOKING_LISTS[tab].ascending });
      if (limit) query = query.limit(limit);
      return unwrap(await query) as Booking[];
    },
  });
}

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

const ACTIONS: Record<BookingAction, { success: string; failure: string }> = {
  confirm: { success: 'Booking Confirmed', failure: 'Failed to confirm booking. Please try again.' },
  reject: { success: 'Booking Rejected', failure: 'Failed to reject booking. Please try again.' },
  cancel: { success: 'Booking Cancelled', failure: 'Failed to cancel booking. Please try again.' },
};

export function useBookingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: BookingAction }) => {
      unwrap(await supabase.from('bookings').update({ status: BOOKING_ACTIONS[action] }).eq('id', id).select('id').single());
    },
    onSuccess: (_data, { action }) => {
      void queryClient.invalidateQueries({ queryKey: bookingsKey });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      notify(ACTIONS[action].success);
    },
    onError: (_error, { action }) => notifyError('Error', ACTIONS[action].failure),
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
export function useCreateHostBooking(teamId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BookingBody) =>
      callFunction<{ status: string }>(teamId ? `api/teams/${teamId}/bookings` : 'api/bookings', { method: 'POST', body }),
    onSuccess: (booking) => {
      void queryClient.invalidateQueries({ queryKey: teamId ? ['teams', teamId, 'bookings'] : bookingsKey });
      notify(
        'Success',
        booking?.status === 'pending'
          ? 'Booking created successfully! Guest will receive confirmation details.'
          : 'Booking confirmed and created successfully.',
      );
    },
    onError: (error) => {
      if (isSlotTaken(error))
        void queryClient.invalidateQueries({ queryKey: teamId ? ['teams', teamId, 'bookings'] : bookingsKey });
      notifyError('Booking Failed', bookingFailureMessage(error));
    },
  });
}
