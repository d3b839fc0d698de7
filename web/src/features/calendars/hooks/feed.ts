// The host's secret calendar feed address: when it was made, and a new one.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api.ts';
import { supabase } from '../../../lib/supabase.ts';
import { notifyError } from '../../../lib/toaster.ts';
import { useRefusalWords } from '../../../i18n/ruleWords.ts';
import { useSay } from '../../../i18n/useSay.ts';

export function useFeedCreatedAt() {
  return useQuery({ queryKey: ['calendar-feed'], queryFn: async () => unwrap(await supabase.rpc('calendar_feed_created_at')) as string | null });
}

/** A new secret feed address; the previous one stops working. */
export function useRegenerateFeed() {
  const queryClient = useQueryClient();
  const say = useSay();
  const refusal = useRefusalWords();
  return useMutation({
    mutationFn: async () => unwrap(await supabase.rpc('regenerate_calendar_feed')) as string,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['calendar-feed'] }),
    onError: (error) => notifyError(say('bookings.toast.error'), refusal(error)),
  });
}
