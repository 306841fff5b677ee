// Issue 18: registration for a session. The production build, the demo admin (the sessions come from it), a
// real SMTP server on 127.0.0.1 and a webhook receiver; with and without JavaScript, keyboard only, axe.
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { startMailCatcher } from '../../scripts/demo-mail/mail-catcher.mjs';
import { formatDate } from '../../src/lib/format';
import type { CourseCategory, SubCourse } from './support/admin-data';
import { axeViolations } from './support/axe';
import { pdfText } from './support/pdf-text';
import { startAdmin, startSite, type DemoAdmin } from './support/servers';
import { decodeHtmlAttribute, firstRegistrationAddress } from './support/html-text';
import { numberOfDelegates } from './support/form-reached';

const SLUG = 'pmp-exam-preparation-bootcamp';
const QUOTATION_SECRET = 'a-quotation-key-for-the-tests';

/**
 * A quotation address as the site seals one (src/lib/documents/quotation-address.ts: AES-GCM with the SHA-256 of
 * QUOTATION_SECRET, the 12-byte IV first), for what a visitor cannot make: one past its validity.
 */
async function sealedQuotationAddress(payload: unknown): Promise<string> {
  const raw = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(QUOTATION_SECRET));
  const key = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(JSON.stringify(payload))),
  );
  return `/quotation/${Buffer.concat([iv, sealed]).toString('base64url')}.pdf`;
}

type Catcher = Awaited<ReturnType<typeof startMailCatcher>>;
type Received = { kind: string; session?: Record<string, unknown>; delegates?: Record<string, string>[] };

let admin: DemoAdmin;
let site: Awaited<ReturnType<typeof startSite>>;
let smtp: Catcher;
let webhook: http.Server;
const received: Received[] = [];
let dir: string;
let subCourse: SubCourse;
let courseCode: string;

const formatFee = (amount: number) =>
  `US$ ${amount.toLocaleString('en-US', Number.isInteger(amount) ? { maximumFractionDigits: 0 } : { minimumFractionDigits: 2 })}`;

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'registration-e2e-'));
  admin = await startAdmin();
  smtp = await startMailCatcher();
  webhook = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push(JSON.parse(body) as Received);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  const { port } = webhook.address() as import('node:net').AddressInfo;
  site = await startSite(admin, {
    ENQUIRY_OUTBOX_DIR: dir,
    ENQUIRY_RATE_LIMIT: '1000',
    SMTP_URL: smtp.url,
    ENQUIRY_EMAIL_TO: 'bookings@gulf-training.test',
    ENQUIRY_EMAIL_FROM: 'website@gulf-training.test',
    ENQUIRY_WEBHOOK_URL: `http://127.0.0.1:${port}/hook`,
    SITE_URL: 'https://www.gulf-training.test',
    // the key of the quotation addresses: the test seals an expired one with it
    QUOTATION_SECRET,
    // the last test edits a session in the admin: the site sees it at once
    CONTENT_CACHE_TTL_MS: '100',
    PAGE_CACHE_MAX_BYTES: '0',
  });
  subCourse = ((await (await fetch(`${admin.url}/course-venue/details/${SLUG}`)).json()) as { data: SubCourse }).data;
  courseCode = await codeInCatalogue(admin, SLUG);
});

/** The course's code as the admin's categories list it (the sub-course itself has none). */
async function codeInCatalogue(admin: DemoAdmin, slug: string): Promise<string> {
  const read = async <T>(apiPath: string) =>
    ((await (await fetch(`${admin.url}${apiPath}`)).json()) as { data: T }).data;
  const lists = [
    ['/upcoming-certification/content', '/upcoming-training/details/'],
    ['/learning-solution/content', '/learning-solution-training/details/'],
  ] as const;
  for (const [list, details] of lists) {
    for (const { id } of await read<{ id: number }[]>(list)) {
      const found = (await read<CourseCategory>(`${details}${id}`)).training_course.find(
        (course) => course.slug === slug,
      );
      if (found) return found.code;
    }
  }
  throw new Error(`${slug} is in no category`);
}

