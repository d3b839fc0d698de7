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
  host: { created: 'Event type created successfully', updated: 'Event type updated successfully' },
  team: { created: 'Event Type Created', updated: 'Event Type Updated' },
};

export function useSaveEventType(owner: Owner) {
  const said = SAVED[isTeamOwner(owner) ? 'team' : 'host'];
  return useChange({
    run: async ({ id, values }: { id?: number; values: EventTypeFormValues }) => {
      const columns = isTeamOwner(owner) ? teamEventTypeColumns(values as TeamEventTypeValues) : eventTypeColumns(values);
      if (id) unwrap(await supabase.from('event_types').update(columns).eq('id', id).select('id').single());
      // A new host's event type always starts active (docs/product/states.md); a team's form says.
      else unwrap(await supabase.from('event_types').insert({ ...columns, is_active: true, ...ownerMatch(owner) }).select('id').single());
    },
    refresh: [eventTypesKey(owner)],
    done: (_data, { id }) => notify(id ? said.updated : said.created),
    failed: (error: Error, { id }) =>
      notifyError('Error', id ? 'Failed to update event type' : error.message || 'Failed to create event type'),
  });
}

export function useDeleteEventType(owner: Owner) {
  return useChange({
    run: async (id: number) => {
      unwrap(await supabase.from('event_types').delete().eq('id', id));
    },
    refresh: [eventTypesKey(owner), ['bookings']],
    done: () => notify('Event type deleted successfully'),
    failed: () => notifyError('Error', 'Failed to delete event type'),
  });
}
