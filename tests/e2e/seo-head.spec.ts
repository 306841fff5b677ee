// Issue 11: what search engines and link previews read from each page type's first HTML: one title, a
// description from the content, a canonical address, Open Graph and Twitter cards, icons, and JSON-LD with
// the fields schema.org and Google's Course / Event rich results require.
import { expect, test } from './support/fixtures';
import { SITE_NAME, TEST_SITE_IDENTITY } from './support/identity';
import { readHead, readJsonLd, ofType, type JsonLdNode } from './support/seo-parse';
import { streamPage } from './support/read-chunks';
import { startPair } from './support/servers';
import { SITE_ROUTES } from './support/routes';
import { adminData, type CourseCategory, type SubCourse } from './support/admin-data';

type Settings = Record<'logo' | 'phone' | 'facebook' | 'instagram' | 'twitter' | 'linkedin', string>;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const origin = () => new URL(process.env.SITE_URL!).origin;

/** Every page meant for search results (the search page itself is noindex: see the last test). */
const PAGES = SITE_ROUTES.filter((route) => !route.startsWith('/search'));

async function firstSubCourse(): Promise<{ path: string; slug: string; code: string; data: SubCourse }> {
  const category = await adminData<CourseCategory>('/upcoming-training/details/101');
  const course = category.training_course[0]!;
  return {
    path: `/subCourse-details/${encodeURIComponent(course.slug)}`,
    slug: course.slug,
    code: course.code,
    data: await adminData<SubCourse>(`/course-venue/details/${encodeURIComponent(course.slug)}`),
  };
}

function expectProvider(nodes: JsonLdNode[], settings: Settings, where: string) {
  const providers = ofType(nodes, 'EducationalOrganization');
  expect(providers, where).toHaveLength(1);
  const provider = providers[0]!;
  expect(provider['@context'], where).toBe('https://schema.org');
  expect(provider.name, where).toBe(SITE_NAME);
  expect(provider.url, where).toBe(`${origin()}/`);
  expect(provider.address, where).toMatchObject({
    '@type': 'PostalAddress',
    // the owner's SITE_ADDRESS: the last line is "place, country"
    streetAddress: 'Unit 7, Seef Business Centre, Road 2825',
    addressLocality: 'Manama',
    addressCountry: 'BH',
  });
  expect(TEST_SITE_IDENTITY.SITE_ADDRESS).toContain('Manama, Kingdom of Bahrain');
  expect(provider.telephone, where).toBe(settings.phone.replace(/^tel:/, ''));
  // the site's square logo (Google wants 112 × 112 px or more; the admin's is a header banner)
  expect(provider.logo, where).toEqual({
    '@type': 'ImageObject',
    url: `${origin()}/logo-512.png`,
    width: 512,
    height: 512,
  });
  expect(provider.sameAs, where).toEqual([settings.facebook, settings.instagram, settings.twitter, settings.linkedin]);
}

function expectBreadcrumbs(nodes: JsonLdNode[], canonical: string, where: string) {
  const [crumbs] = ofType(nodes, 'BreadcrumbList');
  expect(crumbs, where).toBeDefined();
  const items = crumbs!.itemListElement as { '@type': string; position: number; name: string; item: string }[];
  expect(items[0], where).toMatchObject({ position: 1, name: 'Home', item: `${origin()}/` });
  expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1));
  expect(items.at(-1)!.item, where).toBe(canonical);
  for (const item of items) expect(item['@type']).toBe('ListItem');
}

