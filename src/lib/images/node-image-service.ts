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
export type CreateImageService = (settings: ReturnType<typeof imageServiceSettings>) => NodeImageService;

/** What the service is made with: the owner's IMAGE_* settings, and the one Accept negotiation. */
export function imageServiceSettings({ images }: ServerConfig) {
  return {
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
  };
}
