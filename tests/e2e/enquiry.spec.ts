// Issue 5: enquiries arrive. The contact form and the sidebar forms against the production build, with and
// without JavaScript; every accepted enquiry is a record in the server's outbox (a temp folder per pair
// here), every refused one writes nothing.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startPair } from './support/servers';
import { searchableCountry } from './support/form-reached';
import { whenHydrated } from './support/hydrated';
import { axeViolations } from './support/axe';
import { decodeHtmlAttribute } from './support/html-text';

type Pair = Awaited<ReturnType<typeof startPair>>;
type OutboxRecord = { id: string; kind: string; context?: string; fields: Record<string, string | boolean> };

// the newsletter is optional (record 035): no "Subscription is required" among them
const TEN = [
  'First name is required',
  'Last name is required',
  'Business email is required',
  'Company is required',
  'Job title is required',
  'Phone is required',
  'Country is required',
  'Please select an option',
  'Message is required',
  'Consent is required',
];
const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'company',
  'jobTitle',
  'phone',
  'country',
  'trainingFor',
  'message',
  'consent',
];
const COURSE_PAGE = '/upcoming-training-course-details/101';

async function readRecords(dir: string): Promise<OutboxRecord[]> {
  let text = '';
  try {
    text = await readFile(path.join(dir, 'enquiries.jsonl'), 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxRecord);
}

/** An enquiry webhook on 127.0.0.1 that answers 204 and keeps the id of every record posted to it. */
async function startWebhook() {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push((JSON.parse(body) as { id: string }).id);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as import('node:net').AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const NO_JS_MESSAGE = 'Please send dates for Q2, and the fees.';

function valid(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    firstName: 'Aisha',
    lastName: 'Al-Khalifa',
    email: 'aisha@bapco.com.bh',
    company: 'Bapco',
    jobTitle: 'Learning Manager',
    phone: '+973 1700 0000',
    country: 'BH',
    trainingFor: 'team',
    message: 'Please send dates for Q1.',
    subscribe: 'yes',
    consent: 'yes',
    ...overrides,
  };
}

/**
 * What a browser without JavaScript sends: the form's hidden inputs (React's action reference and state,
 * the form token, the honeypot) from a fresh rendering of the page, plus the given fields.
 */
async function plainFormBody(pageUrl: string, anchor: string, fields: Record<string, string>): Promise<FormData> {
  return formBodyFrom(await (await fetch(pageUrl)).text(), anchor, fields, pageUrl);
}

/** The hidden fields of form #anchor in `html` (a page, or the server's answer to a post) plus `fields`. */
function formBodyFrom(html: string, anchor: string, fields: Record<string, string>, where = 'the answer'): FormData {
  const start = html.indexOf(`action="#${anchor}"`);
  expect(start, `form #${anchor} on ${where}`).toBeGreaterThan(-1);
  const form = html.slice(start, html.indexOf('</form>', start));
  const body = new FormData();
  for (const match of form.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?\/>/g)) {
    body.append(decodeHtmlAttribute(match[1]!), decodeHtmlAttribute(match[2] ?? ''));
  }
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}

async function postPlain(pageUrl: string, body: FormData): Promise<{ status: number; html: string }> {
  const response = await fetch(pageUrl, { method: 'POST', body });
  return { status: response.status, html: await response.text() };
}

/** Wait until the page is interactive and the form reached: the country field has become the react-select combobox. */
async function hydrated(page: Page): Promise<void> {
  await searchableCountry(page);
}

async function fillContactForm(page: Page, { newsletter }: { newsletter: boolean }) {
  await page.getByLabel('First name').fill('Aisha');
  await page.getByLabel('Last name').fill('Al-Khalifa');
  await page.getByLabel('Business email').fill('aisha@bapco.com.bh');
  await page.getByLabel('Company', { exact: true }).fill('Bapco');
  await page.getByLabel('Job title').fill('Learning Manager');
  await page.getByLabel('Phone', { exact: true }).fill('+973 1700 0000');
  await page.getByLabel('My team').check();
  await page.getByLabel('Message', { exact: true }).fill('Please send dates for Q1.');
  const subscribe = page.getByLabel(/^Subscribe me/);
  await expect(subscribe).not.toBeChecked(); // never ticked for the visitor
  if (newsletter) await subscribe.check();
  await page.getByLabel(/^I agree/).check();
}

