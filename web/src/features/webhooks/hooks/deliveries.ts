// An endpoint's delivery log, a test event and a resend, through the /api routes.
import { useQuery } from '@tanstack/react-query';
import { callFunction } from '../../../lib/api.ts';
import type { RuleMessage, WebhookEvent } from '../../../lib/shared.ts';
import { notify } from '../../../lib/toaster.ts';
import { useChange } from '../../../lib/useChange.ts';
import type { MessageId } from '../../../i18n/catalogue.ts';
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

/** A new attempt at an endpoint (`run`): the log is read again to show it, and `toast` says it was sent. */
function useAttempt<TVars>(id: number, run: (vars: TVars) => Promise<unknown>, toast: MessageId) {
  const say = useSay();
  return useChange({ run, refresh: [deliveriesKey(id)], done: () => notify(say(toast)) });
}

export function usePing(id: number) {
  return useAttempt(id, () => callFunction<{ messageId: string }>(`api/webhooks/${id}/ping`, { method: 'POST' }), 'webhooks.toast.pinged');
}

export function useResend(id: number) {
  return useAttempt(id, (deliveryId: number) => callFunction<{ messageId: string }>(`api/webhooks/${id}/deliveries/${deliveryId}/resend`, { method: 'POST' }), 'webhooks.toast.resent');
}
