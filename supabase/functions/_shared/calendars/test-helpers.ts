// The content-line rules of RFC 5545 (section 3.1, 3.2, 3.6, 3.7) that a calendar app's parser may
// hold iCalendar text Kairos writes to, checked octet by octet; ical.js alone accepts text that breaks
// them. Used by the tests of the bookings feed, the objects written back and the mail invites.
import ICAL from 'ical.js';

const CRLF = '\r\n';
const MAX_OCTETS = 75;
const utf8 = new TextEncoder();

/** name *(";" param) ":" value, with param = param-name "=" param-value *("," param-value). */
const NAME = /^(?:[A-Za-z0-9-]+)/;
// eslint-disable-next-line no-control-regex -- a param-value holds no control character
const PARAM = /^;([A-Za-z0-9-]+)=((?:"[^"\x00-\x08\x0a-\x1f\x7f]*"|[^";:,\x00-\x08\x0a-\x1f\x7f]*)(?:,(?:"[^"\x00-\x08\x0a-\x1f\x7f]*"|[^";:,\x00-\x08\x0a-\x1f\x7f]*))*)/;
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL = /[\x00-\x08\x0a-\x1f\x7f]/;
/** Half of a UTF-16 surrogate pair alone: a line folded inside a character. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function contentLineProblems(line: string, at: string): string[] {
  const problems: string[] = [];
  const name = NAME.exec(line)?.[0];
  if (!name) return [`${at}: no property name in "${line}"`];
  let rest = line.slice(name.length);
  const seen = new Set<string>();
  for (let param = PARAM.exec(rest); param; param = PARAM.exec(rest)) {
    const paramName = param[1].toUpperCase();
    if (seen.has(paramName)) problems.push(`${at}: ${name} repeats the parameter ${paramName}`);
    seen.add(paramName);
    rest = rest.slice(param[0].length);
  }
  if (!rest.startsWith(':')) return [...problems, `${at}: malformed parameters in "${line}"`];
  if (CONTROL.test(rest.slice(1))) problems.push(`${at}: a control character in the value of ${name}`);
  return problems;
}

/** Components and the properties each must have exactly once (RFC 5545 3.4, 3.6.1). */
const REQUIRED: Record<string, string[]> = { VCALENDAR: ['PRODID', 'VERSION'], VEVENT: ['UID', 'DTSTAMP', 'DTSTART'] };

/** What in `text` breaks RFC 5545's content-line rules; empty when nothing does. */
export function rfc5545Problems(text: string): string[] {
  const problems: string[] = [];
  if (!text.endsWith(CRLF)) problems.push('the text does not end with CRLF');
  if (/\r(?!\n)|(?<!\r)\n/.test(text)) problems.push('a line break other than CRLF');
  const physical = text.split(CRLF).slice(0, text.endsWith(CRLF) ? -1 : undefined);
  physical.forEach((line, i) => {
    const octets = utf8.encode(line).length;
    if (octets > MAX_OCTETS) problems.push(`line ${i + 1} is ${octets} octets long: "${line}"`);
    if (LONE_SURROGATE.test(line)) problems.push(`line ${i + 1} is folded inside a character`);
  });
  if (/^[ \t]/.test(physical[0] ?? '')) problems.push('the first line is a continuation');
  const lines = text.replace(/\r\n[ \t]/g, '').split(CRLF).filter((l) => l !== '');
  const open: { name: string; counts: Map<string, number> }[] = [];
  lines.forEach((line, i) => {
    const at = `content line ${i + 1}`;
    problems.push(...contentLineProblems(line, at));
    const [, keyword, value] = /^([A-Za-z0-9-]+)[^:]*:(.*)$/.exec(line) ?? [];
    if (!keyword) return;
    const upper = keyword.toUpperCase();
    if (upper === 'BEGIN') open.push({ name: value.toUpperCase(), counts: new Map() });
    else if (upper === 'END') {
      const closed = open.pop();
      if (closed?.name !== value.toUpperCase()) problems.push(`${at}: END:${value} closes ${closed ? closed.name : 'nothing'}`);
      for (const property of closed ? (REQUIRED[closed.name] ?? []) : []) {
        if (closed!.counts.get(property) !== 1) problems.push(`${closed!.name} has ${closed!.counts.get(property) ?? 0} ${property}, not one`);
      }
    } else if (open.length > 0) {
      const counts = open[open.length - 1].counts;
      counts.set(upper, (counts.get(upper) ?? 0) + 1);
    }
  });
  if (open.length > 0) problems.push(`${open.map((c) => c.name).join(', ')} never ended`);
  try {
    ICAL.parse(text);
  } catch (e) {
    problems.push(`ical.js cannot parse it: ${(e as Error).message}`);
  }
  return problems;
}
