/**
 * A course's brochure: what a manager needs to approve it, on paper or forwarded by email. The course, what it
 * covers (the admin's description as plain text), every session with its dates, venue and fee in US dollars,
 * how to register, and who the provider is. Built from the same admin data as the course page, so it is never
 * older than the page.
 */
import type { SubCourse } from '../admin/schemas';
import { formatDate, formatFee } from '../format';
import { plainText } from '../seo/plain-text';
import { PdfWriter } from './pdf-writer';

export type BrochureProvider = {
  name: string;
  address: readonly string[];
  phone: string | undefined;
  email: string | undefined;
};

export async function courseBrochure({
  course,
  courseCode,
  provider,
  pageUrl,
  madeOn,
}: {
  course: SubCourse;
  courseCode: string | undefined;
  provider: BrochureProvider;
  pageUrl: string;
  /** yyyy-mm-dd, Bahrain's date: the sessions listed are the ones open on that day */
  madeOn: string;
}): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = new PdfWriter({ title: `${course.title}: course brochure`, author: provider.name });
  pdf.paragraph(`${provider.name} · Course brochure`, { muted: true });
  pdf.heading(1, course.title);
  if (courseCode) pdf.facts([['Course code', courseCode]]);

  const about = plainText(course.description);
  if (about) {
    pdf.heading(2, 'About the course');
    pdf.paragraph(about);
  }

  pdf.heading(2, 'Dates, venues and fees');
  if (course.course_venue.length === 0)
    pdf.paragraph('No session is scheduled at the moment. Ask us for the next dates or for in-house delivery.');
  else
    pdf.table(
      ['Dates', 'Venue', 'Fee per delegate'],
      course.course_venue.map((session) => [
        `${formatDate(session.start_date)} to ${formatDate(session.end_date)}`,
        session.venue_name,
        formatFee(session.course_fee),
      ]),
      [0.45, 0.3, 0.25],
    );

  pdf.heading(2, 'How to register');
  pdf.paragraph(
    `Choose a session on the course page and register your delegates there: ${pageUrl}. ` +
      'We confirm the seats and send the invoice or a quotation for your purchase order.',
  );

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
  return pdf.end();
}
