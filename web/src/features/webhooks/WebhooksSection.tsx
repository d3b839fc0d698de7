// A host's or a team's webhook endpoints: add, rotate the secret, pause, test, delete, and each one's delivery log.
import { useState, type FormEvent } from 'react';
import { Badge, Box, Button, Checkbox, CheckboxGroup, Fieldset, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { Copy, History, Pause, Play, Plus, RotateCw, Send, Trash2 } from 'lucide-react';
import { AppDialog } from '../../components/AppDialog.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormField, TextField } from '../../components/FormField.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { SkeletonList } from '../../components/SkeletonList.tsx';
import { SwitchField } from '../../components/SwitchField.tsx';
import { copyText } from '../../lib/clipboard.ts';
import { formatDate } from '../../lib/time.ts';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_SECRET_OVERLAP_CHOICES,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  webhookSchema,
  type WebhookEvent,
} from '../../lib/shared.ts';
import { type Delivery, useDeliveries, usePing, useResend } from './hooks/deliveries.ts';
import { type Webhook, type WebhookOwner, useCreateWebhook, useDeleteWebhook, useRotateSecret, useSetActive, useWebhooks } from './hooks/webhooks.ts';

const BOOKING_EVENTS = WEBHOOK_EVENTS.filter((e) => e !== 'ping');

/** The secret, shown this once after an endpoint is added or its secret rotated. */
function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  return (
    <AppDialog
      open={secret !== null}
      onClose={onClose}
      title="Signing secret"
      subtitle="Copy it now: Kairos shows it only this once."
      footer={
        <Button colorPalette="blue" onClick={onClose}>
          Done
        </Button>
      }
    >
      <Stack gap="3">
        <HStack>
          <Input readOnly value={secret ?? ''} aria-label="Signing secret" fontFamily="mono" fontSize="sm" onFocus={(e) => e.target.select()} />
          <Button variant="outline" onClick={() => secret && void copyText(secret, 'Secret copied')}>
            <Copy aria-hidden /> Copy
          </Button>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          Verify each request's webhook-signature header with it (the Standard Webhooks libraries do this for you).
        </Text>
      </Stack>
    </AppDialog>
  );
}

function AddDialog({ owner, open, onClose, onSecret }: { owner: WebhookOwner; open: boolean; onClose: () => void; onSecret: (secret: string) => void }) {
  const initial = { url: '', events: [...BOOKING_EVENTS] as WebhookEvent[], isActive: true };
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const close = () => {
    setValues(initial);
    setErrors({});
    onClose();
  };
  const create = useCreateWebhook(owner, (secret) => {
    close();
    onSecret(secret);
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = webhookSchema.safeParse(values);
    if (!parsed.success) {
      const first = (field: string) => parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
      return setErrors({ url: first('url'), events: first('events') });
    }
    setErrors({});
    create.mutate(parsed.data);
  };
  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Add webhook endpoint"
      subtitle="Kairos POSTs a signed JSON message to this address when the events you choose happen."
      onSubmit={submit}
      submitLabel="Add endpoint"
      pendingLabel="Adding..."
      pending={create.isPending}
    >
      <TextField
        label="Endpoint URL"
        error={errors.url}
        required
        type="url"
        value={values.url}
        onChange={(e) => setValues((v) => ({ ...v, url: e.target.value }))}
        placeholder="https://example.com/webhooks/kairos"
      />
      <Fieldset.Root invalid={Boolean(errors.events)}>
        <Fieldset.Legend fontSize="sm" fontWeight="medium">
          Events
        </Fieldset.Legend>
        <CheckboxGroup value={values.events} onValueChange={(events) => setValues((v) => ({ ...v, events: events as WebhookEvent[] }))}>
          <Stack gap="2">
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox.Root key={event} value={event}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{WEBHOOK_EVENT_LABELS[event]}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </CheckboxGroup>
        {errors.events ? <Fieldset.ErrorText>{errors.events}</Fieldset.ErrorText> : null}
      </Fieldset.Root>
      <SwitchField checked={values.isActive} onChange={(isActive) => setValues((v) => ({ ...v, isActive }))} label="Active" description="A paused endpoint is sent nothing." />
    </FormDialog>
  );
}

