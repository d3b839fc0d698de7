import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { bookingObject, bookingsFeed, type FeedBooking } from './booking-feed.ts';
import { rfc5545Problems } from './test-helpers.ts';

const NOW = new Date('2026-03-01T12:00:00Z');

const booking = (n: number, extra: Partial<FeedBooking> = {}): FeedBooking => ({
  icalUid: `00000000-0000-4000-8000-00000000000${n}@kairos`,
  sequence: n,
  start: `2026-03-1${n}T09:00:00Z`,
  end: `2026-03-1${n}T09:30:00Z`,
  status: 'confirmed',
  title: 'Intro call',
  guestName: 'Grace Hopper',
  updatedAt: '2026-02-20T08:00:00Z',
  ...extra,
});

// Summaries long enough to fold, in 1-, 2-, 3- and 4-octet characters, so folds fall at every offset.
const LONG = [
  booking(1, { title: 'A consultation about the quarterly planning of the whole team, with the agenda, notes and follow-up actions', guestName: 'Ada Lovelace' }),
  booking(2, { title: 'Séance découverte prolongée à l’agence de Montréal, réservée à l’avance', guestName: 'Zoë Ødegård' }),
  booking(3, { title: '長時間の初回相談セッションと今後の予定についての打ち合わせ、資料の確認と次回までの宿題の整理', guestName: '山田 花子' }),
  booking(4, { title: 'Planning 🗓️ session 🚀🚀🚀 with emoji 😀😀😀😀😀😀😀😀 everywhere', guestName: 'Ana 👩🏽‍💻', status: 'pending' }),
];

describe('the RFC 5545 check', () => {
  it('finds what breaks the content-line rules', () => {
    const good = ['BEGIN:VCALENDAR', 'PRODID:-//x//EN', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:a', 'DTSTAMP:20260101T000000Z', 'DTSTART:20260101T090000Z', 'END:VEVENT', 'END:VCALENDAR', ''];
    expect(rfc5545Problems(good.join('\r\n'))).toEqual([]);
    const broken = (lines: string[]) => rfc5545Problems(lines.join('\r\n'));
    expect(broken(good.slice(0, -1))).toEqual(['the text does not end with CRLF']);
    expect(rfc5545Problems(good.join('\n'))).toContain('a line break other than CRLF');
    expect(broken(['BEGIN:VCALENDAR', 'PRODID:-//x//EN', 'VERSION:2.0', 'REFRESH-INTERVAL;VALUE=DURATION;VALUE=DURATION:PT15M', 'END:VCALENDAR', ''])).toEqual([
      'content line 4: REFRESH-INTERVAL repeats the parameter VALUE',
    ]);
    const long = `X-NOTE:${'é'.repeat(34)}`; // 7 + 68 = 75 octets: the most a line may hold
    expect(broken([...good.slice(0, 3), long, ...good.slice(3)])).toEqual([]);
    expect(broken([...good.slice(0, 3), `${long}a`, ...good.slice(3)])).toEqual([`line 4 is 76 octets long: "${long}a"`]);
    expect(broken([...good.slice(0, 3), 'X-NOTE:a', ` ${'b'.repeat(75)}`, ...good.slice(3)])).toEqual([`line 5 is 76 octets long: " ${'b'.repeat(75)}"`]);
    expect(broken([...good.slice(0, 3), 'X-NOTE:😀'.slice(0, -1), ` ${'😀'.slice(1)}`, ...good.slice(3)])).toEqual(['line 4 is folded inside a character', 'line 5 is folded inside a character']);
    expect(broken(good.filter((l) => !l.startsWith('UID')))).toEqual(['VEVENT has 0 UID, not one']);
    expect(broken(good.filter((l) => l !== 'END:VEVENT'))).toContain('content line 8: END:VCALENDAR closes VEVENT');
    expect(broken([...good.slice(0, 3), 'X-NOTE;A=b:c;d', 'X-NOTE;A="b:c":d', 'X-NOTE;A=b:c:', ...good.slice(3)])).toEqual([]);
    expect(broken([...good.slice(0, 3), 'X-NOTE;A=b"c:d', ...good.slice(3)])).toEqual(['content line 4: malformed parameters in "X-NOTE;A=b"c:d"']);
  });
});

describe('iCalendar text Kairos writes', () => {
  it('the bookings feed: CRLF after every line, the last too, folded within 75 octets, each parameter once', () => {
    const text = bookingsFeed(LONG, NOW);
    expect(rfc5545Problems(text)).toEqual([]);
    expect(text).toContain('\r\nREFRESH-INTERVAL;VALUE=DURATION:PT15M\r\n');
    // Unfolded, each summary reads back whole.
    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.summary)).toEqual(LONG.map((b) => `${b.title} with ${b.guestName}`));
  });

  it('the event object written into a host\'s CalDAV calendar', () => {
    for (const b of LONG) expect(rfc5545Problems(bookingObject(b, NOW))).toEqual([]);
  });
});

describe("a group slot's event", () => {
  it('names every seat as an ATTENDEE (quoted where RFC 5545 asks) and the host as ORGANIZER, never to be scheduled by a server', () => {
    const seats = {
      attendees: [
        { name: 'Hopper, Grace', email: 'grace@example.test', partstat: 'ACCEPTED' as const },
        { name: 'Zoë "Z" Ødegård; PhD', email: 'zoe@example.test', partstat: 'NEEDS-ACTION' as const },
      ],
      host: { name: 'Hana Host', email: 'hana@example.test' },
    };
    const text = bookingObject(booking(1, { seats }), NOW);
    expect(rfc5545Problems(text)).toEqual([]);
    const event = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
    expect(event.getFirstPropertyValue('summary')).toBe('Intro call: 2 guests');
    const people = ['organizer', 'attendee'].flatMap((name) =>
      event.getAllProperties(name).map((p) => [name, String(p.getFirstValue()), p.getParameter('cn'), p.getParameter('partstat') ?? null, p.getParameter('schedule-agent')]),
    );
    expect(people).toEqual([
      ['organizer', 'mailto:hana@example.test', 'Hana Host', null, 'CLIENT'],
      ['attendee', 'mailto:grace@example.test', 'Hopper, Grace', 'ACCEPTED', 'CLIENT'],
      // RFC 5545 has no escape for a double quote in a parameter value; ical.js writes it as RFC 6868's ^'.
      ['attendee', 'mailto:zoe@example.test', 'Zoë "Z" Ødegård; PhD', 'NEEDS-ACTION', 'CLIENT'],
    ]);
  });
});
