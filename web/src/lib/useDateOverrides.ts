// Date overrides of the signed-in host or of a team, through supabase-js (RLS decides who may change
// what) and the replace RPCs, which swap a date's hours in one call. Past dates are not read.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { unwrap } from './api.ts';
import { overrideRangesParam, overridesFromRows, type TimeRange } from './shared.ts';
import { supabase } from './supabase.ts';
import { notify, notifyError } from './toaster.ts';

/** Whose overrides: the signed-in host's own, or a team's. */
export type OverrideOwner = { userId: string } | { teamId: number };

/** Today's date where the browser is: overrides before it are past and hidden. */
export function todayKey(): string {
  return format(new Date(), 'yyyy-MM-dd');
}

function keyOf(owner: OverrideOwner) {
  return 'userId' in owner ? ['date-overrides'] : ['teams', owner.teamId, 'date-overrides'];
}

async function readOverrides(owner: OverrideOwner) {
  const columns = 'date, start_time, end_time';
  const today = todayKey();
  const result =
    'teamId' in owner
      ? await supabase.from('team_date_overrides').select(columns).eq('team_id', owner.teamId).gte('date', today).order('date')
      : await supabase.from('date_overrides').select(columns).eq('user_id', owner.userId).gte('date', today).order('date');
  return overridesFromRows(unwrap(result));
}

export function useDateOverrides(owner: OverrideOwner | null) {
  return useQuery({
    queryKey: owner ? keyOf(owner) : ['date-overrides'],
    enabled: owner !== null,
    queryFn: () => readOverrides(owner!),
  });
}

export function useSaveDateOverride(owner: OverrideOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ date, ranges }: { date: string; ranges: TimeRange[] }) => {
      const p_ranges = overrideRangesParam(ranges);
      unwrap<unknown>(
        'teamId' in owner
          ? await supabase.rpc('replace_team_date_override', { p_team_id: owner.teamId, p_date: date, p_ranges })
          : await supabase.rpc('replace_date_override', { p_date: date, p_ranges }),
      );
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keyOf(owner) });
      notify('Date override saved');
    },
    onError: () => notifyError('Error', 'Failed to save date override'),
  });
}

export function useDeleteDateOverride(owner: OverrideOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (date: string) => {
      unwrap<unknown>(
        'teamId' in owner
          ? await supabase.from('team_date_overrides').delete().eq('team_id', owner.teamId).eq('date', date)
          : await supabase.from('date_overrides').delete().eq('user_id', owner.userId).eq('date', date),
      );
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keyOf(owner) });
      notify('Date override deleted');
    },
    onError: () => notifyError('Error', 'Failed to delete date override'),
  });
}
