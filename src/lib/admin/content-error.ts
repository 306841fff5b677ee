/**
 * Failures of an admin call, as values the UI can present.
 * Shared by server and UI code, so it holds no server-only imports.
 */
export type ContentError =
  | { kind: 'FETCH_ERROR'; message: string }
  | { kind: 'TIMEOUT_ERROR'; message: string }
  | { kind: 'PARSING_ERROR'; message: string }
  | { kind: 'HTTP_ERROR'; status: number; message: string };

export type ContentResult<T> =
  | { ok: true; data: T; /** served from cache after a failed refresh */ stale: boolean }
  | { ok: false; error: ContentError };

export function isNotFound(error: ContentError): boolean {
  return error.kind === 'HTTP_ERROR' && error.status === 404;
}
