// The guest's manage link: the booking, the times it can move to, and the cancel and reschedule
// actions, all through /api/booking/{uid} with the link's token (no account).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '../../lib/api.ts';
import type { GuestView } from '../../lib/shared.ts';
import type { SlotSource } from '../booking-flow/index.ts';


const path = (uid: string, rest = '') => `api/booking/${encodeURIComponent(uid)}${rest}`;

/** The guest's booking; read again every `pollMs` while `pollWhile` says it is still to be decided. */
export function useGuestBooking(uid: string, token: string, poll?: { while: (booking: GuestView) => boolean; everyMs: number }) {
  return useQuery({
    queryKey: ['guest-booking', uid, token],
    queryFn: () => callFunction<GuestView>(path(uid, `?token=${encodeURIComponent(token)}`)),
    refetchInterval: (query) => (poll && query.state.data && poll.while(query.state.data) ? poll.everyMs : false),
  });
}

/** The times the booking can move to, for the booking flow's picker (the link's token opens them). */
export function moveSource(uid: string, token: string): SlotSource {
  return { key: ['guest-booking-slots', uid], path: (range) => path(uid, `/slots?${new URLSearchParams({ token, ...range })}`) };
}

/** Cancels the booking, or (`following`) a series' date and every later one. */
export function useCancelBooking(uid: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reason, following = false }: { reason: string; following?: boolean }) =>
      callFunction<GuestView>(path(uid, following ? '/cancel-following' : '/cancel'), { method: 'POST', body: { token, reason } }),
    onSuccess: (booking) => queryClient.setQueryData(['guest-booking', uid, token], booking),
  });
}

export function useReschedule(uid: string, token: string) {
  return useMutation({
    mutationFn: (startTime: string) =>
      callFunction<{ booking: GuestView; token: string }>(path(uid, '/reschedule'), { method: 'POST', body: { token, startTime } }),
  });
}
