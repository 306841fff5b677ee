// Issue 4: the gallery page: tiles from the admin, the large-image modal with mouse and keyboard, the no-JS
// fallback, the 12-tile skeleton while the gallery loads, accessibility. Issue 12: the Back button closes the
// modal instead of leaving the gallery.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { streamPage } from './support/read-chunks';
import { startPair } from './support/servers';
import { axeViolations } from './support/axe';

type GalleryItem = { image: string; title: string };

async function galleryFromAdmin(): Promise<GalleryItem[]> {
  const response = await fetch(`${process.env.ADMIN_ORIGIN}/api/gallery/content`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: GalleryItem[] }).data;
}

const tiles = (page: Page) => page.getByRole('main').getByRole('list').first().getByRole('link');

/** The modal needs the client island; wait until the page has hydrated before pressing things. */
async function gotoGallery(page: Page) {
  await page.goto('/gallery');
  await page.waitForLoadState('networkidle');
}

test('the page shows its heading and one titled tile per admin picture', async ({ page }) => {
  const items = await galleryFromAdmin();
  expect(items).toHaveLength(16);
  await gotoGallery(page);
  await expect(page).toHaveTitle(/Gallery/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Glimpses of our trainings');
  await expect(tiles(page)).toHaveCount(16);
  for (const [index, item] of items.entries()) {
    const tile = tiles(page).nth(index);
    await expect(tile).toHaveAccessibleName(item.title);
    await expect(tile).toContainText(item.title);
    await expect(tile.locator('img')).toHaveAttribute('src', item.image);
  }
});

test.describe('with the mouse', () => {
  test('a click opens the modal with the large image and the title; the close button closes it', async ({ page }) => {
    const items = await galleryFromAdmin();
    const item = items[2]!;
    await gotoGallery(page);
    await tiles(page).nth(2).click();

    const dialog = page.getByRole('dialog', { name: item.title, exact: true });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: item.title })).toBeVisible();
    await expect(dialog.getByRole('img', { name: item.title })).toHaveAttribute('src', item.image);
    expect(page.url()).toMatch(/\/gallery$/); // the link did not navigate

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a click on the backdrop closes it', async ({ page }) => {
    await gotoGallery(page);
    await tiles(page).nth(5).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    // the top-left corner of the viewport is backdrop, outside the dialog at every size
    await page.mouse.click(4, 4);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('with the keyboard only', () => {
  test('Tab to a tile, Enter opens, focus stays inside, Escape closes and focus returns to the tile', async ({
    page,
  }) => {
    const items = await galleryFromAdmin();
    await gotoGallery(page);

    // Tab from the top of the page until the first tile has focus
    let focusedTile = -1;
    for (let presses = 0; presses < 60 && focusedTile < 0; presses += 1) {
      await page.keyboard.press('Tab');
      focusedTile = await page.evaluate(() => {
        const links = Array.from(document.querySelectorAll('main ul a'));
        return links.indexOf(document.activeElement as Element);
      });
    }
    expect(focusedTile).toBe(0);
    await page.keyboard.press('Tab'); // on to the second tile
    const tile = tiles(page).nth(1);
    await expect(tile).toBeFocused();

    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: items[1]!.title, exact: true });
    await expect(dialog).toBeVisible();
    const focusInside = () => dialog.evaluate((element) => element.contains(document.activeElement));
    await expect.poll(focusInside).toBe(true);

    for (let presses = 0; presses < 4; presses += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInside()).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await focusInside()).toBe(true);

    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(tile).toBeFocused();
  });

  test('Space opens it too', async ({ page }) => {
    const items = await galleryFromAdmin();
    await gotoGallery(page);
    await tiles(page).nth(3).focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('dialog', { name: items[3]!.title, exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(tiles(page).nth(3)).toBeFocused();
  });
});

test.describe('the Back button', () => {
  /** The gallery reached from another page, as a visitor gets there, so Back has somewhere to go. */
  async function galleryAfterAbout(page: Page) {
    await page.goto('/about');
    await page.goto('/gallery');
    await page.waitForLoadState('networkidle');
  }

  test('closes the open picture and keeps the visitor on the gallery, where they were; a second Back leaves', async ({
    page,
  }) => {
    const items = await galleryFromAdmin();
    await galleryAfterAbout(page);
    const rscRequests: string[] = [];
    page.on('request', (request) => request.url().includes('/RSC/') && rscRequests.push(request.url()));
    await tiles(page).nth(9).scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);

    await tiles(page).nth(9).click();
    await expect(page.getByRole('dialog', { name: items[9]!.title, exact: true })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe('/gallery');
    await expect(tiles(page).nth(9)).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled); // not reloaded to the top
    expect(rscRequests).toEqual([]); // the router did not fetch the page again

    // Forward shows the picture again; Back closes it again
    await page.goForward();
    await expect(page.getByRole('dialog', { name: items[9]!.title, exact: true })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Glimpses of our trainings');
  });

  const closings: [string, (page: Page) => Promise<void>][] = [
    ['the close button', (page) => page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()],
    ['Escape', (page) => page.keyboard.press('Escape')],
    ['a click on the backdrop', (page) => page.mouse.click(4, 4)],
  ];
  for (const [how, close] of closings) {
    test(`after closing with ${how}, Back leaves the gallery (no entry left behind)`, async ({ page }) => {
      await galleryAfterAbout(page);
      const length = await page.evaluate(() => window.history.length);
      await tiles(page).nth(1).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await close(page);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(tiles(page).nth(1)).toBeFocused();
      await expect.poll(() => page.evaluate(() => window.history.state?.galleryItem ?? null)).toBeNull();
      expect(await page.evaluate(() => window.history.length)).toBe(length + 1); // the forward entry only

      // a second picture, the same way: still one step back to the previous page
      await tiles(page).nth(2).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await close(page);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect.poll(() => page.evaluate(() => window.history.state?.galleryItem ?? null)).toBeNull();

      await page.goBack();
      await expect(page).toHaveURL(/\/about$/);
    });
  }
});

// Escape closes the modal at once but the browser's `close` event comes in a later task, and a key press can
// be handled in between (Chromium runs input first): a tile pressed in that gap opens its picture for good.
test('a tile pressed before the close event has arrived opens its picture, and it stays open', async ({ page }) => {
  const items = await galleryFromAdmin();
  await page.goto('/about');
  await gotoGallery(page);
  await tiles(page).nth(1).click();
  await expect(page.getByRole('dialog', { name: items[1]!.title, exact: true })).toBeVisible();

  // what Escape then a quick Enter on another tile do, in one task: the browser closes the dialog, the tile is
  // pressed, and only then does the `close` event run
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const dialog = document.querySelector<HTMLDialogElement>('dialog[open]')!;
        dialog.addEventListener('close', () => setTimeout(resolve, 250), { once: true });
        dialog.close();
        document.querySelectorAll<HTMLAnchorElement>('main ul a')[2]!.click();
      }),
  );
  await expect(page.getByRole('dialog', { name: items[2]!.title, exact: true })).toBeVisible();
  expect(await page.evaluate(() => window.history.state?.galleryItem?.title)).toBe(items[2]!.title);

  // it closes as before, taking its history entry with it: Back leaves the gallery
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.history.state?.galleryItem ?? null)).toBeNull();
  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
});

