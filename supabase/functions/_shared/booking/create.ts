// The one implementation of creating a booking of a host's or a team's event type, used by the
// `bookings` function and by the api's POST /api/bookings, /api/bookings/public and
// /api/teams/:id/bookings. The client's requested time
// is re-validated with the slot engine (a client cannot book a time it was not offered), the member is
// chosen by the team's strategy, and one atomic RPC writes; the exclusion constraint settles races.
// The writing RPCs are the service role's alone, so this module is the only door to a new booking:
// whether the visitor may book at all is asked of the database as the visitor (schedule.ts), and every
// rule the engine checks is checked here before the write.
// The read, the throttle and the write each take one call over the functions' own database connection
// (no REST hop); the write runs as the service role, as through the API.
// No HTTP here: the caller passes the database connection, a throttle and the clock; failures are AppErrors.
import { AppError, failure, invalid, slotTaken } from '../rules/errors.ts';
import { ruleMessage, type RuleId } from '../rules/messages.ts';
import { chooseMembers } from '../rules/assignment.ts';
import { guestColumns, type GuestDetails } from '../rules/bookings.ts';
import { e164Phone, PHONE_RULE } from '../rules/phone.ts';
import { guestAttendees } from '../rules/attendees.ts';
import { answerSnapshot, askedGuestFields, guestAnswers, type GuestFieldsConfig, type StoredAnswer } from '../rules/questions.ts';
import { MAX_HORIZON_DAYS, type SchedulingSettings } from '../rules/constants.ts';
import { checkSlot, type SlotRejection } from '../rules/slots.ts';
import { DAY_MS, toMs } from '../rules/time.ts';
import { type Database, jwtClaims, query, serviceRpc } from '../db/connection.ts';
import { newBookingIdentity } from '../lifecycle/manage-token.ts';
import { EVENT_NOT_FOUND, eventTypeRef, readSchedule, type ScheduledEventType } from './schedule.ts';
import { bookingColumns, camelize } from '../db/shapes.ts';
import type { SeriesChoice } from '../rules/schemas.ts';
import { allowSeries, checkOccurrences, occurrenceRules, seriesReach, seriesStarts, weekAround } from './series.ts';

export interface Requested extends GuestDetails {
  startTime: string;
  endTime?: string | null;
}

export interface BookingDeps {
  /** The functions' database connection: whether the visitor may book and every input of the re-check in one call; the write in another. */
  db: Database;
  /** Counts one booking attempt against a calendar ('user:<id>' or 'team:<id>'); throws `rate_limited`. */
  throttle: (calendar: string) => Promise<void>;
  /** The functions' secret of guests' manage links (BOOKING_TOKEN_SECRET): a booking is written with its link's hash. */
  tokenSecret?: string;
  now?: () => Date;
}

/** A signed-in person booking for a guest: their id and verified access token (the database decides as them). */
export interface Actor {
  id: string;
  accessToken: string;
}

const REJECTIONS: Record<Exclude<SlotRejection, 'busy'>, [AppError['code'], RuleId]> = {
  invalid: ['invalid_time', 'invalidTime'],
  wrong_duration: ['wrong_duration', 'wrongDuration'],
  past: ['slot_in_past', 'slotInPast'],
  notice: ['slot_too_soon', 'slotTooSoon'],
  horizon: ['slot_too_far', 'slotTooFar'],
  outside_hours: ['slot_outside_hours', 'slotOutsideHours'],
  limit: ['limit_reached', 'limitReached'],
};

export function rejection(reason: SlotRejection): AppError {
  if (reason === 'busy') return slotTaken();
  const [code, id] = REJECTIONS[reason];
  return failure(code, { id });
}

function span(req: Requested): { start: number; end: number | undefined } {
  const start = toMs(req.startTime);
  const end = req.endTime ? toMs(req.endTime) : undefined;
  if (!Number.isFinite(start) || (end !== undefined && !Number.isFinite(end))) throw rejection('invalid');
  return { start, end };
}

/** The booking as the api answers it: camelCase, its event type named as its kind is (`teamEventTypeId` for a team's), with the event type's title and duration (never the manage token's hash). */
function answer(row: Record<string, unknown>, eventType: { title: string; duration: number }) {
  const { manage_token_hash: _hash, ...columns } = row;
  return { ...camelize<Record<string, unknown> & { id: number; uid: string; status: string }>(bookingColumns(columns)), eventType: { title: eventType.title, duration: eventType.duration } };
}

