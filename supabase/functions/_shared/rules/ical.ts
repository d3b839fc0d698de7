// iCalendar content lines as RFC 5545 (3.1) puts them on the wire, for the feeds and events the
// functions publish (calendars/ical-text.ts) and the .ics file a guest downloads (the web's
// calendarLinks.ts).

const MAX_OCTETS = 75;
const utf8 = new TextEncoder();

/**
 * A content line folded so that no physical line is longer than 75 octets, the leading space of a
 * continuation included, and no UTF-8 sequence is split; the folds are CRLF and a space.
 */
export function foldContentLine(line: string): string {
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8.encode(char).length;
    // A continuation line begins with the space that unfolding removes.
    if (octets + size > (parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1)) {
      parts.push(part);
      part = '';
      octets = 0;
    }
    part += char;
    octets += size;
  }
  parts.push(part);
  return parts.join('\r\n ');
}
