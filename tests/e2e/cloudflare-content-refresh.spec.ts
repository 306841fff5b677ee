// On Workers, workerd cancels what a request started once its answer has ended, unless it was handed to
// `waitUntil`. The content cache refreshes a value past its TTL in the background while the page is answered
// with the copy it has: that refresh must outlive the answer. Left behind, it never settled, every later
// refresh of that value waited on it, and the page cache's re-render of the page hung: the page showed the old
// content for as long as the isolate lived (a loaded CI run: an edit never showed through the page cache).
import { expect, test } from '@playwright/test';
import { siteEnvFor, startAdmin, type DemoAdmin } from './support/servers';
import { startWorker, type Worker } from './support/worker';

test.describe.configure({ timeout: 120_000 });

let admin: DemoAdmin;
let worker: Worker;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  admin = await startAdmin();
  worker = await startWorker({ ...siteEnvFor(admin), CONTENT_CACHE_TTL_MS: '2000' });
});

test.afterAll(async () => {
  await worker?.stop();
  await admin?.close();
});

test('a refresh the admin answers after the page has been sent still lands, and an edit shows', async () => {
  const page = `${worker.url}/consultations`;
  const html = async () => (await fetch(page)).text();
  expect(await html()).not.toContain('Consultations, as edited');
  // past the content's TTL, with the admin slower than the answer: the page's payload for a client-side
  // navigation (a new key for the page cache, so rendered, with the copy the content cache has) starts the
  // refresh and is sent before the admin answers it
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  admin.setFaults([{ path: '/consultations/content', mode: 'held' }]);
  const payload = await fetch(`${worker.url}/RSC/R/consultations.txt`, {
    headers: { 'x-waku-router-skip': `refresh-${Date.now()}` },
  });
  expect(payload.status).toBe(200);
  await payload.text();
  admin.release(); // the admin answers the refresh only now, after the payload has been sent
  admin.editContent('/consultations/content', (data) => ({ ...data, title: 'Consultations, as edited' }));
  await expect.poll(async () => (await html()).includes('Consultations, as edited'), { timeout: 60_000 }).toBe(true);
});
