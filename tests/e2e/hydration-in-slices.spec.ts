// Issue 28: the page hydrates in slices (src/client-entry.tsx hydrates inside a transition), so React hands the
// main thread back to the browser between pieces of the page instead of holding it for the whole document.
// Counted, not timed: React's scheduler asks for each slice with one MessageChannel message, and it ends a slice
// once 5 ms have passed by `performance.now()`. Here that clock moves on by 1 ms each time it is read, so a slice
// is a few pieces of work on any machine, busy or not. Hydrated in one go (the code before), the page is
// interactive after a handful of messages (a slice is never ended early there); in slices, after hundreds.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { numberOfDelegates, searchableCountry } from './support/form-reached';
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

// The first Intl call of a page loads the browser's locale data (~10–15 ms on this machine, 40–60 ms on
// Lighthouse's phone, record 046). No page makes one with its start: fees and dates are formatted without Intl,
// and react-aria (the registration form's number field), which makes one while its module is evaluated, loads
// only when the visitor comes to the form.

/** Records every use of Intl in the page (`intlUses`). */
function recordLocaleData() {
  const uses: string[] = ((window as unknown as { intlUses?: string[] }).intlUses = []);
  const intl = Intl as unknown as Record<string, unknown>;
  for (const name of Object.getOwnPropertyNames(Intl)) {
    const original = intl[name];
    if (typeof original !== 'function') continue;
    intl[name] = new Proxy(original, {
      construct(target, args, newTarget) {
        uses.push(`new Intl.${name}`);
        return Reflect.construct(target, args, newTarget) as object;
      },
      apply(target, self, args) {
        uses.push(`Intl.${name}()`);
        return Reflect.apply(target, self, args) as unknown;
      },
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (property !== 'supportedLocalesOf' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          uses.push(`Intl.${name}.supportedLocalesOf`);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  }
}

/** The first sub-course page's address, from the first course page's list. */
async function firstSubCourse(page: Page): Promise<string> {
  await page.goto('/upcoming-training-course-details/101');
  return (await page.locator('a[href^="/subCourse-details/"]').first().getAttribute('href'))!;
}

test('pages without react-aria never load the locale data (fees and dates are formatted without Intl)', async ({
  page,
}) => {
  await page.addInitScript(recordLocaleData);
  const subCourse = await firstSubCourse(page);
  const routes = [
    '/',
    '/about',
    '/upcoming-training-course-details/101',
    subCourse,
    '/gallery',
    '/search?q=leadership',
  ];
  for (const route of [...routes, '/contact-us']) {
    await page.goto(route);
    await whenHydrated(page);
    // the contact form's country field becomes react-select once the form is reached: its module is read by then
    if (route === '/contact-us') await searchableCountry(page);
    const uses = await page.evaluate(() => (window as { intlUses?: string[] }).intlUses);
    expect(uses, `Intl used on ${route}`).toEqual([]);
  }
});

test('/register loads react-aria, and with it the locale data, only when the visitor comes to the form', async ({
  page,
}) => {
  await page.addInitScript(recordLocaleData);
  await page.goto(await firstSubCourse(page));
  const register = await page.locator('a[href^="/register?session="]').first().getAttribute('href');
  await page.goto(register!);
  await whenHydrated(page);
  await page.waitForLoadState('networkidle');
  const intlUses = () => page.evaluate(() => (window as { intlUses?: string[] }).intlUses);
  expect(await intlUses()).toEqual([]);
  await expect(page.getByRole('combobox', { name: 'Number of delegates' })).toBeVisible(); // the native select
  await numberOfDelegates(page); // react-aria's NumberField, once the pointer is over the form
  expect((await intlUses())!.length).toBeGreaterThan(0);
});
