// Admin pictures sized for the screen (record 026), against the built Node server and a demo admin serving
// "real photos" (4000×3000 JPEGs of ≈2.7 MB made with sharp, scripts/demo-admin/photos.mjs) from its media origin.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { startAdmin, startSite, type DemoAdmin, type Site } from './support/servers';
import { whenHydrated } from './support/hydrated';

const PAGES = ['/', '/gallery', '/about', '/conferences', '/destination-training', '/consultations'];

let admin: DemoAdmin;
let site: Site;
/** A listener on 127.0.0.1 that no picture may reach: it counts the connections made to it. */
let inside: http.Server;
let insideConnections = 0;
/** IPv6 spellings of loopback (the listener) and of the cloud metadata address, none of which the owner named. */
const insideSpellings = (port: number) => [
  `http://[::ffff:127.0.0.1]:${port}/x.jpg`, // the URL parser writes it [::ffff:7f00:1]
  `http://[64:ff9b::127.0.0.1]:${port}/x.jpg`, // NAT64
  `http://[2002:7f00:1::]:${port}/x.jpg`, // 6to4
  `http://localhost:${port}/x.jpg`, // a name that resolves inside
  'http://[::ffff:169.254.169.254]/latest/meta-data/',
  'http://[64:ff9b::a9fe:a9fe]/latest/meta-data/',
  'http://[2002:a9fe:a9fe::]/latest/meta-data/',
];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  inside = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end('inside'));
  inside.on('connection', () => (insideConnections += 1));
  await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
  const insidePort = (inside.address() as AddressInfo).port;
  admin = await startAdmin({ photos: true });
  // a picture that is gone, one that is not a picture, and one at a private address nobody named
  admin.editContent('/gallery/content', (items: { image: string; title: string }[]) => [
    ...items,
    { image: `${admin.mediaOrigin}/media/gone.jpg`, title: 'A picture that is gone' },
    { image: `${admin.origin}/api/gallery/content`, title: 'Not a picture' },
    { image: 'http://127.0.0.2:9/media/inside.jpg', title: 'At a private address' },
    ...insideSpellings(insidePort).map((image, index) => ({ image, title: `Inside, spelled ${index}` })),
  ]);
  site = await startSite(admin);
});

test.afterAll(async () => {
  await site?.stop();
  await admin?.close();
  inside?.closeAllConnections();
  await new Promise((resolve) => inside?.close(resolve));
});

/** Scrolls to the end so lazy pictures load, then waits until every picture has loaded or failed. */
async function loadEverything(page: Page) {
  for (let step = 0; step < 60; step += 1) {
    const atEnd = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    if (atEnd) break;
  }
  // sections that stream in after the scroll move pictures below where it stopped: each picture still waiting
  // is brought into view, as a visitor scrolling to it would
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const waiting = [...document.images].filter((image) => !image.complete);
          waiting.forEach((image) => image.scrollIntoView({ block: 'center' }));
          return waiting.length;
        }),
      { timeout: 30_000 },
    )
    .toBe(0);
}

test('every admin picture offers sizes for its place, keeps its size, and the browser gets a small AVIF', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  const types = new Map<string, string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'image')
      types.set(response.url(), response.headers()['content-type'] ?? '');
  });
  for (const path of PAGES) {
    await page.goto(`${site.url}${path}`);
    await loadEverything(page);
    const images = await page.evaluate(() =>
      [...document.images].map((image) => ({
        src: image.getAttribute('src') ?? '',
        srcset: image.getAttribute('srcset'),
        sizes: image.getAttribute('sizes'),
        width: image.getAttribute('width'),
        height: image.getAttribute('height'),
        currentSrc: image.currentSrc,
        natural: image.naturalWidth,
        alt: image.getAttribute('alt'),
      })),
    );
    // the admin's pictures: every one but the site's own (relative addresses under /images, data:)
    const adminImages = images.filter((image) => image.src.startsWith('/_img/') || image.src.startsWith('http'));
    expect(adminImages.length, path).toBeGreaterThan(0);
    for (const image of adminImages) {
      expect(image.srcset, `${path} ${image.src}`).toMatch(
        /^\/_img\/\d+\/[\w-]{22}\/[\w-]+ \d+w(, \/_img\/\d+\/[\w-]{22}\/[\w-]+ \d+w)+$/,
      );
      expect(image.sizes, path).toBeTruthy();
      expect(Number(image.width), path).toBeGreaterThan(0);
      expect(Number(image.height), path).toBeGreaterThan(0);
      expect(image.alt, path).not.toBeNull();
    }
    // what loaded is a variant, not the 2.7 MB original (the gallery's broken pictures aside)
    for (const image of adminImages.filter((each) => each.natural > 0)) {
      expect(image.currentSrc, path).toContain('/_img/');
      expect(types.get(image.currentSrc), image.currentSrc).toBe('image/avif');
    }
  }
  // no original was sent to the browser: each photo was fetched by the site, once per variant at most
  expect([...types.keys()].filter((url) => url.startsWith(admin.mediaOrigin))).toEqual([]);
});

