import type { MiddlewareHandler } from 'hono';
import { clientKey } from '../lib/enquiry/client-key';
import { IMAGE_PATH_PREFIX, readImagePath } from '../lib/images/image-reference';
import { variantKind } from '../lib/images/variant-kind';
import { workersImage } from '../lib/images/workers-images';
import { requestRecord } from '../lib/request-record';
import { RUNTIME } from '../lib/server-config';
import { site } from '../site';
import { plainAnswer as plain } from './plain-answers';

/**
 * The image endpoint, `/_img/<width>/<signature>/<address>` (record 026), before the page cache: a picture
 * is not a page. It serves only signed references to the admin's pictures (src/lib/images/image-reference.ts)
 * in the site's widths, resized and re-encoded for the browser's Accept: with sharp on Node, by Cloudflare on
 * Workers. Anything else under /_img is a 4xx with a plain sentence (a method other than GET and HEAD: the
 * guards' 405).
 */
export function imageEndpoint(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (url.pathname !== IMAGE_PATH_PREFIX.slice(0, -1) && !url.pathname.startsWith(IMAGE_PATH_PREFIX)) {
      return next();
    }
    const read = readImagePath(url.pathname, url.search, site().images.signingKey);
    if (!read.ok) {
      c.res = plain(read.status, read.message);
      return;
    }
    const { settings: config, images } = site();
    const kind = variantKind(c.req.header('accept'));
    const head = c.req.method === 'HEAD';
    if (RUNTIME === 'workers') {
      c.res = await workersImage({
        source: read.source,
        width: read.width,
        kind,
        head,
        maxSourceBytes: config.images.maxSourceBytes,
        timeoutMs: config.images.timeoutMs,
        onOriginal: images.onOriginal,
      });
      return;
    }
    const node = images.node;
    if (!node) {
      // the development server has no image service: the original does
      c.res = new Response(null, { status: 302, headers: { location: read.source, 'cache-control': 'no-store' } });
      return;
    }
    const answer = await node.service.answer({
      key: read.path,
      source: read.source,
      width: read.width,
      kind,
      namedOrigins: node.namedOrigins,
      // counted as the enquiry limit counts a visitor (TRUST_PROXY aware, IPv6 by its /64)
      client: clientKey({
        forwardedFor: c.req.header('x-forwarded-for'),
        remoteAddress: requestRecord().clientAddress,
        trustedProxies: config.trustedProxies,
      }),
    });
    c.res = new Response(head ? null : (answer.body as Uint8Array<ArrayBuffer>), {
      status: answer.status,
      headers: answer.headers,
    });
  };
}
