// Reads what the slot engine needs for a personal or team event type: weekly rules, date overrides,
// time off, busy intervals (bookings and connected calendars), the event type's own rules and the
// bookings its limits count, in one SQL call (private.slot_inputs). Whether the visitor may book the
// event type at all is asked inside it of the database as the visitor (their JWT claims, or anon for
// a guest): public_event_type holds a guest's checks for a personal type, the team_event_types read
// policy decides for a team type. Only dates, booleans and busy intervals leave the database, never
// guest data or time-off notes.
import type { MemberBooking, MemberBusy, TeamEventTypeRules, TeamMember } from '../rules/assignment.ts';
import { teamSlotMembers } from '../rules/assignment.ts';
import { type EventRuleColumns, eventRulesOf } from '../rules/event-types.ts';
import { overridesFromRows } from '../rules/overrides.ts';
import { DEFAULT_SETTINGS, type SchedulingSettings, TEAM_SETTINGS } from '../rules/constants.ts';
import { type SettingsColumns, settingsFromColumns } from '../rules/settings.ts';
import { type AvailabilityRule, effectiveSettings, type EventRules, type SlotRules } from '../rules/slots.ts';
import type postgres from 'postgres';
import { type Database, query } from '../db/connection.ts';
import { notFound } from '../rules/errors.ts';

export const EVENT_NOT_FOUND = "The event type you're looking for doesn't exist.";
export const TEAM_EVENT_NOT_FOUND = "The team event type you're looking for doesn't exist.";

export interface PersonalEventType {
  id: number;
  userId: string;
  title: string;
  duration: number;
  autoConfirm: boolean;
  rules: Required<EventRules>;
}

export interface PersonalSchedule {
  eventType: PersonalEventType;
  hostTimeZone: string;
  availability: AvailabilityRule[];
  /** The host's settings under the event type's own rules. */
  settings: SchedulingSettings;
}

export interface TeamEventType extends TeamEventTypeRules {
  id: number;
  teamId: number;
  title: string;
  duration: number;
  autoConfirm: boolean;
  rules: Required<EventRules>;
}

export interface TeamSchedule {
  eventType: TeamEventType;
  teamTimeZone: string;
  availability: AvailabilityRule[];
  /** The team's defaults under the event type's own rules. */
  settings: SchedulingSettings;
  /** Members in join order, each with their own zone (their days off are read in it). */
  members: (TeamMember & { timeZone: string })[];
}

type EventRow = EventRuleColumns & { id: number; title: string; duration: number; auto_confirm: boolean; is_active: boolean };
/** [day of week, start, end, enabled] */
type RuleRow = [number, string, string, boolean];
/** [user id, start date, end date] */
type TimeOffRow = [string, string, string];

/** What private.slot_inputs answers (see its migration). */
interface Inputs {
  version: string;
  event: EventRow & {
    user_id?: string;
    team_id?: number;
    requires_all_members?: boolean;
    assignment_type?: TeamEventTypeRules['assignmentType'];
    specific_member_id?: string | null;
    timezone?: string | null;
  };
  zone?: string | null;
  settings?: SettingsColumns | null;
  /** Is the viewer a member of the team (as the viewer reads the membership)? */
  is_member?: boolean;
  /** [user id, joined at, time zone] in join order. */
  members?: [string, string, string | null][];
  rules: RuleRow[];
  overrides: [string, string | null, string | null][];
  time_off: TimeOffRow[];
  /** Per person: [user id, [[start ms, end ms], …]] */
  busy: [string, [number, number][]][];
  booked: number[];
  /** [assigned user id, start, created at, status] */
  team_bookings?: [string, string, string, string][] | null;
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
  /** Also read the team's open assigned bookings, for assignment. */
  teamBookings?: boolean;
  /** Inputs read earlier, reused while their schedule version is current (a slot listing's, not a booking's). */
  cache?: InputsCache;
}

