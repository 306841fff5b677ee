// Enquiries on the Worker build (`npm run build:cloudflare`) in workerd via `wrangler dev`, whose local
// Cloudflare Queues run the real producer → queue → consumer path: the form's action puts the record on the
// queue and the visitor is told it arrived; the Worker's queue consumer posts it to the webhook (a receiver on
// 127.0.0.1 here), retrying while the webhook is down. The receiver keeps what it took by Idempotency-Key, as
// a real one should: it must see each enquiry exactly once. They fail when the Worker build is missing.
// With ENQUIRY_EMAIL_* the consumer also sends the team's copy and the visitor's acknowledgement through the
// `send_email` binding, which wrangler dev simulates: miniflare checks each raw message (it parses it with
// postal-mime and refuses a From that differs from the envelope, a missing Message-ID, a Received header),
// writes it to a temporary .eml file and logs that file's path; the tests read and parse those files.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { SubCourse } from './support/admin-data';
import { pdfText } from './support/pdf-text';
import { startAdmin, type DemoAdmin, type Site } from './support/servers';
import { numberOfDelegates, searchableCountry } from './support/form-reached';
import { startWorker } from './support/worker';

type Taken = { id: string; kind: string; fields: Record<string, unknown> };

/**
 * The enquiry webhook: answers `status` (or, with `loseAnswers`, takes the record and then drops the
 * connection, as a webhook whose answer is lost on the way would), and keeps each record once by its
 * Idempotency-Key, like any receiver of at-least-once delivery.
 */
class WebhookReceiver {
  status = 200;
  loseAnswers = 0;
  readonly posts: { key: string | undefined; id: string; status: number | 'lost' }[] = [];
  readonly kept = new Map<string, Taken>();
  private readonly server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const record = JSON.parse(body) as Taken;
      const key = req.headers['idempotency-key'] as string | undefined;
      if (this.status >= 200 && this.status < 300 && key && !this.kept.has(key)) this.kept.set(key, record);
      if (this.status < 300 && this.loseAnswers > 0) {
        this.loseAnswers -= 1;
        this.posts.push({ key, id: record.id, status: 'lost' });
        req.socket.destroy();
        return;
      }
      this.posts.push({ key, id: record.id, status: this.status });
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
}

/** Every field of the contact form, as a visitor fills it (the country through the react-select combobox). */
async function fillContactForm(page: Page, email: string): Promise<void> {
  await searchableCountry(page);
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
  await tick(page.getByLabel('My team'));
  await page.getByLabel('Message', { exact: true }).fill('Please send dates for Q1.');
  await tick(page.getByLabel(/^Subscribe me/));
  await tick(page.getByLabel(/^I agree/));
}

/**
 * Tick a box or a radio until it holds. A click that lands while the Worker's streamed form is still being
 * hydrated can be taken back by React (seen on a loaded machine: "Clicking the checkbox did not change its
 * state"); a visitor clicks again, and so does the test, instead of depending on how fast the machine is.
 */
async function tick(control: Locator): Promise<void> {
  await expect(async () => {
    await control.check({ timeout: 2_000 });
    await expect(control).toBeChecked({ timeout: 1_000 });
  }).toPass();
}

/** Send the filled contact form and return the reference the confirmation shows. */
async function send(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Send enquiry' }).click();
  const confirmation = page.getByRole('status').filter({ hasText: 'Thank you, Aisha. Your enquiry has arrived.' });
  await expect(confirmation).toBeFocused();
  return (await confirmation.locator('strong').textContent()) ?? '';
}

