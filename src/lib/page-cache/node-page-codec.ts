import 'server-only';
import type { PageCodec } from './page-cache';

/**
 * The kept pages' codec on Node, in zlib's thread pool. br 5 when a page is kept (on its render's request) and
 * br 11 for a page worth it (in the background); gzip 6 for the few clients without br, as the streamed
 * layer sends (scripts/node-server/node-layer.mjs).
 */
export async function nodePageCodec(): Promise<PageCodec> {
  const zlib = await import('node:zlib');
  const { promisify } = await import('node:util');
  const brotli = promisify(zlib.brotliCompress);
  const unbrotli = promisify(zlib.brotliDecompress);
  const gzip = promisify(zlib.gzip);
  const QUALITY = { fast: 5, best: 11 } as const;
  // a copy of its own size: zlib's Buffer may be a slice of a larger pool, which a kept page would hold on to
  const bytes = (buffer: Buffer) => new Uint8Array(buffer);
  return {
    compress: async (plain, effort) =>
      bytes(
        await brotli(plain, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: QUALITY[effort],
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.byteLength,
          },
        }),
      ),
    decompress: async (kept) => bytes(await unbrotli(kept)),
    gzip: async (plain) => bytes(await gzip(plain, { level: 6 })),
  };
}
