/**
 * The security headers every response carries, and the Content-Security-Policy of HTML pages.
 * Pure functions: the chain's step (src/request-chain/security-rules.ts) applies them on Node and on Workers.
 *
 * The CSP allows only what the site uses: its own scripts (plus the inline bootstrap/RSC scripts: a page
 * rendered while it streams stamps them with a per-response nonce; a completed page kept by the page cache
 * lists their sha256 hashes instead, so one copy serves everyone), its own styles (inline styles are
 * allowed: react-select's emotion injects <style>), images and video from itself, the admin's origin, any
 * https: host (the admin contract lets media live anywhere; media cannot run script) and the extra
 * MEDIA_ORIGINS (for http: hosts), fetches to itself (RSC navigation, actions).
 */
import type { TextRewrite } from '../html/html-rewrite';

export type SecurityOptions = {
  /** Origins images and video may come from besides the site itself and https: hosts (the admin's origin). */
  mediaOrigins: string[];
  /** On a streamed HTML response: allows exactly the inline scripts stamped with it. */
  nonce?: string;
  /** On a completed HTML page: the 'sha256-…' sources of each of its inline scripts. */
  scriptHashes?: readonly string[];
  /** The request reached the site over HTTPS: browsers are told to keep using it. */
  https?: boolean;
};

/** A year: browsers keep to HTTPS this long after a visit (the usual HSTS lifetime). */
export const HSTS = 'max-age=31536000; includeSubDomains';

export function contentSecurityPolicy({ mediaOrigins, nonce, scriptHashes = [] }: SecurityOptions): string {
  const media = [...new Set(["'self'", 'data:', 'https:', ...mediaOrigins])].join(' ');
  const scripts = ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...scriptHashes.map((hash) => `'${hash}'`)];
  const directives = [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${media}`,
    `media-src ${media}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
    "worker-src 'self'",
  ];
  return directives.join('; ');
}

/** What every answer says besides its policy: no sniffing, no framing, no powerful features. */
const BASELINE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'cross-origin-opener-policy': 'same-origin',
};

export function securityHeaders(options: SecurityOptions): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(options),
    ...BASELINE_HEADERS,
    ...(options.https ? { 'strict-transport-security': HSTS } : {}),
  };
}

/**
 * The build's static files (scripts, styles, icons), which the Node server sends before the chain runs:
 * nothing in them may run or be framed (scripts/node-server/node-layer.mjs gets this set at start-up).
 */
export function staticFileHeaders(): Record<string, string> {
  return {
    'content-security-policy':
      "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'",
    ...BASELINE_HEADERS,
  };
}

/**
 * Whether the visitor reached the site over HTTPS: the request's own URL, or, behind trusted proxies only,
 * the scheme the first proxy saw (`X-Forwarded-Proto`, first entry of a list). Without a trusted proxy the
 * header is the visitor's to set and is ignored.
 */
export function isHttpsRequest(request: Request, trustedProxies: number): boolean {
  return isHttps(request.url, request.headers.get('x-forwarded-proto'), trustedProxies);
}

/** The same from the request's parts (the Node server's direct path has no Request). */
export function isHttps(url: string, forwardedProto: string | null | undefined, trustedProxies: number): boolean {
  if (url.startsWith('https:')) return true;
  if (trustedProxies <= 0) return false;
  return forwardedProto?.split(',')[0]?.trim().toLowerCase() === 'https';
}

/** Origins (scheme://host:port) of the admin API and of the extra media hosts (already origins). */
export function mediaOriginsFrom(adminApiUrl: string | undefined, extra: readonly string[]): string[] {
  return [...new Set([...(adminApiUrl ? [new URL(adminApiUrl).origin] : []), ...extra])];
}

/** 128 random bits, base64: a fresh CSP nonce per HTML response. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** How much of `pattern` (case-insensitive) the end of `text` already holds: a tag split across chunks. */
function partialAtEnd(text: string, pattern: string): number {
  const tail = text.slice(-pattern.length).toLowerCase();
  for (let length = Math.min(pattern.length, tail.length); length > 0; length -= 1) {
    if (pattern.startsWith(tail.slice(tail.length - length))) return length;
  }
  return 0;
}

/**
 * Stamps `nonce` on every `<script` start tag of a streamed HTML body, chunk by chunk (streaming is kept):
 * a rewrite of the page's one pass on its way out (src/lib/html/html-rewrite.ts).
 * Waku 0.27 renders its inline bootstrap and RSC-payload scripts without a nonce option, so this is where
 * they get one. Outside scripts only real tags can match: React escapes `<` in text and attributes, and admin
 * HTML never carries a script past the sanitiser. Inside a script (the RSC payload, which may quote a
 * visitor's `<script` search) nothing is touched until its `</script`, which the payload always escapes.
 */
export function scriptNonceRewrite(nonce: string): TextRewrite {
  const openTag = /<script(?=[\s>])/i;
  const closeTag = /<\/script/i;
  let inScript = false;
  let carry = '';
  return (input, final) => {
    let text = carry + input;
    let out = '';
    for (;;) {
      const match = (inScript ? closeTag : openTag).exec(text);
      if (!match) break;
      const end = match.index + match[0].length;
      out += inScript ? text.slice(0, end) : `${text.slice(0, match.index)}<script nonce="${nonce}"`;
      text = text.slice(end);
      inScript = !inScript;
    }
    // keep a possibly split tag (`<scri`, `<script` waiting for its next character, `</scr`) for the next chunk
    const keep = final ? 0 : partialAtEnd(text, inScript ? '</script' : '<script');
    carry = text.slice(text.length - keep);
    return out + text.slice(0, text.length - keep);
  };
}

/**
 * A state-changing request (server action, form post) from another site: refused. The browser's Origin
 * header (or Sec-Fetch-Site) says where the request comes from; its scheme and host must be this site's:
 * an http: page of the same host is another origin, and could be anyone's on the network path. Behind
 * trusted proxies the site's own scheme and host are those the browser asked the first proxy for
 * (X-Forwarded-Proto, X-Forwarded-Host; lists: their first entry); elsewhere these headers are anyone's.
 */
export function isCrossSiteWrite(
  request: Request | { method: string; url: string; header(name: string): string | null | undefined },
  trustForwardedHost: boolean,
): boolean {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return false;
  const header =
    request instanceof Request ? (name: string) => request.headers.get(name) : (name: string) => request.header(name);
  const fetchSite = header('sec-fetch-site');
  if (fetchSite === 'cross-site') return true;
  const origin = header('origin');
  if (!origin) return false; // non-browser clients; browsers always send Origin on POST
  if (origin === 'null') return true;
  const forwarded = (name: string) =>
    trustForwardedHost ? header(name)?.split(',')[0]?.trim() || undefined : undefined;
  const url = new URL(request.url);
  const host = (forwarded('x-forwarded-host') || header('host') || url.host).toLowerCase();
  // A trusted proxy that does not say which scheme the browser used leaves it unknown: the host decides.
  const scheme = trustForwardedHost ? forwarded('x-forwarded-proto') : url.protocol.replace(/:$/, '');
  try {
    const from = new URL(origin);
    return from.host.toLowerCase() !== host || (scheme !== undefined && from.protocol !== `${scheme.toLowerCase()}:`);
  } catch {
    return true;
  }
}
