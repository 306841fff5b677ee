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
  fetch?: typeof fetch;
};

type GetPath = {
  [P in keyof paths]: paths[P] extends { get: unknown } ? P : never;
}[keyof paths];

type PathParams<P extends GetPath> = paths[P]['get'] extends { parameters: { path: infer Params } }
  ? Params extends Record<string, unknown>
    ? Params
    : undefined
  : undefined;

type AdminClient = ReturnType<typeof createAdminClient>;

export function createAdminClient(options: AdminClientOptions) {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    fetch: options.fetch ?? globalThis.fetch,
  });

  /** GET one admin path and validate its `data` with `schema`. Never throws. */
  async function get<P extends GetPath, TSchema extends v.GenericSchema>(
    path: P,
    pathParams: PathParams<P>,
    schema: TSchema,
  ): Promise<ContentResult<v.InferOutput<TSchema>>> {
    const signal = AbortSignal.timeout(options.timeoutMs);
    let body: string;
    let status: number;
    try {
      // parseAs 'text': JSON.parse failures must become PARSING_ERROR, not an exception inside the client.
      const init = { params: { path: pathParams }, parseAs: 'text', signal } as const;
      const result = await (
        client.GET as (p: string, i: typeof init) => Promise<{ data?: unknown; error?: unknown; response: Response }>
      )(path, init);
      status = result.response.status;
      if (!result.response.ok) {
        return fail({ kind: 'HTTP_ERROR', status, message: `${path} answered HTTP ${status}` });
      }
      body = typeof result.data === 'string' ? result.data : '';
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
