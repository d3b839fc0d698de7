// A Google or Apple sign-up names no time zone: its first visit sends the browser's, and the server
// starts its week there as a web sign-up's (public.start_first_week, once).
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { callRpc } from '../../lib/api.ts';
import { browserTimeZone } from '../../lib/time.ts';
import type { Profile } from '../../lib/types.ts';

/** Tries before leaving it to the next visit: a moment's outage should not leave a new host without hours. */
const ATTEMPTS = 3;

/** Once `ready` (signed in, at the assurance the account needs) and the profile awaits a zone: send it, then read everything again. */
export function useFirstWeek(user: Profile | null | undefined, ready: boolean): void {
  const queryClient = useQueryClient();
  const sent = useRef(false);
  const awaits = Boolean(user?.awaits_time_zone) && ready;
  useEffect(() => {
    if (!awaits || sent.current) return;
    sent.current = true;
    void (async () => {
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        try {
          await callRpc('start_first_week', { p_timezone: browserTimeZone() });
          // The profile's zone, the hours and the first event type are all new: every screen reads again.
          await queryClient.invalidateQueries();
          return;
        } catch {
          // Not done now (offline, say): again shortly; after the last try, the profile still awaits it
          // and the next visit sends it again.
          if (attempt < ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, attempt * 1000));
        }
      }
    })();
  }, [awaits, queryClient]);
}
