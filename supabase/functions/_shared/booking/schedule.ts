// Loads what the slot engine needs for a personal or team event type: weekly rules, date overrides,
// time off, busy intervals, the event type's own rules and the bookings its limits count. Whether the
// visitor may book the event type at all is asked of the database as the visitor (`viewer`: the
// caller's own client, or the anon one for a guest): for a personal type the public_event_type RPC
// holds a guest's checks, for a team type the team_event_types read policy decides. Only then does the
// service role read the rest. Only dates, booleans and busy intervals leave this module, never guest
// data or time-off notes.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { MemberBooking, MemberBusy, TeamEventTypeRules, TeamMember } from '../rules/assignment.ts';
import { teamSlotMembers } from '../rules/assignment.ts';
import { EVENT_RULE_COLUMNS, type EventRuleColumns, eventRulesOf } from '../rules/event-types.ts';
import { type OverrideRow, overridesFromRows } from '../rules/overrides.ts';
import { DEFAULT_SETTINGS, type SchedulingSettings, TEAM_SETTINGS } from '../rules/constants.ts';
import { SETTINGS_COLUMNS, type SettingsColumns, settingsFromColumns } from '../rules/settings.ts';
import { type AvailabilityRule, type DayRange, effectiveSettings, type EventRules, type SlotRules } from '../rules/slots.ts';
import { DAY_MS, toIsoString } from '../rules/time.ts';
import { fromDbError, type DbError } from '../db/errors.ts';
import { notFound } from '../rules/errors.ts';

export const EVENT_NOT_FOUND = "The event type you're looking for doesn't exist.";
export const TEAM_EVENT_NOT_FOUND = "The team event type you're looking for doesn't exist.";

/** The rows of a query (typed by the caller: the client is not generated from the schema), or its 4xx/5xx. */
function must<T>(result: { data: unknown; error: DbError | null }): T {
  if (result.error) throw fromDbError(result.error);
  return result.data as T;
}

type RuleRow = { day_of_week: number; start_time: string; end_time: string; is_enabled: boolean };

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

type EventRow = EventRuleColumns & { id: number; title: string; duration: number; auto_confirm: boolean; is_active: boolean };

