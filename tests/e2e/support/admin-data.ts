// What the demo admin serves, read straight from it: the specs compute what a page must show from this, so
// nothing expected is hard-coded and a wrong view fails. Types are written here, apart from src/, for the same
// reason: a schema that drifts in the site does not drift in its tests.

export type TrainingCourse = { id: number; code: string; title: string; slug: string };
export type CourseCategory = { title: string; training_course: TrainingCourse[] };
export type CourseVenue = { start_date: string; end_date: string; venue_name: string; course_fee: number };
export type SubCourse = { title: string; description: string; course_venue: CourseVenue[] };

/** The `data` the demo admin answers for an API path (`/setting/content`); a failed call fails the test. */
export async function adminData<T>(path: string): Promise<T> {
  const response = await fetch(`${process.env.ADMIN_ORIGIN}/api${path}`);
  if (!response.ok) throw new Error(`demo admin ${path}: HTTP ${response.status}`);
  return ((await response.json()) as { data: T }).data;
}
