import { describe, expect, it } from 'vitest';
import { ruleMessage } from '../rules/messages.ts';
import { busyFromICalendar, CalendarDataError } from './ics.ts';
import { ExpansionLimitError, FILE_LIMIT, RecurrenceBudget } from './recurrence-budget.ts';

const NEW_YORK = `BEGIN:VTIMEZONE
TZID:America/New_York
BEGIN:DAYLIGHT
TZOFFSETFROM:-0500
TZOFFSETTO:-0400
TZNAME:EDT
DTSTART:19700308T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:-0400
TZOFFSETTO:-0500
TZNAME:EST
DTSTART:19701101T020000
RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
END:STANDARD
END:VTIMEZONE`;

// A zone only this file defines: a fixed +05:45 under a name no IANA database knows.
const CUSTOM = `BEGIN:VTIMEZONE
TZID:Himalaya Office Time
BEGIN:STANDARD
TZOFFSETFROM:+0545
TZOFFSETTO:+0545
DTSTART:19700101T000000
END:STANDARD
END:VTIMEZONE`;

function calendar(...parts: string[]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Kairos tests//EN', ...parts, 'END:VCALENDAR'].join('\r\n');
}

function event(lines: string[]): string {
  return ['BEGIN:VEVENT', 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'].join('\r\n');
}

const MARCH = { from: Date.parse('2026-03-01T00:00:00Z'), to: Date.parse('2026-04-01T00:00:00Z'), hostTimeZone: 'UTC' };

const iso = (spans: { start: number; end: number }[]) =>
  spans.map((s) => `${new Date(s.start).toISOString().slice(0, 16)}/${new Date(s.end).toISOString().slice(11, 16)}`);

describe('single events', () => {
  // One event (with the zone the file defines, if any) and the one busy interval it makes.
  it.each([
    ['reads a UTC event as its interval', [event(['UID:a', 'DTSTART:20260310T140000Z', 'DTEND:20260310T150000Z'])], '2026-03-10T14:00/15:00'],
    ['takes DURATION when there is no DTEND', [event(['UID:a', 'DTSTART:20260310T140000Z', 'DURATION:PT45M'])], '2026-03-10T14:00/14:45'],
    [
      'reads a zone defined only in the file (+05:45 under a made-up name)',
      [CUSTOM, event(['UID:a', 'DTSTART;TZID=Himalaya Office Time:20260310T090000', 'DTEND;TZID=Himalaya Office Time:20260310T100000'])],
      '2026-03-10T03:15/04:15',
    ],
    [
      'reads an IANA TZID without a VTIMEZONE through the zone database',
      [event(['UID:a', 'DTSTART;TZID=Asia/Kathmandu:20260310T090000', 'DTEND;TZID=Asia/Kathmandu:20260310T100000'])],
      '2026-03-10T03:15/04:15',
    ],
  ])('%s', (_name, parts, busy) => {
    expect(iso(busyFromICalendar(calendar(...parts), MARCH))).toEqual([busy]);
  });

  it('reads a TZID with its VTIMEZONE, on both sides of a DST change', () => {
    const ics = calendar(
      NEW_YORK,
      event(['UID:a', 'DTSTART;TZID=America/New_York:20260306T100000', 'DTEND;TZID=America/New_York:20260306T110000']),
      event(['UID:b', 'DTSTART;TZID=America/New_York:20260309T100000', 'DTEND;TZID=America/New_York:20260309T110000']),
    );
    expect(iso(busyFromICalendar(ics, MARCH))).toEqual(['2026-03-06T15:00/16:00', '2026-03-09T14:00/15:00']);
  });

  it('reads floating times and unknown TZIDs in the host\'s zone', () => {
    const ics = calendar(
      event(['UID:a', 'DTSTART:20260310T090000', 'DTEND:20260310T100000']),
      event(['UID:b', 'DTSTART;TZID=Nowhere Standard Time:20260311T090000', 'DTEND;TZID=Nowhere Standard Time:20260311T100000']),
    );
    expect(iso(busyFromICalendar(ics, { ...MARCH, hostTimeZone: 'Asia/Kolkata' }))).toEqual([
      '2026-03-10T03:30/04:30',
      '2026-03-11T03:30/04:30',
    ]);
  });

  it('blocks whole host-local days for an all-day event (+05:30 host)', () => {
    const ics = calendar(event(['UID:a', 'DTSTART;VALUE=DATE:20260310', 'DTEND;VALUE=DATE:20260312']));
    const busy = busyFromICalendar(ics, { ...MARCH, hostTimeZone: 'Asia/Kolkata' });
    expect(busy.map((s) => [new Date(s.start).toISOString(), new Date(s.end).toISOString()])).toEqual([
      ['2026-03-09T18:30:00.000Z', '2026-03-11T18:30:00.000Z'],
    ]);
  });

  it('gives an all-day event without DTEND one day', () => {
    const ics = calendar(event(['UID:a', 'DTSTART;VALUE=DATE:20260310']));
    expect(iso(busyFromICalendar(ics, MARCH))).toEqual(['2026-03-10T00:00/00:00']);
    expect(busyFromICalendar(ics, MARCH)[0].end - busyFromICalendar(ics, MARCH)[0].start).toBe(86_400_000);
  });

  it('treats transparent and cancelled events as free', () => {
    const ics = calendar(
      event(['UID:a', 'DTSTART:20260310T140000Z', 'DTEND:20260310T150000Z', 'TRANSP:TRANSPARENT']),
      event(['UID:b', 'DTSTART:20260311T140000Z', 'DTEND:20260311T150000Z', 'STATUS:CANCELLED']),
      event(['UID:c', 'DTSTART:20260312T140000Z', 'DTEND:20260312T150000Z', 'TRANSP:OPAQUE', 'STATUS:TENTATIVE']),
    );
    expect(iso(busyFromICalendar(ics, MARCH))).toEqual(['2026-03-12T14:00/15:00']);
  });

  it('keeps only what overlaps the window and merges overlapping events', () => {
    const ics = calendar(
      event(['UID:a', 'DTSTART:20260228T230000Z', 'DTEND:20260301T010000Z']),
      event(['UID:b', 'DTSTART:20260227T100000Z', 'DTEND:20260227T110000Z']),
      event(['UID:c', 'DTSTART:20260310T100000Z', 'DTEND:20260310T120000Z']),
      event(['UID:d', 'DTSTART:20260310T110000Z', 'DTEND:20260310T130000Z']),
      event(['UID:e', 'DTSTART:20260401T000000Z', 'DTEND:20260401T010000Z']),
    );
    expect(iso(busyFromICalendar(ics, MARCH))).toEqual(['2026-02-28T23:00/01:00', '2026-03-10T10:00/13:00']);
  });

  it('reads several calendar objects (a CalDAV collection) together', () => {
    const a = calendar(event(['UID:a', 'DTSTART:20260310T140000Z', 'DTEND:20260310T150000Z']));
    const b = calendar(event(['UID:b', 'DTSTART:20260311T140000Z', 'DTEND:20260311T150000Z']));
    expect(iso(busyFromICalendar([a, b], MARCH))).toEqual(['2026-03-10T14:00/15:00', '2026-03-11T14:00/15:00']);
  });
});

describe('recurring events', () => {
  const weekly = (extra: string[] = [], overrides: string[][] = []) =>
    calendar(
      NEW_YORK,
      event([
        'UID:standup',
        'DTSTART;TZID=America/New_York:20260302T100000',
        'DTEND;TZID=America/New_York:20260302T103000',
        'RRULE:FREQ=WEEKLY;BYDAY=MO',
        ...extra,
      ]),
      ...overrides.map((o) => event(['UID:standup', ...o])),
    );

  it('expands a weekly rule at the same local time across the DST change', () => {
    expect(iso(busyFromICalendar(weekly(), MARCH))).toEqual([
      '2026-03-02T15:00/15:30',
      '2026-03-09T14:00/14:30',
      '2026-03-16T14:00/14:30',
      '2026-03-23T14:00/14:30',
      '2026-03-30T14:00/14:30',
    ]);
  });

  it('removes EXDATEs, in the event\'s zone or written in UTC', () => {
    const ics = weekly(['EXDATE;TZID=America/New_York:20260309T100000', 'EXDATE:20260323T140000Z']);
    expect(iso(busyFromICalendar(ics, MARCH))).toEqual(['2026-03-02T15:00/15:30', '2026-03-16T14:00/14:30', '2026-03-30T14:00/14:30']);
  });

  it('applies RECURRENCE-ID overrides: moved, cancelled, made free, and moved in from outside the window', () => {
    const ics = weekly(
      [],
      [
        ['RECURRENCE-ID;TZID=America/New_York:20260309T100000', 'DTSTART;TZID=America/New_York:20260310T160000', 'DTEND;TZID=America/New_York:20260310T170000'],
        ['RECURRENCE-ID;TZID=America/New_York:20260316T100000', 'DTSTART;TZID=America/New_York:20260316T100000', 'DTEND;TZID=America/New_York:20260316T103000', 'STATUS:CANCELLED'],
        ['RECURRENCE-ID:20260323T140000Z', 'DTSTART:20260323T140000Z', 'DTEND:20260323T143000Z', 'TRANSP:TRANSPARENT'],
        ['RECURRENCE-ID;TZID=America/New_York:20260406T100000', 'DTSTART:20260331T090000Z', 'DTEND:20260331T093000Z'],
      ],
    );
    expect(iso(busyFromICalendar(ics, MARCH))).toEqual([
      '2026-03-02T15:00/15:30',
      '2026-03-10T20:00/21:00',
      '2026-03-30T14:00/14:30',
      '2026-03-31T09:00/09:30',
    ]);
  });

  it('frees every occurrence, overrides included, of a cancelled series', () => {
    const ics = weekly(['STATUS:CANCELLED'], [['RECURRENCE-ID;TZID=America/New_York:20260309T100000', 'DTSTART:20260310T090000Z', 'DTEND:20260310T100000Z']]);
    expect(busyFromICalendar(ics, MARCH)).toEqual([]);
  });

  it('honours COUNT and UNTIL, and a series that began years ago', () => {
    const counted = calendar(event(['UID:a', 'DTSTART:20260301T080000Z', 'DTEND:20260301T090000Z', 'RRULE:FREQ=DAILY;COUNT=3']));
    expect(iso(busyFromICalendar(counted, MARCH))).toEqual(['2026-03-01T08:00/09:00', '2026-03-02T08:00/09:00', '2026-03-03T08:00/09:00']);
    const until = calendar(event(['UID:a', 'DTSTART:20100301T080000Z', 'DTEND:20100301T090000Z', 'RRULE:FREQ=DAILY;UNTIL=20260302T235959Z']));
    expect(iso(busyFromICalendar(until, MARCH))).toEqual(['2026-03-01T08:00/09:00', '2026-03-02T08:00/09:00']);
  });

  it('expands recurring all-day events as whole host-local days', () => {
    const ics = calendar(event(['UID:a', 'DTSTART;VALUE=DATE:20260306', 'DTEND;VALUE=DATE:20260307', 'RRULE:FREQ=WEEKLY;COUNT=2']));
    const busy = busyFromICalendar(ics, { ...MARCH, hostTimeZone: 'America/New_York' });
    expect(busy.map((s) => [new Date(s.start).toISOString(), (s.end - s.start) / 3_600_000])).toEqual([
      ['2026-03-06T05:00:00.000Z', 24],
      ['2026-03-13T04:00:00.000Z', 24],
    ]);
  });

  it('adds RDATEs (date-times in their own zone, and periods), with or without a rule', () => {
    const ics = calendar(
      NEW_YORK,
      event([
        'UID:extra',
        'DTSTART;TZID=America/New_York:20260302T100000',
        'DTEND;TZID=America/New_York:20260302T103000',
        'RRULE:FREQ=WEEKLY;COUNT=2',
        'RDATE;TZID=Asia/Kolkata:20260320T090000',
        'RDATE;VALUE=PERIOD:20260325T120000Z/20260325T130000Z',
      ]),
      event(['UID:only-rdates', 'DTSTART:20260303T080000Z', 'DTEND:20260303T090000Z', 'RDATE:20260304T080000Z,20260305T080000Z']),
    );
    expect(iso(busyFromICalendar(ics, MARCH))).toEqual([
      '2026-03-02T15:00/15:30',
      '2026-03-03T08:00/09:00',
      '2026-03-04T08:00/09:00',
      '2026-03-05T08:00/09:00',
      '2026-03-09T14:00/14:30',
      '2026-03-20T03:30/04:00',
      '2026-03-25T12:00/12:30',
    ]);
  });

  it('refuses a rule that repeats too often to expand, rather than reading it as free', () => {
    const ics = calendar(event(['UID:a', 'DTSTART:20250101T000000Z', 'DTEND:20250101T000100Z', 'RRULE:FREQ=MINUTELY']));
    expect(() => busyFromICalendar(ics, MARCH)).toThrow(CalendarDataError);
    const counted = calendar(event(['UID:a', 'DTSTART:20260227T000000Z', 'DTEND:20260227T000100Z', 'RRULE:FREQ=MINUTELY;COUNT=1000000']));
    expect(() => busyFromICalendar(counted, MARCH)).toThrow(CalendarDataError);
  });

  it('refuses a rule whose BY parts make too many occurrences in the window', () => {
    const minutes = Array.from({ length: 30 }, (_, i) => i * 2).join(',');
    const hours = Array.from({ length: 24 }, (_, i) => i).join(',');
    const ics = calendar(
      event(['UID:a', 'DTSTART:20260301T000000Z', 'DTEND:20260301T000100Z', `RRULE:FREQ=DAILY;BYHOUR=${hours};BYMINUTE=${minutes}`]),
    );
    expect(() => busyFromICalendar(ics, MARCH)).toThrow(CalendarDataError);
  });
});

describe('series that began long before the window', () => {
  const HOUR = 3_600_000;
  /** Every `step` from `first` (an instant), each lasting `length`, that overlaps March. */
  const every = (first: string, step: number, length: number) => {
    const spans = [];
    for (let t = Date.parse(first); t < MARCH.to; t += step) if (t + length > MARCH.from) spans.push({ start: t, end: t + length });
    return spans;
  };
  const byStart = (...lists: { start: number; end: number }[][]) => iso(lists.flat().sort((a, b) => a.start - b.start));

  it.each([
    ['every third day since 1999', '19991230T090000Z', 'FREQ=DAILY;INTERVAL=3', HOUR, [every('1999-12-30T09:00Z', 3 * 24 * HOUR, HOUR)]],
    ['every five hours since 2020', '20200101T030000Z', 'FREQ=HOURLY;INTERVAL=5', HOUR, [every('2020-01-01T03:00Z', 5 * HOUR, HOUR)]],
    ['every 45 minutes since 2025', '20250101T000000Z', 'FREQ=MINUTELY;INTERVAL=45', HOUR / 4, [every('2025-01-01T00:00Z', 0.75 * HOUR, HOUR / 4)]],
    ['Tuesdays and Thursdays of every other week since 2001', '20010102T170000Z', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;WKST=SU', HOUR / 2, [
      every('2001-01-02T17:00Z', 14 * 24 * HOUR, HOUR / 2),
      every('2001-01-04T17:00Z', 14 * 24 * HOUR, HOUR / 2),
    ]],
    // DTSTART itself (a Sunday) is off the rule: only it, years ago, falls on a Sunday.
    ['Mondays, Wednesdays and Fridays since a Sunday in 2010', '20100103T120000Z', 'FREQ=DAILY;BYDAY=MO,WE,FR', HOUR, [
      every('2010-01-04T12:00Z', 7 * 24 * HOUR, HOUR),
      every('2010-01-06T12:00Z', 7 * 24 * HOUR, HOUR),
      every('2010-01-08T12:00Z', 7 * 24 * HOUR, HOUR),
    ]],
  ] as const)('expands %s exactly as from its start', (_name, start, rule, length, expected) => {
    const end = new Date(Date.parse(start.replace(/(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/, '$1-$2-$3T$4:$5:$6Z')) + length);
    const dtend = end.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    const ics = calendar(event(['UID:a', `DTSTART:${start}`, `DTEND:${dtend}`, `RRULE:${rule}`]));
    expect(iso(busyFromICalendar(ics, MARCH))).toEqual(byStart(...expected));
  });

  it('keeps the local time of a daily series begun decades ago across this year\'s DST change', () => {
    const ics = calendar(
      NEW_YORK,
      event(['UID:a', 'DTSTART;TZID=America/New_York:20000101T093000', 'DTEND;TZID=America/New_York:20000101T100000', 'RRULE:FREQ=DAILY']),
    );
    const busy = iso(busyFromICalendar(ics, MARCH));
    expect(busy).toHaveLength(31);
    expect(busy.slice(6, 9)).toEqual(['2026-03-07T14:30/15:00', '2026-03-08T13:30/14:00', '2026-03-09T13:30/14:00']);
  });
});

describe('leaving events out', () => {
  it('skips events whose UID the caller ignores (bookings Kairos wrote itself)', () => {
    const ics = calendar(
      event(['UID:7b71ac09-a468-4ea1-949d-aaec3d25a5a2@kairos', 'DTSTART:20260310T140000Z', 'DTEND:20260310T150000Z']),
      event(['UID:dentist', 'DTSTART:20260311T140000Z', 'DTEND:20260311T150000Z']),
    );
    expect(iso(busyFromICalendar(ics, { ...MARCH, ignoreUid: (uid) => uid.endsWith('@kairos') }))).toEqual(['2026-03-11T14:00/15:00']);
  });
});

describe('bad input', () => {
  it('refuses text that is not iCalendar', () => {
    expect(() => busyFromICalendar('<html>Sign in</html>', MARCH)).toThrow(CalendarDataError);
  });

  it('reads an empty calendar as no busy time', () => {
    expect(busyFromICalendar(calendar(), MARCH)).toEqual([]);
  });
});

/**
 * busyFromICalendar in a child process ended after `ms`: an expansion that never returns fails the
 * test (as `{ timedOut: true }`) instead of hanging the test run, which a synchronous loop would.
 */
async function busyWithin(ms: number, texts: string | string[], window: typeof MARCH) {
  const { spawn } = await import('node:child_process');
  const code = `import { busyFromICalendar } from ${JSON.stringify(new URL('./ics.ts', import.meta.url).pathname)};
const { texts, window } = JSON.parse(process.argv[1]);
try {
  process.stdout.write(JSON.stringify({ busy: busyFromICalendar(texts, window) }));
} catch (e) {
  process.stdout.write(JSON.stringify({ error: e.constructor.name + ': ' + e.message }));
}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code, JSON.stringify({ texts, window })]);
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  const [, signal] = await new Promise<[number | null, string | null]>((r) => child.on('exit', (c, s) => r([c, s])));
  clearTimeout(timer);
  if (signal === 'SIGKILL') return { timedOut: true as const };
  return JSON.parse(out) as { busy?: { start: number; end: number }[]; error?: string };
}

describe('rules that never match, or match too often', () => {
  // Feb 30 and Apr 31 never come: ical.js's iterator looks for them forever.
  it.each([
    ['every day of a 30 February', 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'],
    ['every hour of a 31 April', 'FREQ=HOURLY;BYMONTH=4;BYMONTHDAY=31'],
    ['a yearly first Monday of April between the 15th and the 21st', 'FREQ=YEARLY;BYMONTH=4;BYDAY=1MO;BYMONTHDAY=15,16,17,18,19,20,21'],
  ])('reads %s as no time, and the rest of the file as usual', async (_name, rule) => {
    const ics = calendar(
      event(['UID:never', 'DTSTART:20260101T090000Z', 'DTEND:20260101T100000Z', `RRULE:${rule}`]),
      event(['UID:dentist', 'DTSTART:20260310T140000Z', 'DTEND:20260310T150000Z']),
    );
    const result = await busyWithin(20_000, ics, MARCH);
    expect(result).toEqual({ busy: [{ start: Date.parse('2026-03-10T14:00Z'), end: Date.parse('2026-03-10T15:00Z') }] });
  });

  it('refuses a file whose events together repeat too often, though each alone would pass', () => {
    // 20 events every 15 minutes (2.7 KB): each takes about 3,000 steps over March.
    const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`;
    const events = Array.from({ length: 20 }, (_, i) =>
      event([`UID:q${i}`, `DTSTART:20260101T${hhmm(i * 7)}00Z`, `DTEND:20260101T${hhmm(i * 7 + 5)}00Z`, 'RRULE:FREQ=MINUTELY;INTERVAL=15']),
    );
    const ics = calendar(...events);
    expect(ics.length).toBeLessThan(3_000);
    expect(() => busyFromICalendar(ics, MARCH)).toThrow(CalendarDataError);
    expect(busyFromICalendar(calendar(...events.slice(0, 2)), MARCH)).toHaveLength(2 * 31 * 96);
  });
});

