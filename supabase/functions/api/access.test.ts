// deno test: the camelCase shapes of docs/product/api.md.
import assert from 'node:assert/strict';
import { camelize } from '../_shared/db/shapes.ts';
import { bookingShape, eventTypeShape } from './access.ts';

Deno.test('camelize: deep keys, values untouched', () => {
  assert.deepEqual(camelize({ day_of_week: 1, start_time: '09:00', nested_list: [{ first_name: 'a_b' }], n: null }), {
    dayOfWeek: 1,
    startTime: '09:00',
    nestedList: [{ firstName: 'a_b' }],
    n: null,
  });
});

Deno.test("bookingShape: eventType from the booking's event type, named by its kind; assignedMember from the assignment", () => {
  const personal = bookingShape({ id: 1, event_type_id: 7, user_id: 'h', team_id: null, event_type: { title: 'Intro', duration: 30 }, assignment: null, guest_name: 'G' });
  assert.deepEqual(personal, {
    id: 1,
    eventTypeId: 7,
    teamEventTypeId: null,
    userId: 'h',
    teamId: null,
    guestName: 'G',
    eventType: { title: 'Intro', duration: 30 },
    assignedMember: null,
  });
  const team = bookingShape({
    id: 2,
    event_type_id: 9,
    user_id: null,
    team_id: 3,
    event_type: { title: 'Demo', duration: 45 },
    assignment: { user: { id: 'u', first_name: 'Mia', last_name: 'M', email: 'm@x.test' } },
  });
  assert.deepEqual(team, {
    id: 2,
    eventTypeId: null,
    teamEventTypeId: 9,
    userId: null,
    teamId: 3,
    eventType: { title: 'Demo', duration: 45 },
    assignedMember: { id: 'u', firstName: 'Mia', lastName: 'M', email: 'm@x.test' },
  });
});

Deno.test("eventTypeShape: a host's and a team's event type each in its own fields", () => {
  const rules = { buffer_before: null, buffer_after: null, minimum_notice: null, max_future_bookings: null, slot_interval: '30', max_bookings_per_day: null, max_bookings_per_week: null };
  const host = eventTypeShape({ id: 1, user_id: 'h', team_id: null, price_cents: 0, requires_all_members: null, assignment_type: null, specific_member_id: null, ...rules });
  assert.deepEqual(Object.keys(host).filter((k) => /userId|teamId|price|requires|assignment|specific/.test(k)), ['userId', 'priceCents']);
  const team = eventTypeShape({ id: 2, user_id: null, team_id: 3, price_cents: 0, requires_all_members: false, assignment_type: 'round_robin', specific_member_id: null, ...rules });
  assert.deepEqual(Object.keys(team).filter((k) => /userId|teamId|price|requires|assignment|specific/.test(k)), ['teamId', 'requiresAllMembers', 'assignmentType', 'specificMemberId']);
});
