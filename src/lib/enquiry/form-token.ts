/**
 * Form tokens: proof that a form was rendered by this site, not yet too old. A page may be cached and shown
 * to every visitor, so a token belongs to one rendering, never to one visitor:
 *   `<issued at, base 36 seconds>.<random render id>.<HMAC-SHA256 of both, base64url>`
 * The render id makes two renderings differ (the token is part of the enquiry id: the same rendering with
 * the same fields is one enquiry, the same text from another rendering is another). WebCrypto, so the same
 * code signs on Node and on Workers. The key is FORM_TOKEN_SECRET; unset, a random key per process (per
 * isolate on Workers), so tokens from before a restart, or from another isolate, are refused as expired:
 * the visitor keeps what they typed and sends again with the fresh token of the answer.
 */
import 'server-only';

/** A cached page may be hours old and a visitor slow to type; a day is longer than both. */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Clocks of several servers may differ a little. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;
const SHAPE = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;

export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The signing key (made once per site, src/site.ts): from FORM_TOKEN_SECRET, else random. */
export function formTokenKey(secret: string | undefined): Promise<CryptoKey> {
  const raw = secret ? new TextEncoder().encode(secret) : crypto.getRandomValues(new Uint8Array(32));
  return crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

async function signature(key: Promise<CryptoKey>, payload: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await key, new TextEncoder().encode(payload));
  return base64url(new Uint8Array(mac));
}

/** A new token for one rendering of the enquiry forms. */
export async function issueFormToken(key: Promise<CryptoKey>, now = Date.now()): Promise<string> {
  const payload = `${Math.floor(now / 1000).toString(36)}.${base64url(crypto.getRandomValues(new Uint8Array(12)))}`;
  return `${payload}.${await signature(key, payload)}`;
}

/** Whether `token` was issued here (its signature holds) and is neither too old nor from the future. */
export async function isValidFormToken(key: Promise<CryptoKey>, token: unknown, now = Date.now()): Promise<boolean> {
  if (typeof token !== 'string') return false;
  const match = SHAPE.exec(token);
  if (!match) return false;
  const issuedAt = parseInt(match[1]!, 36) * 1000;
  if (now - issuedAt > FORM_TOKEN_MAX_AGE_MS || issuedAt - now > CLOCK_SKEW_MS) return false;
  const expected = await signature(key, `${match[1]}.${match[2]}`);
  // compare in constant time: the MAC of what was sent against the one we make
  let difference = expected.length ^ match[3]!.length;
  for (let i = 0; i < expected.length; i += 1) difference |= expected.charCodeAt(i) ^ match[3]!.charCodeAt(i);
  return difference === 0;
}
