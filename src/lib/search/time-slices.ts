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

/** Characters in one piece of a record's text: joined, a record of tens of MB is copied at once (80 ms and more). */
const PIECE_CHARS = 64 * 1024;

/**
 * `items` as the JSON text of an array, in pieces of about 64 K characters to write one after another, each item
 * stringified between pauses. Never one string: joining tens of MB copies it all in one step no pause divides.
 */
export async function jsonArrayInPieces<T>(
  items: Iterable<T>,
  pause: Pause,
  toJson: (item: T) => unknown = (item) => item,
): Promise<string[]> {
  const pieces: string[] = [];
  let batch: string[] = [];
  let chars = 0;
  for (const item of items) {
    const json = JSON.stringify(toJson(item));
    batch.push(json);
    chars += json.length + 1; // and its comma
    if (chars >= PIECE_CHARS) {
      pieces.push(`${pieces.length ? ',' : '['}${batch.join(',')}`);
      batch = [];
      chars = 0;
    }
    await pause();
  }
  pieces.push(`${pieces.length ? (batch.length ? ',' : '') : '['}${batch.join(',')}]`);
  return pieces;
}
