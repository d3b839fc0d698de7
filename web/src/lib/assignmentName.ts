// A team event type's assignment strategy by its name in the page's language (the catalogue's
// public.team.assignment.<type>): the public team page, the team's own page and the event type form.
import type { IntlShape } from 'react-intl';
import { ASSIGNMENT_TYPES, type AssignmentType } from './shared.ts';

const isAssignmentType = (type: string): type is AssignmentType => (ASSIGNMENT_TYPES as readonly string[]).includes(type);

/** A strategy's name; one Kairos does not know (a newer database) stays as stored. */
export function assignmentName(intl: IntlShape, type: string): string {
  return isAssignmentType(type) ? intl.formatMessage({ id: `public.team.assignment.${type}` }) : type;
}
