// Benchmark 4: the public pages of the production build, served by the test stack's gateway, in
// headless Chromium: the gzipped JS each loads, first contentful paint and slots on screen of
// /book/{id}, and Lighthouse (its default mobile profile) on / and /book/{id}.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { chromium, type Browser } from 'playwright-core';
import { startTestStack } from '../local/test-stack/start.ts';
import { createEventType, createUser, setAvailability } from './lib/fixtures.ts';
import { runToEnd } from './lib/process.ts';
import type { Report } from './lib/report.ts';
import { median } from './lib/stats.ts';
import { roundRobinTeam } from './team.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];
const RUNS = 5;
const LIGHTHOUSE_RUNS = 3;
const TITLE = 'Bench first render';

export async function buildWeb(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'kairos-bench-web-'));
  await runToEnd(join('node_modules', '.bin', 'vite'), ['build', '--config', 'web/vite.config.ts', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn']);
  return outDir;
}

function gzipKiB(dir: string, files: Iterable<string>): number {
  let bytes = 0;
  for (const f of files) bytes += gzipSync(readFileSync(join(dir, f)), { level: 9 }).length;
  return bytes / 1024;
}

interface PublicPage {
  name: string;
  path: string;
  /** Text the page shows once its data is there. */
  ready: string;
}

/** A public host (handle, public profile) with a 30-minute event type, and a public round-robin team of two. */
async function publicData(db: pg.Pool, apiUrl: string): Promise<{ pages: PublicPage[]; eventTypeId: number }> {
  const host = await createUser(db, { label: 'web' });
  await setAvailability(db, host);
  const handle = `bench-${host.slice(0, 8)}`;
  await db.query(`update public.profiles set handle = $2, is_public_profile = true, is_calendar_public = true where id = $1`, [host, handle]);
  const eventTypeId = await createEventType(db, host, 30, TITLE);
  const team = await roundRobinTeam({ db, apiUrl, anonHeaders: {} }, 2);
  const { rows } = await db.query<{ slug: string }>(`select slug from public.teams where id = $1`, [team.teamId]);
  const slug = rows[0].slug;
  return {
    eventTypeId,
    pages: [
      { name: '/book/:id', path: `/book/${eventTypeId}`, ready: TITLE },
      { name: '/{handle}', path: `/${handle}`, ready: TITLE },
      { name: '/calendar/:id', path: `/calendar/${host}`, ready: TITLE },
      { name: '/team/:slug', path: `/team/${slug}`, ready: 'Bench round robin' },
      { name: '/embed/:id', path: `/embed/${eventTypeId}`, ready: TITLE },
      { name: '/embed/team/:slug', path: `/embed/team/${slug}`, ready: 'Bench round robin' },
    ],
  };
}

/**
 * Every script a page fetches from the app's origin until its data is shown and the network has
 * been idle for 500 ms (so what it loads on its own after first paint counts too), gzipped as a
 * static host would serve it.
 */
async function pageWeight(browser: Browser, origin: string, outDir: string, page: PublicPage): Promise<{ kib: number; scripts: number }> {
  const context = await browser.newContext();
  const tab = await context.newPage();
  const scripts = new Set<string>();
  tab.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script' && url.origin === origin) scripts.add(url.pathname.slice(1));
  });
  await tab.goto(`${origin}${page.path}`);
  await tab.getByText(page.ready).first().waitFor({ timeout: 30_000 });
  await tab.waitForLoadState('networkidle');
  await context.close();
  return { kib: gzipKiB(outDir, scripts), scripts: scripts.size };
}

/**
 * A guest opening a booking link, cold (a fresh context each time): first contentful paint, and the
 * first frame after the slots answer arrived with the calendar on screen (its days marked: the page
 * may ask for the slots before its calendar has rendered), both from navigation start.
 */
async function bookingPageTimes(browser: Browser, url: string): Promise<{ fcp: number; slots: number }> {
  const context = await browser.newContext();
  const tab = await context.newPage();
  // Plain text, not a function: the page runs it as written (tsx would add helpers it lacks). At each
  // animation frame from the start: the frame after the one where the answer and the calendar were both there.
  await tab.addInitScript({
    content: `{
      let answered = false, ready = false;
      new PerformanceObserver((list) => {
        if (list.getEntries().some((entry) => entry.name.includes('/functions/v1/slots'))) answered = true;
      }).observe({ type: 'resource' });
      const frame = () => {
        if (ready) return void (window.slotsShown = performance.now());
        ready = answered && document.querySelector('[role="grid"] button[data-day]') !== null;
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    }`,
  });
  await tab.goto(url);
  const slots = (await (
    await tab.waitForFunction(() => (window as unknown as { slotsShown?: number }).slotsShown, undefined, { timeout: 30_000 })
  ).jsonValue()) as number;
  // The paint entry is recorded after its frame is presented: the slots may be on screen first.
  const fcp = (await (
    await tab.waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime, undefined, { timeout: 30_000 })
  ).jsonValue()) as number;
  await context.close();
  return { fcp, slots };
}

