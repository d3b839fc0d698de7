import { createIntl } from 'react-intl';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../i18n/catalogue.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { Booking } from '../../lib/types.ts';
import { bookingsCsv as csvIn, csvWords } from './bookingsCsv.ts';

/** The host's language's words, as the Export CSV button gives them. */
const intls = new Map<Locale, ReturnType<typeof createIntl>>();
beforeAll(async () => {
  for (const locale of ['en', 'de'] as const) {
    intls.set(locale, createIntl({ locale, messages: { ...(await loadMessages(locale)), ...(await loadMessages(locale, 'app')) } }));
  }
});
const bookingsCsv = (bookings: Booking[], zone: string, locale: Locale = 'en') => csvIn(bookings, zone, csvWords(intls.get(locale)!, zone));

function booking(id: number, start: string, extra: Partial<Booking> = {}): Booking {
  return {
    id,
    start_time: start,
    end_time: new Date(new Date(start).getTime() + 30 * 60_000).toISOString(),
    status: 'confirmed',
    guest_name: `Guest ${id}`,
    guest_email: `guest${id}@example.com`,
    guest_phone: null,
    guest_company: null,
    notes: null,
    event_type: { title: 'Intro', duration: 30 },
    answers: null,
    ...extra,
  } as Booking;
}

const BOM = '\uFEFF';
const FIXED = 'Start (Asia/Kolkata),End (Asia/Kolkata),Status,Guest name,Guest email,Phone,Company,Notes,Event type,Attendees';

describe('the bookings CSV', () => {
  it('one row per booking in the host’s zone, the fixed columns, then one column per question, RFC 4180 quoted, with a BOM', () => {
    const csv = bookingsCsv(
      [
        booking(1, '2026-03-29T00:30:00Z', {
          guest_name: 'Zoë "Z" Ærø',
          guest_phone: '+14155552671',
          guest_company: 'Acme, Inc.',
          notes: 'Line one\nLine two',
          attendees: [{ email: 'ann@example.com' }, { email: 'bob@example.org' }],
          answers: {
            answers: [
              { slug: 'plan', label: 'Plan', type: 'single_choice', value: 'Pro' },
              { slug: 'topics', label: 'Topics', type: 'multiple_choice', value: ['Billing', 'Set-up, day one'] },
            ],
          },
        }),
        booking(2, '2026-03-30T10:00:00Z', { status: 'cancelled', answers: { answers: [{ slug: 'ok', label: 'Customer?', type: 'yes_no', value: false }] } }),
      ],
      'Asia/Kolkata',
    );
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      `${FIXED},Plan,Topics,Customer?`,
      '2026-03-29 06:00,2026-03-29 06:30,Confirmed,"Zoë ""Z"" Ærø",guest1@example.com,+14155552671,"Acme, Inc.","Line one\nLine two",Intro,ann@example.com; bob@example.org,Pro,"Billing; Set-up, day one",',
      '2026-03-30 15:30,2026-03-30 16:00,Cancelled,Guest 2,guest2@example.com,,,,Intro,,,,No',
    ]);
  });

  it('keeps one column per question key when it was renamed between bookings, headed by its latest label', () => {
    const csv = bookingsCsv(
      [
        booking(2, '2026-05-02T09:00:00Z', { answers: { answers: [{ slug: 'size', label: 'How many seats?', type: 'number', value: 4 }] } }),
        booking(1, '2026-05-01T09:00:00Z', { answers: { answers: [{ slug: 'size', label: 'Team size', type: 'number', value: 12 }] } }),
      ],
      'UTC',
    );
    const [header, ...rows] = csv.slice(1).split('\r\n');
    expect(header).toBe(`${FIXED.replaceAll('Asia/Kolkata', 'UTC')},How many seats?`);
    expect(rows.map((row) => row.split(',').at(-1))).toEqual(['4', '12']);
  });

  it('reads each time in the host’s zone on its own date, across a DST change', () => {
    const csv = bookingsCsv([booking(1, '2026-03-29T00:30:00Z'), booking(2, '2026-03-29T01:30:00Z')], 'Europe/London');
    expect(csv.slice(1).split('\r\n').slice(1).map((row) => row.split(',').slice(0, 2).join(' → '))).toEqual([
      '2026-03-29 00:30 → 2026-03-29 02:00',
      '2026-03-29 02:30 → 2026-03-29 03:00',
    ]);
  });

  it('a cell a spreadsheet would run as a formula is kept as text', () => {
    const csv = bookingsCsv([booking(1, '2026-05-01T09:00:00Z', { guest_company: '=HYPERLINK("http://x")' })], 'UTC');
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
  });

  it('is in the host’s language: headings, statuses and yes or no', () => {
    const csv = bookingsCsv([booking(1, '2026-05-01T09:00:00Z', { status: 'pending', answers: { answers: [{ slug: 'ok', label: 'Kunde?', type: 'yes_no', value: true }] } })], 'Europe/Berlin', 'de');
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Beginn (Europe/Berlin),Ende (Europe/Berlin),Status,Name des Gasts,E-Mail des Gasts,Telefon,Unternehmen,Notizen,Termintyp,Teilnehmende,Kunde?',
      '2026-05-01 11:00,2026-05-01 11:30,Wartet auf Bestätigung,Guest 1,guest1@example.com,,,,Intro,,Ja',
    ]);
  });
});
