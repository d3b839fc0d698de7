// axe-core (WCAG 2.0, 2.1 and 2.2 A and AA rules) run in the page as it is on screen: what a journey
// asserts a screen has no violations of, and how many of those rules the screen was checked by.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';
import { expect } from 'vitest';
import { PHONE, screenshot } from './browser.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Violation {
  rule: string;
  impact: string | null | undefined;
  nodes: string[];
}

/** One axe run: the violations, and the rules that found something to check and passed it. */
export interface AxeReport {
  violations: Violation[];
  passed: number;
}

export async function axeReport(target: Page | Frame): Promise<AxeReport> {
  if (!(await target.evaluate(() => 'axe' in window))) await target.evaluate(AXE_SOURCE);
  return target.evaluate(async (tags) => {
    type Result = { id: string; impact?: string | null; nodes: { target: string[]; failureSummary?: string }[] };
    const { axe } = window as unknown as {
      axe: { run: (context: Document, options: object) => Promise<{ violations: Result[]; passes: Result[] }> };
    };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return {
      violations: result.violations.map((v) => ({
        rule: v.id,
        impact: v.impact,
        nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
      })),
      passed: result.passes.length,
    };
  }, WCAG_22_AA);
}

export async function axeViolations(target: Page | Frame): Promise<Violation[]> {
  return (await axeReport(target)).violations;
}

/** The screen as it is now has no WCAG 2.2 AA violation axe can find. */
export async function expectAccessible(target: Page | Frame, screen: string): Promise<void> {
  expect(await axeViolations(target), `axe on ${screen}`).toEqual([]);
}

/**
 * The screen as it is now, at the journey's desktop size and then at the phone's: a screenshot of each
 * (`shots`: desktop, phone) and no WCAG 2.2 AA violation at either. Leaves the page at phone size.
 */
export async function expectAccessibleAtBothSizes(page: Page, screen: string, [desktop, phone]: [string, string]): Promise<void> {
  await screenshot(page, desktop);
  await expectAccessible(page, `${screen} (desktop)`);
  await page.setViewportSize(PHONE);
  await screenshot(page, phone);
  await expectAccessible(page, `${screen} (phone)`);
}
