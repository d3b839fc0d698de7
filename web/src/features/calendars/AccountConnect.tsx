// A host's account at a provider connected by OAuth (Zoom for meeting links, Stripe for payments):
// connect (consent at the provider, back on Availability to finish), see it connected, disconnect
// behind a confirm. Each provider gives its account's hooks (with its name) and what it shows of the
// account between the card's title and the day it was connected; its words are the catalogue's
// accounts.<provider>.text (under the heading) and accounts.<provider>.consequence (what disconnecting changes).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Badge, Box, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Unplug } from 'lucide-react';
import { useIntl } from 'react-intl';
import { formatDate } from '../../lib/time.ts';
import { ConfirmInline } from '../../components/ConfirmInline.tsx';
import { refusalWords } from '../../i18n/ruleWords.ts';
import type { AccountConnection, AccountHooks } from './hooks/accounts.ts';
import { ConsentRefused, useConsentReturn } from './hooks/consent.ts';

export interface AccountConnectProps<T extends AccountConnection> {
  /** The provider's account (hooks/accounts.ts); its name is in every button, status and error ("Connect Stripe"). */
  account: AccountHooks<T>;
  /** The block's anchor: a link to `#id` brings it into view (it sits at the end of a long page). */
  id: string;
  /** The block's heading: the provider's name unless it reads otherwise ("Payments"). */
  heading?: string;
  /** What the connected card says of the account, under its title. */
  details?: (account: T) => ReactNode;
  icon: ReactNode;
}

export function AccountConnect<T extends AccountConnection>({ account, id, heading = account.name, details, icon }: AccountConnectProps<T>) {
  const { provider, name } = account;
  const connection = account.useConnection();
  const start = account.useStart();
  const finish = account.useFinish();
  const disconnect = account.useDisconnect();
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
        {intl.formatMessage({ id: `accounts.${provider}.text` })}
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
                {intl.formatMessage({ id: `accounts.${provider}.consequence` })}
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
