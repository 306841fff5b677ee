/** A small file the chain answers itself (robots, sitemap, calendars), plain text unless told. */
export function plainFile(
  body: string,
  status: number,
  type = 'text/plain; charset=utf-8',
  extra: Record<string, string> = {},
): Response {
  return new Response(body, { status, headers: { 'content-type': type, ...extra } });
}
