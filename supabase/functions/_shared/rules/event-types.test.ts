import { describe, expect, it } from 'vitest';
import { eventTypeColumns, teamEventTypeColumns } from './event-types.ts';
import { teamEventTypeSchema } from './schemas.ts';

const member = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';

describe('event type columns', () => {
  it('maps the form fields to snake_case columns', () => {
    expect(eventTypeColumns({ title: 'Intro', description: null, duration: 45, color: '#10b981', isActive: false, autoConfirm: false })).toEqual({
      title: 'Intro',
      description: null,
      duration: 45,
      color: '#10b981',
      is_active: false,
      auto_confirm: false,
    });
  });

  it('keeps a specific member only for the specific-member strategy', () => {
    const specific = teamEventTypeSchema.parse({ title: 'Demo', assignmentType: 'specific_member', specificMemberId: member });
    expect(teamEventTypeColumns(specific)).toMatchObject({ assignment_type: 'specific_member', specific_member_id: member, requires_all_members: false });
    const roundRobin = { ...specific, assignmentType: 'round_robin' as const };
    expect(teamEventTypeColumns(roundRobin)).toMatchObject({ assignment_type: 'round_robin', specific_member_id: null });
  });
});
