/**
 * Long work done in slices, so a visitor's request is not kept waiting behind it: the catalogue's index
 * build and the saving of its kept record take over a second at 5 000 courses with full descriptions
 * (scripts/bench-crawl-stall.mjs), and one Node thread serves every request.
 *
 * `timeSlices()` answers a function to await between small steps of such work: it gives the event loop a
 * turn once `sliceMs` of work has passed since the last turn, and costs nothing otherwise. On Workers the
 * clock stands still while code runs (it moves only on I/O), so it never pauses there: an isolate's
 * scheduled crawl has its own CPU budget and is not what keeps a visitor's request waiting.
 */
export type Pause = () => Promise<void>;

/** A turn of the event loop: a timer, so I/O and other requests' work run first (on Node and on Workers). */
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function timeSlices(sliceMs = 8): Pause {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < sliceMs) return;
    await nextTurn();
    sliceStart = performance.now();
  };
}

/** `items` as the JSON text of an array, stringified a few at a time between pauses. */
export async function jsonArrayInSlices<T>(
  items: Iterable<T>,
  pause: Pause,
  toJson: (item: T) => unknown = (item) => item,
): Promise<string> {
  const parts: string[] = [];
  for (const item of items) {
    parts.push(JSON.stringify(toJson(item)));
    await pause();
  }
  return `[${parts.join(',')}]`;
}
