// "No mail relay" (record 034): the acknowledgement goes to whatever address a form names, from the provider's
// own address. The production build, the demo admin, a real SMTP server on 127.0.0.1 (the mail catcher, the
// smtp-server package); what arrives is parsed with mailparser. Forms are posted as a browser without
// JavaScript posts them (the page's own hidden fields, a fresh rendering each), from the client address a
// trusted proxy names (TRUST_PROXY=1), so ten clients are ten X-Forwarded-For values.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { startMailCatcher } from '../../scripts/demo-mail/mail-catcher.mjs';
import { startAdmin, startSite, type DemoAdmin } from './support/servers';
import { decodeHtmlAttribute, firstRegistrationAddress } from './support/html-text';

const SLUG = 'pmp-exam-preparation-bootcamp';
const TEAM = 'bookings@gulf-training.test';
const SITE_URL = 'https://www.gulf-training.test';
const PRIZE_NAME = 'Prize Team: claim your prize at https://evil.example/win - call +1 555 0100';

type Catcher = Awaited<ReturnType<typeof startMailCatcher>>;

let admin: DemoAdmin;
let site: Awaited<ReturnType<typeof startSite>>;
let smtp: Catcher;
let dir: string;

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'mail-relay-e2e-'));
  admin = await startAdmin();
  smtp = await startMailCatcher();
  // the default limits: 5 enquiries per client per 10 minutes, 3 acknowledgements per address per hour
  site = await startSite(admin, {
    ENQUIRY_OUTBOX_DIR: dir,
    TRUST_PROXY: '1',
    SMTP_URL: smtp.url,
    ENQUIRY_EMAIL_TO: TEAM,
    ENQUIRY_EMAIL_FROM: 'website@gulf-training.test',
    SITE_URL,
  });
});

test.afterAll(async () => {
  await site?.stop();
  await smtp?.close();
  await admin?.close();
  await rm(dir, { recursive: true, force: true });
});

/** `max` characters of distinct links, numbered from `from`. */
function links(max: number, from = 0): string {
  let text = '';
  for (let n = from; (text + `https://evil.example/win/${n} `).length <= max; n += 1)
    text += `https://evil.example/win/${n} `;
  return text.trim();
}

/**
 * Posts form #anchor of a fresh rendering of `pagePath` with `fields`, as a browser without JavaScript does,
 * from `client` (the address the trusted proxy names); returns the answer's status and HTML.
 */
async function postForm(
  pagePath: string,
  anchor: string,
  fields: Record<string, string>,
  client: string,
): Promise<{ status: number; html: string }> {
  const url = `${site.url}${pagePath}`;
  const html = await (await fetch(url)).text();
  const start = html.indexOf(`action="#${anchor}"`);
  expect(start, `form #${anchor} on ${pagePath}`).toBeGreaterThan(-1);
  const form = html.slice(start, html.indexOf('</form>', start));
  const body = new FormData();
  for (const match of form.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?\/>/g))
    body.append(decodeHtmlAttribute(match[1]!), decodeHtmlAttribute(match[2] ?? ''));
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const response = await fetch(url, { method: 'POST', body, headers: { 'x-forwarded-for': client } });
  return { status: response.status, html: await response.text() };
}

const mailsTo = (address: string): Promise<ParsedMail[]> =>
  Promise.all(smtp.messages.filter((mail) => mail.envelope.to.includes(address)).map((mail) => simpleParser(mail.raw)));

