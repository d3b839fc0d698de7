// iCalendar subscriptions: the secret address Google Calendar, Outlook and iCloud publish for a
// calendar, read over HTTPS (webcal:// is the same address for calendar apps).
import ICAL from 'ical.js';
import { ruleMessage } from '../rules/messages.ts';
import { CalendarAccessError } from './caldav.ts';

/** The address to fetch for what a host pasted: webcal:// becomes https://. */
export function feedAddress(input: string): URL {
  let url: URL;
  try {
    url = new URL(input.trim().replace(/^webcals?:\/\//i, 'https://'));
  } catch {
    throw new CalendarAccessError(ruleMessage('feedAddress'));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new CalendarAccessError(ruleMessage('feedScheme'));
  return url;
}

/** The feed's text; anything but an iCalendar answer is an error, never an empty calendar. */
export async function readFeed(url: URL, fetcher: typeof fetch): Promise<string> {
  const res = await fetcher(url, { headers: { accept: 'text/calendar, */*;q=0.5' } });
  if (res.status === 401 || res.status === 403 || res.status === 404) {
    await res.body?.cancel();
    throw new CalendarAccessError(ruleMessage('feedGone', { status: res.status }));
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new CalendarAccessError(ruleMessage('feedAnswered', { status: res.status }));
  }
  const text = await res.text();
  if (!/^\s*BEGIN:VCALENDAR/i.test(text)) throw new CalendarAccessError(ruleMessage('feedNotIcs'));
  return text;
}

/** The calendar's own name (X-WR-CALNAME), if it gives one. */
export function feedName(text: string): string | null {
  try {
    const name = new ICAL.Component(ICAL.parse(text) as never).getFirstPropertyValue('x-wr-calname');
    return typeof name === 'string' && name.trim() ? name.trim().slice(0, 200) : null;
  } catch {
    return null;
  }
}
