/**
 * Waits for `promise` at most `ms`: its value if it settled in time, else undefined (the promise keeps
 * running). Lets a page render content it already has straight into the HTML instead of behind a Suspense
 * fallback: React streams Suspense content into a hidden element that only JavaScript reveals, so without
 * JavaScript a fallback would stay forever, even for a cached answer.
 */
export async function settleWithin<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, ms, undefined);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
