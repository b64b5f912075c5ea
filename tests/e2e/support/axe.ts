// axe-core's WCAG audit of the screen a page shows. The console's policy refuses script elements,
// so axe is evaluated into the page rather than added as a script.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Rules checked whatever their impact: every screen has one main landmark (issue 29). */
const ALWAYS = ['landmark-one-main'];

/** The serious and critical violations on the page, one line each: rule, then the offending elements. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // A dialog fading in is half transparent: audit the screen as it settles, not its colours mid-way.
  // Endless animations (a pulsing new alarm, a spinner) never finish and are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (always) => {
    type Node = { target: string[]; failureSummary?: string };
    type Violation = { id: string; impact: string | null; nodes: Node[] };
    const { axe } = window as unknown as { axe: { run: (options: object) => Promise<{ violations: Violation[] }> } };
    const result = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical' || always.includes(violation.id))
      .map((violation) => {
        const nodes = violation.nodes.map((node) => `${node.target.join(' ')} (${(node.failureSummary ?? '').split('\n').slice(1).join(' ').trim().slice(0, 160)})`);
        return `${violation.id} ×${nodes.length}: ${nodes.slice(0, 4).join(' | ')}`;
      });
  }, ALWAYS);
}
