// The host's Zoom account, for Zoom meeting places: connect (OAuth at Zoom, back here to finish),
// see it connected, disconnect (with a confirm).
import { Text } from '@chakra-ui/react';
import { Video } from 'lucide-react';
import { formatDate } from '../../lib/time.ts';
import { AccountConnect, ConnectedTitle } from './AccountConnect.tsx';
import { useDisconnectZoom, useFinishZoom, useStartZoom, useZoomConnection } from './hooks/zoom.ts';

/** The anchor the event type editor links to when a Zoom place has no Zoom account behind it. */
export const ZOOM_SECTION_ID = 'zoom';

export function ZoomConnect() {
  return (
    <AccountConnect
      provider="zoom"
      id={ZOOM_SECTION_ID}
      heading="Zoom"
      description="Event types with a Zoom location get a Zoom meeting for each booking, made with this account."
      connection={useZoomConnection()}
      start={useStartZoom()}
      finish={useFinishZoom()}
      disconnect={useDisconnectZoom()}
      icon={<Video aria-hidden />}
      details={(zoom) => (
        <>
          <ConnectedTitle>Zoom account</ConnectedTitle>
          <Text fontSize="sm" color="fg.muted">
            Connected on {formatDate(new Date(zoom.connected_at), 'EEE, MMM d, yyyy · h:mm a')}
          </Text>
        </>
      )}
      words={{
        connect: 'Connect Zoom',
        opening: 'Opening Zoom...',
        connecting: 'Connecting Zoom...',
        disconnect: 'Disconnect Zoom',
        confirm: 'Disconnect Zoom?',
        consequence: 'New bookings with a Zoom location get no Zoom link until you connect Zoom again.',
        couldNotConnect: 'Could not connect Zoom. Please try again.',
        couldNotReach: 'Could not reach Zoom. Please try again.',
      }}
    />
  );
}
