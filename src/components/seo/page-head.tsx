import { Suspense, use, type ReactNode } from 'react';
import type { ContentResult } from '../../lib/admin/content-error';
import { settledInPlace } from '../ui/section';

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
 * A head with no fallback texts (the course pages): from the result when it settled within the in-place
 * wait, else streamed in when it arrives (record 014). `children` gets the result, failures included, so the
 * head of a missing or unavailable course is declared in the same place as the course's.
 */
export async function StreamedPageHead<T>({
  data,
  children,
}: {
  data: Promise<ContentResult<T>>;
  children: (result: ContentResult<T>) => ReactNode;
}) {
  const settled = await settledInPlace(data);
  if (settled) return children(settled);
  return (
    <Suspense fallback={null}>
      <LateHead data={data}>{children}</LateHead>
    </Suspense>
  );
}

function LateHead<T>({
  data,
  children,
}: {
  data: Promise<ContentResult<T>>;
  children: (result: ContentResult<T>) => ReactNode;
}) {
  return children(use(data));
}
