// A host's or a team's webhook endpoints, through the /api routes (which act as the caller, so the
// database's policies decide who sees what).
import { useQuery } from '@tanstack/react-query';
import { callFunction } from '../../../lib/api.ts';
import type { WebhookEvent, WebhookInput } from '../../../lib/shared.ts';
import { notify, notifyError } from '../../../lib/toaster.ts';
import { useChange } from '../../../lib/useChange.ts';
import { useRefusalWords } from '../../../i18n/ruleWords.ts';
import { useSay } from '../../../i18n/useSay.ts';

export interface Webhook {
  id: number;
  userId: string | null;
  teamId: number | null;
  url: string;
  events: WebhookEvent[];
  isActive: boolean;
  /**
   * `manual` when paused by hand, `failing` when Kairos paused it after its last failed attempt,
   * `creator_left` when the person who added a team's endpoint no longer manages the team.
   */
  pausedReason: 'manual' | 'failing' | 'creator_left' | null;
  pausedAt: string | null;
  /** Who added it; `creator` names them while the viewer may see their profile (lists only). */
  createdBy: string | null;
  creator?: { id: string; firstName: string | null; lastName: string | null } | null;
  createdAt: string;
}

/** Whose endpoints: the signed-in host's, or a team's. */
export type WebhookOwner = { teamId?: number };

export const listKey = ({ teamId }: WebhookOwner) => ['webhooks', teamId ?? 'mine'];
export const listPath = ({ teamId }: WebhookOwner) => (teamId ? `api/teams/${teamId}/webhooks` : 'api/webhooks');

export function useWebhooks(owner: WebhookOwner) {
  return useQuery({ queryKey: listKey(owner), queryFn: () => callFunction<Webhook[]>(listPath(owner)) });
}

// A refused change says why under "Error" (useChange, no fallback); a refused add, under its own title.

/** Adds an endpoint; its secret comes back this once. */
export function useCreateWebhook(owner: WebhookOwner, onCreated: (secret: string) => void) {
  const say = useSay();
  const refusal = useRefusalWords();
  return useChange({
    run: (input: WebhookInput) => callFunction<Webhook & { secret: string }>(listPath(owner), { method: 'POST', body: input }),
    refresh: [listKey(owner)],
    done: (created) => {
      notify(say('webhooks.toast.added'));
      onCreated(created.secret);
    },
    failed: (error) => notifyError(say('webhooks.toast.addFailed'), refusal(error)),
  });
}

export function useSetActive(owner: WebhookOwner) {
  const say = useSay();
  return useChange({
    run: ({ id, isActive }: { id: number; isActive: boolean }) => callFunction<Webhook>(`api/webhooks/${id}`, { method: 'PATCH', body: { isActive } }),
    refresh: [listKey(owner)],
    done: (webhook) => notify(say(webhook.isActive ? 'webhooks.toast.resumed' : 'webhooks.toast.paused')),
  });
}

export function useDeleteWebhook(owner: WebhookOwner) {
  const say = useSay();
  return useChange({
    run: (id: number) => callFunction(`api/webhooks/${id}`, { method: 'DELETE' }),
    refresh: [listKey(owner)],
    done: () => notify(say('webhooks.toast.deleted')),
  });
}

/** A new secret; the old one keeps signing for `overlapHours`. */
export function useRotateSecret(onRotated: (secret: string) => void) {
  const say = useSay();
  return useChange({
    run: ({ id, overlapHours }: { id: number; overlapHours: number }) =>
      callFunction<{ secret: string; previousExpiresAt: string | null }>(`api/webhooks/${id}/rotate-secret`, { method: 'POST', body: { overlapHours } }),
    refresh: [],
    done: ({ secret }) => {
      notify(say('webhooks.toast.rotated'));
      onRotated(secret);
    },
  });
}
