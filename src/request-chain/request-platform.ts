import type { MiddlewareHandler } from 'hono';
import { announceWorkersDelivery, ON_WORKERS, useEnquiryBindings, type WorkerBindings } from '../lib/enquiry/delivery';
import { requestRecord } from '../lib/request-record';
import type { CrawlKv } from '../lib/search/crawl-kv';
import { useSearchIndexKv } from '../lib/search/live-search-index';

type Bindings = WorkerBindings & {
  SEARCH_INDEX?: CrawlKv; // Workers
  incoming?: { socket?: { remoteAddress?: string } }; // Node
};

/**
 * What only the runtime knows about a request, handed over before anything reads it:
 * - Node: the visitor's TCP address (Waku's context only has the Request), for the enquiry rate limit.
 * - Workers: the bindings exist only inside a request, so the search index gets its KV namespace and the
 *   enquiry pipeline its queue and `send_email` here; the first request of an isolate also says where
 *   enquiries go (a Worker has no start-up to say it at).
 */
export function requestPlatform(): MiddlewareHandler {
  return async (c, next) => {
    const bindings = c.env as Bindings | undefined;
    if (ON_WORKERS) {
      useSearchIndexKv(bindings?.SEARCH_INDEX);
      useEnquiryBindings(bindings);
      announceWorkersDelivery(bindings);
    }
    const address = bindings?.incoming?.socket?.remoteAddress;
    if (address) requestRecord().clientAddress = address;
    await next();
  };
}
