// The start times of a recurring event (RFC 5545 RRULE and RDATE), from ical.js's RecurIterator
// counted from the inside. Its next() searches in a loop until a time satisfies the rule; every pass
// of that loop (and of the yearly day tables it builds) takes a step of the budget, and the search is
// cut off once its cursor has moved past the end of the window, where the rule has nothing more to
// give: so a rule that never matches (the 30th of February) ends there instead of searching forever.
import ICAL from 'ical.js';
import { ruleMessage } from '../rules/messages.ts';
import { CalendarDataError } from './errors.ts';

type Time = InstanceType<typeof ICAL.Time>;
type Event = InstanceType<typeof ICAL.Event>;

/** A time's wall-clock reading as if it were UTC: within 14 hours of its instant. */
export const wallOf = (t: Time) => Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);

/** Thrown by the iterator at the end of the window; caught below, it never leaves this module. */
class PastEnd extends Error {}

/** ical.js's RecurIterator with each pass of its search counted, and cut off after `endWall`. */
function countedIterator(step: () => void, endWall: number) {
  return class CountedRecurIterator extends ICAL.RecurIterator {
    private pass() {
      step();
      if (wallOf(this.last) > endWall) throw new PastEnd();
    }

    override check_contracting_rules(): boolean {
      this.pass();
      return super.check_contracting_rules();
    }

    override expand_year_days(year: number): number {
      this.pass();
      return super.expand_year_days(year);
    }
  };
}

export interface Start {
  time: Time;
  /** The TZID its property names, if any. */
  tzid: string | null;
}

function tzidParameter(property: InstanceType<typeof ICAL.Property>): string | null {
  const tzid = property.getParameter('tzid');
  return typeof tzid === 'string' ? tzid : null;
}

/**
 * Start times of `master`'s occurrences from `from` (its DTSTART, or a time after it from which
 * the rule goes on as from DTSTART) up to the wall-clock reading `endWall`: `from`, each RRULE's,
 * then the RDATEs. They are not merged into one order, and a time given twice comes twice.
 */
export function* startsOf(master: Event, from: Time, endWall: number, step: () => void): Generator<Start> {
  const c = master.component;
  const tzid = tzidParameter(c.getFirstProperty('dtstart')!);
  const Iterator = countedIterator(step, endWall);
  // DTSTART is always the first occurrence, on the rule or not (RFC 5545 3.8.5.3).
  if (wallOf(from) <= endWall) yield { time: from, tzid };
  for (const property of c.getAllProperties('rrule')) {
    const rule = property.getFirstValue() as InstanceType<typeof ICAL.Recur>;
    try {
      const it = new Iterator({ rule, dtstart: from });
      for (let next = it.next(); next && wallOf(next) <= endWall; next = it.next()) yield { time: next.clone(), tzid };
    } catch (e) {
      if (e instanceof PastEnd) continue;
      if (e instanceof CalendarDataError) throw e;
      // ical.js refuses rules RFC 5545 forbids (BYMONTHDAY in a WEEKLY rule, …).
      throw new CalendarDataError(ruleMessage('calendarRuleUnreadable'));
    }
  }
  for (const property of c.getAllProperties('rdate')) {
    for (const value of property.getValues() as (Time | InstanceType<typeof ICAL.Period>)[]) {
      const time = value instanceof ICAL.Period ? value.start : value;
      if (wallOf(time) <= endWall) yield { time, tzid: tzidParameter(property) ?? tzid };
    }
  }
}