test.describe('enquiries on the Worker: queued, then delivered', () => {
  test.describe.configure({ timeout: 120_000 });

  let admin: DemoAdmin;
  let webhook: WebhookReceiver;
  let worker: Site;
  let url = '';

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    admin = await startAdmin();
    webhook = new WebhookReceiver();
    await webhook.start();
    worker = await startWorker({
      ADMIN_API_URL: admin.url,
      ENQUIRY_WEBHOOK_URL: webhook.url,
      ENQUIRY_WEBHOOK_RETRY_MS: '1000',
      ENQUIRY_WEBHOOK_RETRY_MAX_MS: '2000',
      ENQUIRY_WEBHOOK_TIMEOUT_MS: '3000',
      FORM_TOKEN_SECRET: 'a-secret-shared-by-every-isolate',
      ENQUIRY_RATE_LIMIT: '1000',
    });
    url = worker.url;
  });

  test.afterAll(async () => {
    await worker?.stop();
    await admin?.close();
    await webhook?.stop();
  });

  test.beforeEach(() => {
    webhook.status = 200;
    webhook.loseAnswers = 0;
    webhook.posts.length = 0;
    webhook.kept.clear();
  });

  test('a contact enquiry is confirmed once queued and reaches the webhook: one JSON record, keyed by its id', async ({
    page,
  }) => {
    await page.goto(`${url}/contact-us`);
    await fillContactForm(page, 'aisha.worker@bapco.com.bh');
    const reference = await send(page);
    await expect(page.getByLabel('Business email')).toHaveValue('');

    await expect.poll(() => webhook.kept.size, { timeout: 20_000 }).toBe(1);
    const [key, record] = [...webhook.kept][0]!;
    expect(record).toMatchObject({
      kind: 'contact',
      fields: { email: 'aisha.worker@bapco.com.bh', country: 'BH', countryName: 'Bahrain', consent: true },
    });
    expect(key).toBe(record.id);
    expect(record.id.slice(0, 8).toUpperCase()).toBe(reference);
  });

  test('accepted while the webhook is down, delivered once it is back, exactly once as the receiver sees it', async ({
    page,
  }) => {
    webhook.status = 503;
    await page.goto(`${url}/contact-us`);
    await fillContactForm(page, 'down.worker@bapco.com.bh');
    const reference = await send(page); // the visitor is told it arrived: the queue has it

    await expect.poll(() => webhook.posts.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2); // tried, retried
    expect(webhook.kept.size).toBe(0);
    // back, but the first answer is lost on the way: the consumer cannot know it arrived and sends it again
    webhook.loseAnswers = 1;
    webhook.status = 200;
    await expect.poll(() => webhook.posts.filter((post) => post.status === 200).length, { timeout: 30_000 }).toBe(1);

    expect(webhook.kept.size).toBe(1);
    const [key, record] = [...webhook.kept][0]!;
    expect(record.fields.email).toBe('down.worker@bapco.com.bh');
    expect(record.id.slice(0, 8).toUpperCase()).toBe(reference);
    // every post was the same enquiry under the same key; it is acknowledged now, so no more come
    expect(new Set(webhook.posts.map((post) => post.key))).toEqual(new Set([key]));
    expect(webhook.posts.map((post) => post.status)).toContain('lost');
    const posts = webhook.posts.length;
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(webhook.posts.length).toBe(posts);
  });

  test('a form token the site never issued is refused with a plain message, the typed text kept; nothing is queued', async () => {
    const page = `${url}/contact-us`;
    const html = await (await fetch(page)).text();
    const issued = /name="formToken" value="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(issued).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/);
    // what a browser without JavaScript sends: the form's hidden inputs, the fields, and a made-up token
    const start = html.indexOf('action="#enquiry-form"');
    const form = html.slice(start, html.indexOf('</form>', start));
    const body = new FormData();
    for (const match of form.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?\/>/g))
      body.append(
        match[1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&'),
        (match[2] ?? '').replace(/&quot;/g, '"').replace(/&amp;/g, '&'),
      );
    const fields = {
      firstName: 'Forged',
      lastName: 'Token',
      email: 'f@bapco.com.bh',
      company: 'Bapco',
      jobTitle: 'HR',
    };
    for (const [name, value] of Object.entries({
      ...fields,
      phone: '+973 1700 0000',
      country: 'BH',
      trainingFor: 'team',
      message: 'Hi',
      subscribe: 'yes',
      consent: 'yes',
    }))
      body.append(name, value);
    body.set('formToken', `${issued.slice(0, -43)}${'A'.repeat(43)}`);
    const answer = await fetch(page, { method: 'POST', body });
    expect(answer.status).toBe(400);
    const text = await answer.text();
    expect(text).toContain('This form had expired, so nothing was sent. Your details are still here');
    expect(text).toContain('value="Forged"');
    await new Promise((resolve) => setTimeout(resolve, 2500)); // longer than the queue's batch timeout
    expect(webhook.posts).toEqual([]);
  });
});

