// Issue 29: a course's brochure, a PDF a visitor forwards to the manager who approves the training: linked from
// the course page, holding the course and every session (dates, venue, fee) as the admin lists them, read back
// with pdf.js. The Worker's copy is checked in cloudflare.spec.ts.
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
  return ((await response.json()) as { data: { title: string; course_venue: Session[] } }).data;
}

test('the course page links its brochure, which holds the course and every session', async ({ page }) => {
  const course = await subCourse(SLUG);
  expect(course.course_venue.length).toBeGreaterThan(1);
  await page.goto(`/subCourse-details/${SLUG}`);
  const link = page.getByRole('link', { name: `Course brochure for ${course.title} (PDF)` });
  await expect(link).toHaveAttribute('href', `/brochure/${SLUG}.pdf`);

  const text = await pdfText(await fetch(new URL((await link.getAttribute('href'))!, page.url())));
  expect(text).toContain(course.title);
  expect(text).toContain(SITE_NAME);
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
