/**
 * The address of a registration's quotation: `/quotation/<sealed>.pdf`, where <sealed> is the quotation's data
 * and its expiry, encrypted and authenticated with AES-GCM (WebCrypto, the same on Node and Workers). Nobody can
 * guess one or change one (a changed byte fails the check), it ends with the quotation's validity, and the
 * names it carries are not readable in a log or a browser history. Nothing is stored: any server of the site
 * with the key answers it, after a restart too. The key is QUOTATION_SECRET; unset, a random key per process
 * (per isolate on Workers), so an address from before a restart answers 404 and the team's emailed copy stays.
 */
import 'server-only';
import { base64url } from '../enquiry/form-token';
import type { QuotationData } from './quotation-data';
import { href } from '../site-routes';

const MAX_TOKEN_LENGTH = 8000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The sealing key (made once per site, src/site.ts): from QUOTATION_SECRET, else random. */
export async function quotationKey(secret: string | undefined): Promise<CryptoKey> {
  const raw = secret
    ? await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret))
    : crypto.getRandomValues(new Uint8Array(32));
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) return undefined; // atob throws on a length of 4n + 1
  return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
}

/** The end of the quotation's last valid day in Bahrain (UTC+3), in ms. */
function expiresAt(data: QuotationData): number {
  return Date.parse(`${data.validUntil}T00:00:00Z`) + DAY_MS - 3 * 60 * 60 * 1000;
}

export async function quotationHref(key: Promise<CryptoKey>, data: QuotationData): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify({ exp: expiresAt(data), data }));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await key, plain));
  const token = new Uint8Array(iv.length + sealed.length);
  token.set(iv);
  token.set(sealed, iv.length);
  return href('/quotation/[sealed].pdf', { sealed: base64url(token) });
}

export type OpenedQuotation = { ok: true; data: QuotationData } | { ok: false; reason: 'invalid' | 'expired' };

export async function openQuotation(
  key: Promise<CryptoKey>,
  token: string,
  now = Date.now(),
): Promise<OpenedQuotation> {
  const bytes = token.length <= MAX_TOKEN_LENGTH ? fromBase64url(token) : undefined;
  if (!bytes || bytes.length < 12 + 16) return { ok: false, reason: 'invalid' };
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, 12) }, await key, bytes.slice(12));
  } catch {
    return { ok: false, reason: 'invalid' }; // not sealed with this key, or changed
  }
  const { exp, data } = JSON.parse(new TextDecoder().decode(plain)) as { exp: number; data: QuotationData };
  return now > exp ? { ok: false, reason: 'expired' } : { ok: true, data };
}
