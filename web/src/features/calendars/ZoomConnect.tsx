// The host's Zoom account, for Zoom meeting places: connect (OAuth at Zoom, back here to finish),
// see it connected, disconnect (with a confirm).
import { Video } from 'lucide-react';
import { useIntl } from 'react-intl';
import { AccountConnect } from './AccountConnect.tsx';
import { useDisconnectZoom, useFinishZoom, useStartZoom, useZoomConnection } from './hooks/zoom.ts';

/** The anchor the event type editor links to when a Zoom place has no Zoom account behind it. */
export const ZOOM_SECTION_ID = 'zoom';

export function ZoomConnect() {
  const intl = useIntl();
  return (
    <AccountConnect
      provider="zoom"
      name="Zoom"
      id={ZOOM_SECTION_ID}
      heading="Zoom"
      description={intl.formatMessage({ id: 'accounts.zoom.text' })}
      connection={useZoomConnection()}
      start={useStartZoom()}
      finish={useFinishZoom()}
      disconnect={useDisconnectZoom()}
      icon={<Video aria-hidden />}
      consequence={intl.formatMessage({ id: 'accounts.zoom.consequence' })}
    />
  );
}
