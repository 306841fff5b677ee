/**
 * A fresh random token for each rendering of an enquiry form. It travels as a hidden field and is part of
 * the enquiry's id, so sending the same rendered form twice (double click, refresh after a plain POST)
 * stores one enquiry, while the same text from a new rendering tomorrow is a new one.
 * getRandomValues exists in Node, Workers and every browser (randomUUID needs a secure context).
 */
export function newFormToken(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
