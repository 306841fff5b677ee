/**
 * Brochures: what a manager needs to approve training, on paper or forwarded by email. A course's brochure has
 * the course, what it covers (the admin's description laid out as headings, paragraphs, lists and its outline
 * table), every session with its dates, venue and fee in US dollars, how to register, and who the provider is; a
 * course-details page's brochure has each course it lists with its code and sessions. Built from the same data
 * as the pages, so a brochure is never older than its page.
 */
import type { SubCourse } from '../admin/schemas';
import { formatDate, formatFee } from '../format';
import type { SiteIdentity } from '../provider-identity';
import { textBlocks } from '../seo/plain-text';
import { PdfWriter, type EmbeddedFonts } from './pdf-writer';

type BrochureProvider = Pick<SiteIdentity, 'name' | 'address' | 'phone' | 'email'>;

export type BrochureSession = { startDate: string; endDate: string; venue: string; feeUsd: number };

function sessionsTable(pdf: PdfWriter, sessions: readonly BrochureSession[], none: string) {
  if (sessions.length === 0) return pdf.paragraph(none);
  pdf.table(
    ['Dates', 'Venue', 'Fee per delegate'],
    sessions.map((session) => [
      `${formatDate(session.startDate)} to ${formatDate(session.endDate)}`,
      session.venue,
      formatFee(session.feeUsd),
    ]),
    [0.45, 0.3, 0.25],
  );
}

function providerSection(pdf: PdfWriter, provider: BrochureProvider, pageUrl: string, madeOn: string) {
  pdf.heading(2, provider.name);
  const contacts: [string, string][] = [];
  if (provider.address.length > 0) contacts.push(['Address', provider.address.join(', ')]);
  if (provider.phone) contacts.push(['Phone', provider.phone.replace(/^tel:/, '')]);
  if (provider.email) contacts.push(['Email', provider.email]);
  contacts.push(['Website', new URL(pageUrl).origin]);
  pdf.facts(contacts);
  pdf.paragraph(`Dates and fees as published on ${formatDate(madeOn)}. Fees are in US dollars per delegate.`, {
    muted: true,
  });
}

/** What every brochure is made with: who it is from, the page it is of, the day, the fonts. */
type BrochureParts = {
  provider: BrochureProvider;
  pageUrl: string;
  /** yyyy-mm-dd, Bahrain's date: the sessions listed are the ones open on that day */
  madeOn: string;
  fonts: EmbeddedFonts;
};

export async function courseBrochure({
  course,
  courseCode,
  provider,
  pageUrl,
  madeOn,
  fonts,
}: BrochureParts & { course: SubCourse; courseCode: string | undefined }): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = new PdfWriter({ title: `${course.title}: course brochure`, author: provider.name, fonts });
  pdf.paragraph(`${provider.name} · Course brochure`, { muted: true });
  pdf.heading(1, course.title);
  if (courseCode) pdf.facts([['Course code', courseCode]]);

  // the admin's description as it is laid out: its headings, paragraphs, lists and the outline's table
  const about = textBlocks(course.description);
  if (about.length > 0) pdf.heading(2, 'About the course');
  for (const block of about) {
    if (block.kind === 'table') {
      const [header = [], ...rows] = block.rows;
      const columns = Math.max(1, ...block.rows.map((row) => row.length));
      pdf.table(
        header,
        rows,
        Array.from({ length: columns }, () => 1 / columns),
      );
    } else if (block.kind === 'heading') pdf.heading(3, block.text);
    else if (block.kind === 'item') pdf.paragraph(`•  ${block.text}`);
    else pdf.paragraph(block.text);
  }

  pdf.heading(2, 'Dates, venues and fees');
  sessionsTable(
    pdf,
    course.course_venue.map((session) => ({
      startDate: session.start_date,
      endDate: session.end_date,
      venue: session.venue_name,
      feeUsd: session.course_fee,
    })),
    'No session is scheduled at the moment. Ask us for the next dates or for in-house delivery.',
  );

  pdf.heading(2, 'How to register');
  pdf.paragraph(
    `Choose a session on the course page and register your delegates there: ${pageUrl}. ` +
      'We confirm the seats and send the invoice or a quotation for your purchase order.',
  );
  providerSection(pdf, provider, pageUrl, madeOn);
  return pdf.end();
}

/** The brochure of a course-details page: every course it lists, each with its code and sessions. */
export async function categoryBrochure({
  title,
  courses,
  provider,
  pageUrl,
  madeOn,
  fonts,
}: BrochureParts & {
  title: string;
  courses: readonly { title: string; code: string; sessions: readonly BrochureSession[] }[];
}): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = new PdfWriter({ title: `${title}: course brochure`, author: provider.name, fonts });
  pdf.paragraph(`${provider.name} · Course brochure`, { muted: true });
  pdf.heading(1, title);
  if (courses.length === 0) pdf.paragraph('No course is listed here at the moment. Ask us what we can offer.');
  for (const course of courses) {
    pdf.heading(2, course.title);
    if (course.code) pdf.facts([['Course code', course.code]]);
    sessionsTable(pdf, course.sessions, 'No session is scheduled at the moment.');
  }
  pdf.heading(2, 'How to register');
  pdf.paragraph(
    `Choose a course and a session on ${pageUrl} and register your delegates there. ` +
      'We confirm the seats and send the invoice or a quotation for your purchase order.',
  );
  providerSection(pdf, provider, pageUrl, madeOn);
  return pdf.end();
}