interface LighthouseResult {
  categories: Record<'performance' | 'accessibility', { score: number; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; numericValue?: number; details?: { items?: { url: string }[] } }>;
}

/** The `lighthouse` CLI, default (mobile) profile, on the page; offline: every request it made is listed. */
async function lighthouse(url: string): Promise<LighthouseResult> {
  const dir = mkdtempSync(join(tmpdir(), 'kairos-bench-lighthouse-'));
  try {
    const output = join(dir, 'report.json');
    await runToEnd(
      join('node_modules', '.bin', 'lighthouse'),
      [url, '--quiet', '--output=json', `--output-path=${output}`, '--only-categories=performance,accessibility', '--chrome-flags=--headless=new --no-sandbox'],
      { CHROME_PATH: CHROMIUM },
    );
    return JSON.parse(readFileSync(output, 'utf8')) as LighthouseResult;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Lighthouse's mobile scores and timings of one page, median of LIGHTHOUSE_RUNS. */
async function lighthouseRows(report: Report, origin: string, path: string, name: string) {
  const results: LighthouseResult[] = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) results.push(await lighthouse(`${origin}${path}`));
  const kase = `${name} Lighthouse (mobile), median of ${LIGHTHOUSE_RUNS}`;
  const med = (pick: (r: LighthouseResult) => number) => median(results.map(pick));
  report.add('4 web', kase, 'performance score', med((r) => Math.round(r.categories.performance.score * 100)));
  report.add('4 web', kase, 'accessibility score', med((r) => Math.round(r.categories.accessibility.score * 100)));
  report.add('4 web', kase, 'first contentful paint', med((r) => r.audits['first-contentful-paint'].numericValue!), 'ms');
  report.add('4 web', kase, 'largest contentful paint', med((r) => r.audits['largest-contentful-paint'].numericValue!), 'ms');
  report.add('4 web', kase, 'total blocking time', med((r) => r.audits['total-blocking-time'].numericValue!), 'ms');
  report.add('4 web', kase, 'cumulative layout shift', med((r) => r.audits['cumulative-layout-shift'].numericValue!));
  const failed = new Set(
    results.flatMap((r) => r.categories.accessibility.auditRefs.filter((a) => a.weight > 0 && r.audits[a.id].score === 0).map((a) => a.id)),
  );
  report.add('4 web', kase, 'accessibility audits failed', failed.size === 0 ? 'none' : [...failed].join(', '));
  const external = new Set(
    results.flatMap((r) => (r.audits['network-requests'].details?.items ?? []).map((item) => item.url).filter((u) => u.startsWith('http') && !u.startsWith(origin))),
  );
  report.add('4 web', kase, 'requests outside the app (offline check)', external.size === 0 ? 'none' : [...external].slice(0, 3).join(', '));
}

async function publicPages(report: Report, outDir: string) {
  const { stack, dispose } = await startTestStack({ webDir: outDir });
  const db = new pg.Pool({ connectionString: stack.dbUrl, max: 2 });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const origin = stack.config.apiUrl;
  try {
    const { pages, eventTypeId } = await publicData(db, origin);
    for (const page of pages) {
      const { kib, scripts } = await pageWeight(browser, origin, outDir, page);
      report.add('4 web', `${page.name}, loaded and idle`, 'JS gzipped, in total', kib, 'KiB');
      // Each is a request: on a phone's network, a round trip.
      report.add('4 web', `${page.name}, loaded and idle`, 'scripts fetched', scripts);
    }

    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await bookingPageTimes(browser, `${origin}/book/${eventTypeId}`));
    report.add('4 web', `/book/:id cold, median of ${RUNS}`, 'first contentful paint', median(runs.map((r) => r.fcp)), 'ms');
    report.add('4 web', `/book/:id cold, median of ${RUNS}`, 'slots on screen', median(runs.map((r) => r.slots)), 'ms');
    await browser.close();

    for (const path of ['/', `/book/${eventTypeId}`]) await lighthouseRows(report, origin, path, path === '/' ? '/' : '/book/:id');
  } finally {
    await browser.close();
    await db.end();
    await dispose();
  }
}

export async function benchWeb(report: Report) {
  // BENCH_WEB_DIR measures a build made elsewhere (an older commit's, for a before-and-after).
  const outDir = process.env.BENCH_WEB_DIR ?? (await buildWeb());
  try {
    await publicPages(report, outDir);
  } finally {
    if (!process.env.BENCH_WEB_DIR) rmSync(outDir, { recursive: true, force: true });
  }
}
