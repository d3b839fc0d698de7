// Weekly hours of the signed-in host or of a team, through supabase-js (RLS decides who may change
// what) and replace_availability, which swaps the whole week in one call.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from './api.ts';
import { isTeamOwner, ownerArgs, ownerKey, ownerMatch, type Owner } from './owner.ts';
import { supabase } from './supabase.ts';
import { notify, notifyError } from './toaster.ts';
import { useRefusalWords } from '../i18n/ruleWords.ts';
import { useSay } from '../i18n/useSay.ts';
import type { AvailabilityRule } from './types.ts';


export function useWeeklyHours(owner: Owner | null) {
  return useQuery({
    queryKey: ownerKey(owner, 'availability'),
    enabled: owner !== null,
    queryFn: async () =>
      unwrap(
        await supabase
          .from('availability_rules')
          .select('day_of_week, start_time, end_time, is_enabled')
          .match(ownerMatch(owner!))
          .order('day_of_week')
          .order('start_time'),
      ) as AvailabilityRule[],
  });
}

/** Whether the weekly hours offer any time at all: without, guests see no free day. */
export function hasWorkingHours(rules: AvailabilityRule[]): boolean {
  return rules.some((rule) => rule.is_enabled);
}

/**
 * The whole week is replaced (one RPC, so a refused rule leaves the saved week as it was). A team's
 * editor saves every change at once, so its week shows the change before the answer; the host's page
 * saves with a button, and reads the week again once saved.
 */
export function useSaveWeeklyHours(owner: Owner) {
  const say = useSay();
  const refusal = useRefusalWords();
  const queryClient = useQueryClient();
  const key = ownerKey(owner, 'availability');
  const team = isTeamOwner(owner);
  return useMutation({
    mutationFn: async (rules: AvailabilityRule[]) => {
      const p_rules = rules.map(({ day_of_week, start_time, end_time, is_enabled }) => ({ day_of_week, start_time, end_time, is_enabled }));
      unwrap(await supabase.rpc('replace_availability', { p_rules, ...ownerArgs(owner) }));
    },
    onMutate: (rules) => {
      if (team) queryClient.setQueryData(key, rules);
    },
    onSuccess: () => {
      if (!team) void queryClient.invalidateQueries({ queryKey: key });
      notify(say(team ? 'availability.toast.teamSaved' : 'availability.toast.saved'));
    },
    onError: (error: Error) => {
      if (team) void queryClient.invalidateQueries({ queryKey: key });
      notifyError(say('bookings.toast.error'), (team && refusal(error)) || say('availability.toast.failed'));
    },
  });
}
