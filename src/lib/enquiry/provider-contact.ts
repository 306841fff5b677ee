/**
 * The phone number the emails give is the one the site shows (the contact block, the floating button): the
 * admin's, else the owner's SITE_PHONE. Read when an email is made, so a number changed in the admin is the
 * one the next email gives. An admin that cannot answer is not taken as "no phone": SITE_PHONE stays.
 */
import 'server-only';
import { getSettings } from '../admin/content';
import type { EmailSettings } from './email-messages';

export async function withSitePhone(settings: EmailSettings): Promise<EmailSettings> {
  let phone = settings.provider.phone;
  try {
    const admin = await getSettings();
    if (admin.ok && admin.data.phone) phone = admin.data.phone;
  } catch {
    // the content layer is not there (a unit test of the channel alone): the owner's setting stands
  }
  return phone === settings.provider.phone ? settings : { ...settings, provider: { ...settings.provider, phone } };
}
