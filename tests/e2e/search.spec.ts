// Issue 6: course search on /search, from the header box, the mobile overlay and the sidebar's Find a Course
// panel, with and without JavaScript. Courses, venues and dates are read from the demo admin, never hard-coded.
import type { Locator, Page } from '@playwright/test';
import { SITE_NAME } from './support/identity';
import { expect, test } from './support/fixtures';
import { startPair } from './support/servers';
import { axeViolations } from './support/axe';
import { adminData, type TrainingCourse } from './support/admin-data';

type Session = { start_date: string; end_date: string; venue_name: string; course_fee: number };

type Pick = {
  category: { id: number; key: string; title: string; courses: TrainingCourse[] };
  course: TrainingCourse;
  sessions: Session[];
};

/** An open-course category and one of its courses with sessions in at least two venues. */
async function pickCourse(): Promise<Pick> {
  const upcoming = await adminData<{ id: number }[]>('/upcoming-certification/content');
  for (const { id } of upcoming) {
    const category = await adminData<{ title: string; training_course: TrainingCourse[] }>(
      `/upcoming-training/details/${id}`,
    );
    for (const course of category.training_course) {
      const sub = await adminData<{ course_venue: Session[] }>(`/course-venue/details/${course.slug}`);
      if (new Set(sub.course_venue.map((session) => session.venue_name)).size >= 2) {
        return {
          category: { id, key: `upcoming-${id}`, title: category.title, courses: category.training_course },
          course,
          sessions: sub.course_venue,
        };
      }
    }
  }
  throw new Error('the demo content has no course with sessions in two venues');
}

/** Two of the title's longer words, in reverse order, the first cut to a prefix: 'bootc preparation'. */
function keywordFor(title: string): string {
  const words = title.toLowerCase().match(/[a-z]{4,}/g) ?? [];
  const [first, second] = [...words].sort((a, b) => b.length - a.length);
  if (!first || !second) throw new Error(`no keyword in ${title}`);
  return `${second.slice(0, Math.max(4, second.length - 2))} ${first}`;
}

const countOf = (page: Page) => page.locator('#search-results-count');
const resultItems = (page: Page) => page.locator('[data-course]');
const sessionRows = (page: Page) => page.locator('[data-course] [data-start]');
const searchForm = (page: Page) => page.getByRole('search', { name: 'Course search' });

async function foundCount(page: Page): Promise<number> {
  const text = (await countOf(page).textContent()) ?? '';
  if (text.startsWith('No courses')) return 0;
  const match = /^(\d+) courses? found/.exec(text);
  if (!match) throw new Error(`unexpected count text: ${text}`);
  return Number(match[1]);
}

/** Click the form's Search button and wait for the results of the parameters it should send. */
async function submit(page: Page, form: Locator, expected: Record<string, string>) {
  await Promise.all([
    page.waitForURL(
      (url) =>
        url.pathname === '/search' &&
        Object.entries(expected).every(([name, value]) => url.searchParams.get(name) === value),
    ),
    form.getByRole('button', { name: 'Search', exact: true }).click(),
  ]);
  await expect(countOf(page)).toBeVisible();
}

let pick: Pick;

