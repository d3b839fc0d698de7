// Who takes a team booking: round robin, least busy, a specific member, or everyone.
import type { AssignmentType } from './constants.ts';
import type { Interval } from './intervals.ts';
import { type DayRange, freeMembers, type SlotMember } from './slots.ts';
import { addDays, type InstantInput, instantToZoned, resolveTimeZone, toMs, zonedToInstant } from './time.ts';

export interface TeamMember {
  userId: string;
  joinedAt: InstantInput;
  /** Whole days the member is away, in `timeZone` (their own): they take no meeting touching them. */
  timeOff?: readonly DayRange[];
  timeZone?: string | null;
}

/** An interval occupying one user (a row of `public_busy` or `booking_busy`). */
export interface MemberBusy extends Interval {
  userId: string;
}

/** A past or future team booking of one member, for fairness. Cancelled bookings are ignored. */
export interface MemberBooking {
  userId: string;
  start: InstantInput;
  /** When it was booked; round robin's "least recently" uses this, falling back to `start`. */
  createdAt?: InstantInput;
  status?: string;
}

export interface TeamEventTypeRules {
  assignmentType: AssignmentType;
  specificMemberId?: string | null;
  requiresAllMembers?: boolean;
}

export interface AssignmentInput extends TeamEventTypeRules {
  members: readonly TeamMember[];
  busy: readonly MemberBusy[];
  bookings: readonly MemberBooking[];
  slot: Interval;
  /** Minutes kept free around the meeting, as in the slot engine. */
  bufferBefore?: number;
  bufferAfter?: number;
  /** Zone whose Monday-to-Sunday week least busy counts in (the team's; fallback UTC). */
  timeZone?: string | null;
}

export type AssignmentResult = { ok: true; memberIds: string[] } | { ok: false; reason: 'no_members' | 'none_available' };

/** Who can be considered at all: the specific member only, or the whole team. */
function candidates(members: readonly TeamMember[], rules: TeamEventTypeRules): readonly TeamMember[] {
  if (rules.requiresAllMembers || rules.assignmentType !== 'specific_member') return members;
  return members.filter((m) => m.userId === rules.specificMemberId);
}

/** A member with no busy time: one shared list, so the slot engine merges it once (slots.ts busySpans). */
const NO_BUSY: readonly Interval[] = [];

/** Each member's busy intervals, in one pass: a big team's are 100,000 rows, too many to filter once per member. */
export function busyByMember(busy: readonly MemberBusy[]): Map<string, Interval[]> {
  const byMember = new Map<string, Interval[]>();
  for (const b of busy) {
    const held = byMember.get(b.userId);
    if (held) held.push(b);
    else byMember.set(b.userId, [b]);
  }
  return byMember;
}

/**
 * The members the slot engine must check for a team event type, and whether all of them must be free:
 * round robin and least busy need any member free, a specific member needs that one, requires-all needs all.
 */
export function teamSlotMembers(
  members: readonly TeamMember[],
  busy: ReadonlyMap<string, readonly Interval[]>,
  rules: TeamEventTypeRules,
): { members: SlotMember[]; requireAllMembers: boolean } {
  return {
    members: candidates(members, rules).map((m) => ({ id: m.userId, busy: busy.get(m.userId) ?? NO_BUSY, timeOff: m.timeOff, timeZone: m.timeZone })),
    requireAllMembers: rules.requiresAllMembers ?? false,
  };
}

// Not subtraction: "never booked" is -Infinity, and -Infinity - -Infinity is NaN.
function compare(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Start of the Monday-to-Sunday week containing `instant`, and of the next one, in a zone. */
function isoWeekOf(instant: number, timeZone: string): { from: number; to: number } {
  const wall = instantToZoned(instant, timeZone);
  const monday = addDays(wall.date, -((wall.dayOfWeek + 6) % 7));
  return {
    from: zonedToInstant(monday, 0, timeZone).getTime(),
    to: zonedToInstant(addDays(monday, 7), 0, timeZone).getTime(),
  };
}

/** What choosing needs once the slot engine has said who is free (`checkSlot(...).free`). */
export interface ChoiceInput extends TeamEventTypeRules {
  members: readonly TeamMember[];
  /** Ids of the members free for the slot. */
  free: readonly string[];
  bookings: readonly MemberBooking[];
  slot: Interval;
  /** Zone whose Monday-to-Sunday week least busy counts in (the team's; fallback UTC). */
  timeZone?: string | null;
}

/**
 * Chooses the member(s) for a slot among those free for [start − bufferBefore, end + bufferAfter)
 * (`freeMembers` in the slot engine):
 * - requires all members: every member must be free; the booking occupies all of them;
 * - specific member: that member, if free;
 * - round robin: the free member booked least recently (by booking time), ties by fewest bookings, then join order;
 * - least busy: the free member with the fewest bookings in the week of the slot, ties as round robin.
 */
export function assignMembers(input: AssignmentInput): AssignmentResult {
  const { members } = teamSlotMembers(input.members, busyByMember(input.busy), input);
  return chooseMembers({ ...input, free: freeMembers(members, input.slot, input.bufferBefore, input.bufferAfter) });
}

/** `assignMembers` for a slot whose free members are known. */
export function chooseMembers(input: ChoiceInput): AssignmentResult {
  const pool = candidates(input.members, input);
  if (pool.length === 0) return { ok: false, reason: 'no_members' };
  const free = pool.filter((m) => input.free.includes(m.userId));
  if (input.requiresAllMembers) {
    return free.length === pool.length ? { ok: true, memberIds: pool.map((m) => m.userId) } : { ok: false, reason: 'none_available' };
  }
  if (free.length === 0) return { ok: false, reason: 'none_available' };

  const live = input.bookings.filter((b) => b.status !== 'cancelled');
  const stats = (userId: string) => {
    const own = live.filter((b) => b.userId === userId);
    return {
      count: own.length,
      last: Math.max(-Infinity, ...own.map((b) => toMs(b.createdAt ?? b.start))),
    };
  };
  const week = isoWeekOf(toMs(input.slot.start), resolveTimeZone(input.timeZone));
  const inWeek = (userId: string) =>
    live.filter((b) => b.userId === userId && toMs(b.start) >= week.from && toMs(b.start) < week.to).length;

  const ranked = free
    .map((m, order) => ({ m, order, ...stats(m.userId), week: input.assignmentType === 'least_busy' ? inWeek(m.userId) : 0 }))
    .sort(
      (a, b) =>
        compare(a.week, b.week) ||
        compare(a.last, b.last) ||
        compare(a.count, b.count) ||
        compare(toMs(a.m.joinedAt), toMs(b.m.joinedAt)) ||
        compare(a.order, b.order),
    );
  return { ok: true, memberIds: [ranked[0].m.userId] };
}