let dir: string;
let pair: Pair;

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'enquiry-e2e-'));
  pair = await startPair({ env: { ENQUIRY_OUTBOX_DIR: dir, ENQUIRY_RATE_LIMIT: '1000' } });
});

test.afterAll(async () => {
  await pair?.stop();
  await rm(dir, { recursive: true, force: true });
});

test.describe('with JavaScript', () => {
  test('an empty submit shows all ten messages tied to their fields, focuses the summary, sends nothing', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
    await page.goto(`${pair.site.url}/contact-us`);
    await hydrated(page);
    expect(scripts.some((url) => url.includes('/country-combobox-'))).toBe(true); // the select's own chunk
    const before = (await readRecords(dir)).length;
    const posts: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && posts.push(request.url()));

    await page.getByRole('button', { name: 'Send enquiry' }).click();

    const summary = page.getByRole('group', { name: 'Please correct 10 fields' });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText(TEN);
    for (const [index, field] of FIELDS.entries()) {
      await expect(page.locator(`#enquiry-${field}-error`)).toHaveText(TEN[index]!);
    }
    await expect(page.getByLabel('First name')).toHaveAttribute('aria-describedby', 'enquiry-firstName-error');
    await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('input#enquiry-country')).toHaveAccessibleDescription(/Country is required/);
    await expect(page.getByLabel('Myself')).toHaveAccessibleDescription('Please select an option');
    // the newsletter box has no message and is not required
    await expect(page.locator('#enquiry-subscribe-error')).toHaveCount(0);
    await expect(page.getByLabel(/^Subscribe me/)).not.toHaveAttribute('aria-required', 'true');

    // a summary link takes the visitor to the field
    await summary.getByRole('link', { name: 'Job title is required' }).click();
    await expect(page.getByLabel('Job title')).toBeFocused();

    const results = await axeViolations(page, { include: '#enquiry' });
    expect(results).toEqual([]);

    expect(posts).toEqual([]);
    expect((await readRecords(dir)).length).toBe(before);
  });

  test('after an empty send each message goes as its field becomes valid, and the count left is announced', async ({
    page,
  }) => {
    await page.goto(`${pair.site.url}/contact-us`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(page.getByRole('group', { name: 'Please correct 10 fields' })).toBeFocused();
    const firstName = page.getByLabel('First name');

    await firstName.fill('Aisha');
    await firstName.blur();
    await expect(page.locator('#enquiry-firstName-error')).toHaveCount(0);
    await expect(firstName).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('group', { name: 'Please correct 9 fields' }).getByRole('link')).toHaveText(
      TEN.slice(1),
    );
    await expect(page.locator('#enquiry-remaining')).toHaveText('9 fields still to correct.');

    // a box or a radio button clears as it is chosen; a field still wrong keeps a message, now the one that fits
    await page.getByLabel(/^I agree/).check();
    await page.getByLabel('My team').check();
    await expect(page.locator('#enquiry-consent-error')).toHaveCount(0);
    await expect(page.locator('#enquiry-trainingFor-error')).toHaveCount(0);
    const email = page.getByLabel('Business email');
    await email.fill('aisha at bapco');
    await email.blur();
    await expect(page.locator('#enquiry-email-error')).toHaveText(
      'Enter a valid business email, such as name@company.com',
    );
    await expect(page.getByRole('group', { name: 'Please correct 7 fields' })).toBeVisible();
    // nothing typed in a field that had no message gives it one before the next send
    await expect(page.locator('[id^="enquiry-"][id$="-error"]')).toHaveCount(7);
  });

  test('heard right: the error sits outside the radiogroup, the chosen country is read again, the fields as announced', async ({
    page,
  }) => {
    await page.goto(`${pair.site.url}/contact-us`);
    await hydrated(page);
    const country = page.locator('input#enquiry-country');
    await country.focus();
    await page.keyboard.type('Bahrain');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    // back on the field, the input is empty and the choice sits beside it: it must be read with the field
    await country.focus();
    await expect(country).toHaveAccessibleDescription(/Bahrain/);

    await page.reload();
    await hydrated(page);
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(page.getByRole('group', { name: 'Please correct 10 fields' })).toBeFocused();
    // a radiogroup holds radios only: the message follows it, and every radio is described by it
    await expect(page.locator('#enquiry-trainingFor-error')).toBeVisible();
    await expect(page.locator('[role=radiogroup] #enquiry-trainingFor-error')).toHaveCount(0);
    for (const name of ['Myself', 'My team']) {
      await expect(page.getByRole('radio', { name })).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByRole('radio', { name })).toHaveAccessibleDescription('Please select an option');
    }
    await expect(page.locator('#enquiry-form')).toMatchAriaSnapshot({ name: 'contact-form-empty-submit.aria.yml' });
  });

  test('a valid enquiry (double-clicked) is confirmed, the form is reset, and one record is in the outbox', async ({
    page,
  }) => {
    await page.goto(`${pair.site.url}/contact-us`);
    await hydrated(page);
    const before = (await readRecords(dir)).length;
    await fillContactForm(page, { newsletter: false });
    const country = page.getByLabel('Country', { exact: true });
    await country.fill('Bahr');
    await expect(page.getByRole('option', { name: 'Bahrain' })).toBeVisible();
    await country.press('Enter');

    await page.getByRole('button', { name: 'Send enquiry' }).dblclick();

    const confirmation = page.getByRole('status').filter({ hasText: 'Thank you, Aisha. Your enquiry has arrived.' });
    await expect(confirmation).toBeFocused();
    const reference = (await confirmation.locator('strong').textContent()) ?? '';
    await expect(page.getByLabel('First name')).toHaveValue('');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');
    await expect(page.getByLabel(/^I agree/)).not.toBeChecked();
    await expect(page.locator('#enquiry-form input[type="hidden"][name="country"]')).toHaveValue('');
    await expect(page.locator('#enquiry-form')).toContainText('Select...');

    const records = await readRecords(dir);
    expect(records.length).toBe(before + 1);
    const record = records.at(-1)!;
    expect(record.id.slice(0, 8).toUpperCase()).toBe(reference);
    expect(record).toMatchObject({
      kind: 'contact',
      // sent without the newsletter: the enquiry does not depend on it (record 035)
      fields: { ...valid(), subscribe: false, consent: true, countryName: 'Bahrain' },
    });
  });

  test('a send that fails on the way keeps what was typed and says so; sending again works', async ({ page }) => {
    await page.goto(`${pair.site.url}/contact-us`);
    await hydrated(page);
    const before = (await readRecords(dir)).length;
    await fillContactForm(page, { newsletter: false });
    await page.getByLabel('Country', { exact: true }).fill('Qatar');
    await page.getByLabel('Country', { exact: true }).press('Enter');

    await page.route('**/RSC/F/**', (route) => route.abort('connectionreset'));
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    const notice = page
      .getByRole('alert')
      .filter({ hasText: 'We could not reach our server, so your enquiry was not sent.' });
    await expect(notice).toBeFocused();
    await expect(page.getByLabel('First name')).toHaveValue('Aisha');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Please send dates for Q1.');
    await expect(page.locator('#enquiry-form')).toContainText('Qatar');
    expect((await readRecords(dir)).length).toBe(before);

    await page.unroute('**/RSC/F/**');
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your enquiry has arrived' })).toBeVisible();
    expect((await readRecords(dir)).map((record) => record.fields.country).slice(before)).toEqual(['QA']);
  });

  test('Quick Inquiry in the course sidebar arrives with the course it was sent from', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
    await page.goto(`${pair.site.url}${COURSE_PAGE}`);
    await page.waitForLoadState('networkidle'); // the sidebar forms are interactive
    expect(scripts.filter((url) => url.includes('/country-combobox-'))).toEqual([]); // no country select here
    const course = (await page.locator('h1').textContent())?.trim() ?? '';
    const box = page.locator('#quick-inquiry');
    const before = (await readRecords(dir)).length;

    await box.getByRole('button', { name: 'Send Message' }).click();
    await expect(box.getByLabel('Name')).toBeFocused();
    await expect(box.locator('#quick-inquiry-message-error')).toHaveText('Message is required');
    await expect(box.locator('#quick-inquiry-replyTo-error')).toHaveText('Email or phone is required, so we can reply');

    await box.getByLabel('Name').fill('Yusuf');
    await box.getByLabel('Email or phone').fill('yusuf at gpic');
    await box.getByLabel('Message').fill('Is there an Arabic-language class?');
    await box.getByRole('button', { name: 'Send Message' }).click();
    await expect(box.getByLabel('Email or phone')).toBeFocused();
    await expect(box.getByLabel('Email or phone')).toHaveAccessibleDescription(
      /Enter a valid email, such as name@company.com, or a phone number/,
    );
    await box.getByLabel('Email or phone').fill('yusuf@gpic.com');
    await box.getByLabel('Email or phone').blur();
    // the message goes once the field is valid, before the next send
    await expect(box.locator('#quick-inquiry-replyTo-error')).toHaveCount(0);
    await box.getByRole('button', { name: 'Send Message' }).click();
    await expect(box.getByRole('status')).toContainText('Thank you, Yusuf. Your message has arrived.');
    const records = await readRecords(dir);
    expect(records.length).toBe(before + 1);
    expect(records.at(-1)).toMatchObject({
      kind: 'quick-inquiry',
      context: course,
      fields: { name: 'Yusuf', replyTo: 'yusuf@gpic.com', message: 'Is there an Arabic-language class?' },
    });
  });

  test('the searchable country field is loaded when the visitor comes to the form, not with the page', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
    const combobox = () => scripts.filter((url) => url.includes('/country-combobox-'));
    await page.goto(`${pair.site.url}/contact-us`);
    await whenHydrated(page);
    await page.waitForLoadState('networkidle');
    expect(combobox()).toEqual([]); // hydrated, and nothing of react-select asked for
    await expect(page.locator('input#enquiry-country[list]')).toBeVisible();
    // the keyboard's way in: the focus comes into the form, and stays where it came
    await page.getByLabel('First name').focus();
    await expect(page.locator('input#enquiry-country:not([list])')).toBeAttached();
    expect(combobox()).toHaveLength(1);
    await expect(page.getByLabel('First name')).toBeFocused();

    // the home page's form, below the fold: a pointer over it, as a mouse or a finger comes to it
    scripts.length = 0;
    await page.goto(`${pair.site.url}/`);
    await whenHydrated(page);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('input#enquiry-country[list]')).toBeAttached();
    await page.getByLabel('Last name').hover();
    await expect(page.locator('input#enquiry-country:not([list])')).toBeAttached();
  });

  for (const [typed, code] of [
    ['Bahrain', 'BH'],
    ['Bahrein', undefined],
  ] as const)
    test(`“${typed}” typed into the country field before the page is interactive is kept${code ? ': it becomes the searchable field’s choice' : ', a typo as typed'}`, async ({
      page,
    }) => {
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/assets/*.js', async (route) => {
        await released;
        await route.continue().catch(() => undefined); // the page may be gone by then
      });
      const combobox = page.waitForRequest((request) => request.url().includes('/country-combobox-'));
      await page.goto(`${pair.site.url}/contact-us`, { waitUntil: 'commit' });
      const plain = page.locator('input#enquiry-country[list]');
      await plain.click();
      await page.keyboard.type(typed);
      release();
      await whenHydrated(page);
      await combobox; // the focus is in the form: the searchable field's code is asked for
      await expect(plain).toHaveValue(typed); // and nothing wrote over what was typed
      await page.getByLabel('First name').click(); // the focus leaves the field
      if (code) {
        await expect(page.locator('input#enquiry-country:not([list])')).toBeAttached();
        await expect(page.locator('#enquiry-form input[type="hidden"][name="country"]')).toHaveValue(code);
        await expect(page.locator('#enquiry-form')).toContainText(typed); // the choice shown
      } else {
        // text the searchable field cannot show stays where it was typed, for its message
        await page.getByRole('button', { name: 'Send enquiry' }).click();
        await expect(plain).toHaveValue(typed);
        await expect(plain).toHaveAccessibleDescription(/Choose a country from the list/);
      }
    });

  test('the country picker finds what people type: everyday names and native names first', async ({ page }) => {
    await page.goto(`${pair.site.url}/contact-us`);
    await hydrated(page);
    const country = page.getByLabel('Country', { exact: true });
    for (const [typed, name] of [
      ['UAE', 'United Arab Emirates'],
      ['KSA', 'Saudi Arabia'],
      ['UK', 'United Kingdom'],
      ['USA', 'United States'],
      ['البحرين', 'Bahrain'],
      ['oman', 'Oman'],
    ]) {
      await country.fill(typed!);
      await expect(page.getByRole('option').first(), typed).toContainText(name!);
    }
    await country.fill('bahr');
    await expect(page.getByRole('option').first()).toHaveText('Bahrain (البحرين)');
    await country.press('Enter');
    await expect(page.locator('#enquiry-form input[type="hidden"][name="country"]')).toHaveValue('BH');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('an empty submit comes back from the server with all ten messages and what was typed', async ({ page }) => {
    const before = (await readRecords(dir)).length;
    await page.goto(`${pair.site.url}/contact-us`);
    await expect(page.locator('input#enquiry-country[list]')).toBeVisible();
    await page.getByLabel('First name').fill('Aisha');
    await page.getByLabel(/^I agree/).check();
    const answer = page.waitForResponse((response) => response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    expect((await answer).status()).toBe(422);

    await expect(page.getByRole('group', { name: 'Please correct 8 fields' }).getByRole('link')).toHaveText(
      TEN.filter((message) => message !== 'First name is required' && message !== 'Consent is required'),
    );
    await expect(page.getByLabel('First name')).toHaveValue('Aisha');
    await expect(page.getByLabel(/^I agree/)).toBeChecked();
    await expect(page.getByLabel('Last name')).toHaveAttribute('aria-describedby', 'enquiry-lastName-error');
    expect(new URL(page.url()).hash).toBe('#enquiry-form');

    await page.getByLabel('First name').fill('');
    await page.getByLabel(/^I agree/).uncheck();
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    for (const [index, field] of FIELDS.entries()) {
      await expect(page.locator(`#enquiry-${field}-error`)).toHaveText(TEN[index]!);
    }
    expect((await readRecords(dir)).length).toBe(before);
  });

  test('the home page form answers the same way: ten messages, then one record', async () => {
    const before = (await readRecords(dir)).length;
    const url = `${pair.site.url}/`;
    const empty = await postPlain(url, await plainFormBody(url, 'enquiry-form', {}));
    expect(empty.status).toBe(422);
    for (const message of TEN) expect(empty.html).toContain(`<span>${message}</span>`);
    expect(empty.html).not.toContain('Subscription is required');
    const sent = await postPlain(url, await plainFormBody(url, 'enquiry-form', valid({ firstName: 'Home' })));
    expect(sent.status).toBe(200);
    expect(sent.html).toContain('Thank you, Home. Your enquiry has arrived.');
    const records = await readRecords(dir);
    expect(records.length).toBe(before + 1);
    expect(records.at(-1)?.fields.firstName).toBe('Home');
  });

  test('the country is typed, with the names as suggestions: an everyday name is read as its code, a typo comes back with what was typed', async ({
    page,
  }) => {
    await page.goto(`${pair.site.url}/contact-us`);
    const country = page.getByRole('combobox', { name: 'Country', exact: true });
    await expect(country).toHaveAttribute('list', /.+/); // a text box with suggestions, not a 250-option select
    const suggestions = page.locator(`datalist#${await country.getAttribute('list')} option`);
    await expect(suggestions).toHaveCount(249);
    await expect(suggestions.first()).toHaveAttribute('value', 'Afghanistan');

    await fillContactForm(page, { newsletter: false });
    await page.getByLabel('Message', { exact: true }).fill('A typo first, then the everyday name.');
    await country.fill('Bahrein');
    const refused = page.waitForResponse((response) => response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    expect((await refused).status()).toBe(422);
    await expect(page.getByRole('group', { name: 'Please correct 1 field' }).getByRole('link')).toHaveText([
      'Choose a country from the list',
    ]);
    await expect(country).toHaveValue('Bahrein');
    await expect(country).toHaveAccessibleDescription(/Choose a country from the list/);

    const before = (await readRecords(dir)).length;
    await country.fill('uae');
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thank you, Aisha.' })).toBeVisible();
    const records = await readRecords(dir);
    expect(records.length).toBe(before + 1);
    expect(records.at(-1)?.fields).toMatchObject({ country: 'AE', message: 'A typo first, then the everyday name.' });
  });

  test('a valid submit shows the confirmation, an empty form, and adds one record', async ({ page }) => {
    const before = (await readRecords(dir)).length;
    await page.goto(`${pair.site.url}/contact-us`);
    await fillContactForm(page, { newsletter: true });
    // This page may be the page cache's kept rendering the JavaScript test above sent Aisha's enquiry from; the
    // same text from the same rendering would rightly be that one enquiry, so this visitor asks something else.
    await page.getByLabel('Message', { exact: true }).fill(NO_JS_MESSAGE);
    await page.getByLabel('Country', { exact: true }).fill('Bahrain'); // the plain field: a name, read as BH
    await page.getByRole('button', { name: 'Send enquiry' }).click();

    await expect(
      page.getByRole('status').filter({ hasText: 'Thank you, Aisha. Your enquiry has arrived.' }),
    ).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('');
    await expect(page.getByLabel('Country', { exact: true })).toHaveValue('');
    const records = await readRecords(dir);
    expect(records.length).toBe(before + 1);
    expect(records.at(-1)).toMatchObject({
      kind: 'contact',
      fields: { ...valid({ message: NO_JS_MESSAGE }), subscribe: true, consent: true },
    });
  });

  test('the same rendered form posted twice (a refresh after sending) is stored once', async () => {
    const before = (await readRecords(dir)).length;
    const url = `${pair.site.url}/contact-us`;
    const body = await plainFormBody(url, 'enquiry-form', valid({ firstName: 'Refresh' }));
    const first = await postPlain(url, body);
    const again = await postPlain(url, body);
    for (const answer of [first, again]) {
      expect(answer.status).toBe(200);
      expect(answer.html).toContain('Thank you, Refresh. Your enquiry has arrived.');
    }
    const records = await readRecords(dir);
    expect(records.length).toBe(before + 1);
    // a new rendering of the form with the same text is a new enquiry: the answer's emptied form is one (a
    // page fetched again may be the page cache's kept rendering, the one already sent)
    const renewed = formBodyFrom(first.html, 'enquiry-form', valid({ firstName: 'Refresh' }));
    expect(renewed.get('formToken')).not.toBe(body.get('formToken'));
    await postPlain(url, renewed);
    expect((await readRecords(dir)).length).toBe(before + 2);
  });

  test('a form token never issued by the site is refused with a plain message; what was typed stays', async () => {
    const before = (await readRecords(dir)).length;
    const url = `${pair.site.url}/contact-us`;
    const body = await plainFormBody(url, 'enquiry-form', valid({ firstName: 'Forged' }));
    const issued = String(body.get('formToken'));
    expect(issued).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/); // signed, not just random
    for (const forged of [`${issued.slice(0, -43)}${'A'.repeat(43)}`, 'made-up-token-of-some-length']) {
      body.set('formToken', forged);
      const answer = await postPlain(url, body);
      expect(answer.status).toBe(400);
      expect(answer.html).toContain('This form had expired, so nothing was sent. Your details are still here');
      expect(answer.html).toContain('value="Forged"');
    }
    expect((await readRecords(dir)).length).toBe(before);
  });

  test('a token belongs to a rendering, not to a visitor: whoever is shown the page can send its form', async () => {
    const before = (await readRecords(dir)).length;
    const url = `${pair.site.url}/contact-us`;
    const page = await fetch(url);
    expect(page.headers.get('set-cookie')).toBeNull(); // nothing pairs the page with one visitor
    // two visitors shown that one rendering (as a shared cache would): each one's enquiry is accepted
    const body = await plainFormBody(url, 'enquiry-form', {});
    for (const [visitor, agent] of [
      ['Visitor One', 'Mozilla/5.0 (X11; Linux x86_64)'],
      ['Visitor Two', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)'],
    ]) {
      const form = new FormData();
      for (const [name, value] of body) form.append(name, value);
      for (const [name, value] of Object.entries(valid({ firstName: visitor! }))) form.append(name, value);
      const answer = await fetch(url, { method: 'POST', body: form, headers: { 'user-agent': agent! } });
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain(`Thank you, ${visitor}. Your enquiry has arrived.`);
    }
    expect((await readRecords(dir)).slice(before).map((record) => record.fields.firstName)).toEqual([
      'Visitor One',
      'Visitor Two',
    ]);
  });

  test('Request In-House Proposal arrives with the course already in the form', async ({ page }) => {
    await page.goto(`${pair.site.url}${COURSE_PAGE}`);
    const course = (await page.locator('h1').textContent())?.trim() ?? '';
    await page.getByRole('link', { name: 'Request In-House Proposal' }).click();
    await expect(page).toHaveURL(/\/contact-us\?/);
    await expect(page.getByLabel('My team')).toBeChecked();
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue(
      new RegExp(`"${course.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`),
    );
  });

  test('Call Me Back in the sidebar: errors come back from the server, then the request arrives', async ({ page }) => {
    const before = (await readRecords(dir)).length;
    await page.goto(`${pair.site.url}${COURSE_PAGE}`);
    const box = page.locator('#call-me-back');
    await box.getByLabel('Name').fill('Fatima');
    await box.getByRole('button', { name: 'Call Me Back' }).click();
    await expect(box.locator('#call-me-back-phone-error')).toHaveText('Phone is required');
    await expect(box.getByLabel('Name')).toHaveValue('Fatima');
    await box.getByLabel('Phone').fill('+973 3900 0000');
    await box.getByRole('button', { name: 'Call Me Back' }).click();
    await expect(box.getByRole('status')).toContainText('Thank you, Fatima. We will call you back.');
    const records = await readRecords(dir);
    expect(records.length).toBe(before + 1);
    expect(records.at(-1)).toMatchObject({ kind: 'call-me-back', fields: { name: 'Fatima', phone: '+973 3900 0000' } });
  });
});

test.describe('delivery', () => {
  test('the outbox is readable by the server’s user only', async () => {
    expect((await readRecords(dir)).length).toBeGreaterThan(0);
    expect((await stat(path.join(dir, 'enquiries.jsonl'))).mode & 0o777).toBe(0o600);
  });

  test('forwarding starts with the server: a record left unforwarded is delivered with only health checks', async () => {
    const webhook = await startWebhook();
    const leftDir = await mkdtemp(path.join(os.tmpdir(), 'enquiry-e2e-left-'));
    const left = {
      v: 1,
      id: 'f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0',
      kind: 'call-me-back',
      receivedAt: new Date().toISOString(),
      fields: { name: 'Left Over', phone: '+973 3900 0000' },
    };
    await writeFile(path.join(leftDir, 'enquiries.jsonl'), `${JSON.stringify(left)}\n`);
    // started like `npm start`; the harness only polls /healthz until it answers, no page is viewed
    const restarted = await startPair({
      env: {
        ENQUIRY_OUTBOX_DIR: leftDir,
        ENQUIRY_WEBHOOK_URL: `${webhook.url}/hook`,
      },
    });
    try {
      await expect.poll(() => webhook.received, { timeout: 10_000 }).toEqual([left.id]);
    } finally {
      await restarted.stop();
      await webhook.close();
      await rm(leftDir, { recursive: true, force: true });
    }
  });
});

test.describe('refused without writing anything', () => {
  test('a filled honeypot, a script in a field and an oversized body each get their message', async () => {
    const url = `${pair.site.url}/contact-us`;
    const before = (await readRecords(dir)).length;

    const bot = await postPlain(
      url,
      await plainFormBody(url, 'enquiry-form', { ...valid(), website: 'https://spam.example' }),
    );
    expect(bot.status).toBe(400);
    expect(bot.html).toContain('hidden anti-spam field was filled in');

    const script = await postPlain(
      url,
      await plainFormBody(url, 'enquiry-form', valid({ company: '<script>alert(1)</script>' })),
    );
    expect(script.status).toBe(422);
    expect(script.html).toContain('Company cannot contain HTML tags such as &lt;script&gt;');
    expect(script.html).not.toContain('<script>alert(1)</script>');

    const huge = await postPlain(
      url,
      await plainFormBody(url, 'enquiry-form', valid({ message: 'x'.repeat(100_000) })),
    );
    expect(huge.status).toBe(413);
    expect(huge.html).toContain('Your enquiry is too large to send');
    const hugeAction = await fetch(`${pair.site.url}/RSC/F/anything.txt`, {
      method: 'POST',
      body: 'x'.repeat(100_000),
    });
    expect(hugeAction.status).toBe(413);

    expect((await readRecords(dir)).length).toBe(before);
  });

  test('over the rate limit: refused with its message; the accepted ones reach the webhook', async () => {
    const webhook = await startWebhook();
    const limitedDir = await mkdtemp(path.join(os.tmpdir(), 'enquiry-e2e-limited-'));
    const limited = await startPair({
      env: {
        ENQUIRY_OUTBOX_DIR: limitedDir,
        ENQUIRY_RATE_LIMIT: '2',
        ENQUIRY_WEBHOOK_URL: `${webhook.url}/enquiries`,
        ENQUIRY_WEBHOOK_RETRY_MS: '100',
      },
    });
    try {
      const url = `${limited.site.url}/contact-us`;
      const answers = [];
      for (const name of ['One', 'Two', 'Three']) {
        answers.push(await postPlain(url, await plainFormBody(url, 'enquiry-form', valid({ firstName: name }))));
      }
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429]);
      expect(answers[2]!.html).toContain('You have sent several enquiries in a short time. Please wait 10 minutes');
      expect(answers[2]!.html).toContain('value="Three"'); // what was typed is still there
      const records = await readRecords(limitedDir);
      expect(records.map((record) => record.fields.firstName)).toEqual(['One', 'Two']);
      await expect.poll(() => [...webhook.received].sort()).toEqual(records.map((record) => record.id).sort());
    } finally {
      await limited.stop();
      await webhook.close();
      await rm(limitedDir, { recursive: true, force: true });
    }
  });
});
