// The production Node server: Waku's built app behind the Node layer (compression, static caching).
// Replaces dist/serve-node.js, which serves without compression. Honours HOST and PORT.
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createImageService } from './image-variants.mjs';
import { answerFromPageCache, createRenderGate, requestParts, withNodeLayer } from './node-layer.mjs';

export async function startNodeServer({ distDir, host, port }) {
  const app = await import(pathToFileURL(path.join(distDir, 'server', 'index.js')).href);
  const entry = app.unstable_serverEntry;
  // The app's start-up (src/background-jobs.ts): the settings are read and checked once, now (a bad one
  // throws the message naming it and the server never listens); the page cache, the image variants, the
  // enquiry outbox and the search index's crawl start before the first visitor.
  const started = await entry.backgroundJobs.startNodeServer({ createImageService });
  const fetch = withNodeLayer((request, bindings) => app.INTERNAL_runFetch(process.env, request, bindings), {
    publicDir: path.join(distDir, 'public'),
    chooseEncoding: started.chooseEncoding,
    staticFileHeaders: started.staticFileHeaders,
  });
  const renderGate = createRenderGate({
    limit: started.rendersAtOnce,
    clientOf: started.clientOf,
    headers: started.staticFileHeaders,
  });
  const createServer = (options, listener) =>
    http.createServer(options, (req, res) => {
      // The request chain's first two phases (src/server-entry.ts) run here before Hono and Waku, for the answers
      // that need no render: the same guards, then a picture variant on disk or a fresh kept page. A request the
      // guards stop goes on to the chain, which answers it.
      const request = requestParts(req);
      let cached;
      if (request && started.passesGuards(request)) {
        if (req.url.startsWith('/_img/') && !req.url.includes('?') && started.images.answerKept(req, res, req.url)) {
          return;
        }
        cached = answerFromPageCache(started.answerKeptPageNow, request, res);
        if (cached === 'answered') return;
      }
      // a page the cache holds (stale, or wanted in another encoding) is answered at once by the app; anything
      // else may render: a few at once, clients in turn
      if (cached === 'kept') listener(req, res);
      else renderGate(req, res, listener);
    });
  const server = await new Promise((resolve) => {
    const listening = entry.serve(
      { fetch, createServer, port: Number(port), ...(host ? { hostname: host } : {}) },
      () => resolve(listening),
    );
  });
  return {
    server,
    /** Stops taking requests and the site's background work (the crawl hands its lease over). */
    async stop() {
      await Promise.all([new Promise((resolve) => server.close(resolve)), started.stop()]);
    },
    /** Cuts the answers still streaming; the background work's stop goes on. */
    cutConnections: () => server.closeAllConnections(),
  };
}
