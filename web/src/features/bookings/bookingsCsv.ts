// The host's bookings as a CSV file (the Bookings page's Export CSV): one row per booking, the fixed
// columns (the people the guest invited joined with "; "), then one column per question the exported bookings answered, keyed by its slug (a question
// renamed between bookings stays one column, headed by the label of the latest booking that answered
// it). Quoting is papaparse's (RFC 4180: a cell with a comma, a quote or a line break is quoted, quotes
// doubled); a BOM first, so Excel reads the file as UTF-8 (accents), and CRLF line ends. The headings,
// statuses and yes/no answers are in the host's language (`csvWords`); times stay ISO-like, for sorting.
import { unparse } from 'papaparse';
import type { IntlShape } from 'react-intl';
import { statusLabel } from '../../components/StatusBadge.tsx';
import type { MessageId } from '../../i18n/catalogue.ts';
import { answerText, type BookingStatus, type StoredAnswer } from '../../lib/shared.ts';
import { formatDate } from '../../lib/time.ts';
import type { Booking } from '../../lib/types.ts';

const BOM = '\uFEFF';
// A cell starting with = or @ (or a tab or return before one) is run as a formula by a spreadsheet:
// such guest-typed text is prefixed with ' to stay text. Not + or -: a phone in E.164 starts with +.
const FORMULA = /^[=@\t\r]/;

/** An instant as `2026-03-29 06:00` in `timeZone`, on a 24-hour clock whatever the host's setting. */
const localTime = (iso: string, timeZone: string) => `${formatDate(new Date(iso), 'yyyy-MM-dd', timeZone)} ${formatDate(new Date(iso), 'HH:mm', timeZone)}`;

/** The file's words in the host's language: the fixed columns' headings, each status, yes and no. */
export interface CsvWords {
  columns: string[];
  status: (status: BookingStatus) => string;
  answer: { yes: string; no: string };
}

const COLUMNS = ['guestName', 'guestEmail', 'phone', 'company', 'notes', 'eventType', 'attendees'] as const;

export function csvWords(intl: IntlShape, timeZone: string): CsvWords {
  const say = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  return {
    columns: [
      say('bookings.csv.start', { zone: timeZone }),
      say('bookings.csv.end', { zone: timeZone }),
      say('bookings.csv.status'),
      ...COLUMNS.map((column) => say(`bookings.csv.${column}` satisfies MessageId)),
    ],
    status: (status) => statusLabel(intl, status),
    answer: { yes: say('common.yes'), no: say('common.no') },
  };
}

/** What a CSV cell says of an answer: a multiple choice joined with "; " (a comma would read as two). */
const cellOf = (answer: StoredAnswer, words: CsvWords['answer']) => (Array.isArray(answer.value) ? answer.value.join('; ') : answerText(answer, words));

/** The question columns: each slug once, in the order first met, headed by the label of the latest booking answering it. */
function questionColumns(bookings: readonly Booking[]): { slug: string; label: string }[] {
  const columns = new Map<string, { label: string; at: string }>();
  for (const booking of bookings) {
    for (const answer of booking.answers?.answers ?? []) {
      const known = columns.get(answer.slug);
      if (!known || booking.start_time > known.at) columns.set(answer.slug, { label: answer.label, at: booking.start_time });
    }
  }
  return [...columns].map(([slug, { label }]) => ({ slug, label }));
}

/** The CSV text of `bookings`, in their order, times in `timeZone` (the host's), in `words`' language. */
export function bookingsCsv(bookings: readonly Booking[], timeZone: string, words: CsvWords): string {
  const questions = questionColumns(bookings);
  const header = [...words.columns, ...questions.map((q) => q.label)];
  const rows = bookings.map((b) => {
    const answers = new Map((b.answers?.answers ?? []).map((a) => [a.slug, a]));
    return [
      localTime(b.start_time, timeZone),
      localTime(b.end_time, timeZone),
      words.status(b.status),
      b.guest_name,
      b.guest_email,
      b.guest_phone ?? '',
      b.guest_company ?? '',
      b.notes ?? '',
      b.event_type?.title ?? '',
      (b.attendees ?? []).map((a) => a.email).join('; '),
      ...questions.map((q) => {
        const answer = answers.get(q.slug);
        return answer ? cellOf(answer, words.answer) : '';
      }),
    ];
  });
  return BOM + unparse([header, ...rows], { newline: '\r\n', escapeFormulae: FORMULA });
}
