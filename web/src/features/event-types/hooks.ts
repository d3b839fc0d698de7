// A host's event types, read and written through supabase-js (RLS).
import { eventTypeColumns } from '../../lib/shared.ts';
import { supabase } from '../../lib/supabase.ts';
import { unwrap } from '../../lib/api.ts';
import { useChange } from '../../lib/useChange.ts';
import { notify, notifyError } from '../../lib/toaster.ts';
import type { EventType } from '../../lib/types.ts';
import { useCurrentUser, useUserQuery } from '../auth/index.ts';
import type { EventTypeValues } from './schemas.ts';

export const eventTypesKey = ['event-types'] as const;

export function useEventTypes() {
  return useUserQuery(eventTypesKey, async (userId) =>
    unwrap(
      await supabase.from('event_types').select('*').eq('user_id', userId).order('created_at', { ascending: true }),
    ) as EventType[],
  );
}

export function useSaveEventType() {
  const { data: user } = useCurrentUser();
  return useChange({
    run: async ({ id, values }: { id?: number; values: EventTypeValues }) => {
      if (id) unwrap(await supabase.from('event_types').update(eventTypeColumns(values)).eq('id', id).select().single());
      // Creating a personal event type always sends isActive true (docs/product/states.md).
      else
        unwrap(
          await supabase
            .from('event_types')
            .insert({ ...eventTypeColumns(values), is_active: true, user_id: user!.id })
            .select()
            .single(),
        );
    },
    refresh: [eventTypesKey],
    done: (_data, { id }) => notify(id ? 'Event type updated successfully' : 'Event type created successfully'),
    failed: (error: Error, { id }) =>
      notifyError('Error', id ? 'Failed to update event type' : error.message || 'Failed to create event type'),
  });
}

export function useDeleteEventType() {
  return useChange({
    run: async (id: number) => {
      unwrap(await supabase.from('event_types').delete().eq('id', id));
    },
    refresh: [eventTypesKey, ['bookings']],
    done: () => notify('Event type deleted successfully'),
    failed: () => notifyError('Error', 'Failed to delete event type'),
  });
}
