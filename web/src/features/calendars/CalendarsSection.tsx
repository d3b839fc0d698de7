// Connected calendars: connect CalDAV, iCal feeds or Google, choose where bookings go, share the bookings feed.
import { useState, type FormEvent } from 'react';
import { Badge, Box, Button, Checkbox, HStack, Input, RadioGroup, Skeleton, Stack, Text } from '@chakra-ui/react';
import { CalendarPlus, Link2, RefreshCw, Trash2 } from 'lucide-react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { MessageId } from '../../i18n/catalogue.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { TextField } from '../../components/FormField.tsx';
import { PasswordField } from '../../components/PasswordInput.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { useCopyText } from '../../lib/clipboard.ts';
import { keptWords, refusalWords } from '../../i18n/ruleWords.ts';
import { formatDate } from '../../lib/time.ts';
import { supabaseUrl } from '../../lib/supabase.ts';
import { type CalendarConnection, type ConnectInput, useConnect, useConnections, useProviders, useRemoveConnection, useSyncNow } from './hooks/connections.ts';
import { useFeedCreatedAt, useRegenerateFeed } from './hooks/feed.ts';
import { useConsentReturn } from './hooks/consent.ts';
import { useFinishGoogle, useStartGoogle } from './hooks/google.ts';
import { useBookingCalendar, useCheckConflicts } from './hooks/sources.ts';
import { StripeConnect } from './StripeConnect.tsx';
import { ZoomConnect } from './ZoomConnect.tsx';
import { useSay } from '../../i18n/useSay.ts';

const PROVIDER_LABEL: Record<CalendarConnection['provider'], MessageId> = { caldav: 'calendars.provider.caldav', ics: 'calendars.provider.ics', google: 'calendars.provider.google' };

function ConnectDialog({ kind, onClose }: { kind: ConnectInput['provider'] | null; onClose: () => void }) {
  const say = useSay();
  const intl = useIntl();
  const [values, setValues] = useState({ serverUrl: '', username: '', password: '', url: '' });
  const connect = useConnect(() => {
    setValues({ serverUrl: '', username: '', password: '', url: '' });
    onClose();
  });
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    connect.reset(); // a changed address is another try: the last one's reason no longer applies
  };
  // Why the server could not connect, in words, at the address it was given.
  const failure = connect.isError ? (refusalWords(intl, connect.error) ?? say('calendars.connectFailed')) : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    connect.mutate(
      kind === 'caldav'
        ? { provider: 'caldav', serverUrl: values.serverUrl.trim(), username: values.username.trim(), password: values.password }
        : { provider: 'ics', url: values.url.trim() },
    );
  };
  const ready = kind === 'caldav' ? values.serverUrl.trim() && values.username.trim() && values.password : values.url.trim();
  return (
    <FormDialog
      open={kind !== null}
      onClose={onClose}
      title={say(kind === 'caldav' ? 'calendars.caldav.title' : 'calendars.ics.title')}
      subtitle={say(kind === 'caldav' ? 'calendars.caldav.subtitle' : 'calendars.ics.subtitle')}
      onSubmit={submit}
      submitLabel={say('calendars.connect')}
      pendingLabel={say('calendars.connecting')}
      pending={connect.isPending}
      canSubmit={Boolean(ready) && !connect.isPending}
    >
      {kind === 'caldav' ? (
        <>
          <TextField label={say('calendars.caldav.server')} required value={values.serverUrl} onChange={set('serverUrl')} placeholder="https://caldav.icloud.com" error={failure} />
          <TextField label={say('calendars.caldav.user')} required value={values.username} onChange={set('username')} autoComplete="off" />
          <PasswordField label={say('calendars.caldav.password')} required value={values.password} onChange={set('password')} autoComplete="new-password" />
        </>
      ) : (
        <TextField label={say('calendars.ics.address')} required value={values.url} onChange={set('url')} placeholder="webcal://..." error={failure} />
      )}
    </FormDialog>
  );
}

function lastSynced(c: CalendarConnection, intl: IntlShape): string {
  return c.last_synced_at
    ? intl.formatMessage({ id: 'calendars.lastSynced' }, { when: formatDate(new Date(c.last_synced_at), 'EEE, MMM d, yyyy · h:mm a', undefined, intl.locale) })
    : intl.formatMessage({ id: 'calendars.notSynced' });
}

