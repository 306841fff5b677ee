// Issue 2's promises about the production server: it streams the shell before slow admin data, it asks
// the admin once per call however many visitors arrive, and it keeps serving content when the admin dies.
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { startPair } from './support/servers';

type Chunk = { at: number; text: string };

/** Read a page as raw chunks with their arrival times (ms since the request). */
function readChunks(url: string, headers: Record<string, string> = {}): Promise<{ status: number; chunks: Chunk[] }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const req = http.get(url, { headers }, (res) => {
      const chunks: Chunk[] = [];
      res.setEncoding('utf8');
      res.on('data', (text: string) => chunks.push({ at: Date.now() - started, text }));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, chunks }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

test.describe('streaming', () => {
  test('the first chunk holds the header and the hero skeleton; the hero title arrives later', async () => {
    const pair = await startPair();
    try {
      // warm nothing: every admin answer takes 1.2 s
      pair.admin.setFaults([{ path: '*', delayMs: 1200 }]);
      const { status, chunks } = await readChunks(`${pair.site.url}/`);
      expect(status).toBe(200);
      const whole = chunks.map((chunk) => chunk.text).join('');
      const heroTitle = /<h1[^>]*id="hero-title"[^>]*>/;
      expect(whole).toMatch(heroTitle);

      // what the browser has before the admin answers (1.2 s): the shell and the skeleton, not the data
      const early = chunks
        .filter((chunk) => chunk.at < 1000)
        .map((chunk) => chunk.text)
        .join('');
      expect(early).toContain('<header');
      expect(early).toContain('About Us');
      expect(early).toContain('data-skeleton="hero"');
      expect(early).not.toMatch(heroTitle);

      const titleChunk = chunks.find((chunk) => heroTitle.test(chunk.text))!;
      expect(titleChunk.at).toBeGreaterThanOrEqual(1100);
    } finally {
      await pair.stop();
    }
  });
});

test.describe('cache', () => {
  test('50 concurrent page requests make exactly one admin request per call', async () => {
    const pair = await startPair();
    try {
      pair.admin.setFaults([{ path: '*', delayMs: 300 }]);
      pair.admin.resetCounts();
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => fetch(`${pair.site.url}/`).then((res) => res.text())),
      );
      expect(responses.every((html) => html.includes('id="hero-title"'))).toBe(true);
      const counts = pair.admin.requestCounts();
      expect(Object.keys(counts).length).toBeGreaterThan(0);
      for (const [path, count] of Object.entries(counts)) expect(count, path).toBe(1);

      // and again within the 60 s: still one
      await Promise.all(Array.from({ length: 10 }, () => fetch(`${pair.site.url}/`).then((res) => res.text())));
      for (const [path, count] of Object.entries(pair.admin.requestCounts())) expect(count, path).toBe(1);
    } finally {
      await pair.stop();
    }
  });

  test('with the admin down after a first load, the page still renders the cached content', async ({ page }) => {
    const pair = await startPair({
      env: { CONTENT_CACHE_TTL_MS: '500', CONTENT_RETRY_MS: '100', ADMIN_TIMEOUT_MS: '1000' },
    });
    try {
      await page.goto(`${pair.site.url}/`);
      const title = await page.locator('main #hero-title').textContent();
      expect(title).toBeTruthy();

      await pair.admin.close();
      await new Promise((resolve) => setTimeout(resolve, 700)); // past the cache TTL
      for (let i = 0; i < 3; i += 1) {
        await page.goto(`${pair.site.url}/`);
        await expect(page.locator('main #hero-title')).toHaveText(title!);
      }
      expect(pair.site.output()).toContain('serving the copy from');
    } finally {
      await pair.stop();
    }
  });
});
