/**
 * Lets a page answer with another HTTP status (404 for an unknown course) while still server-rendering
 * its own content. Waku 0.27's `unstable_notFound()` answers 404 with an empty document (wakujs/waku#2280),
 * so a page records the status in the request's record and renders the not-found view; the chain's
 * `pageStatus` step applies it. The page must decide before its first Suspense boundary (the status line
 * goes first).
 */
import 'server-only';
import { requestRecord } from './request-record';

/** `headers`: what the status needs said with it (a 429's Retry-After). */
export function setResponseStatus(status: number, headers: Record<string, string> = {}): void {
  requestRecord().status = { code: status, headers };
}
