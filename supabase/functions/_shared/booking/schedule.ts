// Reads what the slot engine needs for an event type, a host's or a team's: weekly rules, date
// overrides, time off, busy intervals (bookings and connected calendars), the event type's own rules
// and the bookings its limits count, in one SQL call (private.slot_inputs). Whether the visitor may book
// the event type at all is asked inside it of the database as the visitor (their JWT claims, or anon
// for a guest): public_event_type holds a guest's checks for a host's type, the event_types read policy
// decides for a team's. Only dates, booleans and busy intervals leave the database, never guest data or
// time-off notes.
import type { MemberTally, TeamEventTypeRules, TeamMember } from '../rules/assignment.ts';
import type { Interval } from '../rules/intervals.ts';
import { teamSlotMembers } from '../rules/assignment.ts';
import { type EventRuleColumns, eventRulesOf } from '../rules/event-types.ts';
import { overridesFromRows } from '../rules/overrides.ts';
import { DEFAULT_SETTINGS, type SchedulingSettings, type SeriesFrequency, TEAM_SETTINGS } from '../rules/constants.ts';
import { type SettingsColumns, settingsFromColumns } from '../rules/settings.ts';
import { type AvailabilityRule, effectiveSettings, type EventRules, type SlotRules } from '../rules/slots.ts';
import { LRUCache } from 'lru-cache';
import { firstComputes } from './first-computes.ts';
import type postgres from 'postgres';
import { type Database, query } from '../db/connection.ts';
import { notFound } from '../rules/errors.ts';
import { ruleMessage } from '../rules/messages.ts';
import type { LocationKind } from '../rules/schemas.ts';
import type { GuestFieldsConfig, Question } from '../rules/questions.ts';

export const EVENT_NOT_FOUND = ruleMessage('eventTypeMissing');
export const TEAM_EVENT_NOT_FOUND = ruleMessage('teamEventTypeMissing');

/**
 * An event type as a caller names it: a host's (`eventTypeId` in the /api and the slots query) or a
 * team's (`teamEventTypeId`). One table holds both; the kind named must be the kind it is.
 */
export interface EventTypeRef {
  id: number;
  team: boolean;
}

/** The reference a request body or query names: `teamEventTypeId` for a team's, else `eventTypeId`. */
export function eventTypeRef(named: { eventTypeId?: number; teamEventTypeId?: number }): EventTypeRef {
  return named.teamEventTypeId !== undefined ? { id: named.teamEventTypeId, team: true } : { id: named.eventTypeId!, team: false };
}

/** Who owns an event type: a host, or a team (with how its bookings find a member). */
export type Owner = { userId: string; teamId?: undefined } | ({ teamId: number; userId?: undefined } & TeamEventTypeRules);

export interface ScheduledEventType {
  id: number;
  owner: Owner;
  title: string;
  duration: number;
  autoConfirm: boolean;
  rules: Required<EventRules>;
  /** The kinds of place it offers, in the host's order. */
  locationKinds: LocationKind[];
  /** What the guest's form asks: the host's questions, and how phone, company and notes are asked. */
  questions: Question[];
  guestFields: GuestFieldsConfig;
  /** How many other people the guest may invite (rules/attendees.ts). */
  maxExtraAttendees: number;
  /** The series a guest may book (docs/series.md): null allows none. */
  recurrence: { frequencies: SeriesFrequency[]; maxCount: number } | null;
}

export interface Schedule {
  eventType: ScheduledEventType;
  /** The owner's zone: the host's, or the team's. */
  timeZone: string;
  availability: AvailabilityRule[];
  /** The host's settings (a team's defaults) under the event type's own rules. */
  settings: SchedulingSettings;
  /** A team's members in join order, each with their own zone (their days off are read in it); none for a host. */
  members: (TeamMember & { timeZone: string })[];
}

type EventRow = EventRuleColumns & {
  id: number;
  user_id: string | null;
  team_id: number | null;
  title: string;
  duration: number;
  auto_confirm: boolean;
  is_active: boolean;
  requires_all_members: boolean | null;
  assignment_type: TeamEventTypeRules['assignmentType'] | null;
  specific_member_id: string | null;
  timezone: string | null;
  location_kinds: LocationKind[];
  questions: Question[];
  guest_fields: GuestFieldsConfig;
  max_extra_attendees: number;
  seats_per_slot: number | null;
  recurrence_frequencies: SeriesFrequency[];
  recurrence_max_count: number | null;
};
/** [day of week, start, end, enabled] */
type RuleRow = [number, string, string, boolean];
/** [user id, start date, end date] */
type TimeOffRow = [string, string, string];