test.beforeAll(async () => {
  pick = await pickCourse();
  // The first search builds the index; do it here so the panel tests see a warm one. Its first render holds
  // the first crawl's partial index (no venues yet) and is kept briefly: wait for the complete one.
  await expect
    .poll(
      async () => {
        const html = await fetch(`${process.env.SITE_URL}/search`).then((response) => response.text());
        return /<select id="search-venue"[^>]*>(?:<option[^>]*>[^<]*<\/option>){2}/.test(html);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled });

    test('a keyword from the demo content finds its course, with dates, venues, fees and a link', async ({ page }) => {
      await page.goto('/search');
      const form = searchForm(page);
      const keyword = keywordFor(pick.course.title);
      await form.getByLabel('Keyword').fill(keyword);
      await submit(page, form, { q: keyword });

      await expect(page).toHaveTitle(`Search results for "${keyword}" | ${SITE_NAME}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search results for “${keyword}”`);
      await expect(countOf(page)).toHaveAttribute('role', 'status');
      await expect(countOf(page)).toContainText(/\d+ courses? found/);
      const result = page.locator(`[data-course="${pick.course.slug}"]`);
      const link = result.getByRole('link', { name: pick.course.title, exact: true });
      await expect(link).toHaveAttribute('href', `/subCourse-details/${pick.course.slug}`);
      await expect(result).toContainText(pick.course.code);
      await expect(result.getByRole('link', { name: pick.category.title })).toHaveAttribute(
        'href',
        `/upcoming-training-course-details/${pick.category.id}`,
      );
      const first = pick.sessions[0]!;
      const row = result.locator(`[data-start="${first.start_date}"]`).first();
      await expect(row).toContainText(first.venue_name);
      await expect(row).toContainText(/\d{1,2} [A-Z][a-z]{2,3} \d{4}/);
      await expect(row).toContainText(/US\$ [\d,]+(\.\d\d)?/);
      // the field keeps what was searched
      await expect(searchForm(page).getByLabel('Keyword')).toHaveValue(keyword);

      await link.click();
      await expect(page).toHaveURL(`/subCourse-details/${pick.course.slug}`);
    });

    test('a code finds its course first, however it is typed', async ({ page }) => {
      const code = pick.course.code.toLowerCase().replace(/[^a-z0-9]/g, ''); // 'PM-101' → 'pm101'
      await page.goto(`/search?q=${code}`);
      await expect(resultItems(page).first()).toHaveAttribute('data-course', pick.course.slug);
    });

    test('each filter narrows the results, and the fields show the filters in effect', async ({ page }) => {
      await page.goto('/search');
      const total = await foundCount(page);
      expect(total).toBeGreaterThan(10);

      // venue
      const venue = pick.sessions[0]!.venue_name;
      await searchForm(page).getByLabel('Venue').selectOption({ label: venue });
      await submit(page, searchForm(page), { venue });
      const inVenue = await foundCount(page);
      expect(inVenue).toBeGreaterThan(0);
      expect(inVenue).toBeLessThan(total);
      for (const place of await sessionRows(page).evaluateAll((rows) =>
        rows.map((row) => row.getAttribute('data-venue')),
      )) {
        expect(place).toBe(venue);
      }
      await expect(searchForm(page).getByLabel('Venue')).toHaveValue(venue);

      // month and year, added to the venue
      const [year, month] = pick.sessions[0]!.start_date.split('-') as [string, string];
      await searchForm(page)
        .getByLabel('Month')
        .selectOption(String(Number(month)));
      await searchForm(page).getByLabel('Year').selectOption(year);
      await submit(page, searchForm(page), { venue, month: String(Number(month)), year });
      const inMonth = await foundCount(page);
      expect(inMonth).toBeGreaterThan(0);
      expect(inMonth).toBeLessThanOrEqual(inVenue);
      await expect(page.locator(`[data-course="${pick.course.slug}"]`)).toBeVisible();
      for (const start of await sessionRows(page).evaluateAll((rows) =>
        rows.map((row) => row.getAttribute('data-start')),
      )) {
        expect(start!.startsWith(`${year}-${month}`)).toBe(true);
      }
      await expect(searchForm(page).getByLabel('Month')).toHaveValue(String(Number(month)));
      await expect(searchForm(page).getByLabel('Year')).toHaveValue(year);

      // category alone: exactly the category's courses
      await page.goto('/search');
      await searchForm(page).getByLabel('Category').selectOption({ label: pick.category.title });
      await submit(page, searchForm(page), { category: pick.category.key });
      expect(await foundCount(page)).toBe(pick.category.courses.length);
      const slugs = await resultItems(page).evaluateAll((items) =>
        items.map((item) => item.getAttribute('data-course')),
      );
      expect(slugs.sort()).toEqual(pick.category.courses.map((course) => course.slug).sort());
      await expect(searchForm(page).getByLabel('Category')).toHaveValue(pick.category.key);
    });

    test('a keyword and a venue show only that venue’s sessions of the course', async ({ page }) => {
      const venue = pick.sessions[0]!.venue_name;
      const keyword = keywordFor(pick.course.title);
      await page.goto(`/search?q=${encodeURIComponent(keyword)}&venue=${encodeURIComponent(venue)}`);
      const rows = page.locator(`[data-course="${pick.course.slug}"] [data-start]`);
      const expected = pick.sessions.filter((session) => session.venue_name === venue).length;
      await expect(rows).toHaveCount(Math.min(expected, 3));
    });

    test('nonsense gives the empty state with a way to contact us', async ({ page }) => {
      await page.goto('/search?q=xqzvwkj');
      await expect(countOf(page)).toHaveText('No courses found for “xqzvwkj”');
      await expect(resultItems(page)).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'No courses match your search' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Contact us', exact: true })).toHaveAttribute(
        'href',
        '/contact-us',
      );
      await expect(page.getByRole('link', { name: 'Browse all courses' })).toHaveAttribute('href', '/search');
    });

    test('results come 10 to a page with Previous/Next and page links that keep the query', async ({ page }) => {
      await page.goto('/search');
      const total = await foundCount(page);
      const pages = Math.ceil(total / 10);
      await expect(resultItems(page)).toHaveCount(10);
      const pagination = page.getByRole('navigation', { name: 'Search results pages' });
      await expect(pagination.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      const firstPage = await resultItems(page).evaluateAll((items) =>
        items.map((item) => item.getAttribute('data-course')),
      );

      await Promise.all([
        page.waitForURL((url) => url.searchParams.get('page') === '2'),
        pagination.getByRole('link', { name: 'Next page' }).click(),
      ]);
      await expect(
        page
          .getByRole('navigation', { name: 'Search results pages' })
          .getByRole('link', { name: 'Page 2', exact: true }),
      ).toHaveAttribute('aria-current', 'page');
      const secondPage = await resultItems(page).evaluateAll((items) =>
        items.map((item) => item.getAttribute('data-course')),
      );
      expect(secondPage.some((slug) => firstPage.includes(slug))).toBe(false);
      await expect(page.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/search');

      // a filter is kept by the page links
      await page.goto(`/search?venue=${encodeURIComponent(pick.sessions[0]!.venue_name)}`);
      const next = page.getByRole('link', { name: 'Next page' });
      if ((await foundCount(page)) > 10) {
        await expect(next).toHaveAttribute(
          'href',
          `/search?venue=${encodeURIComponent(pick.sessions[0]!.venue_name).replace(/%20/g, '+')}&page=2`,
        );
      } else {
        await expect(next).toHaveCount(0);
      }

      // past the end: the last page
      const response = await page.goto('/search?page=999');
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('link', { name: `Page ${pages}`, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(resultItems(page)).toHaveCount(total - (pages - 1) * 10);
    });

    test('parameters it does not understand are ignored, never an error', async ({ page }) => {
      const response = await page.goto('/search?category=nope&month=13&year=20x6&page=-1&q=');
      expect(response?.status()).toBe(200);
      await expect(countOf(page)).toContainText(/\d+ courses found/);
      for (const field of ['Category', 'Venue', 'Month', 'Year'])
        await expect(searchForm(page).getByLabel(field)).toHaveValue('');
    });

    test('a venue the whole catalogue does not know finds nothing, says so and offers to ask us', async ({ page }) => {
      const response = await page.goto('/search?venue=Atlantis');
      expect(response?.status()).toBe(200);
      await expect(countOf(page)).toHaveText(/^No courses found/);
      await expect(page.getByText('None of our scheduled courses is held at “Atlantis”.')).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Contact us' })).toBeVisible();
      await expect(page.getByText(/still reading the catalogue/)).toHaveCount(0);
    });

    test('the desktop header box lands on the results', async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/');
      const box = page.getByRole('banner').locator('#site-header-q');
      await expect(box).toHaveAccessibleName('Search courses');
      if (javaScriptEnabled) {
        // once hydrated, the first focus puts the suggestions' combobox in the box's place (issue 33)
        await expect(async () => {
          await box.focus();
          await expect(box).toHaveAttribute('role', 'combobox', { timeout: 1000 });
        }).toPass({ timeout: 20_000 });
      }
      await box.fill(pick.course.title);
      await Promise.all([page.waitForURL((url) => url.pathname === '/search'), box.press('Enter')]);
      expect(new URL(page.url()).searchParams.get('q')).toBe(pick.course.title);
      await expect(resultItems(page).first()).toHaveAttribute('data-course', pick.course.slug);
    });

    test('the mobile search overlay lands on the results', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto('/');
      await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
      // a search box, or (once focused with JavaScript) the combobox of the suggestions (issue 33) in its place
      const input = page.locator('#site-search #site-search-q');
      await expect(input).toBeVisible();
      await expect(input).toHaveAccessibleName('Search courses');
      await input.fill(pick.course.code);
      await Promise.all([page.waitForURL((url) => url.pathname === '/search'), input.press('Enter')]);
      expect(new URL(page.url()).searchParams.get('q')).toBe(pick.course.code);
      await expect(resultItems(page).first()).toHaveAttribute('data-course', pick.course.slug);
    });

    test('the Find a Course panel offers the index’s choices and submits to /search', async ({ page }) => {
      await page.goto(`/upcoming-training-course-details/${pick.category.id}`);
      const panel = page.getByRole('search', { name: 'Find a Course' });
      await expect(panel).toHaveAttribute('action', '/search');
      await expect(panel).toHaveAttribute('method', 'get');
      // placeholders as the spec shows them, and a label behind each for assistive technology
      await expect(panel.getByLabel('Keyword')).toHaveAttribute('placeholder', 'Keyword');
      for (const field of ['Category', 'Venue', 'Month', 'Year']) {
        await expect(panel.getByLabel(field).locator('option').first()).toHaveText(field);
      }
      await expect(panel.getByLabel('Category').locator('option', { hasText: pick.category.title })).toHaveCount(1);
      expect(await panel.getByLabel('Venue').locator('option').count()).toBeGreaterThan(2);
      expect(await panel.getByLabel('Year').locator('option').count()).toBeGreaterThan(1);

      const venue = pick.sessions[0]!.venue_name;
      const keyword = keywordFor(pick.course.title);
      await panel.getByLabel('Keyword').fill(keyword);
      await panel.getByLabel('Venue').selectOption({ label: venue });
      await submit(page, panel, { q: keyword, venue });
      await expect(page.locator(`[data-course="${pick.course.slug}"]`)).toBeVisible();
      for (const place of await sessionRows(page).evaluateAll((rows) =>
        rows.map((row) => row.getAttribute('data-venue')),
      )) {
        expect(place).toBe(venue);
      }
    });
  });
}

