/**
 * What the parts of the site learn about one request while it is answered, in one typed record: the one
 * channel between layers that do not call each other. It lives in Waku's per-request context (an
 * AsyncLocalStorage), under one key. Who writes and who reads each field:
 * - `clientAddress`: the chain's `openSite` step (the TCP peer on Node); read by the enquiry action's
 *   rate limit.
 * - `status`: a page, through `setResponseStatus` (response-status.ts); read by the `pageStatus` step and the
 *   page cache (a 404 recorded after the page began streaming is never kept as a 200).
 * - `render`: the content layer, through the wiring in src/site.ts (a failed or partial answer);
 *   read by the page cache when the render has ended. `refresh` is the other way: the page cache marks its own
 *   background re-render, and the content layer then waits for the admin's fresh answer.
 * - `keepAlive`: the chain's `openSite` step (the request's `waitUntil` on Workers); called by the content layer
 *   with each admin load it starts, so a load outlives the answer that started it.
 * Outside a request (start-up work, unit tests) each call gets a throwaway record: nothing is kept.
 */
import 'server-only';
import { unstable_getContextData } from 'waku/server';

export type RequestRecord = {
  clientAddress?: string;
  keepAlive?: (task: Promise<unknown>) => void;
  status?: { code: number; headers: Record<string, string> };
  render: {
    /** A content call failed, or answered with its last good copy because the admin failed. */
    contentFailed: boolean;
    /** The page shows content still being gathered, or a 404 the site inferred: keep it briefly. */
    partial: boolean;
    /** This render is the page cache's background refresh. */
    refresh: boolean;
  };
};

const KEY = 'site.request';

/** This request's record (created on first use). */
export function requestRecord(): RequestRecord {
  const data = unstable_getContextData();
  let record = data[KEY] as RequestRecord | undefined;
  if (!record) {
    record = { render: { contentFailed: false, partial: false, refresh: false } };
    data[KEY] = record;
  }
  return record;
}
