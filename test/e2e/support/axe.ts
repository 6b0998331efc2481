import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** WCAG 2.2 levels A and AA, as axe tags them. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Label in Name (WCAG 2.5.3, level A) is still marked experimental in axe, which then leaves it out of a
 * run by tags; a control whose name does not contain its visible words fails a voice-control user, so it
 * is asked for by name.
 */
const OPTIONS = { runOnly: { type: 'tag', values: WCAG_TAGS }, rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] };

interface Found {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary: string | null }>;
}

/**
 * One line per failing element: rule, impact, element, what is wrong. axe's source goes into the page
 * once and stays there while the app navigates in place (injecting it per check, as AxeBuilder does,
 * cost more than the checks themselves).
 */
export async function axeViolations(page: Page, only?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async ({ options, only }) => {
    const { axe: checker } = window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Found[] }> } };
    const result = await checker.run(only ? { include: [only] } : document, options);
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  }, { options: OPTIONS, only });
  return violations.flatMap((violation: Found) =>
    violation.nodes.map((node) => {
      const why = (node.failureSummary ?? '').split('\n').slice(1).join(' ').trim() || violation.help;
      return `${violation.id} (${violation.impact ?? 'n/a'}) at ${node.target.join(' ')}: ${why}`;
    }),
  );
}
