// Connected calendars: connect CalDAV, iCal feeds or Google, choose where bookings go, share the bookings feed.
import { useState, type FormEvent } from 'react';
import { Badge, Box, Button, Checkbox, HStack, Input, RadioGroup, Skeleton, Stack, Text } from '@chakra-ui/react';
import { CalendarPlus, Link2, RefreshCw, Trash2 } from 'lucide-react';
import { FormDialog } from '../../components/FormDialog.tsx';
import { TextField } from '../../components/FormField.tsx';
import { PasswordField } from '../../components/PasswordInput.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { copyText } from '../../lib/clipboard.ts';
import { serverMessage } from '../../lib/api.ts';
import { formatDate } from '../../lib/time.ts';
import { supabaseUrl } from '../../lib/supabase.ts';
import { type CalendarConnection, type ConnectInput, useConnect, useConnections, useProviders, useRemoveConnection, useSyncNow } from './hooks/connections.ts';
import { useFeedCreatedAt, useRegenerateFeed } from './hooks/feed.ts';
import { useConsentReturn } from './hooks/consent.ts';
import { useFinishGoogle, useStartGoogle } from './hooks/google.ts';
import { useBookingCalendar, useCheckConflicts } from './hooks/sources.ts';
import { StripeConnect } from './StripeConnect.tsx';
import { ZoomConnect } from './ZoomConnect.tsx';

const PROVIDER_LABEL: Record<CalendarConnection['provider'], string> = { caldav: 'CalDAV', ics: 'Subscription', google: 'Google' };

function ConnectDialog({ kind, onClose }: { kind: ConnectInput['provider'] | null; onClose: () => void }) {
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
  const failure = connect.isError ? (serverMessage(connect.error) ?? 'Could not connect the calendar. Please try again.') : undefined;
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
      title={kind === 'caldav' ? 'Connect a CalDAV account' : 'Subscribe to a calendar address'}
      subtitle={
        kind === 'caldav'
          ? 'iCloud, Fastmail, Nextcloud and other CalDAV servers. Use an app-specific password.'
          : 'The secret iCal address that Google Calendar, Outlook and iCloud publish (https:// or webcal://).'
      }
      onSubmit={submit}
      submitLabel="Connect"
      pendingLabel="Connecting..."
      pending={connect.isPending}
      canSubmit={Boolean(ready) && !connect.isPending}
    >
      {kind === 'caldav' ? (
        <>
          <TextField label="Server address" required value={values.serverUrl} onChange={set('serverUrl')} placeholder="https://caldav.icloud.com" error={failure} />
          <TextField label="User name" required value={values.username} onChange={set('username')} autoComplete="off" />
          <PasswordField label="App password" required value={values.password} onChange={set('password')} autoComplete="new-password" />
        </>
      ) : (
        <TextField label="Calendar address" required value={values.url} onChange={set('url')} placeholder="webcal://..." error={failure} />
      )}
    </FormDialog>
  );
}

function lastSynced(c: CalendarConnection): string {
  return c.last_synced_at ? `Last synced ${formatDate(new Date(c.last_synced_at), 'EEE, MMM d, yyyy · h:mm a')}` : 'Not synced yet';
}

