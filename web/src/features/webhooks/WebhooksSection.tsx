// A host's or a team's webhook endpoints: add, rotate the secret, pause, test, delete, and each one's delivery log.
import { useIntl, type IntlShape } from 'react-intl';
import { messageWords } from '../../i18n/fieldWords.ts';
import { keptWords } from '../../i18n/ruleWords.ts';
import { useState, type FormEvent } from 'react';
import { Badge, Box, Button, Checkbox, CheckboxGroup, Fieldset, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { Copy, History, Pause, Play, Plus, RotateCw, Send, Trash2 } from 'lucide-react';
import { AppDialog } from '../../components/AppDialog.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormField, TextField } from '../../components/FormField.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { SkeletonList } from '../../components/SkeletonList.tsx';
import { SwitchField } from '../../components/SwitchField.tsx';
import { useCopyText } from '../../lib/clipboard.ts';
import { formatDate } from '../../lib/time.ts';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_SECRET_OVERLAP_CHOICES,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  webhookSchema,
  type WebhookEvent,
} from '../../lib/shared.ts';
import { type Delivery, useDeliveries, usePing, useResend } from './hooks/deliveries.ts';
import { type Webhook, type WebhookOwner, useCreateWebhook, useDeleteWebhook, useRotateSecret, useSetActive, useWebhooks } from './hooks/webhooks.ts';
import { useSay } from '../../i18n/useSay.ts';

const BOOKING_EVENTS = WEBHOOK_EVENTS.filter((e) => e !== 'ping');

/** The secret, shown this once after an endpoint is added or its secret rotated. */
/** An event's name in the page's language (the catalogue's webhooks.event.<event>), an unknown one as it came. */
function eventName(intl: IntlShape, event: string): string {
  return (WEBHOOK_EVENTS as readonly string[]).includes(event) ? intl.formatMessage({ id: `webhooks.event.${event as WebhookEvent}` }) : event;
}

function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const say = useSay();
  const copyText = useCopyText();
  return (
    <AppDialog
      open={secret !== null}
      onClose={onClose}
      title={say('webhooks.secret')}
      subtitle={say('webhooks.secretOnce')}
      footer={
        <Button colorPalette="blue" onClick={onClose}>
          {say('booking.dialog.done')}
        </Button>
      }
    >
      <Stack gap="3">
        <HStack>
          <Input readOnly value={secret ?? ''} aria-label={say('webhooks.secret')} fontFamily="mono" fontSize="sm" onFocus={(e) => e.target.select()} />
          <Button variant="outline" onClick={() => secret && void copyText(secret, say('webhooks.secretCopied'))}>
            <Copy aria-hidden /> {say('calendars.feed.copy')}
          </Button>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {say('webhooks.secretHelp')}
        </Text>
      </Stack>
    </AppDialog>
  );
}

function AddDialog({ owner, open, onClose, onSecret }: { owner: WebhookOwner; open: boolean; onClose: () => void; onSecret: (secret: string) => void }) {
  const intl = useIntl();
  const say = useSay();
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
      title={say('webhooks.add.title')}
      subtitle={say('webhooks.add.subtitle')}
      onSubmit={submit}
      submitLabel={say('webhooks.add')}
      pendingLabel={say('webhooks.adding')}
      pending={create.isPending}
    >
      <TextField
        label={say('webhooks.url')}
        error={errors.url && messageWords(intl, errors.url)}
        required
        type="url"
        value={values.url}
        onChange={(e) => setValues((v) => ({ ...v, url: e.target.value }))}
        placeholder="https://example.com/webhooks/kairos"
      />
      <Fieldset.Root invalid={Boolean(errors.events)}>
        <Fieldset.Legend fontSize="sm" fontWeight="medium">
          {say('webhooks.events')}
        </Fieldset.Legend>
        <CheckboxGroup value={values.events} onValueChange={(events) => setValues((v) => ({ ...v, events: events as WebhookEvent[] }))}>
          <Stack gap="2">
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox.Root key={event} value={event}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{eventName(intl, event)}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </CheckboxGroup>
        {errors.events ? <Fieldset.ErrorText>{messageWords(intl, errors.events)}</Fieldset.ErrorText> : null}
      </Fieldset.Root>
      <SwitchField checked={values.isActive} onChange={(isActive) => setValues((v) => ({ ...v, isActive }))} label={say('webhooks.active')} description={say('webhooks.activeHelp')} />
    </FormDialog>
  );
}

