// The one implementation of creating a booking, used by the `bookings` function and by the api's
// POST /api/bookings, /api/bookings/public and /api/teams/:id/bookings. The client's requested time
// is re-validated with the slot engine (a client cannot book a time it was not offered), the member is
// chosen by the team's strategy, and one atomic RPC writes; the exclusion constraint settles races.
// The writing RPCs are the service role's alone, so this module is the only door to a new booking:
// whether the visitor may book at all is asked of the database as the visitor (schedule.ts), and every
// rule the engine checks is checked here before the write.
// The read, the throttle and the write each take one call over the functions' own database connection
// (no REST hop); the write runs as the service role, as through the API.
// No HTTP here: the caller passes the database connection, a throttle and the clock; failures are AppErrors.
import { AppError, slotTaken } from '../rules/errors.ts';
import { chooseMembers } from '../rules/assignment.ts';
import { guestColumns, type GuestDetails } from '../rules/bookings.ts';
import { MAX_HORIZON_DAYS, type SchedulingSettings } from '../rules/constants.ts';
import { checkSlot, type SlotRejection } from '../rules/slots.ts';
import { DAY_MS, toMs } from '../rules/time.ts';
import type postgres from 'postgres';
import { type Database, jwtClaims, serviceRpc } from '../db/connection.ts';
import { EVENT_NOT_FOUND, readPersonal, readTeam } from './schedule.ts';
import { camelize } from '../db/shapes.ts';

export interface Requested extends GuestDetails {
  startTime: string;
  endTime?: string | null;
}

export interface BookingDeps {
  /** The functions' database connection: whether the visitor may book and every input of the re-check in one call; the write in another. */
  db: Database;
  /** Counts one booking attempt against a calendar ('user:<id>' or 'team:<id>'); throws `rate_limited`. */
  throttle: (calendar: string) => Promise<void>;
  now?: () => Date;
}

/** A signed-in person booking for a guest: their id and verified access token (the database decides as them). */
export interface Actor {
  id: string;
  accessToken: string;
}

const REJECTIONS: Record<Exclude<SlotRejection, 'busy'>, [AppError['code'], string]> = {
  invalid: ['invalid_time', 'Invalid start or end time'],
  wrong_duration: ['wrong_duration', 'The end time must be the start time plus the event duration'],
  past: ['slot_in_past', 'This time is in the past. Please select a different time.'],
  notice: ['slot_too_soon', 'This time is too soon to book. Please select a later time.'],
  horizon: ['slot_too_far', 'This time is too far in the future. Please select an earlier time.'],
  outside_hours: ['slot_outside_hours', 'This time is outside the available hours. Please select a different time.'],
  limit: ['limit_reached', 'This day is fully booked for this event type. Please select a different day.'],
};

export function rejection(reason: SlotRejection): AppError {
  return reason === 'busy' ? slotTaken() : new AppError(...REJECTIONS[reason]);
}

function span(req: Requested): { start: number; end: number | undefined } {
  const start = toMs(req.startTime);
  const end = req.endTime ? toMs(req.endTime) : undefined;
  if (!Number.isFinite(start) || (end !== undefined && !Number.isFinite(end))) throw rejection('invalid');
  return { start, end };
}

/**
 * One writing RPC (create_booking, create_team_booking) as the service role, its row as PostgREST
 * would answer it. `args` are its arguments in order (the guest's columns as an object: the driver
 * writes jsonb itself).
 */
function write(db: Database, fn: 'create_booking' | 'create_team_booking', args: postgres.ParameterOrJSON<never>[]) {
  return serviceRpc<Record<string, unknown>>(db, fn, args, { notFoundMessage: EVENT_NOT_FOUND });
}

/** The booking as the api answers it: camelCase, with its event type's title and duration (never the manage token's hash). */
function answer(row: Record<string, unknown>, eventType: { title: string; duration: number }) {
  const { manage_token_hash: _hash, ...columns } = row;
  return { ...camelize<Record<string, unknown> & { id: number; uid: string }>(columns), eventType: { title: eventType.title, duration: eventType.duration } };
}

/**
 * A booking of a personal event type, by a guest or (POST /api/bookings) by its host for a guest. The
 * host is whoever the event_types read policy lets read it as the caller; a host's booking may go
 * inside the notice and the host's own horizon that keep guests away (still within the hours, the
 * 60-day maximum, and free).
 */
