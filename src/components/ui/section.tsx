import { Suspense, use, type ReactNode } from 'react';
import type { ContentError, ContentResult } from '../../lib/admin/content-error';
import { settleWithin } from '../../lib/settle-within';
import { SectionError } from './section-error';

/**
 * How long a section holds the page's first bytes for its data. A cached admin answer (the usual case)
 * arrives well within it and is rendered straight into the HTML; a slow one gets the skeleton and streams.
 */
export const INLINE_WAIT_MS = 100;

type SectionView<T> = {
  /** Names the section in its failure message: "{what} could not be loaded right now." */
  what: string;
  /** The view for the data: a pure function of it. */
  children: (data: T) => ReactNode;
  /** Where the failure message goes (default: alone). `error` lets a page tell "unknown" from "unavailable". */
  failed?: (message: ReactNode, error: ContentError) => ReactNode;
};

type SectionHead<T> = {
  /**
   * The page's head (`<Meta>`) from the same data, so the data is called once: `head(data)` when the data
   * settled OK within the wait, else `head(undefined)` (fallback texts). It is rendered before the Suspense
   * boundary, so it is in the first HTML. A page whose head has no fallback (head(undefined) is null) gets
   * `head(data)` streamed in with the view instead; its failure view then brings its own head.
   */
  head?: (data: T | undefined) => ReactNode;
};

/**
 * The one way a section gets its admin data. `load` is called once. When it settles within INLINE_WAIT_MS
 * the view renders in place; otherwise the skeleton goes out and the view streams in behind Suspense.
 * Rendering in place matters because React reveals streamed content with a script: visitors without
 * JavaScript, and crawlers, would otherwise keep the skeleton even for cached data.
 */
export async function Section<T>({
  load,
  skeleton,
  head,
  ...view
}: SectionView<T> & SectionHead<T> & { load: () => Promise<ContentResult<T>>; skeleton: ReactNode }) {
  const result = load();
  const settled = await settleWithin(result, INLINE_WAIT_MS);
  if (settled) {
    const rendered = renderResult(settled, view);
    if (!head) return rendered;
    return (
      <>
        {head(settled.ok ? settled.data : undefined)}
        {rendered}
      </>
    );
  }
  const fallbackHead = head?.(undefined) ?? null;
  const streamedHead = head && fallbackHead === null ? head : undefined;
  return (
    <>
      {fallbackHead}
      <Suspense fallback={skeleton}>
        <Streamed result={result} head={streamedHead} {...view} />
      </Suspense>
    </>
  );
}

function Streamed<T>({
  result,
  head,
  ...view
}: SectionView<T> & SectionHead<T> & { result: Promise<ContentResult<T>> }) {
  const settled = use(result);
  const rendered = renderResult(settled, view);
  if (!head || !settled.ok) return rendered;
  return (
    <>
      {head(settled.data)}
      {rendered}
    </>
  );
}

function renderResult<T>(result: ContentResult<T>, { what, children, failed }: SectionView<T>): ReactNode {
  if (result.ok) return children(result.data);
  const message = <SectionError error={result.error} what={what} />;
  return failed ? failed(message, result.error) : message;
}
