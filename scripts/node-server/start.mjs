// The production Node server: Waku's built app behind the Node layer (compression, static caching).
// Replaces dist/serve-node.js, which serves without compression. Honours HOST and PORT.
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createImageService } from './image-variants.mjs';
import { answerFromPageCache, withNodeLayer } from './node-layer.mjs';

export async function startNodeServer({ distDir, host, port }) {
  const app = await import(pathToFileURL(path.join(distDir, 'server', 'index.js')).href);
  const { serve } = app.unstable_serverEntry;
  // The page cache (src/middleware/07-page-cache.ts) fills in `answer` on the first page request; from then on
  // a fresh kept page is written straight to the socket, before Hono and Waku run.
  const pageCacheHost = {};
  // The image endpoint (src/middleware/06-images.ts) makes the variants service with its settings on the first
  // picture; from then on a variant already on disk is sent from here, before Hono and Waku run.
  const imageHost = { create: createImageService };
  const fetch = withNodeLayer(
    (request, bindings) => app.INTERNAL_runFetch(process.env, request, { ...bindings, pageCacheHost, imageHost }),
    { publicDir: path.join(distDir, 'public') },
  );
  const createServer = (options, listener) =>
    http.createServer(options, (req, res) => {
      if (imageHost.service && req.url?.startsWith('/_img/') && !req.url.includes('?')) {
        if (imageHost.service.answerKept(req, res, req.url)) return;
      }
      if (!answerFromPageCache(pageCacheHost, req, res)) listener(req, res);
    });
  // The settings are checked now, not on the first visit: a bad value stops the server with one message
  // (src/middleware/00-settings.ts prints it).
  const check = await app.INTERNAL_runFetch(process.env, new Request('http://127.0.0.1/healthz'));
  await check.body?.cancel();
  if (check.status === 503 && check.headers.get('content-type')?.startsWith('text/plain')) {
    throw new Error('invalid server settings (see above)');
  }
  return new Promise((resolve) => {
    const server = serve({ fetch, createServer, port: Number(port), ...(host ? { hostname: host } : {}) }, () =>
      resolve(server),
    );
  });
}
