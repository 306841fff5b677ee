/**
 * URL rule for rich text (site spec §1): in rendered links and images an
 * address with no scheme, or with one of the schemes below, is kept as written;
 * an address with any other scheme becomes "".
 *
 * The scheme is found the way a browser's URL parser finds it, so tricks such
 * as " javascript:", "\u0001javascript:" or "java\tscript:" are caught.
 * (Character references like "&#106;avascript:" are already decoded by the
 * Markdown/HTML parsers before this runs.)
 */

const ALLOWED_URL_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp']);

// URL Standard: strip leading/trailing "C0 control or space" (U+0000–U+0020),
// then remove every ASCII tab or newline (U+0009, U+000A, U+000D).
// eslint-disable-next-line no-control-regex
const LEADING_TRAILING_C0_OR_SPACE = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const TAB_OR_NEWLINE = /[\t\n\r]/g;
// A scheme is an ASCII letter followed by letters, digits, "+", "-" or ".",
// ending at the first ":". Anything else before a ":" (e.g. "/", "?", "#")
// means the address has no scheme and is relative.
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;

/** Returns the scheme (lower-cased) of `url` as a browser would see it, or null. */
export function urlScheme(url: string): string | null {
  const normalised = url.replace(LEADING_TRAILING_C0_OR_SPACE, '').replace(TAB_OR_NEWLINE, '');
  const match = SCHEME.exec(normalised);
  return match ? match[1]!.toLowerCase() : null;
}

/** Keeps `url` unchanged when it is allowed by the spec, otherwise returns "". */
export function safeUrl(url: string): string {
  const scheme = urlScheme(url);
  return scheme === null || ALLOWED_URL_SCHEMES.has(scheme) ? url : '';
}