/** An active personal event type the viewer may book, with its host's hours and settings. */
export async function loadPersonalSchedule(service: SupabaseClient, viewer: SupabaseClient, eventTypeId: number): Promise<PersonalSchedule> {
  const [bookable, found] = await Promise.all([
    viewer.rpc('public_event_type', { p_event_type_id: eventTypeId }).maybeSingle(),
    service.from('event_types').select(`id, user_id, title, duration, auto_confirm, is_active, ${EVENT_RULE_COLUMNS}`).eq('id', eventTypeId).maybeSingle(),
  ]);
  const row = must<(EventRow & { user_id: string }) | null>(found);
  if (!must<unknown>(bookable) || !row) throw notFound(EVENT_NOT_FOUND);
  const [profile, rules, settings] = await Promise.all([
    service.from('profiles').select('timezone').eq('id', row.user_id).maybeSingle(),
    service.from('availability_rules').select('day_of_week, start_time, end_time, is_enabled').eq('user_id', row.user_id),
    service.from('user_settings').select(SETTINGS_COLUMNS).eq('user_id', row.user_id).maybeSingle(),
  ]);
  const s = must<SettingsColumns | null>(settings);
  const eventRules = eventRulesOf(row);
  const hostSettings = s ? settingsFromColumns(s) : DEFAULT_SETTINGS;
  return {
    eventType: { id: row.id, userId: row.user_id, title: row.title, duration: row.duration, autoConfirm: row.auto_confirm, rules: eventRules },
    hostTimeZone: must<{ timezone: string } | null>(profile)?.timezone ?? 'UTC',
    availability: (must<RuleRow[] | null>(rules) ?? []).map(toRule),
    settings: effectiveSettings(hostSettings, eventRules),
  };
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

/**
 * An active team event type the viewer can read (everyone: those of public teams; members: their
 * team's). `teamId`, when given, must match.
 */
export async function loadTeamSchedule(
  service: SupabaseClient,
  viewer: SupabaseClient,
  teamEventTypeId: number,
  teamId?: number,
): Promise<TeamSchedule> {
  const [visible, found] = await Promise.all([
    viewer.from('team_event_types').select('id').eq('id', teamEventTypeId).eq('is_active', true).maybeSingle(),
    service
      .from('team_event_types')
      .select(
        `id, team_id, title, duration, auto_confirm, is_active, requires_all_members, assignment_type, specific_member_id, ${EVENT_RULE_COLUMNS}, team:teams!inner(timezone)`,
      )
      .eq('id', teamEventTypeId)
      .maybeSingle(),
  ]);
  const row = must<
    | (EventRow & {
        team_id: number;
        requires_all_members: boolean;
        assignment_type: TeamEventTypeRules['assignmentType'];
        specific_member_id: string | null;
        team: { timezone: string };
      })
    | null
  >(found);
  if (!must<unknown>(visible) || !row || (teamId !== undefined && row.team_id !== teamId)) throw notFound(TEAM_EVENT_NOT_FOUND);
  const [members, rules] = await Promise.all([
    service.from('team_members').select('user_id, joined_at, profile:profiles(timezone)').eq('team_id', row.team_id).order('joined_at').order('id'),
    service.from('team_availability').select('day_of_week, start_time, end_time, is_enabled').eq('team_id', row.team_id),
  ]);
  const eventRules = eventRulesOf(row);
  const schedule: TeamSchedule = {
    eventType: {
      id: row.id,
      teamId: row.team_id,
      title: row.title,
      duration: row.duration,
      autoConfirm: row.auto_confirm,
      assignmentType: row.assignment_type,
      specificMemberId: row.specific_member_id,
      requiresAllMembers: row.requires_all_members,
      rules: eventRules,
    },
    teamTimeZone: row.team.timezone ?? 'UTC',
    availability: (must<RuleRow[] | null>(rules) ?? []).map(toRule),
    settings: effectiveSettings(TEAM_SETTINGS, eventRules),
    members: (must<{ user_id: string; joined_at: string; profile: { timezone: string } | null }[] | null>(members) ?? []).map((m) => ({
      userId: m.user_id,
      joinedAt: m.joined_at,
      timeZone: m.profile?.timezone ?? 'UTC',
    })),
  };
  return schedule;
}

function toRule(r: RuleRow): AvailabilityRule {
  return { dayOfWeek: r.day_of_week, startTime: r.start_time, endTime: r.end_time, isEnabled: r.is_enabled };
}

/**
 * Host-local dates a listing of [from, to) can touch, widened by a day each way: no zone is a day
 * away from UTC, so UTC dates bound them.
 */
function datesAround(from: number, to: number): { first: string; last: string } {
  return { first: toIsoString(from - DAY_MS).slice(0, 10), last: toIsoString(to + DAY_MS).slice(0, 10) };
}

/** The date overrides of a host (`user_id`) or a team (`team_id`) for the dates around [from, to). */
async function loadOverrides(service: SupabaseClient, owner: { user_id: string } | { team_id: number }, from: number, to: number) {
  const { first, last } = datesAround(from, to);
  const [table, column, id] = 'user_id' in owner ? ['date_overrides', 'user_id', owner.user_id] : ['team_date_overrides', 'team_id', owner.team_id];
  const rows = must<OverrideRow[] | null>(
    await service.from(table).select('date, start_time, end_time').eq(column, id).gte('date', first).lte('date', last),
  );
  return overridesFromRows(rows ?? []);
}

/** Days off of these people around [from, to): dates only, never the private note. */
async function loadTimeOff(service: SupabaseClient, userIds: string[], from: number, to: number): Promise<(DayRange & { userId: string })[]> {
  if (userIds.length === 0) return [];
  const { first, last } = datesAround(from, to);
  const rows = must<{ user_id: string; start_date: string; end_date: string }[] | null>(
    await service.from('time_off').select('user_id, start_date, end_date').in('user_id', userIds).lte('start_date', last).gte('end_date', first),
  );
  return (rows ?? []).map((r) => ({ userId: r.user_id, startDate: r.start_date, endDate: r.end_date }));
}

/**
 * Starts of the event type's non-cancelled bookings in the weeks around [from, to), for its limits
 * per day and per week; nothing to read when it has none.
 */
async function loadBooked(
  service: SupabaseClient,
  column: 'event_type_id' | 'team_event_type_id',
  id: number,
  rules: EventRules,
  from: number,
  to: number,
): Promise<string[]> {
  if (rules.maxBookingsPerDay == null && rules.maxBookingsPerWeek == null) return [];
  const rows = await allPages<{ start_time: string }>((first, last) =>
    service
      .from('bookings')
      .select('start_time')
      .eq(column, id)
      .neq('status', 'cancelled')
      .gte('start_time', toIsoString(from - 8 * DAY_MS))
      .lt('start_time', toIsoString(to + 8 * DAY_MS))
      .order('id')
      .range(first, last),
  );
  return rows.map((r) => r.start_time);
}

/**
 * Non-cancelled busy intervals of these people overlapping [from, to), widened by a day for buffers:
 * their bookings and their connected calendars' cached busy times. Read from booking_busy directly
 * rather than through public_busy, which hides people a guest could not book (members of private
 * teams), while a member booking on a private team needs them.
 */
async function loadBusy(service: SupabaseClient, userIds: string[], from: number, to: number): Promise<MemberBusy[]> {
  if (userIds.length === 0) return [];
  const window = `[${new Date(from - DAY_MS).toISOString()},${new Date(to + DAY_MS).toISOString()})`;
  // Bookings, and the cached busy times of connected calendars (never a remote calendar itself).
  const [bookings, external] = await Promise.all([
    allPages<{ user_id: string; during: string }>((first, last) =>
      service
        .from('booking_busy')
        .select('user_id, during')
        .in('user_id', userIds)
        .eq('active', true)
        .overlaps('during', window)
        .order('booking_id')
        .order('user_id')
        .range(first, last),
    ),
    allPages<{ user_id: string; during: string }>((first, last) =>
      service.from('external_busy').select('user_id, during').in('user_id', userIds).overlaps('during', window).order('id').range(first, last),
    ),
  ]);
  return [...bookings, ...external].flatMap((r) => {
    const range = parseRange(r.during);
    return range ? [{ userId: r.user_id, ...range }] : [];
  });
}

/**
 * PostgREST answers at most max_rows rows (1,000, as `[api] max_rows` in config.toml and Supabase's
 * default); a busy host or team has more, and a silently cut list would offer booked times. So rows
 * are read a page at a time, in a stable order, until a short page.
 */
const PAGE_ROWS = 1000;
async function allPages<T>(page: (first: number, last: number) => PromiseLike<{ data: unknown; error: DbError | null }>): Promise<T[]> {
  const all: T[] = [];
  for (let first = 0; ; first += PAGE_ROWS) {
    const rows = must<T[] | null>(await page(first, first + PAGE_ROWS - 1)) ?? [];
    all.push(...rows);
    if (rows.length < PAGE_ROWS) return all;
  }
}

/** '["2026-11-23 09:00:00+00","2026-11-23 09:30:00+00")' → ISO instants. */
export function parseRange(text: string): { start: string; end: string } | null {
  const m = /^[[(]"?([^",]+)"?,"?([^",)\]]+)"?[)\]]$/.exec(text);
  if (!m) return null;
  const iso = (t: string) => t.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
  const start = new Date(iso(m[1]));
  const end = new Date(iso(m[2]));
  return Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) ? null : { start: start.toISOString(), end: end.toISOString() };
}

