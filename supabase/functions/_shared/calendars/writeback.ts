// The outbox's 'calendar' deliveries: make one person's calendar match one booking (by its UID) as
// the booking is now. Confirmed: the event is written (created, or replaced with If-Match); anything
// else (cancelled, rejected, moved to another person): the event Kairos wrote is removed. Because each
// delivery reads the current state, rows of one booking may run in any order or more than once.
// CalDAV calendars get an iCalendar object named after the UID; Google calendars an event carrying
// the UID as its iCalUID and in a private extended property. A group slot is one event under the
// slot's UID (seat_slots.ical_uid), its seats' guests its attendees; the last seat gone removes it.
import type { SupabaseClient } from '@supabase/supabase-js';
import { bookingObject, bookingSummary, type FeedBooking, type SeatAttendee } from './booking-feed.ts';
import { deleteEvent, putEvent, type CalDavLogin, type StoredEvent } from './caldav.ts';
import type { GoogleAccess } from './google.ts';
import { PermanentError } from '../outbox/worker.ts';
import { shownPlace } from '../rules/places.ts';
import { openSecret } from './secrets.ts';
import type { CaldavSecret, GoogleSecret } from './sync.ts';

export interface WritebackDeps {
  db: SupabaseClient;
  key: Promise<CryptoKey>;
  fetch: typeof fetch;
  /** The project's Google client; null where the project names none. */
  google: GoogleAccess | null;
}

/** A calendar Kairos can write to, with what its connection needs to reach it. */
type Target =
  | { sourceId: number; provider: 'caldav'; calendarUrl: string; login: CalDavLogin }
  | { sourceId: number; provider: 'google'; calendarId: string; refreshToken: string; google: GoogleAccess }
  | { sourceId: number; provider: 'ics' };

function must<T>(result: { data: unknown; error: { message: string } | null }): T {
  if (result.error) throw new Error(result.error.message);
  return result.data as T;
}

/** The calendar a source is, with the credentials of its connection (null when it is gone). */
async function target(deps: WritebackDeps, sourceId: number, userId: string): Promise<Target | null> {
  const source = must<{ remote_id: string; connection: { id: number; provider: Target['provider']; server_url: string | null; username: string | null } } | null>(
    await deps.db.from('calendar_sources').select('remote_id, connection:calendar_connections!inner(id, provider, server_url, username)').eq('id', sourceId).maybeSingle(),
  );
  if (!source) return null;
  const { provider } = source.connection;
  if (provider === 'ics') return { sourceId, provider };
  const { secret } = must<{ secret: string }>(await deps.db.from('calendar_credentials').select('secret').eq('connection_id', source.connection.id).single());
  const opened = await openSecret<CaldavSecret & GoogleSecret>(await deps.key, userId, secret);
  if (provider === 'google') {
    // Retried with backoff, and marked failed in the end: the host sees it was not written.
    if (!deps.google) throw new Error('Google Calendar is not configured on this project');
    return { sourceId, provider, calendarId: source.remote_id, refreshToken: opened.refreshToken, google: deps.google };
  }
  return {
    sourceId,
    provider,
    calendarUrl: source.remote_id,
    login: { serverUrl: source.connection.server_url ?? '', username: source.connection.username ?? '', password: opened.password },
  };
}

export const MEET_NEEDS_GOOGLE = 'Google Meet links need a connected Google Calendar that receives bookings';

/**
 * Writes the booking's event into the calendar; null for a calendar Kairos cannot write to. With
 * `meetRequestId` a Google event asks for a Meet conference, and the answer carries its link.
 */
async function write(
  deps: WritebackDeps,
  where: Target,
  booking: FeedBooking,
  previous: StoredEvent | null,
  meetRequestId?: string,
): Promise<(StoredEvent & { meetLink?: string | null }) | null> {
  if (where.provider === 'caldav') return putEvent(where.login, where.calendarUrl, booking.icalUid, bookingObject(booking), previous, deps.fetch);
  if (where.provider === 'google') {
    const iso = (t: string) => new Date(t).toISOString();
    const place = shownPlace(booking.location);
    const event = {
      icalUid: booking.icalUid,
      summary: bookingSummary(booking),
      start: iso(booking.start),
      end: iso(booking.end),
      location: place ? (booking.location?.value ?? place.label) : null,
      attendees: booking.seats?.attendees,
      meetRequestId,
    };
    const stored = await where.google.writeEvent(where.refreshToken, where.calendarId, event, previous && { id: previous.url, etag: previous.etag });
    return { url: stored.id, etag: stored.etag, meetLink: stored.meetLink };
  }
  return null;
}

