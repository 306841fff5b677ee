// Issue 3: the course-details screen (two sources, one component) and the sub-course screen, checked against
// what the demo admin actually serves; their empty states, 404s, a failing admin, and accessibility.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { startAdmin, startPair, startSite } from './support/servers';
import { adminData, type CourseCategory, type SubCourse } from './support/admin-data';

// Expected texts are computed here independently of src/lib/format.ts, so a wrong formatter fails.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
function expectedDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1]} ${year}`;
}
function expectedFee(amount: number): string {
  const [whole, cents] = amount.toFixed(2).split('.') as [string, string];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `US$ ${grouped}${cents === '00' ? '' : `.${cents}`}`;
}

async function headerTexts(table: Locator): Promise<string[]> {
  return (await table.locator('thead th').allInnerTexts()).map((text) => text.trim());
}

const CATEGORY_SOURCES = [
  {
    name: 'upcoming',
    route: '/upcoming-training-course-details',
    api: '/upcoming-training/details',
    id: 101,
    emptyId: 112,
  },
  {
    name: 'learning solutions',
    route: '/learning-solutions-course-details',
    api: '/learning-solution-training/details',
    id: 201,
    emptyId: 208,
  },
] as const;

for (const source of CATEGORY_SOURCES) {
  test.describe(`course details fed by the ${source.name} category`, () => {
    test(`${source.route}/${source.id} shows the category title and its courses`, async ({ page }) => {
      const category = await adminData<CourseCategory>(`${source.api}/${source.id}`);
      expect(category.training_course.length).toBeGreaterThan(1);

      const response = await page.goto(`${source.route}/${source.id}`);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(new RegExp(escapeRegExp(category.title)));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.title);

      const table = page.getByRole('table', { name: new RegExp(escapeRegExp(category.title)) });
      expect(await headerTexts(table)).toEqual(['Code', 'Training Courses', 'Details']);
      const rows = table.locator('tbody tr');
      await expect(rows).toHaveCount(category.training_course.length);
      for (const [index, course] of category.training_course.entries()) {
        const row = rows.nth(index);
        await expect(row.locator('td, th').nth(0)).toHaveText(course.code);
        await expect(row.locator('td, th').nth(1)).toHaveText(course.title);
        const details = row.getByRole('link', { name: new RegExp(`^Details\\b.*${escapeRegExp(course.title)}`) });
        await expect(details).toHaveAttribute('href', `/subCourse-details/${course.slug}`);
        await expect(details).toContainText('Details');
      }
    });

    test(`${source.route}/${source.emptyId} (no courses) says so and offers Contact Us`, async ({ page }) => {
      const category = await adminData<CourseCategory>(`${source.api}/${source.emptyId}`);
      expect(category.training_course).toEqual([]);

      const response = await page.goto(`${source.route}/${source.emptyId}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.title);
      await expect(page.getByText('No details available.', { exact: true })).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Contact Us', exact: true })).toHaveAttribute(
        'href',
        '/contact-us',
      );
      await expect(page.getByRole('table')).toHaveCount(0);
    });
  });
}

