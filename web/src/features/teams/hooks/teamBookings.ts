// A team's bookings this month and assigning one to a member; the lists and cancelling are
// lib/ownerBookings.ts, as for a host.
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api.ts';
import { bookingListsKey } from '../../../lib/ownerBookings.ts';
import { supabase } from '../../../lib/supabase.ts';
import { notify, notifyError } from '../../../lib/toaster.ts';
import { useSay } from '../../../i18n/useSay.ts';
import { useChange } from '../../../lib/useChange.ts';
import { teamKey } from './keys.ts';

export function useTeamBookingsThisMonth(teamId: number) {
  return useQuery({
    queryKey: teamKey(teamId, 'bookings', 'this-month'),
    queryFn: async () => unwrap(await supabase.rpc('team_bookings_this_month', { p_team_id: teamId })),
  });
}

export function useAssignBooking(teamId: number) {
  const say = useSay();
  return useChange({
    run: async ({ bookingId, memberId }: { bookingId: number; memberId: string }) => {
      unwrap(await supabase.from('bookings').update({ assigned_user_id: memberId }).eq('id', bookingId).select('id').single());
    },
    refresh: [bookingListsKey({ teamId })],
    done: () => notify(say('teams.toast.assigned')),
    failed: () => notifyError(say('bookings.toast.error'), say('teams.toast.assignFailed')),
  });
}
