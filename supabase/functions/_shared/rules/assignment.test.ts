import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignMembers, busyByMember, type AssignmentInput, type MemberBusy, type MemberTally, teamSlotMembers, type TeamMember } from './assignment.ts';
import { computeSlots } from './slots.ts';
import { datesOf, labelsOn, query, weekly } from './test-helpers.ts';

// What the tallies count (open bookings only, booking time rather than meeting time, the slot's week in
// the team's zone) is the database's part: supabase/tests/db/assignment-tallies.test.ts.
const HOUR = 3_600_000;
const MEMBERS: TeamMember[] = [
  { userId: 'ann', joinedAt: '2026-01-01T00:00:00Z' },
  { userId: 'bob', joinedAt: '2026-01-02T00:00:00Z' },
  { userId: 'cy', joinedAt: '2026-01-03T00:00:00Z' },
];
const slotAt = (iso: string, minutes = 30) => ({ start: iso, end: new Date(Date.parse(iso) + minutes * 60_000).toISOString() });
const tallies = (byMember: Record<string, Partial<MemberTally>>) =>
  new Map(Object.entries(byMember).map(([id, t]) => [id, { lastBooked: 0, inWeek: 0, ...t }]));
/** The tallies after one more booking of `userId`, booked at `at` (ms). */
function record(held: Map<string, MemberTally>, userId: string, at: number) {
  const t = held.get(userId);
  held.set(userId, { lastBooked: at, inWeek: (t?.inWeek ?? 0) + 1 });
}

function input(overrides: Partial<AssignmentInput>): AssignmentInput {
  return { assignmentType: 'round_robin', members: MEMBERS, busy: [], tallies: new Map(), slot: slotAt('2026-03-04T10:00:00Z'), ...overrides };
}
const chosen = (r: ReturnType<typeof assignMembers>) => (r.ok ? r.memberIds : r.reason);

describe('round robin', () => {
  it('30 sequential bookings over 3 members: counts differ by at most 1, in join order', () => {
    const held = new Map<string, MemberTally>();
    const order: string[] = [];
    for (let i = 0; i < 30; i++) {
      const slot = slotAt(new Date(Date.parse('2026-03-02T09:00:00Z') + i * HOUR).toISOString());
      const r = assignMembers(input({ tallies: held, slot }));
      if (!r.ok) throw new Error('nobody chosen');
      order.push(...r.memberIds);
      record(held, r.memberIds[0], i);
    }
    const counts = MEMBERS.map((m) => order.filter((id) => id === m.userId).length);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    expect(order.slice(0, 6)).toEqual(['ann', 'bob', 'cy', 'ann', 'bob', 'cy']);
  });

  it('stays fair when members are busy now and then (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 30, maxLength: 30 }), (busyPick) => {
        const held = new Map<string, MemberTally>();
        const counts = new Map<string, number>();
        for (let i = 0; i < 30; i++) {
          const slot = slotAt(new Date(Date.parse('2026-03-02T09:00:00Z') + i * HOUR).toISOString());
          // Every third booking, one member is busy elsewhere; the others must still share evenly.
          const busy: MemberBusy[] = i % 3 === 0 ? [{ userId: MEMBERS[busyPick[i]].userId, ...slot }] : [];
          const r = assignMembers(input({ tallies: held, busy, slot }));
          expect(r.ok).toBe(true);
          if (r.ok) {
            expect(r.memberIds).toHaveLength(1);
            expect(busy.some((b) => b.userId === r.memberIds[0])).toBe(false);
            record(held, r.memberIds[0], i);
            counts.set(r.memberIds[0], (counts.get(r.memberIds[0]) ?? 0) + 1);
          }
        }
        const each = MEMBERS.map((m) => counts.get(m.userId) ?? 0);
        expect(Math.max(...each) - Math.min(...each)).toBeLessThanOrEqual(2);
      }),
      { numRuns: 200 },
    );
  });

  it('picks the member booked least recently, whatever the week holds', () => {
    const t = tallies({ ann: { lastBooked: 1, inWeek: 5 }, bob: { lastBooked: 3 }, cy: { lastBooked: 2 } });
    expect(chosen(assignMembers(input({ tallies: t })))).toEqual(['ann']);
  });

  it('never-booked members come first; ties go by join order', () => {
    expect(chosen(assignMembers(input({ tallies: tallies({ ann: {} }) })))).toEqual(['bob']);
    expect(chosen(assignMembers(input({ tallies: tallies({ ann: {}, bob: {}, cy: {} }) })))).toEqual(['ann']);
    const shuffled = [MEMBERS[2], MEMBERS[0], MEMBERS[1]];
    expect(chosen(assignMembers(input({ members: shuffled })))).toEqual(['ann']);
  });

  it('skips busy members, including their buffers', () => {
    const busy: MemberBusy[] = [
      { userId: 'ann', start: '2026-03-04T09:00:00Z', end: '2026-03-04T09:55:00Z' },
      { userId: 'bob', start: '2026-03-04T10:00:00Z', end: '2026-03-04T10:30:00Z' },
    ];
    expect(chosen(assignMembers(input({ busy })))).toEqual(['ann']);
    expect(chosen(assignMembers(input({ busy, bufferBefore: 10 })))).toEqual(['cy']);
  });

  it('answers none_available when everyone is busy, no_members for an empty team', () => {
    const busy = MEMBERS.map((m) => ({ userId: m.userId, start: '2026-03-04T10:15:00Z', end: '2026-03-04T11:00:00Z' }));
    expect(chosen(assignMembers(input({ busy })))).toBe('none_available');
    expect(chosen(assignMembers(input({ members: [] })))).toBe('no_members');
    expect(chosen(assignMembers(input({ slot: { start: 'soon', end: '2026-03-04T10:00:00Z' } })))).toBe('none_available');
  });
});

