// The HTML the server sends names only ids it has: every id an ARIA relation, a label, a list or a table
// header points at is in the same document. It is what a browser without the scripts (and any reader before
// they run) works with. A name that points nowhere is also what made /register render its form twice while
// hydrating: react-aria's TextField and Checkbox named a description and an error that were not there and
// corrected it in a layout effect (record 046).
import { expect, test } from './support/fixtures';
import { firstRegistrationAddress } from './support/html-text';
import { SITE_ROUTES, subCourseRoutes } from './support/routes';

/** The attributes whose value is one id, or a list of them. */
const ID_REFERENCES = [
  'aria-describedby',
  'aria-labelledby',
  'aria-controls',
  'aria-errormessage',
  'aria-owns',
  'aria-activedescendant',
  'aria-details',
  'for',
  'list',
  'headers',
];

/** The references in the HTML: how many, and each one to an id no element in it has. */
function idReferences(html: string): { count: number; missing: string[] } {
  const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]));
  let count = 0;
  const missing: string[] = [];
  for (const attribute of ID_REFERENCES) {
    for (const match of html.matchAll(new RegExp(`\\s${attribute}="([^"]*)"`, 'g'))) {
      for (const id of match[1]!.split(/\s+/).filter(Boolean)) {
        count += 1;
        if (!ids.has(id)) missing.push(`${attribute}="${id}"`);
      }
    }
  }
  return { count, missing };
}

test('every id the server’s HTML points at is in it, on every page and the registration form', async ({ request }) => {
  const subCourses = await subCourseRoutes();
  const register = firstRegistrationAddress(await (await request.get(subCourses[0]!)).text());
  for (const route of [...SITE_ROUTES, ...subCourses, register]) {
    const response = await request.get(route);
    expect(response.status(), route).toBe(200);
    const html = await response.text();
    expect(html, route).toContain('</html>');
    const { count, missing } = idReferences(html);
    expect(missing, route).toEqual([]);
    // every page has labelled parts (the search field's label at least); the registration form has its fields
    expect(count, route).toBeGreaterThan(0);
    if (route === register) expect(html).toContain('for="registration-name"');
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the registration form sent empty: every field’s message is tied by an id that is there', async ({
    page,
    request,
  }) => {
    const [subCourse] = await subCourseRoutes();
    await page.goto(firstRegistrationAddress(await (await request.get(subCourse!)).text()));
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Please choose who pays').first()).toBeVisible();
    const html = await page.content(); // the server's answer as it stands: no script has run
    const { missing } = idReferences(html);
    expect(missing).toEqual([]);
    expect(html).toContain('aria-describedby="registration-name-error"');
    expect(html).toContain('aria-describedby="registration-consent-error"');
  });
});
