/**
 * The admin's settings hold link targets typed by a person. They are used as hrefs only when they are
 * addresses a visitor can follow (web, phone, mail, sms); anything else (empty, `javascript:`, a stray
 * word) is left out rather than rendered as a broken or unsafe link.
 */
import type { Settings } from '../../lib/admin/schemas';
import { urlScheme } from '../../lib/rich-text/safe-url';

const FOLLOWABLE_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'tel', 'mailto', 'sms']);

export type SettingsLinkKey = Exclude<keyof Settings, 'logo'>;

/** The href for one settings field, or undefined when there is nothing safe to link to. */
export function settingsHref(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  const scheme = urlScheme(trimmed);
  return scheme !== null && FOLLOWABLE_SCHEMES.has(scheme) ? trimmed : undefined;
}

/** The links for `keys`, in that order, skipping the empty or unusable ones. */
export function settingsLinks<K extends SettingsLinkKey>(
  settings: Settings | undefined,
  keys: readonly K[],
): { key: K; href: string }[] {
  if (!settings) return [];
  return keys.flatMap((key) => {
    const href = settingsHref(settings[key]);
    return href ? [{ key, href }] : [];
  });
}

/** The admin's phone when it is a number to dial, else the owner's own (SITE_PHONE), else none. */
export function phoneHref(settings: Settings | undefined, fallback: string | undefined): string | undefined {
  return settingsHref(settings?.phone) ?? fallback;
}

/** A readable phone number from a `tel:` address: Bahrain numbers grouped as +973 1700 0000. */
export function phoneLabel(href: string): string {
  const encoded = href.replace(/^tel:/i, '');
  let raw: string;
  try {
    raw = decodeURIComponent(encoded).trim();
  } catch {
    raw = encoded.trim(); // a stray % in the admin's value
  }
  const digits = raw.replace(/[^\d+]/g, '');
  const bahrain = /^\+973(\d{4})(\d{4})$/.exec(digits);
  if (bahrain) return `+973 ${bahrain[1]} ${bahrain[2]}`;
  return raw;
}

/** Brand names for the settings links, as screen readers should announce them. */
export const SOCIAL_NAMES: Record<SettingsLinkKey, string> = {
  phone: 'Phone',
  messenger: 'Messenger',
  whatsapp: 'WhatsApp',
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  linkedin: 'LinkedIn',
};
