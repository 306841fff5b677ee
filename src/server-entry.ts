/**
 * The server: the pages, the request chain every request passes through in this order, and the background
 * jobs the runtimes call directly. The same file serves Node (scripts/node-server/start.mjs) and the Worker
 * (scripts/cloudflare/worker.mjs): `waku/adapters/default` is the adapter waku.config.ts chooses.
 * docs/architecture.md walks a request and an enquiry through it.
 */
import type { MiddlewareHandler } from 'hono';
import { fsRouter } from 'waku';
import adapter from 'waku/adapters/default';
import { backgroundJobs, startJobSchedule } from './background-jobs';
import { handOverBackgroundWork } from './request-chain/background-work';
import { edgeStreaming } from './request-chain/edge-streaming';
import { enquiryBodyLimit } from './request-chain/enquiry-body-limit';
import { errorRules } from './request-chain/error-rules';
import { guards } from './request-chain/guards';
import { imageEndpoint } from './request-chain/image-endpoint';
import { openSite } from './request-chain/open-site';
import { pageCache } from './request-chain/page-cache';
import { pageStatus } from './request-chain/page-status';
import { securityRules } from './request-chain/security-rules';
import { serverActionChecks } from './request-chain/server-action-checks';
import { serverFiles } from './request-chain/server-files';

/**
 * The request chain, in three phases, in the order a request meets them (and its answer leaves them,
 * backwards). A step either answers (sets `c.res` and stops) or calls `next()` and may then change the answer
 * on its way out. After the last step, Waku's router renders the page or runs the server action.
 * On Node the first two phases also run before Hono, for the answers that need no render
 * (scripts/node-server/start.mjs asks `passesGuards` from src/background-jobs.ts: the same guards, then a
 * picture variant on disk or a fresh kept page): the same path, without the cost of Hono and Waku.
 */
const PHASES: Record<'guards' | 'keptAnswers' | 'render', (() => MiddlewareHandler)[]> = {
  // every request, kept or not
  guards: [
    openSite, // the site object (made by a Worker isolate's first request, with its bindings); a bad setting answers 503
    guards, // a cross-site write 403; bad %-encoding 400; a near-miss address 308; a method the path does not take 405
  ],
  // answers that need no page rendered
  keptAnswers: [
    imageEndpoint, // /_img/…: a picture variant, kept or made; pictures are not pages
    pageCache, // a kept page is answered without rendering; a render is kept once it has ended
  ],
  // the render, with one HTML pass on its way out
  render: [
    securityRules, // security headers; a page's one HTML pass (scripts after first screen, nonces)
    errorRules, // an internal error never shows its text; an unreadable request is a 4xx, not a 500
    serverFiles, // the server's own files by the route table: /healthz, robots, sitemaps, calendars, brochures, quotations, suggestions
    pageStatus, // the status a page recorded (404 for an unknown course) replaces the 200 it streamed with
    edgeStreaming, // Workers: streamed HTML marked so the edge does not buffer it to compress it
    handOverBackgroundWork, // a page request starts a due search-index re-read; on Workers it outlives the answer
    enquiryBodyLimit, // a request body over ENQUIRY_MAX_BODY_BYTES is refused (413) before anything reads it
    serverActionChecks, // a post Waku could not decode is a 4xx with a sentence, not Waku's 500
  ],
};
const REQUEST_CHAIN = [...PHASES.guards, ...PHASES.keptAnswers, ...PHASES.render];

/** Where `npm run dev` keeps its running schedule across reloads of this module. */
const DEV_SCHEDULE = Symbol.for('manama-training-site.dev-schedule');

/**
 * Runs the chain as one middleware, its steps made on the first request: on Workers the settings exist only
 * then. Waku's router is the Hono middleware after it (errorRules reads what the router throws from Hono's
 * `c.error`).
 */
function requestChain(): MiddlewareHandler {
  let steps: MiddlewareHandler[] | undefined;
  let scheduled = false;
  return async (c, next) => {
    steps ??= REQUEST_CHAIN.map((makeStep) => makeStep());
    // `npm run dev` has no start-up of its own (Vite serves the app): its scheduled jobs start with its first
    // request (the built servers start them themselves). An edit reloads this module without disposing of it,
    // so the schedule of the code before is found on the process and stopped first: one schedule at a time.
    if (import.meta.env.DEV && !scheduled) {
      scheduled = true;
      const host = globalThis as { [DEV_SCHEDULE]?: { stop(): void } };
      host[DEV_SCHEDULE]?.stop();
      host[DEV_SCHEDULE] = startJobSchedule({ runtime: 'node' });
    }
    const run = async (index: number): Promise<void> => {
      const step = steps![index];
      if (step) await step(c, () => run(index + 1));
      else await next();
    };
    await run(0);
  };
}

export default Object.assign(
  adapter(fsRouter(import.meta.glob('/src/pages/**/*.{tsx,ts}', { base: '/src/pages' })), {
    middlewareFns: [requestChain],
  }),
  { backgroundJobs },
);