/** A seat's answer says how many seats of its slot are left, counted after it was written (others may have taken theirs meanwhile). */
async function seatsLeft(db: Database, seatSlotId: number | null): Promise<{ seatsLeft?: number }> {
  if (seatSlotId === null) return {};
  const [row] = await query(db, (sql) => sql<{ left: number }[]>`select private.seats_left(${seatSlotId}::bigint) as left`);
  return { seatsLeft: row!.left };
}

/**
 * Notice and the horizon keep guests away; a host or a team member booking for a guest may go inside
 * them, still within the hours, the 60-day maximum, the limits, and free.
 */
function bookingForGuest(settings: SchedulingSettings): SchedulingSettings {
  return { ...settings, minimumNotice: 0, maxFutureBookings: MAX_HORIZON_DAYS };
}

/**
 * The guest's place among the event type's `kinds`: the one they chose, or the only one offered. When
 * the host calls them, their phone must be a real number (libphonenumber-js), kept in E.164; the database
 * checks the kind is offered (private.booking_location).
 */
function withChosenPlace<G extends GuestDetails>(guest: G, kinds: readonly string[]): G {
  const locationKind = guest.locationKind ?? (kinds.length === 1 ? kinds[0] : undefined);
  if (locationKind !== 'phone_host_calls') return { ...guest, locationKind };
  const guestPhone = e164Phone(guest.guestPhone);
  if (!guestPhone) throw invalid(PHONE_RULE);
  return { ...guest, locationKind, guestPhone };
}

/**
 * The guest's form as the event type asks it: phone, company and notes as the host set them, the
 * answers to its questions, checked with the schema the guest's form uses (rules/questions.ts), kept
 * with their labels and types, and the other people the guest invites (rules/attendees.ts). A host or
 * team member booking for a guest may leave required ones empty (they may not know), never give a
 * wrong one.
 */
function askedForm<G extends GuestDetails>(guest: G, eventType: ScheduledEventType, forGuest: boolean): G & { answers: StoredAnswer[]; attendees: string[] } {
  const asked = askedGuestFields(forGuest ? relaxed(eventType.guestFields) : eventType.guestFields, guest, guest.locationKind === 'phone_host_calls');
  if ('errors' in asked) throw invalid(Object.values(asked.errors)[0]!);
  const questions = forGuest ? eventType.questions.map((q) => ({ ...q, required: false })) : eventType.questions;
  return {
    ...asked.values,
    answers: answerSnapshot(eventType.questions, guestAnswers(questions, guest.answers)),
    attendees: guestAttendees(eventType.maxExtraAttendees, guest.guestEmail, guest.attendees),
  };
}

const relaxed = (fields: GuestFieldsConfig): GuestFieldsConfig =>
  Object.fromEntries(Object.entries(fields).map(([field, mode]) => [field, mode === 'required' ? 'optional' : mode])) as GuestFieldsConfig;

/** Attempts when the chosen member is taken between the read and the write. */
const ASSIGN_ATTEMPTS = 3;

export interface BookOptions {
  /** The signed-in person booking for a guest (their claims decide what they may book); none for a guest. */
  caller?: Actor | null;
  /** A host's event type must be the caller's own (POST /api/bookings: its host books for a guest). */
  own?: boolean;
  /** A team the event type must belong to (the path's team). */
  teamId?: number;
  /** The caller sends the guest to pay a paid event type's booking (the bookings function); elsewhere one is refused. */
  payment?: boolean;
}

/**
 * What the schedule is read as for a booking starting at `start` (a series': its first): the caller's
 * claims and the event type's owner it must be; a team's members' tallies there, for fairness.
 */
const readOptions = (opts: BookOptions, team: boolean, start: number) => ({
  claims: opts.caller ? jwtClaims(opts.caller.accessToken) : null,
  own: opts.own,
  teamId: opts.teamId,
  ...(team && { tallyAt: new Date(start) }),
});

/**
 * A booking of an event type, a host's or a team's, by a guest or by a signed-in person for a guest.
 * Who may book it is who may read it: a host's active type by its link, a public team's active types
 * for everyone, a private team's for its members. The host or a team member booking for a guest (the
 * team's Create Booking) may go inside the notice and horizon. A team's member is chosen by the event
 * type's strategy; if a concurrent booking takes that member first, the choice is made again with
 * fresh busy times.
 */