/** What private.slot_inputs answers (see its migration). */
interface Inputs {
  version: string;
  event: EventRow;
  settings?: SettingsColumns | null;
  /** Is the viewer the host, or a member of the team (as the viewer reads the membership)? */
  is_member?: boolean | null;
  /** [user id, joined at, time zone] in join order; a team's only. */
  members?: [string, string, string | null][] | null;
  rules: RuleRow[];
  overrides: [string, string | null, string | null][];
  time_off: TimeOffRow[];
  /** Per person: [user id, [[start ms, end ms], …]] */
  busy: [string, [number, number][]][];
  booked: number[];
  /** A group event's slots with seats taken: [start ms, end ms, seats left] (private.seats_json). */
  seats: [number, number, number][];
  /** [member id, the latest booked (ms), in the week of `tallyAt`] (assignment's MemberTally) */
  tallies?: [string, number, number][] | null;
  stale: boolean;
}

export interface ReadOptions {
  /** The signed-in viewer's verified JWT claims; none for a guest. */
  claims?: Record<string, unknown> | null;
  /** A team the team event type must belong to. */
  teamId?: number;
  /** The personal event type must also be the viewer's own (its host books for a guest). */
  own?: boolean;
  /** The version the caller holds: when it is current, nothing else is read ('not-modified'). */
  ifVersion?: string;
  /** Report whether a connected calendar of these people was last tried before this instant. */
  staleBefore?: Date;
  /** Also read what assignment weighs of each member's bookings (MemberTally) for a slot starting then. */
  tallyAt?: Date;
  /** Inputs read earlier, reused while their schedule version is current (a slot listing's, not a booking's). */
  cache?: InputsCache;
}

/**
 * The last inputs read per event type and window, with the version they were read at. A host's busy
 * time is most of them (2,000 intervals for a busy host): while the version is current, the database
 * answers only {version, stale, is_member} and these are used again. Every change to the inputs raises
 * the version in its own transaction, as for the ETag; the least recently used entry goes first.
 */
export type InputsCache = LRUCache<string, Inputs>;

/** A process's inputs cache: 128 windows. */
export const inputsCache = (): InputsCache => new LRUCache({ max: 128 });

/** Options without a held version: the inputs are always read. */
type Unconditional = ReadOptions & { ifVersion?: undefined };

/** One call of private.slot_inputs; with `ifVersion`, it answers only {version, stale, is_member}. */
async function inputs(db: Database, ref: EventTypeRef, from: number, to: number, o: ReadOptions, ifVersion: string | undefined) {
  const rows = await query(db, (sql) =>
    sql`select private.slot_inputs(${o.claims ? sql.json(o.claims as postgres.JSONValue) : null}::jsonb, ${ref.id}::bigint,
      ${ref.team}::boolean, ${new Date(from).toISOString()}::timestamptz, ${new Date(to).toISOString()}::timestamptz,
      ${ifVersion ?? null}::text, ${o.teamId ?? null}::bigint, ${o.own ?? false}::boolean, ${o.staleBefore?.toISOString() ?? null}::timestamptz,
      ${o.tallyAt?.toISOString() ?? null}::timestamptz) as inputs`,
  );
  return rows[0].inputs as Inputs | null;
}

/** Reads of inputs that moved on, by window and version (first-computes.ts). */
const READING = new Map<string, Promise<Inputs | null>>();

async function read(db: Database, ref: EventTypeRef, from: number, to: number, o: ReadOptions) {
  // Who may book is asked every time; what the inputs are, only when the version moved.
  const key = o.cache && `${ref.team ? 'team' : 'user'}/${ref.id}/${from}/${to}/${o.teamId ?? ''}/${o.tallyAt?.getTime() ?? ''}`;
  const held = key ? o.cache!.get(key) : undefined;
  const ifVersion = o.ifVersion ?? held?.version;
  const i = await inputs(db, ref, from, to, o, ifVersion);
  if (ifVersion === undefined || !i) {
    if (key && i) o.cache!.set(key, i);
    return i;
  }
  // Current: the caller's ETag (not modified) first, else the held copy with what the version does not cover.
  if (i.version === o.ifVersion) return i;
  const viewer = { stale: i.stale, is_member: i.is_member };
  if (held && i.version === held.version) return { ...held, ...viewer };
  if (!key) return inputs(db, ref, from, to, o, undefined);
  // Moved on: read once for all of this process's requests that saw the same version (a booking on a big
  // team's page would otherwise have each open connection read its 100,000 busy intervals).
  const cache = o.cache!;
  const kept = () => cache.get(key)?.version === i.version;
  const fresh = await firstComputes(READING, `${key}@${i.version}`, kept, async () => {
    if (kept()) return cache.get(key)!;
    const full = await inputs(db, ref, from, to, o, undefined);
    if (full) cache.set(key, full);
    return full;
  });
  return fresh && { ...fresh, ...viewer };
}

const toRule = ([dayOfWeek, startTime, endTime, isEnabled]: RuleRow): AvailabilityRule => ({ dayOfWeek, startTime, endTime, isEnabled });
const toTimeOff = ([userId, startDate, endDate]: TimeOffRow) => ({ userId, startDate, endDate });
/**
 * Each person's busy intervals, read once per answer: the slot listing's cache hands the same rows back
 * while the version holds, and the same lists let the slot engine keep their merged spans (slots.ts).
 */
