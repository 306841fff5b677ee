// Issue 28: the page hydrates in slices (src/client-entry.tsx hydrates inside a transition), so React hands the
// main thread back to the browser between pieces of the page instead of holding it for the whole document.
// Counted, not timed: React's scheduler asks for each slice with one MessageChannel message. Hydrated in one
// go, the page is interactive after a handful of them whatever the speed; in slices, under a 20x slower CPU,
// after dozens.
import { expect, test } from './support/fixtures';
import { whenHydrated } from './support/hydrated';

/** Counts the scheduler's messages until the layout's menu marks itself enhanced (hydration has committed). */
function countSlicesUntilHydrated() {
  const counted = window as unknown as { slicesBeforeHydrated?: number };
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
    test.setTimeout(90_000);
    await page.addInitScript(countSlicesUntilHydrated);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await page.goto(route, { timeout: 60_000 });
    await whenHydrated(page);
    const slices = await page.evaluate(() => (window as { slicesBeforeHydrated?: number }).slicesBeforeHydrated);
    // hydrated in one go (the code before): 5 to 8 messages; in slices: 44 to 53 here, fewer on a faster CPU
    expect(slices, `${slices} scheduler messages before the page was hydrated`).toBeGreaterThanOrEqual(12);
  });
}
