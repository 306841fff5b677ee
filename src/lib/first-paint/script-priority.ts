/**
 * The page's scripts wait for its stylesheets and first pictures.
 *
 * React writes a `<link rel="modulepreload">` in `<head>` for every script the page will hydrate with (about
 * 80 KB gzip), and Chromium fetches them at high priority alongside the two stylesheets and the hero image.
 * On a slow phone connection they share the bandwidth, so the first paint waits for JavaScript it does not
 * need: the HTML is already complete and styled without it. Marking these hints `fetchpriority="low"` lets
 * the stylesheets and the largest picture go first; the scripts still start early, before the parser meets
 * the bootstrap, so hydration does not wait on a chain of imports. (React's `preloadModule` has no priority
 * option, so the hint is marked here, in the one place every HTML page passes.)
 */

/** Only the document head is rewritten; a head larger than this is passed on untouched. */
const MAX_HEAD_BYTES = 64 * 1024;

const MODULE_PRELOAD = /<link(?=\s)([^>]*?\srel="modulepreload"[^>]*?)(\/?)>/g;

/** Adds `fetchpriority="low"` to every modulepreload link of an HTML head that has no priority yet. */
export function lowerScriptPriority(head: string): string {
  return head.replace(MODULE_PRELOAD, (tag: string, attributes: string, selfClosing: string) =>
    /\sfetchpriority=/i.test(attributes) ? tag : `<link${attributes} fetchpriority="low"${selfClosing}>`,
  );
}

/**
 * A pass-through stream for an HTML body that rewrites its head (up to `</head>`) with lowerScriptPriority
 * and leaves the rest byte for byte as it streams.
 */
export function lowerScriptPriorityStream(): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let head = '';
  let done = false;

  return new TransformStream({
    transform(chunk, controller) {
      if (done) {
        controller.enqueue(chunk);
        return;
      }
      head += decoder.decode(chunk, { stream: true });
      const end = head.indexOf('</head>');
      if (end >= 0) {
        controller.enqueue(encoder.encode(lowerScriptPriority(head.slice(0, end)) + head.slice(end)));
      } else if (head.length > MAX_HEAD_BYTES) {
        controller.enqueue(encoder.encode(head));
      } else {
        return;
      }
      done = true;
      head = '';
    },
    flush(controller) {
      const rest = head + decoder.decode();
      if (!done && rest) controller.enqueue(encoder.encode(lowerScriptPriority(rest)));
    },
  });
}
