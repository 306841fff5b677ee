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
/** One piece of the RSC payload, as Waku writes it while the page streams: a bare tag, data pushed on a queue. */
const FLIGHT_PIECE = /<script>(\(self\.__FLIGHT_DATA\|\|=\[\]\)\.push\([\s\S]*?\))<\/script>/g;
/**
 * A `type` that makes a script block data (JSON-LD), which CSP's script-src does not govern. Speculation
 * rules are not data here: the browser applies them only under script-src (a nonce or a hash; the
 * 'inline-speculation-rules' keyword is ignored beside hashes, as 'unsafe-inline' is).
 */
const DATA_TYPE = /\stype\s*=\s*"(?!(?:text\/javascript|module|speculationrules)")[^"]*"/i;

/** The page without the nonce attributes a streamed render stamped on its script tags. */
export function withoutScriptNonces(html: string): string {
  return html.replace(STAMPED_NONCE, '<script');
}

/**
 * A completed page's RSC payload in one script, where its last piece was. A page streams its payload in
 * pieces (about one per 3 KB, so a category of 1 000 courses has hundreds), and a kept page's policy lists
 * one hash per inline script: a header that grew with the page past what proxies take (nginx's 4 KB buffer
 * answers 502 then). The pieces only push data on Waku's queue, which its client reads until the document
 * has loaded, so one script at the last piece's place gives the client the same data in the same order.
 */
export function withOneFlightScript(html: string): string {
  const pieces = [...html.matchAll(FLIGHT_PIECE)];
  if (pieces.length < 2) return html;
  const last = pieces[pieces.length - 1]!;
  const merged = `<script>${pieces.map((piece) => piece[1]).join(';')}</script>`;
  let result = '';
  let from = 0;
  for (const piece of pieces) {
    result += html.slice(from, piece.index);
    if (piece === last) result += merged;
    from = piece.index + piece[0].length;
  }
  return result + html.slice(from);
}

/** The bodies of the inline scripts that run (those without `src`, and not data), as the browser hashes them. */
export function inlineScripts(html: string): string[] {
  const bodies: string[] = [];
  for (const match of html.matchAll(SCRIPT)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes) || DATA_TYPE.test(attributes)) continue;
    // the HTML parser turns CR LF and lone CR into LF before the script's text is hashed
    bodies.push((match[2] ?? '').replace(/\r\n?/g, '\n'));
  }
  return bodies;
}

/** 'sha256-…' CSP sources for each distinct inline script of `html`. */
export async function inlineScriptHashes(html: string): Promise<string[]> {
  const encoder = new TextEncoder();
  return Promise.all(
    [...new Set(inlineScripts(html))].map(async (body) => {
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(body)));
      return `sha256-${btoa(String.fromCharCode(...digest))}`;
    }),
  );
}
