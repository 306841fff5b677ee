import type { MiddlewareHandler } from 'hono';
import { contentSource } from '../lib/admin/content.server';
import { adminConfig } from '../lib/config.server';

/**
 * GET /healthz for load balancers: is the admin reachable right now (one uncached call with a short
 * timeout), and how old is the cached content. It answers 200 while the site can serve pages — also when
 * the admin is down, since cached content still renders ("degraded"); taking every instance out of rotation
 * because the admin is down would turn a partial outage into a full one.
 */
export default function healthz(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.path !== '/healthz') return next();
    const config = adminConfig();
    const started = Date.now();
    let adminStatus: number | string;
    try {
      const response = await fetch(`${config.baseUrl.replace(/\/+$/, '')}/setting/content`, {
        signal: AbortSignal.timeout(Math.min(config.timeoutMs, 2000)),
      });
      adminStatus = response.status;
      await response.body?.cancel();
    } catch (error) {
      adminStatus = error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'unreachable';
    }
    const reachable = adminStatus === 200;
    const cache = contentSource().cache.stats();
    c.res = Response.json(
      {
        status: reachable ? 'ok' : 'degraded',
        admin: { reachable, status: adminStatus, latencyMs: Date.now() - started },
        cache: { entries: cache.entries, oldestAgeMs: cache.oldestGoodAgeMs, newestAgeMs: cache.newestGoodAgeMs },
      },
      { headers: { 'cache-control': 'no-store' } },
    );
  };
}
