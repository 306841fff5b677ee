/** Every screen of the site, with demo ids that have content (sub-courses: see `subCourseRoutes`). */
export const SITE_ROUTES = [
  '/',
  '/about',
  '/conferences',
  '/consultations',
  '/destination-training',
  '/customized-in-house',
  '/gallery',
  '/learning-solutions',
  '/contact-us',
  '/privacy-policy',
  '/sitemap',
  '/upcoming-training-course-details/101',
  '/learning-solutions-course-details/201',
  '/search?q=management',
];

/** A sub-course with sessions and the demo's sub-course without any, read from the demo admin. */
export async function subCourseRoutes(): Promise<string[]> {
  const category = await (await fetch(`${process.env.ADMIN_ORIGIN}/api/upcoming-training/details/101`)).json();
  return [
    `/subCourse-details/${category.data.training_course[0].slug}`,
    '/subCourse-details/stakeholder-management-and-communication',
  ];
}
