import { defineConfig } from 'waku/config';

export default defineConfig({
  // WAKU_DIST_DIR lets parallel builds (e.g. two checkouts' test runs) not overwrite each other.
  distDir: process.env.WAKU_DIST_DIR || 'dist',
});
