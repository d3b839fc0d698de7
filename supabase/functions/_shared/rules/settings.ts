// A host's settings ↔ the user_settings columns, for the web app, the api and the booking module alike.
import { DEFAULT_GUEST_CHANGE_NOTICE, DEFAULT_SETTINGS, type SchedulingSettings } from './constants.ts';

export interface SettingsColumns {
  buffer_before: number;
  buffer_after: number;
  minimum_notice: number;
  max_future_bookings: number;
}

/** The scheduling settings and how close to the start guests may still change a booking (hours). */
export interface HostSettings extends SchedulingSettings {
  guestChangeNotice: number;
}

export const DEFAULT_HOST_SETTINGS: HostSettings = { ...DEFAULT_SETTINGS, guestChangeNotice: DEFAULT_GUEST_CHANGE_NOTICE };

/** The scheduling columns, as a select list. */
export const SETTINGS_COLUMNS = 'buffer_before, buffer_after, minimum_notice, max_future_bookings';

/** The columns of the settings given: the scheduling four, and guest_change_notice when it is given. */
export function settingsColumns(s: SchedulingSettings | HostSettings): SettingsColumns & { guest_change_notice?: number } {
  const columns = { buffer_before: s.bufferBefore, buffer_after: s.bufferAfter, minimum_notice: s.minimumNotice, max_future_bookings: s.maxFutureBookings };
  return 'guestChangeNotice' in s ? { ...columns, guest_change_notice: s.guestChangeNotice } : columns;
}

export function settingsFromColumns(row: SettingsColumns): SchedulingSettings {
  return { bufferBefore: row.buffer_before, bufferAfter: row.buffer_after, minimumNotice: row.minimum_notice, maxFutureBookings: row.max_future_bookings };
}

export function hostSettingsFromColumns(row: SettingsColumns & { guest_change_notice: number }): HostSettings {
  return { ...settingsFromColumns(row), guestChangeNotice: row.guest_change_notice };
}
