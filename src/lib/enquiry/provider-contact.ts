/**
 * The phone number the emails give is the one the site shows (the contact block, the floating button): the
 * admin's, else the owner's SITE_PHONE. Read when an email is made, so a number changed in the admin is the
 * one the next email gives. An admin that cannot answer is not taken as "no phone": SITE_PHONE stays.
 */
import 'server-only';
import type { EmailSettings } from './email-messages';
import type { QuotationMaker } from './team-attachments';

/**
 * What an email takes from the site as it is sent, handed to the channels by whoever makes them (src/site.ts
 * on Node, the queue consumer on Workers): the admin's phone number, and what a registration's quotation is
 * made with.
 */
export type EmailSources = {
  /** The admin's phone number now; undefined when it has none or cannot answer. */
  adminPhone: () => Promise<string | undefined>;
  quotation: QuotationMaker;
};

export async function withSitePhone(
  settings: EmailSettings,
  adminPhone: EmailSources['adminPhone'],
): Promise<EmailSettings> {
  let phone = settings.provider.phone;
  try {
    phone = (await adminPhone()) || phone;
  } catch {
    // the admin cannot answer: the owner's setting stands
  }
  return phone === settings.provider.phone ? settings : { ...settings, provider: { ...settings.provider, phone } };
}
