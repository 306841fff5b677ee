// Issue 7 on the Node server: compressed and still streamed, cacheable assets, security headers on every
// route, a CSP that blocks nothing the site uses, cross-site posts refused, and /healthz. Issue 10: a page
// kept by the page cache is shareable (Cache-Control with stale-while-revalidate, ETag, 304) and allows its
// inline scripts by hash; a script the site did not render is blocked.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { searchableCountry } from './support/form-reached';
import { SITE_ROUTES, subCourseRoutes } from './support/routes';
import { streamPage } from './support/read-chunks';
import { startPair } from './support/servers';

const ROUTES = SITE_ROUTES;

const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'permissions-policy',
];

test('with the admin slow, the compressed page streams: header and skeleton first, data later', async () => {
  // every admin answer waits at a gate the test opens: what arrives before that is the shell
  const pair = await startPair({ faults: [{ path: '*', mode: 'held' }] });
  try {
    const stream = streamPage(`${pair.site.url}/`, { 'accept-encoding': 'gzip, br' });
    expect((await stream.headers)['content-encoding']).toBe('br');
    // decodable before the data exists: the compressor flushed the shell
    const shell = await stream.until((html) => html.includes('data-skeleton="hero"'));
    expect(shell).toContain('<header');
    expect(shell).not.toMatch(/id="hero-title"/);
    pair.admin.release();
    const html = await stream.whole;
    expect(html).toMatch(/id="hero-title"/);
    expect(html).toContain('</html>');
  } finally {
    await pair.stop();
  }
});

/** GET `route` until the page cache answers it (the first render is kept once it has ended). */
async function keptPage(request: APIRequestContext, route: string, headers: Record<string, string> = {}) {
  for (let attempt = 0; ; attempt += 1) {
    const response = await request.get(route, { headers });
    if (response.headers()['x-page-cache'] === 'hit' || attempt === 40) return response;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

test('every route carries the security headers; kept HTML is shareable; hashed assets are immutable', async ({
  request,
}) => {
  const shareable = /^public, max-age=\d+, stale-while-revalidate=\d+, stale-if-error=\d+$/;
  for (const route of [...ROUTES, ...(await subCourseRoutes()), '/no-such-page', '/healthz']) {
    const response = await request.get(route);
    for (const name of SECURITY_HEADERS) expect(response.headers()[name], `${name} on ${route}`).toBeTruthy();
    if (route === '/healthz') continue;
    // a render that streams carries a nonce meant for one response: private
    if (response.headers()['x-page-cache'] === 'miss')
      expect(response.headers()['cache-control'], route).toBe('private, no-cache');
    const kept = await keptPage(request, route);
    expect(kept.headers()['x-page-cache'], route).toBe('hit');
    expect(kept.headers()['cache-control'], route).toMatch(shareable);
    expect(kept.headers()['vary'], route).toBe('accept-encoding');
    const etag = kept.headers()['etag'];
    expect(etag, route).toMatch(/^W\/"[0-9a-f]+"$/);
    const csp = kept.headers()['content-security-policy']!;
    expect(csp, route).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(csp, route).not.toContain('nonce');
    expect(csp, route).not.toMatch(/script-src[^;]*unsafe-inline/);
    for (const name of SECURITY_HEADERS) expect(kept.headers()[name], `${name} on kept ${route}`).toBeTruthy();
    const again = await request.get(route, { headers: { 'if-none-match': etag! } });
    if (kept.status() === 404) {
      // preconditions count only where the answer would be a 2xx (RFC 9110 §13.2.1): a kept 404 stays a 404
      expect(again.status(), route).toBe(404);
      continue;
    }
    expect(again.status(), route).toBe(304);
    expect(await again.body(), route).toHaveLength(0);
  }
  const html = await (await request.get('/')).text();
  const asset = html.match(/\/assets\/[^"']+\.js/)?.[0];
  expect(asset).toBeTruthy();
  const assetResponse = await request.get(asset!);
  expect(assetResponse.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  for (const name of SECURITY_HEADERS) expect(assetResponse.headers()[name], `${name} on ${asset}`).toBeTruthy();
});

test('the pages work in Chromium under the CSP with no violation reported, streamed and kept', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  for (const route of [...ROUTES, ...(await subCourseRoutes())]) {
    for (const state of ['first visit', 'kept']) {
      if (state === 'kept') expect((await keptPage(request, route)).headers()['x-page-cache'], route).toBe('hit');
      const response = await page.goto(route);
      if (state === 'kept') expect(response?.headers()['content-security-policy'], route).toContain("'sha256-");
      await page.waitForLoadState('networkidle');
      await expect(page.locator('h1').first(), `${route} (${state})`).toBeVisible();
      // hydrated: the islands are enhanced (the menu island marks itself once React runs)
      await page.locator('#site-menu[data-enhanced]').waitFor({ state: 'attached' });
      // the form island too: once the form is reached, the country field becomes the combobox
      if (route === '/contact-us') await searchableCountry(page);
    }
  }
  // a client-side interaction that needs the scripts: a course page → sub-course via links
  await page.goto('/gallery');
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('on a kept page an inline script the site did not render is blocked, and the page still works', async ({
  page,
  request,
}) => {
  await keptPage(request, '/about');
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  // what an injection would look like: a script inside the kept page, the kept page's headers unchanged
  await page.route('**/about', async (route) => {
    const response = await route.fetch();
    expect(response.headers()['x-page-cache']).toBe('hit');
    const html = (await response.text()).replace('</body>', '<script>window.injected = true</script></body>');
    await route.fulfill({ response, body: html });
  });
  await page.goto('/about');
  await page.locator('#site-menu[data-enhanced]').waitFor({ state: 'attached' }); // the site's own scripts ran
  expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
  expect(violations.some((text) => /script-src/.test(text))).toBe(true);
});

test('HSTS is sent when the visitor came over HTTPS through a trusted proxy, not otherwise', async () => {
  const pair = await startPair({ env: { TRUST_PROXY: '1' } });
  try {
    for (const attempt of [1, 2, 3]) {
      // the first answer streams, the later ones come from the page cache: both carry it
      const overHttps = await fetch(`${pair.site.url}/about`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(overHttps.headers.get('strict-transport-security'), `attempt ${attempt}`).toBe(
        'max-age=31536000; includeSubDomains',
      );
      await overHttps.arrayBuffer();
      const plain = await fetch(`${pair.site.url}/about`);
      expect(plain.headers.get('strict-transport-security'), `attempt ${attempt}`).toBeNull();
      await plain.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  } finally {
    await pair.stop();
  }
  // without a trusted proxy the header is the visitor's to set and is ignored
  const direct = await fetch(`${process.env.SITE_URL}/about`, { headers: { 'x-forwarded-proto': 'https' } });
  expect(direct.headers.get('strict-transport-security')).toBeNull();
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
  expect(scripts.some((url) => url.includes('contact-form'))).toBe(true); // the form page loads the form
  await searchableCountry(page); // and react-select once the visitor comes to it
  expect(scripts.some((url) => url.includes('country-combobox'))).toBe(true);
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
