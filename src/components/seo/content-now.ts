import type { ContentResult } from '../../lib/admin/content-error';
import { settleWithin } from '../../lib/settle-within';
import { INLINE_WAIT_MS } from '../ui/streamed';

/**
 * A page's content for its head, if it is at hand within the wait a streamed section allows itself (a cached
 * answer always is); else undefined and the head uses its fallback texts. The head is then always in the
 * first bytes of the HTML, never behind a Suspense boundary.
 */
export async function contentNow<T>(call: Promise<ContentResult<T>>): Promise<T | undefined> {
  const result = await settleWithin(call, INLINE_WAIT_MS);
  return result?.ok ? result.data : undefined;
}
