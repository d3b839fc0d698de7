// The mail catalogues: every locale has every message, each parses as ICU MessageFormat with the same
// arguments as English (a translation that drops {host} would mail a sentence without its host), plural
// messages cover each language's plural categories; and a mail reads in its recipient's language.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../rules/locales.ts';
import { invitationMail } from '../invitations/mail.ts';
import { renderBookingMail, type BookingMailPayload } from '../lifecycle/messages.ts';
import { pausedMail } from '../webhooks/mail.ts';
import { en, type MailMessageId } from './mail/en.ts';
import { MAIL_CATALOGUES, mailWords } from './mailWords.ts';

/** The argument names of a parsed message, plural options included. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const e of elements) {
    if (e.type === TYPE.argument || e.type === TYPE.number || e.type === TYPE.date || e.type === TYPE.time) into.add(e.value);
    if (e.type === TYPE.plural || e.type === TYPE.select) {
      into.add(e.value);
      for (const option of Object.values(e.options)) argumentsOf(option.value, into);
    }
  }
  return into;
}

/** The plural categories a message's plural arguments give an answer for. */
function pluralCases(elements: MessageFormatElement[]): string[][] {
  return elements.flatMap((e) => (e.type === TYPE.plural ? [Object.keys(e.options).sort()] : []));
}

const ids = Object.keys(en) as MailMessageId[];

describe('mail catalogues', () => {
  it.each(LOCALES)('%s has every message, in ICU syntax, with the arguments of English', (locale) => {
    const catalogue = MAIL_CATALOGUES[locale];
    expect(Object.keys(catalogue).sort()).toEqual([...ids].sort());
    for (const id of ids) {
      const want = [...argumentsOf(parse(en[id]))].sort();
      expect([...argumentsOf(parse(catalogue[id]))].sort(), `${locale} ${id}`).toEqual(want);
      // A plural argument answers every category the language has (Arabic: six), or leaves counting to the language (Japanese: none needed).
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      for (const cases of pluralCases(parse(catalogue[id]))) expect(cases, `${locale} ${id}`).toEqual([...categories].sort());
    }
  });
});

const payload: BookingMailPayload = {
  message: 'confirmed',
  recipient: { role: 'guest', name: 'Gail Guest', email: 'gail@example.test', timezone: 'Asia/Kathmandu', locale: 'es' },
  booking: {
    id: 7,
    uid: '1f0c4a52-8a3e-4c41-9a55-0d1c1f1e2a3b',
    status: 'confirmed',
    start: '2026-12-07T09:15:00Z',
    end: '2026-12-07T09:45:00Z',
    title: 'Intro call',
    duration: 30,
    team: null,
    icalUid: 'abc@kairos',
    sequence: 0,
    cancelledBy: null,
    cancellationReason: null,
    previous: null,
    location: { kind: 'in_person', value: 'Calle Mayor 1, Madrid' },
    payment: { amount: 1999, currency: 'eur', status: 'paid', receiptUrl: null, refundPercent: null },
  },
  guest: { name: 'Gail Guest', email: 'gail@example.test', timezone: 'Asia/Kathmandu' },
  hosts: [{ name: 'Hana Host', email: 'hana@example.test', timezone: 'Europe/Berlin', locale: 'de' }],
};
const links = { manage: 'https://app.example/booking/x?token=t', bookings: 'https://app.example/bookings' };
const inLocale = (locale: string) => renderBookingMail({ ...payload, recipient: { ...payload.recipient, locale } }, links);

describe('a mail in its recipient language', () => {
  it("writes a guest's confirmation in Spanish, with the day, times and price as Spanish writes them, in the guest's zone", () => {
    const mail = inLocale('es');
    expect(mail.subject).toBe('Confirmada: Intro call con Hana Host el lun, 7 dic, 15:00');
    expect(mail.text).toContain('Hola, Gail Guest:\n\nTu reserva con Hana Host está confirmada.');
    expect(mail.text).toContain('Qué: Intro call (30 minutos)');
    expect(mail.text).toContain(`Cuándo: ${mailWords('es').day(payload.booking.start, 'Asia/Kathmandu')}, 15:00 – 15:30 (Asia/Kathmandu)`);
    expect(mail.text).toContain('lunes, 7 de diciembre de 2026');
    expect(mail.text).toContain('Dónde: En persona: Calle Mayor 1, Madrid');
    expect(mail.text).toContain('Pagado: 19,99\u00a0€');
    expect(mail.text).toContain(`Cambiar la hora o cancelar: ${links.manage}`);
    expect(mail.html).toContain('<html lang="es" dir="ltr">');
  });

  it('writes Japanese and Arabic, the Arabic right to left, and English as it always read', () => {
    const ja = inLocale('ja');
    expect(ja.subject).toBe('予約確定：12月7日(月) 15:00 Hana HostとのIntro call');
    expect(ja.text).toContain('Gail Guest 様');
    expect(ja.text).toContain('内容: Intro call（30分）');
    const ar = inLocale('ar');
    expect(ar.subject.startsWith('تم التأكيد: Intro call مع Hana Host في ')).toBe(true);
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
    expect(ar.text).toContain('المكان: حضوريًا: Calle Mayor 1, Madrid');
    const english = inLocale('en');
    expect(english.subject).toBe('Confirmed: Intro call with Hana Host on Mon, Dec 7, 15:00');
    expect(english.text).toContain('Hi Gail Guest,\n\nYour booking with Hana Host is confirmed.');
    // A language Kairos does not speak, or none (a row queued before languages), is English.
    expect(inLocale('xx').subject).toBe(english.subject);
    expect(renderBookingMail({ ...payload, recipient: { ...payload.recipient, locale: undefined } }, links).subject).toBe(english.subject);
  });
});

describe('the other mails in their recipient language', () => {
  it('words a team invitation by role, with or without its inviter, and a paused webhook for its host or team', () => {
    const invitation = {
      invitation_id: 1,
      email: 'v@example.test',
      role: 'admin' as const,
      expires_at: '2026-12-10T12:00:00Z',
      team_name: 'Atelier',
    };
    expect(invitationMail({ ...invitation, inviter_name: 'Olga', locale: 'es' }, 'https://k.example/i/t').text).toMatch(
      /^Olga te ha invitado a unirte a Atelier en Kairos como administrador\.\n\nAceptar o rechazar: https:\/\/k\.example\/i\/t\n/,
    );
    expect(invitationMail({ ...invitation, role: 'member', inviter_name: null }, 'https://k.example/i/t').text).toContain(
      'You are invited to join Atelier on Kairos as a member.',
    );
    const paused = {
      webhook: { id: 1, url: 'https://hooks.example/in', teamId: null, pausedAt: '2026-12-01T00:00:00Z' },
      lastError: 'HTTP 503',
    };
    const mine = pausedMail(
      { ...paused, recipient: { name: 'Hana', email: 'h@example.test', locale: 'ja' }, team: null },
      'https://k.example',
    );
    expect(mine.subject).toBe('Webhookを一時停止しました：hooks.example');
    expect(mine.text).toContain('最後のエラー：HTTP 503');
    const team = pausedMail({ ...paused, recipient: { name: 'Hana', email: 'h@example.test' }, team: 'Atelier' }, 'https://k.example');
    expect(team.text).toContain("Kairos paused the Atelier team's webhook to https://hooks.example/in");
  });
});
