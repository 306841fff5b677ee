/**
 * The files the team's copy of an enquiry carries: a registration's quotation, so the team can send it on to
 * the buyer's purchasing department. Never the visitor's acknowledgement: that goes to whatever address was
 * typed and carries no text the sender chose (record 034); the visitor downloads it from the confirmation.
 */
import 'server-only';
import type { EmbeddedFonts } from '../documents/pdf-writer';
import { quotationData, quotationFileName, quotationProvider } from '../documents/quotation-data';
import type { ServerConfig } from '../server-config';
import { settingsDomain, siteIdentityOf } from '../provider-identity';
import type { EmailAttachment } from './email-messages';
import { referenceOf, type EnquiryRecord, type Logger } from './store';

/** What a registration's quotation is made with: the owner's settings, and the documents' fonts. */
export type QuotationMaker = ReturnType<typeof quotationMaker>;

/** The maker of the settings: the provider as they name it (no request here: SITE_DOMAIN or SITE_URL's host). */
export function quotationMaker(settings: ServerConfig, fonts: () => Promise<EmbeddedFonts>) {
  const identity = siteIdentityOf(settings, () => settingsDomain(settings));
  return { validDays: settings.quotation.validDays, provider: quotationProvider(identity, settings.quotation), fonts };
}

export async function teamAttachments(
  record: EnquiryRecord,
  quotation: QuotationMaker,
  log: Logger = console,
): Promise<EmailAttachment[]> {
  if (record.kind !== 'registration' || !record.session) return [];
  const reference = referenceOf(record.id);
  try {
    const data = quotationData({
      reference,
      receivedAt: new Date(record.receivedAt),
      session: record.session,
      fields: record.fields,
      delegates: record.delegates ?? [],
      validDays: quotation.validDays,
    });
    // PDFKit and the fonts load with the first quotation, not with every cold start
    const { quotationPdf } = await import('../documents/quotation-pdf');
    const bytes = await quotationPdf(data, quotation.provider, await quotation.fonts());
    return [{ filename: quotationFileName(reference), contentType: 'application/pdf', content: Buffer.from(bytes) }];
  } catch (error) {
    // the registration still reaches the team; the quotation can be made again from the confirmation's link
    log.error(`enquiries: the quotation of ${reference} could not be made: ${String(error).slice(0, 200)}`);
    return [];
  }
}
