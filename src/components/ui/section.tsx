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

/**
 * The one way a section gets its admin data. `load` is called once. When it settles within INLINE_WAIT_MS
 * the view renders in place; otherwise the skeleton goes out and the view streams in behind Suspense.
 * Rendering in place matters because React reveals streamed content with a script: visitors without
 * JavaScript, and crawlers, would otherwise keep the skeleton even for cached data.
 */
export async function Section<T>({
  load,
  skeleton,
  ...view
}: SectionView<T> & { load: () => Promise<ContentResult<T>>; skeleton: ReactNode }) {
  const result = load();
  const settled = await settleWithin(result, INLINE_WAIT_MS);
  if (settled) return renderResult(settled, view);
  return (
    <Suspense fallback={skeleton}>
      <Streamed result={result} {...view} />
    </Suspense>
  );
}

function Streamed<T>({ result, ...view }: SectionView<T> & { result: Promise<ContentResult<T>> }) {
  return renderResult(use(result), view);
}

function renderResult<T>(result: ContentResult<T>, { what, children, failed }: SectionView<T>): ReactNode {
  if (result.ok) return children(result.data);
  const message = <SectionError error={result.error} what={what} />;
  return failed ? failed(message, result.error) : message;
}
