/**
 * The security headers every response carries, and the Content-Security-Policy of HTML pages.
 * Pure functions: the middleware (src/middleware/10-security.ts) applies them on Node and on Workers.
 *
 * The CSP allows only what the site uses: its own scripts (plus the inline bootstrap/RSC scripts, which get
 * a per-response nonce), its own styles (inline styles are allowed: react-select's emotion injects <style>),
 * images and video from itself and the admin's media origin(s), fetches to itself (RSC navigation, actions).
 */

export type SecurityOptions = {
  /** Origins images and video may come from besides the site itself (the admin's media host). */
  mediaOrigins: string[];
  /** Present on HTML responses: allows exactly the inline scripts stamped with it. */
  nonce?: string;
};

export function contentSecurityPolicy({ mediaOrigins, nonce }: SecurityOptions): string {
  const media = ["'self'", 'data:', ...mediaOrigins].join(' ');
  const directives = [
    "default-src 'self'",
    `script-src 'self'${nonce ? ` 'nonce-${nonce}'` : ''}`,
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

export function securityHeaders(options: SecurityOptions): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(options),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'cross-origin-opener-policy': 'same-origin',
  };
}

/** Origins (scheme://host:port) of the admin API and of any extra media hosts (space/comma separated). */
export function mediaOriginsFrom(adminApiUrl: string | undefined, extra: string | undefined): string[] {
  const origins = new Set<string>();
  for (const candidate of [adminApiUrl, ...(extra ?? '').split(/[\s,]+/)]) {
    if (!candidate) continue;
    try {
      origins.add(new URL(candidate).origin);
    } catch {
      // not a URL: ignore rather than emit a broken policy
    }
  }
  return [...origins];
}

/** 128 random bits, base64: a fresh CSP nonce per HTML response. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Stamps `nonce` on every `<script` start tag of a streamed HTML body, chunk by chunk (streaming is kept).
 * Waku 0.27 renders its inline bootstrap and RSC-payload scripts without a nonce option, so this is where
 * they get one. Only real tags can match: React escapes `<` in text and attributes, the RSC payload
 * escapes it inside scripts, and admin HTML never carries a script past the sanitiser.
 */
export function scriptNonceStream(nonce: string): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const tag = '<script';
  let carry = '';
  const stamp = (text: string) => text.replaceAll(tag, `${tag} nonce="${nonce}"`);
  return new TransformStream({
    transform(chunk, controller) {
      const text = carry + decoder.decode(chunk, { stream: true });
      // keep a possibly split '<scrip' at the end for the next chunk
      let keep = 0;
      for (let length = Math.min(tag.length - 1, text.length); length > 0; length -= 1) {
        if (tag.startsWith(text.slice(text.length - length))) {
          keep = length;
          break;
        }
      }
      carry = text.slice(text.length - keep);
      const ready = text.slice(0, text.length - keep);
      if (ready) controller.enqueue(encoder.encode(stamp(ready)));
    },
    flush(controller) {
      const rest = carry + decoder.decode();
      if (rest) controller.enqueue(encoder.encode(stamp(rest)));
    },
  });
}

/**
 * A state-changing request (server action, form post) from another site: refused. The browser's Origin
 * header (or Sec-Fetch-Site) says where the request comes from; it must be this site's own host.
 */
export function isCrossSiteWrite(request: Request, trustForwardedHost: boolean): boolean {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return false;
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite === 'cross-site') return true;
  const origin = request.headers.get('origin');
  if (!origin) return false; // non-browser clients; browsers always send Origin on POST
  if (origin === 'null') return true;
  const host =
    (trustForwardedHost && request.headers.get('x-forwarded-host')) ||
    request.headers.get('host') ||
    new URL(request.url).host;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}
