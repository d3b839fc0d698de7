// iCalendar text as RFC 5545 (3.1) puts it on the wire, for what Kairos publishes (the bookings
// feed, the events it writes into hosts' calendars): every content line ends with CRLF, the last one
// too, and a line longer than 75 octets is folded so that no physical line is longer, the leading
// space of a continuation included, and no UTF-8 sequence is split. ical.js's own toString() ends
// without a CRLF and folds continuation lines one octet too long.
import ICAL from 'ical.js';
import { foldContentLine } from '../rules/ical.ts';

const CRLF = '\r\n';
function contentLines(jcal: unknown[], designSet: ReturnType<typeof ICAL.design.getDesignSet>, out: string[]): void {
  const [name, properties, components] = jcal as [string, unknown[][], unknown[][]];
  out.push(`BEGIN:${name.toUpperCase()}`);
  for (const property of properties) out.push(foldContentLine(ICAL.stringify.property(property, designSet, true)));
  for (const component of components) contentLines(component, designSet, out);
  out.push(`END:${name.toUpperCase()}`);
}

export function icalText(component: InstanceType<typeof ICAL.Component>): string {
  const out: string[] = [];
  contentLines(component.toJSON(), ICAL.design.getDesignSet(component.name), out);
  return out.join(CRLF) + CRLF;
}