export async function bookPersonal(deps: BookingDeps, req: Requested & { eventTypeId: number }, host?: Actor) {
  const { start, end } = span(req);
  const now = deps.now?.() ?? new Date();
  // Read around the requested start: the duration is only known from the read, and no meeting is longer than a day.
  const read = await readPersonal(deps.db, req.eventTypeId, start, start + DAY_MS, now, {
    claims: host ? jwtClaims(host.accessToken) : null,
    own: host !== undefined,
  });
  const { schedule } = read;
  await deps.throttle(`user:${schedule.eventType.userId}`);

  const duration = schedule.eventType.duration * 60_000;
  const settings = host ? bookingForGuest(schedule.settings) : schedule.settings;
  const check = checkSlot({ ...read.rules, settings }, new Date(start), end === undefined ? undefined : new Date(end));
  if (!check.ok) throw rejection(check.reason);

  const row = await write(deps.db, 'create_booking', [
    schedule.eventType.id,
    new Date(start).toISOString(),
    new Date(start + duration).toISOString(),
    guestColumns(req),
  ]);
  return answer(row, schedule.eventType);
}

/**
 * Notice and the horizon keep guests away; a host (or a team member) booking for a guest may go inside
 * them, still within the hours, the 60-day maximum, the limits, and free.
 */
function bookingForGuest(settings: SchedulingSettings): SchedulingSettings {
  return { ...settings, minimumNotice: 0, maxFutureBookings: MAX_HORIZON_DAYS };
}

/** Attempts when the chosen member is taken between the read and the write. */
const ASSIGN_ATTEMPTS = 3;

/**
 * A booking of a team event type, by a guest or by a signed-in person for a guest: who may book it is
 * who may read it (a public team's active types for everyone, a private team's for its members), and
 * a member booking for a guest (the team's Create Booking) may go inside the notice and horizon, as a
 * host may. The member is chosen by the event type's strategy; if a concurrent booking takes that
 * member first, the choice is made again with fresh busy times.
 */
export async function bookTeam(deps: BookingDeps, req: Requested & { teamEventTypeId: number }, opts: { teamId?: number; caller?: Actor | null } = {}) {
  const { start, end } = span(req);
  const now = deps.now?.() ?? new Date();
  // Around the requested start, as for a personal booking; the team's bookings for fairness.
  const readOpts = { claims: opts.caller ? jwtClaims(opts.caller.accessToken) : null, teamId: opts.teamId, teamBookings: true };
  const readAgain = () => readTeam(deps.db, req.teamEventTypeId, start, start + DAY_MS, now, readOpts);
  let read = await readAgain();
  const { schedule } = read;
  await deps.throttle(`team:${schedule.eventType.teamId}`);

  const duration = schedule.eventType.duration * 60_000;
  const slot = { start: new Date(start), end: new Date(start + duration) };
  const settings = read.isMember ? bookingForGuest(schedule.settings) : schedule.settings;

  for (let attempt = 1; ; attempt++) {
    if (attempt > 1) read = await readAgain();
    const { members, bookings } = read;
    // The engine decides who is free (with buffers and time off); assignment only chooses among them.
    const check = checkSlot({ ...read.rules, settings }, slot.start, end === undefined ? undefined : new Date(end));
    if (!check.ok) throw rejection(check.reason);
    const chosen = chooseMembers({ ...schedule.eventType, members, free: check.free ?? [], bookings, slot, timeZone: schedule.teamTimeZone });
    if (!chosen.ok) throw slotTaken();
    try {
      const row = await write(deps.db, 'create_team_booking', [
        schedule.eventType.id,
        slot.start.toISOString(),
        slot.end.toISOString(),
        guestColumns(req),
        // A Postgres array literal of uuids (never quoted text), or none.
        chosen.memberIds ? `{${chosen.memberIds.join(',')}}` : null,
      ]);
      return answer(row, schedule.eventType);
    } catch (error) {
      const lostRace = error instanceof AppError && error.code === 'slot_taken';
      if (!lostRace || attempt >= ASSIGN_ATTEMPTS || schedule.eventType.requiresAllMembers) throw error;
    }
  }
}
