/**
 * The inline scripts of a completed HTML page, for a CSP that allows exactly them by hash. A page kept by
 * the page cache is served to everyone, so it cannot carry a per-response nonce; the hashes of its own
 * inline scripts (Waku's bootstrap and RSC payload) are known once the render has finished, and an inline
 * script anyone else manages to put in a page has a hash the policy does not list.
 *
 * Only real tags can match: React escapes `<` in text and attributes, admin HTML never carries a script past
 * the sanitiser, and a script's contents never hold `</script` (the RSC payload escapes it).
 */

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const STAMPED_NONCE = /<script nonce="[A-Za-z0-9+/=]*"/g;

/** The page without the nonce attributes a streamed render stamped on its script tags. */
export function withoutScriptNonces(html: string): string {
  return html.replace(STAMPED_NONCE, '<script');
}

/** The bodies of the inline scripts (those without `src`), as the browser hashes them. */
export function inlineScripts(html: string): string[] {
  const bodies: string[] = [];
  for (const match of html.matchAll(SCRIPT)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    // the HTML parser turns CR LF and lone CR into LF before the script's text is hashed
    bodies.push((match[2] ?? '').replace(/\r\n?/g, '\n'));
  }
  return bodies;
}

/** 'sha256-…' CSP sources for each distinct inline script of `html`. */
export async function inlineScriptHashes(html: string): Promise<string[]> {
  const encoder = new TextEncoder();
  const hashes = await Promise.all(
    [...new Set(inlineScripts(html))].map(async (body) => {
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(body)));
      let binary = '';
      for (const byte of digest) binary += String.fromCharCode(byte);
      return `sha256-${btoa(binary)}`;
    }),
  );
  return hashes;
}
