// Calendar data that cannot be read as busy time: not iCalendar, a rule ical.js refuses, or
// recurrences too costly to expand. Such a calendar is an error for its host, never read as free.
import { WordedError } from '../rules/messages.ts';

export class CalendarDataError extends WordedError {}
