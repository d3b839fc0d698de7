// A Google or Apple sign-up names no time zone: its first visit sends the browser's, and the server
// starts its week there as a web sign-up's (public.start_first_week, once).
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { callRpc } from '../../lib/api.ts';
import { browserTimeZone } from '../../lib/time.ts';
import type { Profile } from '../../lib/types.ts';

/** Once `ready` (signed in, at the assurance the account needs) and the profile awaits a zone: send it, then read everything again. */
export function useFirstWeek(user: Profile | null | undefined, ready: boolean): void {
  const queryClient = useQueryClient();
  const sent = useRef(false);
  const awaits = Boolean(user?.awaits_time_zone) && ready;
  useEffect(() => {
    if (!awaits || sent.current) return;
    sent.current = true;
    void callRpc('start_first_week', { p_timezone: browserTimeZone() })
      // The profile's zone, the hours and the first event type are all new: every screen reads again.
      .then(() => queryClient.invalidateQueries())
      // Not done now (offline, say): the profile still awaits it, and the next visit sends it again.
      .catch(() => undefined);
  }, [awaits, queryClient]);
}
