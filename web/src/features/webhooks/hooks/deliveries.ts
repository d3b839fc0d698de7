// An endpoint's delivery log, a test event and a resend, through the /api routes.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '../../../lib/api.ts';
import type { RuleMessage, WebhookEvent } from '../../../lib/shared.ts';
import { notify, notifyError } from '../../../lib/toaster.ts';
import { useRefusalWords } from '../../../i18n/ruleWords.ts';
import { useSay } from '../../../i18n/useSay.ts';

export interface Delivery {
  id: number;
  messageId: string;
  event: WebhookEvent;
  attempt: number;
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  errorRule: RuleMessage | null;
  responseBody: string | null;
  durationMs: number | null;
  resend: boolean;
  attemptedAt: string;
}

const deliveriesKey = (id: number) => ['webhook-deliveries', id];

/** The newest attempts first; read again every few seconds while shown, as the outbox makes them. */
export function useDeliveries(id: number) {
  return useQuery({ queryKey: deliveriesKey(id), queryFn: () => callFunction<Delivery[]>(`api/webhooks/${id}/deliveries`), refetchInterval: 5000 });
}

function useRefreshDeliveries(id: number) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: deliveriesKey(id) });
}

export function usePing(id: number) {
  const refresh = useRefreshDeliveries(id);
  const say = useSay();
  const refusal = useRefusalWords();
  return useMutation({
    mutationFn: () => callFunction<{ messageId: string }>(`api/webhooks/${id}/ping`, { method: 'POST' }),
    onSuccess: () => {
      refresh();
      notify(say('webhooks.toast.pinged'));
    },
    onError: (error) => notifyError(say('bookings.toast.error'), refusal(error)),
  });
}

export function useResend(id: number) {
  const refresh = useRefreshDeliveries(id);
  const say = useSay();
  const refusal = useRefusalWords();
  return useMutation({
    mutationFn: (deliveryId: number) => callFunction<{ messageId: string }>(`api/webhooks/${id}/deliveries/${deliveryId}/resend`, { method: 'POST' }),
    onSuccess: () => {
      refresh();
      notify(say('webhooks.toast.resent'));
    },
    onError: (error) => notifyError(say('bookings.toast.error'), refusal(error)),
  });
}
