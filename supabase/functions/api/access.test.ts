// deno test: the camelCase shapes of docs/product/api.md.
import assert from 'node:assert/strict';
import { camelize } from '../_shared/db/shapes.ts';
import { bookingShape } from './access.ts';

Deno.test('camelize: deep keys, values untouched', () => {
  assert.deepEqual(camelize({ day_of_week: 1, start_time: '09:00', nested_list: [{ first_name: 'a_b' }], n: null }), {
    dayOfWeek: 1,
    startTime: '09:00',
    nestedList: [{ firstName: 'a_b' }],
    n: null,
  });
});

Deno.test('bookingShape: eventType from the personal or team event type, assignedMember from the assignment', () => {
  const personal = bookingShape({ id: 1, event_type_id: 7, personal: { title: 'Intro', duration: 30 }, team: null, assignment: null, guest_name: 'G' });
  assert.deepEqual(personal, { id: 1, eventTypeId: 7, guestName: 'G', eventType: { title: 'Intro', duration: 30 }, assignedMember: null });
  const team = bookingShape({
    id: 2,
    team_event_type_id: 9,
    personal: null,
    team: { title: 'Demo', duration: 45 },
    assignment: { user: { id: 'u', first_name: 'Mia', last_name: 'M', email: 'm@x.test' } },
  });
  assert.deepEqual(team, {
    id: 2,
    teamEventTypeId: 9,
    eventType: { title: 'Demo', duration: 45 },
    assignedMember: { id: 'u', firstName: 'Mia', lastName: 'M', email: 'm@x.test' },
  });
});
