// Benchmark 4: the production build's weight (gzipped) and the time to first render of the public
// booking page /book/{id} in headless Chromium, served by the test stack's gateway.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { startTestStack } from '../local/test-stack/start.ts';
import { createEventType, createUser, setAvailability } from './lib/fixtures.ts';
import { runToEnd } from './lib/process.ts';
import type { Report } from './lib/report.ts';
import { median } from './lib/stats.ts';

const BOOKING_PAGE = 'src/features/booking-flow/EventBookingPage.tsx';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** Files a chunk loads before it runs: itself, its static imports (transitively) and their CSS. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  chunk.css?.forEach((c) => seen.add(c));
  chunk.imports?.forEach((i) => closure(manifest, i, seen));
  return seen;
}

function gzipKb(dir: string, files: Iterable<string>, ext: string): number {
  let bytes = 0;
  for (const f of files) if (f.endsWith(ext)) bytes += gzipSync(readFileSync(join(dir, f)), { level: 9 }).length;
  return bytes / 1024;
}

export async function buildWeb(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'kairos-bench-web-'));
  await runToEnd(join('node_modules', '.bin', 'vite'), ['build', '--config', 'web/vite.config.ts', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn']);
  return outDir;
}

function sizes(report: Report, outDir: string) {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry) throw new Error('no entry chunk in the build manifest');
  const initial = closure(manifest, entry);
  if (!manifest[BOOKING_PAGE]) throw new Error(`${BOOKING_PAGE} is not a chunk of its own in the build`);
  const route = [...closure(manifest, BOOKING_PAGE)].filter((f) => !initial.has(f));
  report.add('4 web', 'initial load', 'JS gzipped', gzipKb(outDir, initial, '.js'), 'KiB');
  report.add('4 web', 'initial load', 'CSS gzipped', gzipKb(outDir, initial, '.css'), 'KiB');
  report.add('4 web', '/book/:id route', 'extra JS+CSS gzipped', gzipKb(outDir, route, '.js') + gzipKb(outDir, route, '.css'), 'KiB');
}

/** Each visit in a fresh browser context (empty cache), as a guest opening a booking link. */
async function firstRender(report: Report, outDir: string) {
  const { stack, dispose } = await startTestStack({ webDir: outDir });
  const db = new pg.Pool({ connectionString: stack.dbUrl, max: 2 });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const host = await createUser(db, { label: 'web' });
    await setAvailability(db, host);
    const title = 'Bench first render';
    const eventTypeId = await createEventType(db, host, 30, title);
    const fcp: number[] = [];
    const content: number[] = [];
    for (let i = 0; i < 5; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(`${stack.config.apiUrl}/book/${eventTypeId}`);
      await page.getByText(title).first().waitFor({ timeout: 30_000 });
      content.push(performance.now() - started);
      fcp.push(
        await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN),
      );
      await context.close();
    }
    report.add('4 web', '/book/{id} cold, median of 5', 'first contentful paint', median(fcp), 'ms');
    report.add('4 web', '/book/{id} cold, median of 5', 'event type shown (data loaded)', median(content), 'ms');
  } finally {
    await browser.close();
    await db.end();
    await dispose();
  }
}

export async function benchWeb(report: Report) {
  const outDir = await buildWeb();
  try {
    sizes(report, outDir);
    await firstRender(report, outDir);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
