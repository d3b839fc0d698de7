// Where meetings take place (docs/product/api.md, "Meeting places"): each kind's name, what a new one
// of a kind starts with in the editor, and a booking's place as the screens read it. No zod: the
// booking page loads this at once.
import type { EventLocation, LocationKind } from './shared.ts';

export type { EventLocation, LocationKind };

/** Each kind's name, in the order the editor offers them. */
export const LOCATION_LABELS: Record<LocationKind, string> = {
  in_person: 'In person',
  phone_host_calls: 'Phone: the host calls the guest',
  phone_guest_calls: 'Phone: the guest calls the host',
  link: 'Meeting link',
  jitsi: 'Jitsi Meet',
  google_meet: 'Google Meet',
  zoom: 'Zoom',
};

export const LOCATION_KINDS = Object.keys(LOCATION_LABELS) as LocationKind[];

/** The Jitsi server a new Jitsi place starts on: the public one, no account needed. */
export const DEFAULT_JITSI_SERVER = 'meet.jit.si';

/** A new place of `kind` as the editor adds it: its fields empty, Jitsi on the public server. */
export function newLocation(kind: LocationKind): EventLocation {
  switch (kind) {
    case 'in_person':
      return { kind, address: '' };
    case 'phone_guest_calls':
      return { kind, number: '' };
    case 'link':
      return { kind, url: '' };
    case 'jitsi':
      return { kind, server: DEFAULT_JITSI_SERVER };
    default:
      return { kind };
  }
}
