// A connection's calendars: which are checked for conflicts, and which one receives bookings.
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api.ts';
import { supabase } from '../../../lib/supabase.ts';
import { notify, notifyError } from '../../../lib/toaster.ts';
import { useRefusalWords } from '../../../i18n/ruleWords.ts';
import { useSay } from '../../../i18n/useSay.ts';
import { useRefresh } from './connections.ts';

export function useCheckConflicts() {
  const refresh = useRefresh();
  const say = useSay();
  const refusal = useRefusalWords();
  return useMutation({
    mutationFn: async ({ id, checks }: { id: number; checks: boolean }) =>
      unwrap(await supabase.from('calendar_sources').update({ checks_conflicts: checks }).eq('id', id)),
    onSuccess: refresh,
    onError: (error) => notifyError(say('bookings.toast.error'), refusal(error)),
  });
}

export function useBookingCalendar() {
  const refresh = useRefresh();
  const say = useSay();
  const refusal = useRefusalWords();
  return useMutation({
    mutationFn: async (sourceId: number | null) => unwrap(await supabase.rpc('set_booking_calendar', { p_source_id: sourceId as number })),
    onSuccess: () => {
      refresh();
      notify(say('calendars.toast.target'));
    },
    onError: (error) => notifyError(say('bookings.toast.error'), refusal(error)),
  });
}
