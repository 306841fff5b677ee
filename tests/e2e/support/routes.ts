import { SITE_PAGES, type FixedPagePath, type PagePath } from '../../../src/lib/site-routes';

/**
 * The demo's addresses of the pages whose route is not an address by itself: every page with a segment that
 * varies must be named here (the type says so), so a new one cannot be left out of the tests unnoticed.
 */
const DEMO_ADDRESSES: Record<Exclude<PagePath, FixedPagePath>, readonly string[]> & {
  readonly [path in FixedPagePath]?: readonly string[];
} = {
  '/upcoming-training-course-details/[id]': ['/upcoming-training-course-details/101'],
  '/learning-solutions-course-details/[id]': ['/learning-solutions-course-details/201'],
  // read from the demo admin: see `subCourseRoutes`
  '/subCourse-details/[slug]': [],
  '/search': ['/search?q=management'],
  // needs a session reference from the demo admin: tests/e2e/registration.spec.ts
  '/register': [],
};

/** Every screen of the site (the route table's pages), with demo ids that have content (sub-courses: see `subCourseRoutes`). */
export const SITE_ROUTES = SITE_PAGES.flatMap((page) => DEMO_ADDRESSES[page.path as PagePath] ?? [page.path]);

/** A sub-course with sessions and the demo's sub-course without any, read from the demo admin. */
export async function subCourseRoutes(): Promise<string[]> {
  const category = await (await fetch(`${process.env.ADMIN_ORIGIN}/api/upcoming-training/details/101`)).json();
  return [
    `/subCourse-details/${category.data.training_course[0].slug}`,
    '/subCourse-details/stakeholder-management-and-communication',
  ];
}
