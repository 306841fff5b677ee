import type { MiddlewareHandler } from 'hono';
import { RUNTIME } from '../lib/server-config';

const onWorkers = RUNTIME === 'workers';

/**
 * On Cloudflare Workers only. When the client accepts gzip/br, workerd compresses the response itself and,
 * to do so, buffers the whole body: the streamed HTML would arrive in one piece after the slowest admin call
 * (measured: first byte at 1 040 ms with the admin 1 s slow, vs 28 ms uncompressed). Marking streamed
 * responses `content-encoding: identity` keeps the stream. Compressing here instead (node:zlib with a sync
 * flush and `encodeBody: 'manual'`) was tried and still arrived buffered in workerd 4.86.
 */
export function edgeStreaming(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!onWorkers) return;
    const response = c.res;
    const type = response.headers.get('content-type') ?? '';
    if (!response.body || !/^text\/(html|x-component)/.test(type) || response.headers.has('content-encoding')) return;
    const headers = new Headers(response.headers);
    headers.set('content-encoding', 'identity');
    c.res = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}
