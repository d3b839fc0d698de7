// No untranslated text: each screen rendered in FormatJS's pseudo-locale (en-XA, every message's letters
// accented and bracketed) shows no plain English, in its text or in what a screen reader reads
// (aria-label, placeholder, title). A text typed into a screen, not taken from a catalogue, stays plain.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, startOfDay } from 'date-fns';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/providers.tsx';
import { AppRoutes } from '../app/router.tsx';
import { createQueryClient } from '../lib/queryClient.ts';
import { guestView } from '../test/guestView.ts';
import { api, restGet, rpc, signedInAs, USER_ID } from '../test/utils.tsx';
import { server } from '../test/server.ts';
import type { Messages } from './catalogue.ts';
import { ruleMessageId } from './ruleWords.ts';
import type { RuleId } from '../lib/shared.ts';

// Both areas' English, merged (catalogue.ts): a page of either area is in the pseudo-locale whole.
const englishCatalogues = ['public', 'app'].map((area) => path.resolve(import.meta.dirname, `catalogues/${area}/en.json`));
// The rules' English too, under the id the page names them by (ruleWords.ts).
const englishRules = path.resolve(import.meta.dirname, '../../../supabase/functions/_shared/i18n/rules/en.json');
const formatjs = path.resolve(import.meta.dirname, '../../../node_modules/.bin/formatjs');

// Every language's catalogue is the pseudo-locale's: the whole page speaks it, the toaster beside the routes too.
const catalogues = vi.hoisted(() => ({ pseudo: {} as Messages }));
vi.mock('./catalogue.ts', async (original) => ({
  ...(await original<object>()),
  loadMessages: () => Promise.resolve(catalogues.pseudo),
  loadedMessages: () => catalogues.pseudo,
}));

beforeAll(async () => {
  const compile = async (files: string[]) =>
    JSON.parse((await promisify(execFile)(formatjs, ['compile', ...files, '--format', 'simple', '--ast', '--pseudo-locale', 'en-XA'])).stdout) as Record<string, unknown>;
  const rules = Object.entries(await compile([englishRules])).map(([id, message]) => [ruleMessageId(id as RuleId), message]);
  catalogues.pseudo = { ...(await compile(englishCatalogues)), ...Object.fromEntries(rules) } as Messages;
});
afterEach(() => localStorage.clear());

/**
 * What is not a message: the brand, the providers' (Zoom, Stripe, Google) and the social networks' (a profile's
 * fields), a web address (an example of one: https://) or a page's path (a team's /team/), the code a host pastes (the embed tag
 * and the event it raises), punctuation between messages,
 * the zone database's UTC (lib/zones.ts), an ISO currency code (a Stripe account's, as Stripe says it) and
 * an email address (typed by the guest, or an example in a message: its letters are the address's).
 */
const NOT_MESSAGES = /Kairos|Zoom|Stripe|Google|LinkedIn|Twitter|Instagram|\S*:\/\/\S*|\/team\/|<script.*<\/script>|kairos:\S+|©|·|\bUTC\b|\b[A-Z]{3}\b|\S*@\S*/g;

/** Every text a visitor sees or hears on the page that has two plain Latin letters in a row. */
function plainTexts(): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement?.closest('script, style, option')) continue;
    texts.push(node.textContent ?? '');
  }
  for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title]')) {
    for (const name of ['aria-label', 'placeholder', 'title']) texts.push(element.getAttribute(name) ?? '');
  }
  return texts.map((text) => text.replace(NOT_MESSAGES, '').trim()).filter((text) => /[A-Za-z]{2}/.test(text));
}

/** The app at `route` in the pseudo-locale's messages, its dates, times and numbers formatted in `locale` (the visitor's pick). */
function renderPseudo(route: string, locale = 'en') {
  localStorage.setItem('kairos.locale', locale);
  render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
      </MemoryRouter>
    </Providers>,
  );
}

