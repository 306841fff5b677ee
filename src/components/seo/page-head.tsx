import { Suspense, type ReactNode } from 'react';
import type { ContentResult } from '../../lib/admin/content-error';
import { settledInPlace } from '../ui/section';
import { JsonLd, Meta, type MetaProps } from './meta';

/**
 * A page's head (`<Meta>`) from a load its route started: `children(data)` when the data settled OK within
 * the in-place wait, else `children(undefined)` (the page's fallback texts). The route renders it once, at
 * its top, so the head is in the first bytes; the section showing the same data makes the same decision.
 */
export async function PageHead<T>({
  data,
  children,
}: {
  data: Promise<ContentResult<T>>;
  children: (data: T | undefined) => ReactNode;
}) {
  const settled = await settledInPlace(data);
  return children(settled?.ok ? settled.data : undefined);
}

/**
 * A course page's head (records 014, 015): always in the first bytes, never streamed into the body.
 * - The answer settled within the in-place wait (or the route's loader held the page for it: a course the
 *   catalogue does not list, `holdForWholeAnswer`): the head from the answer, failures included.
 * - Slower: the head from the catalogue's entry for the course (the search index), which the admin's answer
 *   would give too; the answer's structured data then streams in with the course (JSON-LD is valid anywhere
 *   in the body, a <title> or <meta> is not).
 */
export async function CoursePageHead<T>({
  data,
  head,
  catalogueHead,
}: {
  data: Promise<ContentResult<T>>;
  /** The head from the admin's answer: the course's, or its failure's. */
  head: (result: ContentResult<T>) => MetaProps;
  /** The head from the catalogue's entry; undefined when the catalogue does not list the course. */
  catalogueHead: MetaProps | undefined;
}) {
  const settled = await settledInPlace(data);
  // without a catalogue entry the loader held the page, so the answer is here; if it did not, the first bytes
  // wait for it rather than send a head the answer could contradict
  if (settled || !catalogueHead) return <Meta {...head(settled ?? (await data))} />;
  return (
    <>
      <Meta {...catalogueHead} />
      <Suspense fallback={null}>
        <LateStructuredData data={data} head={head} />
      </Suspense>
    </>
  );
}

async function LateStructuredData<T>({
  data,
  head,
}: {
  data: Promise<ContentResult<T>>;
  head: (result: ContentResult<T>) => MetaProps;
}) {
  const { structuredData = [] } = head(await data);
  return structuredData.map((item, index) => <JsonLd key={index} data={item} />);
}
