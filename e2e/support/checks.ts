// Checks every screen must pass: axe-core (no serious or critical violation) and tap targets of
// at least 44 x 44 px on phones.
import { source as axeSource } from 'axe-core';
import type { Page } from 'playwright-core';

export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

export async function seriousA11yViolations(page: Page): Promise<Violation[]> {
  // Evaluated rather than added as a <script>: the portal's Content-Security-Policy refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
  });
}

/** Visible controls smaller than 44 x 44 px (a radio or checkbox counts by its label). */
export function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const MIN = 44;
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}: ${(element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 40)}`;
    const controls = Array.from(document.querySelectorAll('a[href], button, input, select, textarea, [role="tab"], [role="button"]'));
    const small: string[] = [];
    for (const control of controls) {
      const input = control as HTMLInputElement;
      const target = input.type === 'radio' || input.type === 'checkbox' ? (control.closest('label') ?? control) : control;
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(target);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      // Links inside running text are exempt (WCAG 2.5.8 inline exception).
      if (control.tagName === 'A' && !control.classList.contains('ui-button') && getComputedStyle(control).display === 'inline') continue;
      if (box.height < MIN - 0.5 || box.width < MIN - 0.5)
        small.push(`${describe(target)} (${Math.round(box.width)}x${Math.round(box.height)})`);
    }
    return small;
  });
}
