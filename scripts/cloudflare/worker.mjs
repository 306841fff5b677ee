// The Worker's entry (wrangler.jsonc `main`): Waku's fetch handler as its Cloudflare adapter builds it, and
// the two jobs that are not requests, each the app's own function called directly with the Worker's
// bindings (src/background-jobs.ts), never through the request chain:
// - `queue()`: the enquiry queue's consumer delivers each message to its channel (webhook, team email,
//   acknowledgement), acknowledging or retrying them one by one. The `send_email` binding (SEND_EMAIL) goes
//   with it as a plain function, because `cloudflare:email`'s EmailMessage can only be imported here, in the
//   Worker's own bundle, not in the app's Vite build.
// - `scheduled()`: the scheduled jobs whose schedule is the trigger's cron (src/background-jobs.ts
//   SCHEDULED_JOBS; wrangler.jsonc's crons list the same schedules), such as the catalogue crawl, which reads
//   and writes the SEARCH_INDEX KV namespace.
import { EmailMessage } from 'cloudflare:email';
import { INTERNAL_runFetch, unstable_serverEntry } from '../../dist-cloudflare/server/index.js';

const { backgroundJobs } = unstable_serverEntry;

export default {
  fetch: (request, env, ctx) => INTERNAL_runFetch(env, request, env, ctx),
  async queue(batch, env) {
    const sendEmail = env.SEND_EMAIL
      ? (from, to, raw) => env.SEND_EMAIL.send(new EmailMessage(from, to, raw))
      : undefined;
    await backgroundJobs.deliverEnquiryBatch({ batch, env, sendEmail });
  },
  async scheduled(controller, env) {
    await backgroundJobs.runScheduledJobs({
      cron: controller.cron,
      runtime: 'workers',
      env,
      scheduledTime: controller.scheduledTime,
    });
  },
};
