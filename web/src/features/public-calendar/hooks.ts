// A public profile and its active event types, through public RPCs.
import { useQuery } from '@tanstack/react-query';
import { callRpc } from '../../lib/api.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUserId(value: string): boolean {
  return UUID.test(value);
}

/** A public profile by user id or by handle; null when there is none (or it isn't public). */
export function usePublicProfile(by: { userId: string } | { handle: string }) {
  return useQuery({
    queryKey: ['public-profile', by],
    queryFn: async () => {
      const rows =
        'userId' in by
          ? isUserId(by.userId)
            ? await callRpc('public_profile', { p_user_id: by.userId })
            : []
          : await callRpc('public_profile', { p_handle: by.handle.toLowerCase() });
      return rows[0] ?? null;
    },
  });
}

export function usePublicEventTypes(userId: string | undefined) {
  return useQuery({
    queryKey: ['public-event-types', userId],
    enabled: Boolean(userId),
    queryFn: () => callRpc('public_event_types', { p_user_id: userId! }),
  });
}

/** A host's weekly hours as guests may read them (the page's owner asks whether guests can book anything). */
export function usePublicAvailability(userId: string) {
  return useQuery({ queryKey: ['public-availability', userId], queryFn: () => callRpc('public_availability', { p_user_id: userId }) });
}
