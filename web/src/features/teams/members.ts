// How team members are named in pickers and on bookings.
import type { Choice } from '../../components/ChoiceSelect.tsx';
import { fullName } from '../../lib/names.ts';
import type { TeamMember } from '../../lib/types.ts';

/** How a member is named in pickers and assignments: full name, else email. */
export function memberName(member: TeamMember) {
  return fullName(member.user) || member.user?.email;
}

export function memberChoices(members: TeamMember[]): Choice[] {
  return members.map((member) => ({ value: member.user_id, label: memberName(member) }));
}
