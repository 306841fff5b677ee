// Issue 34: what each page template announces, kept in files for review: the landmarks with what sits
// directly in them (a depth-limited ARIA snapshot of the page), and each form whole (toMatchAriaSnapshot). A
// change to what a screen reader meets then shows in the diff of these files. After an intended change, run
// this spec with `--update-snapshots` and read the diff.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { numberOfDelegates, searchableCountry } from './support/form-reached';
import { whenHydrated } from './support/hydrated';
import { SITE_ROUTES, subCourseRoutes } from './support/routes';

test.use({ viewport: { width: 1440, height: 900 } });

const fileName = (route: string) =>
  route === '/'
    ? 'home'
    : route
        .replace(/^\//, '')
        .replace(/[^a-z0-9]+/gi, '-')
        .replace(/-$/, '');

async function open(page: Page, route: string) {
  await page.goto(route);
  await whenHydrated(page);
  // the contact form's country field becomes the searchable one when the visitor comes to the form, its code
  // loaded then: the outline is of that field
  if (await page.locator('input#enquiry-country[list]').count()) await searchableCountry(page);
  await expect(page.locator('input#enquiry-country[list]')).toHaveCount(0);
}

test('each page template: its landmarks and what sits directly in them', async ({ page }) => {
  test.setTimeout(120_000);
  const templates = [...SITE_ROUTES, (await subCourseRoutes())[0]!, '/no-such-page'];
  for (const route of templates) {
    await open(page, route);
    // the footer's year is this year's (issue 29): the file must not change on 1 January
    const outline = (await page.locator('body').ariaSnapshot({ depth: 2 })).replace(/© \d{4} /, '© <this year> ');
    expect(outline, route).toMatchSnapshot(`${fileName(route)}.outline.yml`);
  }
});

test('the forms, whole: contact, the header search, registration', async ({ page }) => {
  await open(page, '/contact-us');
  await expect(page.locator('#enquiry-form')).toMatchAriaSnapshot({ name: 'contact-form.aria.yml' });
  await expect(page.getByRole('banner').getByRole('search')).toMatchAriaSnapshot({ name: 'header-search.aria.yml' });
  const [subCourse] = await subCourseRoutes();
  await open(page, subCourse!);
  await page
    .getByRole('link', { name: /^Register\b/ })
    .first()
    .click();
  // interactive once react-aria's NumberField is there, loaded when the visitor comes to the form
  await numberOfDelegates(page);
  await expect(page.locator('#registration')).toMatchAriaSnapshot({ name: 'registration-form.aria.yml' });
});
