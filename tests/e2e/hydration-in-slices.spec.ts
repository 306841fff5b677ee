// Issue 28: the page hydrates in slices (src/client-entry.tsx hydrates inside a transition), so React hands the
// main thread back to the browser between pieces of the page instead of holding it for the whole document.
// Counted, not timed: React's scheduler asks for each slice with one MessageChannel message, and it ends a slice
// once 5 ms have passed by `performance.now()`. Here that clock moves on by 1 ms each time it is read, so a slice
// is a few pieces of work on any machine, busy or not. Hydrated in one go (the code before), the page is
// interactive after a handful of messages (a slice is never ended early there); in slices, after hundreds.
import { expect, test } from './support/fixtures';
import { whenHydrated } from './support/hydrated';

/** Counts the scheduler's messages until the layout's menu marks itself enhanced (hydration has committed). */
function countSlicesUntilHydrated() {
  const counted = window as unknown as { slicesBeforeHydrated?: number };
  const realNow = performance.now.bind(performance);
  let reads = 0;
  performance.now = () => realNow() + (reads += 1);
  let slices = 0;
  const Channel = window.MessageChannel;
  window.MessageChannel = class extends Channel {
    constructor() {
      super();
      const post = this.port2.postMessage.bind(this.port2);
      this.port2.postMessage = (message: unknown) => {
        slices += 1;
        post(message);
      };
    }
  };
  new MutationObserver((_, observer) => {
    if (!document.querySelector('#site-menu[data-enhanced]')) return;
    counted.slicesBeforeHydrated = slices;
    observer.disconnect();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-enhanced'] });
}

for (const route of ['/', '/about']) {
  test(`${route} hydrates in slices: React yields to the browser many times before the page is interactive`, async ({
    page,
  }) => {
    await page.addInitScript(countSlicesUntilHydrated);
    await page.goto(route);
    await whenHydrated(page);
    const slices = await page.evaluate(() => (window as { slicesBeforeHydrated?: number }).slicesBeforeHydrated);
    // hydrated in one go (the code before, without src/client-entry.tsx): 5 on both pages; in slices: 462 on /,
    // 137 on /about (each the same in two runs)
    expect(slices, `${slices} scheduler messages before the page was hydrated`).toBeGreaterThanOrEqual(50);
  });
}