test('an admin failure never breaks search: a message while there is no index, the last good index after', async ({
  page,
}) => {
  const pair = await startPair({
    env: { CONTENT_CACHE_TTL_MS: '400', CONTENT_RETRY_MS: '100', ADMIN_TIMEOUT_MS: '1000' },
    // nothing to build from, from the start (the start-up crawl would otherwise read the lists first)
    faults: [
      { path: '/upcoming-certification/content', status: 500 },
      { path: '/learning-solution/content', status: 500 },
    ],
  });
  try {
    const keyword = keywordFor(pick.course.title);
    // the page still answers, with a message and a way to ask us
    let response = await page.goto(`${pair.site.url}/search?q=${encodeURIComponent(keyword)}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('main')).toContainText('The course list could not be loaded right now');
    await expect(page.getByRole('main').getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      '/contact-us',
    );
    await expect(searchForm(page).getByLabel('Keyword')).toHaveValue(keyword);

    // the admin recovers: the next search (after the retry delay) builds the index
    pair.admin.resetFaults();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await page.goto(`${pair.site.url}/search?q=${encodeURIComponent(keyword)}`);
    await expect(page.locator(`[data-course="${pick.course.slug}"]`)).toBeVisible();

    // the admin goes down for good: rebuilds fail, the last good index keeps answering. Searched again until
    // a rebuild has tried the admin (the index outlives its 400 ms lifetime; a busy machine only takes longer)
    const listCalls = () => pair.admin.requestCounts()['/upcoming-certification/content'] ?? 0;
    const before = listCalls();
    pair.admin.setFaults([{ path: '*', status: 503 }]);
    let round = 0;
    await expect
      .poll(
        async () => {
          round += 1; // trailing spaces: a new page-cache key each round, the same search
          response = await page.goto(`${pair.site.url}/search?q=${encodeURIComponent(keyword + ' '.repeat(round))}`);
          expect(response?.status()).toBe(200);
          await expect(page.locator(`[data-course="${pick.course.slug}"]`)).toBeVisible();
          return listCalls();
        },
        { timeout: 60_000, intervals: [500] },
      )
      .toBeGreaterThan(before); // it did try again
    // and after the failed rebuild, the last good index still answers
    response = await page.goto(`${pair.site.url}/search?q=${encodeURIComponent(`${keyword}\t`)}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator(`[data-course="${pick.course.slug}"]`)).toBeVisible();
  } finally {
    await pair.stop();
  }
});

test.describe('accessibility', () => {
  const axe = axeViolations;

  // the results and the unfiltered empty state are in accessibility.spec.ts's sweep of every route
  for (const [name, path] of [
    ['a second page', '/search?page=2'],
    ['the empty state with a filter', '/search?q=xqzvwkj&venue=Dubai'],
  ] as const) {
    for (const width of [375, 1440]) {
      test(`${name} at ${width} px has no axe violations`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await expect(countOf(page)).toBeVisible();
        expect(await axe(page)).toEqual([]);
      });
    }
  }

  test('one h1, labelled fields, and the count in a status region', async ({ page }) => {
    await page.goto('/search?q=management');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    const form = searchForm(page);
    for (const field of ['Keyword', 'Category', 'Venue', 'Month', 'Year'])
      await expect(form.getByLabel(field)).toHaveCount(1);
    await expect(page.getByRole('status').filter({ hasText: 'found' })).toHaveCount(1);
  });
});
