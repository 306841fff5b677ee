/**
 * A registration's quotation as a PDF: what a buyer's purchasing department raises a purchase order against.
 * The provider (with its legal name, tax number, VAT, bank details and terms when the owner set them), the
 * buyer, the session, each delegate, the fees and the total in US dollars, the reference, its date and how
 * long it is valid.
 */
import { formatDate, formatFee } from '../format';
import { PdfWriter, type EmbeddedFonts } from './pdf-writer';
import type { QuotationData, QuotationProvider } from './quotation-data';

const cents = (amount: number) => Math.round(amount * 100) / 100;

export async function quotationPdf(
  quotation: QuotationData,
  provider: QuotationProvider,
  fonts: EmbeddedFonts,
): Promise<Uint8Array<ArrayBuffer>> {
  const { session, buyer, delegates } = quotation;
  const pdf = new PdfWriter({ title: `Quotation ${quotation.reference}`, author: provider.name, fonts });
  pdf.paragraph(provider.legalName ? `${provider.name} · ${provider.legalName}` : provider.name, { muted: true });
  pdf.heading(1, `Quotation ${quotation.reference}`);
  pdf.facts([
    ['Reference', quotation.reference],
    ['Date', formatDate(quotation.issuedOn)],
    ['Valid until', formatDate(quotation.validUntil)],
  ]);

  pdf.heading(2, 'From');
  const from: [string, string][] = [['Provider', provider.legalName ?? provider.name]];
  if (provider.address.length > 0) from.push(['Address', provider.address.join(', ')]);
  if (provider.phone) from.push(['Phone', provider.phone.replace(/^tel:/, '')]);
  if (provider.email) from.push(['Email', provider.email]);
  if (provider.taxNumber) from.push(['Tax (VAT) registration number', provider.taxNumber]);
  pdf.facts(from);

  pdf.heading(2, 'For');
  const to: [string, string][] = [
    ['Company', buyer.company],
    ['Booked by', buyer.booker],
  ];
  if (buyer.country) to.push(['Country', buyer.country]);
  to.push(['Purchase order number', buyer.poNumber ?? 'not given']);
  to.push(['Who pays', buyer.payer]);
  pdf.facts(to);

  pdf.heading(2, 'Training');
  const course: [string, string][] = [['Course', session.courseTitle]];
  if (session.courseCode) course.push(['Course code', session.courseCode]);
  course.push(['Dates', `${formatDate(session.startDate)} to ${formatDate(session.endDate)}`]);
  course.push(['Venue', session.venue]);
  pdf.facts(course);

  pdf.heading(2, 'Delegates and fees');
  const subtotal = cents(session.feeUsd * delegates.length);
  const vat = provider.vatPercent !== undefined ? cents((subtotal * provider.vatPercent) / 100) : undefined;
  const rows: { text: string; bold?: boolean }[][] = delegates.map((delegate, index) => [
    { text: String(index + 1) },
    { text: delegate.jobTitle ? `${delegate.name}, ${delegate.jobTitle}` : delegate.name },
    { text: formatFee(session.feeUsd) },
  ]);
  rows.push([{ text: '' }, { text: 'Subtotal', bold: true }, { text: formatFee(subtotal), bold: true }]);
  if (vat !== undefined) rows.push([{ text: '' }, { text: `VAT ${provider.vatPercent}%` }, { text: formatFee(vat) }]);
  rows.push([
    { text: '' },
    { text: 'Total (US dollars)', bold: true },
    { text: formatFee(cents(subtotal + (vat ?? 0))), bold: true },
  ]);
  pdf.table(['#', 'Delegate', 'Unit fee'], rows, [0.08, 0.64, 0.28]);

  pdf.heading(2, 'Terms');
  pdf.paragraph(provider.paymentTerms);
  if (provider.bankDetails) pdf.paragraph(`Bank details: ${provider.bankDetails}`);
  pdf.paragraph(
    `Please quote ${quotation.reference} on your purchase order. This quotation is valid until ` +
      `${formatDate(quotation.validUntil)}; the seats are confirmed by our team.`,
    { muted: true },
  );
  return pdf.end();
}
