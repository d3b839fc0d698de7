// The host's Zoom account (hooks/accounts.ts): what Zoom meeting places are made with.
import { accountHooks } from './accounts.ts';

export const zoomAccount = accountHooks({
  provider: 'zoom',
  name: 'Zoom',
  columns: 'connected_at',
  refusal: 'Zoom was not connected: the Zoom account did not allow Kairos to create meetings.',
});
