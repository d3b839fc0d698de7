// The booking widget on another site: a page on another site (its own host name, resolved to
// loopback by Chromium, so the frame is third-party: Chromium refuses it storage) includes /embed.js
// with one tag (prefilling the guest's details and answers), books through the frame, hears `kairos:booking-created`, and sees the frame's height
// follow its content; messages that do not come from the Kairos frame are ignored; the app's other
// pages refuse to be framed there.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../scripts/local/test-stack/harness.ts';
import { openPage, PHONE, screenshot, useBrowser, webUrl } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { clock, bookableHost, confirmationShown, dayAhead, expectNoErrors, JOURNEY_TIMEOUT, pickDay } from './support/journey.ts';
import { webHeaders } from '../security-headers.ts';

/** The other site's host name: not Kairos's 127.0.0.1, so another site, not just another origin. */
const SITE_HOST = 'acme-shop.test';
const browser = useBrowser([`--host-resolver-rules=MAP ${SITE_HOST} 127.0.0.1`]);

/** A site of its own on another host name, serving the pages a test gives it. */
class Site {
  readonly pages = new Map<string, string>();
  private server!: Server;
  async start() {
    this.server = createServer((req, res) => {
      const html = this.pages.get(new URL(req.url ?? '/', 'http://site').pathname);
      res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(html ?? 'not found');
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }
  get origin() {
    return `http://${SITE_HOST}:${(this.server.address() as AddressInfo).port}`;
  }
  stop() {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(r));
  }
}

const site = new Site();
beforeAll(() => site.start());
afterAll(() => site.stop());

/** The site's page: its own heading and text, the widget's tag, and a log of the events it hears. */
function hostPage(tag: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme Consulting</title>
<style>body{font-family:sans-serif;max-width:1000px;margin:24px auto;padding:0 16px}</style></head><body>
<h1>Acme Consulting</h1><p>Pick a time below to talk to our team.</p>
<script>window.heard=[];document.addEventListener('kairos:booking-created',function(e){heard.push(e.detail)});</script>
${tag}
<p id="after">Thanks for visiting.</p></body></html>`;
}

function embedHost() {
  return bookableHost({ firstName: 'Ellie', lastName: 'Embed' }, { title: 'Discovery call', duration: 30, color: '#10b981' });
}

async function embeddedFrame(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector('iframe[title="Book a meeting"]');
  const frame = (await handle.contentFrame())!;
  await frame.waitForLoadState();
  return frame;
}

/** The frame's height on the host page, and the height of what the page in it shows. */
async function heights(page: Page, frame: Frame): Promise<[number, number]> {
  const outer = await page.$eval('iframe[title="Book a meeting"]', (f) => f.getBoundingClientRect().height);
  const inner = await frame.$eval('main', (m) => Math.ceil(m.getBoundingClientRect().height));
  return [Math.round(outer), inner];
}

/** The host page at phone size, once the frame has fitted its content again: a screenshot, and axe in the frame. */
async function onPhone(page: Page, frame: Frame, shot: string, what: string) {
  await page.setViewportSize(PHONE);
  await expect.poll(async () => new Set(await heights(page, frame)).size).toBe(1);
  await screenshot(page, shot);
  await expectAccessible(frame, what);
}

describe('the embedded booking widget', () => {
  it(
    'books through the frame on another site, which hears kairos:booking-created, the frame fitting its content',
    async () => {
      const { eventTypeId } = await embedHost();
      await sql(
        `update public.event_types set locations = '[{"kind": "in_person", "address": "12 Harbour Rd, Leith"}]',
           questions = '[{"type": "single_choice", "slug": "plan", "label": "Plan", "required": true, "options": ["Free", "Pro"]}]' where id = $1`,
        [eventTypeId],
      );
      // The tag prefills the guest's details, notes and answers as a booking link's address would.
      const tag = `<script async src="${webUrl()}/embed.js" data-kairos="${eventTypeId}" data-kairos-name="Gwen Guest" data-kairos-email="gwen@example.test" data-kairos-notes="Seen on Acme" data-kairos-q-plan="Pro" data-kairos-color="#0d9488"></script>`;
      site.pages.set('/inline', hostPage(tag));
      const { page, errors } = await openPage(browser(), { timezoneId: 'UTC', locale: 'en-US' });
      await page.goto(`${site.origin}/inline`);
      const frame = await embeddedFrame(page);
      expect(new URL(frame.url()).origin).toBe(webUrl());
      // A third-party frame, as on a real site: the browser refuses it storage.
      expect(await frame.evaluate(() => { try { return typeof window.localStorage; } catch (e) { return (e as Error).name; } })).toBe('SecurityError');
      await frame.getByRole('heading', { name: 'Discovery call' }).waitFor();

      // Messages from anyone but the Kairos frame change nothing.
      await page.evaluate(() => {
        window.postMessage({ kairos: 1, type: 'booking-created', booking: { id: 999, uid: 'forged', status: 'confirmed' } }, '*');
        window.postMessage({ kairos: 1, type: 'resize', height: 7 }, '*');
      });

      // The frame is as tall as the page it shows, before and after the times appear.
      await expect.poll(async () => new Set(await heights(page, frame)).size).toBe(1);
      const before = (await heights(page, frame))[0];
      expect(before).toBeGreaterThan(300);
      await pickDay(frame, dayAhead(2, 'UTC'));
      await frame.getByRole('button', { name: clock('10:00'), exact: true }).click();
      await expect.poll(async () => new Set(await heights(page, frame)).size).toBe(1);
      // Prefilled by the tag, in the site's colour.
      expect(await frame.getByLabel('Full Name').inputValue()).toBe('Gwen Guest');
      expect(await frame.getByLabel('Email').inputValue()).toBe('gwen@example.test');
      expect(await frame.getByLabel('Notes (optional)').inputValue()).toBe('Seen on Acme');
      expect(await frame.getByRole('radio', { name: 'Pro' }).isChecked()).toBe(true);
      const book = frame.getByRole('button', { name: 'Book Meeting' });
      expect(await book.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(13, 148, 136)');
      await screenshot(page, 'embed-inline-widget');

      // The site's colour takes black text here: a hovered button must stay readable too.
      await frame.locator('body').hover({ position: { x: 1, y: 1 } });
      await expectAccessible(frame, 'embed form (desktop)');
      await book.hover();
      await book.evaluate((button) => Promise.all(button.getAnimations().map((animation) => animation.finished)));
      await expectAccessible(frame, 'embed form (desktop), Book Meeting hovered');
      await book.click();
      const confirmation = await confirmationShown(frame, 'Booking Confirmed!');
      await confirmation.getByText('Ellie Embed').waitFor();
      await confirmation.getByRole('link', { name: 'Reschedule or cancel' }).waitFor();
      await expect.poll(() => page.evaluate(() => (window as unknown as { heard: unknown[] }).heard.length)).toBe(1);
      const [heard] = await page.evaluate(() => (window as unknown as { heard: unknown[] }).heard);
      const [booking] = await sql(`select id::int, uid::text, status, guest_name, guest_email from public.bookings where event_type_id = $1`, [eventTypeId]);
      expect(heard).toEqual({ id: booking.id, uid: booking.uid, status: 'confirmed', location: { kind: 'in_person', value: '12 Harbour Rd, Leith' } });
      expect(booking).toMatchObject({ guest_name: 'Gwen Guest', guest_email: 'gwen@example.test' });
      expect(await sql('select b.notes, a.answers from public.bookings b join public.booking_answers a on a.booking_id = b.id where b.id = $1', [booking.id])).toEqual([
        { notes: 'Seen on Acme', answers: [{ slug: 'plan', label: 'Plan', type: 'single_choice', value: 'Pro' }] },
      ]);
      // The confirmation is shorter than the form: the frame shrinks with it.
      await expect.poll(async () => new Set(await heights(page, frame)).size).toBe(1);
      expect((await heights(page, frame))[0]).toBeLessThan(before);
      await screenshot(page, 'embed-inline-booked');
      await expectAccessible(frame, 'embed confirmation (desktop)');
      // The same booked widget on a phone.
      await onPhone(page, frame, 'embed-inline-booked-phone', 'embed confirmation (phone)');
      expectNoErrors(errors);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'opens as a pop-up from a button, and closes with Escape',
    async () => {
      const { eventTypeId } = await embedHost();
      site.pages.set('/popup', hostPage(`<script async src="${webUrl()}/embed.js" data-kairos="${eventTypeId}" data-kairos-mode="popup" data-kairos-button="Talk to us"></script>`));
      const { page, errors } = await openPage(browser(), { timezoneId: 'UTC', locale: 'en-US' });
      await page.goto(`${site.origin}/popup`);
      await page.getByRole('button', { name: 'Talk to us' }).click();
      const dialog = page.getByRole('dialog', { name: 'Book a meeting' });
      await dialog.waitFor();
      const frame = await embeddedFrame(page);
      await frame.getByRole('heading', { name: 'Discovery call' }).waitFor();
      await screenshot(page, 'embed-popup-widget');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expectNoErrors(errors);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    "opens in the site's language (data-kairos-locale): Arabic, right to left, on a desktop and a phone",
    async () => {
      const { eventTypeId } = await embedHost();
      site.pages.set('/ar', hostPage(`<script async src="${webUrl()}/embed.js" data-kairos="${eventTypeId}" data-kairos-locale="ar"></script>`));
      // The guest's browser is in English: the site's choice wins, and the guest may still switch.
      const { page, errors } = await openPage(browser(), { timezoneId: 'UTC', locale: 'en-US' });
      await page.goto(`${site.origin}/ar`);
      const frame = await embeddedFrame(page);
      await frame.getByText('مع Ellie Embed').waitFor();
      expect(await frame.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
      await frame.getByRole('combobox', { name: 'اللغة' }).waitFor();
      await frame.locator('button[data-day]:not(:disabled)').first().waitFor();
      await screenshot(page, 'embed-ar-desktop');
      await expectAccessible(frame, 'embed in Arabic (desktop)');
      await onPhone(page, frame, 'embed-ar-phone', 'embed in Arabic (phone)');
      await frame.getByRole('combobox', { name: 'اللغة' }).selectOption('ja');
      await frame.getByText('担当: Ellie Embed').waitFor();
      expectNoErrors(errors);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    "lets other sites frame only the embed pages: the app's other pages refuse",
    async () => {
      const { eventTypeId } = await embedHost();
      const refused = ['/login', '/dashboard', `/book/${eventTypeId}`, '/team/brightpath'];
      const frames = [`/embed/${eventTypeId}`, '/embed/team/brightpath', ...refused].map((path) => `<iframe name="${path}" src="${webUrl()}${path}"></iframe>`);
      site.pages.set('/frames', hostPage(frames.join('\n')));
      const { page } = await openPage(browser());
      const blocked: string[] = [];
      page.on('console', (m) => {
        if (m.text().includes('frame-ancestors')) blocked.push(m.text());
      });
      await page.goto(`${site.origin}/frames`);
      const loaded = async (name: string) => {
        const frame = page.frame({ name })!;
        await frame.waitForLoadState();
        return frame.url().startsWith(webUrl()) && (await frame.locator('#root > *').count()) > 0;
      };
      await expect.poll(() => loaded(`/embed/${eventTypeId}`)).toBe(true);
      await expect.poll(() => loaded('/embed/team/brightpath')).toBe(true);
      for (const path of refused) expect(await loaded(path), path).toBe(false);
      await expect.poll(() => blocked.length).toBe(refused.length);

      for (const path of ['/embed.js', `/embed/${eventTypeId}`]) {
        const res = await fetch(webUrl() + path);
        expect(res.status).toBe(200);
        if (path === '/embed.js') expect(res.headers.get('content-type')).toMatch(/javascript/);
        else {
          expect(res.headers.get('content-security-policy')).toBe(webHeaders(path, {})['content-security-policy']);
          expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors \*$/);
          expect(res.headers.get('x-frame-options')).toBeNull();
        }
      }
    },
    JOURNEY_TIMEOUT,
  );
});
