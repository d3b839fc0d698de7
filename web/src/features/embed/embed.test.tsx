import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, format, startOfDay } from 'date-fns';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/server.ts';
import { api, renderRoute, rpc, timeButton, recordBody } from '../../test/utils.tsx';
import { publicEventType } from '../../test/publicEventType.ts';
import { contrastRatio, embedParams, embedSnippet, themeVariables } from './protocol.ts';

const DAY = addDays(startOfDay(new Date()), 2);
const KEY = format(DAY, 'yyyy-MM-dd');
const START = new Date(Date.UTC(DAY.getFullYear(), DAY.getMonth(), DAY.getDate(), 9)).toISOString();

function offerOneSlot() {
  const slots = [{ start: START, end: new Date(Date.parse(START) + 30 * 60_000).toISOString(), date: KEY, label: '09:00' }];
  server.use(http.get(api('/functions/v1/slots'), () => HttpResponse.json({ timeZone: 'UTC', duration: 30, hostTimeZone: 'UTC', slots })));
}

const eventType = publicEventType();

/** Stands in for the page that framed this one, to hear what the embedded page posts to it. */
function framedBy() {
  const postMessage = vi.fn();
  vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage } as unknown as Window);
  return postMessage;
}

afterEach(() => {
  vi.restoreAllMocks();
  document.documentElement.removeAttribute('style');
});

async function pickTheSlot() {
  // The calendar opens on the month of the first free day.
  await screen.findByText(format(DAY, 'MMMM yyyy'));
  const cell = screen.getByRole('gridcell', { name: format(DAY, 'EEEE, MMMM d, yyyy') });
  await waitFor(() => expect(cell).toBeEnabled());
  await userEvent.click(cell);
  await userEvent.click(await screen.findByRole('button', { name: timeButton('9:00 AM') }));
}

