/**
 * The settings' links as the parts of the layout show them. The admin's values were already checked where they
 * entered (`SafeLink` in src/lib/admin/schemas.ts): an empty one is one there was nothing safe to link to.
 */
import type { Settings } from '../../lib/admin/schemas';

export type SettingsLinkKey = Exclude<keyof Settings, 'logo'>;

/** The links for `keys`, in that order, skipping the empty ones. */
export function settingsLinks<K extends SettingsLinkKey>(
  settings: Settings,
  keys: readonly K[],
): { key: K; href: string }[] {
  return keys.flatMap((key) => (settings[key] ? [{ key, href: settings[key] }] : []));
}

/**
 * The admin's phone when it is a number to dial, else the owner's own (SITE_PHONE), else none. `settings` is
 * undefined when the admin could not be reached: the owner's number still shows then.
 */
export function phoneHref(settings: Settings | undefined, fallback: string | undefined): string | undefined {
  return settings?.phone || fallback;
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
