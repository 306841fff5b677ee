// The small answers the chain makes itself: files and plain-sentence refusals.

/** A file the chain answers itself (robots, sitemap, calendars, brochures, quotations), plain text unless told. */
export function plainFile(
  body: string | Uint8Array<ArrayBuffer>,
  status: number,
  type = 'text/plain; charset=utf-8',
  extra: Record<string, string> = {},
): Response {
  return new Response(body, { status, headers: { 'content-type': type, ...extra } });
}

/** A refusal or an error in one plain sentence, never kept by a cache. */
export function plainAnswer(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(`${message}\n`, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}
