import { Suspense, use, type ReactNode } from 'react';
import type { ContentError, ContentResult } from '../../lib/admin/content-error';
import { settleWithin } from '../../lib/settle-within';
import { SectionError } from './section-error';

/**
 * How long a section holds the page's first bytes for its data. A cached admin answer (the usual case)
 * arrives well within it and is rendered straight into the HTML; a slow one gets the skeleton and streams.
 */
export const INLINE_WAIT_MS = 100;

/** Each started load's in-place decision, so the page's head and its section always make the same one. */
const inPlaceDecisions = new WeakMap<Promise<unknown>, Promise<unknown>>();

/**
 * The result of a started load if it settled within INLINE_WAIT_MS, else undefined. Decided once per load:
 * a head (PageHead) and the section showing the same data read the same answer.
 */
export function settledInPlace<T>(data: Promise<T>): Promise<T | undefined> {
  let decision = inPlaceDecisions.get(data) as Promise<T | undefined> | undefined;
  if (!decision) {
    decision = settleWithin(data, INLINE_WAIT_MS);
    inPlaceDecisions.set(data, decision);
  }
  return decision;
}

/**
 * Marks a load the page must have whole before its first bytes (its route's loader calls this as it starts
 * the load, before anything decides): the head and the section then render its answer in place, however long
 * the admin takes (bounded by ADMIN_TIMEOUT_MS). For a course page the catalogue does not list: only the
 * admin's answer can say what its head and status are (record 014).
 */
export function holdForWholeAnswer<T>(data: Promise<T>): void {
  inPlaceDecisions.set(data, data);
}

type SectionView<T> = {
  /** Names the section in its failure message: "{what} could not be loaded right now." */
  what: string;
  /** The view for the data: a pure function of it. */
  children: (data: T) => ReactNode;
  /** Where the failure message goes (default: alone). `error` lets a page tell "unknown" from "unavailable". */
  failed?: (message: ReactNode, error: ContentError) => ReactNode;
};

/**
 * The one way a section shows admin data. `data` is a load the route started (src/pages: the loads start at
 * the top of the route). When it settles within INLINE_WAIT_MS the view renders in place; otherwise the
 * skeleton goes out and the view streams in behind Suspense. Rendering in place matters because React
 * reveals streamed content with a script: visitors without JavaScript, and crawlers, would otherwise keep the
 * skeleton even for cached data.
 */
export async function Section<T>({
  data,
  skeleton,
  ...view
}: SectionView<T> & { data: Promise<ContentResult<T>>; skeleton: ReactNode }) {
  const settled = await settledInPlace(data);
  if (settled) return renderResult(settled, view);
  return (
    <Suspense fallback={skeleton}>
      <Streamed data={data} {...view} />
    </Suspense>
  );
}

function Streamed<T>({ data, ...view }: SectionView<T> & { data: Promise<ContentResult<T>> }) {
  return renderResult(use(data), view);
}

function renderResult<T>(result: ContentResult<T>, { what, children, failed }: SectionView<T>): ReactNode {
  if (result.ok) return children(result.data);
  const message = <SectionError error={result.error} what={what} />;
  return failed ? failed(message, result.error) : message;
}
