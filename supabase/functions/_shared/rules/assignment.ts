// Who takes a team booking: round robin, least busy, a specific member, or everyone.
import type { AssignmentType } from './constants.ts';
import type { Interval } from './intervals.ts';
import { type DayRange, freeMembers, type SlotMember } from './slots.ts';
import { type InstantInput, toMs } from './time.ts';

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

/**
 * What assignment weighs of a member's open bookings of the team (private.slot_inputs reads it: a big
 * team's history is too long to send). A member without any has NO_TALLY.
 */
export interface MemberTally {
  /** When the latest was booked (ms): round robin picks the member booked least recently. */
  lastBooked: number;
  /** How many start in the slot's Monday-to-Sunday week, in the team's zone: least busy picks the fewest. */
  inWeek: number;
}

/** Never booked: first in line ("never" is -Infinity, before any time). */
const NO_TALLY: MemberTally = { lastBooked: -Infinity, inWeek: 0 };

export interface TeamEventTypeRules {
  assignmentType: AssignmentType;
  specificMemberId?: string | null;
  requiresAllMembers?: boolean;
}

export interface AssignmentInput extends TeamEventTypeRules {
  members: readonly TeamMember[];
  busy: readonly MemberBusy[];
  tallies: ReadonlyMap<string, MemberTally>;
  slot: Interval;
  /** Minutes kept free around the meeting, as in the slot engine. */
  bufferBefore?: number;
  bufferAfter?: number;
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

/** What choosing needs once the slot engine has said who is free (`checkSlot(...).free`). */
export interface ChoiceInput extends TeamEventTypeRules {
  members: readonly TeamMember[];
  /** Ids of the members free for the slot. */
  free: readonly string[];
  /** Per member id; the slot's week is the one `inWeek` counts. */
  tallies: ReadonlyMap<string, MemberTally>;
}

/**
 * Chooses the member(s) for a slot among those free for [start − bufferBefore, end + bufferAfter)
 * (`freeMembers` in the slot engine):
 * - requires all members: every member must be free; the booking occupies all of them;
 * - specific member: that member, if free;
 * - round robin: the free member booked least recently (by booking time), ties (never booked) by join order;
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

  const leastBusy = input.assignmentType === 'least_busy';
  const ranked = free
    .map((m, order) => ({ m, order, ...(input.tallies.get(m.userId) ?? NO_TALLY) }))
    .sort(
      (a, b) =>
        (leastBusy ? compare(a.inWeek, b.inWeek) : 0) ||
        compare(a.lastBooked, b.lastBooked) ||
        compare(toMs(a.m.joinedAt), toMs(b.m.joinedAt)) ||
        compare(a.order, b.order),
    );
  return { ok: true, memberIds: [ranked[0].m.userId] };
}
