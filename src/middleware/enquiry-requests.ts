import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { unstable_getContextData } from 'waku/server';
import { CLIENT_ADDRESS_CONTEXT_KEY } from '../lib/enquiry/client-key';
import { enquiryPipeline, ON_WORKERS, useEnquiryBindings, type WorkerBindings } from '../lib/enquiry/delivery';
import { serverConfig } from '../lib/server-config';

type Bindings = WorkerBindings & {
  incoming?: { socket?: { remoteAddress?: string } }; // Node
};

const TOO_LARGE = (maxSize: number) =>
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Enquiry too large</title>' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">' +
  `<h1>Your enquiry is too large to send</h1><p>The limit is ${Math.floor(maxSize / 1024)} KB. Nothing was sent or stored. ` +
  'Please go back, shorten your message and send it again.</p><p><a href="/contact-us">Back to the contact form</a></p></body></html>';

/**
 * What enquiries need from each request, before the page or the server action runs:
 * - The server starts delivering when it starts: Waku calls this factory on the first request, which on Node
 *   is the /healthz check scripts/node-server/start.mjs sends at start-up. So the outbox is opened and the
 *   forwarder resumes what a previous run left, without waiting for a visitor.
 * - Request bodies over ENQUIRY_MAX_BODY_BYTES are refused (413, a plain page) before anything parses them:
 *   the only bodies this site takes are the enquiry forms' (a form at its limits is about 25 KB).
 * - The client's address for the rate limit: the TCP peer on Node (Waku's context only has the Request);
 *   on Workers the queue and send_email bindings are handed to the delivery.
 */
export default function enquiryRequests(): MiddlewareHandler {
  if (!ON_WORKERS) {
    try {
      enquiryPipeline().catch(() => {}); // logged there; the first enquiry tries again
    } catch {
      // bad settings: 00-settings.ts reports them
    }
  }
  let limit: MiddlewareHandler | undefined;
  return async (c, next) => {
    const bindings = c.env as Bindings | undefined;
    if (ON_WORKERS) useEnquiryBindings(bindings);
    const address = bindings?.incoming?.socket?.remoteAddress;
    if (address) unstable_getContextData()[CLIENT_ADDRESS_CONTEXT_KEY] = address;
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const maxSize = serverConfig().enquiry.maxBodyBytes;
    limit ??= bodyLimit({ maxSize, onError: (context) => context.html(TOO_LARGE(maxSize), 413) });
    // Waku ignores what a middleware returns: the refusal has to be put on the context.
    const refusal = await limit(c, next);
    if (refusal instanceof Response) c.res = refusal;
  };
}
