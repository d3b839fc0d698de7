// One owner's bookings (a host's own, "my bookings" as rules/bookings.ts defines them, or a team's):
// the lists of docs/product/states.md and the status changes on them. RLS decides which rows the
// caller reads and may change.
import { useQuery } from '@tanstack/react-query';
import type { MessageId } from '../i18n/catalogue.ts';
import { unwrap } from './api.ts';
import { BOOKING_ACTIONS, BOOKING_LISTS, inList, myBookingsFilter, type BookingAction, type BookingList } from './shared.ts';
import { isTeamOwner, ownerKey, type Owner } from './owner.ts';
import { supabase } from './supabase.ts';
import { notify, notifyError } from './toaster.ts';
import { BOOKING_CARD_SELECT, type Booking } from './types.ts';
import { useChange } from './useChange.ts';
import { useRefusalWords } from '../i18n/ruleWords.ts';
import { useSay } from '../i18n/useSay.ts';

/** The cache key of all the owner's lists: what a change of one of their bookings refreshes. */
export const bookingListsKey = (owner: Owner | null) => ownerKey(owner, 'bookings');

export function useBookingList(owner: Owner | null, tab: BookingList, limit?: number) {
  return useQuery({
    queryKey: [...bookingListsKey(owner), tab, limit ?? 'all'],
    enabled: Boolean(owner),
    queryFn: async () => {
      const rows = supabase.from('bookings').select(BOOKING_CARD_SELECT);
      const owned = isTeamOwner(owner!) ? rows.eq('team_id', owner.teamId) : rows.or(myBookingsFilter(owner!.userId));
      let query = inList(owned, tab, new Date()).order('start_time', { ascending: BOOKING_LISTS[tab].ascending });
      if (limit) query = query.limit(limit);
      // Each screen says a failed list in its own words (docs/product/messages.md). The answers embed is
      // one-to-one (booking_answers' key is the booking's): PostgREST answers an object, which the
      // generated types, knowing no one-to-one, call a list.
      return unwrap(await query) as unknown as Booking[];
    },
  });
}

// docs/product/messages.md: a host's card says each failure in full; a team screen the server's
// message, else its own fallback (a team card only cancels).
// (Catalogue ids: bookings.toast.<action>, bookings.toast.<action>Failed.)
const ACTIONS: Record<BookingAction, { success: MessageId; failure: MessageId }> = {
  confirm: { success: 'bookings.toast.confirm', failure: 'bookings.toast.confirmFailed' },
  reject: { success: 'bookings.toast.reject', failure: 'bookings.toast.rejectFailed' },
  cancel: { success: 'bookings.toast.cancel', failure: 'bookings.toast.cancelFailed' },
};

export function useBookingAction(owner: Owner | null) {
  const say = useSay();
  const refusal = useRefusalWords();
  const team = owner !== null && isTeamOwner(owner);
  return useChange({
    run: async ({ id, action }: { id: number; action: BookingAction }) => {
      unwrap(await supabase.from('bookings').update({ status: BOOKING_ACTIONS[action] }).eq('id', id).select('id').single());
    },
    refresh: [bookingListsKey(owner), ['dashboard']],
    done: (_data, { action }) => notify(say(ACTIONS[action].success)),
    failed: (error, { action }) => notifyError(say('bookings.toast.error'), team ? refusal(error) || say('bookings.toast.teamCancelFailed') : say(ACTIONS[action].failure)),
  });
}
