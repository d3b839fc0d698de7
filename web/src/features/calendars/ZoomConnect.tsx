// The host's Zoom account, for Zoom meeting places: connect (OAuth at Zoom, back here to finish),
// see it connected, disconnect (with a confirm).
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Badge, Box, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Unplug, Video } from 'lucide-react';
import { ConfirmInline } from '../../components/ConfirmInline.tsx';
import { serverMessage } from '../../lib/api.ts';
import { formatDate } from '../../lib/time.ts';
import { ConsentRefused, useConsentReturn } from './hooks/consent.ts';
import { useDisconnectZoom, useFinishZoom, useStartZoom, useZoomConnection } from './hooks/zoom.ts';

/** The anchor the event type editor links to when a Zoom place has no Zoom account behind it. */
export const ZOOM_SECTION_ID = 'zoom';

export function ZoomConnect() {
  const connection = useZoomConnection();
  const start = useStartZoom();
  const disconnect = useDisconnectZoom();
  const finish = useFinishZoom();
  useConsentReturn('zoom', finish);
  // The event type editor links to #zoom: the block sits at the end of a long page.
  const { hash } = useLocation();
  const block = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hash === `#${ZOOM_SECTION_ID}`) block.current?.scrollIntoView({ block: 'center' });
  }, [hash]);
  const [confirming, setConfirming] = useState(false);

  const failure = finish.isError
    ? finish.error instanceof ConsentRefused
      ? finish.error.message
      : (serverMessage(finish.error) ?? 'Could not connect Zoom. Please try again.')
    : start.isError
      ? (serverMessage(start.error) ?? 'Could not reach Zoom. Please try again.')
      : null;
  const connect = () => {
    finish.reset();
    start.mutate();
  };

  return (
    <Stack ref={block} gap="2" id={ZOOM_SECTION_ID} role="group" aria-labelledby="zoom-heading" aria-busy={connection.isPending || finish.isPending}>
      <Text id="zoom-heading" fontWeight="semibold">
        Zoom
      </Text>
      <Text fontSize="sm" color="fg.muted">
        Event types with a Zoom location get a Zoom meeting for each booking, made with this account.
      </Text>
      {connection.isPending || finish.isPending ? (
        <Stack gap="1">
          <Skeleton h="10" />
          {finish.isPending ? (
            <Text role="status" fontSize="sm">
              Connecting Zoom...
            </Text>
          ) : null}
        </Stack>
      ) : connection.data ? (
        <Box borderWidth="1px" borderRadius="md" p="4">
          <Stack gap="3">
            <HStack justify="space-between" wrap="wrap" gap="2">
              <Stack gap="0">
                <HStack gap="2">
                  <Text fontWeight="semibold">Zoom account</Text>
                  <Badge colorPalette="green" variant="subtle">
                    Connected
                  </Badge>
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  Connected on {formatDate(new Date(connection.data.connected_at), 'EEE, MMM d, yyyy · h:mm a')}
                </Text>
              </Stack>
              {confirming ? null : (
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
                  <Unplug aria-hidden /> Disconnect Zoom
                </Button>
              )}
            </HStack>
            {confirming ? (
              <ConfirmInline
                label="Disconnect Zoom?"
                confirmLabel={disconnect.isPending ? 'Disconnecting...' : 'Disconnect'}
                busy={disconnect.isPending}
                onConfirm={() => disconnect.mutate(undefined, { onSettled: () => setConfirming(false) })}
                onKeep={() => setConfirming(false)}
              >
                New bookings with a Zoom location get no Zoom link until you connect Zoom again.
              </ConfirmInline>
            ) : null}
          </Stack>
        </Box>
      ) : (
        <Box>
          <Button size="sm" variant="outline" onClick={connect} disabled={start.isPending}>
            <Video aria-hidden /> {start.isPending ? 'Opening Zoom...' : 'Connect Zoom'}
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
