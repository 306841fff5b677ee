/**
 * The demo provider's own details: the site settings (src/lib/server-config.ts) that `npm start` and
 * `npm run dev` set when they start the demo admin and the owner has not set them. A site pointed at a
 * real admin never gets them, so it never speaks as the fictional provider.
 */
export const DEMO_SITE_IDENTITY = Object.freeze({
  SITE_NAME: 'Dilmun Academy',
  SITE_ADDRESS: 'Office 1204, Bahrain Financial Harbour West Tower | King Faisal Highway | Manama, Kingdom of Bahrain',
  SITE_OPENING_HOURS: 'Sunday to Thursday, 8:00 to 17:00 (Bahrain time)',
  SITE_EMAIL: 'info@demo.example',
});

/**
 * The demo content as another provider's admin would serve it: every mention of the demo provider's name,
 * social handles and e-mail domain speaks of `providerName` instead. Tests use it to prove that what the
 * site shows of the provider comes from its own settings and the admin, never from the code.
 * @template T
 * @param {T} value  Content (strings, arrays, plain objects, Maps of image specs).
 * @param {string} providerName
 * @returns {T}
 */
export function renameProvider(value, providerName) {
  const handle = providerName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  /** How the demo content writes its provider (longest first), and what another provider's would say. */
  /** @type {[RegExp, string][]} */
  const replacements = [
    [/Dilmun Academy \((?:Demo|demo)\)/g, providerName],
    [/Dilmun Academy/g, providerName],
    [/dilmun[-.]academy[-.]demo|DilmunDemo/g, handle],
    [/demo\.example/g, `${handle}.test`],
  ];
  /** @param {unknown} item @returns {any} */
  const rename = (item) => {
    if (typeof item === 'string') {
      return replacements.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), item);
    }
    if (Array.isArray(item)) return item.map(rename);
    if (item instanceof Map) return new Map([...item].map(([key, entry]) => [key, rename(entry)]));
    if (item && typeof item === 'object') {
      return Object.fromEntries(Object.entries(item).map(([key, entry]) => [key, rename(entry)]));
    }
    return item;
  };
  return rename(value);
}