/** Each message the simulated send_email binding took, parsed, in the order the Worker sent them. */
async function sentEmails(output: string): Promise<ParsedMail[]> {
  // eslint-disable-next-line no-control-regex
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  const files = [...plain.matchAll(/send_email binding called with the following message:\s+(\S+\.eml)/g)].map(
    (match) => match[1]!,
  );
  return Promise.all(files.map(async (file) => simpleParser(await readFile(file))));
}

const addresses = (field: ParsedMail['to'] | ParsedMail['replyTo']) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((entry) => entry.value.map((one) => one.address));

test.describe('enquiries on the Worker by email: the send_email binding, no webhook', () => {
  test.describe.configure({ timeout: 120_000 });

  const SLUG = 'pmp-exam-preparation-bootcamp';
  const HEALTHZ_TOKEN = 'a-healthz-token-for-the-tests';
  let admin: DemoAdmin;
  let worker: Site;
  let subCourse: SubCourse;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    admin = await startAdmin();
    subCourse = ((await (await fetch(`${admin.url}/course-venue/details/${SLUG}`)).json()) as { data: SubCourse }).data;
    worker = await startWorker(
      {
        ADMIN_API_URL: admin.url,
        ENQUIRY_EMAIL_TO: 'bookings@gulf-training.test',
        ENQUIRY_EMAIL_FROM: 'website@gulf-training.test',
        SITE_NAME: 'Gulf Training',
        ENQUIRY_WEBHOOK_RETRY_MS: '1000',
        ENQUIRY_WEBHOOK_RETRY_MAX_MS: '2000',
        FORM_TOKEN_SECRET: 'a-secret-shared-by-every-isolate',
        ENQUIRY_RATE_LIMIT: '1000',
        HEALTHZ_TOKEN,
      },
      undefined,
      { logLevel: 'info' },
    );
  });

  test.afterAll(async () => {
    await worker?.stop();
    await admin?.close();
  });

  test('the first request says where enquiries go, and /healthz lists email', async () => {
    const health = await fetch(`${worker.url}/healthz`, { headers: { authorization: `Bearer ${HEALTHZ_TOKEN}` } });
    expect(((await health.json()) as { enquiries: unknown }).enquiries).toEqual({ channels: ['email'] });
    await expect
      .poll(() => worker.output())
      .toContain('enquiries: queued, then emailed to bookings@gulf-training.test through send_email');
  });

  test("a contact enquiry is accepted without a webhook: the team's copy and the acknowledgement are sent", async ({
    page,
  }) => {
    const before = (await sentEmails(worker.output())).length;
    await page.goto(`${worker.url}/contact-us`);
    await fillContactForm(page, 'aisha.mail@bapco.com.bh');
    const reference = await send(page);

    await expect.poll(async () => (await sentEmails(worker.output())).length, { timeout: 20_000 }).toBe(before + 2);
    const mails = (await sentEmails(worker.output())).slice(before);
    const team = mails.find((mail) => addresses(mail.to).includes('bookings@gulf-training.test'))!;
    const ack = mails.find((mail) => addresses(mail.to).includes('aisha.mail@bapco.com.bh'))!;
    expect(team.subject).toBe(`Enquiry about training for my team: Aisha Al-Khalifa (Bapco) [${reference}]`);
    expect(team.text).toContain('Training for: My team');
    expect(team.from?.value[0]).toEqual({ name: 'Gulf Training', address: 'website@gulf-training.test' });
    expect(addresses(team.replyTo)).toEqual(['aisha.mail@bapco.com.bh']);
    expect(team.text).toContain('Message: Please send dates for Q1.');
    expect(team.html).toContain('<th scope="row"');
    expect(team.messageId).toMatch(new RegExp(`^<${reference.toLowerCase()}[0-9a-f-]*\\.team@gulf-training\\.test>$`));
    expect(ack.subject).toBe(`We have your enquiry (reference ${reference}) - Gulf Training`);
    expect(ack.text).toContain(`its reference is ${reference}`);
    expect(ack.messageId).toBe(team.messageId!.replace('.team@', '.ack@'));
    // delivered and acknowledged: nothing is sent again
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await sentEmails(worker.output())).length).toBe(before + 2);
  });

  test('a registration for 2 delegates: both emails, the total, and the session as an .ics attachment', async ({
    page,
  }) => {
    const session = subCourse.course_venue[0]!;
    const before = (await sentEmails(worker.output())).length;
    await page.goto(`${worker.url}/subCourse-details/${SLUG}`);
    await page
      .getByRole('link', { name: /^Register\b/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/register\?session=/);
    const count = await numberOfDelegates(page); // react-aria: interactive
    await count.fill('2');
    await count.press('Tab');
    await expect(page.getByRole('group', { name: /^Delegate \d+$/ })).toHaveCount(2);
    await page.getByLabel('Your full name').fill('Mariam Al-Sayed');
    await page.getByRole('textbox', { name: 'Business email' }).first().fill('mariam@bapco.com.bh');
    await page.getByLabel('Phone').fill('+973 1700 0000');
    await page.getByRole('textbox', { name: 'Company' }).fill('Bapco');
    // the country stays the native select on this page (record 028)
    await page.locator('select#registration-country').selectOption('BH');
    for (const number of [1, 2]) {
      const group = page.getByRole('group', { name: `Delegate ${number}` });
      await group.getByLabel('Full name').fill(`Delegate ${number} Name`);
      await group.getByLabel('Job title').fill(`Engineer ${number}`);
      await group.getByLabel('Business email').fill(`delegate${number}@bapco.com.bh`);
    }
    await page.getByText('The company (send us an invoice)').click();
    await page.getByText(/^I agree/).click();
    await page.getByRole('button', { name: 'Register' }).click();
    // the confirmation replaces the form, with the quotation the Worker makes from its sealed address
    const confirmation = page.getByRole('status');
    await expect(page.getByRole('heading', { name: 'Registration received' })).toBeFocused();
    await expect(confirmation).toContainText('Your reference is');
    const reference = (await confirmation.locator('strong').textContent())!;
    const quotation = page.getByRole('link', { name: 'Quotation for your purchase order (PDF)' });
    const quoted = await pdfText(await fetch(new URL((await quotation.getAttribute('href'))!, worker.url)));
    expect(quoted).toContain(`Quotation ${reference}`);
    expect(quoted).toContain('Booked by: Mariam Al-Sayed');
    expect(quoted).toContain(`Total (US dollars) US$ ${(session.course_fee * 2).toLocaleString('en-US')}`);

    await expect.poll(async () => (await sentEmails(worker.output())).length, { timeout: 20_000 }).toBe(before + 2);
    const mails = (await sentEmails(worker.output())).slice(before);
    const team = mails.find((mail) => addresses(mail.to).includes('bookings@gulf-training.test'))!;
    const ack = mails.find((mail) => addresses(mail.to).includes('mariam@bapco.com.bh'))!;
    const total = (session.course_fee * 2).toLocaleString('en-US');
    expect(team.subject).toContain(`Registration: ${subCourse.title}`);
    expect(team.subject).toContain(`Mariam Al-Sayed (Bapco), 2 delegates [${reference}]`);
    expect(addresses(team.replyTo)).toEqual(['mariam@bapco.com.bh']);
    for (const number of [1, 2])
      expect(team.text).toContain(
        `Delegate ${number}: Delegate ${number} Name, Engineer ${number}, delegate${number}@bapco.com.bh`,
      );
    expect(team.text).toContain(`Total: US$ ${total}`);
    expect(team.attachments.map((file) => file.contentType)).toEqual(['application/pdf']);
    expect(ack.subject).toBe(`We have your registration (reference ${reference}) - Gulf Training`);
    expect(ack.text).toContain(`The total for 2 delegates is US$ ${total}`);
    expect(ack.attachments).toHaveLength(1);
    const [ics] = ack.attachments;
    expect(ics!.contentType).toBe('text/calendar');
    const calendar = ics!.content.toString('utf8');
    expect(calendar).toContain(`DTSTART;VALUE=DATE:${session.start_date.slice(0, 10).replace(/-/g, '')}`);
    expect(calendar).toContain(`SUMMARY:${subCourse.title}`);
    expect(calendar).toContain('LOCATION:');
  });
});

