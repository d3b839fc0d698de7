// A host's account at a provider connected by OAuth (Zoom for meeting links, Stripe for payments):
// connect (consent at the provider, back on Availability to finish), see it connected, disconnect
// behind a confirm. Each provider gives its name, what disconnecting changes, and what it shows of the
// account between the card's title and the day it was connected.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Badge, Box, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Unplug } from 'lucide-react';
import { useIntl } from 'react-intl';
import { formatDate } from '../../lib/time.ts';
import { ConfirmInline } from '../../components/ConfirmInline.tsx';
import { refusalWords } from '../../i18n/ruleWords.ts';
import { ConsentRefused, useConsentReturn, type ConsentAnswer, type ConsentProvider } from './hooks/consent.ts';

interface Mutation<A> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  reset(): void;
  mutate(arg: A, options?: { onSettled?: () => void }): void;
}

export interface AccountConnectProps<T extends { connected_at: string }> {
  provider: ConsentProvider;
  /** The provider's name in every button, status and error ("Connect Stripe"). */
  name: string;
  /** The block's anchor: a link to `#id` brings it into view (it sits at the end of a long page). */
  id: string;
  heading: string;
  description: string;
  connection: { isPending: boolean; data: T | null | undefined };
  start: Mutation<void>;
  finish: Mutation<ConsentAnswer>;
  disconnect: Mutation<void>;
  /** What the connected card says of the account, under its title. */
  details?: (account: T) => ReactNode;
  icon: ReactNode;
  /** What disconnecting changes, in the confirm. */
  consequence: string;
}

export function AccountConnect<T extends { connected_at: string }>({
  provider,
  name,
  id,
  heading,
  description,
  connection,
  start,
  finish,
  disconnect,
  details,
  icon,
  consequence,
}: AccountConnectProps<T>) {
  useConsentReturn(provider, finish);
  const intl = useIntl();
  const say = (id: 'accounts.connectFailed' | 'accounts.unreachable' | 'accounts.connecting' | 'accounts.account' | 'accounts.disconnect' | 'accounts.disconnectAsk' | 'accounts.opening' | 'accounts.connect') =>
    intl.formatMessage({ id }, { name });
  const { hash } = useLocation();
  const block = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hash === `#${id}`) block.current?.scrollIntoView({ block: 'center' });
  }, [hash, id]);
  const [confirming, setConfirming] = useState(false);

  const failure = finish.isError
    ? finish.error instanceof ConsentRefused
      ? finish.error.message
      : (refusalWords(intl, finish.error) ?? say('accounts.connectFailed'))
    : start.isError
      ? (refusalWords(intl, start.error) ?? say('accounts.unreachable'))
      : null;
  const connect = () => {
    finish.reset();
    start.mutate();
  };
  const headingId = `${id}-heading`;

  return (
    <Stack ref={block} gap="2" id={id} role="group" aria-labelledby={headingId} aria-busy={connection.isPending || finish.isPending}>
      <Text id={headingId} fontWeight="semibold">
        {heading}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {description}
      </Text>
      {connection.isPending || finish.isPending ? (
        <Stack gap="1">
          <Skeleton h="10" />
          {finish.isPending ? (
            <Text role="status" fontSize="sm">
              {say('accounts.connecting')}
            </Text>
          ) : null}
        </Stack>
      ) : connection.data ? (
        <Box borderWidth="1px" borderRadius="md" p="4">
          <Stack gap="3">
            <HStack justify="space-between" wrap="wrap" gap="2">
              <Stack gap="0">
                <HStack gap="2">
                  <Text fontWeight="semibold">{say('accounts.account')}</Text>
                  <Badge colorPalette="green" variant="subtle">
                    {intl.formatMessage({ id: 'calendars.connected' })}
                  </Badge>
                </HStack>
                {details?.(connection.data)}
                <Text fontSize="sm" color="fg.muted">
                  {intl.formatMessage(
                    { id: 'accounts.connectedOn' },
                    { when: formatDate(new Date(connection.data.connected_at), 'EEE, MMM d, yyyy · h:mm a', undefined, intl.locale) },
                  )}
                </Text>
              </Stack>
              {confirming ? null : (
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
                  <Unplug aria-hidden /> {say('accounts.disconnect')}
                </Button>
              )}
            </HStack>
            {confirming ? (
              <ConfirmInline
                label={say('accounts.disconnectAsk')}
                confirmLabel={intl.formatMessage({ id: disconnect.isPending ? 'accounts.disconnecting' : 'accounts.disconnectYes' })}
                busy={disconnect.isPending}
                onConfirm={() => disconnect.mutate(undefined, { onSettled: () => setConfirming(false) })}
                onKeep={() => setConfirming(false)}
              >
                {consequence}
              </ConfirmInline>
            ) : null}
          </Stack>
        </Box>
      ) : (
        <Box>
          <Button size="sm" variant="outline" onClick={connect} disabled={start.isPending}>
            {icon} {say(start.isPending ? 'accounts.opening' : 'accounts.connect')}
          </Button>
        </Box>
      )}
      {failure && !connection.data ? (
        <Text role="alert" fontSize="sm" color="red.fg">
          {failure}
        </Text>
      ) : null}
    </Stack>
  );
}
