// A host's event types, read and written through supabase-js (RLS).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventTypeColumns } from '../../lib/shared.ts';
import { supabase } from '../../lib/supabase.ts';
import { unwrap } from '../../lib/api.ts';
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
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  return useMutation({
    mutationFn: async ({ id, values }: { id?: number; values: EventTypeValues }) => {
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
    onSuccess: (_data, { id }) => {
      void queryClient.invalidateQueries({ queryKey: eventTypesKey });
      notify(id ? 'Event type updated successfully' : 'Event type created successfully');
    },
    onError: (error: Error, { id }) =>
      notifyError('Error', id ? 'Failed to update event type' : error.message || 'Failed to create event type'),
  });
}

export function useDeleteEventType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      unwrap(await supabase.from('event_types').delete().eq('id', id));
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: eventTypesKey });
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
      notify('Event type deleted successfully');
    },
    onError: () => notifyError('Error', 'Failed to delete event type'),
  });
}
