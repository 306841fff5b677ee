// Issue 7 on the Node server: compressed and still streamed, cacheable assets, security headers on every
// route, a CSP that blocks nothing the site uses, cross-site posts refused, and /healthz.
import http from 'node:http';
import zlib from 'node:zlib';
import { expect, test } from './support/fixtures';
import { SITE_ROUTES } from './support/routes';
import { startPair } from './support/servers';

const ROUTES = SITE_ROUTES;

const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'permissions-policy',
];

/** GET with br+gzip accepted, decoding as it arrives; returns when each marker was first readable. */
function timedCompressedGet(url: string, markers: RegExp[]) {
  return new Promise<{ encoding: string | undefined; seenAt: number[]; html: string }>((resolve, reject) => {
    const started = Date.now();
    http
      .get(url, { headers: { 'accept-encoding': 'gzip, br' } }, (res) => {
        const encoding = res.headers['content-encoding'];
        const decoder =
          encoding === 'br' ? zlib.createBrotliDecompress() : encoding === 'gzip' ? zlib.createGunzip() : undefined;
        let html = '';
        const seenAt = markers.map(() => -1);
        const onText = (text: string) => {
          html += text;
          markers.forEach((marker, index) => {
            if (seenAt[index] === -1 && marker.test(html)) seenAt[index] = Date.now() - started;
          });
        };
        if (decoder) {
          decoder.on('data', (chunk: Buffer) => onText(chunk.toString()));
          decoder.on('end', () => resolve({ encoding, seenAt, html }));
          res.pipe(decoder);
        } else {
          res.on('data', (chunk: Buffer) => onText(chunk.toString()));
          res.on('end', () => resolve({ encoding, seenAt, html }));
        }
      })
      .on('error', reject);
  });
}

test('with the admin 1 s slow, the compressed page streams: header and skeleton first, data later', async () => {
  const pair = await startPair();
  try {
    pair.admin.setFaults([{ path: '*', delayMs: 1000 }]);
    const { encoding, seenAt, html } = await timedCompressedGet(`${pair.site.url}/`, [
      /<header/,
      /data-skeleton="hero"/,
      /id="hero-title"/,
    ]);
    expect(encoding).toBe('br');
    const [header, skeleton, title] = seenAt as [number, number, number];
    expect(header).toBeGreaterThanOrEqual(0);
    expect(skeleton).toBeGreaterThanOrEqual(0);
    expect(title).toBeGreaterThanOrEqual(1000);
    expect(header).toBeLessThan(title - 500);
    expect(skeleton).toBeLessThan(title - 500);
    expect(html).toContain('</html>');
  } finally {
    await pair.stop();
  }
});

test('every route carries the security headers, HTML is private and hashed assets are immutable', async ({
  request,
}) => {
  for (const route of [...ROUTES, '/no-such-page', '/healthz']) {
    const response = await request.get(route);
    for (const name of SECURITY_HEADERS) expect(response.headers()[name], `${name} on ${route}`).toBeTruthy();
    if (route !== '/healthz') expect(response.headers()['cache-control'], route).toBe('private, no-cache');
  }
  const html = await (await request.get('/')).text();
  const asset = html.match(/\/assets\/[^"']+\.js/)?.[0];
  expect(asset).toBeTruthy();
  const assetResponse = await request.get(asset!);
  expect(assetResponse.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  for (const name of SECURITY_HEADERS) expect(assetResponse.headers()[name], `${name} on ${asset}`).toBeTruthy();
});

test('the pages work in Chromium under the CSP with no violation reported', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  for (const route of ROUTES) {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    // hydrated: React attached its root (client navigation works)
    await expect(page.locator('h1').first()).toBeVisible();
  }
  // a client-side interaction that needs the scripts: a course page → sub-course via links
  await page.goto('/gallery');
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('a form post from another site is refused', async ({ request }) => {
  const response = await request.post('/contact-us', {
    headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
    data: 'firstName=x',
  });
  expect(response.status()).toBe(403);
  const sameSite = await request.post('/contact-us', {
    headers: { origin: process.env.SITE_URL!, 'content-type': 'application/x-www-form-urlencoded' },
    data: 'firstName=x',
  });
  expect(sameSite.status()).not.toBe(403);
});

test('/healthz reports the admin and the cache, and stays 200 when the admin is down', async () => {
  const pair = await startPair({ env: { ADMIN_TIMEOUT_MS: '500' } });
  try {
    await fetch(`${pair.site.url}/`).then((res) => res.text());
    const up = await (await fetch(`${pair.site.url}/healthz`)).json();
    expect(up).toMatchObject({ status: 'ok', admin: { reachable: true, status: 200 } });
    expect(up.cache.entries).toBeGreaterThan(0);

    pair.admin.resetCounts();
    pair.admin.setFaults([{ path: '*', mode: 'drop' }]);
    // a burst of checks shares one probe, reused for 5 s: /healthz is public and must not hammer the admin
    const burst = await Promise.all(Array.from({ length: 20 }, () => fetch(`${pair.site.url}/healthz`)));
    expect(burst.every((res) => res.status === 200)).toBe(true);
    expect(pair.admin.requestCounts()['/setting/content'] ?? 0).toBeLessThanOrEqual(1);
    // then the admin's absence shows, and the answer is still 200
    await expect
      .poll(async () => (await (await fetch(`${pair.site.url}/healthz`)).json()).admin.reachable, { timeout: 10_000 })
      .toBe(false);
    const down = await fetch(`${pair.site.url}/healthz`);
    expect(down.status).toBe(200);
    expect(await down.json()).toMatchObject({ status: 'degraded', admin: { reachable: false } });
  } finally {
    await pair.stop();
  }
});

test('pages without a form load no form code and no react-select', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
  for (const route of ['/about', '/gallery', '/conferences']) {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
  }
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => /country-combobox|contact-form|react-select|emotion/.test(url))).toEqual([]);

  await page.goto('/contact-us');
  await page.waitForLoadState('networkidle');
  expect(scripts.some((url) => url.includes('country-combobox'))).toBe(true); // and the form page does load it
});

test('a page whose data quotes "<script" still hydrates under the CSP (the nonce never touches script contents)', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/search?q=%3Cscript%20x');
  await page.locator('#site-menu[data-enhanced]').waitFor({ state: 'attached' }); // the islands hydrated
  await expect(page.getByRole('main').getByLabel('Keyword')).toHaveValue('<script x');
  expect(errors).toEqual([]);
});