test.describe('sub-course details', () => {
  test('a sub-course with sessions: headers, formatted dates and fees, Register links to each session form, rich description', async ({
    page,
  }) => {
    // the demo's dates move with the day, so pick a sub-course with several sessions from what it serves now
    const category = await adminData<CourseCategory>('/upcoming-training/details/101');
    let chosen: { slug: string; subCourse: SubCourse } | undefined;
    for (const course of category.training_course) {
      const subCourse = await adminData<SubCourse>(`/course-venue/details/${course.slug}`);
      if (subCourse.course_venue.length >= 2) {
        chosen = { slug: course.slug, subCourse };
        break;
      }
    }
    expect(chosen, 'a demo sub-course with 2+ sessions').toBeDefined();
    const { slug, subCourse } = chosen!;

    const response = await page.goto(`/subCourse-details/${slug}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(new RegExp(escapeRegExp(subCourse.title)));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(subCourse.title);

    const table = page.getByRole('table', { name: new RegExp(escapeRegExp(subCourse.title)) });
    const headers = await headerTexts(table);
    expect(headers.slice(0, 5)).toEqual(['Course Title', 'Start Date', 'End Date', 'Venue', 'Fees (US $)']);
    expect(headers).toHaveLength(6);
    expect(['Register', 'Action']).toContain(await table.locator('thead th').nth(5).textContent());

    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(subCourse.course_venue.length);
    for (const [index, session] of subCourse.course_venue.entries()) {
      const cells = rows.nth(index).locator('td, th');
      await expect(cells.nth(0)).toHaveText(subCourse.title);
      await expect(cells.nth(1)).toHaveText(expectedDate(session.start_date));
      await expect(cells.nth(2)).toHaveText(expectedDate(session.end_date));
      await expect(cells.nth(3)).toHaveText(session.venue_name);
      await expect(cells.nth(4)).toHaveText(expectedFee(session.course_fee));

      const register = rows.nth(index).getByRole('link', { name: /^Register\b/ });
      await expect(register).toContainText('Register');
      const name = (await register.getAttribute('href'))!;
      const href = new URL(name, 'http://site.test');
      // the session's registration form, named by a reference the server checks (tests/e2e/registration.spec.ts)
      expect(href.pathname).toBe('/register');
      expect(href.searchParams.get('session')).toMatch(
        new RegExp(`/${session.start_date.replace(/-/g, '')}-[0-9a-f]{8}$`),
      );
    }

    // the description is rendered as rich text: Markdown headings and its raw HTML table become elements
    const about = page.getByRole('region', { name: 'About this course' });
    await expect(about.getByRole('heading', { level: 3, name: 'Who should attend' })).toBeVisible();
    await expect(about.getByRole('table')).toHaveCount(1);
    await expect(about.getByRole('listitem').first()).toBeVisible();
    await expect(about).not.toContainText('###');
    await expect(about).not.toContainText('<table>');
  });

  test('fees with cents keep them', async ({ page }) => {
    // the test makes its own fee with cents (the demo's fees may all be whole), before the site starts, so
    // its start-up crawl reads the edited course too
    const slug = 'project-scheduling-and-cost-control';
    const admin = await startAdmin();
    admin.editContent(`/course-venue/details/${slug}`, (course: SubCourse) => ({
      ...course,
      course_venue: course.course_venue.map((session, index) =>
        index === 0 ? { ...session, course_fee: 2450.5 } : session,
      ),
    }));
    const site = await startSite(admin);
    try {
      await page.goto(`${site.url}/subCourse-details/${slug}`);
      await expect(page.getByRole('table').getByText(expectedFee(2450.5), { exact: true }).first()).toBeVisible();
      expect(expectedFee(2450.5)).toBe('US$ 2,450.50');
    } finally {
      await site.stop();
      await admin.close();
    }
  });

  test('a sub-course without sessions says so and offers Contact Us', async ({ page }) => {
    const slug = 'stakeholder-management-and-communication';
    const subCourse = await adminData<SubCourse>(`/course-venue/details/${slug}`);
    expect(subCourse.course_venue).toEqual([]);

    const response = await page.goto(`/subCourse-details/${slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(subCourse.title);
    await expect(page.getByText('No details available.', { exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Contact Us', exact: true })).toHaveAttribute(
      'href',
      '/contact-us',
    );
    await expect(page.getByRole('table', { name: /Dates, venues and fees/ })).toHaveCount(0);
    // the description still follows
    await expect(page.getByRole('region', { name: 'About this course' })).toBeVisible();
  });
});

test.describe('the sidebar', () => {
  for (const path of ['/upcoming-training-course-details/101', '/subCourse-details/pmp-exam-preparation-bootcamp']) {
    test(`${path} has Find a Course, Call Me Back, the in-house proposal link and Quick Inquiry`, async ({ page }) => {
      await page.goto(path);
      const title = (await page.getByRole('heading', { level: 1 }).textContent())!;
      const sidebar = page.getByRole('complementary', { name: 'Course search and enquiries' });
      await expect(sidebar).toHaveCount(1);

      for (const name of ['Find a Course', 'Call Me Back', 'Quick Inquiry']) {
        await expect(sidebar.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
      }
      const proposal = sidebar.getByRole('link', { name: 'Request In-House Proposal' });
      await expect(proposal).toBeVisible();
      const href = new URL((await proposal.getAttribute('href'))!, 'http://site.test');
      expect(href.pathname).toBe('/contact-us');
      expect(href.searchParams.get('trainingFor')).toBe('team');
      expect(href.searchParams.get('message')).toContain(title);

      // the enquiry forms name their course page (the server looks the course up when a form arrives)
      for (const name of ['Call Me Back', 'Quick Inquiry']) {
        const block = sidebar.getByRole('region', { name, exact: true });
        await expect(block.locator(`input[name="context"][value="${cssString(path)}"]`)).toBeAttached();
      }
    });
  }
});

test.describe('unknown courses answer 404 with the not-found view', () => {
  for (const path of [
    '/upcoming-training-course-details/999999',
    '/learning-solutions-course-details/abc',
    '/learning-solutions-course-details/0',
    '/subCourse-details/no-such-course-anywhere',
  ]) {
    test(path, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle(/not found/i);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(/not (find|found)/i);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.getByRole('main').getByRole('table')).toHaveCount(0);
    });
  }
});

test('a failing admin call shows a message in the main column; the page still answers 200 with its layout', async ({
  page,
}) => {
  // failing from the start: the site's start-up crawl reads the same categories and courses, and would keep them
  const pair = await startPair({
    faults: [
      { path: '/upcoming-training/details/*', status: 500 },
      { path: '/course-venue/details/*', status: 503 },
    ],
  });
  try {
    for (const path of ['/upcoming-training-course-details/101', '/subCourse-details/pmp-exam-preparation-bootcamp']) {
      const response = await page.goto(`${pair.site.url}${path}`);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole('main')).toContainText('The course details could not be loaded right now');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(
        page
          .getByRole('complementary', { name: 'Course search and enquiries' })
          .getByRole('heading', { name: 'Find a Course' }),
      ).toBeVisible();
      await expect(page.getByRole('main').getByRole('table')).toHaveCount(0);
    }
    expect(pair.admin.requestCounts()['/upcoming-training/details/101']).toBeGreaterThan(0);
  } finally {
    await pair.stop();
  }
});

test.describe('accessibility', () => {
  for (const width of [1440, 375]) {
    for (const path of ['/upcoming-training-course-details/101', '/subCourse-details/pmp-exam-preparation-bootcamp']) {
      test(`${path} at ${width} px fits the width (axe: accessibility.spec.ts)`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await expect(page.getByRole('table').first()).toBeVisible();
        // responsive: nothing forces the page to scroll sideways
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
      });
    }
  }
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function cssString(text: string): string {
  return text.replace(/["\\]/g, '\\$&');
}