function ConnectionCard({ connection, bookingCalendar }: { connection: CalendarConnection; bookingCalendar: number | null }) {
  const sync = useSyncNow();
  const remove = useRemoveConnection();
  const conflicts = useCheckConflicts();
  const target = useBookingCalendar();
  const writable = connection.calendar_sources.filter((s) => s.can_write);
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="4" listStyleType="none" aria-label={connection.label}>
      <Stack gap="3">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Stack gap="0">
            <HStack gap="2">
              <Text fontWeight="semibold">{connection.label}</Text>
              <Badge variant="outline">{PROVIDER_LABEL[connection.provider]}</Badge>
              {connection.status === 'error' ? (
                <Badge colorPalette="red" variant="subtle">
                  Not syncing
                </Badge>
              ) : (
                <Badge colorPalette="green" variant="subtle">
                  Connected
                </Badge>
              )}
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              {lastSynced(connection)}
            </Text>
          </Stack>
          <HStack gap="2">
            <Button size="sm" variant="outline" onClick={() => sync.mutate(connection.id)} disabled={sync.isPending}>
              <RefreshCw aria-hidden /> {sync.isPending ? 'Syncing...' : 'Sync now'}
            </Button>
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => remove.mutate(connection.id)} disabled={remove.isPending}>
              <Trash2 aria-hidden /> Remove
            </Button>
          </HStack>
        </HStack>
        {connection.status === 'error' ? (
          <Text role="alert" fontSize="sm" color="red.fg">
            {connection.last_error ?? 'This calendar could not be read.'} Until it works again, its last known busy times keep blocking your slots.
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
                {source.name} <Text as="span" color="fg.muted" fontSize="sm">(check for conflicts)</Text>
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
        {writable.length > 0 ? (
          <RadioGroup.Root
            value={bookingCalendar !== null && writable.some((s) => s.id === bookingCalendar) ? String(bookingCalendar) : ''}
            onValueChange={(e) => e.value && target.mutate(Number(e.value))}
            aria-label={`Add bookings to a calendar of ${connection.label}`}
          >
            <Text fontSize="sm" fontWeight="medium" mb="1">
              Add new bookings to
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
  const created = useFeedCreatedAt();
  const regenerate = useRegenerateFeed();
  const [address, setAddress] = useState<string | null>(null);
  const make = () =>
    regenerate.mutate(undefined, {
      onSuccess: (token) => setAddress(`${supabaseUrl.replace(/^https?:/, 'webcal:')}/functions/v1/calendars/feed/${token}.ics`),
    });
  return (
    <Stack gap="2">
      <Text fontWeight="semibold">Your bookings in any calendar app</Text>
      <Text fontSize="sm" color="fg.muted">
        A secret webcal:// address of your Kairos bookings. Anyone with it can see them; make a new one to end the old.
      </Text>
      {address ? (
        <HStack>
          <Input readOnly value={address} aria-label="Calendar feed address" fontFamily="mono" fontSize="sm" />
          <Button variant="outline" onClick={() => void copyText(address, 'Feed address copied')}>
            Copy
          </Button>
        </HStack>
      ) : null}
      <Box>
        <Button size="sm" variant="outline" onClick={make} disabled={regenerate.isPending || created.isPending}>
          <Link2 aria-hidden /> {created.data ? 'Make a new feed address' : 'Create feed address'}
        </Button>
      </Box>
    </Stack>
  );
}

/** Connected calendars: their events block slots, and bookings are written to the chosen one. */
export function CalendarsSection() {
  const connections = useConnections();
  const providers = useProviders();
  const google = useStartGoogle();
  useConsentReturn('google', useFinishGoogle());
  const [dialog, setDialog] = useState<ConnectInput['provider'] | null>(null);
  const bookingCalendar = connections.data?.flatMap((c) => c.calendar_sources).find((s) => s.receives_bookings)?.id ?? null;
  return (
    <SectionCard title="Calendars" description="Events in your connected calendars block those times; new bookings are added to the calendar you choose." bodyGap="4">
      {connections.isPending ? (
        <Skeleton h="24" />
      ) : connections.data?.length ? (
        <Stack as="ul" gap="3" m="0" p="0" aria-label="Connected calendars">
          {connections.data.map((c) => (
            <ConnectionCard key={c.id} connection={c} bookingCalendar={bookingCalendar} />
          ))}
        </Stack>
      ) : (
        <Text color="fg.muted">No calendars connected yet.</Text>
      )}
      <HStack gap="2" wrap="wrap">
        <Button size="sm" colorPalette="blue" onClick={() => setDialog('caldav')}>
          <CalendarPlus aria-hidden /> Connect CalDAV account
        </Button>
        <Button size="sm" variant="outline" onClick={() => setDialog('ics')}>
          <Link2 aria-hidden /> Subscribe to calendar address
        </Button>
        {providers.data?.google ? (
          <Button size="sm" variant="outline" onClick={() => google.mutate()} disabled={google.isPending}>
            <CalendarPlus aria-hidden /> Connect Google Calendar
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
