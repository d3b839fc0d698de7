// axe-core (WCAG 2.1 A and AA rules) run in the page as it is on screen: what a journey asserts a
// screen has no violations of.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';
import { expect } from 'vitest';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Violation {
  rule: string;
  impact: string | null | undefined;
  nodes: string[];
}

export async function axeViolations(target: Page | Frame): Promise<Violation[]> {
  if (!(await target.evaluate(() => 'axe' in window))) await target.evaluate(AXE_SOURCE);
  return target.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact?: string | null; nodes: { target: string[]; failureSummary?: string }[] }[] }> } };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map((v) => ({ rule: v.id, impact: v.impact, nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`) }));
  }, WCAG_21_AA);
}

/** The screen as it is now has no WCAG 2.1 AA violation axe can find. */
export async function expectAccessible(target: Page | Frame, screen: string): Promise<void> {
  expect(await axeViolations(target), `axe on ${screen}`).toEqual([]);
}
