import { Suspense, type ReactNode } from 'react';
import { settleWithin } from '../../lib/settle-within';

/**
 * How long a section holds the page's first bytes for its data. A cached admin answer (the usual case)
 * arrives well within it and is rendered straight into the HTML; a slow one gets the skeleton and streams.
 */
export const INLINE_WAIT_MS = 100;

/**
 * A Suspense boundary that suspends only when it has to. React streams suspended content into a hidden
 * element that only JavaScript reveals (and waits for the section's stylesheet first), so a plain boundary
 * leaves visitors without JavaScript, and crawlers, looking at the skeleton forever, even when the data
 * was cached. `ready` is the section's data call: when it settles within INLINE_WAIT_MS the children render
 * in place (their own call of the same cached function answers at once); otherwise they stream behind
 * `fallback`.
 */
export async function Streamed({
  ready,
  fallback,
  children,
}: {
  ready: Promise<unknown>;
  fallback: ReactNode;
  children: ReactNode;
}) {
  const settled = await settleWithin(
    ready.then(
      () => true,
      () => true,
    ),
    INLINE_WAIT_MS,
  );
  return settled ? <>{children}</> : <Suspense fallback={fallback}>{children}</Suspense>;
}
