import type { Context } from 'hono';
import { isLocalCaller, sameSecret } from '../lib/http/request-rules';
import { RUNTIME } from '../lib/server-config';
import { site } from '../site';

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };

/**
 * GET /healthz for load balancers: is the admin reachable (one uncached call, shared and reused for 5 s),
 * how old is the cached content, how the page cache does (`pageCache`: answers from kept pages against renders
 * since the start, what it holds, real pages it had to drop), where enquiries go (`enquiries.channels`: `email`,
 * `webhook`, or none, which the owner has to fix; on Node, how many records each channel has yet to deliver), and
 * the search index (`search`: complete, built when, and whether its crawl is being kept: `kept.failing` says since
 * when and why writes fail, which also makes the status "degraded"). It answers
 * 200 while the site can serve pages, also when the admin is down, since cached content still renders ("degraded"): taking every instance out of rotation because the
 * admin is down would turn a partial outage into a full one.
 * The public learns only ok/degraded; the details (the admin's status and latency, the cache's ages) are
 * for callers on this machine (loopback peer, no forwarding headers) or with `Authorization: Bearer
 * <HEALTHZ_TOKEN>`.
 */
function mayReadDetails(request: Request, peerAddress: string | undefined): boolean {
  if (isLocalCaller(peerAddress, request.headers)) return true;
  const token = site().settings.healthzToken;
  const presented = /^Bearer (.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  return token !== undefined && presented !== undefined && sameSecret(presented, token);
}

/** The Node process's memory in MB: where it is (JS heap, buffers such as kept pages, the rest of RSS). */
function memoryMb(): Record<string, number> {
  const usage = process.memoryUsage();
  const mb = (bytes: number) => Math.round(bytes / 1048576);
  return {
    rss: mb(usage.rss),
    heapUsed: mb(usage.heapUsed),
    heapTotal: mb(usage.heapTotal),
    external: mb(usage.external),
    arrayBuffers: mb(usage.arrayBuffers),
  };
}

export async function healthFile(c: Context): Promise<Response> {
  const { search: searchIndex, content, pageCache, enquiries } = site();
  const [{ reachable, status, latencyMs }, search] = await Promise.all([content.probe.current(), searchIndex.health()]);
  // a search index that cannot be kept still serves, but goes stale: degraded, like an unreachable admin
  const overall = reachable && !search.kept?.failing ? 'ok' : 'degraded';
  const headers = { 'cache-control': 'no-store' };
  if (!mayReadDetails(c.req.raw, (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress)) {
    return Response.json({ status: overall }, { headers });
  }
  const cache = content.source.cache.stats();
  const pages = await pageCache.made;
  return Response.json(
    {
      status: overall,
      admin: { reachable, status, latencyMs },
      cache: { entries: cache.entries, oldestAgeMs: cache.oldestGoodAgeMs, newestAgeMs: cache.newestGoodAgeMs },
      pageCache: pages?.stats() ?? null,
      ...(RUNTIME === 'node' ? { memoryMb: memoryMb() } : {}),
      enquiries: enquiries.status(),
      search,
    },
    { headers },
  );
}