test('sizes and formats follow the Accept header; a variant is kept and sent again without a transform', async () => {
  const html = await (await fetch(`${site.url}/gallery`)).text();
  // a gallery tile's candidates (the logo, first, has only narrower ones)
  const srcset = [...html.matchAll(/srcSet="([^"]+)"/gi)]
    .map((match) => match[1]!)
    .find((each) => each.includes(' 640w'));
  const candidates = (srcset ?? '').split(', ').map((candidate) => candidate.split(' '));
  const [path640] = candidates.find(([, width]) => width === '640w') ?? [''];
  const before = admin.mediaRequests();
  for (const [accept, type] of [
    ['image/avif,image/webp,*/*', 'image/avif'],
    ['image/webp,*/*', 'image/webp'],
    ['image/png,image/*;q=0.8', 'image/jpeg'],
  ] as const) {
    const first = await fetch(`${site.url}${path640}`, { headers: { accept } });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe(type);
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(first.headers.get('vary')).toMatch(/accept/i);
    const bytes = (await first.arrayBuffer()).byteLength;
    expect(bytes).toBeLessThan(200 * 1024);
    const second = await fetch(`${site.url}${path640}`, { headers: { accept } });
    expect(second.headers.get('x-image-variant')).toBe('kept');
    expect((await second.arrayBuffer()).byteLength).toBe(bytes);
  }
  // the original was fetched once per kind of variant (a browser's first visit may have made the AVIF already)
  expect(admin.mediaRequests() - before).toBeLessThanOrEqual(3);
});

test("one address per variant: a padded width or spare base64 bits are refused before any fetch; the site's spelling is made once", async () => {
  const html = await (await fetch(`${site.url}/gallery`)).text();
  // a 640 px variant whose address has spare bits in its last base64url character (its length is not a multiple of 4)
  const canonical = [...html.matchAll(/(\/_img\/640\/[\w-]{22}\/([\w-]+)) 640w/g)]
    .map((match) => match[1]!)
    .slice(1)
    .find((path) => path.split('/')[4]!.length % 4 !== 0);
  expect(canonical).toBeTruthy();
  const [, , , signature, address] = canonical!.split('/');
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const last = alphabet.indexOf(address!.at(-1)!);
  const spareBits = `${address!.slice(0, -1)}${alphabet[last ^ 1]}`;
  expect(Buffer.from(spareBits, 'base64url').equals(Buffer.from(address!, 'base64url'))).toBe(true);
  const before = admin.mediaRequests();
  for (const alias of [
    `/_img/0640/${signature}/${address}`,
    `/_img/00640/${signature}/${address}`,
    `/_img/640/${signature}/${spareBits}`,
  ]) {
    const response = await fetch(`${site.url}${alias}`, { headers: { accept: 'image/webp,*/*' } });
    expect(response.status, alias).toBe(404);
    expect(response.headers.get('x-image-variant')).toBeNull();
  }
  expect(admin.mediaRequests()).toBe(before);
  const made = await fetch(`${site.url}${canonical}`, { headers: { accept: 'image/webp,*/*' } });
  expect(made.status).toBe(200);
  expect(made.headers.get('x-image-variant')).toBe('transformed');
  expect(admin.mediaRequests()).toBe(before + 1);
});

