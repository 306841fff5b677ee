// Issue 18: every enquiry in a person's inbox. The production build sends through a real SMTP server on
// 127.0.0.1 (scripts/demo-mail/mail-catcher.mjs, the smtp-server package); what arrives is parsed with
// mailparser. Outages, refusals and a kill -9 in the middle of a burst lose nothing.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { startMailCatcher } from '../../scripts/demo-mail/mail-catcher.mjs';
import { freePort, startAdmin, startSite, type DemoAdmin } from './support/servers';
import { searchableCountry } from './support/form-reached';
import { TEST_SITE_IDENTITY } from './support/identity';

type Catcher = Awaited<ReturnType<typeof startMailCatcher>>;

const TEAM = 'bookings@gulf-training.test';
const FROM = 'website@gulf-training.test';

const emailEnv = (smtpPort: number, outboxDir: string): Record<string, string> => ({
  ENQUIRY_OUTBOX_DIR: outboxDir,
  ENQUIRY_RATE_LIMIT: '1000',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  ENQUIRY_EMAIL_TO: TEAM,
  ENQUIRY_EMAIL_FROM: FROM,
  ENQUIRY_REPLY_TIME: 'We answer every booking within four working hours.',
  // the outage tests wait for retries: keep the back-off short
  ENQUIRY_WEBHOOK_RETRY_MS: '100',
  ENQUIRY_WEBHOOK_RETRY_MAX_MS: '400',
});

const parse = (catcher: Catcher): Promise<ParsedMail[]> =>
  Promise.all(catcher.messages.map((mail) => simpleParser(mail.raw)));

/** What the local caller of /healthz learns about enquiry delivery. */
async function enquiryHealth(siteUrl: string): Promise<{ channels: string[]; pending?: Record<string, number> }> {
  const body = (await (await fetch(`${siteUrl}/healthz`)).json()) as {
    enquiries: { channels: string[]; pending?: Record<string, number> };
  };
  return body.enquiries;
}

function contactRecord(n: number) {
  return {
    v: 1,
    id: `${n.toString(16).padStart(8, '0')}0123456789abcdef01234567`,
    kind: 'contact',
    receivedAt: new Date().toISOString(),
    fields: {
      firstName: `Delegate${n}`,
      lastName: 'Khalid',
      email: `person${n}@bapco.com.bh`,
      company: 'Bapco',
      jobTitle: 'HR',
      phone: '+97317000000',
      country: 'BH',
      trainingFor: 'team',
      message: 'Hello',
      subscribe: true,
      consent: true,
      countryName: 'Bahrain',
    },
  };
}

let admin: DemoAdmin;
let dir: string;
const cleanups: (() => Promise<unknown>)[] = [];

test.beforeAll(async () => {
  admin = await startAdmin();
});

test.afterAll(async () => {
  await admin?.close();
});

test.beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'enquiry-email-e2e-'));
});

test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await rm(dir, { recursive: true, force: true });
});

test('the contact form: the team email and the acknowledgement arrive, with the reference the visitor saw', async ({
  page,
}) => {
  const smtp = await startMailCatcher();
  cleanups.push(() => smtp.close());
  const site = await startSite(admin, emailEnv(smtp.port, dir));
  cleanups.push(() => site.stop());

  await page.goto(`${site.url}/contact-us`);
  await searchableCountry(page);
  await page.getByLabel('First name').fill('عائشة');
  await page.getByLabel('Last name').fill('الخليفة');
  await page.getByLabel('Business email').fill('aisha@bapco.com.bh');
  await page.getByLabel('Company', { exact: true }).fill('Bapco');
  await page.getByLabel('Job title').fill('Learning Manager');
  await page.getByLabel('Phone', { exact: true }).fill('+973 1700 0000');
  await page.locator('input#enquiry-country').fill('Bahrain');
  await page.keyboard.press('Enter');
  await page.getByLabel('My team').check();
  await page.getByLabel('Message', { exact: true }).fill('Dates for Q1, please.');
  await page.getByLabel(/^Subscribe me/).check();
  await page.getByLabel(/^I agree/).check();
  await page.getByRole('button', { name: 'Send enquiry' }).click();
  const confirmation = page.getByRole('status');
  await expect(confirmation).toContainText('Your enquiry has arrived.');
  const reference = (await confirmation.locator('strong').textContent())!;

  await expect.poll(() => smtp.messages.length, { timeout: 10_000 }).toBe(2);
  const mails = await parse(smtp);
  const team = mails.find((mail) => mail.messageId?.includes('.team@'))!;
  const ack = mails.find((mail) => mail.messageId?.includes('.ack@'))!;
  // the topic and the label the visitor chose, not the value the form sent
  expect(team.subject).toBe(`Enquiry about training for my team: عائشة الخليفة (Bapco) [${reference}]`);
  expect(team.text).toContain('Training for: My team');
  expect(team.replyTo?.value).toEqual([{ name: 'عائشة الخليفة', address: 'aisha@bapco.com.bh' }]);
  expect(team.text).toContain('Country: Bahrain');
  expect(team.text).toContain('Message: Dates for Q1, please.');
  expect(team.html).toContain('>Job title</th>');
  expect(ack.to).toMatchObject({ value: [{ address: 'aisha@bapco.com.bh' }] });
  expect(ack.subject).toBe(`We have your enquiry (reference ${reference}) - ${TEST_SITE_IDENTITY.SITE_NAME}`);
  expect(ack.text).toContain('We answer every booking within four working hours.');
  expect(ack.text).toContain(TEST_SITE_IDENTITY.SITE_EMAIL);
  // the outbox marks each delivered once the server has answered the send, a moment after the mail arrived
  await expect
    .poll(() => enquiryHealth(site.url))
    .toEqual({ channels: ['email'], pending: { 'team-email': 0, 'visitor-email': 0 } });
});