function RotateDialog({ webhook, onClose, onSecret }: { webhook: Webhook | null; onClose: () => void; onSecret: (secret: string) => void }) {
  const [overlap, setOverlap] = useState<number>(WEBHOOK_SECRET_OVERLAP_HOURS);
  const rotate = useRotateSecret((secret) => {
    onClose();
    onSecret(secret);
  });
  const intl = useIntl();
  const say = useSay();
  const label = (hours: number) =>
    hours > 0 && hours % 24 === 0 ? intl.formatMessage({ id: 'webhooks.overlapDays' }, { days: hours / 24 }) : intl.formatMessage({ id: 'webhooks.overlapHours' }, { hours });
  return (
    <FormDialog
      open={webhook !== null}
      onClose={onClose}
      title={say('webhooks.rotate.title')}
      subtitle={say('webhooks.rotate.subtitle')}
      onSubmit={(e) => {
        e.preventDefault();
        if (webhook) rotate.mutate({ id: webhook.id, overlapHours: overlap });
      }}
      submitLabel={say('webhooks.rotate')}
      pendingLabel={say('webhooks.rotating')}
      pending={rotate.isPending}
    >
      <FormField label={say('webhooks.rotate.overlap')}>
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
  const say = useSay();
  return (
    <AppDialog
      open={webhook !== null}
      onClose={onClose}
      title={say('webhooks.delete.title')}
      subtitle={webhook?.url}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {say('common.cancel')}
          </Button>
          <Button colorPalette="red" disabled={remove.isPending} onClick={() => webhook && remove.mutate(webhook.id, { onSuccess: onClose })}>
            {say('webhooks.delete.yes')}
          </Button>
        </>
      }
    >
      <Text>{say('webhooks.delete.text')}</Text>
    </AppDialog>
  );
}

function outcome(d: Delivery, intl: IntlShape): string {
  if (d.statusCode !== null) return String(d.statusCode);
  return keptWords(intl, d.errorRule, d.error) ?? intl.formatMessage({ id: 'webhooks.noAnswer' });
}