export async function book(deps: BookingDeps, req: Requested & { eventTypeId?: number; teamEventTypeId?: number }, opts: BookOptions = {}) {
  const { start, end } = span(req);
  const now = deps.now?.() ?? new Date();
  const ref = eventTypeRef(req);
  // Read for the requested start alone: the database widens the busy time it reads by the event's
  // duration and buffers, and the bookings its limits count by their week; a team's tallies for fairness.
  const readOpts = readOptions(opts, ref.team, start);
  const readAgain = () => readSchedule(deps.db, ref, start, start + 1, now, readOpts);
  // A paid booking's hold that ran out is no longer busy, but stands until the sweep releases it (within a
  // minute). Only a time refused as taken can be held by one: then they are released, and it is read
  // again. One statement of the functions' own role, where the service role's call is a transaction of three.
  let holdsReleased = false;
  const releaseOverdueHolds = async () => {
    holdsReleased = true;
    const [row] = await query(deps.db, (sql) => sql<{ released: number }[]>`select private.expire_overdue_holds(${new Date(start).toISOString()}::timestamptz,
      ${new Date(start + DAY_MS).toISOString()}::timestamptz) as released`);
    return row!.released > 0;
  };
  let read = await readAgain();
  const { schedule } = read;
  const guest = askedForm(withChosenPlace(req, schedule.eventType.locationKinds), schedule.eventType, read.isMember);
  const { owner } = schedule.eventType;
  await deps.throttle(owner.teamId !== undefined ? `team:${owner.teamId}` : `user:${owner.userId}`);

  // Written with the booking, so the guest's link works from the answer on without a second write.
  const identity = deps.tokenSecret ? await newBookingIdentity(deps.tokenSecret) : undefined;
  const duration = schedule.eventType.duration * 60_000;
  const slot = { start: new Date(start), end: new Date(start + duration) };
  const settings = read.isMember ? bookingForGuest(schedule.settings) : schedule.settings;

  for (let attempt = 1; ; attempt++) {
    if (attempt > 1) read = await readAgain();
    // The engine decides who is free (with buffers and time off); assignment only chooses among them.
    const check = checkSlot({ ...read.rules, settings }, slot.start, end === undefined ? undefined : new Date(end));
    const chosen = check.ok && owner.teamId !== undefined ? chooseMembers({ ...owner, members: read.members, free: check.free ?? [], tallies: read.tallies }) : undefined;
    const refusal = !check.ok ? rejection(check.reason) : chosen?.ok === false ? slotTaken() : undefined;
    if (refusal) {
      // Only busy time and the day's or week's count can be a hold's; a start in the past or outside the hours cannot.
      const holdable = check.ok || check.reason === 'busy' || check.reason === 'limit';
      if (holdable && !holdsReleased && (await releaseOverdueHolds())) continue;
      throw refusal;
    }
    const memberIds = chosen?.ok ? chosen.memberIds : [];
    try {
      const row = await serviceRpc<Record<string, unknown>>(
        deps.db,
        'create_booking',
        // A Postgres array literal of uuids (never quoted text; empty for a host's); the guest's columns as an object (the driver writes jsonb).
        // No series (null, null) for a single booking; its uid and link's hash, or the database draws a uid.
        [schedule.eventType.id, slot.start.toISOString(), slot.end.toISOString(), { ...guestColumns(guest), answers: guest.answers, attendees: guest.attendees }, `{${memberIds.join(',')}}`,
          null, null, identity?.uid ?? null, identity?.manageTokenHash ?? null],
        { notFoundMessage: EVENT_NOT_FOUND },
      );
      // Held for a payment nobody here will take: released at once.
      if (row.status === 'awaiting_payment' && !opts.payment) {
        await serviceRpc(deps.db, 'release_payment_hold', [row.id as number]);
        throw failure('payment_required', ruleMessage('paymentRequired'));
      }
      return { ...answer(row, schedule.eventType), ...(await seatsLeft(deps.db, row.seat_slot_id as number | null)) };
    } catch (error) {
      // Only a team's member can be chosen again; a host's time, or all members', is simply taken.
      const lostRace = error instanceof AppError && error.code === 'slot_taken';
      if (!lostRace || owner.teamId === undefined || owner.requiresAllMembers || attempt >= ASSIGN_ATTEMPTS) throw error;
    }
  }
}

/** A series some of whose occurrences are taken: nothing was written; `taken` names them (409). */
export class SeriesTaken extends AppError {
  constructor(readonly taken: string[]) {
    super('slot_taken', `Some occurrences of this series are not available: ${taken.join(', ')}`);
  }
}

/**
 * A guest's recurring series (docs/series.md): every occurrence the guest keeps is checked with the
 * slot engine as a single booking is (`checkOccurrences`), then the series and all of them are written
 * in one transaction (create_booking_series), where the exclusion constraint decides races for each.
 * Any taken occurrence, before the write or in it, is a SeriesTaken naming them all, nothing written.
 * A team's series goes to one member free at every occurrence, chosen by the strategy at the first.
 * The answer is the first occurrence's booking, with the series' id and occurrences.
 */
