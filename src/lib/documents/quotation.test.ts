import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, test } from 'vitest';
import { match } from '../site-routes';
import { openQuotation, quotationHref, quotationKey } from './quotation-address';

import { quotationData, type QuotationProvider } from './quotation-data';
import { loadEmbeddedFonts } from './pdf-writer';
import { quotationPdf } from './quotation-pdf';

/** A site's sealing key. */
const KEY = quotationKey('a-quotation-secret-for-the-tests');

const SESSION = {
  ref: 'leadership/2027-02-14',
  course: 'leadership',
  courseTitle: 'Strategic Leadership and Change Management',
  courseCode: 'LD-204',
  startDate: '2027-02-14',
  endDate: '2027-02-18',
  venue: 'Manama',
  feeUsd: 4400,
};
const FIELDS = { name: 'مريم الإدارة', company: 'Bapco', country: 'BH', poNumber: 'PO-7781', payer: 'company' };
const DELEGATES = [
  { name: 'Ali Hasan', jobTitle: 'Engineer' },
  { name: 'علاء حسن', jobTitle: '' },
];
const PROVIDER: QuotationProvider = {
  name: 'Gulf Training Partners',
  address: ['Unit 7, Seef Business Centre', 'Manama, Kingdom of Bahrain'],
  phone: 'tel:+97317000000',
  email: 'enquiries@gulf-training.test',
  legalName: 'Gulf Training Partners W.L.L.',
  taxNumber: '220000000000003',
  vatPercent: 10,
  bankDetails: 'National Bank of Bahrain, IBAN BH00 NBOB 0000 0000 0000 00',
  paymentTerms: 'Payment within 30 days of the invoice, before the course starts.',
};

const data = (receivedAt = new Date('2026-11-25T10:00:00Z')) =>
  quotationData({
    reference: 'AB12CD34',
    receivedAt,
    session: SESSION,
    fields: FIELDS,
    delegates: DELEGATES,
    validDays: 30,
  });

async function text(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(bytes.slice());
  expect(await pdf.getMarkInfo()).toMatchObject({ Marked: true });
  return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
}

describe('the quotation', () => {
  test('holds the provider, the buyer, the session, each delegate, the fees, VAT and the total', async () => {
    const bytes = await quotationPdf(data(), PROVIDER, loadEmbeddedFonts());
    expect(bytes.length).toBeLessThanOrEqual(400 * 1024);
    const read = await text(bytes);
    for (const part of [
      'Quotation AB12CD34',
      'Date: 25 Nov 2026',
      'Valid until: 25 Dec 2026',
      'Gulf Training Partners W.L.L.',
      'Unit 7, Seef Business Centre, Manama, Kingdom of Bahrain',
      'Tax (VAT) registration number: 220000000000003',
      'Company: Bapco',
      'Country: Bahrain',
      'Booked by: مريم الإدارة',
      'Purchase order number: PO-7781',
      'Who pays: The company (send us an invoice)',
      'Course: Strategic Leadership and Change Management',
      'Course code: LD-204',
      'Dates: 14 Feb 2027 to 18 Feb 2027',
      'Venue: Manama',
      'Ali Hasan, Engineer',
      'علاء حسن',
      'US$ 4,400',
      'Subtotal US$ 8,800',
      'VAT 10% US$ 880',
      'Total (US dollars) US$ 9,680',
      'IBAN BH00',
      'Payment within 30 days',
    ])
      expect(read).toContain(part);
  });

  test('without VAT or a legal name configured, their lines are left out', async () => {
    const read = await text(
      await quotationPdf(
        data(),
        { ...PROVIDER, legalName: undefined, taxNumber: undefined, vatPercent: undefined },
        loadEmbeddedFonts(),
      ),
    );
    expect(read).not.toContain('VAT');
    expect(read).toContain('Total (US dollars) US$ 8,800');
  });
});

describe('the quotation address', () => {
  test('opens to the same quotation; a changed, guessed or expired one does not', async () => {
    const href = await quotationHref(KEY, data());
    const token = match('/quotation/[sealed].pdf', new URL(href, 'https://x.test').pathname)!.sealed;
    expect(token).toBeDefined();
    expect(href).not.toContain('Bapco'); // sealed, not just signed: no name in logs or history
    expect(await openQuotation(KEY, token, Date.parse('2026-12-01T00:00:00Z'))).toEqual({ ok: true, data: data() });

    const changed = token.slice(0, 20) + (token[20] === 'A' ? 'B' : 'A') + token.slice(21);
    expect(await openQuotation(KEY, changed)).toEqual({ ok: false, reason: 'invalid' });
    expect(await openQuotation(KEY, 'a'.repeat(64))).toEqual({ ok: false, reason: 'invalid' });
    expect(match('/quotation/[sealed].pdf', '/quotation/../etc.pdf')).toBeUndefined();
    expect(await openQuotation(KEY, 'A')).toEqual({ ok: false, reason: 'invalid' });
    // valid to the end of its last day in Bahrain, then gone
    expect((await openQuotation(KEY, token, Date.parse('2026-12-25T20:59:00Z'))).ok).toBe(true);
    expect(await openQuotation(KEY, token, Date.parse('2026-12-25T21:01:00Z'))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });
});