test('SMTP down: the visitor is still confirmed; once it is back each email arrives exactly once', async () => {
  const smtpPort = await freePort(); // nothing listens there yet
  const site = await startSite(admin, emailEnv(smtpPort, dir));
  cleanups.push(() => site.stop());
  // three enquiries through the real form (no JavaScript), each confirmed while the mail server is away
  for (const name of ['Amal', 'Badr', 'Dana']) {
    const html = await (await fetch(`${site.url}/contact-us`)).text();
    const start = html.indexOf('action="#enquiry-form"');
    const form = html.slice(start, html.indexOf('</form>', start));
    const body = new FormData();
    for (const match of form.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?\/>/g))
      body.append(match[1]!.replace(/&quot;/g, '"'), (match[2] ?? '').replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
    const fields = {
      firstName: name,
      lastName: 'Nasser',
      email: `${name.toLowerCase()}@bapco.com.bh`,
      company: 'Bapco',
      jobTitle: 'HR',
      phone: '+973 1700 0000',
      country: 'BH',
      trainingFor: 'team',
      message: 'Hello',
      subscribe: 'yes',
      consent: 'yes',
    };
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    const response = await fetch(`${site.url}/contact-us`, { method: 'POST', body });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Your enquiry has arrived.');
  }
  await expect
    .poll(async () => (await enquiryHealth(site.url)).pending)
    .toEqual({ 'team-email': 3, 'visitor-email': 3 });

  const smtp = await startMailCatcher({ port: smtpPort });
  cleanups.push(() => smtp.close());
  await expect
    .poll(async () => (await enquiryHealth(site.url)).pending, { timeout: 15_000 })
    .toEqual({ 'team-email': 0, 'visitor-email': 0 });
  const ids = (await parse(smtp)).map((mail) => mail.messageId);
  expect(ids).toHaveLength(6);
  expect(new Set(ids).size).toBe(6);
});

test('kill -9 in the middle of a delivery burst: after a restart nothing is lost, at most one repeat', async () => {
  test.setTimeout(60_000); // two site starts
  const total = 25;
  await writeFile(
    path.join(dir, 'enquiries.jsonl'),
    Array.from({ length: total }, (_, index) => `${JSON.stringify(contactRecord(index + 1))}\n`).join(''),
  );
  // a mail server that takes its time, so the burst is still under way when the site is killed
  const smtp = await startMailCatcher({ answer: () => new Promise((resolve) => setTimeout(resolve, 40)) });
  cleanups.push(() => smtp.close());
  const env = emailEnv(smtp.port, dir);
  const first = await startSite(admin, env);
  cleanups.push(() => first.stop());
  await expect.poll(() => smtp.messages.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(8);
  await first.kill();
  const atKill = smtp.messages.length;
  expect(atKill).toBeLessThan(total * 2);

  const second = await startSite(admin, env);
  cleanups.push(() => second.stop());
  await expect
    .poll(async () => (await enquiryHealth(second.url)).pending, { timeout: 20_000 })
    .toEqual({ 'team-email': 0, 'visitor-email': 0 });

  const counts = new Map<string, number>();
  for (const mail of await parse(smtp)) counts.set(mail.messageId!, (counts.get(mail.messageId!) ?? 0) + 1);
  expect(counts.size).toBe(total * 2); // every record's two emails
  const repeats = [...counts.values()].filter((count) => count > 1);
  // only a message in flight at the kill can arrive twice: one per channel at most, never more than twice
  expect(repeats.every((count) => count === 2)).toBe(true);
  expect(repeats.length).toBeLessThanOrEqual(2);
});

test('no delivery configured: the site says so at start-up and /healthz reports no channel', async () => {
  const site = await startSite(admin, { ENQUIRY_OUTBOX_DIR: dir });
  cleanups.push(() => site.stop());
  await expect.poll(() => site.output()).toContain('no delivery is configured');
  expect(await enquiryHealth(site.url)).toEqual({ channels: [], pending: {} });
});
