// The host's Zoom account, for Zoom meeting places: connect (OAuth at Zoom, back here to finish),
// see it connected, disconnect (with a confirm).
import { Video } from 'lucide-react';
import { AccountConnect } from './AccountConnect.tsx';
import { zoomAccount } from './hooks/zoom.ts';

/** The anchor the event type editor links to when a Zoom place has no Zoom account behind it. */
export const ZOOM_SECTION_ID = 'zoom';

export function ZoomConnect() {
  return <AccountConnect account={zoomAccount} id={ZOOM_SECTION_ID} icon={<Video aria-hidden />} />;
}
