import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.2 A and AA, the bar every page is held to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe's violations on the page (or inside `include`), as `{ id, targets }` so a failure reads well: each target
 * carries axe's own summary (for color-contrast the two colours it read), so a failure says what was measured.
 */
export async function axeViolations(page: Page, options: { include?: string } = {}) {
  // only the violations are read: axe then keeps one node of each passed or incomplete rule, not all of them.
  // Legacy mode runs axe.run in the page itself; the default opens a blank page per call to merge the frames'
  // results, which took half of each check (18.7 s against 40.4 s for the 15 routes at 1440 px, the same
  // violations). What it is for, cross-origin frames, the site has none: its rich text keeps no iframe.
  let builder = new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode();
  if (options.include) builder = builder.include(options.include);
  const drawnBefore = await drawEverySection(page);
  try {
    const results = await builder.analyze();
    return results.violations.map((violation) => ({
      id: violation.id,
      targets: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
  } finally {
    if (!drawnBefore) await page.evaluate(() => delete document.documentElement.dataset.allDrawn);
  }
}

/**
 * Shows axe the page as a visitor sees each part of it: drawn, hydrated and at rest. Returns whether every
 * section was drawn already.
 *
 * - Every section is drawn first (`data-all-drawn`, the site's own switch, global.css). A section further down is
 *   `content-visibility: auto`, and Chromium does not draw it until it nears the screen. When something reads
 *   the style of a button in such a section (axe reads every colour), Chromium starts the button's 150 ms
 *   colour transitions there and does not run them while the section is not drawn. So axe read a colour frozen
 *   at the start of a transition (CI: white text on the contact band, twice), and a wait for the transitions
 *   to end never ended. Seen with `transitionrun` events fired on the same buttons again and again.
 * - Where the page's scripts run (`__FLIGHT_DATA`, written by its first inline script), the layout has
 *   hydrated: the menu marks itself `data-enhanced`. axe maps what lies under what once and then reads
 *   colours, so a section that moves in between makes it read text against the wrong background.
 * - Then frame by frame, until three frames in a row show the same layout and no finite animation or
 *   transition runs. Endless ones (a skeleton's shimmer) are left running. Frames are counted, not time, so a
 *   slow machine waits longer instead of failing.
 */
async function drawEverySection(page: Page): Promise<boolean> {
  await page.waitForLoadState('load');
  const { drawn, scripted } = await page.evaluate(() => {
    const root = document.documentElement;
    const drawn = root.dataset.allDrawn !== undefined;
    root.dataset.allDrawn = '';
    return { drawn, scripted: '__FLIGHT_DATA' in self && document.getElementById('site-menu') !== null };
  });
  if (scripted) await page.locator('#site-menu[data-enhanced]').waitFor({ state: 'attached' });
  const moving = await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    // offsets are the layout without transforms: an endless animation that moves a picture is not a shift
    const layout = () =>
      [...document.querySelectorAll<HTMLElement>('body *')].map(
        (element) => `${element.offsetLeft},${element.offsetTop},${element.offsetWidth},${element.offsetHeight}`,
      );
    const running = () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
        );
    let last = layout();
    for (let frames = 0, still = 0; still < 3; frames++) {
      if (frames === 600) {
        await frame();
        const now = layout();
        const moved = [...document.querySelectorAll('body *')].filter((_, index) => now[index] !== last[index]);
        return `the page still moves after 600 frames: ${moved.map((element) => element.outerHTML.slice(0, 120)).join(', ')} ${running().length} animations`;
      }
      await Promise.all(running().map((animation) => animation.finished.catch(() => undefined)));
      await frame();
      const now = layout();
      still = now.join(' ') === last.join(' ') && running().length === 0 ? still + 1 : 0;
      last = now;
    }
    return undefined;
  });
  if (moving) throw new Error(moving);
  return drawn;
}