/** This team's non-cancelled assigned bookings, for round robin and least busy fairness. */
export async function loadTeamBookings(service: SupabaseClient, teamId: number): Promise<MemberBooking[]> {
  const rows = await allPages<{ assigned_user_id: string; start_time: string; created_at: string; status: string }>((first, last) =>
    service
      .from('bookings')
      .select('assigned_user_id, start_time, created_at, status')
      .eq('team_id', teamId)
      .neq('status', 'cancelled')
      .not('assigned_user_id', 'is', null)
      .order('id')
      .range(first, last),
  );
  return rows.map((r) => ({ userId: r.assigned_user_id, start: r.start_time, createdAt: r.created_at, status: r.status }));
}

/** The slot engine's rules for a personal event type over [from, to). */
export async function personalRules(service: SupabaseClient, s: PersonalSchedule, from: number, to: number, now: Date): Promise<SlotRules> {
  const { userId, rules } = s.eventType;
  const [busy, overrides, timeOff, booked] = await Promise.all([
    loadBusy(service, [userId], from, to),
    loadOverrides(service, { user_id: userId }, from, to),
    loadTimeOff(service, [userId], from, to),
    loadBooked(service, 'event_type_id', s.eventType.id, rules, from, to),
  ]);
  return {
    availability: s.availability,
    overrides,
    timeOff,
    hostTimeZone: s.hostTimeZone,
    duration: s.eventType.duration,
    settings: s.settings,
    slotInterval: rules.slotInterval,
    limits: { perDay: rules.maxBookingsPerDay, perWeek: rules.maxBookingsPerWeek, booked },
    busy,
    now,
  };
}

/**
 * The slot engine's rules for a team event type over [from, to), with each candidate member's busy
 * time and days off; `members` and `busy` are what assignment needs for the same slot.
 */
export async function teamRules(service: SupabaseClient, s: TeamSchedule, from: number, to: number, now: Date) {
  const ids = s.members.map((m) => m.userId);
  const { rules: eventRules } = s.eventType;
  const [busy, overrides, timeOff, booked] = await Promise.all([
    loadBusy(service, ids, from, to),
    loadOverrides(service, { team_id: s.eventType.teamId }, from, to),
    loadTimeOff(service, ids, from, to),
    loadBooked(service, 'team_event_type_id', s.eventType.id, eventRules, from, to),
  ]);
  const members: TeamMember[] = s.members.map((m) => ({ ...m, timeOff: timeOff.filter((t) => t.userId === m.userId) }));
  const rules: SlotRules = {
    availability: s.availability,
    overrides,
    hostTimeZone: s.teamTimeZone,
    duration: s.eventType.duration,
    settings: s.settings,
    slotInterval: eventRules.slotInterval,
    limits: { perDay: eventRules.maxBookingsPerDay, perWeek: eventRules.maxBookingsPerWeek, booked },
    ...teamSlotMembers(members, busy, s.eventType),
    now,
  };
  return { rules, busy, members };
}
