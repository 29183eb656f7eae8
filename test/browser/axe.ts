// axe-core in the tests' Chromium: injected from node_modules (never fetched), run on a page or frame with WCAG 2.1 A and
// AA rules; a serious or critical violation fails the test, named with its rule, the elements and why.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Violation { id: string; impact: string | null; help: string; nodes: { target: string[]; failureSummary?: string }[] }

/**
 * The serious and critical violations on the page as it is now, in words (empty: none). The source is evaluated through
 * the DevTools protocol, which the pages' strict CSP (no inline script) does not govern, so the pages stay as they are.
 */
export async function seriousViolations(page: Page | Frame): Promise<string[]> {
  const injected = await page.evaluate('typeof window.axe === "object"');
  if (injected !== true) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(`window.axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(TAGS)} }, resultTypes: ['violations'] })
    .then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) })))`) as Violation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`).join('; ')}`);
}

/** Checks the page and records what it found under `state` (a test asserts the list is empty at the end, or at once). */
export async function checkAccessible(page: Page | Frame, state: string, found: string[]): Promise<void> {
  for (const v of await seriousViolations(page)) found.push(`${state}: ${v}`);
}
