// A team's bookings: this month's count, the lists, cancelling and assigning.
import { useQuery } from '@tanstack/react-query';
import { BOOKING_LISTS, inList, type BookingList } from '../../../lib/shared.ts';
import { unwrap } from '../../../lib/api.ts';
import { supabase } from '../../../lib/supabase.ts';
import { notify } from '../../../lib/toaster.ts';
import { BOOKING_CARD_SELECT, type Booking } from '../../../lib/types.ts';
import { useChange } from '../../../lib/useChange.ts';
import { teamKey } from './keys.ts';

export function useTeamBookingsThisMonth(teamId: number) {
  return useQuery({
    queryKey: teamKey(teamId, 'bookings', 'this-month'),
    queryFn: async () => unwrap(await supabase.rpc('team_bookings_this_month', { p_team_id: teamId })),
  });
}

export type TeamBookingTab = BookingList;

export function useTeamBookings(teamId: number, tab: TeamBookingTab) {
  return useQuery({
    queryKey: teamKey(teamId, 'bookings', tab),
    queryFn: async () => {
      const team = supabase.from('bookings').select(BOOKING_CARD_SELECT).eq('team_id', teamId);
      const { data, error } = await inList(team, tab, new Date()).order('start_time', { ascending: BOOKING_LISTS[tab].ascending });
      if (error) throw new Error(tab === 'cancelled' ? 'Failed to fetch cancelled bookings' : 'Failed to fetch bookings');
      return data as Booking[];
    },
  });
}

/** After team booking changes the upcoming, past and cancelled lists are refreshed (docs/product/api.md). */
function useTeamBookingMutation<T>(teamId: number, run: (input: T) => Promise<void>, success: string, failed: string) {
  return useChange({ run, refresh: [teamKey(teamId, 'bookings')], done: () => notify(success), failed });
}

export function useCancelTeamBooking(teamId: number) {
  return useTeamBookingMutation(
    teamId,
    async (bookingId: number) => {
      unwrap(await supabase.from('bookings').update({ status: 'cancelled' }).eq('id', bookingId).select('id').single());
    },
    'Booking Cancelled',
    'Failed to cancel team booking',
  );
}

export function useAssignBooking(teamId: number) {
  return useTeamBookingMutation(
    teamId,
    async ({ bookingId, memberId }: { bookingId: number; memberId: string }) => {
      unwrap(await supabase.from('bookings').update({ assigned_user_id: memberId }).eq('id', bookingId).select('id').single());
    },
    'Booking Assigned',
    'Failed to assign booking',
  );
}