test('is no proxy: another host, a query-string address, an odd width and an unnamed private address are refused', async () => {
  const html = await (await fetch(`${site.url}/gallery`)).text();
  const path = /src="(\/_img\/\d+\/[\w-]{22}\/[\w-]+)"/.exec(html)?.[1] ?? '';
  const [, , width, signature] = path.split('/');
  const elsewhere = Buffer.from('https://example.com/cat.jpg').toString('base64url');
  const metadata = Buffer.from('http://169.254.169.254/latest/meta-data/').toString('base64url');
  const refusals: [string, number][] = [
    [`/_img/${width}/${signature}/${elsewhere}`, 403],
    [`/_img/${width}/${'A'.repeat(22)}/${metadata}`, 403],
    [`/_img?url=${encodeURIComponent('https://example.com/cat.jpg')}`, 400],
    [`${path}?url=https://example.com/cat.jpg`, 400],
    [path.replace(`/_img/${width}/`, '/_img/700/'), 400],
    ['/_img/640', 404],
  ];
  for (const [address, status] of refusals) {
    const response = await fetch(`${site.url}${address}`);
    expect(response.status, address).toBe(status);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect((await response.text()).length).toBeGreaterThan(10);
  }
  expect((await fetch(`${site.url}${path}`, { method: 'POST' })).status).toBe(405);
  // the admin's content names a private address the owner did not (127.0.0.2 is not in MEDIA_ORIGINS)
  const privateSource = Buffer.from('http://127.0.0.2:9/media/inside.jpg').toString('base64url');
  const privatePath = new RegExp(`src="(/_img/\\d+/[\\w-]{22}/${privateSource})"`).exec(html)?.[1];
  expect(privatePath).toBeTruthy();
  const refused = await fetch(`${site.url}${privatePath}`);
  expect(refused.status).toBe(502);
  expect(await refused.text()).toBe('The picture could not be fetched.\n');
});

