// The outbox's 'meeting' deliveries: make the Zoom meeting of one booking UID match the booking as it
// is now. A confirmed booking holds the UID: its meeting is made (and its link kept as the booking's
// place, public.set_meeting_link) or moved to its time; none does (cancelled, rejected): the meeting
// is deleted. Each delivery reads the current state, so rows may run in any order or more than once.
import type { SupabaseClient } from '@supabase/supabase-js';
import { bookingSummary } from '../calendars/booking-feed.ts';
import { openSecret, sealSecret } from '../calendars/secrets.ts';
import { PermanentError } from '../outbox/worker.ts';
import type { BookingLocation } from '../rules/places.ts';
import type { ZoomAccess, ZoomTokens } from './zoom.ts';

export const ZOOM_NEEDS_CONNECTION = 'Zoom links need a connected Zoom account';

export interface MeetingWriteDeps {
  db: SupabaseClient;
  key: Promise<CryptoKey>;
  /** The project's Zoom app; null where the project names none. */
  zoom: ZoomAccess | null;
}

function must<T>(result: { data: unknown; error: { message: string } | null }): T {
  if (result.error) throw new Error(result.error.message);
  return result.data as T;
}

interface WriteState {
  booking_id: number;
  start_time: string;
  end_time: string;
  title: string;
  guest_name: string;
  location: BookingLocation | null;
}

export function meetingWriteHandler(deps: MeetingWriteDeps) {
  return async (row: { payload: unknown }): Promise<void> => {
    const { icalUid, userId } = row.payload as { icalUid: string; userId: string };
    const [state, made, connection] = await Promise.all([
      deps.db.rpc('calendar_write_state', { p_ical_uid: icalUid, p_user_id: userId }),
      deps.db.from('zoom_meetings').select('meeting_id').eq('ical_uid', icalUid).maybeSingle(),
      deps.db.from('zoom_connections').select('secret').eq('user_id', userId).maybeSingle(),
    ]);
    const booking = (must<WriteState[]>(state) ?? [])[0];
    const meeting = must<{ meeting_id: number } | null>(made);
    const sealed = must<{ secret: string } | null>(connection);
    if (!booking && !meeting) return;
    if (!deps.zoom || !sealed) throw new PermanentError(ZOOM_NEEDS_CONNECTION);
    const tokens = await openSecret<ZoomTokens>(await deps.key, userId, sealed.secret);
    // Zoom ends the old refresh token at each refresh: the new grant is stored before it is used.
    const save = async (next: ZoomTokens) => {
      must(await deps.db.from('zoom_connections').update({ secret: await sealSecret(await deps.key, userId, next) }).eq('user_id', userId));
    };

    if (!booking) {
      await deps.zoom.deleteMeeting(tokens, save, meeting!.meeting_id);
      must(await deps.db.from('zoom_meetings').delete().eq('ical_uid', icalUid));
      return;
    }
    const input = {
      topic: bookingSummary({ title: booking.title, guestName: booking.guest_name }),
      start: booking.start_time,
      minutes: Math.round((Date.parse(booking.end_time) - Date.parse(booking.start_time)) / 60_000),
    };
    if (meeting && (await deps.zoom.updateMeeting(tokens, save, meeting.meeting_id, input))) return;
    const created = await deps.zoom.createMeeting(tokens, save, input);
    must(await deps.db.from('zoom_meetings').upsert({ ical_uid: icalUid, user_id: userId, meeting_id: created.id }));
    must(await deps.db.rpc('set_meeting_link', { p_booking_id: booking.booking_id, p_link: created.joinUrl }));
  };
}
