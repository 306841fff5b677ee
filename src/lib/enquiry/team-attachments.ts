/**
 * The files the team's copy of an enquiry carries: a registration's quotation, so the team can send it on to
 * the buyer's purchasing department. Never the visitor's acknowledgement: that goes to whatever address was
 * typed and carries no text the sender chose (record 034); the visitor downloads it from the confirmation.
 */
import 'server-only';
import { quotationData, quotationFileName } from '../documents/quotation-data';
import { quotationProvider } from '../documents/quotation-provider';
import { serverConfig } from '../server-config';
import type { EmailAttachment } from './email-messages';
import { referenceOf, type EnquiryRecord, type Logger } from './store';

export async function teamAttachments(record: EnquiryRecord, log: Logger = console): Promise<EmailAttachment[]> {
  if (record.kind !== 'registration' || !record.session) return [];
  const reference = referenceOf(record.id);
  try {
    const data = quotationData({
      reference,
      receivedAt: new Date(record.receivedAt),
      session: record.session,
      fields: record.fields,
      delegates: record.delegates ?? [],
      validDays: serverConfig().quotation.validDays,
    });
    // PDFKit and the fonts load with the first quotation, not with every cold start
    const { quotationPdf } = await import('../documents/quotation-pdf');
    const bytes = await quotationPdf(data, quotationProvider());
    return [{ filename: quotationFileName(reference), contentType: 'application/pdf', content: Buffer.from(bytes) }];
  } catch (error) {
    // the registration still reaches the team; the quotation can be made again from the confirmation's link
    log.error(`enquiries: the quotation of ${reference} could not be made: ${String(error).slice(0, 200)}`);
    return [];
  }
}