describe('/embed/{eventTypeId}', () => {
  it('shows the booking flow without the app chrome, prefilled and in the host colour, and tells the host page of the booking', async () => {
    const parent = framedBy();
    server.use(rpc('public_event_type', [eventType]));
    offerOneSlot();
    const posted = recordBody('post', '/functions/v1/bookings', () => HttpResponse.json({ id: 31, uid: 'bk_31', status: 'confirmed', startTime: START, manageToken: 'tok_31', location: { kind: 'jitsi', value: 'https://meet.jit.si/kairos-31' } }, { status: 201 }));
    server.use(posted.handler);
    renderRoute('/embed/5?origin=https%3A%2F%2Fshop.example&name=Gus%20Guest&email=gus%40example.com&theme=0D9488');
    expect(await screen.findByRole('heading', { name: 'Strategy Call' })).toBeInTheDocument();
    expect(screen.getByText('With Ada Host')).toBeInTheDocument();
    // No top bar, sign-in link or footer of the app.
    expect(screen.queryByRole('link', { name: 'Kairos home' })).toBeNull();
    expect(screen.queryByText('Sign In')).toBeNull();
    expect(screen.queryByText('Terms')).toBeNull();
    expect(screen.getByLabelText('Full Name')).toHaveValue('Gus Guest');
    expect(screen.getByLabelText('Email')).toHaveValue('gus@example.com');
    expect(document.documentElement.style.getPropertyValue('--chakra-colors-blue-solid')).toBe('#0d9488');

    await pickTheSlot();
    await userEvent.click(screen.getByRole('button', { name: 'Book Meeting' }));
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeInTheDocument();
    expect(posted.body).toMatchObject({ eventTypeId: 5, guestName: 'Gus Guest', guestEmail: 'gus@example.com', startTime: START });
    // With its place: the host page hears where the guest it embedded the booking for will meet.
    expect(parent).toHaveBeenCalledWith(
      { kairos: 1, type: 'booking-created', booking: { id: 31, uid: 'bk_31', status: 'confirmed', location: { kind: 'jitsi', value: 'https://meet.jit.si/kairos-31' } } },
      'https://shop.example',
    );
    // The guest's confirmation, as on the booking page; the manage page leaves the other site's frame for a tab.
    const confirmation = screen.getByRole('region', { name: 'Booking Confirmed!' });
    expect(within(confirmation).getByText('Ada Host')).toBeInTheDocument();
    expect(within(confirmation).getByRole('link', { name: 'Download .ics' })).toBeInTheDocument();
    expect(within(confirmation).getByRole('link', { name: 'Reschedule or cancel' })).toHaveAttribute('target', '_blank');

    // Another booking starts from the prefill again.
    await userEvent.click(screen.getByRole('button', { name: 'Book another time' }));
    expect(screen.getByLabelText('Full Name')).toHaveValue('Gus Guest');
  });

  it('asks the event type’s questions, prefilled from the loader’s notes and q.<slug> as a link would, and still checks them', async () => {
    const questions = [
      { type: 'single_choice', slug: 'plan', label: 'Plan', required: true, options: ['Free', 'Pro'] },
      { type: 'number', slug: 'seats', label: 'Seats', required: true, min: 1, showIf: { question: 'plan', equals: 'Pro' } },
    ];
    server.use(rpc('public_event_type', [{ ...eventType, questions, guest_fields: { phone: 'hidden', company: 'optional', notes: 'optional' } }]));
    offerOneSlot();
    const posted = recordBody('post', '/functions/v1/bookings', () => HttpResponse.json({ id: 33, uid: 'bk_33', status: 'confirmed', startTime: START, manageToken: 't' }, { status: 201 }));
    server.use(posted.handler);
    renderRoute('/embed/5?name=Gus&email=gus%40example.com&notes=From%20the%20shop&q.plan=Pro&q.seats=0&q.nope=1');
    await screen.findByRole('heading', { name: 'Strategy Call' });
    await pickTheSlot();
    expect(screen.getByLabelText('Notes (optional)')).toHaveValue('From the shop');
    expect(screen.queryByRole('textbox', { name: /^Phone/ })).toBeNull();
    expect(await screen.findByRole('radio', { name: 'Pro' })).toBeChecked();
    const seats = screen.getByRole('spinbutton', { name: 'Seats' });
    expect(seats).toHaveValue(0);
    await userEvent.click(screen.getByRole('button', { name: 'Book Meeting' }));
    await waitFor(() => expect(seats).toHaveAccessibleErrorMessage('Must be at least 1'));
    expect(posted.body).toEqual({});
    await userEvent.clear(seats);
    await userEvent.type(seats, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Book Meeting' }));
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeInTheDocument();
    expect(posted.body).toMatchObject({ notes: 'From the shop', answers: { plan: 'Pro', seats: 3 } });
  });

  it('posts nothing when no host origin was named', async () => {
    const parent = framedBy();
    server.use(rpc('public_event_type', [eventType]));
    offerOneSlot();
    server.use(http.post(api('/functions/v1/bookings'), () => HttpResponse.json({ id: 32, uid: 'bk_32', status: 'pending', startTime: START }, { status: 201 })));
    renderRoute('/embed/5?name=Gus&email=gus%40example.com');
    await screen.findByRole('heading', { name: 'Strategy Call' });
    await pickTheSlot();
    await userEvent.click(screen.getByRole('button', { name: 'Book Meeting' }));
    expect(await screen.findByRole('heading', { name: 'Booking Pending Approval' })).toBeInTheDocument();
    expect(parent).not.toHaveBeenCalled();
  });

  it('books in a frame whose browser refuses it storage, as on another site: the embed needs no session', async () => {
    // Chromium refuses localStorage to a third-party frame: reading the property throws.
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException("Failed to read the 'localStorage' property from 'Window': Access is denied for this document.", 'SecurityError');
    });
    server.use(rpc('public_event_type', [eventType]));
    offerOneSlot();
    server.use(http.post(api('/functions/v1/bookings'), () => HttpResponse.json({ id: 33, uid: 'bk_33', status: 'confirmed', startTime: START }, { status: 201 })));
    renderRoute('/embed/5?name=Gus&email=gus%40example.com');
    expect(await screen.findByRole('heading', { name: 'Strategy Call' })).toBeInTheDocument();
    await pickTheSlot();
    await userEvent.click(screen.getByRole('button', { name: 'Book Meeting' }));
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeInTheDocument();
  });

  it('says a failed load is a failure, not Event Not Found, and loads on Try again', async () => {
    let down = true;
    server.use(rpc('public_event_type', () => (down ? HttpResponse.error() : HttpResponse.json([eventType]))));
    offerOneSlot();
    renderRoute('/embed/5');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This booking page could not be loaded');
    expect(alert).toHaveTextContent('Kairos could not be reached. Check your connection and try again.');
    expect(screen.queryByText('Event Not Found')).toBeNull();
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Strategy Call' })).toBeInTheDocument();
  });

  it('names a server failure as one', async () => {
    server.use(rpc('public_event_type', () => HttpResponse.json({ message: 'boom' }, { status: 503 })));
    renderRoute('/embed/5');
    expect(await screen.findByRole('alert')).toHaveTextContent('Kairos answered with an error (503). Please try again in a moment.');
  });

  it('says Event Not Found for an unknown event type', async () => {
    server.use(rpc('public_event_type', []));
    renderRoute('/embed/404');
    expect(await screen.findByText('Event Not Found')).toBeInTheDocument();
  });
});