test.describe('a Worker with no delivery channel', () => {
  test.describe.configure({ timeout: 120_000 });

  test('says so on its first request and /healthz lists no channel, before any enquiry', async () => {
    test.setTimeout(90_000);
    const admin = await startAdmin();
    const HEALTHZ_TOKEN = 'a-healthz-token-for-the-tests';
    // the send_email binding is there (wrangler.jsonc), but without ENQUIRY_EMAIL_* it is not a channel
    const worker = await startWorker({
      ADMIN_API_URL: admin.url,
      FORM_TOKEN_SECRET: 'a-secret-shared-by-every-isolate',
      HEALTHZ_TOKEN,
    });
    try {
      const health = await fetch(`${worker.url}/healthz`, { headers: { authorization: `Bearer ${HEALTHZ_TOKEN}` } });
      expect(((await health.json()) as { enquiries: unknown }).enquiries).toEqual({ channels: [] });
      await expect.poll(() => worker.output()).toContain('enquiries: no delivery is configured');
      await expect.poll(() => worker.output()).toContain('every enquiry is refused');
    } finally {
      await worker.stop();
      await admin.close();
    }
  });
});

test.describe('on the Worker, an email send_email refuses is retried alone', () => {
  test.describe.configure({ timeout: 120_000 });

  test("the acknowledgement is refused (an unverified address) and retried; the team's copy and the webhook go once", async ({
    page,
  }) => {
    test.setTimeout(110_000);
    const admin = await startAdmin();
    const webhook = new WebhookReceiver();
    await webhook.start();
    const worker = await startWorker(
      {
        ADMIN_API_URL: admin.url,
        ENQUIRY_WEBHOOK_URL: webhook.url,
        ENQUIRY_EMAIL_TO: 'bookings@gulf-training.test',
        ENQUIRY_EMAIL_FROM: 'website@gulf-training.test',
        ENQUIRY_WEBHOOK_RETRY_MS: '1000',
        ENQUIRY_WEBHOOK_RETRY_MAX_MS: '2000',
        FORM_TOKEN_SECRET: 'a-secret-shared-by-every-isolate',
      },
      undefined,
      { logLevel: 'info', emailDestinations: ['bookings@gulf-training.test'] },
    );
    try {
      await page.goto(`${worker.url}/contact-us`);
      await fillContactForm(page, 'refused.ack@bapco.com.bh');
      const reference = await send(page); // accepted: the queue holds it for all three channels

      const refusals = () =>
        worker.output().match(/for the acknowledgement email \(attempt \d+\): send_email refused it/g)?.length ?? 0;
      await expect.poll(refusals, { timeout: 30_000 }).toBeGreaterThanOrEqual(3); // tried, retried, retried
      const mails = await sentEmails(worker.output());
      expect(mails).toHaveLength(1); // the team's copy, once, while the acknowledgement keeps being retried
      expect(addresses(mails[0]!.to)).toEqual(['bookings@gulf-training.test']);
      expect(mails[0]!.subject).toContain(`[${reference}]`);
      expect(webhook.posts).toHaveLength(1);
      expect(worker.output()).not.toContain('refused.ack@bapco.com.bh'); // the visitor's address stays out of the log
    } finally {
      await worker.stop();
      await webhook.stop();
      await admin.close();
    }
  });
});
