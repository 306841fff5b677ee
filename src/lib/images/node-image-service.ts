/**
 * The Node server's image variants (scripts/node-server/image-variants.mjs, with sharp, outside the app's
 * build): made at start-up from the settings (src/background-jobs.ts), used by the chain's `imageEndpoint`
 * step, and by the Node server itself for variants already on disk, before Hono runs.
 */
import 'server-only';
import { mediaOriginsFrom } from '../security/security-headers';
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

let service: NodeImageService | undefined;
let namedOrigins: string[] = [];

export function startNodeImageService<Service extends NodeImageService>(
  create: (settings: Parameters<CreateImageService>[0]) => Service,
  config: ServerConfig,
): Service {
  const { images } = config;
  const made = create({
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
  service = made;
  namedOrigins = mediaOriginsFrom(config.admin.baseUrl, config.mediaOrigins);
  return made;
}

/** The service and the origins the admin named, or undefined (the development server has none). */
export function nodeImageService(): { service: NodeImageService; namedOrigins: string[] } | undefined {
  return service ? { service, namedOrigins } : undefined;
}
