/**
 * The one pass a rendered HTML page takes on its way out (issue 30): its body is decoded once, each rewrite
 * runs on the text in order, and the result is encoded once, chunk by chunk, so streaming is kept. The
 * rewrites: the scripts wait for the first screen (first-paint/scripts-after-first-screen.ts), then every
 * `<script` gets the response's CSP nonce (security/security-headers.ts). The chain's `securityRules` step
 * applies it.
 */

/**
 * One rewrite of a streamed body's text: given the text the rewrite before it let go, it returns what may go
 * on now and holds back only what it still needs to see (a tag split across chunks). With `final` it lets
 * everything go.
 */
export type TextRewrite = (text: string, final: boolean) => string;

export function htmlRewriteStream(rewrites: readonly TextRewrite[]): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const run = (text: string, final: boolean) => rewrites.reduce((passed, rewrite) => rewrite(passed, final), text);
  return new TransformStream({
    transform(chunk, controller) {
      const ready = run(decoder.decode(chunk, { stream: true }), false);
      if (ready) controller.enqueue(encoder.encode(ready));
    },
    flush(controller) {
      const rest = run(decoder.decode(), true);
      if (rest) controller.enqueue(encoder.encode(rest));
    },
  });
}