async function remove(where: Target, event: StoredEvent, fetcher: typeof fetch): Promise<void> {
  if (where.provider === 'caldav') await deleteEvent(where.login, event, fetcher);
  if (where.provider === 'google') await where.google.removeEvent(where.refreshToken, where.calendarId, { id: event.url, etag: event.etag });
}

export function calendarWriteHandler(deps: WritebackDeps) {
  return async (row: { payload: unknown }): Promise<void> => {
    const { icalUid, userId } = row.payload as { icalUid: string; userId: string };
    const [state, written, chosen] = await Promise.all([
      deps.db.rpc('calendar_write_state', { p_ical_uid: icalUid, p_user_id: userId }),
      deps.db.from('calendar_events').select('source_id, href, etag').eq('ical_uid', icalUid).eq('user_id', userId).maybeSingle(),
      deps.db.from('calendar_sources').select('id').eq('user_id', userId).eq('receives_bookings', true).maybeSingle(),
    ]);
    const booking = (
      must<
        {
          booking_id: number;
          start_time: string;
          end_time: string;
          sequence: number;
          title: string;
          guest_name: string | null;
          location: FeedBooking['location'];
          organiser: boolean;
          attendees: SeatAttendee[] | null;
          host_name: string | null;
          host_email: string | null;
        }[]
      >(state) ?? []
    )[0];
    const existing = must<{ source_id: number; href: string; etag: string | null } | null>(written);
    const previous: StoredEvent | null = existing ? { url: existing.href, etag: existing.etag } : null;

    if (booking) {
      // An event already written stays in its calendar; a new one goes to the host's booking calendar.
      const sourceId = existing?.source_id ?? must<{ id: number } | null>(chosen)?.id;
      const where = sourceId === undefined ? null : await target(deps, sourceId, userId);
      // The organiser's write makes the Google Meet link a booking still waits for.
      const meet = booking.organiser && booking.location?.kind === 'google_meet' && !booking.location.value;
      if (!where) {
        if (meet) throw new PermanentError(MEET_NEEDS_GOOGLE);
        return;
      }
      const stored = await write(deps, where, {
        icalUid,
        sequence: booking.sequence,
        start: booking.start_time,
        end: booking.end_time,
        status: 'confirmed',
        title: booking.title,
        guestName: booking.guest_name ?? '',
        updatedAt: new Date().toISOString(),
        location: booking.location,
        // A group slot's UID: the slot's one event, every seat's guest on it.
        seats: booking.attendees && { attendees: booking.attendees, host: { name: booking.host_name, email: booking.host_email } },
      }, previous, meet ? `kairos-${booking.booking_id}` : undefined);
      if (!stored) {
        if (meet) throw new PermanentError(MEET_NEEDS_GOOGLE);
        return;
      }
      must(
        await deps.db
          .from('calendar_events')
          .upsert({ ical_uid: icalUid, user_id: userId, source_id: where.sourceId, href: stored.url, etag: stored.etag, updated_at: new Date().toISOString() }),
      );
      if (meet) {
        // The event is written all the same; the link is Google's to make.
        if (where.provider !== 'google') throw new PermanentError(MEET_NEEDS_GOOGLE);
        // Retried with backoff: Google makes Meet conferences at once, so none is a fault of the moment.
        if (!stored.meetLink) throw new Error('Google answered no Meet link');
        must(await deps.db.rpc('set_meeting_link', { p_booking_id: booking.booking_id, p_link: stored.meetLink }));
      }
      return;
    }
    if (!existing || !previous) return;
    const where = await target(deps, existing.source_id, userId);
    if (where) await remove(where, previous, deps.fetch);
    must(await deps.db.from('calendar_events').delete().eq('ical_uid', icalUid).eq('user_id', userId));
  };
}