test("a private address is refused by its bytes, however it is spelled, before any connection; the answer is a missing picture's", async () => {
  const html = await (await fetch(`${site.url}/gallery`)).text();
  const pathOf = (source: string) =>
    new RegExp(`src="(/_img/\\d+/[\\w-]{22}/${Buffer.from(source).toString('base64url')})"`).exec(html)?.[1];
  const gone = await fetch(`${site.url}${pathOf(`${admin.mediaOrigin}/media/gone.jpg`)}`);
  const goneAnswer = [gone.status, await gone.text()];
  for (const source of insideSpellings((inside.address() as AddressInfo).port)) {
    const path = pathOf(source);
    expect(path, source).toBeTruthy();
    const response = await fetch(`${site.url}${path}`);
    expect([response.status, await response.text()], source).toEqual(goneAnswer);
  }
  expect(goneAnswer).toEqual([502, 'The picture could not be fetched.\n']);
  expect(insideConnections).toBe(0);
  // the server's log tells the reasons apart
  expect(site.output()).toMatch(/not fetched \(private address \[::ffff:7f00:1\]\)/);
  expect(site.output()).toMatch(/not fetched \(localhost resolves to private address/);
});

test('a picture that is gone or is not a picture fails alone: the tile keeps its text and size', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${site.url}/gallery`);
  await loadEverything(page);
  for (const [title, status] of [
    ['A picture that is gone', 502],
    ['Not a picture', 502],
  ] as const) {
    const tile = page.getByRole('link', { name: title });
    const image = tile.locator('img');
    await expect(image).toHaveAttribute('width', '600');
    await expect(image).toHaveAttribute('height', '400');
    expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(0);
    const box = await image.boundingBox();
    expect(box?.height).toBeGreaterThan(100);
    const response = await fetch(`${site.url}${await image.getAttribute('src')}`);
    expect(response.status, title).toBe(status);
  }
  // the other pictures are there
  const loaded = await page.evaluate(() => [...document.images].filter((image) => image.naturalWidth > 0).length);
  expect(loaded).toBeGreaterThanOrEqual(16);
});

test.describe('one client against the others (TRUST_PROXY=1: clients by X-Forwarded-For)', () => {
  let fairAdmin: DemoAdmin;
  let fairSite: Site;
  const as = (client: string, accept = 'image/webp,*/*') => ({ 'x-forwarded-for': client, accept });

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    fairAdmin = await startAdmin({ photos: true });
    // a small disk cache and a small budget per client, so one client's flood would push everything out
    fairSite = await startSite(fairAdmin, {
      TRUST_PROXY: '1',
      // the hanging sources below give up after this; the test waits for nothing but their answers. Long
      // enough for a 2.7 MB photo on a loaded machine (at 2 s some of the flood's own fetches gave up there,
      // and the flooder got fewer than its 32 pictures)
      IMAGE_FETCH_TIMEOUT_MS: '10000',
      IMAGE_CACHE_MAX_BYTES: String(4 * 1024 * 1024),
      IMAGE_CLIENT_WRITE_BYTES: String(128 * 1024),
    });
  });

  test.afterAll(async () => {
    await fairSite?.stop();
    await fairAdmin?.close();
  });

  /** Every variant address a page names (src, srcset, links to the large picture). */
  async function variantsOf(path: string, site: Site) {
    const html = await (await fetch(`${site.url}${path}`)).text();
    return new Set([...html.matchAll(/\/_img\/\d+\/[\w-]{22}\/[\w-]+/g)].map((match) => match[0]));
  }

  test("100 new pictures at once from one client, and a flood of aliases, leave another client's page served and a warm picture kept", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const visitorPage = '/about';
    const own = await variantsOf(visitorPage, fairSite);
    const gallery = [...(await variantsOf('/gallery', fairSite))].filter(
      (path) => !own.has(path) && Number(path.split('/')[2]) <= 1080,
    );
    // a warm picture: made for a regular visitor, then sent from the disk cache
    const warm = gallery.shift()!;
    expect((await fetch(`${fairSite.url}${warm}`, { headers: as('192.0.2.50') })).status).toBe(200);
    expect((await fetch(`${fairSite.url}${warm}`, { headers: as('192.0.2.50') })).headers.get('x-image-variant')).toBe(
      'kept',
    );

    const flood = gallery
      .flatMap((path) => ['image/avif,*/*', 'image/webp,*/*', 'image/jpeg'].map((accept) => ({ path, accept })))
      .slice(0, 100);
    expect(flood).toHaveLength(100);
    const events: string[] = [];
    const before = fairAdmin.mediaRequests();
    const flooding = flood.map(({ path, accept }) =>
      fetch(`${fairSite.url}${path}`, { headers: as('203.0.113.9', accept) }).then(async (response) => {
        await response.arrayBuffer();
        events.push(`flood ${response.status}`);
        return response.status;
      }),
    );
    // and every variant again under a padded width: never made, never kept
    const aliases = flood.map(({ path, accept }) =>
      fetch(`${fairSite.url}${path.replace(/^\/_img\/(\d+)\//, '/_img/0$1/')}`, {
        headers: as('203.0.113.9', accept),
      }).then((response) => response.status),
    );
    await expect.poll(() => fairAdmin.mediaRequests()).toBeGreaterThan(before);

    // meanwhile another visitor reads a page: every one of its pictures comes
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.7' },
    });
    const page = await context.newPage();
    const statuses = new Map<string, number>();
    page.on('response', (response) => {
      if (response.url().includes('/_img/')) statuses.set(response.url(), response.status());
    });
    await page.goto(`${fairSite.url}${visitorPage}`);
    await loadEverything(page);
    const shown = await page.evaluate(() =>
      [...document.images].filter((image) => image.currentSrc.includes('/_img/')).map((image) => image.naturalWidth),
    );
    events.push('visitor done');
    await context.close();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((width) => width > 0)).toBe(true);
    expect([...statuses.values()].every((status) => status === 200)).toBe(true);

    const floodStatuses = await Promise.all(flooding);
    expect(new Set(await Promise.all(aliases))).toEqual(new Set([404]));
    // the flooder got its share (32 at once) and was told to come back for the rest
    const histogram = JSON.stringify(
      Object.fromEntries(
        [...new Set(floodStatuses)].map((status) => [status, floodStatuses.filter((s) => s === status).length]),
      ),
    );
    expect(floodStatuses.filter((status) => status === 200).length, histogram).toBeGreaterThanOrEqual(32);
    expect(floodStatuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(floodStatuses.every((status) => status === 200 || status === 429)).toBe(true);
    // the visitor did not wait behind the flood
    expect(events.indexOf('visitor done')).toBeLessThan(events.lastIndexOf('flood 200'));
    // the flooder's variants past its budget were sent, not kept: the warm picture is still on disk
    expect((await fetch(`${fairSite.url}${warm}`, { headers: as('192.0.2.50') })).headers.get('x-image-variant')).toBe(
      'kept',
    );
  });

  test('six sources that hang hold no resizing slot: an unrelated picture is made while they hang', async () => {
    test.setTimeout(60_000);
    // six of the gallery's large pictures (links to 1600 px: the flood above asked for none of them)
    const sourceOf = (path: string) => Buffer.from(path.split('/')[4]!, 'base64url').toString();
    const fromAdmin = (path: string) => sourceOf(path).startsWith(`${fairAdmin.mediaOrigin}/media/`);
    const hangs = [
      ...new Map(
        [...(await variantsOf('/gallery', fairSite))]
          .filter((path) => path.startsWith('/_img/1600/') && fromAdmin(path))
          .map((path) => [sourceOf(path), path]),
      ).values(),
    ].slice(-6);
    expect(hangs).toHaveLength(6);
    // a picture of another page, of a source that answers
    const unrelated = [...(await variantsOf('/conferences', fairSite))].find(
      (path) => fromAdmin(path) && !hangs.some((hang) => sourceOf(hang) === sourceOf(path)),
    );
    expect(unrelated).toBeTruthy();
    fairAdmin.setFaults(
      hangs.map((path) => ({
        path: new URL(sourceOf(path)).pathname,
        mode: 'hang' as const,
      })),
    );
    const settled: string[] = [];
    const before = fairAdmin.mediaRequests();
    const hanging = hangs.map((path, index) =>
      fetch(`${fairSite.url}${path}`, { headers: as(`203.0.113.${20 + index}`, 'image/jpeg') }).then(
        async (response) => {
          settled.push(`hanging ${response.status}`);
          return [response.status, await response.text()];
        },
      ),
    );
    await expect.poll(() => fairAdmin.mediaRequests()).toBe(before + 6);
    const made = await fetch(`${fairSite.url}${unrelated}`, { headers: as('198.51.100.8', 'image/jpeg') });
    settled.push(`unrelated ${made.status} ${made.headers.get('x-image-variant')}`);
    expect(settled).toEqual(['unrelated 200 transformed']);
    // the sources give up at the fetch time-out: each is the neutral refusal
    expect(await Promise.all(hanging)).toEqual(
      Array.from({ length: 6 }, () => [502, 'The picture could not be fetched.\n']),
    );
    fairAdmin.resetFaults();
  });
});

