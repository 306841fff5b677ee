import type { Context } from 'hono';
import { contentSource } from '../lib/admin/content';
import { deliveryStatus, type WorkerBindings } from '../lib/enquiry/delivery';
import { isLocalCaller, sameSecret } from '../lib/http/request-rules';
import { sitePageCache } from '../lib/page-cache/site-page-cache';
import { searchIndexHealth } from '../lib/search/live-search-index';
import { adminBaseUrl, RUNTIME, serverConfig } from '../lib/server-config';

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };

type AdminProbe = { reachable: boolean; status: number | string; latencyMs: number; at: number };

/** A probe answer is reused this long, and concurrent checks share one probe: /healthz is public. */
const PROBE_REUSE_MS = 5000;
let lastProbe: AdminProbe | undefined;
let probing: Promise<AdminProbe> | undefined;

async function probeAdmin(): Promise<AdminProbe> {
  const baseUrl = adminBaseUrl();
  const { timeoutMs } = serverConfig().admin;
  const started = Date.now();
  let status: number | string;
  try {
    // A redirect is not followed (the content client refuses one too): an admin that sends the site
    // elsewhere cannot serve it, so the probe reports its 3xx status and the site is "degraded".
    const response = await fetch(`${baseUrl.replace(/\/+$/, '')}/setting/content`, {
      signal: AbortSignal.timeout(Math.min(timeoutMs, 2000)),
      redirect: 'manual',
    });
    status = response.status;
    await response.body?.cancel();
  } catch (error) {
    status = error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'unreachable';
  }
  return { reachable: status === 200, status, latencyMs: Date.now() - started, at: Date.now() };
}

function currentProbe(): Promise<AdminProbe> {
  if (lastProbe && Date.now() - lastProbe.at < PROBE_REUSE_MS) return Promise.resolve(lastProbe);
  probing ??= probeAdmin().then((probe) => {
    lastProbe = probe;
    probing = undefined;
    return probe;
  });
  return probing;
}

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
  const token = serverConfig().healthzToken;
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
  const [{ reachable, status, latencyMs }, search] = await Promise.all([currentProbe(), searchIndexHealth()]);
  // a search index that cannot be kept still serves, but goes stale: degraded, like an unreachable admin
  const overall = reachable && !search.kept?.failing ? 'ok' : 'degraded';
  const headers = { 'cache-control': 'no-store' };
  if (!mayReadDetails(c.req.raw, (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress)) {
    return Response.json({ status: overall }, { headers });
  }
  const cache = contentSource().cache.stats();
  const pages = await sitePageCache();
  return Response.json(
    {
      status: overall,
      admin: { reachable, status, latencyMs },
      cache: { entries: cache.entries, oldestAgeMs: cache.oldestGoodAgeMs, newestAgeMs: cache.newestGoodAgeMs },
      pageCache: pages?.stats() ?? null,
      ...(RUNTIME === 'node' ? { memoryMb: memoryMb() } : {}),
      enquiries: deliveryStatus(c.env as WorkerBindings | undefined),
      search,
    },
    { headers },
  );
}