export async function bookSeries(deps: BookingDeps, req: Requested & { eventTypeId?: number; teamEventTypeId?: number; recurrence: SeriesChoice }, opts: BookOptions = {}) {
  const { start } = span(req);
  const { frequency, count, skip = [], moved = [] } = req.recurrence;
  const now = deps.now?.() ?? new Date();
  const ref = eventTypeRef(req);
  const readOpts = readOptions(opts, ref.team, start);
  const read = await readSchedule(deps.db, ref, start - 8 * DAY_MS, start + seriesReach(frequency, count) + 8 * DAY_MS, now, readOpts);
  const { schedule } = read;
  allowSeries(schedule.eventType, frequency, count);
  if (read.rules.seats) throw invalid(ruleMessage('groupSeries'));
  const guest = askedForm(withChosenPlace(req, schedule.eventType.locationKinds), schedule.eventType, read.isMember);
  const { owner } = schedule.eventType;
  await deps.throttle(owner.teamId !== undefined ? `team:${owner.teamId}` : `user:${owner.userId}`);

  const starts = seriesStarts(start, frequency, count, schedule.timeZone);
  const skipped = new Set(skip.map(toMs));
  if ([...skipped].some((s) => s === starts[0] || !starts.includes(s))) throw invalid(ruleMessage('skipLater'));
  // A moved occurrence stands for its rule's start (RECURRENCE-ID) and is booked at its own time.
  const movedTo = new Map(moved.map((m) => [toMs(m.from), toMs(m.to)]));
  if ([...movedTo.keys()].some((s) => s === starts[0] || !starts.includes(s) || skipped.has(s))) {
    throw invalid(ruleMessage('moveLater'));
  }
  for (const [from, to] of movedTo) {
    const week = weekAround(from, schedule.timeZone);
    if (!(to >= week.from && to < week.to)) throw invalid(ruleMessage('movedInWeek'));
  }
  const ruleStarts = starts.filter((s) => !skipped.has(s));
  const kept = ruleStarts.map((s) => movedTo.get(s) ?? s);
  const rules = { ...read.rules, settings: read.isMember ? bookingForGuest(schedule.settings) : schedule.settings };
  const taken = checkOccurrences(rules, kept, schedule.timeZone).filter((c) => !c.free).map((c) => c.start);
  if (taken.length) throw new SeriesTaken(taken);

  let memberIds: string[] = [];
  if (owner.teamId !== undefined && !owner.requiresAllMembers) {
    // One member for the whole series: one the engine finds free at every occurrence.
    const free = kept.map((s, i) => checkSlot(occurrenceRules(rules, kept, i), s)).map((c) => (c.ok ? (c.free ?? []) : []));
    const freeAtAll = free[0]!.filter((m) => free.every((f) => f.includes(m)));
    const chosen = chooseMembers({ ...owner, members: read.members, free: freeAtAll, tallies: read.tallies });
    if (!chosen.ok) throw new SeriesTaken(kept.map((s) => new Date(s).toISOString()));
    memberIds = chosen.memberIds;
  }
  const durationMs = schedule.eventType.duration * 60_000;
  const occurrences = kept.map((s, i) => ({ recurrenceId: new Date(ruleStarts[i]!).toISOString(), start: new Date(s).toISOString(), end: new Date(s + durationMs).toISOString() }));
  const written = await serviceRpc<{ seriesId: number; bookings: number[] } | { taken: string[] }>(
    deps.db,
    'create_booking_series',
    [
      schedule.eventType.id,
      frequency,
      schedule.timeZone,
      occurrences,
      `{${[...skipped].map((s) => new Date(s).toISOString()).join(',')}}`,
      { ...guestColumns(guest), answers: guest.answers, attendees: guest.attendees },
      `{${memberIds.join(',')}}`,
    ],
    { notFoundMessage: EVENT_NOT_FOUND },
  );
  if ('taken' in written) throw new SeriesTaken(written.taken.map((t) => new Date(t).toISOString()));
  const [row] = await query(deps.db, (sql) => sql<Record<string, unknown>[]>`select * from public.bookings where id = ${written.bookings[0]!}`);
  return { ...answer(row!, schedule.eventType), series: { id: written.seriesId, occurrences: occurrences.map(({ start: s, end: e }) => ({ start: s, end: e })) } };
}