describe('least busy', () => {
  it('picks the member with the fewest bookings in the week of the slot', () => {
    const t = tallies({ ann: { inWeek: 3 }, bob: { inWeek: 1, lastBooked: 9 }, cy: { inWeek: 2 } });
    expect(chosen(assignMembers(input({ assignmentType: 'least_busy', tallies: t })))).toEqual(['bob']);
  });

  it('weighs that week before how recently each was booked', () => {
    const t = tallies({ ann: { inWeek: 1 }, bob: { lastBooked: 9, inWeek: 0 }, cy: { inWeek: 1 } });
    expect(chosen(assignMembers(input({ assignmentType: 'least_busy', tallies: t })))).toEqual(['bob']);
  });

  it('skips busy members and breaks ties like round robin', () => {
    const t = tallies({ bob: { inWeek: 1, lastBooked: 2 }, cy: { inWeek: 1, lastBooked: 1 } });
    const busy: MemberBusy[] = [{ userId: 'ann', ...slotAt('2026-03-04T10:00:00Z') }];
    expect(chosen(assignMembers(input({ assignmentType: 'least_busy', tallies: t, busy })))).toEqual(['cy']);
  });
});

describe('specific member', () => {
  const rules = { assignmentType: 'specific_member' as const, specificMemberId: 'cy' };

  it('assigns that member when free, nobody when busy', () => {
    expect(chosen(assignMembers(input(rules)))).toEqual(['cy']);
    const busy: MemberBusy[] = [{ userId: 'cy', ...slotAt('2026-03-04T10:00:00Z') }];
    expect(chosen(assignMembers(input({ ...rules, busy })))).toBe('none_available');
  });

  it('a specific member who is not in the team gives no_members', () => {
    expect(chosen(assignMembers(input({ ...rules, specificMemberId: 'zed' })))).toBe('no_members');
  });
});

describe('requires all members', () => {
  it('returns every member when all are free, nobody when one is busy', () => {
    expect(chosen(assignMembers(input({ requiresAllMembers: true })))).toEqual(['ann', 'bob', 'cy']);
    const busy: MemberBusy[] = [{ userId: 'bob', start: '2026-03-04T10:20:00Z', end: '2026-03-04T10:40:00Z' }];
    expect(chosen(assignMembers(input({ requiresAllMembers: true, busy })))).toBe('none_available');
  });

  it('overrides the assignment type', () => {
    expect(chosen(assignMembers(input({ requiresAllMembers: true, assignmentType: 'specific_member', specificMemberId: 'cy' })))).toEqual([
      'ann', 'bob', 'cy',
    ]);
  });
});

