import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.2 A and AA, the bar every page is held to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe's violations on the page (or inside `include`), as `{ id, targets }` so a failure reads well. */
export async function axeViolations(page: Page, options: { include?: string } = {}) {
  // only the violations are read: axe then keeps one node of each passed or incomplete rule, not all of them
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ resultTypes: ['violations'] });
  if (options.include) builder = builder.include(options.include);
  // the page at rest: a colour still in its transition (a stylesheet that arrived late under load starts one on
  // a button) is not the colour a visitor reads; endless animations (a skeleton's shimmer) are left running
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await builder.analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}