const BUSY = new WeakMap<Inputs['busy'], Map<string, Interval[]>>();
function busyOf(rows: Inputs['busy']): Map<string, Interval[]> {
  let byPerson = BUSY.get(rows);
  if (!byPerson) BUSY.set(rows, (byPerson = new Map(rows.map(([userId, spans]) => [userId, spans.map(([start, end]) => ({ start, end }))]))));
  return byPerson;
}

function ownerOf(e: EventRow): Owner {
  if (e.team_id === null) return { userId: e.user_id! };
  return { teamId: e.team_id, assignmentType: e.assignment_type!, specificMemberId: e.specific_member_id, requiresAllMembers: e.requires_all_members! };
}

/**
 * An event type's schedule and the slot engine's rules over [from, to); 'not-modified' when
 * `ifVersion` is current; 404 when the viewer may not book it (inactive, missing, another kind than
 * `ref` names, or not the path's team). For a team, the engine also gets each candidate member's busy
 * time and days off, `members` is who assignment chooses among once `checkSlot` has named the free
 * ones, and `tallies` (with `tallyAt`) what its fairness weighs; for a host, the host's own.
 */
export interface ScheduleRead {
  version: string;
  stale: boolean;
  schedule: Schedule;
  rules: SlotRules;
  members: TeamMember[];
  tallies: Map<string, MemberTally>;
  /** The viewer is the host, or a member of the team. */
  isMember: boolean;
  /** The people whose busy time the slots are computed from: the host, or the team's members. */
  people: string[];
}

export function readSchedule(db: Database, ref: EventTypeRef, from: number, to: number, now: Date, opts?: Unconditional): Promise<ScheduleRead>;
export function readSchedule(db: Database, ref: EventTypeRef, from: number, to: number, now: Date, opts: ReadOptions): Promise<ScheduleRead | 'not-modified'>;
export async function readSchedule(db: Database, ref: EventTypeRef, from: number, to: number, now: Date, opts: ReadOptions = {}): Promise<ScheduleRead | 'not-modified'> {
  const i = await read(db, ref, from, to, opts);
  if (!i) throw notFound(ref.team ? TEAM_EVENT_NOT_FOUND : EVENT_NOT_FOUND);
  if (!i.event) return 'not-modified';
  const e = i.event;
  const eventRules = eventRulesOf(e);
  const owner = ownerOf(e);
  const defaults = owner.teamId !== undefined ? TEAM_SETTINGS : i.settings ? settingsFromColumns(i.settings) : DEFAULT_SETTINGS;
  const schedule: Schedule = {
    eventType: { id: e.id, owner, title: e.title, duration: e.duration, autoConfirm: e.auto_confirm, rules: eventRules, locationKinds: e.location_kinds,
      questions: e.questions, guestFields: e.guest_fields, maxExtraAttendees: e.max_extra_attendees,
      recurrence: e.recurrence_max_count === null ? null : { frequencies: e.recurrence_frequencies, maxCount: e.recurrence_max_count } },
    timeZone: e.timezone ?? 'UTC',
    availability: i.rules.map(toRule),
    settings: effectiveSettings(defaults, eventRules),
    members: (i.members ?? []).map(([userId, joinedAt, zone]) => ({ userId, joinedAt, timeZone: zone ?? 'UTC' })),
  };
  const timeOff = i.time_off.map(toTimeOff);
  const busy = busyOf(i.busy);
  const members: TeamMember[] = schedule.members.map((m) => ({ ...m, timeOff: timeOff.filter((t) => t.userId === m.userId) }));
  const common: SlotRules = {
    availability: schedule.availability,
    overrides: overridesFromRows(i.overrides.map(([date, start_time, end_time]) => ({ date, start_time, end_time }))),
    duration: e.duration,
    slotInterval: eventRules.slotInterval,
    limits: { perDay: eventRules.maxBookingsPerDay, perWeek: eventRules.maxBookingsPerWeek, booked: i.booked },
    now,
    hostTimeZone: schedule.timeZone,
    settings: schedule.settings,
    ...(e.seats_per_slot !== null && {
      seats: { perSlot: e.seats_per_slot, taken: i.seats.map(([start, end, left]) => ({ start, end, left })) },
    }),
  };
  // A host is busy and away as themself; a team's slot needs a free member (or all of them).
  const rules: SlotRules =
    owner.teamId !== undefined ? { ...common, ...teamSlotMembers(members, busy, owner) } : { ...common, timeOff, busy: busy.get(owner.userId) ?? [] };
  return {
    version: i.version,
    stale: i.stale,
    schedule,
    rules,
    members,
    tallies: new Map((i.tallies ?? []).map(([userId, lastBooked, inWeek]) => [userId, { lastBooked, inWeek }])),
    isMember: i.is_member ?? false,
    people: owner.teamId !== undefined ? schedule.members.map((m) => m.userId) : [owner.userId],
  };
}
