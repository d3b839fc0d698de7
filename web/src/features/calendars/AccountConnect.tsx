// A host's account at a provider connected by OAuth (Zoom for meeting links, Stripe for payments):
// connect (consent at the provider, back on Availability to finish), see it connected, disconnect
// behind a confirm. Each provider gives its words and what it shows of the account.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Badge, Box, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Unplug } from 'lucide-react';
import { ConfirmInline } from '../../components/ConfirmInline.tsx';
import { serverMessage } from '../../lib/api.ts';
import { ConsentRefused, useConsentReturn, type ConsentAnswer, type ConsentProvider } from './hooks/consent.ts';

interface Mutation<A> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  reset(): void;
  mutate(arg: A, options?: { onSettled?: () => void }): void;
}

export interface AccountConnectProps<T> {
  provider: ConsentProvider;
  /** The block's anchor: a link to `#id` brings it into view (it sits at the end of a long page). */
  id: string;
  heading: string;
  description: string;
  connection: { isPending: boolean; data: T | null | undefined };
  start: Mutation<void>;
  finish: Mutation<ConsentAnswer>;
  disconnect: Mutation<void>;
  /** What the connected card says of the account, beside its Disconnect button. */
  details: (account: T) => ReactNode;
  icon: ReactNode;
  words: {
    connect: string;
    opening: string;
    connecting: string;
    disconnect: string;
    confirm: string;
    /** What disconnecting changes, in the confirm. */
    consequence: string;
    couldNotConnect: string;
    couldNotReach: string;
  };
}

export function AccountConnect<T>({ provider, id, heading, description, connection, start, finish, disconnect, details, icon, words }: AccountConnectProps<T>) {
  useConsentReturn(provider, finish);
  const { hash } = useLocation();
  const block = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hash === `#${id}`) block.current?.scrollIntoView({ block: 'center' });
  }, [hash, id]);
  const [confirming, setConfirming] = useState(false);

  const failure = finish.isError
    ? finish.error instanceof ConsentRefused
      ? finish.error.message
      : (serverMessage(finish.error) ?? words.couldNotConnect)
    : start.isError
      ? (serverMessage(start.error) ?? words.couldNotReach)
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
              {words.connecting}
            </Text>
          ) : null}
        </Stack>
      ) : connection.data ? (
        <Box borderWidth="1px" borderRadius="md" p="4">
          <Stack gap="3">
            <HStack justify="space-between" wrap="wrap" gap="2">
              <Stack gap="0">{details(connection.data)}</Stack>
              {confirming ? null : (
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
                  <Unplug aria-hidden /> {words.disconnect}
                </Button>
              )}
            </HStack>
            {confirming ? (
              <ConfirmInline
                label={words.confirm}
                confirmLabel={disconnect.isPending ? 'Disconnecting...' : 'Disconnect'}
                busy={disconnect.isPending}
                onConfirm={() => disconnect.mutate(undefined, { onSettled: () => setConfirming(false) })}
                onKeep={() => setConfirming(false)}
              >
                {words.consequence}
              </ConfirmInline>
            ) : null}
          </Stack>
        </Box>
      ) : (
        <Box>
          <Button size="sm" variant="outline" onClick={connect} disabled={start.isPending}>
            {icon} {start.isPending ? words.opening : words.connect}
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

/** The account's name and a green 'Connected', the first line of a connected card. */
export function ConnectedTitle({ children }: { children: ReactNode }) {
  return (
    <HStack gap="2">
      <Text fontWeight="semibold">{children}</Text>
      <Badge colorPalette="green" variant="subtle">
        Connected
      </Badge>
    </HStack>
  );
}