function ConnectionCard({ connection, bookingCalendar }: { connection: CalendarConnection; bookingCalendar: number | null }) {
  const sync = useSyncNow();
  const remove = useRemoveConnection();
  const conflicts = useCheckConflicts();
  const target = useBookingCalendar();
  const intl = useIntl();
  const say = useSay();
  const writable = connection.calendar_sources.filter((s) => s.can_write);
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="4" listStyleType="none" aria-label={connection.label}>
      <Stack gap="3">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Stack gap="0">
            <HStack gap="2">
              <Text fontWeight="semibold">{connection.label}</Text>
              <Badge variant="outline">{say(PROVIDER_LABEL[connection.provider])}</Badge>
              {connection.status === 'error' ? (
                <Badge colorPalette="red" variant="subtle">
                  {say('calendars.notSyncing')}
                </Badge>
              ) : (
                <Badge colorPalette="green" variant="subtle">
                  {say('calendars.connected')}
                </Badge>
              )}
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              {lastSynced(connection, intl)}
            </Text>
          </Stack>
          <HStack gap="2">
            <Button size="sm" variant="outline" onClick={() => sync.mutate(connection.id)} disabled={sync.isPending}>
              <RefreshCw aria-hidden /> {say(sync.isPending ? 'calendars.syncing' : 'calendars.syncNow')}
            </Button>
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => remove.mutate(connection.id)} disabled={remove.isPending}>
              <Trash2 aria-hidden /> {say('calendars.remove')}
            </Button>
          </HStack>
        </HStack>
        {connection.status === 'error' ? (
          <Text role="alert" fontSize="sm" color="red.fg">
            {keptWords(intl, connection.last_error_rule, connection.last_error) ?? say('calendars.unreadable')} {say('calendars.stillBlocking')}
          </Text>
        ) : null}
        <Stack gap="2">
          {connection.calendar_sources.map((source) => (
            <Checkbox.Root
              key={source.id}
              checked={source.checks_conflicts}
              onCheckedChange={(e) => conflicts.mutate({ id: source.id, checks: e.checked === true })}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                {source.name}{' '}
                <Text as="span" color="fg.muted" fontSize="sm">
                  {say('calendars.checkConflicts')}
                </Text>
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
        {writable.length > 0 ? (
          <RadioGroup.Root
            value={bookingCalendar !== null && writable.some((s) => s.id === bookingCalendar) ? String(bookingCalendar) : ''}
            onValueChange={(e) => e.value && target.mutate(Number(e.value))}
            aria-label={intl.formatMessage({ id: 'calendars.addBookingsTo' }, { calendar: connection.label })}
          >
            <Text fontSize="sm" fontWeight="medium" mb="1">
              {say('calendars.addNewTo')}
            </Text>
            <HStack gap="4" wrap="wrap">
              {writable.map((s) => (
                <RadioGroup.Item key={s.id} value={String(s.id)}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{s.name}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
        ) : null}
      </Stack>
    </Box>
  );
}

function FeedLink() {
  const say = useSay();
  const copyText = useCopyText();
  const created = useFeedCreatedAt();
  const regenerate = useRegenerateFeed();
  const [address, setAddress] = useState<string | null>(null);
  const make = () =>
    regenerate.mutate(undefined, {
      onSuccess: (token) => setAddress(`${supabaseUrl.replace(/^https?:/, 'webcal:')}/functions/v1/calendars/feed/${token}.ics`),
    });
  return (
    <Stack gap="2">
      <Text fontWeight="semibold">{say('calendars.feed.title')}</Text>
      <Text fontSize="sm" color="fg.muted">
        {say('calendars.feed.text')}
      </Text>
      {address ? (
        <HStack>
          <Input readOnly value={address} aria-label={say('calendars.feed.address')} fontFamily="mono" fontSize="sm" />
          <Button variant="outline" onClick={() => void copyText(address, say('calendars.feed.copied'))}>
            {say('calendars.feed.copy')}
          </Button>
        </HStack>
      ) : null}
      <Box>
        <Button size="sm" variant="outline" onClick={make} disabled={regenerate.isPending || created.isPending}>
          <Link2 aria-hidden /> {say(created.data ? 'calendars.feed.renew' : 'calendars.feed.create')}
        </Button>
      </Box>
    </Stack>
  );
}

/** Connected calendars: their events block slots, and bookings are written to the chosen one. */
export function CalendarsSection() {
  const say = useSay();
  const connections = useConnections();
  const providers = useProviders();
  const google = useStartGoogle();
  useConsentReturn('google', useFinishGoogle());
  const [dialog, setDialog] = useState<ConnectInput['provider'] | null>(null);
  const bookingCalendar = connections.data?.flatMap((c) => c.calendar_sources).find((s) => s.receives_bookings)?.id ?? null;
  return (
    <SectionCard title={say('calendars.title')} description={say('calendars.text')} bodyGap="4">
      {connections.isPending ? (
        <Skeleton h="24" />
      ) : connections.data?.length ? (
        <Stack as="ul" gap="3" m="0" p="0" aria-label={say('calendars.list')}>
          {connections.data.map((c) => (
            <ConnectionCard key={c.id} connection={c} bookingCalendar={bookingCalendar} />
          ))}
        </Stack>
      ) : (
        <Text color="fg.muted">{say('calendars.none')}</Text>
      )}
      <HStack gap="2" wrap="wrap">
        <Button size="sm" colorPalette="blue" onClick={() => setDialog('caldav')}>
          <CalendarPlus aria-hidden /> <FormattedMessage id="calendars.caldav.button" />
        </Button>
        <Button size="sm" variant="outline" onClick={() => setDialog('ics')}>
          <Link2 aria-hidden /> <FormattedMessage id="calendars.ics.button" />
        </Button>
        {providers.data?.google ? (
          <Button size="sm" variant="outline" onClick={() => google.mutate()} disabled={google.isPending}>
            <CalendarPlus aria-hidden /> <FormattedMessage id="calendars.google.button" />
          </Button>
        ) : null}
      </HStack>
      {providers.data?.zoom ? <ZoomConnect /> : null}
      {providers.data?.stripe ? <StripeConnect /> : null}
      <FeedLink />
      <ConnectDialog kind={dialog} onClose={() => setDialog(null)} />
    </SectionCard>
  );
}
