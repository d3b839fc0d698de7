// A Google or Apple sign-up names no time zone: its first visit sends the browser's, and the server
// starts its week there as a web sign-up's (public.start_first_week, once).
import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRpc } from '../../lib/api.ts';
import { browserTimeZone } from '../../lib/time.ts';
import type { Profile } from '../../lib/types.ts';

/** Once `ready` (signed in, at the assurance the account needs) and the profile awaits a zone: send it, then read everything again. */
export function useFirstWeek(user: Profile | null | undefined, ready: boolean): void {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: () => callRpc('start_first_week', { p_timezone: browserTimeZone() }),
    // A moment's outage or a busy server should not leave a new host without hours: four more tries,
    // 1, 2, 4 and 8 s later (paused while offline). After the last, the profile still awaits a zone and
    // the next visit sends it; the checklist shows the hours as not set meanwhile.
    retry: 4,
    retryDelay: (failures) => Math.min(1000 * 2 ** failures, 8000),
    // The profile's zone, the hours and the first event type are all new: every screen reads again.
    // A first read still under way may have looked before the week started, and invalidating alone
    // would wait for it (React Query reuses a fetch that has no data yet): drop those reads first.
    onSuccess: async () => {
      await queryClient.cancelQueries();
      await queryClient.invalidateQueries();
    },
  });
  const sent = useRef(false);
  const awaits = Boolean(user?.awaits_time_zone) && ready;
  useEffect(() => {
    if (!awaits || sent.current) return;
    sent.current = true;
    mutate();
  }, [awaits, mutate]);
}
