// Date overrides of the signed-in host or of a team, through supabase-js (RLS decides who may change
// what) and replace_date_override, which swaps a date's hours in one call. Past dates are not read.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { unwrap } from './api.ts';
import { ownerArgs, ownerKey, ownerMatch, type Owner } from './owner.ts';
import { overrideRangesParam, overridesFromRows, type TimeRange } from './shared.ts';
import { supabase } from './supabase.ts';
import { notify, notifyError } from './toaster.ts';
import { useSay } from '../i18n/useSay.ts';

/** Today's date where the browser is: overrides before it are past and hidden. */
export function todayKey(): string {
  return format(new Date(), 'yyyy-MM-dd');
}

const keyOf = (owner: Owner | null) => ownerKey(owner, 'date-overrides');

async function readOverrides(owner: Owner) {
  const rows = await supabase.from('date_overrides').select('date, start_time, end_time').match(ownerMatch(owner)).gte('date', todayKey()).order('date');
  return overridesFromRows(unwrap(rows));
}

export function useDateOverrides(owner: Owner | null) {
  return useQuery({
    queryKey: keyOf(owner),
    enabled: owner !== null,
    queryFn: () => readOverrides(owner!),
  });
}

export function useSaveDateOverride(owner: Owner) {
  const say = useSay();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ date, ranges }: { date: string; ranges: TimeRange[] }) => {
      unwrap<unknown>(await supabase.rpc('replace_date_override', { p_date: date, p_ranges: overrideRangesParam(ranges), ...ownerArgs(owner) }));
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keyOf(owner) });
      notify(say('overrides.toast.saved'));
    },
    onError: () => notifyError(say('bookings.toast.error'), say('overrides.toast.saveFailed')),
  });
}

export function useDeleteDateOverride(owner: Owner) {
  const say = useSay();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (date: string) => {
      unwrap<unknown>(await supabase.from('date_overrides').delete().match(ownerMatch(owner)).eq('date', date));
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keyOf(owner) });
      notify(say('overrides.toast.deleted'));
    },
    onError: () => notifyError(say('bookings.toast.error'), say('overrides.toast.deleteFailed')),
  });
}
