// Event types of the signed-in host or of a team, read and written through supabase-js (RLS decides
// who may: the host, or the team's owners and admins).
import { eventTypeColumns, teamEventTypeColumns } from '../../lib/shared.ts';
import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase.ts';
import { unwrap } from '../../lib/api.ts';
import { isTeamOwner, ownerKey, ownerMatch, type Owner } from '../../lib/owner.ts';
import { useChange } from '../../lib/useChange.ts';
import { notify, notifyError } from '../../lib/toaster.ts';
import type { EventType } from '../../lib/types.ts';
import { useRefusalWords } from '../../i18n/ruleWords.ts';
import { useSay } from '../../i18n/useSay.ts';
import type { EventTypeFormValues, TeamEventTypeValues } from './schemas.ts';

export const eventTypesKey = (owner: Owner | null) => ownerKey(owner, 'event-types');

export function useEventTypes(owner: Owner | null) {
  return useQuery({
    queryKey: eventTypesKey(owner),
    enabled: owner !== null,
    queryFn: async () =>
      unwrap(await supabase.from('event_types').select('*').match(ownerMatch(owner!)).order('created_at', { ascending: true })) as EventType[],
  });
}

/** What each owner's screen says once an event type is saved (docs/product/messages.md). */
const SAVED = {
  host: { created: 'eventTypes.toast.created', updated: 'eventTypes.toast.updated' },
  team: { created: 'eventTypes.toast.teamCreated', updated: 'eventTypes.toast.teamUpdated' },
} as const;

export function useSaveEventType(owner: Owner) {
  const say = useSay();
  const refusal = useRefusalWords();
  const said = SAVED[isTeamOwner(owner) ? 'team' : 'host'];
  return useChange({
    run: async ({ id, values }: { id?: number; values: EventTypeFormValues }) => {
      const columns = isTeamOwner(owner) ? teamEventTypeColumns(values as TeamEventTypeValues) : eventTypeColumns(values);
      if (id) unwrap(await supabase.from('event_types').update(columns).eq('id', id).select('id').single());
      // A new host's event type always starts active (docs/product/states.md); a team's form says.
      else unwrap(await supabase.from('event_types').insert({ ...columns, is_active: true, ...ownerMatch(owner) }).select('id').single());
    },
    refresh: [eventTypesKey(owner)],
    done: (_data, { id }) => notify(say(id ? said.updated : said.created)),
    failed: (error: Error, { id }) =>
      notifyError(say('bookings.toast.error'), id ? say('eventTypes.toast.updateFailed') : refusal(error) || say('eventTypes.toast.createFailed')),
  });
}

export function useDeleteEventType(owner: Owner) {
  const say = useSay();
  return useChange({
    run: async (id: number) => {
      unwrap(await supabase.from('event_types').delete().eq('id', id));
    },
    refresh: [eventTypesKey(owner), ['bookings']],
    done: () => notify(say('eventTypes.toast.deleted')),
    failed: () => notifyError(say('bookings.toast.error'), say('eventTypes.toast.deleteFailed')),
  });
}
