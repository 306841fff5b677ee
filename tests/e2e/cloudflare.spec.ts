// The Worker build (`npm run build:cloudflare`) running locally in workerd via `wrangler dev` on 127.0.0.1,
// against the demo admin: key pages, a 404, security headers, HTML that streams when the request accepts
// gzip and br, and enquiries delivered straight to a webhook (a receiver on 127.0.0.1 here: a Worker has no
// disk, so the visitor is told it arrived only once the webhook has it). Skipped when the Worker build is
// missing (test-all.mjs always makes it).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { freePort, startAdmin, type DemoAdmin } from './support/servers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const workerBuilt = existsSync(path.join(root, 'dist-cloudflare/server/serve-cloudflare.js'));

type HookRequest = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** The enquiry webhook: answers every POST with `status` and records what it received. */
class WebhookReceiver {
  status = 200;
  readonly requests: HookRequest[] = [];
  private readonly server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      this.requests.push({ status: this.status, headers: req.headers, body });
      res.writeHead(this.status).end();
    });
  });

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  /** The records the webhook took (answered 2xx). */
  accepted(): { id: string; kind: string; fields: Record<string, unknown>; idempotencyKey: unknown }[] {
    return this.requests
      .filter((request) => request.status >= 200 && request.status < 300)
      .map((request) => ({
        ...(JSON.parse(request.body) as { id: string; kind: string; fields: Record<string, unknown> }),
        idempotencyKey: request.headers['idempotency-key'],
      }));
  }
}

/** Every field of the contact form, as a visitor fills it (the country through the react-select combobox). */
async function fillContactForm(page: Page, email: string): Promise<void> {
  // interactive once the country field has become the react-select combobox
  await expect(page.locator('input#enquiry-country')).toBeAttached();
  await page.getByLabel('First name').fill('Aisha');
  await page.getByLabel('Last name').fill('Al-Khalifa');
  await page.getByLabel('Business email').fill(email);
  await page.getByLabel('Company', { exact: true }).fill('Bapco');
  await page.getByLabel('Job title').fill('Learning Manager');
  await page.getByLabel('Phone', { exact: true }).fill('+973 1700 0000');
  const country = page.getByLabel('Country', { exact: true });
  await country.fill('Bahr');
  await expect(page.getByRole('option', { name: 'Bahrain' })).toBeVisible();
  await country.press('Enter');
  await page.getByLabel('My team').check();
  await page.getByLabel('Message', { exact: true }).fill('Please send dates for Q1.');
  await page.getByLabel(/^Subscribe me/).check();
  await page.getByLabel(/^I agree/).check();
}