test.describe('the head of every page type, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('one title, a description, a canonical address and both social cards, all in <head>', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const subCourse = await firstSubCourse();
    const settings = await adminData<Settings>('/setting/content');
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const path of [...PAGES, subCourse.path]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      const head = await readHead(page);
      expect(head.lang, path).toBe('en');
      expect(head.titles, path).toHaveLength(1);
      const title = head.titles[0]!;
      expect(title, path).toContain(SITE_NAME);
      expect(head.descriptions, path).toBe(1);
      const description = head.description ?? '';
      expect(description.length, `${path}: ${description}`).toBeGreaterThanOrEqual(50);
      expect([...description].length, path).toBeLessThanOrEqual(160);
      expect(description, path).not.toMatch(/[<>*#]|&amp;|\s{2}/); // plain text, no markup left
      expect(head.canonical, path).toBe(`${origin()}${path}`);
      expect(head.robots, path).toBeNull();
      expect(head.strayInBody, path).toBe(0);

      expect(head.og['og:type'], path).toBe('website');
      expect(head.og['og:site_name'], path).toBe(SITE_NAME);
      expect(head.og['og:title'], path).toBeTruthy();
      expect(title, path).toContain(head.og['og:title']!.slice(0, 20));
      expect(head.og['og:description'], path).toBe(description);
      expect(head.og['og:url'], path).toBe(head.canonical);
      expect(head.og['og:image'], path).toMatch(/^https?:\/\//);
      expect(head.twitter['twitter:card'], path).toBe('summary_large_image');
      expect(head.twitter['twitter:title'], path).toBe(head.og['og:title']);
      expect(head.twitter['twitter:description'], path).toBe(description);
      expect(head.twitter['twitter:image'], path).toBe(head.og['og:image']);

      expect(head.icons, path).toEqual(['/favicon.ico', '/favicon.svg', '/apple-touch-icon.png']);
      expect(head.manifest, path).toBe('/site.webmanifest');

      expectProvider(await readJsonLd(page), settings, path);
      titles.set(path, title);
      descriptions.set(path, description);
    }
    // every page its own title and description
    expect(new Set(titles.values()).size).toBe(titles.size);
    expect(new Set(descriptions.values()).size).toBe(descriptions.size);

    // the share picture and icons are there
    const images = new Set([`${origin()}/og-image.png`, `${origin()}/favicon.ico`, `${origin()}/apple-touch-icon.png`]);
    for (const url of images) {
      const answer = await request.get(url);
      expect(answer.status(), url).toBe(200);
      expect(answer.headers()['content-type'], url).toMatch(/^image\//);
    }
    const manifest = await (await request.get('/site.webmanifest')).json();
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
  });

  test('descriptions come from the content', async ({ page }) => {
    const about = await adminData<{ description: string }>('/about-us/content');
    await page.goto('/about');
    const head = await readHead(page);
    // the about text's first words, as plain text
    const words = about.description
      .replace(/<[^>]+>|[*_#>`[\]]/g, ' ')
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 4)
      .join(' ');
    expect(head.description).toContain(words);

    const subCourse = await firstSubCourse();
    await page.goto(subCourse.path);
    const courseHead = await readHead(page);
    expect(courseHead.titles[0]).toMatch(
      new RegExp(`^${escapeRegExp(subCourse.data.title.slice(0, 20))}.* \\| ${escapeRegExp(SITE_NAME)}$`),
    );
    expect(courseHead.description).toContain(subCourse.data.title);
    for (const session of subCourse.data.course_venue.slice(0, 2)) {
      expect(courseHead.description).toContain(session.venue_name);
    }
  });

  test('a sub-course page: a Course with one CourseInstance per session, and breadcrumbs', async ({ page }) => {
    const subCourse = await firstSubCourse();
    expect(subCourse.data.course_venue.length).toBeGreaterThan(0);
    // the course code comes from the search index: make sure it is built
    expect((await page.request.get('/sitemap.xml')).status()).toBe(200);
    await page.goto(subCourse.path);
    const nodes = await readJsonLd(page);
    const canonical = `${origin()}${subCourse.path}`;
    const [course] = ofType(nodes, 'Course');
    expect(course).toBeDefined();
    expect(course).toMatchObject({
      '@context': 'https://schema.org',
      name: subCourse.data.title,
      courseCode: subCourse.code,
      url: canonical,
      provider: { '@type': 'EducationalOrganization', name: SITE_NAME },
    });
    expect(String(course!.description).length).toBeGreaterThan(20);
    const instances = course!.hasCourseInstance as JsonLdNode[];
    expect(instances).toHaveLength(subCourse.data.course_venue.length);
    subCourse.data.course_venue.forEach((session, index) => {
      const instance = instances[index]!;
      expect(instance).toMatchObject({
        '@type': 'CourseInstance',
        name: subCourse.data.title,
        courseMode: 'Onsite',
        startDate: session.start_date,
        endDate: session.end_date,
        location: {
          '@type': 'Place',
          name: session.venue_name,
          address: { '@type': 'PostalAddress', addressLocality: session.venue_name },
        },
        offers: { '@type': 'Offer', category: 'Paid', price: session.course_fee, priceCurrency: 'USD' },
      });
      // Google's course info needs a schedule or a workload per instance
      expect(instance.courseSchedule ?? instance.courseWorkload).toBeTruthy();
      expect((instance.courseSchedule as JsonLdNode)['@type']).toBe('Schedule');
    });
    const offers = course!.offers as JsonLdNode[];
    expect(offers.every((offer) => offer.category === 'Paid' && offer.priceCurrency === 'USD')).toBe(true);
    expectBreadcrumbs(nodes, canonical, subCourse.path);
  });

  test('a course without sessions is still a Course, with no instances or offers', async ({ page }) => {
    await page.goto('/subCourse-details/stakeholder-management-and-communication');
    const [course] = ofType(await readJsonLd(page), 'Course');
    expect(course).toBeDefined();
    expect(course!.name).toBeTruthy();
    expect(course).not.toHaveProperty('hasCourseInstance');
    expect(course).not.toHaveProperty('offers');
  });

  for (const source of [
    { route: '/upcoming-training-course-details/101', api: '/upcoming-training/details/101' },
    { route: '/learning-solutions-course-details/201', api: '/learning-solution-training/details/201' },
  ]) {
    test(`${source.route}: an ItemList of its courses, in order, and breadcrumbs`, async ({ page }) => {
      const category = await adminData<CourseCategory>(source.api);
      expect(category.training_course.length).toBeGreaterThanOrEqual(3); // a list that can qualify (validators.spec.ts)
      // the list's descriptions come from the search index: make sure it is built
      expect((await page.request.get('/sitemap.xml')).status()).toBe(200);
      await page.goto(source.route);
      const nodes = await readJsonLd(page);
      const [list] = ofType(nodes, 'ItemList');
      expect(list).toBeDefined();
      expect(list!.numberOfItems).toBe(category.training_course.length);
      const items = list!.itemListElement as { '@type': string; position: number; item: { url: string } }[];
      expect(items.map((entry) => entry.item.url)).toEqual(
        category.training_course.map((course) => `${origin()}/subCourse-details/${encodeURIComponent(course.slug)}`),
      );
      expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1));
      expectBreadcrumbs(nodes, `${origin()}${source.route}`, source.route);
      const head = await readHead(page);
      expect(head.titles[0]).toContain(category.title.slice(0, 20));
    });
  }

  test('pages not worth a search result say noindex and name no canonical address', async ({ page }) => {
    for (const path of ['/no-such-page', '/subCourse-details/no-such-course', '/search?q=management']) {
      await page.goto(path);
      const head = await readHead(page);
      expect(head.robots, path).toBe('noindex, follow');
      expect(head.canonical, path).toBeNull();
      expect(head.titles, path).toHaveLength(1);
    }
  });

  test('X-Forwarded-Host is not believed without trusted proxies', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    await page.goto('/about');
    expect((await readHead(page)).canonical).toBe(`${origin()}/about`);
  });
});