function DeliveryLog({ webhook }: { webhook: Webhook }) {
  const log = useDeliveries(webhook.id);
  const resend = useResend(webhook.id);
  const intl = useIntl();
  const say = useSay();
  const when = (d: Delivery) => formatDate(new Date(d.attemptedAt), 'EEE, MMM d, yyyy · h:mm a', undefined, intl.locale);
  if (log.isPending) return <SkeletonList count={2} height="8" label={say('webhooks.log.loading')} testId="delivery-skeleton" />;
  if (log.isError)
    return (
      <HStack role="alert" fontSize="sm" color="red.fg">
        <Text>{say('webhooks.log.failed')}</Text>
        <Button size="xs" variant="outline" onClick={() => void log.refetch()}>
          {say('webhooks.retry')}
        </Button>
      </HStack>
    );
  if (!log.data.length)
    return (
      <Text fontSize="sm" color="fg.muted">
        {say('webhooks.log.none')}
      </Text>
    );
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" aria-label={intl.formatMessage({ id: 'webhooks.log.name' }, { url: webhook.url })}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{say('webhooks.log.event')}</Table.ColumnHeader>
            <Table.ColumnHeader>{say('webhooks.log.status')}</Table.ColumnHeader>
            <Table.ColumnHeader>{say('webhooks.log.time')}</Table.ColumnHeader>
            <Table.ColumnHeader>{say('webhooks.log.attempt')}</Table.ColumnHeader>
            <Table.ColumnHeader>
              <Text srOnly>{say('webhooks.log.actions')}</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {log.data.map((d) => (
            <Table.Row key={d.id}>
              <Table.Cell>{eventName(intl, d.event)}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={d.ok ? 'green' : 'red'} variant="subtle" title={d.responseBody ?? keptWords(intl, d.errorRule, d.error) ?? undefined}>
                  {outcome(d, intl)}
                </Badge>
              </Table.Cell>
              <Table.Cell>
                <time dateTime={d.attemptedAt}>{when(d)}</time>
              </Table.Cell>
              <Table.Cell>
                {d.attempt}
                {d.resend ? say('webhooks.log.resent') : ''}
              </Table.Cell>
              <Table.Cell textAlign="end">
                <Button size="xs" variant="outline" disabled={resend.isPending || !webhook.isActive} onClick={() => resend.mutate(d.id)} aria-label={intl.formatMessage({ id: 'webhooks.log.resendName' }, { event: eventName(intl, d.event), when: when(d) })}>
                  {say('webhooks.log.resend')}
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** Who added a team's endpoint: their name while they are a team-mate, else that they are gone. */
function creatorName(webhook: Webhook, intl: IntlShape): string {
  const name = [webhook.creator?.firstName, webhook.creator?.lastName].filter(Boolean).join(' ');
  return name || intl.formatMessage({ id: 'webhooks.formerMember' });
}

function EndpointCard({ webhook, owner, onRotate, onDelete }: { webhook: Webhook; owner: WebhookOwner; onRotate: () => void; onDelete: () => void }) {
  const setActive = useSetActive(owner);
  const ping = usePing(webhook.id);
  const [showLog, setShowLog] = useState(false);
  const intl = useIntl();
  const say = useSay();
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
                {say('webhooks.active')}
              </Badge>
            ) : (
              <Badge colorPalette={webhook.pausedReason === 'manual' ? 'gray' : 'red'} variant="subtle">
                {intl.formatMessage({ id: 'webhooks.paused' }, { reason: webhook.pausedReason ?? 'manual' })}
              </Badge>
            )}
          </HStack>
          <HStack gap="1" wrap="wrap">
            {webhook.events.map((event) => (
              <Badge key={event} variant="outline">
                {eventName(intl, event)}
              </Badge>
            ))}
          </HStack>
          {owner.teamId ? (
            <Text fontSize="sm" color="fg.muted">
              {intl.formatMessage({ id: 'webhooks.addedBy' }, { name: creatorName(webhook, intl) })}
            </Text>
          ) : null}
          {webhook.pausedReason === 'failing' ? (
            <Text fontSize="sm" color="red.fg" role="alert">
              {say('webhooks.failing')}
            </Text>
          ) : webhook.pausedReason === 'creator_left' ? (
            <Text fontSize="sm" color="red.fg" role="alert">
              {say('webhooks.creatorLeft')}
            </Text>
          ) : null}
        </Stack>
        <HStack gap="2" wrap="wrap">
          <Button size="sm" variant="outline" disabled={setActive.isPending} onClick={() => setActive.mutate({ id: webhook.id, isActive: !webhook.isActive })}>
            {webhook.isActive ? <Pause aria-hidden /> : <Play aria-hidden />} {say(webhook.isActive ? 'webhooks.pause' : 'webhooks.resume')}
          </Button>
          <Button size="sm" variant="outline" disabled={ping.isPending || !webhook.isActive} onClick={() => ping.mutate()}>
            <Send aria-hidden /> {say('webhooks.ping')}
          </Button>
          <Button size="sm" variant="outline" onClick={onRotate}>
            <RotateCw aria-hidden /> {say('webhooks.rotate')}
          </Button>
          <Button size="sm" variant="outline" aria-expanded={showLog} aria-controls={logId} onClick={() => setShowLog((v) => !v)}>
            <History aria-hidden /> {say('webhooks.log')}
          </Button>
          <Button size="sm" variant="outline" colorPalette="red" onClick={onDelete}>
            <Trash2 aria-hidden /> {say('webhooks.delete')}
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
  const intl = useIntl();
  const say = useSay();
  return (
    <SectionCard title={say('webhooks.title')} description={intl.formatMessage({ id: 'webhooks.text' }, { owner: teamId ? 'team' : 'own' })} bodyGap="4">
      {webhooks.isPending ? (
        <SkeletonList count={2} height="20" label={say('webhooks.loading')} testId="webhook-skeleton" />
      ) : webhooks.isError ? (
        <HStack role="alert" color="red.fg" gap="3">
          <Text>{say('webhooks.loadFailed')}</Text>
          <Button size="sm" variant="outline" onClick={() => void webhooks.refetch()}>
            {say('webhooks.retry')}
          </Button>
        </HStack>
      ) : webhooks.data.length ? (
        <Stack as="ul" gap="3" m="0" p="0" aria-label={say('webhooks.list')}>
          {webhooks.data.map((w) => (
            <EndpointCard key={w.id} webhook={w} owner={owner} onRotate={() => setRotating(w)} onDelete={() => setDeleting(w)} />
          ))}
        </Stack>
      ) : (
        <Text color="fg.muted">{say('webhooks.none')}</Text>
      )}
      <Box>
        <Button size="sm" colorPalette="blue" onClick={() => setAdding(true)}>
          <Plus aria-hidden /> {say('webhooks.add')}
        </Button>
      </Box>
      <AddDialog owner={owner} open={adding} onClose={() => setAdding(false)} onSecret={setSecret} />
      <RotateDialog webhook={rotating} onClose={() => setRotating(null)} onSecret={setSecret} />
      <DeleteDialog webhook={deleting} owner={owner} onClose={() => setDeleting(null)} />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </SectionCard>
  );
}
