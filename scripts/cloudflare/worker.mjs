// The Worker's entry (wrangler.jsonc `main`): Waku's fetch handler as its Cloudflare adapter builds it, plus
// the enquiry queue's consumer. A batch is handed to the app itself (src/middleware/05-enquiry-queue.ts)
// under a symbol in the bindings, which no HTTP request can carry, so it is delivered with the app's own
// settings and code; the messages are acknowledged or retried there, one by one. The `send_email` binding
// (SEND_EMAIL) goes with it as a plain function, because `cloudflare:email`'s EmailMessage can only be
// imported here, in the Worker's own bundle, not in the app's Vite build.
//
// The Cron Trigger's `scheduled()` runs the search index's catalogue crawl: the app's own function, called
// directly (wrangler bundles it from the source), which reads and writes the SEARCH_INDEX KV namespace.
import { EmailMessage } from 'cloudflare:email';
import { INTERNAL_runFetch } from '../../dist-cloudflare/server/index.js';
import { runScheduledCrawl } from '../../src/lib/search/scheduled-crawl.ts';

const QUEUE_BATCH = Symbol.for('site.enquiry.queue-batch');
const SEND_EMAIL = Symbol.for('site.enquiry.send-email');

export default {
  fetch: (request, env, ctx) => INTERNAL_runFetch(env, request, env, ctx),
  async queue(batch, env, ctx) {
    const request = new Request('http://worker.internal/enquiry-queue', { method: 'POST' });
    const sendEmail = env.SEND_EMAIL
      ? (from, to, raw) => env.SEND_EMAIL.send(new EmailMessage(from, to, raw))
      : undefined;
    const bindings = { ...env, [QUEUE_BATCH]: batch, [SEND_EMAIL]: sendEmail };
    const response = await INTERNAL_runFetch(env, request, bindings, ctx);
    if (response.status !== 204) throw new Error(`enquiry queue: the app answered ${response.status}`);
  },
  async scheduled(controller, env) {
    await runScheduledCrawl({ env, scheduledTime: controller.scheduledTime });
  },
};