describe('the expansion budget', () => {
  const NO_TIME_LIMIT = 1e9;
  const daily = (uid: string) => calendar(event([`UID:${uid}`, 'DTSTART:20260101T090000Z', 'DTEND:20260101T100000Z', 'RRULE:FREQ=DAILY']));

  it('counts the steps of the iterator\'s search, not only the occurrences it finds', () => {
    // Three occurrences that never come, searched for day by day since 1990: no occurrence, 13,000 steps.
    const ics = calendar(event(['UID:a', 'DTSTART:19900101T090000Z', 'DTEND:19900101T100000Z', 'RRULE:FREQ=DAILY;COUNT=3;BYMONTH=2;BYMONTHDAY=30']));
    const budget = () => new RecurrenceBudget({ file: { steps: 1_000 }, sync: { steps: 1_000_000, ms: NO_TIME_LIMIT } });
    expect(() => busyFromICalendar(ics, MARCH, budget())).toThrow('more than 1,000 steps in one file');
    expect(busyFromICalendar(ics, MARCH)).toEqual([]);
  });

  it('limits the files of one sync together, each file being within its own limit', () => {
    const budget = new RecurrenceBudget({ file: { steps: 50 }, sync: { steps: 110, ms: NO_TIME_LIMIT } });
    // Each file takes 35 steps: one for each of March's 31 days and a few around it.
    expect(busyFromICalendar([daily('a'), daily('b')], MARCH, budget)).toHaveLength(31);
    expect(busyFromICalendar(daily('c'), MARCH, budget)).toHaveLength(31);
    expect(() => busyFromICalendar(daily('d'), MARCH, budget)).toThrow('Repeating events in this calendar take too long to read (more than 110 steps in one sync)');
  });

  it('limits the time one sync spends, its files together, counted as the iterator steps', () => {
    // A clock that moves a millisecond each time it is read: a step costs one.
    let now = 0;
    const clock = () => now++;
    const perSync = new RecurrenceBudget({ file: FILE_LIMIT, sync: { steps: 1_000_000, ms: 50 } }, clock);
    expect(busyFromICalendar(daily('a'), MARCH, perSync)).toHaveLength(31);
    expect(() => busyFromICalendar(daily('b'), MARCH, perSync)).toThrow('(more than 0.05 s in one sync)');
  });

  it('is a calendar data error: the calendar is unreadable, never free', () => {
    expect(new ExpansionLimitError(ruleMessage('calendarUnreadable'))).toBeInstanceOf(CalendarDataError);
  });
});