function RotateDialog({ webhook, onClose, onSecret }: { webhook: Webhook | null; onClose: () => void; onSecret: (secret: string) => void }) {
  const [overlap, setOverlap] = useState<number>(WEBHOOK_SECRET_OVERLAP_HOURS);
  const rotate = useRotateSecret((secret) => {
    onClose();
    onSecret(secret);
  });
  const label = (hours: number) => (hours === 0 ? 'Stop at once' : hours === 1 ? '1 hour' : hours % 24 === 0 ? `${hours / 24} ${hours === 24 ? 'day' : 'days'}` : `${hours} hours`);
  return (
    <FormDialog
      open={webhook !== null}
      onClose={onClose}
      title="Rotate signing secret"
      subtitle="A new secret signs from now on. Meanwhile the old one signs too, so your receiver can switch without missing a message."
      onSubmit={(e) => {
        e.preventDefault();
        if (webhook) rotate.mutate({ id: webhook.id, overlapHours: overlap });
      }}
      submitLabel="Rotate secret"
      pendingLabel="Rotating..."
      pending={rotate.isPending}
    >
      <FormField label="The old secret keeps working for">
        <NativeSelect.Root>
          <NativeSelect.Field value={overlap} onChange={(e) => setOverlap(Number(e.target.value))}>
            {WEBHOOK_SECRET_OVERLAP_CHOICES.map((hours) => (
              <option key={hours} value={hours}>
                {label(hours)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
    </FormDialog>
  );
}

function DeleteDialog({ webhook, owner, onClose }: { webhook: Webhook | null; owner: WebhookOwner; onClose: () => void }) {
  const remove = useDeleteWebhook(owner);
  return (
    <AppDialog
      open={webhook !== null}
      onClose={onClose}
      title="Delete webhook?"
      subtitle={webhook?.url}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button colorPalette="red" disabled={remove.isPending} onClick={() => webhook && remove.mutate(webhook.id, { onSuccess: onClose })}>
            Delete webhook
          </Button>
        </>
      }
    >
      <Text>Kairos stops sending to this endpoint at once, and its delivery log is deleted with it.</Text>
    </AppDialog>
  );
}

function outcome(d: Delivery): string {
  if (d.statusCode !== null) return String(d.statusCode);
  return d.error ?? 'No answer';
}

function DeliveryLog({ webhook }: { webhook: Webhook }) {
  const log = useDeliveries(webhook.id);
  const resend = useResend(webhook.id);
  if (log.isPending) return <SkeletonList count={2} height="8" label="Loading deliveries" testId="delivery-skeleton" />;
  if (log.isError)
    return (
      <HStack role="alert" fontSize="sm" color="red.fg">
        <Text>The delivery log could not be loaded.</Text>
        <Button size="xs" variant="outline" onClick={() => void log.refetch()}>
          Retry
        </Button>
      </HStack>
    );
  if (!log.data.length)
    return (
      <Text fontSize="sm" color="fg.muted">
        No deliveries yet.
      </Text>
    );
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" aria-label={`Deliveries to ${webhook.url}`}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Event</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>Time</Table.ColumnHeader>
            <Table.ColumnHeader>Attempt</Table.ColumnHeader>
            <Table.ColumnHeader>
              <Text srOnly>Actions</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {log.data.map((d) => (
            <Table.Row key={d.id}>
              <Table.Cell>{WEBHOOK_EVENT_LABELS[d.event] ?? d.event}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={d.ok ? 'green' : 'red'} variant="subtle" title={d.responseBody ?? d.error ?? undefined}>
                  {outcome(d)}
                </Badge>
              </Table.Cell>
              <Table.Cell>
                <time dateTime={d.attemptedAt}>{formatDate(new Date(d.attemptedAt), 'EEE, MMM d, yyyy · h:mm a')}</time>
              </Table.Cell>
              <Table.Cell>
                {d.attempt}
                {d.resend ? ' (resent)' : ''}
              </Table.Cell>
              <Table.Cell textAlign="end">
                <Button size="xs" variant="outline" disabled={resend.isPending || !webhook.isActive} onClick={() => resend.mutate(d.id)} aria-label={`Resend ${WEBHOOK_EVENT_LABELS[d.event] ?? d.event} of ${formatDate(new Date(d.attemptedAt), 'EEE, MMM d, yyyy · h:mm a')}`}>
                  Resend
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

const PAUSED_LABEL = { manual: 'Paused', failing: 'Paused after failed deliveries', creator_left: 'Paused: its creator left' } as const;

/** Who added a team's endpoint: their name while they are a team-mate, else that they are gone. */
function creatorName(webhook: Webhook): string {
  const name = [webhook.creator?.firstName, webhook.creator?.lastName].filter(Boolean).join(' ');
  return name || 'a former member';
}

function EndpointCard({ webhook, owner, onRotate, onDelete }: { webhook: Webhook; owner: WebhookOwner; onRotate: () => void; onDelete: () => void }) {
  const setActive = useSetActive(owner);
  const ping = usePing(webhook.id);
  const [showLog, setShowLog] = useState(false);
  const logId = `webhook-log-${webhook.id}`;
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="4" listStyleType="none" aria-label={webhook.url}>
      <Stack gap="3">
        <Stack gap="1">
          <HStack gap="2" wrap="wrap">
            <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">
              {webhook.url}
            </Text>
            {webhook.isActive ? (
              <Badge colorPalette="green" variant="subtle">
                Active
              </Badge>
            ) : (
              <Badge colorPalette={webhook.pausedReason === 'manual' ? 'gray' : 'red'} variant="subtle">
                {PAUSED_LABEL[webhook.pausedReason ?? 'manual']}
              </Badge>
            )}
          </HStack>
          <HStack gap="1" wrap="wrap">
            {webhook.events.map((event) => (
              <Badge key={event} variant="outline">
                {WEBHOOK_EVENT_LABELS[event] ?? event}
              </Badge>
            ))}
          </HStack>
          {owner.teamId ? (
            <Text fontSize="sm" color="fg.muted">
              Added by {creatorName(webhook)}
            </Text>
          ) : null}
          {webhook.pausedReason === 'failing' ? (
            <Text fontSize="sm" color="red.fg" role="alert">
              Every attempt of a message failed for 24 hours, so Kairos paused this endpoint. Fix the receiver, then resume it.
            </Text>
          ) : webhook.pausedReason === 'creator_left' ? (
            <Text fontSize="sm" color="red.fg" role="alert">
              The person who added this endpoint no longer manages the team, so Kairos paused it: it may be their own server. Resume it only if the
              team still wants its bookings sent there.
            </Text>
          ) : null}
        </Stack>
        <HStack gap="2" wrap="wrap">
          <Button size="sm" variant="outline" disabled={setActive.isPending} onClick={() => setActive.mutate({ id: webhook.id, isActive: !webhook.isActive })}>
            {webhook.isActive ? <Pause aria-hidden /> : <Play aria-hidden />} {webhook.isActive ? 'Pause' : 'Resume'}
          </Button>
          <Button size="sm" variant="outline" disabled={ping.isPending || !webhook.isActive} onClick={() => ping.mutate()}>
            <Send aria-hidden /> Send test event
          </Button>
          <Button size="sm" variant="outline" onClick={onRotate}>
            <RotateCw aria-hidden /> Rotate secret
          </Button>
          <Button size="sm" variant="outline" aria-expanded={showLog} aria-controls={logId} onClick={() => setShowLog((v) => !v)}>
            <History aria-hidden /> Delivery log
          </Button>
          <Button size="sm" variant="outline" colorPalette="red" onClick={onDelete}>
            <Trash2 aria-hidden /> Delete
          </Button>
        </HStack>
        {showLog ? (
          <Box id={logId}>
            <DeliveryLog webhook={webhook} />
          </Box>
        ) : null}
      </Stack>
    </Box>
  );
}

/**
 * Webhook endpoints of the signed-in host, or of a team (`teamId`, for its owners and admins): add,
 * pause or resume, rotate the secret, delete, and each endpoint's delivery log with resend.
 */
export function WebhooksSection({ teamId }: { teamId?: number }) {
  const owner: WebhookOwner = { teamId };
  const webhooks = useWebhooks(owner);
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [rotating, setRotating] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  return (
    <SectionCard
      title="Webhooks"
      description={`Kairos tells your other tools about ${teamId ? "the team's" : 'your'} bookings: a signed POST to each endpoint (Standard Webhooks), retried for 24 hours.`}
      bodyGap="4"
    >
      {webhooks.isPending ? (
        <SkeletonList count={2} height="20" label="Loading webhooks" testId="webhook-skeleton" />
      ) : webhooks.isError ? (
        <HStack role="alert" color="red.fg" gap="3">
          <Text>Webhooks could not be loaded.</Text>
          <Button size="sm" variant="outline" onClick={() => void webhooks.refetch()}>
            Retry
          </Button>
        </HStack>
      ) : webhooks.data.length ? (
        <Stack as="ul" gap="3" m="0" p="0" aria-label="Webhook endpoints">
          {webhooks.data.map((w) => (
            <EndpointCard key={w.id} webhook={w} owner={owner} onRotate={() => setRotating(w)} onDelete={() => setDeleting(w)} />
          ))}
        </Stack>
      ) : (
        <Text color="fg.muted">No webhooks yet.</Text>
      )}
      <Box>
        <Button size="sm" colorPalette="blue" onClick={() => setAdding(true)}>
          <Plus aria-hidden /> Add endpoint
        </Button>
      </Box>
      <AddDialog owner={owner} open={adding} onClose={() => setAdding(false)} onSecret={setSecret} />
      <RotateDialog webhook={rotating} onClose={() => setRotating(null)} onSecret={setSecret} />
      <DeleteDialog webhook={deleting} owner={owner} onClose={() => setDeleting(null)} />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </SectionCard>
  );
}
