/**
 * Lets a page answer with another HTTP status (404 for an unknown course) while still server-rendering
 * its own content. Waku 0.27's `unstable_notFound()` answers 404 with an empty document (wakujs/waku#2280),
 * so a page records the status here and renders the not-found view; `src/middleware/response-status.ts`
 * applies the status. The page must decide before its first Suspense boundary (the status line goes first).
 */
import 'server-only';
import { unstable_getContextData } from 'waku/server';

const KEY = 'responseStatus';
const HEADERS_KEY = 'responseStatusHeaders';

/** `headers`: what the status needs said with it (a 429's Retry-After). */
export function setResponseStatus(status: number, headers: Record<string, string> = {}): void {
  const data = unstable_getContextData();
  data[KEY] = status;
  data[HEADERS_KEY] = headers;
}

/** The headers recorded with the status. */
export function recordedResponseHeaders(): Record<string, string> {
  const headers = unstable_getContextData()[HEADERS_KEY];
  return headers && typeof headers === 'object' ? (headers as Record<string, string>) : {};
}

export function recordedResponseStatus(): number | undefined {
  return recordedStatusIn(unstable_getContextData());
}

/** The same from a request's context data kept past the render (the page cache reads it once the body ends). */
export function recordedStatusIn(data: Record<string, unknown>): number | undefined {
  const status = data[KEY];
  return typeof status === 'number' ? status : undefined;
}
