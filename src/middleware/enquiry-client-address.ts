import type { MiddlewareHandler } from 'hono';
import { unstable_getContextData } from 'waku/server';
import { CLIENT_ADDRESS_CONTEXT_KEY } from '../lib/enquiry/client-key';
import { getEnquiryDelivery, ON_WORKERS } from '../lib/enquiry/delivery.server';

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };

/**
 * Records the TCP peer address for the enquiry rate limit (see src/lib/enquiry/client-key.ts): Waku's
 * request context only carries the Request, which has no address. On the first request it also opens the
 * enquiry outbox, so forwarding of enquiries left over from before a restart resumes without waiting for
 * the next enquiry.
 */
export default function enquiryClientAddress(): MiddlewareHandler {
  let started = ON_WORKERS; // no outbox to resume there
  return async (c, next) => {
    if (!started) {
      started = true;
      getEnquiryDelivery().catch(() => {
        started = false; // logged by getEnquiryDelivery; try again on a later request
      });
    }
    const address = (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress;
    if (address) unstable_getContextData()[CLIENT_ADDRESS_CONTEXT_KEY] = address;
    await next();
  };
}
