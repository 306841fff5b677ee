import { openQuotation } from '../lib/documents/quotation-address';
import { quotationFileName, quotationProvider } from '../lib/documents/quotation-data';
import { siteIdentity } from '../lib/site-identity';
import { site } from '../site';
import { plainAnswer, plainFile } from './plain-answers';

/** A registration's quotation as a PDF: /quotation/<sealed>.pdf, made from what the address carries. */
export async function quotationFile(sealed: string): Promise<Response> {
  const opened = await openQuotation(site().keys.quotation, sealed);
  if (!opened.ok) {
    return opened.reason === 'expired'
      ? plainAnswer(410, 'This quotation has expired. Ask us for a new one, quoting your reference.')
      : plainAnswer(404, 'There is no such quotation.');
  }
  // PDFKit and the fonts load with the first document, not with every cold start
  const { quotationPdf } = await import('../lib/documents/quotation-pdf');
  const bytes = await quotationPdf(
    opened.data,
    quotationProvider(siteIdentity(), site().settings.quotation),
    await site().fonts(),
  );
  return plainFile(bytes, 200, 'application/pdf', {
    'content-length': String(bytes.length),
    'content-disposition': `inline; filename="${quotationFileName(opened.data.reference)}"`,
    // names of people: kept by no shared cache, and not indexed
    'cache-control': 'private, no-store',
    'x-robots-tag': 'noindex',
  });
}