/**
 * The last inputs read per event type and window, with the version they were read at. A host's busy
 * time is most of them (2,000 intervals for a busy host): while the version is current, the database
 * answers only {version, stale, is_member} and these are used again. Every change to the inputs raises
 * the version in its own transaction, as for the ETag; the least recently used entry goes first.
 */
export class InputsCache {
  private readonly entries = new Map<string, Inputs>();
  constructor(private readonly size = 128) {}

  get(key: string): Inputs | undefined {
    const held = this.entries.get(key);
    if (held) {
      this.entries.delete(key);
      this.entries.set(key, held);
    }
    return held;
  }

  set(key: string, inputs: Inputs) {
    this.entries.delete(key);
    this.entries.set(key, inputs);
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
  }
}

/** Options without a held version: the inputs are always read. */
type Unconditional = ReadOptions & { ifVersion?: undefined };

async function read(db: Database, ids: { eventTypeId?: number; teamEventTypeId?: number }, from: number, to: number, o: ReadOptions) {
  // Who may book is asked every time; what the inputs are, only when the version moved.
  const key = o.cache && `${ids.eventTypeId ?? ''}/${ids.teamEventTypeId ?? ''}/${from}/${to}/${o.teamId ?? ''}/${o.teamBookings ?? false}`;
  const held = key ? o.cache!.get(key) : undefined;
  const ifVersion = o.ifVersion ?? held?.version;
  const rows = await query(db, (sql) =>
    sql`select private.slot_inputs(${o.claims ? sql.json(o.claims as postgres.JSONValue) : null}::jsonb, ${ids.eventTypeId ?? null}::bigint,
      ${ids.teamEventTypeId ?? null}::bigint, ${new Date(from).toISOString()}::timestamptz, ${new Date(to).toISOString()}::timestamptz,
      ${ifVersion ?? null}::text, ${o.teamId ?? null}::bigint, ${o.own ?? false}::boolean, ${o.staleBefore?.toISOString() ?? null}::timestamptz,
      ${o.teamBookings ?? false}::boolean) as inputs`,
  );
  const i = rows[0].inputs as Inputs | null;
  if (!key || !i) return i;
  if (i.event) o.cache!.set(key, i);
  // Current: the caller's ETag (not modified) first, else the held copy with what the version does not cover.
  else if (o.ifVersion === undefined && held && i.version === held.version) return { ...held, stale: i.stale, is_member: i.is_member };
  return i;
}

const toRule = ([dayOfWeek, startTime, endTime, isEnabled]: RuleRow): AvailabilityRule => ({ dayOfWeek, startTime, endTime, isEnabled });
const toTimeOff = ([userId, startDate, endDate]: TimeOffRow) => ({ userId, startDate, endDate });
const toBusy = (rows: Inputs['busy']): MemberBusy[] =>
  rows.flatMap(([userId, spans]) => spans.map(([start, end]) => ({ userId, start, end })));

/** The schedule's version (the ETag of its slot lists), and whether a calendar cache is stale. */
export interface Versioned {
  version: string;
  stale: boolean;
}

/** Reads one kind of event type over [from, to): 'not-modified' when `opts.ifVersion` is current. */
interface Reader<R> {
  (db: Database, id: number, from: number, to: number, now: Date, opts?: Unconditional): Promise<R>;
  (db: Database, id: number, from: number, to: number, now: Date, opts: ReadOptions): Promise<R | 'not-modified'>;
}

/** The reader of `target`: 404 (`missing`) when the viewer may not book it, else `build` of the inputs. */
function reader<R>(target: 'eventTypeId' | 'teamEventTypeId', missing: string, build: (i: Inputs, now: Date) => R): Reader<R> {
  return (async (db: Database, id: number, from: number, to: number, now: Date, opts: ReadOptions = {}) => {
    const i = await read(db, { [target]: id }, from, to, opts);
    if (!i) throw notFound(missing);
    if (!i.event) return 'not-modified';
    return build(i, now);
  }) as Reader<R>;
}

