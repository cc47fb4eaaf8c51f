import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser build, as @axe-core/playwright (a dev dependency) ships it. */
const axeSource = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
    'axe-core/axe.min.js',
  ),
  'utf8',
);
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * The axe-core violations on a page (WCAG 2.2 A and AA), each as "rule: target" so a failure names the
 * element. Pass `include` to check one part, e.g. an open dialog. axe-core runs inside the page, put there
 * once per document: @axe-core/playwright's builder opens a page of its own for every run to merge the
 * results of frames, two seconds a run. Frames are left out: the one our pages show, a campaign's email,
 * is sandboxed without scripts, where axe cannot run in either way.
 */
export async function accessibilityViolations(page: Page, include?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(
    async ({ include, tags }) => {
      const { axe } = window as unknown as {
        axe: { run: (...args: unknown[]) => Promise<{ violations: Violation[] }> };
      };
      const { violations } = await axe.run(include ?? document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
        iframes: false,
      });
      return violations.map(({ id, help, nodes }) => ({
        id,
        help,
        nodes: nodes.map(({ target }) => ({ target })),
      }));
    },
    { include, tags },
  );
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} (${violation.help})`),
  );
}