test.describe('Cloudflare Worker in workerd', () => {
  test.skip(!workerBuilt, 'run `npm run build:cloudflare` first');
  test.describe.configure({ timeout: 90_000 });

  let admin: DemoAdmin;
  let webhook: WebhookReceiver;
  let wrangler: ChildProcess;
  let url = '';

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    admin = await startAdmin();
    webhook = new WebhookReceiver();
    await webhook.start();
    const port = await freePort();
    wrangler = spawn(
      path.join(root, 'node_modules/.bin/wrangler'),
      [
        'dev',
        '-c',
        'scripts/cloudflare/wrangler.jsonc',
        '--ip',
        '127.0.0.1',
        '--port',
        String(port),
        '--inspector-port',
        String(await freePort()),
        '--var',
        `ADMIN_API_URL:${admin.url}`,
        '--var',
        `ENQUIRY_WEBHOOK_URL:${webhook.url}`,
        '--var',
        'ENQUIRY_RATE_LIMIT:1000',
        '--log-level',
        'warn',
      ],
      {
        cwd: root,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1' },
      },
    );
    let output = '';
    wrangler.stdout?.on('data', (chunk) => (output += chunk));
    wrangler.stderr?.on('data', (chunk) => (output += chunk));
    url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        const res = await fetch(`${url}/healthz`);
        if (res.status === 200) break;
      } catch {
        // not up yet
      }
      if (Date.now() > deadline || wrangler.exitCode !== null)
        throw new Error(`wrangler dev did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });

  test.afterAll(async () => {
    // wrangler starts workerd as a child: stop the whole process group we created
    if (wrangler?.pid && wrangler.exitCode === null) {
      const exited = new Promise((resolve) => wrangler.once('exit', resolve));
      process.kill(-wrangler.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (wrangler.exitCode === null) process.kill(-wrangler.pid, 'SIGKILL');
    }
    await admin?.close();
    await webhook?.stop();
  });

  test.beforeEach(() => {
    admin.resetFaults();
    webhook.status = 200;
    webhook.requests.length = 0;
  });

  test('key pages render with the admin content and the security headers', async ({ page }) => {
    for (const [route, heading] of [
      ['/', /.+/],
      ['/about', /.+/],
      ['/upcoming-training-course-details/101', /.+/],
    ] as const) {
      const response = await page.goto(`${url}${route}`);
      expect(response?.status(), route).toBe(200);
      expect(response?.headers()['content-security-policy'], route).toContain("frame-ancestors 'none'");
      await expect(page.locator('h1').first(), route).toHaveText(heading);
    }
  });

  // /sitemap.xml is not checked here: it waits for the shared search index, which on Workers is built in the
  // background of an earlier request whose I/O workerd cancels once it has answered (see the README).
  test('clean-URL redirects, robots.txt and calendar files also answer on Workers', async () => {
    const redirect = await fetch(`${url}/about/?x=1`, { redirect: 'manual' });
    expect(redirect.status).toBe(308);
    expect(redirect.headers.get('location')).toBe('/about?x=1');
    expect(await (await fetch(`${url}/robots.txt`)).text()).toContain(`Sitemap: ${new URL(url).origin}/sitemap.xml`);
    const category = await (await fetch(`${admin.url}/upcoming-training/details/101`)).json();
    const slug = encodeURIComponent(category.data.training_course[0].slug);
    const calendar = await fetch(`${url}/calendar/${slug}/1.ics`);
    expect(calendar.status).toBe(200);
    expect(await calendar.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);
  });

  test('an unknown route and an unknown course answer 404 with the site’s page', async () => {
    for (const route of ['/no-such-page', '/subCourse-details/no-such-course']) {
      const response = await fetch(`${url}${route}`);
      expect(response.status, route).toBe(404);
      expect(await response.text(), route).toContain('<header');
    }
  });

  // The only test that loads /gallery: the Worker caches admin answers for 60 s, so the delayed gallery
  // content below must not have been fetched before.
  test('HTML streams when the request accepts gzip and br', async () => {
    admin.setFaults([{ path: '/gallery/content', delayMs: 1200 }]);
    const { seenAt, status, html } = await new Promise<{ seenAt: number[]; status: number; html: string }>(
      (resolve, reject) => {
        const started = Date.now();
        const seen = [-1, -1];
        let html = '';
        http
          .get(`${url}/gallery`, { headers: { 'accept-encoding': 'gzip, br' } }, (res) => {
            res.setEncoding('utf8');
            res.on('data', (text: string) => {
              html += text;
              if (seen[0] === -1 && html.includes('<header')) seen[0] = Date.now() - started;
              if (seen[1] === -1 && /<img[^>]+\/media\/gallery/.test(html)) seen[1] = Date.now() - started;
            });
            res.on('end', () => resolve({ seenAt: seen, status: res.statusCode ?? 0, html }));
          })
          .on('error', reject);
      },
    );
    expect(status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>Glimpses of our trainings<\/h1>/);
    const [header, data] = seenAt as [number, number];
    expect(header).toBeGreaterThanOrEqual(0);
    expect(data).toBeGreaterThanOrEqual(1200);
    expect(header).toBeLessThan(data - 500);
  });

  test('a contact enquiry is confirmed once the webhook has it: one JSON record with the submitted email', async ({
    page,
  }) => {
    await page.goto(`${url}/contact-us`);
    await fillContactForm(page, 'aisha.worker@bapco.com.bh');
    await page.getByRole('button', { name: 'Send enquiry' }).click();

    const confirmation = page.getByRole('status').filter({ hasText: 'Thank you, Aisha. Your enquiry has arrived.' });
    await expect(confirmation).toBeFocused();
    const reference = (await confirmation.locator('strong').textContent()) ?? '';
    await expect(page.getByLabel('Business email')).toHaveValue('');

    expect(webhook.requests.map((request) => request.headers['content-type'])).toEqual(['application/json']);
    const records = webhook.accepted();
    expect(records).toHaveLength(1);
    const [record] = records;
    expect(record).toMatchObject({
      kind: 'contact',
      fields: { email: 'aisha.worker@bapco.com.bh', country: 'BH', countryName: 'Bahrain', consent: true },
    });
    expect(record!.idempotencyKey).toBe(record!.id);
    expect(record!.id.slice(0, 8).toUpperCase()).toBe(reference);
  });

  test('a webhook answering 500 to everything: the visitor is told it was not sent and keeps what was typed', async ({
    page,
  }) => {
    webhook.status = 500;
    await page.goto(`${url}/contact-us`);
    await fillContactForm(page, 'down.worker@bapco.com.bh');
    await page.getByRole('button', { name: 'Send enquiry' }).click();

    const notice = page
      .getByRole('alert')
      .filter({ hasText: 'We could not save your enquiry just now, so it was not sent.' });
    await expect(notice).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'Your enquiry has arrived' })).toHaveCount(0);
    await expect(page.getByLabel('First name')).toHaveValue('Aisha');
    await expect(page.getByLabel('Business email')).toHaveValue('down.worker@bapco.com.bh');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Please send dates for Q1.');
    await expect(page.locator('#enquiry-form')).toContainText('Bahrain');
    await expect(page.getByLabel(/^I agree/)).toBeChecked();
    expect(webhook.requests.length).toBeGreaterThan(0); // it was tried, and refused every time
    expect(webhook.accepted()).toEqual([]);

    // once the webhook is back, sending the kept form again arrives, once
    webhook.status = 200;
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your enquiry has arrived' })).toBeFocused();
    expect(webhook.accepted().map((record) => record.fields.email)).toEqual(['down.worker@bapco.com.bh']);
  });
});
