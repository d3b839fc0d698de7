// The host's Zoom account (hooks/accounts.ts): what Zoom meeting places are made with.
import { accountHooks } from './accounts.ts';

export interface ZoomConnection {
  connected_at: string;
}

const zoom = accountHooks<ZoomConnection>({
  provider: 'zoom',
  table: 'zoom_connections',
  columns: 'connected_at',
  refusal: 'Zoom was not connected: the Zoom account did not allow Kairos to create meetings.',
  name: 'Zoom',
});

export const useZoomConnection = zoom.useConnection;
export const useStartZoom = zoom.useStart;
export const useFinishZoom = zoom.useFinish;
export const useDisconnectZoom = zoom.useDisconnect;
