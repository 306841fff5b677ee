/**
 * What a render tells the page cache, through Waku's per-request context: whether the content layer
 * reported a failure while it ran (then the page may show a section's failure message and must not replace
 * a good copy), and whether it is the cache's own background refresh (then the content layer waits for the
 * admin's fresh answer instead of handing back its stale copy, so a refreshed page is never a TTL behind).
 */
import 'server-only';
import { unstable_getContextData } from 'waku/server';

const CONTENT_FAILED = 'pageCache.contentFailed';
const REFRESHING = 'pageCache.refreshing';
const PARTIAL = 'pageCache.partial';

type ContextData = Record<string, unknown>;

/**
 * The content layer: a call failed, or answered with its last good copy because the admin failed, or the
 * search index the page needs is missing.
 */
export function reportContentFailure(): void {
  unstable_getContextData()[CONTENT_FAILED] = true;
}

/**
 * The page shows content still being gathered (a search index whose first crawl is reading sessions): it is
 * kept, but refreshed after CONTENT_RETRY_MS rather than a whole TTL.
 */
export function reportPartialContent(): void {
  unstable_getContextData()[PARTIAL] = true;
}

export function partialIn(data: ContextData): boolean {
  return data[PARTIAL] === true;
}

/** The content layer: should a stale answer be refreshed before it is used? */
export function isPageRefresh(): boolean {
  return unstable_getContextData()[REFRESHING] === true;
}

/** This request's context data, read by the cache once the render's body has ended. */
export function renderContext(): ContextData {
  return unstable_getContextData();
}

export function markPageRefresh(data: ContextData): void {
  data[REFRESHING] = true;
}

export function contentFailedIn(data: ContextData): boolean {
  return data[CONTENT_FAILED] === true;
}
