/**
 * The image endpoint on Cloudflare Workers (record 026): Cloudflare resizes and re-encodes the picture as the
 * Worker fetches it (`cf.image` on fetch; the zone needs Image Transformations enabled). Where no transform
 * happens (local workerd, a zone without it) the answer carries no `cf-resized` header: the original is sent
 * instead, bounded in size and time, and the log says so once.
 */
import 'server-only';
import { plainAnswer } from '../../request-chain/plain-answers';
import type { ImageWidth } from './image-places';
import type { VariantKind } from './variant-kind';

type RequestInitWithImage = RequestInit & {
  cf?: { image?: Record<string, unknown>; cacheEverything?: boolean; cacheTtl?: number };
};

export async function workersImage({
  source,
  width,
  kind,
  head,
  maxSourceBytes,
  timeoutMs,
  onOriginal,
}: {
  source: string;
  width: ImageWidth;
  kind: VariantKind;
  head: boolean;
  maxSourceBytes: number;
  timeoutMs: number;
  /** Told when the runtime sent the picture as it is (no transform happened). */
  onOriginal: () => void;
}): Promise<Response> {
  const init: RequestInitWithImage = {
    // a redirect could lead anywhere: the admin's address is the one signed
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
    headers: { accept: 'image/*' },
    cf: {
      image: {
        width,
        fit: 'scale-down',
        quality: kind === 'avif' ? 50 : 75,
        anim: false,
        ...(kind === 'fallback' ? {} : { format: kind }),
      },
      // Cloudflare keeps the resized picture in the zone's cache (one transform, many visitors)
      cacheEverything: true,
      cacheTtl: 31_536_000,
    },
  };
  // Every source that is not served gets one answer, whatever the reason (refused, a bad status, a
  // time-out, not a picture, too large): the answers must not map what answers where.
  const notFetched = () => plainAnswer(502, 'The picture could not be fetched.');
  let response: Response;
  try {
    response = await fetch(source, init);
  } catch {
    return notFetched();
  }
  const type = (response.headers.get('content-type') ?? '').toLowerCase();
  const fail = async () => {
    await response.body?.cancel();
    return notFetched();
  };
  if (response.status !== 200 || !type.startsWith('image/')) return fail();
  const resized = response.headers.has('cf-resized');
  if (!resized) {
    if (Number(response.headers.get('content-length') ?? 0) > maxSourceBytes) return fail();
    onOriginal();
  }
  const headers = new Headers({
    'content-type': type,
    // an original may be replaced by a resized one once the zone has transforms: kept a day, not a year
    'cache-control': resized ? 'public, max-age=31536000, immutable' : 'public, max-age=86400',
    vary: 'Accept',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'",
    'x-image-variant': resized ? 'resized' : 'original',
  });
  const length = response.headers.get('content-length');
  if (length) headers.set('content-length', length);
  if (head) {
    await response.body?.cancel();
    return new Response(null, { status: 200, headers });
  }
  return new Response(response.body, { status: 200, headers });
}
