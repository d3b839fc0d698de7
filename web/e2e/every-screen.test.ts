// Every screen at phone (390×844) and desktop (1280×800) size, as a guest and as a host: each route
// named in the tab, fitting the phone's width, with no WCAG 2.2 AA violation axe finds (the rules each
// route passed are tabled in screenshots/axe-routes.md, for docs/accessibility.md); what a person
// sees must not hide what they need (a toast over a dialog's buttons) and must be seen (focus rings of
// 3:1 against what is around them, 1.4.11). robots.txt is text, not the app.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_BOOKING_TOKEN_SECRET } from '../../scripts/local/config.ts';
import { newUser, sql } from '../../scripts/local/test-stack/harness.ts';
import { manageToken, secretToken, tokenHash } from '../../supabase/functions/_shared/lifecycle/manage-token.ts';
import { axeReport, expectAccessible } from './support/axe.ts';
import { appRendered, DESKTOP, expectToast, openPage, PHONE, screenshot, useBrowser, webUrl } from './support/browser.ts';
import { bookableHost, JOURNEY_TIMEOUT, signIn, unique } from './support/journey.ts';

const browser = useBrowser();

/** A route as a person opens it: where, what shows once it has loaded, and the tab's title. */
interface Screen {
  path: string;
  heading: string;
  title: string;
}

/** A route's axe results: how many WCAG rules it passed at each size, and how many it broke. */
type AxeRow = { who: string; route: string; phone: number; desktop: number; violations: number };

/** A path as its route: the ids, handles, slugs and tokens in it by their names (`params`: value → `:name`). */
const routeOf = (path: string, params: Map<string, string>) =>
  path
    .split('?')[0]
    .split('/')
    .map((part) => params.get(part) ?? part)
    .join('/');

/**
 * Opens each screen at phone size, then desktop, and returns what is wrong with it: a title other
 * than its own, content wider than the phone, axe's violations at either size. Adds each screen's
 * axe results to `table`.
 */
async function checkScreens(page: Page, screens: Screen[], who: string, table: AxeRow[], params: Map<string, string>): Promise<string[]> {
  const problems: string[] = [];
  for (const screen of screens) {
    await page.setViewportSize(PHONE);
    await page.goto(screen.path);
    // The app's screen, not its shell (which already has a static page's heading, not its title).
    await appRendered(page);
    const main = page.getByRole('heading', { name: screen.heading, exact: true }).first();
    await main.waitFor();
    // Loaded: no skeleton or spinner left on the screen.
    await page.waitForFunction(() => !document.querySelector('.chakra-skeleton, [data-scope="skeleton"], [aria-busy="true"]'));
    const title = await page.title();
    if (title !== screen.title) problems.push(`${screen.path}: title '${title}', not '${screen.title}'`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > PHONE.width) problems.push(`${screen.path}: ${width}px wide on a ${PHONE.width}px phone`);
    // Named by its place and title (paths hold ids that differ each run).
    await screenshot(page, `every-screen-${who}-${screens.indexOf(screen)}-${screen.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`);
    const row: AxeRow = { who, route: routeOf(screen.path, params), phone: 0, desktop: 0, violations: 0 };
    for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      await page.setViewportSize(viewport);
      const report = await axeReport(page);
      row[size] = report.passed;
      row.violations += report.violations.length;
      for (const v of report.violations) problems.push(`${screen.path} (${size}): ${v.rule}: ${v.nodes.join(' | ')}`);
    }
    table.push(row);
  }
  return problems;
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The buttons of `scope` that the toast on screen covers, by their names. */
async function coveredButtons(page: Page, scope: Locator): Promise<string[]> {
  const toast = await page.locator('[data-scope="toast"][data-part="root"]').first().boundingBox();
  if (!toast) throw new Error('no toast on screen');
  const covered: string[] = [];
  for (const button of await scope.getByRole('button').all()) {
    const box = await button.boundingBox();
    if (box && overlaps(toast, box)) covered.push((await button.getAttribute('aria-label')) ?? (await button.innerText()));
  }
  return covered;
}

