// Event type form values → database columns, for the api function and the web app alike.
import type { EventTypeInput, TeamEventTypeInput } from './schemas.ts';

type EventTypeFields = Omit<EventTypeInput, 'duration'> & { duration: number };

/** The columns personal and team event types share. */
export function eventTypeColumns(input: EventTypeFields) {
  return {
    title: input.title,
    description: input.description,
    duration: input.duration,
    color: input.color,
    is_active: input.isActive,
    auto_confirm: input.autoConfirm,
  };
}

/** A team event type's columns; a specific member is kept only for the specific-member strategy. */
export function teamEventTypeColumns(input: TeamEventTypeInput) {
  return {
    ...eventTypeColumns(input),
    requires_all_members: input.requiresAllMembers,
    assignment_type: input.assignmentType,
    specific_member_id: input.assignmentType === 'specific_member' ? input.specificMemberId : null,
  };
}