test.describe('the hero video', () => {
  let videoAdmin: DemoAdmin;
  let videoSite: Site;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    videoAdmin = await startAdmin({ photos: true });
    videoAdmin.editContent('/home-page/content', (hero: Record<string, string>) => ({
      ...hero,
      video: `${videoAdmin.mediaOrigin}/media/hero.mp4`,
    }));
    videoSite = await startSite(videoAdmin);
  });

  test.afterAll(async () => {
    await videoSite?.stop();
    await videoAdmin?.close();
  });

  /** The requests for the video and for the poster while `/` loads and its scripts run. */
  async function heroRequests(page: Page) {
    const seen = { video: 0, poster: 0 };
    page.on('request', (request) => {
      if (request.url().endsWith('/media/hero.mp4')) seen.video += 1;
    });
    await page.goto(videoSite.url);
    await whenHydrated(page); // the video was decided
    await page.waitForTimeout(500);
    seen.poster = await page.evaluate(
      () => performance.getEntriesByType('resource').filter((entry) => /\/_img\/(1280|1920)\//.test(entry.name)).length,
    );
    return seen;
  }

  test('is never downloaded on a phone, with reduced motion or with Save-Data; the resized banner is the poster', async ({
    browser,
  }) => {
    const phone = await browser.newPage({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 });
    expect(await heroRequests(phone)).toEqual({ video: 0, poster: 0 });
    await phone.close();

    const calm = await browser.newPage({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
    expect((await heroRequests(calm)).video).toBe(0);
    await calm.close();

    const saving = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await saving.addInitScript(() =>
      Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true }),
    );
    const saved = await heroRequests(saving);
    expect(saved.video).toBe(0);
    expect(saved.poster).toBe(1);
    await saving.close();

    const desktop = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const played = await heroRequests(desktop);
    expect(played.video).toBeGreaterThan(0);
    expect(played.poster).toBe(1);
    const poster = desktop.locator('main section[aria-labelledby="hero-title"] picture img');
    await expect.poll(() => poster.evaluate((image: HTMLImageElement) => image.currentSrc)).toContain('/_img/1920/');
    await desktop.close();
  });
});