/** The focused element's focus ring: its colour's contrast with the background around it. */
async function focusRingContrast(page: Page): Promise<{ ring: string; background: string; contrast: number; width: number }> {
  return page.evaluate(() => {
    const parse = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) =>
      [r, g, b].map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    let around: HTMLElement | null = element.parentElement;
    let background = 'rgb(255, 255, 255)';
    for (; around; around = around.parentElement) {
      const color = getComputedStyle(around).backgroundColor;
      const [, , , alpha = 1] = parse(color);
      if (alpha > 0 && color !== 'transparent') {
        background = color;
        break;
      }
    }
    const [a, b] = [luminance(parse(style.outlineColor)), luminance(parse(background))];
    return { ring: style.outlineColor, background, contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05), width: parseFloat(style.outlineWidth) };
  });
}

describe('every screen', () => {
  it(
    "on a phone a toast leaves a dialog's buttons free, an input's focus ring stands out 3:1 and a hovered button's text 4.5:1",
    async () => {
      const host = await newUser({ firstName: 'Tess', lastName: 'Toast' });
      await sql(`insert into public.event_types (user_id, title, duration) values ($1, 'Phone Check', 30)`, [host.id]);
      const { page } = await openPage(browser(), { viewport: PHONE, locale: 'en-US', timezoneId: 'UTC' });
      await page.goto('/login');
      await page.keyboard.press('Tab');
      const email = page.getByPlaceholder('Enter your email');
      await email.focus();
      const ring = await focusRingContrast(page);
      expect(ring.width, 'focus ring width').toBeGreaterThanOrEqual(1);
      expect(ring.contrast, `focus ring ${ring.ring} on ${ring.background}`).toBeGreaterThanOrEqual(3);
      // A hovered solid button keeps its text readable (Chakra's own hover lightens it: 4.31:1 on blue).
      const signInButton = page.getByRole('button', { name: 'Sign in', exact: true });
      await signInButton.hover();
      await signInButton.evaluate((button) => Promise.all(button.getAnimations().map((animation) => animation.finished)));
      await expectAccessible(page, 'sign in, its button hovered');

      await signIn(page, host);
      await page.goto('/bookings');
      await page.getByRole('button', { name: 'Create Booking' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Booking' });
      await dialog.getByLabel('Event Type').selectOption({ label: 'Phone Check (30 min)' });
      await dialog.getByLabel('Guest Name').fill('Pia Phone');
      await dialog.getByLabel('Guest Email').fill('pia@example.test');
      await dialog.getByRole('button', { name: 'Create Booking' }).click();
      await expectToast(page, 'Missing Information');
      await page.locator('[data-scope="toast"][data-part="root"]').first().waitFor();
      await screenshot(page, 'every-screen-phone-toast-over-dialog');
      expect(await coveredButtons(page, dialog)).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'every route, as a guest and as a host, at phone and desktop size: its own title, the phone width, no axe violation',
    async () => {
      const { host, eventTypeId } = await bookableHost({ firstName: 'Ada', lastName: 'Axe' }, { title: 'Axe Check', duration: 30 }, { timezone: 'Europe/Berlin' });
      const handle = unique('ada-axe');
      await sql(`update public.profiles set handle = $2, is_public_profile = true, is_calendar_public = true where id = $1`, [host.id, handle]);
      const slug = unique('axe-team');
      const [team] = await sql(`insert into public.teams (name, slug, owner_id, is_public) values ('Axe Team', $1, $2, true) returning id`, [slug, host.id]);
      await sql(`insert into public.event_types (team_id, title, duration) values ($1, 'Team Axe Check', 30)`, [team.id]);
      // Another team invites the host (the Teams page's invitation card); a guest opens its link.
      const other = await newUser({ firstName: 'Olga', lastName: 'Owner' });
      const [otherTeam] = await sql(`insert into public.teams (name, slug, owner_id) values ('Bright Axe', $1, $2) returning id`, [unique('bright-axe'), other.id]);
      // Its link's token, derived as the outbox derives it for the mail (the hash is set in case the mail has not gone yet).
      const [invitation] = await sql(`insert into public.team_invitations (team_id, email, invited_by) values ($1, $2, $3) returning id`, [otherTeam.id, host.email, other.id]);
      const [mail] = await sql(`select payload->>'expires_at' as expires from public.outbox where kind = 'invitation' and (payload->>'invitation_id')::bigint = $1`, [invitation.id]);
      const invitationToken = await secretToken(DEMO_BOOKING_TOKEN_SECRET, `invitation:${invitation.id}:${mail.expires}`);
      await sql(`update public.team_invitations set token_hash = $2 where id = $1`, [invitation.id, await tokenHash(invitationToken)]);
      // A booking the guest manages by its link, and one the guest moved (the Cancelled tab says where).
      const start = new Date(Date.now() + 10 * 86_400_000);
      start.setUTCHours(10, 0, 0, 0);
      const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000).toISOString();
      const [booking] = await sql(
        `insert into public.bookings (event_type_id, user_id, guest_name, guest_email, start_time, end_time, status)
         values ($1, $2, 'Gus Guest', 'gus@example.test', $3, $4, 'confirmed') returning id, uid::text`,
        [eventTypeId, host.id, at(0), at(30)],
      );
      const manage = await manageToken(DEMO_BOOKING_TOKEN_SECRET, booking.uid);
      await sql(`update public.bookings set manage_token_hash = $2 where id = $1`, [booking.id, await tokenHash(manage)]);
      const [moved] = await sql(
        `insert into public.bookings (event_type_id, user_id, guest_name, guest_email, start_time, end_time, status)
         values ($1, $2, 'Mo Mover', 'mo@example.test', $3, $4, 'confirmed') returning id`,
        [eventTypeId, host.id, at(24 * 60), at(24 * 60 + 30)],
      );
      await sql(
        `insert into public.bookings (event_type_id, user_id, guest_name, guest_email, start_time, end_time, status, cancelled_by, rescheduled_to)
         values ($1, $2, 'Mo Mover', 'mo@example.test', $3, $4, 'cancelled', 'guest', $5)`,
        [eventTypeId, host.id, at(120), at(150), moved.id],
      );

      await sql(
        `insert into public.bookings (event_type_id, user_id, guest_name, guest_email, start_time, end_time, status)
         values ($1, $2, 'Pen Pending', 'pen@example.test', $3, $4, 'pending')`,
        [eventTypeId, host.id, at(48 * 60), at(48 * 60 + 30)],
      );
      // A guest back from a payment they did not finish in time (the payment return page).
      const [lapsed] = await sql(
        `insert into public.bookings (event_type_id, user_id, guest_name, guest_email, start_time, end_time, status)
         values ($1, $2, 'Lee Late', 'lee@example.test', $3, $4, 'expired') returning id, uid::text`,
        [eventTypeId, host.id, at(72 * 60), at(72 * 60 + 30)],
      );
      const lapsedToken = await manageToken(DEMO_BOOKING_TOKEN_SECRET, lapsed.uid);
      await sql(`update public.bookings set manage_token_hash = $2 where id = $1`, [lapsed.id, await tokenHash(lapsedToken)]);

      const robots = await fetch(`${webUrl()}/robots.txt`);
      expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await robots.text()).toMatch(/^User-agent: \*/m);

      const axeTable: AxeRow[] = [];
      const params = new Map<string, string>([
        [host.id, ':userId'],
        [handle, ':handle'],
        [String(eventTypeId), ':eventTypeId'],
        [slug, ':slug'],
        [booking.uid, ':uid'],
        [lapsed.uid, ':uid'],
        [encodeURIComponent(invitationToken), ':token'],
        [String(team.id), ':teamId'],
      ]);
      const guest = await openPage(browser(), { viewport: PHONE, locale: 'en-US', timezoneId: 'America/New_York' });
      const guestProblems = await checkScreens(
        guest.page,
        [
          { path: '/', heading: 'Scheduling that finds the right moment', title: 'Kairos' },
          { path: '/login', heading: 'Sign in to Kairos', title: 'Sign in · Kairos' },
          { path: '/register', heading: 'Create your account', title: 'Create your account · Kairos' },
          { path: '/forgot-password', heading: 'Reset your password', title: 'Reset your password · Kairos' },
          { path: '/terms', heading: 'Terms of Service', title: 'Terms of Service · Kairos' },
          { path: '/privacy', heading: 'Privacy Policy', title: 'Privacy Policy · Kairos' },
          { path: `/calendar/${host.id}`, heading: 'Ada Axe', title: 'Ada Axe · Kairos' },
          { path: `/${handle}`, heading: 'Ada Axe', title: 'Ada Axe · Kairos' },
          { path: `/book/${eventTypeId}`, heading: 'Axe Check', title: 'Axe Check · Kairos' },
          { path: `/team/${slug}`, heading: 'Axe Team', title: 'Axe Team · Kairos' },
          { path: `/embed/${eventTypeId}`, heading: 'Axe Check', title: 'Axe Check · Kairos' },
          { path: `/embed/team/${slug}`, heading: 'Team Axe Check', title: 'Axe Team · Kairos' },
          { path: `/booking/${booking.uid}?token=${encodeURIComponent(manage)}`, heading: 'Your booking is confirmed', title: 'Your booking: Axe Check · Kairos' },
          {
            path: `/booking/${lapsed.uid}/payment?token=${encodeURIComponent(lapsedToken)}`,
            heading: 'Your time was released',
            title: 'Your payment: Axe Check · Kairos',
          },
          { path: `/invitations/${encodeURIComponent(invitationToken)}`, heading: 'Join Bright Axe', title: 'Team invitation · Kairos' },
          { path: '/no/such/page', heading: '404 Page Not Found', title: 'Page Not Found · Kairos' },
        ],
        'guest',
        axeTable,
        params,
      );

      const owner = await openPage(browser(), { viewport: DESKTOP, locale: 'en-US', timezoneId: 'Europe/Berlin' });
      await signIn(owner.page, host);
      const hostProblems = await checkScreens(
        owner.page,
        [
          { path: '/dashboard', heading: 'Welcome back, Ada!', title: 'Dashboard · Kairos' },
          { path: '/availability', heading: 'Availability', title: 'Availability · Kairos' },
          { path: '/bookings', heading: 'All Bookings', title: 'Bookings · Kairos' },
          { path: '/profile', heading: 'Public Profile', title: 'Profile · Kairos' },
          { path: '/teams', heading: 'Teams', title: 'Teams · Kairos' },
          { path: `/teams/${team.id}`, heading: 'Axe Team', title: 'Axe Team · Kairos' },
          { path: `/teams/${team.id}/settings`, heading: 'Team Settings', title: 'Axe Team settings · Kairos' },
        ],
        'host',
        axeTable,
        params,
      );
      writeFileSync(
        join(import.meta.dirname, 'screenshots', 'axe-routes.md'),
        [
          '| who | route | rules passed, phone | rules passed, desktop | violations |',
          '|---|---|---|---|---|',
          ...axeTable.map((r) => `| ${r.who} | \`${r.route}\` | ${r.phone} | ${r.desktop} | ${r.violations} |`),
        ].join('\n') + '\n',
      );
      // On the phone a weekly-hours range fits on one line: its start, its end and its remove button.
      await owner.page.setViewportSize(PHONE);
      await owner.page.goto('/availability');
      const rowParts = ['Monday range 1 start', 'Monday range 1 end', 'Remove Monday range 1'].map((name) => owner.page.getByLabel(name, { exact: true }));
      await rowParts[0].waitFor();
      const tops = await Promise.all(rowParts.map(async (part) => Math.round((await part.boundingBox())!.y + (await part.boundingBox())!.height / 2)));
      expect(new Set(tops).size, `centres of a range's parts: ${tops.join(', ')}`).toBe(1);
      // Reject asks first, on the card, at phone size.
      await owner.page.goto('/bookings');
      const pending = owner.page.getByRole('article', { name: 'Axe Check with Pen Pending' });
      await pending.getByRole('button', { name: 'Reject' }).click();
      await pending.getByRole('alertdialog', { name: 'Reject this booking?' }).waitFor();
      await screenshot(owner.page, 'every-screen-phone-reject-asks');
      await pending.getByRole('button', { name: 'Keep it' }).click();
      // The moved booking, read through the real REST embed, says where it went.
      await owner.page.getByRole('tab', { name: 'Cancelled' }).click();
      await owner.page.getByText('Rescheduled by the guest to', { exact: false }).waitFor();
      await screenshot(owner.page, 'every-screen-phone-cancelled-tab');
      expect([...guestProblems, ...hostProblems]).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});
