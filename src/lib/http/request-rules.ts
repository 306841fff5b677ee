/**
 * What the site answers to, by path: pages are read (GET, HEAD); a page with an enquiry form also takes
 * the form's no-JavaScript post (POST, multipart); server functions are called with POST under /RSC/F/.
 * Anything else is refused with 405 and an `Allow` header instead of rendering the page.
 */
import { routeMatcher, SERVER_FILES, SITE_PAGES, type Method } from '../site-routes';

/** Waku's prefix for RSC payloads and server function calls (its default `rscBase`). */
const RSC_PREFIX = '/RSC/';
const FUNCTION_PREFIX = `${RSC_PREFIX}F/`;

/** Each page's and file's methods (src/lib/site-routes.ts): a page with an enquiry form also takes its post. */
const ADDRESSES = [...SITE_PAGES, ...SERVER_FILES].map((route) => ({
  matches: routeMatcher(route.path),
  methods: route.methods,
}));

/** The RSC payloads Waku's router serves: a route (R) or a slice (S/), always named `….txt`. */
const RSC_PAYLOAD = /^\/RSC\/(?:R|S\/).*\.txt$/;

type RequestKind = 'function call' | 'rsc' | 'unknown rsc' | 'form page' | 'page';

export function requestKind(pathname: string): RequestKind {
  if (pathname.startsWith(FUNCTION_PREFIX)) return 'function call';
  if (pathname.startsWith(RSC_PREFIX)) return RSC_PAYLOAD.test(pathname) ? 'rsc' : 'unknown rsc';
  return addressMethods(pathname).includes('POST') ? 'form page' : 'page';
}

/** An address the table does not know is read only (its answer is the 404 page). */
function addressMethods(pathname: string): readonly Method[] {
  return ADDRESSES.find((address) => address.matches.test(pathname))?.methods ?? ['GET', 'HEAD'];
}

const RSC_METHODS: Record<'function call' | 'rsc' | 'unknown rsc', readonly Method[]> = {
  'function call': ['POST'],
  // Waku's client posts its parameters when they are not a query string
  rsc: ['GET', 'HEAD', 'POST'],
  'unknown rsc': ['GET', 'HEAD'],
};

export function allowedMethods(pathname: string): readonly string[] {
  const kind = requestKind(pathname);
  return kind === 'page' || kind === 'form page' ? addressMethods(pathname) : RSC_METHODS[kind];
}

/**
 * The server function a call names, as Waku decodes it (`/RSC/F/<file>/<name>.txt` → `<file>#<name>`), or
 * undefined for a path that names none.
 */
export function functionIdFromPath(pathname: string): string | undefined {
  if (!pathname.startsWith(FUNCTION_PREFIX) || !pathname.endsWith('.txt')) return undefined;
  let encoded: string;
  try {
    encoded = decodeURI(pathname.slice(FUNCTION_PREFIX.length, -'.txt'.length));
  } catch {
    return undefined;
  }
  const slash = encoded.lastIndexOf('/');
  if (slash <= 0 || slash === encoded.length - 1) return undefined;
  const file = encoded.slice(0, slash);
  return `${file.startsWith('_') ? file.slice(1) : file}#${encoded.slice(slash + 1)}`;
}

/** The peer is this machine and no proxy forwarded the request (a proxy on this machine would be local too). */
export function isLocalCaller(peerAddress: string | undefined, headers: Headers): boolean {
  if (!peerAddress || !['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(peerAddress)) return false;
  return !['forwarded', 'x-forwarded-for', 'x-real-ip', 'cf-connecting-ip'].some((name) => headers.has(name));
}

/** Compares a presented secret with the expected one in time that does not depend on where they differ. */
export function sameSecret(presented: string, expected: string): boolean {
  const a = new TextEncoder().encode(presented);
  const b = new TextEncoder().encode(expected);
  let difference = a.length ^ b.length;
  for (let index = 0; index < b.length; index += 1) difference |= (a[index] ?? 0) ^ (b[index] ?? 0);
  return difference === 0;
}
