/**
 * The typed HTTP client for the admin API. openapi-fetch gives us paths and path parameters checked
 * against the generated description; every body is then validated with valibot, because the types only
 * describe what the admin promises, not what arrives.
 */
import 'server-only';
import createClient from 'openapi-fetch';
import * as v from 'valibot';
import type { paths } from './admin-api.gen';
import type { ContentError, ContentResult } from './content-error';
import { envelope } from './schemas';

export type AdminClientOptions = {
  /** Base address ending in /api, e.g. https://admin.example.com/api */
  baseUrl: string;
  /** No answer (headers and body) within this many ms is a TIMEOUT_ERROR. */
  timeoutMs: number;
  /** An answer larger than this is not read past this many bytes: a PARSING_ERROR. */
  maxBytes: number;
  fetch?: typeof fetch;
};

type GetPath = {
  [P in keyof paths]: paths[P] extends { get: unknown } ? P : never;
}[keyof paths];

/** A path without parameters (`/setting/content`). */
export type FixedPath = Exclude<GetPath, `${string}{${string}`>;

type PathParams<P extends GetPath> = paths[P]['get'] extends { parameters: { path: infer Params } }
  ? Params extends Record<string, unknown>
    ? Params
    : undefined
  : undefined;

export function createAdminClient(options: AdminClientOptions) {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    fetch: options.fetch ?? globalThis.fetch,
  });

  /**
   * GET one admin path and validate its `data` with `schema`. Never throws. The admin is trusted only as
   * far as this: one timeout covers the headers and the whole body (a body trickled byte by byte is
   * abandoned like a silent server), the body is read as a stream and given up on past `maxBytes` (a
   * 50 MB answer costs at most `maxBytes` of memory, never the whole), and a redirect is not followed: it is
   * an HTTP_ERROR like any other non-2xx status, since the content would come from somewhere else.
   */
  async function get<P extends GetPath, TSchema extends v.GenericSchema>(
    path: P,
    pathParams: PathParams<P>,
    schema: TSchema,
  ): Promise<ContentResult<v.InferOutput<TSchema>>> {
    const signal = AbortSignal.timeout(options.timeoutMs);
    let body: string;
    let status: number;
    try {
      // parseAs 'stream': the body is read here, bounded; JSON.parse failures become PARSING_ERROR below.
      const init = { params: { path: pathParams }, parseAs: 'stream', signal, redirect: 'manual' } as const;
      const result = await (
        client.GET as (p: string, i: typeof init) => Promise<{ data?: unknown; error?: unknown; response: Response }>
      )(path, init);
      const { response } = result;
      status = response.status;
      if (status < 200 || status > 299) {
        await response.body?.cancel().catch(() => {});
        const moved = status >= 300 && status < 400 ? ' (a redirect, not followed)' : '';
        return fail({ kind: 'HTTP_ERROR', status, message: `${path} answered HTTP ${status}${moved}` });
      }
      const read = await readBounded(response, options.maxBytes, signal);
      if (read === undefined) {
        return fail({ kind: 'PARSING_ERROR', message: `${path} answered more than ${options.maxBytes} bytes` });
      }
      body = read;
    } catch (error) {
      return fail(classifyTransportError(path, error, signal));
    }

    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return fail({ kind: 'PARSING_ERROR', message: `${path} did not answer JSON` });
    }
    const parsed = v.safeParse(envelope(schema), json);
    if (!parsed.success) {
      return fail({
        kind: 'PARSING_ERROR',
        message: `${path} answered an unexpected shape: ${v.summarize(parsed.issues)}`,
      });
    }
    return { ok: true, data: parsed.output.data as v.InferOutput<TSchema>, stale: false };
  }

  return { get };
}

/**
 * The body as text, or undefined once it exceeds `maxBytes` (announced or counted; the rest is not read).
 * Rejects when `signal` aborts first, whether or not the runtime ends the stream itself.
 */
async function readBounded(response: Response, maxBytes: number, signal: AbortSignal): Promise<string | undefined> {
  const announced = Number(response.headers.get('content-length') ?? '0');
  if (!response.body) return '';
  const reader = response.body.getReader();
  if (announced > maxBytes) {
    await reader.cancel().catch(() => {});
    return undefined;
  }
  const aborted = new Promise<never>((_, reject) => {
    const abort = () => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort, { once: true });
  });
  aborted.catch(() => {}); // observed below; never an unhandled rejection
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) return text + decoder.decode();
      bytes += value.byteLength;
      if (bytes > maxBytes) return undefined;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    // a body not read to its end (too large, too slow) is given up on: the connection is not kept waiting
    void reader.cancel().catch(() => {});
  }
}

function fail(error: ContentError): { ok: false; error: ContentError } {
  return { ok: false, error };
}

function classifyTransportError(path: string, error: unknown, signal: AbortSignal): ContentError {
  const name = error instanceof Error ? error.name : '';
  if (signal.aborted || name === 'TimeoutError' || name === 'AbortError') {
    return { kind: 'TIMEOUT_ERROR', message: `${path} did not answer in time` };
  }
  const reason =
    error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
  return { kind: 'FETCH_ERROR', message: `${path} could not be reached: ${reason}` };
}
