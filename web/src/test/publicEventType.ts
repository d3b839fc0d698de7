// A host's event type as the guest's pages read it (rpc public_event_type), for web component tests:
// Ada Host's half-hour Strategy Call, confirmed on booking; tests give what they need.
import { USER_ID } from './utils.tsx';

export function publicEventType(overrides: Record<string, unknown> = {}) {
  return {
    id: 5,
    user_id: USER_ID,
    title: 'Strategy Call',
    description: null,
    duration: 30,
    color: '#10b981',
    auto_confirm: true,
    price_cents: 0,
    host_handle: 'ada',
    host_first_name: 'Ada',
    host_last_name: 'Host',
    host_profile_image_url: null,
    host_timezone: 'UTC',
    host_title: null,
    host_company: null,
    ...overrides,
  };
}