test('axe finds nothing with the modal open', async ({ page }) => {
  await gotoGallery(page);
  await tiles(page).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const results = await axeViolations(page);
  expect(results).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a tile is a link to its large image', async ({ page }) => {
    const items = await galleryFromAdmin();
    await page.goto('/gallery');
    await expect(tiles(page)).toHaveCount(items.length);
    for (const [index, item] of items.entries()) {
      await expect(tiles(page).nth(index)).toHaveAttribute('href', item.image);
    }
    await tiles(page).nth(0).click();
    await expect(page).toHaveURL(items[0]!.image);
  });
});

test('while the gallery loads the page shows a skeleton of 12 tiles, then the pictures', async () => {
  // the gallery's answer waits at a gate the test opens: what arrives before that is the shell
  const pair = await startPair({ faults: [{ path: '/gallery/content', mode: 'held' }] });
  try {
    const stream = streamPage(`${pair.site.url}/gallery`);
    expect(await stream.status).toBe(200);
    const beforeData = await stream.until((html) => (html.match(/data-skeleton-tile=""/g) ?? []).length === 12);
    expect(beforeData).toContain('Glimpses of our trainings');
    expect(beforeData).toContain('data-skeleton="gallery"');
    expect(beforeData).not.toContain('/media/gallery-01.svg');
    pair.admin.release();
    const whole = await stream.whole;
    expect(whole.match(/<a [^>]*href="[^"]*\/media\/gallery-\d+\.svg"/g) ?? []).toHaveLength(16);
  } finally {
    await pair.stop();
  }
});

test('a cached gallery is in the HTML itself, not behind the skeleton', async () => {
  const pair = await startPair();
  try {
    await fetch(`${pair.site.url}/gallery`).then((res) => res.text()); // warm the cache
    const html = await streamPage(`${pair.site.url}/gallery`).whole;
    expect(html).not.toContain('data-skeleton="gallery"');
    // the tiles sit in the page body, not in one of React's hidden streaming containers
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    expect(main.match(/<a [^>]*href="[^"]*\/media\/gallery-\d+\.svg"/g) ?? []).toHaveLength(16);
  } finally {
    await pair.stop();
  }
});

test('a failing gallery call shows a message; the page still answers 200 with its heading', async ({ page }) => {
  const pair = await startPair({ faults: [{ path: '/gallery/content', status: 500 }] });
  try {
    const response = await page.goto(`${pair.site.url}/gallery`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Glimpses of our trainings');
    await expect(page.getByRole('main')).toContainText('The gallery could not be loaded right now');
    await expect(page.getByRole('main').locator('a[href*="/media/gallery-"]')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toBeVisible();
  } finally {
    await pair.stop();
  }
});
