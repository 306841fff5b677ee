/**
 * Work that is not a visitor's request, each job the app's own function, called directly by the runtime's
 * entry (never through the request chain):
 * - Node: `startNodeServer`, called once by scripts/node-server/start.mjs before it listens. It reads and
 *   checks the settings (a bad one stops the start with the message naming it), makes the page cache and the
 *   image service, opens the enquiry outbox (its forwarders resume what a previous run left), starts the
 *   search index's crawl and the scheduled jobs. It hands back the guards and the kept answers the Node server
 *   runs before Hono.
 * - Workers: `deliverEnquiryBatch` is the queue consumer (`queue()`), `runScheduledJobs` the Cron Triggers'
 *   (`scheduled()`), both called by scripts/cloudflare/worker.mjs with the Worker's bindings.
 * - The scheduled jobs are declared once, below (SCHEDULED_JOBS: name, schedule, function): Workers run those
 *   whose schedule is the trigger's cron (wrangler.jsonc lists the same schedules: a unit test compares them),
 *   Node runs them on their schedule from its start (croner), and `npm run dev` from its first request.
 */
import 'server-only';
import { Cron } from 'croner';
import { clientKey } from './lib/enquiry/client-key';
import { guardAnswer, type GuardedRequest } from './lib/http/request-guards';
import { deliverEnquiryBatch } from './lib/enquiry/queue-consumer';
import type { CreateImageService, NodeImageService } from './lib/images/node-image-service';
import { chooseEncoding } from './lib/page-cache/page-cache';
import { runScheduledCrawl } from './lib/search/scheduled-crawl';
import { staticFileHeaders } from './lib/security/security-headers';
import { createSite, site } from './site';

async function startNodeServer<Service extends NodeImageService>({
  createImageService,
}: {
  createImageService: (settings: Parameters<CreateImageService>[0]) => Service;
}) {
  let images: Service | undefined;
  // throws the one message naming every bad setting
  const made = createSite({
    runtime: 'node',
    createImageService: (settings) => (images = createImageService(settings)),
  });
  const config = made.settings;
  await made.pageCache.made;
  made.enquiries.pipeline().catch(() => {}); // logged there; the first enquiry tries again
  // the first crawl (or the resumption of a kept one) starts now; later passes start once the index is older
  // than the content TTL, at the latest on the next minute of the schedule: an idle server, too, reads the
  // catalogue again at SEARCH_INDEX_CALLS_PER_MINUTE once a TTL has passed (as the Worker's Cron Trigger does)
  made.search.warm();
  const schedule = startJobSchedule({ runtime: 'node' });
  return {
    /**
     * The server is stopping (SIGTERM, SIGINT): no more scheduled runs, and the crawl hands its lease over
     * (its last save written), so the next server crawls at once.
     */
    stop: async () => {
      schedule.stop();
      await made.search.stop();
    },
    /**
     * The request chain's first two phases (src/server-entry.ts), which the Node server runs before Hono for
     * the answers that need no render: the same guards (a request they stop is left to the chain, which
     * answers it), then a picture variant on disk (`images.answerKept`) or a fresh kept page.
     */
    passesGuards: (request: GuardedRequest) => guardAnswer(request, config.trustedProxies > 0) === undefined,
    answerKeptPageNow: made.pageCache.answerKeptPageNow,
    images: images!,
    /** What the Node server's own layer (compression, static files) shares with the app. */
    chooseEncoding,
    staticFileHeaders: staticFileHeaders(),
    /** How many requests the app answers at once (the Node server's render gate), and whose turn each is. */
    rendersAtOnce: config.rendersAtOnce,
    clientOf: (request: {
      headers: Record<string, string | string[] | undefined>;
      socket: { remoteAddress?: string };
    }) =>
      clientKey({
        forwardedFor: [request.headers['x-forwarded-for'] ?? []].flat().join(', ') || undefined,
        remoteAddress: request.socket.remoteAddress,
        trustedProxies: config.trustedProxies,
      }),
  };
}

/** Where a scheduled job runs: on Node, or in a Worker with its bindings and the trigger's time. */
export type JobPlatform =
  | { runtime: 'node' }
  | { runtime: 'workers'; env: Parameters<typeof runScheduledCrawl>[0]['env']; scheduledTime: number };

export type ScheduledJob = {
  readonly name: string;
  /** A cron expression in UTC, as Cloudflare's Cron Triggers take it (minute, hour, day, month, weekday). */
  readonly schedule: string;
  readonly run: (platform: JobPlatform) => Promise<unknown> | unknown;
};

export const SCHEDULED_JOBS = [
  {
    // Workers: a run reads at most the pace's admin calls from where the last one stopped, and keeps the
    // catalogue in KV (scheduled-crawl.ts). Node: a pass starts once the index is older than the content TTL
    // (the pass paces its own calls), so the index stays fresh without waiting for a visitor to read it.
    name: 'catalogue-crawl',
    schedule: '* * * * *',
    run: (platform: JobPlatform) =>
      platform.runtime === 'workers'
        ? runScheduledCrawl({ env: platform.env, scheduledTime: platform.scheduledTime })
        : site().search.warm(),
  },
] as const satisfies readonly ScheduledJob[];

/** Workers' `scheduled()`: the jobs whose schedule is the trigger's cron, one after another. */
async function runScheduledJobs({
  cron,
  ...platform
}: { cron: string } & Extract<JobPlatform, { runtime: 'workers' }>): Promise<void> {
  const due = SCHEDULED_JOBS.filter((job) => job.schedule === cron);
  if (due.length === 0) console.warn(`[jobs] no job is scheduled at "${cron}" (src/background-jobs.ts)`);
  for (const job of due) await job.run(platform);
}

/**
 * Node (and `npm run dev`): every job on its schedule, in UTC, a job never overlapping its own previous run;
 * a run that throws is logged and the next one runs as usual. Returns a stop for each.
 */
export function startJobSchedule(
  platform: Extract<JobPlatform, { runtime: 'node' }>,
  jobs: readonly ScheduledJob[] = SCHEDULED_JOBS,
): { stop(): void } {
  const timers = jobs.map(
    (job) =>
      new Cron(
        job.schedule,
        {
          timezone: 'UTC',
          protect: true,
          unref: true, // a schedule never keeps a process alive that has nothing else to do
          catch: (error) =>
            console.error(`[jobs] ${job.name} failed: ${error instanceof Error ? error.message : error}`),
        },
        async () => {
          await job.run(platform);
        },
      ),
  );
  return { stop: () => timers.forEach((timer) => timer.stop()) };
}

export const backgroundJobs = {
  startNodeServer,
  deliverEnquiryBatch,
  runScheduledJobs,
};
