/**
 * Work that is not a visitor's request, each job the app's own function, called directly by the runtime's
 * entry (never through the request chain):
 * - Node: `startNodeServer`, called once by scripts/node-server/start.mjs before it listens. It reads and
 *   checks the settings (a bad one stops the start with the message naming it), makes the page cache and the
 *   image service, opens the enquiry outbox (its forwarders resume what a previous run left) and starts the
 *   search index's crawl. It hands back what the Node server serves before Hono runs.
 * - Workers: `deliverEnquiryBatch` is the queue consumer (`queue()`), `crawlCatalogue` the Cron Trigger's
 *   crawl (`scheduled()`), both called by scripts/cloudflare/worker.mjs with the Worker's bindings.
 */
import 'server-only';
import { clientKey } from './lib/enquiry/client-key';
import { enquiryPipeline } from './lib/enquiry/delivery';
import { deliverEnquiryBatch } from './lib/enquiry/queue-consumer';
import { startNodeImageService, type CreateImageService, type NodeImageService } from './lib/images/node-image-service';
import { chooseEncoding } from './lib/page-cache/page-cache';
import { answerKeptPageNow, sitePageCache } from './lib/page-cache/site-page-cache';
import { warmSearchIndex } from './lib/search/live-search-index';
import { runScheduledCrawl } from './lib/search/scheduled-crawl';
import { staticFileHeaders } from './lib/security/security-headers';
import { serverConfig } from './lib/server-config';

async function startNodeServer<Service extends NodeImageService>({
  createImageService,
}: {
  createImageService: (settings: Parameters<CreateImageService>[0]) => Service;
}) {
  const config = serverConfig(); // throws the one message naming every bad setting
  await sitePageCache();
  const images = startNodeImageService(createImageService, config);
  enquiryPipeline().catch(() => {}); // logged there; the first enquiry tries again
  // the first crawl (or the resumption of a kept one) starts now; later passes start when a page reads an
  // index older than the content TTL, so an idle server makes no admin calls
  warmSearchIndex();
  return {
    /** A fresh kept page, answered before Hono runs (or undefined). */
    answerKeptPageNow,
    /** The image variants: the Node server sends a kept one before Hono runs. */
    images,
    /** What the Node server's own layer (compression, static files) shares with the app. */
    chooseEncoding,
    staticFileHeaders: staticFileHeaders(),
    /** How many requests the app answers at once (the Node server's render gate), and whose turn each is. */
    rendersAtOnce: config.rendersAtOnce,
    clientOf: (request: {
      headers: Record<string, string | string[] | undefined>;
      socket: { remoteAddress?: string };
    }) =>
      clientKey({
        forwardedFor: [request.headers['x-forwarded-for'] ?? []].flat().join(', ') || undefined,
        remoteAddress: request.socket.remoteAddress,
        trustedProxies: config.trustedProxies,
      }),
  };
}

export const backgroundJobs = {
  startNodeServer,
  deliverEnquiryBatch,
  crawlCatalogue: runScheduledCrawl,
};