describe('teamSlotMembers feeds the slot engine', () => {
  // Monday 2 March 2026, team window 09:00-12:00 UTC.
  const busy: MemberBusy[] = [
    { userId: 'ann', start: '2026-03-02T09:00:00Z', end: '2026-03-02T10:00:00Z' },
    { userId: 'bob', start: '2026-03-02T10:00:00Z', end: '2026-03-02T11:00:00Z' },
    { userId: 'cy', start: '2026-03-02T09:00:00Z', end: '2026-03-02T09:30:00Z' },
  ];
  const slotsFor = (rules: Parameters<typeof teamSlotMembers>[2]) =>
    labelsOn(
      computeSlots(
        query({
          availability: weekly([1], '09:00', '12:00'),
          ...teamSlotMembers(MEMBERS, busyByMember(busy), rules),
          range: { from: '2026-03-02T00:00:00Z', to: '2026-03-03T00:00:00Z' },
        }),
      ),
      '2026-03-02',
    );

  it('requires all members offers only the intersection of free times', () => {
    expect(slotsFor({ assignmentType: 'round_robin', requiresAllMembers: true })).toEqual(['11:00', '11:30']);
  });

  it('round robin and least busy offer the union of free times', () => {
    const all = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'];
    expect(slotsFor({ assignmentType: 'round_robin' })).toEqual(all);
    expect(slotsFor({ assignmentType: 'least_busy' })).toEqual(all);
  });

  it('a specific member offers only that member\'s free times', () => {
    expect(slotsFor({ assignmentType: 'specific_member', specificMemberId: 'bob' })).toEqual(['09:00', '09:30', '11:00', '11:30']);
  });

  it('every slot the engine offers can be assigned', () => {
    for (const rules of [
      { assignmentType: 'round_robin' as const },
      { assignmentType: 'least_busy' as const },
      { assignmentType: 'specific_member' as const, specificMemberId: 'cy' },
      { assignmentType: 'round_robin' as const, requiresAllMembers: true },
    ]) {
      const offered = computeSlots(
        query({
          availability: weekly([1], '09:00', '12:00'),
          ...teamSlotMembers(MEMBERS, busyByMember(busy), rules),
          range: { from: '2026-03-02T00:00:00Z', to: '2026-03-03T00:00:00Z' },
        }),
      ).slots;
      expect(offered.length).toBeGreaterThan(0);
      for (const s of offered) expect(assignMembers(input({ ...rules, busy, slot: s })).ok).toBe(true);
    }
  });
});

describe('time off', () => {
  // Ann is away on Wednesday 4 March in Berlin (UTC+1): 2026-03-03T23:00Z to 2026-03-04T23:00Z.
  const away = MEMBERS.map((m) => (m.userId === 'ann' ? { ...m, timeOff: [{ startDate: '2026-03-04', endDate: '2026-03-04' }], timeZone: 'Europe/Berlin' } : m));

  it('a member on time off is not assigned; the next one in line is', () => {
    expect(chosen(assignMembers(input({ members: away })))).toEqual(['bob']);
    expect(chosen(assignMembers(input({ members: away, slot: slotAt('2026-03-04T23:00:00Z') })))).toEqual(['ann']);
    expect(chosen(assignMembers(input({ members: away, slot: slotAt('2026-03-03T22:30:00Z') })))).toEqual(['ann']);
  });

  it('a member on time off leaves a specific-member or all-members event type with nobody', () => {
    expect(chosen(assignMembers(input({ members: away, assignmentType: 'specific_member', specificMemberId: 'ann' })))).toBe('none_available');
    expect(chosen(assignMembers(input({ members: away, requiresAllMembers: true })))).toBe('none_available');
  });

  it('the slot engine sees the same: with everyone but Ann busy, Wednesday offers nothing', () => {
    const busy: MemberBusy[] = ['bob', 'cy'].map((userId) => ({ userId, start: '2026-03-01T00:00:00Z', end: '2026-03-08T00:00:00Z' }));
    const r = computeSlots(
      query({
        availability: weekly([2, 3, 4], '09:00', '10:00'),
        ...teamSlotMembers(away, busyByMember(busy), { assignmentType: 'round_robin' }),
        range: { from: '2026-03-03T00:00:00Z', to: '2026-03-06T00:00:00Z' },
      }),
    );
    expect(datesOf(r)).toEqual(['2026-03-03', '2026-03-05']);
    for (const s of r.slots) expect(chosen(assignMembers(input({ members: away, busy, slot: s })))).toEqual(['ann']);
  });
});