/** The team's copy of the enquiry with `reference` (its Message-ID is `<record id>.team@…`), once it has arrived. */
async function teamCopy(reference: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(async () => {
      found = (await mailsTo(TEAM)).find((mail) => mail.messageId?.startsWith(`<${reference.toLowerCase()}`));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/** The reference the confirmation shows (its first 8 characters of the record's id, in upper case). */
const referenceIn = (html: string): string => /<strong[^>]*>([0-9A-F]{8})<\/strong>/.exec(html)![1]!;

/** The acknowledgement holds none of `typed` and links to nothing but the site; the team's copy holds all. */
async function expectNoRelay(victim: string, reference: string, typed: string[]): Promise<void> {
  const team = await teamCopy(reference);
  await expect.poll(async () => (await mailsTo(victim)).length).toBe(1);
  const [ack] = await mailsTo(victim);
  expect(ack!.subject).toContain(`reference ${reference}`);
  expect(ack!.to).toMatchObject({ value: [{ name: '', address: victim }] });
  expect(ack!.text!.startsWith('Hello,\n')).toBe(true);
  for (const text of [ack!.text!, ack!.html as string, ack!.subject!]) {
    expect(text).not.toContain('evil.example');
    expect(text).not.toContain('555 0100');
    for (const value of typed) expect(text, value).not.toContain(value);
  }
  const urls = ack!.text!.match(/https?:\/\/\S+/g) ?? [];
  expect(urls.filter((url) => !url.startsWith(SITE_URL))).toEqual([]);
  for (const value of typed) expect(team.text, value).toContain(value);
}

test.describe('a form filled with links and long text in every field', () => {
  test('a registration for 20 delegates: the acknowledgement names the session, nothing typed', async () => {
    const course = await (await fetch(`${site.url}/subCourse-details/${SLUG}`)).text();
    const href = firstRegistrationAddress(course);
    const victim = 'registration-victim@example.org';
    const delegates: Record<string, string> = {};
    for (let number = 1; number <= 20; number += 1) {
      delegates[`delegate${number}-name`] = links(100, 3000 + number * 10);
      delegates[`delegate${number}-jobTitle`] = links(100, 4000 + number * 10);
      delegates[`delegate${number}-email`] = `winner${number}@evil.example`;
    }
    const fields = {
      name: PRIZE_NAME,
      email: victim,
      phone: '+1 555 0100',
      country: 'BH',
      company: links(150, 1000),
      delegates: '20',
      ...delegates,
      payer: 'company',
      poNumber: links(50, 2000),
      message: links(2000),
      consent: 'yes',
    };
    const answer = await postForm(href, 'registration-form', fields, '203.0.113.101');
    expect(answer.status).toBe(200);
    const typed = [PRIZE_NAME, fields.company, fields.poNumber, fields.message, ...Object.values(delegates)];
    await expectNoRelay(victim, referenceIn(answer.html), typed);
    const [ack] = await mailsTo(victim);
    expect(ack!.text).toMatch(/The total for 20 delegates is US\$ [\d,]+/);
    expect(ack!.attachments).toHaveLength(1); // the session's calendar file, from the admin's data
  });

  test('a quick enquiry', async () => {
    const victim = 'quick-victim@example.org';
    const fields = { name: PRIZE_NAME, replyTo: victim, message: links(2000) };
    const answer = await postForm(`/subCourse-details/${SLUG}`, 'quick-inquiry', fields, '203.0.113.102');
    expect(answer.status).toBe(200);
    await expectNoRelay(victim, referenceIn(answer.html), [PRIZE_NAME, fields.message]);
  });

  test('a contact enquiry', async () => {
    const victim = 'contact-victim@example.org';
    const fields = {
      firstName: 'Prize Team: claim at https://evil.example/a',
      lastName: 'https://evil.example/b call +1 555 0100',
      email: victim,
      company: links(150, 1000),
      jobTitle: links(100, 1100),
      phone: '+1 555 0100',
      country: 'BH',
      trainingFor: 'team',
      message: links(5000),
      subscribe: 'yes',
      consent: 'yes',
    };
    const answer = await postForm('/contact-us', 'enquiry-form', fields, '203.0.113.103');
    expect(answer.status).toBe(200);
    const { email: _email, country: _country, trainingFor: _for, subscribe: _s, consent: _c, ...typed } = fields;
    await expectNoRelay(victim, referenceIn(answer.html), Object.values(typed));
  });
});

test('30 forms to one address from 10 clients: 3 acknowledgements, and every form reaches the team', async () => {
  test.setTimeout(90_000);
  const victim = 'flood-victim@example.org';
  const references: string[] = [];
  for (let round = 0; round < 3; round += 1)
    for (let client = 1; client <= 10; client += 1) {
      const fields = { name: 'Aisha Khalid', replyTo: victim, message: `Dates, please (${round}.${client})` };
      const answer = await postForm(`/subCourse-details/${SLUG}`, 'quick-inquiry', fields, `198.51.100.${client}`);
      expect(answer.status, `form ${round}.${client}`).toBe(200);
      references.push(referenceIn(answer.html));
    }
  expect(new Set(references).size).toBe(30);
  // every form reaches the team, each its own message
  await expect
    .poll(
      async () => {
        const ids = (await mailsTo(TEAM)).map((mail) => mail.messageId ?? '');
        return references.filter((reference) => ids.some((id) => id.startsWith(`<${reference.toLowerCase()}`))).length;
      },
      { timeout: 30_000 },
    )
    .toBe(30);
  const health = async () =>
    ((await (await fetch(`${site.url}/healthz`)).json()) as { enquiries: { pending: Record<string, number> } })
      .enquiries.pending;
  await expect.poll(health, { timeout: 30_000 }).toEqual({ 'team-email': 0, 'visitor-email': 0 });
  // the first three forms were acknowledged, in the order they were accepted; the rest withheld
  const acks = await mailsTo(victim);
  expect(acks.map((mail) => /reference ([0-9A-F]{8})/.exec(mail.subject!)![1]).sort()).toEqual(
    references.slice(0, 3).sort(),
  );
  const copies = await Promise.all(references.map(teamCopy));
  expect(copies.filter((copy) => copy.text!.includes('Acknowledgement: not sent:'))).toHaveLength(27);
  expect(copies.slice(0, 3).every((copy) => !copy.text!.includes('Acknowledgement: not sent:'))).toBe(true);
});

test('an IPv6 network: each /64 is one client, and its /48 has a limit of its own (20 per window)', async () => {
  const statuses: number[] = [];
  // 25 subscribers' /64s inside one /48, one form each: the per-client limit (5) never applies
  for (let subnet = 1; subnet <= 25; subnet += 1) {
    const fields = { name: 'Omar Nasser', replyTo: '+973 3900 0000', message: `Call me, please (${subnet})` };
    const client = `2001:db8:4a00:${subnet.toString(16)}::1`;
    statuses.push((await postForm(`/subCourse-details/${SLUG}`, 'quick-inquiry', fields, client)).status);
  }
  expect(statuses).toEqual([...Array<number>(20).fill(200), ...Array<number>(5).fill(429)]);
  // another /48 is another network
  const fields = { name: 'Omar Nasser', replyTo: '+973 3900 0000', message: 'From next door' };
  expect((await postForm(`/subCourse-details/${SLUG}`, 'quick-inquiry', fields, '2001:db8:4a01::1')).status).toBe(200);
});
