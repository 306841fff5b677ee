// Issue 29: brochures, PDFs a visitor forwards to the manager who approves the training: linked from a course
// page (the course, its description and outline, every session) and from a course-details page (each course
// with its code and sessions), as the admin lists them, read back with pdf.js. The Worker's copy is checked in
// cloudflare.spec.ts.
import { expect, test } from './support/fixtures';
import { SITE_NAME } from './support/identity';
import { pdfText } from './support/pdf-text';

type Session = { start_date: string; end_date: string; venue_name: string; course_fee: number };
const SLUG = 'pmp-exam-preparation-bootcamp';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const day = (iso: string) => {
  const [year, month, date] = iso.split('-').map(Number);
  return `${date} ${MONTHS[month! - 1]} ${year}`;
};
const fee = (amount: number) =>
  `US$ ${amount.toLocaleString('en-US', Number.isInteger(amount) ? { maximumFractionDigits: 0 } : { minimumFractionDigits: 2 })}`;

async function subCourse(slug: string) {
  const response = await fetch(`${process.env.ADMIN_ORIGIN}/api/course-venue/details/${slug}`);
  return ((await response.json()) as { data: { title: string; description: string; course_venue: Session[] } }).data;
}

test('the course page links its brochure, which holds the course and every session', async ({ page }) => {
  const course = await subCourse(SLUG);
  expect(course.course_venue.length).toBeGreaterThan(1);
  await page.goto(`/subCourse-details/${SLUG}`);
  const link = page.getByRole('link', { name: `Download brochure for ${course.title} (PDF)` });
  await expect(link).toHaveAttribute('href', `/brochure/${SLUG}.pdf`);

  const text = await pdfText(await fetch(new URL((await link.getAttribute('href'))!, page.url())));
  expect(text).toContain(course.title);
  expect(text).toContain(SITE_NAME);
  // the description as it is laid out: its headings and list items are there, each as its own line (compared
  // without spaces: a line may wrap after a hyphen)
  const squeezed = text.replace(/\s/g, '');
  const headings = [...course.description.matchAll(/^#{2,4} (.+)$/gm)].map((match) => match[1]!.trim());
  expect(headings.length).toBeGreaterThan(0);
  for (const heading of headings) expect(squeezed).toContain(heading.replace(/\s/g, ''));
  const items = [...course.description.matchAll(/^- (.+)$/gm)].map((match) => match[1]!.trim());
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) expect(squeezed).toContain(`•${item}`.replace(/\s/g, ''));
  for (const session of course.course_venue) {
    expect(text).toContain(`${day(session.start_date)} to ${day(session.end_date)}`);
    expect(text).toContain(session.venue_name);
    expect(text).toContain(fee(session.course_fee));
  }
  // the page's address, which may wrap at its slash
  expect(text.replace(/ /g, '')).toContain(`/subCourse-details/${SLUG}`);
});

test('a course without sessions says so; an unknown course is a 404; HEAD has no body', async () => {
  const empty = await pdfText(
    await fetch(`${process.env.SITE_URL}/brochure/stakeholder-management-and-communication.pdf`),
  );
  expect(empty).toContain('No session is scheduled at the moment');

  const unknown = await fetch(`${process.env.SITE_URL}/brochure/no-such-course.pdf`);
  expect(unknown.status).toBe(404);
  expect(await unknown.text()).toBe('There is no such course.');
  const post = await fetch(`${process.env.SITE_URL}/brochure/${SLUG}.pdf`, { method: 'POST' });
  expect(post.status).toBe(405);

  const head = await fetch(`${process.env.SITE_URL}/brochure/${SLUG}.pdf`, { method: 'HEAD' });
  expect(head.status).toBe(200);
  expect(head.headers.get('content-type')).toBe('application/pdf');
  expect(Number(head.headers.get('content-length'))).toBeGreaterThan(1000);
  expect(Number(head.headers.get('content-length'))).toBeLessThanOrEqual(400 * 1024);
});

test('a course-details page links its brochure: every course it lists, with its code and sessions', async ({
  page,
}) => {
  const category = (
    (await (await fetch(`${process.env.ADMIN_ORIGIN}/api/upcoming-training/details/101`)).json()) as {
      data: { title: string; training_course: { title: string; code: string; slug: string }[] };
    }
  ).data;
  await page.goto('/upcoming-training-course-details/101');
  const link = page.getByRole('link', { name: `Download brochure for ${category.title} (PDF)` });
  await expect(link).toHaveAttribute('href', '/brochure/upcoming/101.pdf');
  const text = await pdfText(await fetch(new URL((await link.getAttribute('href'))!, page.url())));
  expect(text).toContain(category.title);
  for (const listed of category.training_course) {
    expect(text).toContain(listed.title);
    expect(text).toContain(`Course code: ${listed.code}`);
    for (const session of (await subCourse(listed.slug)).course_venue) {
      expect(text).toContain(`${day(session.start_date)} to ${day(session.end_date)}`);
      expect(text).toContain(fee(session.course_fee));
    }
  }
  expect((await fetch(`${process.env.SITE_URL}/brochure/upcoming/999999.pdf`)).status).toBe(404);
  expect((await fetch(`${process.env.SITE_URL}/brochure/solution/0.pdf`)).status).toBe(404);
});
