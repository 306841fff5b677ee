// The HTML the server sends names only ids it has: every id an ARIA relation or a label points at is in the
// same document. It is what a browser without the scripts (and any reader before they run) works with. A
// name that points nowhere is also what made /register render its form twice while hydrating: react-aria's
// TextField named a description and an error that were not there and corrected it in a layout effect
// (record 046).
import { expect, test } from './support/fixtures';
import { SITE_ROUTES, subCourseRoutes } from './support/routes';

/** The attributes whose value is one id, or a list of them. */
const ID_REFERENCES = ['aria-describedby', 'aria-labelledby', 'aria-controls', 'aria-errormessage', 'aria-owns', 'for'];

/** Each id the HTML points at that no element in it has, with the attribute that points at it. */
function missingIds(html: string): string[] {
  const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]));
  const missing: string[] = [];
  for (const attribute of ID_REFERENCES) {
    for (const match of html.matchAll(new RegExp(`\\s${attribute}="([^"]*)"`, 'g'))) {
      for (const id of match[1]!.split(/\s+/).filter(Boolean)) if (!ids.has(id)) missing.push(`${attribute}="${id}"`);
    }
  }
  return missing;
}

test('every id the server’s HTML points at is in it, on every page and the registration form', async ({ request }) => {
  const [subCourse] = await subCourseRoutes();
  const coursePage = await (await request.get(subCourse!)).text();
  const register = /href="(\/register\?session=[^"]+)"/.exec(coursePage)![1]!.replaceAll('&amp;', '&');
  for (const route of [...SITE_ROUTES, ...(await subCourseRoutes()), register]) {
    const response = await request.get(route);
    expect(response.status(), route).toBe(200);
    const html = await response.text();
    expect(html, route).toContain('</html>');
    expect(missingIds(html), route).toEqual([]);
  }
});
