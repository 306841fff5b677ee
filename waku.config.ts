import { defineConfig } from 'waku/config';
import { pdfkitWithoutPdfa } from './scripts/vite/pdfkit-without-pdfa';
import { precompressedAssets } from './scripts/vite/precompressed-assets';
import { stylesheets } from './scripts/vite/stylesheets';

// `npm run build:cloudflare` sets WAKU_ADAPTER=cloudflare: the same site built as a Cloudflare Worker.
const cloudflare = process.env.WAKU_ADAPTER === 'cloudflare';

export default defineConfig({
  // WAKU_DIST_DIR keeps parallel builds (and the Worker build) from overwriting each other.
  distDir: process.env.WAKU_DIST_DIR || (cloudflare ? 'dist-cloudflare' : 'dist'),
  ...(cloudflare ? { unstable_adapter: 'waku/adapters/cloudflare' } : {}),
  vite: {
    plugins: [
      stylesheets({ first: 'src/styles/global.css' }),
      // the Node server sends these copies; Cloudflare compresses static assets itself
      precompressedAssets({ enabled: !cloudflare }),
      pdfkitWithoutPdfa({ worker: cloudflare }),
    ],
  },
});