test.afterAll(async () => {
  await site?.stop();
  await smtp?.close();
  await new Promise((resolve) => webhook?.close(resolve));
  await admin?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The first session's registration form, reached the way a visitor does: Register on the course page. */
async function openRegistration(page: Page): Promise<void> {
  await page.goto(`${site.url}/subCourse-details/${SLUG}`);
  await page
    .getByRole('link', { name: /^Register\b/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/register\?session=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Register for ${subCourse.title}`);
  // and the pointer comes to the form: its number field's code loads then
  await page.locator('#registration form').hover();
}

/** The same page by its address, so that no click starts its scripts before the test means them to. */
async function openRegistrationWithoutClicks(page: Page): Promise<void> {
  const coursePage = await (await page.request.get(`${site.url}/subCourse-details/${SLUG}`)).text();
  const register = firstRegistrationAddress(coursePage);
  await page.goto(`${site.url}${register}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Register for ${subCourse.title}`);
}

/**
 * axe on what a browser without JavaScript shows. axe runs as a script in the page, and with JavaScript
 * disabled Playwright's evaluation never returns (measured: on every page, any selector), so the markup as it
 * stands (typed values and messages included) is loaded, without its scripts, into a page where axe can run.
 */
async function noScriptAxe(page: Page, browser: Browser) {
  const html = (await page.content())
    .replace('<head>', `<head><base href="${site.url}/">`)
    .replace(/<script\b[\s\S]*?<\/script>/g, '');
  const context = await browser.newContext({ javaScriptEnabled: true }); // not the test's no-JS options
  try {
    const copy = await context.newPage();
    // on the site's origin, so its stylesheets (crossorigin) load as they do for the visitor
    await copy.goto(`${site.url}/robots.txt`);
    await copy.setContent(html, { waitUntil: 'load' });
    return await axeViolations(copy, { include: '#registration' });
  } finally {
    await context.close();
  }
}

async function fillBooker(page: Page): Promise<void> {
  await page.getByLabel('Your full name').fill('Mariam Al-Sayed');
  await page.getByRole('textbox', { name: 'Business email' }).first().fill('mariam@bapco.com.bh');
  await page.getByLabel('Phone').fill('+973 1700 0000');
  await page.getByRole('textbox', { name: 'Company' }).fill('Bapco');
}

async function fillDelegate(page: Page, number: number): Promise<void> {
  const group = page.getByRole('group', { name: `Delegate ${number}` });
  await group.getByLabel('Full name').fill(`Delegate ${number} Name`);
  await group.getByLabel('Job title').fill(`Engineer ${number}`);
  await group.getByLabel('Business email').fill(`delegate${number}@bapco.com.bh`);
}

/** A registration page's form as a browser without JavaScript sends it: its hidden fields (token, session…). */
async function hiddenFields(pageHref: string): Promise<FormData> {
  const html = await (await fetch(`${site.url}${pageHref}`)).text();
  const start = html.indexOf('action="#registration-form"');
  const form = html.slice(start, html.indexOf('</form>', start));
  const body = new FormData();
  for (const match of form.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?\/>/g))
    body.append(match[1]!, decodeHtmlAttribute(match[2] ?? ''));
  return body;
}

/** The registration box of a posted page as text, a line per term, value, item and paragraph. */
function confirmationOf(html: string): string {
  const start = html.indexOf('id="registration-form"');
  expect(start).toBeGreaterThan(0);
  const box = html.slice(start, html.indexOf('</section>', start));
  expect(box).not.toContain('<form');
  return decodeHtmlAttribute(
    box
      .replace(/<!-- -->/g, '')
      .replace(/<\/(dt|dd|li|p|h\d)>/g, '\n')
      .replace(/<[^>]*>/g, ''),
  );
}

const mailsTo = async (catcher: Catcher, address: string): Promise<ParsedMail[]> =>
  Promise.all(
    catcher.messages.filter((mail) => mail.envelope.to.includes(address)).map((mail) => simpleParser(mail.raw)),
  );

test.describe('with JavaScript', () => {
  test('3 delegates: blocks follow the number, the total shows, both emails and the webhook record arrive', async ({
    page,
  }) => {
    const session = subCourse.course_venue[0]!;
    await openRegistration(page);
    // the session above the form: title and code (from the catalogue), dates, venue, fee
    const shown = page.getByRole('region', { name: 'The session' });
    await expect(shown).toContainText(subCourse.title);
    await expect(shown).toContainText(`Course code${courseCode}`);
    await expect(shown).toContainText(session.venue_name);
    await expect(page.getByRole('group', { name: /^Delegate \d+$/ })).toHaveCount(1);
    // the number of delegates turning into react-aria's NumberField tells the page is interactive (slow on a
    // loaded machine)
    await expect(page.getByRole('textbox', { name: 'Number of delegates' })).toBeVisible({ timeout: 20_000 });
    const count = page.getByRole('textbox', { name: 'Number of delegates' });
    await count.fill('3');
    await count.press('Tab');
    await expect(page.getByRole('group', { name: /^Delegate \d+$/ })).toHaveCount(3);
    await expect(page.getByText(`Total ${formatFee(session.course_fee * 3)}`, { exact: true })).toBeVisible();

    await fillBooker(page);
    // the country stays the native select on this page (record 028)
    await page.getByLabel('Country').selectOption('BH');
    for (const number of [1, 2, 3]) await fillDelegate(page, number);
    await page.getByText('The company (send us an invoice)').click();
    await expect(page.getByRole('radio', { name: 'The company (send us an invoice)' })).toBeChecked();
    await page.getByLabel('Purchase order number (optional)').fill('PO-4471');
    await page.getByText(/^I agree/).click();
    await expect(page.getByRole('checkbox', { name: /^I agree/ })).toBeChecked();
    await page.getByRole('button', { name: 'Register' }).click();

    // the form gives way to the confirmation, whose heading takes the focus inside the status
    const heading = page.getByRole('heading', { name: 'Registration received' });
    await expect(heading).toBeFocused();
    await expect(page.getByRole('status').getByRole('heading', { name: 'Registration received' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Register' })).toHaveCount(0);
    await expect(page.getByText('Number of delegates')).toHaveCount(0);
    await expect(page.getByRole('group', { name: /^Delegate \d+$/ })).toHaveCount(0);
    const confirmation = page.locator('#registration-form');
    await expect(page.getByRole('status')).toContainText('Thank you, Mariam Al-Sayed. Your reference is');
    const reference = (await page.getByRole('status').locator('strong').textContent())!;
    expect(reference).toMatch(/^[0-9A-F]{8}$/);
    // the session booked, as the server looked it up from the reference the form sent
    await expect(confirmation).toContainText(`Course${subCourse.title}`);
    await expect(confirmation).toContainText(`Course code${courseCode}`);
    await expect(confirmation).toContainText(
      `Dates${formatDate(session.start_date)} to ${formatDate(session.end_date)}`,
    );
    await expect(confirmation).toContainText(`Venue${session.venue_name}`);
    await expect(confirmation.getByRole('list', { name: 'The 3 delegates' }).getByRole('listitem')).toHaveText(
      [1, 2, 3].map((number) => `Delegate ${number} Name`),
    );
    await expect(confirmation).toContainText('Who paysThe company (send us an invoice)');
    await expect(confirmation).toContainText('Purchase order numberPO-4471');
    await expect(confirmation).toContainText(`Fee per delegate${formatFee(session.course_fee)}`);
    await expect(confirmation).toContainText(`Total${formatFee(session.course_fee * 3)} (3 × `);
    // what happens next, in the acknowledgement's words (ENQUIRY_REPLY_TIME)
    await expect(confirmation).toContainText('An adviser will reply within one working day.');
    await expect(confirmation.getByRole('link', { name: 'Add to calendar (.ics)' })).toHaveAttribute(
      'href',
      `/calendar/${SLUG}/1.ics`,
    );
    expect(await axeViolations(page, { include: '#registration' })).toEqual([]);

    await expect.poll(() => smtp.messages.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const [team] = await mailsTo(smtp, 'bookings@gulf-training.test');
    expect(team!.subject).toContain(`Registration: ${subCourse.title}`);
    expect(team!.subject).toContain('Mariam Al-Sayed (Bapco), 3 delegates');
    expect(team!.subject).toContain(`[${reference}]`);
    for (const number of [1, 2, 3])
      expect(team!.text).toContain(
        `Delegate ${number}: Delegate ${number} Name, Engineer ${number}, delegate${number}@bapco.com.bh`,
      );
    expect(team!.text).toContain(`Course: ${subCourse.title} (${courseCode})`);
    expect(team!.text).toContain(`Total: ${formatFee(session.course_fee * 3)}`);
    expect(team!.text).toContain('Purchase order number: PO-4471');
    expect(team!.text).toContain('Who pays: The company (invoice)');

    const [ack] = await mailsTo(smtp, 'mariam@bapco.com.bh');
    expect(ack!.subject).toContain(`We have your registration (reference ${reference})`);
    expect(ack!.text).toContain(`The total for 3 delegates is ${formatFee(session.course_fee * 3)}`);
    // the phone the site shows (the admin's) is under "If anything is urgent"
    const phone = (
      (await (await fetch(`${admin.url}/setting/content`)).json()) as { data: { phone: string } }
    ).data.phone.replace(/^tel:/, '');
    expect(ack!.text).toMatch(/If anything is urgent, or this request was not from you, contact us:\n[^]*Phone: /);
    expect(ack!.text).toContain(`Phone: ${phone}`);
    expect(ack!.attachments).toHaveLength(1);
    const ics = ack!.attachments[0]!;
    expect(ics.contentType).toBe('text/calendar');
    const calendar = ics.content.toString('utf8').replace(/\r\n /g, '');
    expect(calendar).toContain(`DTSTART;VALUE=DATE:${session.start_date.replace(/-/g, '')}`);
    expect(calendar).toContain(`LOCATION:${session.venue_name}`);
    expect(calendar).toContain(`SUMMARY:${subCourse.title}`);
    expect(calendar).toContain(`DESCRIPTION:Your registration\\, reference ${reference}.`);
    // the page's "Add to calendar" file for this session is the same event: importing both makes one
    const pageFile = await (await fetch(`${site.url}/calendar/${SLUG}/1.ics`)).text();
    const uid = (ics: string) => /\r\nUID:([^\r]+)\r\n/.exec(ics.replace(/\r\n /g, ''))?.[1];
    expect(uid(calendar)).toBeDefined();
    expect(uid(pageFile)).toBe(uid(calendar));

    await expect.poll(() => received.filter((record) => record.kind === 'registration').length).toBe(1);
    const record = received.find((entry) => entry.kind === 'registration')!;
    expect(record.session).toMatchObject({
      course: SLUG,
      courseTitle: subCourse.title,
      courseCode,
      startDate: session.start_date,
      endDate: session.end_date,
      venue: session.venue_name,
      feeUsd: session.course_fee,
    });
    expect(record.delegates).toEqual(
      [1, 2, 3].map((number) => ({
        name: `Delegate ${number} Name`,
        jobTitle: `Engineer ${number}`,
        email: `delegate${number}@bapco.com.bh`,
      })),
    );
  });

  test('the native number of delegates keeps a number chosen before the page is interactive, works with Continue, and becomes the number field only once the focus leaves it', async ({
    page,
  }) => {
    // the page's timers wait for the test, so the scripts start only on the key press below (record 023)
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await openRegistrationWithoutClicks(page);
    const select = page.getByRole('combobox', { name: 'Number of delegates' });
    const blocks = page.getByRole('group', { name: /^Delegate \d+$/ });
    await select.focus();
    await select.selectOption('3');
    await page.keyboard.press('Shift'); // a key press starts the scripts; the select keeps the focus
    await expect(blocks).toHaveCount(3, { timeout: 20_000 }); // the number chosen before, once interactive
    await expect(select).toBeFocused(); // never swapped under the focus (a phone's picker may be open)
    await select.selectOption('2');
    await expect(blocks).toHaveCount(2);
    await page.keyboard.press('Tab');
    const next = page.getByRole('button', { name: 'Continue' });
    await expect(next).toBeFocused(); // still the native field: its button is there and has the focus
    await page.keyboard.press('Enter'); // with JavaScript it checks nothing and sends nothing
    await expect(page.getByRole('group', { name: /^Please correct/ })).toHaveCount(0);
    await expect(blocks).toHaveCount(2);
    await page.keyboard.press('Tab'); // the focus leaves the field: it becomes react-aria's NumberField
    const count = page.getByRole('textbox', { name: 'Number of delegates' });
    await expect(count).toHaveValue('2');
    await expect(count).not.toBeFocused();
    await expect(blocks.first().getByLabel('Full name')).toBeFocused(); // the focus went where Tab sent it
  });

  test('keyboard only: the number field steps with the arrow keys, each block is a named group, axe is clean', async ({
    page,
  }) => {
    await openRegistration(page);
    const count = page.getByRole('textbox', { name: 'Number of delegates' });
    await expect(count).toBeVisible({ timeout: 20_000 }); // hydrated; a loaded machine hydrates slowly
    await count.focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(count).toHaveValue('3');
    await expect(count).toBeFocused(); // focus stays where the visitor is
    await expect(page.getByRole('group', { name: /^Delegate \d+$/ })).toHaveCount(3);
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('group', { name: /^Delegate \d+$/ })).toHaveCount(2);
    // Tab from the number reaches the first delegate's name (past the stepper buttons, which react-aria
    // leaves out of the tab order)
    await page.keyboard.press('Tab');
    await expect(page.getByRole('group', { name: 'Delegate 1' }).getByLabel('Full name')).toBeFocused();

    // an empty send: the summary takes focus and each message sits under its field
    await page.getByRole('button', { name: 'Register' }).click();
    const summary = page.getByRole('group', { name: /^Please correct \d+ fields$/ });
    await expect(summary).toBeFocused();
    await expect(page.getByRole('group', { name: 'Delegate 2' }).getByLabel('Full name')).toHaveAccessibleDescription(
      "Delegate 2's full name is required",
    );
    await expect(page.getByRole('radio', { name: 'The delegate' })).toBeVisible();
    expect(await axeViolations(page, { include: '#registration' })).toEqual([]);
  });

  test('after an empty Register each message goes as its field becomes valid; the summary counts down aloud', async ({
    page,
  }) => {
    await openRegistration(page);
    // interactive (react-aria's NumberField replaces the select); a loaded machine hydrates slowly
    await expect(page.getByRole('textbox', { name: 'Number of delegates' })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Register' }).click();
    // your name, email, phone, country, company, delegate 1's three, who pays, consent
    await expect(page.getByRole('group', { name: 'Please correct 10 fields' })).toBeFocused();
    const live = page.locator('#registration-remaining');

    const name = page.getByRole('textbox', { name: 'Your full name' });
    await name.fill('Mariam Al-Sayed');
    await name.blur();
    await expect(page.locator('#registration-name-error')).toHaveCount(0);
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('group', { name: 'Please correct 9 fields' })).toBeVisible();
    await expect(live).toHaveText('9 fields still to correct.');

    const delegate = page.getByRole('group', { name: 'Delegate 1' });
    await delegate.getByLabel('Full name').fill('Ali Hasan');
    await delegate.getByLabel('Full name').blur();
    await expect(page.locator('#registration-delegate1-name-error')).toHaveCount(0);
    // who pays and the consent: once chosen, and left, their messages are gone
    await page.getByText('The delegate', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'The delegate' })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.locator('#registration-payer-error')).toHaveCount(0);
    await page.getByText(/^I agree that/).click();
    await expect(page.getByRole('checkbox', { name: /^I agree/ })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.locator('#registration-consent-error')).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Please correct 6 fields' })).toBeVisible();
    await expect(live).toHaveText('6 fields still to correct.');
    await expect(page.getByRole('textbox', { name: 'Business email' }).first()).toHaveAccessibleDescription(
      'Business email is required',
    );
  });

  test('heard right: country keeps its element, who pays errors on each radio, one whole total, named groups', async ({
    page,
  }) => {
    await openRegistration(page);
    const count = page.getByRole('textbox', { name: 'Number of delegates' });
    await expect(count).toBeVisible({ timeout: 20_000 }); // hydrated; a loaded machine hydrates slowly

    // Country is reached by Tab from Phone and the focus goes element to element, never through <body>
    // (a control swapped under the focus drops it there)
    await page.getByLabel('Phone').focus();
    await page.evaluate(() => {
      const moves: string[] = [];
      (window as unknown as { focusMoves: string[] }).focusMoves = moves;
      const name = (node: EventTarget | null) =>
        node instanceof Element ? `${node.tagName.toLowerCase()}#${node.id}` : String(node);
      for (const type of ['focusin', 'focusout'] as const)
        document.addEventListener(type, (event) =>
          moves.push(`${type} ${name(event.target)} ${name(event.relatedTarget)}`),
        );
    });
    await page.keyboard.press('Tab');
    await expect(page.locator('#registration-country')).toBeFocused();
    await page.waitForLoadState('networkidle'); // anything the focus would fetch has come
    await expect(page.locator('#registration-country')).toBeFocused();
    const moves = await page.evaluate(() => (window as unknown as { focusMoves: string[] }).focusMoves);
    expect(moves).toEqual([
      'focusout input#registration-phone select#registration-country',
      'focusin select#registration-country input#registration-phone',
    ]);

    // every live region is atomic: a change to the total is read as the whole sentence
    const regions = page.locator('[aria-live]');
    for (let index = 0; index < (await regions.count()); index += 1)
      await expect(regions.nth(index)).toHaveAttribute('aria-atomic', 'true');
    const total = page.locator('p[aria-live]').filter({ hasText: 'Total' });
    await count.fill('2');
    await count.press('Tab');
    await expect(total).toHaveText(/^2 delegates × .+ = Total .+$/);

    // every group has a name (the stepper's was read as just "group")
    const groups = page.getByRole('group');
    for (let index = 0; index < (await groups.count()); index += 1)
      await expect(groups.nth(index)).toHaveAccessibleName(/\S/);

    // an empty send: each "Who pays" radio carries the group's message
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('group', { name: /^Please correct \d+ fields$/ })).toBeFocused();
    for (const name of ['The company (send us an invoice)', 'The delegate']) {
      const radio = page.getByRole('radio', { name });
      await expect(radio).toHaveAttribute('aria-invalid', 'true');
      await expect(radio).toHaveAccessibleDescription('Please choose who pays');
    }
    await expect(page.locator('#registration-payer-error')).toBeVisible();
    await expect(page.locator('[role=radiogroup] #registration-payer-error')).toHaveCount(0);
    for (let index = 0; index < (await groups.count()); index += 1)
      await expect(groups.nth(index)).toHaveAccessibleName(/\S/);

    // what is announced for the stepper, the total and who pays, for review
    await expect(page.getByRole('group', { name: 'Number of delegates' })).toMatchAriaSnapshot(`
      - group "Number of delegates":
        - button "Decrease Number of delegates"
        - textbox "Number of delegates": "2"
        - button "Increase Number of delegates"
    `);
    await expect(total).toMatchAriaSnapshot(`
      - paragraph: /2 delegates × US\\$ [\\d,.]+ = Total US\\$ [\\d,.]+/
    `);
    await expect(page.getByRole('radiogroup', { name: 'Who pays' })).toMatchAriaSnapshot(`
      - radiogroup "Who pays":
        - radio "The company (send us an invoice)"
        - text: The company (send us an invoice)
        - radio "The delegate"
        - text: The delegate
    `);
  });

  test('the page’s JavaScript stays within 130 KB gzip, and react-aria loads on no other page', async ({ page }) => {
    const scripts = new Set<string>();
    page.on('response', (response) => response.request().resourceType() === 'script' && scripts.add(response.url()));
    await openRegistration(page);
    scripts.clear();
    await page.reload();
    await numberOfDelegates(page);
    await page.waitForLoadState('networkidle');
    // the country picker's react-select is not used on this page (the native select stays)
    expect([...scripts].some((url) => url.includes('/country-combobox-'))).toBe(false);
    let total = 0;
    for (const url of scripts) total += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length;
    // React + router 74.5 KB, react-aria-components 33, the forms' schema and countries 11, the rest ~5
    expect(total).toBeLessThanOrEqual(130 * 1024);

    for (const route of ['/', '/contact-us', `/subCourse-details/${SLUG}`]) {
      const loaded = new Set<string>();
      const listener = (response: import('@playwright/test').Response) =>
        response.request().resourceType() === 'script' && loaded.add(response.url());
      page.on('response', listener);
      await page.goto(`${site.url}${route}`);
      await page.waitForLoadState('networkidle');
      page.off('response', listener);
      for (const url of loaded) {
        const body = await (await fetch(url)).text();
        expect(body.includes('react-aria-NumberField'), `${route}: ${url}`).toBe(false);
      }
    }
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('choose 2 and Continue shows two named blocks, keeping what was typed; messages per field; then sent', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000); // axe takes about 6 s a run here
    const session = subCourse.course_venue[0]!;
    await openRegistration(page);
    expect(await noScriptAxe(page, browser)).toEqual([]);
    await fillBooker(page);
    await page.getByLabel('Number of delegates').selectOption('2');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('group', { name: /^Delegate \d+$/ })).toHaveCount(2);
    await expect(page.getByLabel('Your full name')).toHaveValue('Mariam Al-Sayed');
    await expect(page.getByText(`Total ${formatFee(session.course_fee * 2)}`, { exact: true })).toBeVisible();
    expect(await noScriptAxe(page, browser)).toEqual([]);

    await fillDelegate(page, 1);
    await page.getByRole('group', { name: 'Delegate 2' }).getByLabel('Full name').fill('Second Person');
    await page.getByRole('button', { name: 'Register' }).click();
    // refused: each missing field says so, and nothing typed is lost
    await expect(page.getByRole('group', { name: 'Delegate 2' }).getByLabel('Job title')).toHaveAccessibleDescription(
      "Delegate 2's job title is required",
    );
    await expect(page.getByText('Please choose who pays').first()).toBeVisible();
    await expect(page.getByRole('group', { name: 'Delegate 2' }).getByLabel('Full name')).toHaveValue('Second Person');
    expect(await noScriptAxe(page, browser)).toEqual([]);
    await expect(page.getByRole('group', { name: 'Delegate 1' }).getByLabel('Business email')).toHaveValue(
      'delegate1@bapco.com.bh',
    );

    await page.getByRole('group', { name: 'Delegate 2' }).getByLabel('Job title').fill('Analyst');
    await page.getByRole('group', { name: 'Delegate 2' }).getByLabel('Business email').fill('second@bapco.com.bh');
    await page.getByLabel('Country').selectOption('BH');
    await page.getByText('The delegate', { exact: true }).click();
    await page.getByText(/^I agree/).click();
    await page.getByRole('button', { name: 'Register' }).click();
    // the posted page is the confirmation, with no form under it
    await expect(page.getByRole('heading', { name: 'Registration received' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(
      /Thank you, Mariam Al-Sayed\. Your reference is [0-9A-F]{8}\./,
    );
    const confirmation = page.locator('#registration-form');
    await expect(confirmation.getByRole('list', { name: 'The 2 delegates' }).getByRole('listitem')).toHaveText([
      'Delegate 1 Name',
      'Second Person',
    ]);
    await expect(confirmation).toContainText('Who paysThe delegate');
    await expect(confirmation).toContainText(`Total${formatFee(session.course_fee * 2)} (2 × `);
    await expect(page.locator('#registration form')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Register' })).toHaveCount(0);
    await expect(page.getByLabel('Number of delegates')).toHaveCount(0);
    expect(await noScriptAxe(page, browser)).toEqual([]);
  });

  test('a form whose session reference was changed books that session, and the confirmation says which', async () => {
    const course = await (await fetch(`${site.url}/subCourse-details/${SLUG}`)).text();
    const hrefs = [...course.matchAll(/href="(\/register\?session=[^"]+)"/g)].map((match) =>
      match[1]!.replace(/&amp;/g, '&'),
    );
    const [pageHref, otherHref] = [hrefs[0]!, hrefs.find((href) => href !== hrefs[0])!];
    const otherRef = new URL(otherHref, site.url).searchParams.get('session')!;
    const sessions = ((await (await fetch(`${admin.url}/course-venue/details/${SLUG}`)).json()) as { data: SubCourse })
      .data.course_venue;
    const other = sessions.find((session) => otherRef.includes(session.start_date.replace(/-/g, '')))!;
    // the page for the first session, its form posted with the other session's reference
    const body = await hiddenFields(pageHref);
    body.set('session', otherRef);
    const fields = {
      name: 'Huda Saleh',
      email: 'huda@bapco.com.bh',
      phone: '+973 1700 0000',
      country: 'BH',
      company: 'Bapco',
      delegates: '1',
      'delegate1-name': 'Huda Saleh',
      'delegate1-jobTitle': 'Engineer',
      'delegate1-email': 'huda@bapco.com.bh',
      payer: 'company',
      consent: 'yes',
    };
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    const answer = await fetch(`${site.url}${pageHref}`, { method: 'POST', body });
    expect(answer.status).toBe(200);
    // the answer is the confirmation (no form), naming the session booked
    const confirmation = confirmationOf(await answer.text());
    expect(confirmation).toContain('Registration received');
    expect(confirmation).toContain(`Dates\n${formatDate(other.start_date)} to ${formatDate(other.end_date)}\n`);
    expect(confirmation).toContain(`Venue\n${other.venue_name}\n`);
    expect(confirmation).toContain(`Total\n${formatFee(other.course_fee)} (1 × `);
    // and that is the session booked and emailed
    await expect.poll(async () => (await mailsTo(smtp, 'huda@bapco.com.bh')).length).toBe(1);
    const [ack] = await mailsTo(smtp, 'huda@bapco.com.bh');
    expect(ack!.text).toContain(`Venue: ${other.venue_name}`);
    expect(ack!.text).toContain(`The total for 1 delegate is ${formatFee(other.course_fee)}`);
  });

  test('the same form posted twice (refresh, back and send) books once and both answers show the same confirmation', async () => {
    const course = await (await fetch(`${site.url}/subCourse-details/${SLUG}`)).text();
    const pageHref = firstRegistrationAddress(course);
    const body = await hiddenFields(pageHref);
    const fields = {
      name: 'Sara Twice',
      email: 'sara@twice.bh',
      phone: '+973 1700 0001',
      country: 'BH',
      company: 'Twice Co',
      delegates: '2',
      'delegate1-name': 'Sara Twice',
      'delegate1-jobTitle': 'Planner',
      'delegate1-email': 'sara@twice.bh',
      'delegate2-name': 'Omar Twice',
      'delegate2-jobTitle': 'Buyer',
      'delegate2-email': 'omar@twice.bh',
      payer: 'company',
      poNumber: 'PO-2',
      consent: 'yes',
    };
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    const answers = [];
    for (let sending = 0; sending < 2; sending += 1) {
      const answer = await fetch(`${site.url}${pageHref}`, { method: 'POST', body });
      expect(answer.status).toBe(200);
      answers.push(confirmationOf(await answer.text()));
    }
    const reference = /Your reference is ([0-9A-F]{8})\./.exec(answers[0]!)?.[1];
    expect(reference).toBeDefined();
    expect(answers[1]).toBe(answers[0]);
    expect(answers[0]).toContain('Sara Twice\nOmar Twice\n');
    expect(answers[0]).toContain('Purchase order number\nPO-2\n');

    // a third, different booking after both: the outbox delivers oldest first, so once it has reached the team
    // and the webhook, a second copy of the first would have too
    const marker = await hiddenFields(pageHref);
    for (const [name, value] of Object.entries({ ...fields, name: 'Marker Last', email: 'marker@marker.bh' }))
      marker.append(name, value);
    expect((await fetch(`${site.url}${pageHref}`, { method: 'POST', body: marker })).status).toBe(200);
    const teamSubjects = async () =>
      (await mailsTo(smtp, 'bookings@gulf-training.test')).map((mail) => mail.subject ?? '');
    await expect.poll(async () => (await teamSubjects()).some((subject) => subject.includes('Marker Last'))).toBe(true);
    await expect
      .poll(
        () =>
          received.filter((record) => record.kind === 'registration' && JSON.stringify(record).includes('Marker Last'))
            .length,
      )
      .toBe(1);
    expect((await teamSubjects()).filter((subject) => subject.includes(`[${reference}]`))).toHaveLength(1);
    expect(
      received.filter(
        (record) => JSON.stringify(record).includes('Omar Twice') && !JSON.stringify(record).includes('Marker'),
      ),
    ).toHaveLength(1);
    await expect.poll(async () => (await mailsTo(smtp, 'marker@marker.bh')).length).toBe(1);
    expect(await mailsTo(smtp, 'sara@twice.bh')).toHaveLength(1);
  });

  test("the quotation: linked from the confirmation at a sealed address, attached to the team's email only, Arabic names in Arabic letters", async () => {
    const session = subCourse.course_venue[0]!;
    const course = await (await fetch(`${site.url}/subCourse-details/${SLUG}`)).text();
    const pageHref = firstRegistrationAddress(course);
    const body = await hiddenFields(pageHref);
    const fields = {
      name: 'مريم الإدارة',
      email: 'mariam@quote.bh',
      phone: '+973 1700 0002',
      country: 'BH',
      company: 'Quote Co',
      delegates: '2',
      'delegate1-name': 'علاء حسن',
      'delegate1-jobTitle': 'Planner',
      'delegate1-email': 'alaa@quote.bh',
      'delegate2-name': 'John Quote',
      'delegate2-jobTitle': 'Buyer',
      'delegate2-email': 'john@quote.bh',
      payer: 'company',
      poNumber: 'PO-QUOTE-9',
      consent: 'yes',
    };
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    const quotationOf = async (html: string) => {
      const href = /href="(\/quotation\/[A-Za-z0-9_-]+\.pdf)"/.exec(html)?.[1];
      expect(href).toBeDefined();
      return pdfText(await fetch(`${site.url}${href}`));
    };
    const answers: string[] = [];
    for (let sending = 0; sending < 2; sending += 1) {
      const answer = await fetch(`${site.url}${pageHref}`, { method: 'POST', body });
      expect(answer.status).toBe(200);
      answers.push(await answer.text());
    }
    const reference = /Your reference is ([0-9A-F]{8})\./.exec(confirmationOf(answers[0]!))?.[1];
    expect(reference).toBeDefined();
    const text = await quotationOf(answers[0]!);
    for (const part of [
      `Quotation ${reference}`,
      `Reference: ${reference}`,
      'Company: Quote Co',
      'Booked by: مريم الإدارة',
      'Purchase order number: PO-QUOTE-9',
      'Who pays: The company (send us an invoice)',
      `Course: ${subCourse.title}`,
      `Course code: ${courseCode}`,
      `Dates: ${formatDate(session.start_date)} to ${formatDate(session.end_date)}`,
      `Venue: ${session.venue_name}`,
      'علاء حسن, Planner',
      'John Quote, Buyer',
      `Subtotal ${formatFee(session.course_fee * 2)}`,
      `Total (US dollars) ${formatFee(session.course_fee * 2)}`,
      'Valid until:',
    ])
      expect(text).toContain(part);
    // the same form sent again: the same confirmation, and the same quotation
    expect(await quotationOf(answers[1]!)).toBe(text);

    // the team's copy carries it; the acknowledgement (to whatever address was typed) does not
    await expect
      .poll(async () =>
        (await mailsTo(smtp, 'bookings@gulf-training.test')).some((mail) => mail.subject?.includes(`[${reference}]`)),
      )
      .toBe(true);
    const team = (await mailsTo(smtp, 'bookings@gulf-training.test')).find((mail) =>
      mail.subject?.includes(`[${reference}]`),
    )!;
    const attached = team.attachments.find((file) => file.contentType === 'application/pdf');
    expect(attached?.filename).toBe(`quotation-${reference}.pdf`);
    expect(
      await pdfText(
        new Response(new Uint8Array(attached!.content), { headers: { 'content-type': 'application/pdf' } }),
      ),
    ).toBe(text);
    expect(team.text).toContain('The quotation is attached as a PDF');
    await expect.poll(async () => (await mailsTo(smtp, 'mariam@quote.bh')).length).toBe(1);
    const [ack] = await mailsTo(smtp, 'mariam@quote.bh');
    expect(ack!.attachments.map((file) => file.contentType)).toEqual(['text/calendar']);

    // an address nobody made, or one changed by a character, is no quotation
    const guessed = await fetch(`${site.url}/quotation/${'A'.repeat(120)}.pdf`);
    expect(guessed.status).toBe(404);
    expect(await guessed.text()).toBe('There is no such quotation.\n');
    const href = /href="(\/quotation\/[A-Za-z0-9_-]+)\.pdf"/.exec(answers[0]!)![1]!;
    const changed = `${href.slice(0, -5)}${href.at(-5) === 'A' ? 'B' : 'A'}${href.slice(-4)}.pdf`;
    expect((await fetch(`${site.url}${changed}`)).status).toBe(404);
    expect((await fetch(`${site.url}${href}.pdf`, { method: 'POST' })).status).toBe(405);
    // sealed with the site's key, but past its validity: gone, and said so
    const expired = await fetch(`${site.url}${await sealedQuotationAddress({ exp: Date.now() - 60_000, data: {} })}`);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toBe('This quotation has expired. Ask us for a new one, quoting your reference.\n');
  });

  test('a session gone, or started, cannot be registered for: a plain message and how to reach us', async ({
    page,
  }) => {
    const gone = await page.goto(`${site.url}/register?session=${SLUG}%2F20270101-00000000`);
    expect(gone!.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This session is no longer offered');
    await expect(page.getByRole('link', { name: 'send us an enquiry' })).toHaveAttribute('href', '/contact-us#enquiry');
    expect(await page.locator('form input[name="session"]').count()).toBe(0);

    // an open form, then the admin moves its session to today: the form's reference no longer names a
    // listed session, and the session (now started) cannot be opened for registration either
    await openRegistration(page);
    await fillBooker(page);
    const today = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
    admin.editContent(`/course-venue/details/${SLUG}`, (data: SubCourse) => ({
      ...data,
      course_venue: data.course_venue.map((session, index) =>
        index === 0 ? { ...session, start_date: today } : session,
      ),
    }));
    // the content cache (100 ms here) may answer once more from what it had: wait until the site sees the edit
    await expect
      .poll(
        async () =>
          (await (await fetch(`${site.url}/subCourse-details/${SLUG}`)).text()).includes(today.replace(/-/g, '')),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    await page.getByRole('button', { name: 'Register' }).click();
    // the page answering the post looks the session up again: it says so instead of showing the form
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This session is no longer offered');
    await expect(page.getByRole('link', { name: 'send us an enquiry' })).toBeVisible();

    await page.goto(`${site.url}/subCourse-details/${SLUG}`);
    const href = (await page
      .getByRole('link', { name: /^Register\b/ })
      .first()
      .getAttribute('href'))!;
    expect(href).toContain(today.replace(/-/g, ''));
    const started = await page.goto(`${site.url}${href}`);
    expect(started!.status()).toBe(410);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This session has already started');
    expect(await page.locator('form input[name="session"]').count()).toBe(0);
  });

  test('a session that has ended, which the admin no longer lists, answers 410 as record 028 says', async ({
    page,
  }) => {
    // its reference still says when it started (the key begins with the start date)
    const ended = await page.goto(`${site.url}/register?session=${SLUG}%2F20250105-1a2b3c4d`);
    expect(ended!.status()).toBe(410);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This session has already started');
    expect(await page.locator('form input[name="session"]').count()).toBe(0);
  });
});
