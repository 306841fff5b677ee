/**
 * The Node server's image variants (scripts/node-server/image-variants.mjs, with sharp, outside the app's
 * build): made with the site at start-up (src/site.ts), used by the chain's `imageEndpoint` step, and by the
 * Node server itself for variants already on disk, before Hono runs.
 */
import 'server-only';
import type { ServerConfig } from '../server-config';
import { variantKind, type VariantKind } from './variant-kind';

export type NodeImageService = {
  answer(request: {
    key: string;
    source: string;
    width: number;
    kind: VariantKind;
    namedOrigins: string[];
    /** Who asked (src/lib/enquiry/client-key.ts): new variants are shared out fairly between clients. */
    client: string;
  }): Promise<{ status: number; headers: Record<string, string>; body: Uint8Array }>;
};

/** What image-variants.mjs exports as `createImageService`. */
export type CreateImageService = (settings: {
  dir: string;
  maxBytes: number;
  concurrency: number;
  maxSourceBytes: number;
  maxPixels: number;
  timeoutMs: number;
  fetchTimeoutMs: number;
  clientPending: number;
  clientWriteBytes: number;
  variantKind: (accept: string | undefined) => VariantKind;
}) => NodeImageService;

export function startNodeImageService<Service extends NodeImageService>(
  create: (settings: Parameters<CreateImageService>[0]) => Service,
  config: ServerConfig,
): Service {
  const { images } = config;
  return create({
    dir: images.cacheDir,
    maxBytes: images.cacheMaxBytes,
    concurrency: images.transformsAtOnce,
    maxSourceBytes: images.maxSourceBytes,
    maxPixels: images.maxPixels,
    timeoutMs: images.timeoutMs,
    fetchTimeoutMs: images.fetchTimeoutMs,
    clientPending: images.clientPending,
    clientWriteBytes: images.clientWriteBytes,
    variantKind,
  });
}
