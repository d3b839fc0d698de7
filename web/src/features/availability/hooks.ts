// A host's settings and time off, read and written through supabase-js (RLS). Weekly hours are
// lib/useWeeklyHours.ts (a host's or a team's).
import { supabase } from '../../lib/supabase.ts';
import { unwrap } from '../../lib/api.ts';
import { useChange } from '../../lib/useChange.ts';
import { notify, notifyError } from '../../lib/toaster.ts';
import { useSay } from '../../i18n/useSay.ts';
import type { TimeOff, UserSettings } from '../../lib/types.ts';
import { settingsColumns, type HostSettings, type TimeOffInput } from '../../lib/shared.ts';
import { todayKey } from '../../lib/useDateOverrides.ts';
import { useCurrentUser, useUserQuery } from '../../lib/session.ts';

export function useSettings() {
  return useUserQuery(['settings'], async (userId) =>
    unwrap(await supabase.from('user_settings').select('*').eq('user_id', userId).maybeSingle()) as UserSettings | null,
  );
}

export function useSaveSettings() {
  const say = useSay();
  const { data: user } = useCurrentUser();
  return useChange({
    run: async (settings: HostSettings) => {
      unwrap(await supabase.from('user_settings').upsert({ user_id: user!.id, ...settingsColumns(settings) }));
    },
    refresh: [['settings']],
    done: () => notify(say('availability.toast.settingsSaved')),
    failed: () => notifyError(say('bookings.toast.error'), say('availability.toast.settingsFailed')),
  });
}

const timeOffKey = ['time-off'];

/** The host's time off that has not ended yet, first days first. */
export function useTimeOff() {
  return useUserQuery(timeOffKey, async (userId) =>
    unwrap(
      await supabase.from('time_off').select('*').eq('user_id', userId).gte('end_date', todayKey()).order('start_date').order('id'),
    ) as TimeOff[],
  );
}

export function useAddTimeOff() {
  const say = useSay();
  const { data: user } = useCurrentUser();
  return useChange({
    run: async (input: TimeOffInput) => {
      unwrap(await supabase.from('time_off').insert({ user_id: user!.id, start_date: input.startDate, end_date: input.endDate, note: input.note }));
    },
    refresh: [timeOffKey],
    done: () => notify(say('timeOff.toast.added')),
    failed: () => notifyError(say('bookings.toast.error'), say('timeOff.toast.addFailed')),
  });
}

export function useDeleteTimeOff() {
  const say = useSay();
  return useChange({
    run: async (id: number) => {
      unwrap(await supabase.from('time_off').delete().eq('id', id));
    },
    refresh: [timeOffKey],
    done: () => notify(say('timeOff.toast.deleted')),
    failed: () => notifyError(say('bookings.toast.error'), say('timeOff.toast.deleteFailed')),
  });
}