describe('the pseudo-locale finds no untranslated text', () => {
  it.each([
    ['/', 1],
    ['/terms', 1],
    ['/privacy', 1],
    ['/no-such/page', 1],
    ['/login', 1],
    ['/register', 1],
    ['/forgot-password', 1],
  ])('on %s', async (route, level) => {
    server.use(rpc('directory_profiles', []));
    renderPseudo(route);
    expect(await screen.findByRole('heading', { level, name: /^\[/ })).toBeInTheDocument();
    // Loaded lists (the community's empty state) say so in a message too.
    await screen.findAllByText(/^\[/);
    expect(plainTexts()).toEqual([]);
  });
});

describe('the pseudo-locale finds no untranslated text in the sign-in forms’ messages', () => {
  it.each(['/login', '/register', '/forgot-password'])('on %s with its fields refused', async (route) => {
    renderPseudo(route);
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: /^\[/ });
    for (const field of screen.getAllByRole('textbox')) await user.type(field, 'x');
    await user.click(document.querySelector<HTMLButtonElement>('form button[type="submit"]')!);
    await waitFor(() => expect(document.querySelectorAll('[data-part="error-text"]')).not.toHaveLength(0));
    expect(plainTexts()).toEqual([]);
  });
});

describe('the pseudo-locale finds no untranslated text on the signed-in screens converted so far', () => {
  it('on /dashboard: the app bar, the checklist, the numbers, the upcoming bookings, the calendar and the event types', async () => {
    signedInAs({ first_name: 'Ада', locale: 'ja' });
    const start = addDays(startOfDay(new Date()), 1);
    server.use(
      restGet('bookings', [
        { id: 1, user_id: USER_ID, guest_name: 'Гость', start_time: start.toISOString(), end_time: addDays(start, 1).toISOString(), status: 'pending', event_type: { title: 'Встреча' } },
      ]),
      restGet('event_types', [
        { id: 42, user_id: USER_ID, title: 'Встреча', description: null, duration: 30, color: '#3b82f6', is_active: true, auto_confirm: true, price_cents: 0 },
        { id: 43, user_id: USER_ID, title: 'Разбор', description: null, duration: 60, color: '#10b981', is_active: false, auto_confirm: false, price_cents: 0 },
      ]),
      restGet('availability_rules', []),
      rpc('dashboard_stats', { total_bookings: 3, total_hours: 2.5, active_clients: 2, revenue: 0, previous_total_bookings: 0, previous_total_hours: 2, previous_active_clients: 2, previous_revenue: 0 }),
    );
    renderPseudo('/dashboard', 'ja');
    expect(await screen.findByRole('heading', { level: 1, name: /^\[.*Ада/ })).toBeInTheDocument();
    await screen.findByText('Встреча · Гость');
    await screen.findAllByText('Разбор');
    await waitFor(() => expect(screen.queryAllByTestId('stat-skeleton')).toEqual([]));
    expect(plainTexts()).toEqual([]);
  });

  it('on /bookings: the lists, a seats group, a paid card, a failed link, answers and invitees, the reject question, the cancelled list and the Create Booking dialog with its messages', async () => {
    signedInAs({ locale: 'ja' });
    const start = addDays(startOfDay(new Date()), 1).toISOString();
    const workshop = { title: 'Встреча', duration: 60, seats_per_slot: 10 };
    const row = (id: number, status: string, extra: Record<string, unknown> = {}) => ({
      ...{ id, user_id: USER_ID, team_id: null, guest_name: `Гость ${id}`, guest_email: `g${id}@example.com`, start_time: start, end_time: start, status },
      ...{ seat_slot_id: null, event_type: { title: 'Разбор', duration: 45 }, ...extra },
    });
    const payment = { amount: 1999, currency: 'eur', status: 'paid', refundedAmount: 500, refundStatus: 'succeeded', refundFailure: null };
    server.use(
      restGet('event_types', [{ id: 9, user_id: USER_ID, title: 'Разбор', description: null, duration: 30, color: '#3b82f6', is_active: true, auto_confirm: true, price_cents: 0 }]),
      http.get(api('/rest/v1/bookings'), ({ request }) =>
        HttpResponse.json(
          new URL(request.url).searchParams.getAll('status').includes('eq.cancelled')
            ? [row(6, 'cancelled', { cancelled_by: 'guest', cancellation_reason: 'Болею' }), row(7, 'cancelled', { cancelled_by: 'host', rescheduled_to: 8, moved_to: { start_time: start } })]
            : [
                row(1, 'pending', { answers: { answers: [{ slug: 'ok', label: 'Клиент?', type: 'yes_no', value: true }] }, attendees: [{ email: 'ann@example.com' }] }),
                row(2, 'confirmed', { payment, location: { kind: 'google_meet', value: null }, link_state: { status: 'failed', error: 'Ошибка' } }),
                row(3, 'confirmed', { seat_slot_id: 5, event_type: workshop }),
                row(4, 'confirmed', { seat_slot_id: 5, event_type: workshop }),
              ],
        ),
      ),
    );
    renderPseudo('/bookings', 'ja');
    expect(await screen.findByRole('heading', { level: 1, name: /^\[/ })).toBeInTheDocument();
    await screen.findAllByText('Гость 4');
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('article', { name: /Гость 1/ })).getAllByRole('button')[1]!);
    await screen.findByRole('alertdialog');
    expect(plainTexts()).toEqual([]);

    await user.click(screen.getAllByRole('tab')[2]!);
    await screen.findByText(/Болею/);
    expect(plainTexts()).toEqual([]);

    // Create Booking: the header's button with the plus.
    await user.click(screen.getAllByRole('button').find((button) => button.querySelector('.lucide-plus'))!);
    const dialog = await screen.findByRole('dialog');
    await user.click(dialog.querySelector<HTMLButtonElement>('button[type=submit]')!);
    await waitFor(() => expect(dialog.querySelectorAll('[aria-invalid=true]').length).toBeGreaterThanOrEqual(3));
    expect(plainTexts()).toEqual([]);
  });
  it('on /availability: the week with a range problem, the settings, a date override being edited, time off with its messages, a calendar and the accounts', async () => {
    signedInAs({ locale: 'ja' });
    const tomorrow = addDays(startOfDay(new Date()), 1);
    const day = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    server.use(
      restGet('availability_rules', [
        { id: 1, user_id: USER_ID, day_of_week: 1, start_time: '09:00', end_time: '12:00', is_enabled: true },
        { id: 2, user_id: USER_ID, day_of_week: 1, start_time: '11:00', end_time: '10:00', is_enabled: true },
      ]),
      restGet('user_settings', []),
      restGet('event_types', []),
      restGet('date_overrides', [{ date: day(tomorrow), start_time: '09:00', end_time: '12:00' }]),
      restGet('time_off', [{ id: 3, user_id: USER_ID, start_date: day(tomorrow), end_date: day(addDays(tomorrow, 3)), note: 'Отпуск' }]),
      restGet('calendar_connections', [
        {
          ...{ id: 4, provider: 'caldav', label: 'Календарь', server_url: 'https://dav.example.com/', username: 'me', status: 'error', last_error: null },
          last_synced_at: '2026-11-20T10:00:00Z',
          calendar_sources: [{ id: 7, name: 'Работа', color: null, checks_conflicts: true, can_write: true, receives_bookings: true }],
        },
      ]),
      rpc('calendar_feed_created_at', '2026-11-20T10:00:00Z'),
      restGet('zoom_connections', [{ connected_at: '2026-11-20T10:00:00Z' }]),
      restGet('stripe_connections', [{ connected_at: '2026-11-20T10:00:00Z', email: null, country: 'DE', default_currency: 'eur', charges_enabled: false, requirements: [] }]),
      http.get(api('/functions/v1/calendars/providers'), () => HttpResponse.json({ caldav: true, ics: true, google: true, zoom: true, stripe: true })),
    );
    renderPseudo('/availability', 'ja');
    expect(await screen.findByRole('heading', { level: 1, name: /^\[/ })).toBeInTheDocument();
    await screen.findByText('Отпуск');
    await screen.findAllByText('Работа');
    await screen.findAllByRole('button', { name: /^\[/ });
    await waitFor(() => expect(document.querySelector('[aria-busy=true]')).toBeNull());
    // A date picked for an override, with one range ending before it starts; time off sent empty.
    const user = userEvent.setup();
    const before = new Set(document.querySelectorAll('select'));
    await user.click(document.querySelector<HTMLButtonElement>('button[data-day]:not(:disabled)')!);
    await waitFor(() => expect(document.querySelectorAll('select').length).toBeGreaterThan(before.size));
    const end = [...document.querySelectorAll('select')].filter((select) => !before.has(select))[1]!;
    const alerts = screen.getAllByRole('alert').length;
    await user.selectOptions(end, '08:00');
    await waitFor(() => expect(screen.getAllByRole('alert').length).toBeGreaterThan(alerts));
    await user.click(screen.getAllByRole('button').find((button) => button.getAttribute('type') === 'submit')!);
    await waitFor(() => expect(document.querySelectorAll('[aria-invalid=true]').length).toBeGreaterThanOrEqual(3));
    expect(plainTexts()).toEqual([]);
  });
  it('on /profile: visibility, the form with its messages, two-factor, and a paused webhook with its delivery log and Add dialog', async () => {
    signedInAs({ locale: 'ja', is_calendar_public: true, handle: 'ada', first_name: 'Ада', last_name: 'Хост' });
    const endpoint = { id: 3, userId: USER_ID, teamId: null, url: 'https://crm.example.com/k', events: ['booking.created', 'ping'], isActive: false };
    const attempt = { id: 11, messageId: 'm', event: 'booking.created', attempt: 2, ok: false, statusCode: null, error: null, responseBody: null, durationMs: 40 };
    server.use(
      http.get(api('/auth/v1/factors'), () => HttpResponse.json([])),
      http.get(api('/functions/v1/api/webhooks'), () => HttpResponse.json([{ ...endpoint, pausedReason: 'failing', pausedAt: null, createdBy: USER_ID, createdAt: '', updatedAt: '' }])),
      http.get(api('/functions/v1/api/webhooks/3/deliveries'), () =>
        HttpResponse.json([
          { ...attempt, resend: true, attemptedAt: '2026-11-21T09:30:00Z' },
          // A refused address: kept in English, said by its rule.
          { ...attempt, id: 12, error: 'The server took too long to answer', errorRule: { id: 'remoteTimeout' }, resend: false, attemptedAt: '2026-11-21T09:00:00Z' },
        ]),
      ),
    );
    renderPseudo('/profile', 'ja');
    expect(await screen.findByRole('heading', { level: 1, name: /^\[/ })).toBeInTheDocument();
    const user = userEvent.setup();
    const first = document.querySelector<HTMLInputElement>('input[name=firstName]')!;
    await user.clear(first);
    await user.click(document.querySelector<HTMLButtonElement>('button[type=submit]')!);
    await waitFor(() => expect(document.querySelector('[aria-invalid=true]')).not.toBeNull());
    // The endpoint's delivery log, opened.
    await user.click(await waitFor(() => document.querySelector<HTMLButtonElement>('button[aria-controls^=webhook-log]')!));
    await screen.findByRole('table');
    expect(plainTexts()).toEqual([]);
    // Add endpoint: the header's button with the plus, sent with no address.
    await user.click(screen.getAllByRole('button').find((button) => button.querySelector('.lucide-plus'))!);
    const dialog = await screen.findByRole('dialog');
    await user.click(dialog.querySelector<HTMLButtonElement>('button[type=submit]')!);
    await waitFor(() => expect(dialog.querySelector('[aria-invalid=true]')).not.toBeNull());
    expect(plainTexts()).toEqual([]);
  });

  it('on /teams, a team’s page with every tab and the invite dialog refused, its settings with their messages and embed code, and an invitation’s page', async () => {
    signedInAs({ locale: 'ja' });
    const team = { id: 7, name: 'Светлый путь', description: 'Советники', slug: '777', owner_id: USER_ID, is_public: true, timezone: 'UTC', created_at: '', updated_at: '' };
    const person = (id: string, role: string, first: string) => ({
      ...{ id: first.length, team_id: 7, user_id: id, role, joined_at: '2026-01-05T00:00:00Z' },
      user: { id, first_name: first, last_name: 'Х', email: `${first}@example.com`, profile_image_url: null, title: null, company: null, location: null },
    });
    const start = addDays(startOfDay(new Date()), 1).toISOString();
    const invitation = (id: number, email: string, role: string, expires: string) => ({ id, team_id: 7, email, role, expires_at: expires, created_at: '', invited_by: USER_ID });
    server.use(
      http.get(api('/rest/v1/team_members'), ({ request }) =>
        HttpResponse.json(
          new URL(request.url).searchParams.get('select')?.includes('team:')
            ? [{ role: 'owner', team: { ...team, members: [{ count: 2 }] } }]
            : [person(USER_ID, 'owner', 'Ада'), person('00000000-0000-4000-8000-000000000002', 'member', 'Борис')],
        ),
      ),
      // Mine (with their team), and the team's pending ones: one still open, one expired.
      http.get(api('/rest/v1/team_invitations'), ({ request }) =>
        HttpResponse.json(
          new URL(request.url).searchParams.get('select')?.includes('team:')
            ? [{ ...invitation(2, 'me@example.com', 'admin', addDays(new Date(), 5).toISOString()), team: { id: 8, name: 'Север', slug: 'north', description: null } }]
            : [invitation(3, 'new@example.com', 'admin', addDays(new Date(), 5).toISOString()), invitation(4, 'old@example.com', 'member', '2026-01-01T00:00:00Z')],
        ),
      ),
      restGet('teams', [team]),
      restGet('availability_rules', []),
      restGet('date_overrides', []),
      restGet('event_types', [
        { id: 1, team_id: 7, title: 'Вводная', description: null, duration: 45, color: '#3b82f6', is_active: true, auto_confirm: true, requires_all_members: true, assignment_type: 'round_robin' },
        { id: 2, team_id: 7, title: 'Разбор', description: null, duration: 90, color: '#ef4444', is_active: false, auto_confirm: true, requires_all_members: false, assignment_type: 'least_busy' },
      ]),
      rpc('team_bookings_this_month', 4),
      restGet('bookings', [
        { id: 9, event_type_id: 1, user_id: null, team_id: 7, assigned_user_id: null, guest_name: 'Гость', guest_email: 'g@example.com', start_time: start, end_time: start, status: 'confirmed', event_type: { title: 'Вводная', duration: 45 }, location: null },
      ]),
      restGet('webhook_endpoints', []),
      rpc('team_invitation_by_token', [{ id: 5, team_name: 'Светлый путь', role: 'admin', for_me: true }]),
    );
    renderPseudo('/teams', 'ja');
    await screen.findByRole('article', { name: 'Светлый путь' });
    await screen.findByText('Север');
    expect(plainTexts()).toEqual([]);
    cleanup();

    const user = userEvent.setup();
    renderPseudo('/teams/7', 'ja');
    await screen.findByRole('heading', { level: 1, name: 'Светлый путь' });
    await screen.findAllByText(/Борис/);
    expect(plainTexts()).toEqual([]);
    for (const index of [1, 2, 3]) {
      await user.click(screen.getAllByRole('tab')[index]!);
      if (index === 1) await screen.findByText('old@example.com');
      if (index === 2) await screen.findByText('Разбор');
      if (index === 3) await screen.findByText(/Гость/);
      expect(plainTexts()).toEqual([]);
    }
    // The Members tab's invite dialog, sent empty: its field's message.
    await user.click(screen.getAllByRole('tab')[1]!);
    await user.click((await screen.findAllByRole('button')).find((button) => button.querySelector('.lucide-plus'))!);
    const invite = await screen.findByRole('dialog');
    await user.click(invite.querySelector<HTMLButtonElement>('button[type=submit]')!);
    await waitFor(() => expect(invite.querySelector('[aria-invalid=true]')).not.toBeNull());
    expect(plainTexts()).toEqual([]);
    cleanup();

    // Settings: a name too long and a bad URL, the first said with the rule's number; then the Sharing tab with its embed code.
    renderPseudo('/teams/7/settings', 'ja');
    const name = await screen.findByDisplayValue('Светлый путь');
    await user.clear(name);
    await user.type(name, 'Я'.repeat(101));
    const slug = screen.getByDisplayValue('777');
    await user.clear(slug);
    await user.type(slug, 'Не так');
    await user.click(document.querySelector<HTMLButtonElement>('button[type=submit]')!);
    await waitFor(() => expect(document.querySelectorAll('[aria-invalid=true]').length).toBe(2));
    expect(screen.getByText(/^\[.*100/)).toBeInTheDocument();
    expect(plainTexts()).toEqual([]);
    await user.click(screen.getAllByRole('tab')[2]!);
    await screen.findAllByRole('textbox', { name: /^\[/ });
    expect(plainTexts()).toEqual([]);
    cleanup();

    renderPseudo('/invitations/abc', 'ja');
    await screen.findByRole('heading', { level: 1, name: /Светлый путь/ });
    expect(plainTexts()).toEqual([]);
  });

  it('in the event type dialog: every place, a price with its refund, a question open with its condition, the Advanced section, refused fields; and the Share dialog with its embed code', async () => {
    signedInAs({ first_name: 'Ада', locale: 'ja' });
    const eventType = {
      ...{ id: 3, user_id: USER_ID, title: 'Разбор', description: null, duration: 30, color: '#ef4444', is_active: true, auto_confirm: false, created_at: '', updated_at: '' },
      ...{ price_cents: 1500, currency: 'eur', late_cancel_refund_percent: 50, seats_per_slot: null, max_extra_attendees: 1, guest_fields: null },
      ...{ buffer_before: null, buffer_after: null, minimum_notice: null, max_future_bookings: null, slot_interval: '30', max_bookings_per_day: null, max_bookings_per_week: null },
      locations: [{ kind: 'in_person', address: '' }, { kind: 'phone_guest_calls', number: '' }, { kind: 'phone_host_calls' }, { kind: 'link', url: '' }, { kind: 'jitsi', server: 'meet.jit.si' }, { kind: 'google_meet' }, { kind: 'zoom' }],
      questions: [
        { type: 'yes_no', slug: 'first', label: 'Впервые?', required: true },
        { type: 'single_choice', slug: 'goal', label: 'Цель', required: false, options: ['Одно', 'Другое'], display: 'radio', showIf: { question: 'first', equals: true } },
        { type: 'number', slug: 'size', label: 'Размер', required: false, showIf: { question: 'gone', equals: 1 } },
      ],
    };
    server.use(
      restGet('bookings', []),
      restGet('event_types', [eventType]),
      restGet('availability_rules', []),
      restGet('zoom_connections', []),
      restGet('stripe_connections', [{ account_id: 'acct_1', charges_enabled: true, default_currency: 'eur', requirements: [] }]),
      rpc('dashboard_stats', { total_bookings: 0, total_hours: 0, active_clients: 0, revenue: 0 }),
    );
    renderPseudo('/dashboard', 'ja');
    await screen.findAllByText('Разбор');
    const user = userEvent.setup();
    // The event type card's buttons are the page's last with their icons (the checklist above has its own).
    const withIcon = (icon: string) => screen.getAllByRole('button').filter((button) => button.querySelector(`.lucide-${icon}`)).at(-1)!;
    await user.click(withIcon('share-2'));
    const share = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(plainTexts()).toEqual([]);
    await user.click(within(share).getAllByRole('tab')[1]!);
    await within(share).findAllByRole('textbox');
    expect(plainTexts()).toEqual([]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(withIcon('pencil'));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    await within(dialog).findAllByText(/^\[.*€/);
    // The second question open (its condition), the Advanced section open, then saved with faults.
    await user.click(within(dialog).getAllByRole('button', { expanded: false })[1]!);
    await user.click(within(dialog).getAllByRole('button').find((button) => button.querySelector('.lucide-chevron-down'))!);
    await user.clear(within(dialog).getAllByRole('textbox')[0]!);
    await user.click(document.querySelector<HTMLButtonElement>('button[form=event-type-form]')!);
    await waitFor(() => expect(dialog.querySelectorAll('[aria-invalid=true]').length).toBeGreaterThanOrEqual(2));
    expect(plainTexts()).toEqual([]);
  });
});

/**
 * The booking page and every screen of its flow. What the host wrote (the title, the questions, the
 * address) is in Cyrillic, and the page's locale is Japanese: a date or time worded in English (a
 * pattern that skips Intl) shows plain Latin letters as surely as a text left out of the catalogue.
 */
/** The booking page's first free day, then that day's one time (the clock's 12h and 24h are the group's other buttons). */
async function pickTheTime(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() => expect(document.querySelector('button[data-day]:not(:disabled)')).not.toBeNull());
  await user.click(document.querySelector<HTMLButtonElement>('button[data-day]:not(:disabled)')!);
  await waitFor(() => expect(document.querySelector('[role=group] > button:not([data-group-item])')).not.toBeNull());
  await user.click(document.querySelector<HTMLButtonElement>('[role=group] > button:not([data-group-item])')!);
}

describe('the pseudo-locale finds no untranslated text in the booking flow', () => {
  const day = addDays(startOfDay(new Date()), 2);
  const start = new Date(Date.UTC(day.getFullYear(), day.getMonth(), day.getDate(), 10));
  const key = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  const slot = { start: start.toISOString(), end: new Date(start.getTime() + 30 * 60_000).toISOString(), date: key };
  const eventType = {
    id: 5,
    user_id: USER_ID,
    title: 'Стратегия',
    description: 'План на квартал.',
    duration: 30,
    color: '#10b981',
    auto_confirm: false,
    price_cents: 2000,
    currency: 'eur',
    host_first_name: 'Ада',
    host_last_name: 'Хост',
    host_profile_image_url: null,
    host_timezone: 'UTC',
    host_title: 'Коуч',
    locations: [{ kind: 'in_person', address: 'Улица 1' }, { kind: 'zoom' }, { kind: 'phone_host_calls' }],
    guest_fields: { phone: 'optional', company: 'required', notes: 'optional' },
    max_extra_attendees: 2,
    questions: [
      { type: 'short_text', slug: 'goal', label: 'Цель', required: true },
      { type: 'number', slug: 'seats', label: 'Места', required: false, min: 1, max: 9 },
      { type: 'single_choice', slug: 'plan', label: 'План', required: false, options: ['Базовый', 'Про'], display: 'select' },
      { type: 'multiple_choice', slug: 'topics', label: 'Темы', required: false, options: ['Счета'] },
      { type: 'yes_no', slug: 'customer', label: 'Клиент?', required: false },
    ],
  };

  it('on the booking page: its pickers, the guest form with every message, and the confirmation', async () => {
    server.use(
      rpc('public_event_type', [eventType]),
      http.get(api('/functions/v1/slots'), () => HttpResponse.json({ timeZone: 'UTC', duration: 30, hostTimeZone: 'UTC', slots: [slot] })),
      http.post(api('/functions/v1/bookings'), () =>
        HttpResponse.json({ id: 3, uid: 'b3', status: 'pending', ...{ startTime: slot.start, endTime: slot.end }, manageToken: 't', location: { kind: 'in_person', value: 'Улица 1' } }, { status: 201 }),
      ),
    );
    renderPseudo('/book/5', 'ja');
    await screen.findByRole('heading', { level: 1, name: 'Стратегия' });
    await waitFor(() => expect(document.querySelector('button[data-day]:not(:disabled)')).not.toBeNull());
    expect(plainTexts()).toEqual([]);

    const user = userEvent.setup();
    await pickTheTime(user);
    // Every message the form can show: each field's, a question's, an invitee's, the place's, and the toasts.
    const field = (selector: string) => document.querySelector<HTMLInputElement>(selector)!;
    const book = () => user.click(document.querySelector<HTMLButtonElement>('button[type=submit]')!);
    await user.click(document.querySelector<HTMLButtonElement>('[data-invitee-add]')!);
    await user.type(field('[data-invitee="0"]'), '12@');
    await user.type(field('[data-question="seats"] input'), '12');
    await book();
    await waitFor(() => expect(document.querySelectorAll('[aria-invalid=true]').length).toBeGreaterThanOrEqual(6));
    expect(plainTexts()).toEqual([]);

    await user.type(field('input[name=guestName]'), 'Грейс');
    await user.type(field('input[name=guestEmail]'), 'grace@example.com');
    await user.type(field('input[name=guestCompany]'), 'Ромашка');
    await user.type(field('[data-question="goal"] input'), 'Рост');
    await user.clear(field('[data-question="seats"] input'));
    await user.clear(field('[data-invitee="0"]'));
    await user.type(field('[data-invitee="0"]'), 'ann@example.com');
    await book();
    // Sent without a place among several: the place's message, and the focus on its first choice.
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByRole('radio')[0]));
    expect(plainTexts()).toEqual([]);

    await user.click(screen.getAllByRole('radio')[0]!);
    await book();
    // The confirmation: what, when, with whom, where (a list of terms), the calendar links and the manage link.
    await waitFor(() => expect(document.querySelector('main dl')).not.toBeNull());
    expect(plainTexts()).toEqual([]);
  });

  it('on the booking page’s series picker: free, taken with and without a time instead, moved, skipped, dates lost meanwhile, and the dates booked', async () => {
    const week = (i: number) => new Date(Date.parse(slot.start) + i * 7 * 86_400_000).toISOString();
    const span = (start: string) => ({ start, end: new Date(Date.parse(start) + 30 * 60_000).toISOString() });
    let posts = 0;
    server.use(
      rpc('public_event_type', [{ ...eventType, locations: [], questions: [], max_extra_attendees: 0, price_cents: 0, recurrence_frequencies: ['weekly', 'biweekly', 'monthly'], recurrence_max_count: 6 }]),
      http.get(api('/functions/v1/slots'), () => HttpResponse.json({ timeZone: 'UTC', duration: 30, hostTimeZone: 'UTC', slots: [slot] })),
      http.get(api('/functions/v1/slots/series'), () =>
        HttpResponse.json({
          occurrences: [0, 1, 2, 3].map((i) => ({ ...span(week(i)), free: i < 2, alternative: i === 2 ? span(new Date(Date.parse(week(2)) + 3_600_000).toISOString()) : null })),
        }),
      ),
      http.post(api('/functions/v1/bookings'), () =>
        ++posts === 1
          ? HttpResponse.json({ code: 'slot_taken', message: 'Some occurrences of this series are not available', taken: [week(1)] }, { status: 409 })
          : HttpResponse.json({ id: 3, uid: 'b3', status: 'pending', startTime: slot.start, endTime: slot.end, location: null, series: { id: 1, occurrences: [span(week(0)), span(week(1))] } }, { status: 201 }),
      ),
    );
    renderPseudo('/book/5', 'ja');
    await screen.findByRole('heading', { level: 1, name: 'Стратегия' });
    const user = userEvent.setup();
    await pickTheTime(user);
    await user.click(screen.getByRole('checkbox'));
    await waitFor(() => expect(document.querySelectorAll('ol > li')).toHaveLength(4));
    expect(plainTexts()).toEqual([]);
    const [, , third, fourth] = document.querySelectorAll<HTMLElement>('ol > li');
    await user.click(within(third).getAllByRole('button')[0]!);
    await user.click(within(fourth).getAllByRole('button')[0]!);
    await user.type(document.querySelector<HTMLInputElement>('input[name=guestName]')!, 'Грейс');
    await user.type(document.querySelector<HTMLInputElement>('input[name=guestEmail]')!, 'grace@example.com');
    await user.type(document.querySelector<HTMLInputElement>('input[name=guestCompany]')!, 'Ромашка');
    expect(plainTexts()).toEqual([]);
    await user.click(document.querySelector<HTMLButtonElement>('button[type=submit]')!);
    // The date lost to someone else meanwhile, said in the picker.
    await waitFor(() => expect(screen.getByRole('checkbox').closest('[role=group]')!.querySelector('[role=alert]')).not.toBeNull());
    expect(plainTexts()).toEqual([]);
    // A count out of range says so.
    const count = screen.getByRole('spinbutton');
    await user.clear(count);
    await user.type(count, '9');
    await waitFor(() => expect(count).toHaveAttribute('aria-invalid', 'true'));
    expect(plainTexts()).toEqual([]);
    await user.clear(count);
    await user.type(count, '4');
    await waitFor(() => expect(document.querySelectorAll('ol > li')).toHaveLength(4));
    await user.click(within(document.querySelectorAll<HTMLElement>('ol > li')[2]!).getAllByRole('button').at(-1)!);
    await user.click(within(document.querySelectorAll<HTMLElement>('ol > li')[3]!).getAllByRole('button')[0]!);
    await user.click(document.querySelector<HTMLButtonElement>('button[type=submit]')!);
    await waitFor(() => expect(document.querySelector('main dl ol')).not.toBeNull());
    expect(plainTexts()).toEqual([]);
  });

  it('on the embedded pages: an event type’s, and a team’s list of meeting types and the one chosen', async () => {
    const teamType = { id: 1, team_id: 7, title: 'Вводная', description: null, duration: 45, color: '#3b82f6', auto_confirm: true, assignment_type: 'round_robin', price_cents: 0 };
    server.use(
      rpc('public_event_type', [eventType]),
      rpc('public_team', [{ id: 7, name: 'Светлый путь', description: null, slug: 'bright', timezone: 'UTC', member_count: 2 }]),
      rpc('public_event_types', [teamType, { ...teamType, id: 2, title: 'Разбор', duration: 90 }]),
      rpc('public_team_members', []),
      http.get(api('/functions/v1/slots'), () => HttpResponse.json({ timeZone: 'UTC', duration: 30, hostTimeZone: 'UTC', slots: [slot] })),
    );
    renderPseudo('/embed/5', 'ja');
    await screen.findByRole('heading', { level: 1, name: 'Стратегия' });
    await waitFor(() => expect(document.querySelector('button[data-day]:not(:disabled)')).not.toBeNull());
    expect(plainTexts()).toEqual([]);
    cleanup();

    renderPseudo('/embed/team/bright', 'ja');
    await screen.findByRole('heading', { level: 1, name: 'Светлый путь' });
    expect(plainTexts()).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: /Разбор/ }));
    await screen.findByRole('heading', { level: 1, name: 'Разбор' });
    await waitFor(() => expect(document.querySelector('button[data-day]:not(:disabled)')).not.toBeNull());
    expect(plainTexts()).toEqual([]);
  });

  it('on a team page and its Book a Meeting dialog, with the dialog’s own messages', async () => {
    server.use(
      rpc('public_team', [{ id: 7, name: 'Светлый путь', description: 'Советники', slug: 'bright', timezone: 'UTC', member_count: 2 }]),
      rpc('public_event_types', [{ id: 1, team_id: 7, title: 'Вводная', description: null, duration: 45, color: '#3b82f6', auto_confirm: true, assignment_type: 'round_robin', price_cents: 1500, currency: 'usd', max_extra_attendees: 1 }]),
      rpc('public_team_members', [{ user_id: 'u1', role: 'owner', joined_at: '', handle: null, first_name: 'Ада', last_name: 'Хост', profile_image_url: null, title: null, company: null, location: null }]),
      http.get(api('/functions/v1/slots'), () => HttpResponse.json({ timeZone: 'UTC', duration: 45, slots: [slot] })),
    );
    renderPseudo('/team/bright', 'ja');
    await screen.findByRole('heading', { level: 1, name: 'Светлый путь' });
    expect(plainTexts()).toEqual([]);

    const user = userEvent.setup();
    await user.click(within(screen.getByRole('main')).getAllByRole('button')[0]!);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.querySelector('button[data-day]:not(:disabled)')).not.toBeNull());
    await user.click(dialog.querySelector<HTMLButtonElement>('button[data-day]:not(:disabled)')!);
    await waitFor(() => expect(dialog.querySelector('[role=group] > button:not([data-group-item])')).not.toBeNull());
    await user.click(dialog.querySelector<HTMLButtonElement>('[role=group] > button:not([data-group-item])')!);
    // The terms agreed to, then sent with nothing filled in: the dialog's words for the name and email, under the fields and in the toast.
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(document.querySelector<HTMLButtonElement>('button[type=submit]')!);
    await waitFor(() => expect(dialog.querySelectorAll('[aria-invalid=true]').length).toBeGreaterThanOrEqual(2));
    expect(plainTexts()).toEqual([]);
  });
});