describe('/embed/team/{slug}', () => {
  it("lists the team's meeting types and books the chosen one as a team booking", async () => {
    server.use(
      rpc('public_team', [{ id: 7, name: 'Bright Path', description: null, slug: 'bright', timezone: 'UTC', member_count: 2 }]),
      rpc('public_event_types', [
        { id: 1, team_id: 7, title: 'Quick', description: null, duration: 30, color: '#3b82f6', auto_confirm: true, requires_all_members: false, assignment_type: 'round_robin', specific_member_id: null },
        { id: 2, team_id: 7, title: 'Long', description: null, duration: 90, color: '#3b82f6', auto_confirm: true, requires_all_members: false, assignment_type: 'least_busy', specific_member_id: null },
      ]),
      rpc('public_team_members', []),
    );
    offerOneSlot();
    const posted = recordBody('post', '/functions/v1/bookings', () => HttpResponse.json({ id: 40, uid: 'bk_40', status: 'confirmed', startTime: START }, { status: 201 }));
    server.use(posted.handler);
    renderRoute('/embed/team/bright');
    expect(await screen.findByRole('heading', { name: 'Bright Path' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Quick/ }));
    expect(screen.getByRole('heading', { name: 'Quick' })).toBeInTheDocument();
    await pickTheSlot();
    await userEvent.type(screen.getByLabelText('Full Name'), 'Tess');
    await userEvent.type(screen.getByLabelText('Email'), 'tess@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Book Meeting' }));
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeInTheDocument();
    expect(posted.body).toMatchObject({ teamEventTypeId: 1, guestName: 'Tess' });
    await userEvent.click(screen.getByRole('button', { name: 'Book another time' }));
    await userEvent.click(screen.getByRole('button', { name: 'All meeting types' }));
    expect(screen.getByRole('button', { name: /Long/ })).toBeInTheDocument();
  });

  it('says a failed load is a failure, not Team Not Found', async () => {
    server.use(rpc('public_team', () => HttpResponse.error()), rpc('public_event_types', []), rpc('public_team_members', []));
    renderRoute('/embed/team/bright');
    expect(await screen.findByRole('alert')).toHaveTextContent('This booking page could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('Team Not Found')).toBeNull();
  });

  it("opens in the language the site asks for (data-kairos-locale), and the guest can pick another in the frame", async () => {
    server.use(rpc('public_event_type', [eventType]));
    offerOneSlot();
    renderRoute('/embed/5?lang=fr');
    expect(await screen.findByText('Avec Ada Host')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Langue' }), 'de');
    expect(await screen.findByText('Mit Ada Host')).toBeInTheDocument();
  });

  it('says Team Not Found for a team that is not public', async () => {
    server.use(rpc('public_team', []), rpc('public_event_types', []), rpc('public_team_members', []));
    renderRoute('/embed/team/hidden');
    expect(await screen.findByText('Team Not Found')).toBeInTheDocument();
  });
});

describe('the embed protocol', () => {
  it('takes only a six-digit colour and a real origin from the address', () => {
    expect(embedParams('?theme=red&origin=null&name=%20&lang=xx')).toEqual({ theme: undefined, hostOrigin: undefined, locale: undefined });
    expect(embedParams('?theme=%23ABCDEF&origin=https://a.example/path&lang=pt-BR')).toEqual({ theme: 'abcdef', hostOrigin: 'https://a.example', locale: 'pt-BR' });
  });

  it("keeps the site's colour readable: text on a solid fill and text in the colour, on white and on its tint, reach 4.5:1 (WCAG 2.1 AA)", () => {
    const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
    for (const theme of ['0d9488', 'facc15', '1e3a8a', '777777', 'ff0000', 'ffffff', '000000']) {
      const vars = themeVariables(theme);
      expect(vars['--chakra-colors-blue-solid']).toBe(`#${theme}`);
      expect(contrastRatio(rgb(vars['--chakra-colors-blue-solid']), rgb(vars['--chakra-colors-blue-contrast'])), theme).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(rgb(vars['--chakra-colors-blue-fg']), [255, 255, 255]), theme).toBeGreaterThanOrEqual(4.5);
      // A free day of the calendar: text in the colour on its 12% tint over the white page.
      const tint = rgb(`#${theme}`).map((c) => 255 + (c - 255) * 0.12) as [number, number, number];
      expect(vars['--chakra-colors-blue-subtle']).toContain(' 12%');
      expect(contrastRatio(rgb(vars['--chakra-colors-blue-fg']), tint), theme).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('gives the one tag to paste, inline or as a pop-up button', () => {
    expect(embedSnippet('https://k.example', { kind: 'event-type', id: 42 }, 'inline')).toBe(
      '<script async src="https://k.example/embed.js" data-kairos="42"></script>',
    );
    expect(embedSnippet('https://k.example', { kind: 'team', slug: 'bright' }, 'popup', '#0d9488')).toBe(
      '<script async src="https://k.example/embed.js" data-kairos="team/bright" data-kairos-mode="popup" data-kairos-button="Book a meeting" data-kairos-color="#0d9488"></script>',
    );
  });
});

describe('the loader /embed.js', () => {
  it('stays at most 3 KB gzipped', () => {
    const source = readFileSync(join(import.meta.dirname, '../../../public/embed.js'));
    const size = gzipSync(source, { level: 9 }).length;
    expect(size).toBeLessThanOrEqual(3 * 1024);
    // It trusts only its own origin and its own frame.
    expect(source.toString()).toContain('e.origin !== kairos');
    expect(source.toString()).toContain('e.source !== frame.contentWindow');
  });
});