function common(i: Inputs, now: Date) {
  const eventRules = eventRulesOf(i.event);
  return {
    eventRules,
    rules: {
      availability: i.rules.map(toRule),
      overrides: overridesFromRows(i.overrides.map(([date, start_time, end_time]) => ({ date, start_time, end_time }))),
      duration: i.event.duration,
      slotInterval: eventRules.slotInterval,
      limits: { perDay: eventRules.maxBookingsPerDay, perWeek: eventRules.maxBookingsPerWeek, booked: i.booked },
      now,
    },
  };
}

/**
 * A personal event type's schedule and the slot engine's rules over [from, to); 'not-modified' when
 * `ifVersion` is current. One the viewer may not book (inactive, missing) is 404.
 */
export type PersonalRead = Versioned & { schedule: PersonalSchedule; rules: SlotRules };
export const readPersonal = reader<PersonalRead>('eventTypeId', EVENT_NOT_FOUND, (i, now) => {
  const { eventRules, rules } = common(i, now);
  const hostSettings = i.settings ? settingsFromColumns(i.settings) : DEFAULT_SETTINGS;
  const schedule: PersonalSchedule = {
    eventType: { id: i.event.id, userId: i.event.user_id!, title: i.event.title, duration: i.event.duration, autoConfirm: i.event.auto_confirm, rules: eventRules },
    hostTimeZone: i.zone ?? 'UTC',
    availability: rules.availability,
    settings: effectiveSettings(hostSettings, eventRules),
  };
  return {
    version: i.version,
    stale: i.stale,
    schedule,
    rules: { ...rules, timeOff: i.time_off.map(toTimeOff), hostTimeZone: schedule.hostTimeZone, settings: schedule.settings, busy: toBusy(i.busy) },
  };
});

/**
 * A team event type's schedule and the slot engine's rules over [from, to), with each candidate
 * member's busy time and days off; `members` is who assignment chooses among once `checkSlot` has
 * named the free ones, `bookings` (with `teamBookings`) its fairness. 'not-modified' when `ifVersion` is current; 404 when
 * the viewer may not book it.
 */
export type TeamRead = Versioned & {
  schedule: TeamSchedule;
  rules: SlotRules;
  members: TeamMember[];
  bookings: MemberBooking[];
  /** The viewer is a member of the team. */
  isMember: boolean;
};
export const readTeam = reader<TeamRead>('teamEventTypeId', TEAM_EVENT_NOT_FOUND, (i, now) => {
  const { eventRules, rules } = common(i, now);
  const e = i.event;
  const schedule: TeamSchedule = {
    eventType: {
      id: e.id,
      teamId: e.team_id!,
      title: e.title,
      duration: e.duration,
      autoConfirm: e.auto_confirm,
      assignmentType: e.assignment_type!,
      specificMemberId: e.specific_member_id ?? null,
      requiresAllMembers: e.requires_all_members!,
      rules: eventRules,
    },
    teamTimeZone: e.timezone ?? 'UTC',
    availability: rules.availability,
    settings: effectiveSettings(TEAM_SETTINGS, eventRules),
    members: (i.members ?? []).map(([userId, joinedAt, zone]) => ({ userId, joinedAt, timeZone: zone ?? 'UTC' })),
  };
  const timeOff = i.time_off.map(toTimeOff);
  const busy = toBusy(i.busy);
  const members: TeamMember[] = schedule.members.map((m) => ({ ...m, timeOff: timeOff.filter((t) => t.userId === m.userId) }));
  return {
    version: i.version,
    stale: i.stale,
    schedule,
    rules: { ...rules, hostTimeZone: schedule.teamTimeZone, settings: schedule.settings, ...teamSlotMembers(members, busy, schedule.eventType) },
    members,
    bookings: (i.team_bookings ?? []).map(([userId, start, createdAt, status]) => ({ userId, start, createdAt, status })),
    isMember: i.is_member ?? false,
  };
});
