/**
 * Signed references to the admin's pictures (record 026): the only addresses the image endpoint fetches.
 * A page names a picture as `/_img/<width>/<signature>/<address in base64url>`; the signature (HMAC-SHA256
 * with IMAGE_URL_SECRET, or a key made at start on Node) proves the address came from the admin's content
 * through this renderer, so the endpoint is no proxy for addresses a visitor writes.
 */
import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ServerConfig } from '../server-config';
import { IMAGE_PLACES, IMAGE_WIDTHS, type ImagePlaceName, type ImageSources, type ImageWidth } from './image-places';
import { href, type RoutePath } from '../site-routes';

/** Where the picture route's addresses start (`/_img/`): anything under it is the image endpoint's to answer. */
export const IMAGE_PATH_PREFIX = ('/_img/[width]/[signature]/[address]' satisfies RoutePath).split('[')[0]!;

/** The key that signs picture addresses (one per site, src/site.ts); null: pictures go as the admin sends them. */
export type ImageKey = Buffer | null;

/**
 * The key of these settings: IMAGE_URL_SECRET, else (Node) one of its own per process; null on Workers
 * without IMAGE_URL_SECRET (every isolate would sign with its own key), said once, by the site that makes it.
 */
export function imageSigningKey({ images, runtime }: ServerConfig): ImageKey {
  if (images.secret) return Buffer.from(`image-reference:${images.secret}`);
  if (runtime === 'node') return randomBytes(32);
  console.warn('Images: IMAGE_URL_SECRET is not set, so pictures are served as the admin sends them (no resizing).');
  return null;
}

const signature = (secret: Buffer, source: string, width: number) =>
  createHmac('sha256', secret).update(`${width} ${source}`).digest().subarray(0, 16).toString('base64url');

/**
 * The address of `source` at `width`, or undefined when the picture is served as it is: no key, not an
 * absolute http(s) address, or a drawing (SVG scales by itself and is tiny).
 */
function variantPath(source: string, width: ImageWidth, secret: ImageKey): string | undefined {
  if (!secret || !/^https?:\/\//i.test(source) || !URL.canParse(source)) return undefined;
  if (/\.svgz?$/i.test(new URL(source).pathname)) return undefined;
  return href('/_img/[width]/[signature]/[address]', {
    width,
    signature: signature(secret, source, width),
    address: Buffer.from(source).toString('base64url'),
  });
}

/** `src`, `srcSet` and `sizes` for an admin picture shown at `place` (src: the widest but one candidate). */
export function imageSources(source: string, place: ImagePlaceName, key: ImageKey): ImageSources {
  const { widths, sizes } = IMAGE_PLACES[place];
  const candidates = widths.flatMap((width) => {
    const path = variantPath(source, width, key);
    return path ? [{ path, width }] : [];
  });
  if (candidates.length === 0) return { src: source };
  const fallback = candidates[Math.max(0, candidates.length - 2)]!;
  if (candidates.length === 1) return { src: fallback.path };
  return {
    src: fallback.path,
    srcSet: candidates.map(({ path, width }) => `${path} ${width}w`).join(', '),
    sizes,
  };
}

/** One variant's address (a poster, a link to the large picture), or the original. */
export function imageAt(source: string, width: ImageWidth, key: ImageKey): string {
  return variantPath(source, width, key) ?? source;
}

export type ImageRequest =
  | { ok: true; source: string; width: ImageWidth; path: string }
  | { ok: false; status: 400 | 403 | 404; message: string };

/**
 * Reads a request's path under /_img/: the checked source address and width, or why it is refused. Only the
 * spelling the site writes is read (the width as `String(width)`, the address as its base64url without spare
 * bits): `0640` or another base64 spelling of the same bytes would be a new address, and so a new transform
 * and a new file on disk, for a variant already made. `path` is that one spelling, the variant's cache key.
 */
export function readImagePath(pathname: string, search: string, secret: ImageKey): ImageRequest {
  const refused = 'This picture is not one the site serves.';
  if (search) return { ok: false, status: 400, message: 'Picture addresses take no query string.' };
  const match = /^\/_img\/(\d{1,5})\/([A-Za-z0-9_-]{22})\/([A-Za-z0-9_-]{8,4000})$/.exec(pathname);
  if (!match) return { ok: false, status: 404, message: refused };
  const [, writtenWidth = '', given = '', address = ''] = match;
  const width = Number(writtenWidth);
  if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) {
    return { ok: false, status: 400, message: `Pictures come in these widths only: ${IMAGE_WIDTHS.join(', ')}.` };
  }
  const source = Buffer.from(address, 'base64url').toString('utf8');
  if (writtenWidth !== String(width) || Buffer.from(source).toString('base64url') !== address) {
    return { ok: false, status: 404, message: refused };
  }
  if (!secret) return { ok: false, status: 404, message: refused };
  const expected = Buffer.from(signature(secret, source, width));
  const givenBytes = Buffer.from(given);
  if (
    expected.length !== givenBytes.length ||
    !timingSafeEqual(expected, givenBytes) ||
    !/^https?:\/\//i.test(source)
  ) {
    return { ok: false, status: 403, message: refused };
  }
  return { ok: true, source, width: width as ImageWidth, path: pathname };
}