/** The guest's manage pages, in the language the guest reads (public area), dates in Japanese. */
describe('the pseudo-locale finds no untranslated text on the guest’s manage pages', () => {
  const view = guestView({
    ...{ title: 'Стратегия', hostName: 'Ада', guestName: 'Грейс', teamName: 'Команда' },
    answers: [{ slug: 'ok', label: 'Клиент?', type: 'yes_no', value: true }],
    attendees: ['ann@example.com'],
    payment: { amount: 2000, currency: 'eur', status: 'paid', refundedAmount: 0, refundStatus: null, refundFailure: null, receiptUrl: 'https://pay.example/r', lateRefundPercent: 50 },
  });

  it('on /booking/{uid}: the booking, its payment, answers and invitees, the cancel form and a time to move to with its question', async () => {
    const start = addDays(startOfDay(new Date()), 40);
    const key = `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}-${String(start.getDate()).padStart(2, '0')}`;
    const slot = { start: start.toISOString(), end: new Date(start.getTime() + 30 * 60_000).toISOString(), date: key };
    server.use(
      http.get(api('/functions/v1/api/booking/b-uid'), () => HttpResponse.json(view)),
      http.get(api('/functions/v1/api/booking/b-uid/slots'), () => HttpResponse.json({ timeZone: 'UTC', duration: 30, hostTimeZone: 'UTC', slots: [slot] })),
    );
    renderPseudo('/booking/b-uid?token=t', 'ja');
    expect(await screen.findByRole('heading', { level: 1, name: /^\[/ })).toBeInTheDocument();
    const user = userEvent.setup();
    const [reschedule, cancel] = within(screen.getByRole('main')).getAllByRole('button');
    await user.click(cancel!);
    await screen.findByRole('textbox');
    expect(plainTexts()).toEqual([]);
    await user.click(reschedule!);
    await waitFor(() => expect(document.querySelector('button[data-day]:not(:disabled)')).not.toBeNull(), { timeout: 5000 });
    await user.click(document.querySelector<HTMLButtonElement>('button[data-day]:not(:disabled)')!);
    await waitFor(() => expect(document.querySelector('[role=group] > button:not([data-group-item])')).not.toBeNull());
    await user.click(document.querySelector<HTMLButtonElement>('[role=group] > button:not([data-group-item])')!);
    await screen.findByText(/\(UTC\)/);
    expect(plainTexts()).toEqual([]);
  });

  it.each([
    ['held', { status: 'awaiting_payment' }],
    ['released', { status: 'expired', eventTypeId: null }],
  ] as const)('on /booking/{uid}/payment, %s', async (_, state) => {
    server.use(http.get(api('/functions/v1/api/booking/b-uid'), () => HttpResponse.json({ ...view, canChange: false, ...state })));
    renderPseudo('/booking/b-uid/payment?token=t', 'ja');
    expect(await screen.findByRole('heading', { level: 1, name: /^\[/ })).toBeInTheDocument();
    expect(plainTexts()).toEqual([]);
  });
});
