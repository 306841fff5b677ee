import type { Context, MiddlewareHandler } from 'hono';
import { IMAGE_PATH_PREFIX, readImagePath } from '../lib/images/image-reference';
import { variantKind, type VariantKind } from '../lib/images/variant-kind';
import { workersImage } from '../lib/images/workers-images';
import { mediaOriginsFrom } from '../lib/security/security-headers';
import { RUNTIME, serverConfig } from '../lib/server-config';

/** What the Node server's image variants (scripts/node-server/image-variants.mjs) offer the app. */
type NodeImageService = {
  answer(request: {
    key: string;
    source: string;
    width: number;
    kind: VariantKind;
    namedOrigins: string[];
  }): Promise<{ status: number; headers: Record<string, string>; body: Uint8Array }>;
};

/**
 * The Node server passes this in the request's bindings: `create` makes the service (with sharp) from the
 * settings on the first picture, and its node layer then serves kept variants before Hono runs.
 */
export type NodeImageHost = {
  create?: (settings: {
    dir: string;
    maxBytes: number;
    concurrency: number;
    maxSourceBytes: number;
    maxPixels: number;
    timeoutMs: number;
    variantKind: (accept: string | undefined) => VariantKind;
  }) => NodeImageService;
  service?: NodeImageService;
};

const plain = (status: number, message: string, headers: Record<string, string> = {}) =>
  new Response(`${message}\n`, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });

function nodeHost(c: Context): NodeImageHost | undefined {
  return (c.env as { imageHost?: NodeImageHost } | undefined)?.imageHost;
}

/**
 * The image endpoint, `/_img/<width>/<signature>/<address>` (record 026), before the page cache: a picture
 * is not a page. It serves only signed references to the admin's pictures (src/lib/images/image-reference.ts)
 * in the site's widths, resized and re-encoded for the browser's Accept: with sharp on Node, by Cloudflare on
 * Workers. Anything else under /_img is a 4xx with a plain sentence.
 */
export default function images(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (url.pathname !== IMAGE_PATH_PREFIX.slice(0, -1) && !url.pathname.startsWith(IMAGE_PATH_PREFIX)) {
      return next();
    }
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      c.res = plain(405, 'This address only answers GET, HEAD.', { allow: 'GET, HEAD' });
      return;
    }
    const read = readImagePath(url.pathname, url.search);
    if (!read.ok) {
      c.res = plain(read.status, read.message);
      return;
    }
    const config = serverConfig();
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
      });
      return;
    }
    const host = nodeHost(c);
    if (!host?.create) {
      // the development server has no image service: the original does
      c.res = new Response(null, { status: 302, headers: { location: read.source, 'cache-control': 'no-store' } });
      return;
    }
    const { images: settings } = config;
    host.service ??= host.create({
      dir: settings.cacheDir,
      maxBytes: settings.cacheMaxBytes,
      concurrency: settings.transformsAtOnce,
      maxSourceBytes: settings.maxSourceBytes,
      maxPixels: settings.maxPixels,
      timeoutMs: settings.timeoutMs,
      variantKind,
    });
    const answer = await host.service.answer({
      key: url.pathname,
      source: read.source,
      width: read.width,
      kind,
      namedOrigins: mediaOriginsFrom(config.admin.baseUrl, config.mediaOrigins),
    });
    c.res = new Response(head ? null : (answer.body as Uint8Array<ArrayBuffer>), {
      status: answer.status,
      headers: answer.headers,
    });
  };
}
