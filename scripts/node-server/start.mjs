// The production Node server: Waku's built app behind the Node layer (compression, static caching).
// Replaces dist/serve-node.js, which serves without compression. Honours HOST and PORT.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { withNodeLayer } from './node-layer.mjs';

export async function startNodeServer({ distDir, host, port }) {
  const app = await import(pathToFileURL(path.join(distDir, 'server', 'index.js')).href);
  const { serve } = app.unstable_serverEntry;
  const fetch = withNodeLayer((request, ...rest) => app.INTERNAL_runFetch(process.env, request, ...rest));
  return new Promise((resolve) => {
    const server = serve({ fetch, port: Number(port), ...(host ? { hostname: host } : {}) }, () => resolve(server));
  });
}