test('JSON-LD is not reported as a Content-Security-Policy violation', async ({ page }) => {
  const subCourse = await firstSubCourse();
  await page.addInitScript(() => {
    (window as unknown as { violations: string[] }).violations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { violations: string[] }).violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto(subCourse.path);
  await page.waitForLoadState('networkidle');
  expect(await page.locator('script[type="application/ld+json"]').count()).toBe(3);
  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
  expect(consoleErrors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
});

test('SITE_URL sets the origin of canonical addresses, cards, robots.txt and the sitemap', async () => {
  test.setTimeout(60_000);
  const pair = await startPair({ env: { SITE_URL: 'https://www.example.com/' } });
  try {
    const html = await (await fetch(`${pair.site.url}/about`)).text();
    expect(html).toContain('<link rel="canonical" href="https://www.example.com/about"/>');
    expect(html).toContain('<meta property="og:image" content="https://www.example.com/og-image.png"/>');
    expect(await (await fetch(`${pair.site.url}/robots.txt`)).text()).toContain(
      'Sitemap: https://www.example.com/sitemap.xml',
    );
    const sitemap = await (await fetch(`${pair.site.url}/sitemap.xml`)).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);
    expect(locs.length).toBeGreaterThan(20);
    expect(locs.every((loc) => loc.startsWith('https://www.example.com/'))).toBe(true);
  } finally {
    await pair.stop();
  }
});

test('a slow admin: the fallback head is in the first bytes, and the page asks the admin once', async () => {
  test.setTimeout(60_000);
  // the about page's answer waits at a gate the test opens: what arrives before that is the shell
  const pair = await startPair({ faults: [{ path: '/about-us/content', mode: 'held' }] });
  try {
    const about = await adminData<{ title: string }>('/about-us/content');
    pair.admin.resetCounts();
    const stream = streamPage(`${pair.site.url}/about`);
    const early = await stream.until((html) => html.includes('</head>') && html.includes('<header'));
    pair.admin.release();
    const all = await stream.whole;
    expect(early).toContain('<header');
    expect(early).toContain(`<title>About Us | ${SITE_NAME}</title>`);
    expect(early).toMatch(/<link rel="canonical" href="[^"]*\/about"\/>/);
    expect(early).toContain(`<meta name="description" content="Who ${SITE_NAME} is`);
    expect(early).not.toContain(about.title);
    expect(all).toContain(about.title);
    // one <title>: the streamed view brings no second head
    expect(all.match(/<title>/g)).toHaveLength(1);
    expect(pair.admin.requestCounts()['/about-us/content']).toBe(1);
  } finally {
    await pair.stop();
  }
});
