// Admin pictures on the Worker build in local workerd (record 026). Cloudflare resizes pictures as the Worker
// fetches them (`cf.image`); local workerd has no image transforms, so the Worker sends the originals there
// and says so once, and the pages still work. They fail when the Worker build is missing.
import { expect, test } from '@playwright/test';
import { siteEnvFor, startAdmin, type DemoAdmin, type Site } from './support/servers';
import { startWorker } from './support/worker';

test.describe('pictures on the Worker in workerd', () => {
  test.describe.configure({ timeout: 120_000 });

  let admin: DemoAdmin;
  let worker: Site;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    admin = await startAdmin({ photos: true });
    worker = await startWorker({ ...siteEnvFor(admin), IMAGE_URL_SECRET: 'worker-test-image-secret-0123' });
  });

  test.afterAll(async () => {
    await worker?.stop();
    await admin?.close();
  });

  test('pages offer signed variants; without transforms the originals are sent, and the log says so once', async ({
    page,
  }) => {
    const html = await (await fetch(`${worker.url}/gallery`)).text();
    const srcset = [...html.matchAll(/srcSet="([^"]+)"/gi)]
      .map((match) => match[1]!)
      .find((each) => each.includes(' 640w'));
    expect(srcset).toMatch(/^\/_img\/320\/[\w-]{22}\/[\w-]+ 320w, /);
    const path = srcset!
      .split(', ')
      .find((candidate) => candidate.endsWith(' 640w'))!
      .split(' ')[0]!;

    for (let round = 0; round < 2; round += 1) {
      const response = await fetch(`${worker.url}${path}`, { headers: { accept: 'image/avif,image/webp,*/*' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-image-variant')).toBe('original');
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      // an original is not kept for a year: the zone may resize it later
      expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1_000_000);
    }
    await expect.poll(() => worker.output()).toContain('does not resize pictures');
    expect(worker.output().split('does not resize pictures').length - 1).toBe(1);

    // the same refusals as on Node
    const elsewhere = Buffer.from('https://example.com/cat.jpg').toString('base64url');
    const [, , width, signature] = path.split('/');
    expect((await fetch(`${worker.url}/_img/${width}/${signature}/${elsewhere}`)).status).toBe(403);
    expect((await fetch(`${worker.url}/_img?url=https://example.com/cat.jpg`)).status).toBe(400);
    expect((await fetch(`${worker.url}${path.replace(`/_img/${width}/`, '/_img/700/')}`)).status).toBe(400);
    // one address per variant: a padded width is another spelling, never fetched
    expect((await fetch(`${worker.url}${path.replace(`/_img/${width}/`, `/_img/0${width}/`)}`)).status).toBe(404);

    // the gallery shows its pictures in the browser
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${worker.url}/gallery`);
    const first = page.locator('main ul li img').first();
    await expect
      .poll(() => first.evaluate((image: HTMLImageElement) => image.naturalWidth), { timeout: 30_000 })
      .toBeGreaterThan(0);
  });
});
