// The enquiry pipeline against a real outbox in a temp folder: every bad input gets its own message and
// leaves nothing on disk; valid enquiries are stored once each, however they arrive.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { AcknowledgementLimits } from './acknowledgement-limits';
import { FORM_TOKEN_MAX_AGE_MS, formTokenKey, issueFormToken } from './form-token';
import { FileOutbox, readOutbox } from './outbox';
import { EnquiryPipeline, type SubmitOutcome } from './pipeline';
import { RateLimiter } from './rate-limit';
import { REQUIRED_MESSAGES, type EnquiryKind } from './schema';
import type { Logger } from './store';

/** Signed tokens as the forms get them (signing is async: a pool, each one a different rendering). */
/** This test's site's form-token key. */
const KEY = formTokenKey('a-form-token-secret-for-the-pipeline-tests');
const TOKENS = await Promise.all(Array.from({ length: 64 }, () => issueFormToken(KEY)));
let issued = 0;
const newFormToken = () => TOKENS[issued++ % TOKENS.length]!;

const quiet: Logger = { info() {}, warn() {}, error() {} };

function validContact(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'Aisha',
    lastName: 'Al-Khalifa',
    email: 'aisha@bapco.com.bh',
    company: 'Bapco',
    jobTitle: 'Learning and Development Manager',
    phone: '+973 1700 0000',
    country: 'BH',
    trainingFor: 'team',
    message: 'We would like dates for the project management course in Manama.',
    subscribe: 'yes',
    consent: 'yes',
    formToken: newFormToken(),
    website: '',
    ...overrides,
  };
}

function without(field: string): Record<string, unknown> {
  const input = validContact();
  delete input[field];
  return input;
}

let dir: string;
let outbox: FileOutbox;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'enquiry-pipeline-'));
  outbox = await FileOutbox.open(dir, quiet);
});

afterEach(async () => {
  await outbox.close();
  await rm(dir, { recursive: true, force: true });
});

function pipeline(options: { limit?: number; maxBytes?: number } = {}) {
  return new EnquiryPipeline({
    formTokenKey: KEY,
    store: outbox,
    limiter: new RateLimiter(options.limit ?? 100, 600_000),
    maxBytes: options.maxBytes ?? 64 * 1024,
    logger: quiet,
  });
}

async function recordsOnDisk(): Promise<number> {
  return (await readOutbox(dir)).records.length;
}

type BadCase = {
  name: string;
  kind?: EnquiryKind;
  input: Record<string, unknown>;
  /** The field whose message it is, or 'form' for a message about the whole form. */
  field: string;
  message: string | RegExp;
};

const badCases: BadCase[] = [
  // each required field missing: the spec's ten messages
  ...Object.entries(REQUIRED_MESSAGES).map(([field, message]) => ({
    name: `${field} missing`,
    input: without(field),
    field,
    message,
  })),
  {
    name: 'first name only spaces',
    input: validContact({ firstName: '   ' }),
    field: 'firstName',
    message: 'First name is required',
  },
  // too long
  {
    name: 'first name too long',
    input: validContact({ firstName: 'a'.repeat(101) }),
    field: 'firstName',
    message: 'First name must be 100 characters or fewer',
  },
  {
    name: 'last name too long',
    input: validContact({ lastName: 'a'.repeat(101) }),
    field: 'lastName',
    message: 'Last name must be 100 characters or fewer',
  },
  {
    name: 'email too long',
    input: validContact({ email: `${'a'.repeat(250)}@x.com` }),
    field: 'email',
    message: 'Business email must be 254 characters or fewer',
  },
  {
    name: 'company too long',
    input: validContact({ company: 'c'.repeat(151) }),
    field: 'company',
    message: 'Company must be 150 characters or fewer',
  },
  {
    name: 'job title too long',
    input: validContact({ jobTitle: 'j'.repeat(101) }),
    field: 'jobTitle',
    message: 'Job title must be 100 characters or fewer',
  },
  {
    name: 'phone too long',
    input: validContact({ phone: '1'.repeat(31) }),
    field: 'phone',
    message: 'Phone must be 30 characters or fewer',
  },
  {
    name: 'message too long',
    input: validContact({ message: 'm'.repeat(5001) }),
    field: 'message',
    message: 'Message must be 5000 characters or fewer',
  },
  // wrong type or format
  {
    name: 'first name a number',
    input: validContact({ firstName: 42 }),
    field: 'firstName',
    message: 'First name must be text',
  },
  {
    name: 'first name sent twice',
    input: validContact({ firstName: ['Aisha', 'Sara'] }),
    field: 'firstName',
    message: 'First name must be text',
  },
  {
    name: 'country an object',
    input: validContact({ country: { code: 'BH' } }),
    field: 'country',
    message: 'Country must be text',
  },
  {
    name: 'email without @',
    input: validContact({ email: 'aisha.bapco.com' }),
    field: 'email',
    message: 'Enter a valid business email, such as name@company.com',
  },
  {
    name: 'phone with letters',
    input: validContact({ phone: 'call me maybe' }),
    field: 'phone',
    message: 'Enter a valid phone number, such as +973 1700 0000',
  },
  {
    name: 'phone too few digits',
    input: validContact({ phone: '12-34' }),
    field: 'phone',
    message: 'Enter a valid phone number, such as +973 1700 0000',
  },
  {
    name: 'training for someone else',
    input: validContact({ trainingFor: 'everyone' }),
    field: 'trainingFor',
    message: 'Please select an option',
  },
  // unknown country
  {
    name: 'unknown country code',
    input: validContact({ country: 'XX' }),
    field: 'country',
    message: 'Choose a country from the list',
  },
  {
    // a name the list knows is read as its code (the plain field sends what was typed); this one it does not
    name: 'country name the list does not know',
    input: validContact({ country: 'Bahrein' }),
    field: 'country',
    message: 'Choose a country from the list',
  },
  // script and markup
  {
    name: 'script in first name',
    input: validContact({ firstName: '<script>alert(1)</script>' }),
    field: 'firstName',
    message: 'First name cannot contain HTML tags such as <script>',
  },
  {
    name: 'script in message',
    input: validContact({ message: 'Hello <script src="//evil.example/x.js"></script>' }),
    field: 'message',
    message: 'Message cannot contain HTML tags such as <script>',
  },
  {
    name: 'image tag in company',
    input: validContact({ company: '<img src=x onerror=alert(1)>' }),
    field: 'company',
    message: 'Company cannot contain HTML tags such as <script>',
  },
  {
    name: 'closing tag in job title',
    input: validContact({ jobTitle: 'Manager</title>' }),
    field: 'jobTitle',
    message: 'Job title cannot contain HTML tags such as <script>',
  },
  {
    name: 'control character in last name',
    input: validContact({ lastName: 'Al\u0000Khalifa' }),
    field: 'lastName',
    message: 'Last name contains characters that are not allowed',
  },
  {
    name: 'C1 control character in first name',
    input: validContact({ firstName: 'Ai\u0085sha' }),
    field: 'firstName',
    message: 'First name contains characters that are not allowed',
  },
  {
    name: 'line separator in job title',
    input: validContact({ jobTitle: 'Manager\u2028Bcc: x@y.z' }),
    field: 'jobTitle',
    message: 'Job title contains characters that are not allowed',
  },
  {
    name: 'line break in company',
    input: validContact({ company: 'Bapco\r\nBcc: x@y.z' }),
    field: 'company',
    message: 'Company contains characters that are not allowed',
  },
  // abuse
  {
    name: 'oversized body',
    input: validContact({ message: 'm'.repeat(70_000) }),
    field: 'form',
    message: /too large to send \(the limit is 64 KB\)/,
  },
  {
    name: 'honeypot filled',
    input: validContact({ website: 'https://spam.example' }),
    field: 'form',
    message: /anti-spam field was filled in/,
  },
  { name: 'no form token', input: validContact({ formToken: undefined }), field: 'form', message: /form had expired/ },
  { name: 'forged form token', input: validContact({ formToken: 'x' }), field: 'form', message: /form had expired/ },
  {
    name: 'never-issued form token (well-formed, signed with another key)',
    input: validContact({ formToken: `${TOKENS[0]!.slice(0, -43)}${'A'.repeat(43)}` }),
    field: 'form',
    message: /form had expired/,
  },
  {
    name: 'tampered form token (another render id under the same signature)',
    input: validContact({ formToken: TOKENS[0]!.replace(/\.[A-Za-z0-9_-]{16}\./, `.${'b'.repeat(16)}.`) }),
    field: 'form',
    message: /form had expired/,
  },
  {
    name: 'expired form token',
    input: validContact({ formToken: await issueFormToken(KEY, Date.now() - FORM_TOKEN_MAX_AGE_MS - 60_000) }),
    field: 'form',
    message: /form had expired/,
  },
  {
    name: 'form token from the future',
    input: validContact({ formToken: await issueFormToken(KEY, Date.now() + 60 * 60_000) }),
    field: 'form',
    message: /form had expired/,
  },
  // the sidebar forms
  {
    name: 'quick inquiry without name',
    kind: 'quick-inquiry',
    input: { message: 'Dates?', replyTo: '+973 3900 0000', formToken: newFormToken() },
    field: 'name',
    message: 'Name is required',
  },
  {
    name: 'quick inquiry without message',
    kind: 'quick-inquiry',
    input: { name: 'Ali', replyTo: 'ali@gpic.com', formToken: newFormToken() },
    field: 'message',
    message: 'Message is required',
  },
  {
    name: 'quick inquiry with script',
    kind: 'quick-inquiry',
    input: { name: 'Ali', replyTo: 'ali@gpic.com', message: '<script>x</script>', formToken: newFormToken() },
    field: 'message',
    message: 'Message cannot contain HTML tags such as <script>',
  },
  {
    name: 'quick inquiry without a way to reply',
    kind: 'quick-inquiry',
    input: { name: 'Ali', message: 'Dates?', formToken: newFormToken() },
    field: 'replyTo',
    message: 'Email or phone is required, so we can reply',
  },
  {
    name: 'quick inquiry with a reply address that is neither email nor phone',
    kind: 'quick-inquiry',
    input: { name: 'Ali', replyTo: 'ali at gpic', message: 'Dates?', formToken: newFormToken() },
    field: 'replyTo',
    message: 'Enter a valid email, such as name@company.com, or a phone number, such as +973 1700 0000',
  },
  {
    name: 'quick inquiry with a broken email to reply to',
    kind: 'quick-inquiry',
    input: { name: 'Ali', replyTo: 'ali@gpic', message: 'Dates?', formToken: newFormToken() },
    field: 'replyTo',
    message: 'Enter a valid email, such as name@company.com, or a phone number, such as +973 1700 0000',
  },
  {
    name: 'call me back without phone',
    kind: 'call-me-back',
    input: { name: 'Ali', formToken: newFormToken() },
    field: 'phone',
    message: 'Phone is required',
  },
  {
    name: 'call me back with a bad phone',
    kind: 'call-me-back',
    input: { name: 'Ali', phone: 'soon', formToken: newFormToken() },
    field: 'phone',
    message: 'Enter a valid phone number, such as +973 1700 0000',
  },
];

function messageOf(outcome: SubmitOutcome, field: string): string | undefined {
  if (field === 'form')
    return outcome.result === 'rejected' || outcome.result === 'failed' ? outcome.message : undefined;
  return outcome.result === 'invalid' ? outcome.errors[field] : undefined;
}

describe('bad inputs', () => {
  test.each(badCases)('$name → its message, nothing written', async ({ kind = 'contact', input, field, message }) => {
    const outcome = await pipeline().submit(kind, input, '203.0.113.7');
    if (typeof message === 'string') expect(messageOf(outcome, field)).toBe(message);
    else expect(messageOf(outcome, field)).toMatch(message);
    if (field !== 'form' && outcome.result === 'invalid') {
      // one message per broken field: the others are fine
      expect(Object.keys(outcome.errors)).toEqual([field]);
    }
    expect(outbox.size).toBe(0);
    expect(await recordsOnDisk()).toBe(0);
  });

  test('an empty contact form gets all ten messages, in form order', async () => {
    const outcome = await pipeline().submit('contact', { formToken: newFormToken() }, 'c');
    expect(outcome.result === 'invalid' && Object.values(outcome.errors)).toEqual(Object.values(REQUIRED_MESSAGES));
    expect(await recordsOnDisk()).toBe(0);
  });

  test('over the rate limit → its message, nothing more written', async () => {
    const limited = pipeline({ limit: 2 });
    expect((await limited.submit('contact', validContact(), 'same-client')).result).toBe('accepted');
    expect((await limited.submit('contact', validContact(), 'same-client')).result).toBe('accepted');
    const third = await limited.submit('contact', validContact(), 'same-client');
    expect(messageOf(third, 'form')).toMatch(
      /^You have sent several enquiries in a short time\. Please wait 10 minutes/,
    );
    expect(await recordsOnDisk()).toBe(2);
    // another client is not affected
    expect((await limited.submit('contact', validContact(), 'other-client')).result).toBe('accepted');
    expect(await recordsOnDisk()).toBe(3);
  });

  test('invalid forms and resubmissions do not use up the rate limit', async () => {
    const limited = pipeline({ limit: 1 });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await limited.submit('contact', without('consent'), 'c')).result).toBe('invalid');
    }
    const form = validContact();
    expect((await limited.submit('contact', form, 'c')).result).toBe('accepted');
    expect(await limited.submit('contact', form, 'c')).toMatchObject({ result: 'accepted', duplicate: true });
    expect(await recordsOnDisk()).toBe(1);
  });
});

describe('no mail relay: acknowledgements per recipient, clients per network (record 034)', () => {
  const limits = () =>
    new AcknowledgementLimits({ perAddressHour: 3, perAddressDay: 10, perDomainHour: 6, perDomainDay: 20 });

  test('30 forms to one address from 10 clients: all stored for the team, 3 acknowledged, the rest marked withheld', async () => {
    const relay = new EnquiryPipeline({
      formTokenKey: KEY,
      store: outbox,
      limiter: new RateLimiter(5, 600_000),
      acknowledgementLimits: limits(),
      maxBytes: 64 * 1024,
      logger: quiet,
    });
    for (let index = 0; index < 30; index += 1) {
      const outcome = await relay.submit(
        'contact',
        validContact({ email: 'victim@example.org' }),
        `198.51.100.${index % 10}`,
      );
      expect(outcome.result).toBe('accepted');
    }
    const { records } = await readOutbox(dir);
    expect(records).toHaveLength(30);
    const acknowledged = records.filter((record) => !record.acknowledgementWithheld);
    expect(acknowledged).toHaveLength(3);
    // the first three were acknowledged: the decision was taken in the order the forms arrived
    expect(records.slice(0, 3).every((record) => !record.acknowledgementWithheld)).toBe(true);
    expect(new Set(records.slice(3).map((record) => record.acknowledgementWithheld))).toEqual(
      new Set(['recipient-limit']),
    );
  });

  test('a +tag or capitals make no new recipient; other addresses at the domain count against its limit', async () => {
    const relay = new EnquiryPipeline({
      formTokenKey: KEY,
      store: outbox,
      limiter: new RateLimiter(0, 1),
      acknowledgementLimits: limits(),
      maxBytes: 65536,
      logger: quiet,
    });
    for (const email of ['victim@example.org', 'Victim+1@EXAMPLE.org', 'victim+2@example.org', 'victim+3@example.org'])
      await relay.submit('contact', validContact({ email }), 'c');
    for (const n of [1, 2, 3, 4]) await relay.submit('contact', validContact({ email: `other${n}@example.org` }), 'c');
    const withheld = (await readOutbox(dir)).records.map((record) => record.acknowledgementWithheld ?? 'sent');
    expect(withheld).toEqual(['sent', 'sent', 'sent', 'recipient-limit', 'sent', 'sent', 'sent', 'domain-limit']);
  });

  test('an IPv6 client counts by its /64 and, with a larger limit, by its /48', async () => {
    const relay = new EnquiryPipeline({
      formTokenKey: KEY,
      store: outbox,
      limiter: new RateLimiter(2, 600_000),
      networkLimiter: new RateLimiter(5, 600_000),
      maxBytes: 64 * 1024,
      logger: quiet,
    });
    const results: string[] = [];
    // six /64s of one /48, two forms each
    for (let net = 0; net < 6; net += 1)
      for (let form = 0; form < 2; form += 1)
        results.push((await relay.submit('contact', validContact(), `2001:db8:85a3:${net}::/64`)).result);
    expect(results.filter((result) => result === 'accepted')).toHaveLength(5);
    expect((await relay.submit('contact', validContact(), '2001:db8:85a4:0::/64')).result).toBe('accepted');
    expect((await relay.submit('contact', validContact(), '203.0.113.9')).result).toBe('accepted');
  });

  test('a record that could not be stored gives its counts back', async () => {
    const failing = {
      has: () => false,
      put: () => Promise.reject(new Error('disk full')),
    };
    const acks = limits();
    const relay = new EnquiryPipeline({
      formTokenKey: KEY,
      store: failing,
      limiter: new RateLimiter(1, 600_000),
      acknowledgementLimits: acks,
      maxBytes: 65536,
      logger: quiet,
    });
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await relay.submit('contact', validContact({ email: 'a@example.org' }), 'c')).result).toBe('failed');
    expect(acks.take('a@example.org').ok).toBe(true);
  });
});

describe('valid enquiries', () => {
  test('a valid contact enquiry is stored with its id, normalised fields and the country name', async () => {
    const outcome = await pipeline().submit('contact', validContact({ firstName: '  Aisha  ' }), 'c');
    expect(outcome).toMatchObject({ result: 'accepted', duplicate: false });
    const { records } = await readOutbox(dir);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      v: 1,
      id: outcome.result === 'accepted' ? outcome.id : '',
      kind: 'contact',
      fields: {
        firstName: 'Aisha',
        country: 'BH',
        countryName: 'Bahrain',
        trainingFor: 'team',
        subscribe: true,
        consent: true,
      },
    });
    expect(records[0]!.fields).not.toHaveProperty('website');
    expect(records[0]!.fields).not.toHaveProperty('formToken');
  });

  test('the same rendered form sent twice is stored once; the same text from a new rendering is a new enquiry', async () => {
    const form = validContact();
    const first = await pipeline().submit('contact', form, 'c');
    const again = await pipeline().submit('contact', { ...form, firstName: 'AISHA' }, 'c'); // refresh; case differs
    expect(again).toMatchObject({ result: 'accepted', duplicate: true });
    expect(again.result === 'accepted' && first.result === 'accepted' && again.id === first.id).toBe(true);
    const tomorrow = await pipeline().submit('contact', { ...form, formToken: newFormToken() }, 'c');
    expect(tomorrow).toMatchObject({ result: 'accepted', duplicate: false });
    expect(await recordsOnDisk()).toBe(2);
  });

  test('invisible and direction-changing characters never reach the stored record of one-line fields', async () => {
    const hidden = '\u200B\u200C\u200D\u200E\u200F\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\uFEFF';
    const outcome = await pipeline().submit(
      'contact',
      validContact({ firstName: `Ai${hidden}sha`, email: `aisha@bapco.com.bh${hidden}`, company: `\u202EBapco` }),
      'c',
    );
    expect(outcome.result).toBe('accepted');
    const { records } = await readOutbox(dir);
    expect(records[0]!.fields).toMatchObject({ firstName: 'Aisha', email: 'aisha@bapco.com.bh', company: 'Bapco' });
    const stored = JSON.stringify(records[0]);
    expect(stored).not.toMatch(/[\u200B-\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029\u0080-\u009F]/);
  });

  test('addresses people really have are accepted: apostrophes, punycode domains, Bahrain’s Arabic-script domain', async () => {
    for (const email of [
      "o'brien@company.com",
      'info@bapco.xn--mgbcpq6gpa1a',
      'sales@xn--80ak6aa92e.com',
      'a.b+c@sub.example.bh',
    ]) {
      const outcome = await pipeline().submit('contact', validContact({ email }), 'c');
      expect(outcome, email).toMatchObject({ result: 'accepted' });
    }
    expect((await readOutbox(dir)).records.map((record) => record.fields.email)).toContain(
      'info@bapco.xn--mgbcpq6gpa1a',
    );
  });

  test('a sidebar enquiry keeps its course, cleaned of markup', async () => {
    const outcome = await pipeline().submit(
      'quick-inquiry',
      {
        name: 'Ali',
        replyTo: "o'brien@company.com",
        message: 'Is there a weekend class?',
        formToken: newFormToken(),
        context: 'Leadership <b>Essentials</b>\n2027',
      },
      'c',
    );
    expect(outcome.result).toBe('accepted');
    const { records } = await readOutbox(dir);
    expect(records[0]).toMatchObject({
      kind: 'quick-inquiry',
      context: 'Leadership Essentials 2027',
      fields: { name: 'Ali' },
    });
  });

  test('a double click (the same form twice at the same moment) is one record, both sends confirmed', async () => {
    const form = validContact();
    const [first, second] = await Promise.all([
      pipeline().submit('contact', form, 'c'),
      pipeline().submit('contact', form, 'c'),
    ]);
    // either send may reach the shared outbox first (their file I/O races): one is new, the other a duplicate
    expect(first).toMatchObject({ result: 'accepted' });
    expect(second).toMatchObject({ result: 'accepted' });
    if (first.result !== 'accepted' || second.result !== 'accepted') throw new Error('not accepted');
    expect([first.duplicate, second.duplicate].sort()).toEqual([false, true]);
    expect(second.id).toBe(first.id);
    expect(await recordsOnDisk()).toBe(1);
  });

  test('200 valid enquiries sent concurrently are 200 records; 200 concurrent resubmissions add none', async () => {
    const forms = Array.from({ length: 200 }, (_, index) =>
      validContact({ firstName: `Visitor ${index}`, email: `v${index}@company.com` }),
    );
    const unlimited = pipeline({ limit: 0 });
    const outcomes = await Promise.all(
      forms.map((form, index) => unlimited.submit('contact', form, `client-${index % 7}`)),
    );
    expect(outcomes.every((outcome) => outcome.result === 'accepted' && !outcome.duplicate)).toBe(true);

    const resent = await Promise.all(forms.map((form) => unlimited.submit('contact', form, 'client-x')));
    expect(resent.every((outcome) => outcome.result === 'accepted' && outcome.duplicate)).toBe(true);

    const { records, problems } = await readOutbox(dir);
    expect(problems).toEqual([]);
    expect(records).toHaveLength(200);
    expect(new Set(records.map((record) => record.id)).size).toBe(200);
    expect(new Set(records.map((record) => record.fields.firstName)).size).toBe(200);
  });
});

describe('a registration', () => {
  const session = {
    ref: 'pmp-exam-preparation-bootcamp/20270418-3587a582',
    course: 'pmp-exam-preparation-bootcamp',
    courseTitle: 'PMP Exam Preparation Bootcamp',
    startDate: '2027-04-18',
    endDate: '2027-04-22',
    venue: 'Manama',
    feeUsd: 4400,
  };
  function validRegistration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      name: 'Mariam Al-Sayed',
      email: 'mariam@bapco.com.bh',
      phone: '+973 1700 0000',
      country: 'BH',
      company: 'Bapco',
      delegates: '2',
      'delegate1-name': 'Ali Hasan',
      'delegate1-jobTitle': 'Engineer',
      'delegate1-email': 'ali@bapco.com.bh',
      'delegate2-name': 'Noor Saleh',
      'delegate2-jobTitle': 'Analyst',
      'delegate2-email': 'noor@bapco.com.bh',
      payer: 'company',
      poNumber: '',
      message: '',
      consent: 'yes',
      formToken: newFormToken(),
      website: '',
      ...overrides,
    };
  }

  test('is stored with its session and delegates; the same form twice is one booking, another session another', async () => {
    const input = validRegistration();
    const first = await pipeline().submit('registration', input, 'client-a', session);
    expect(first).toMatchObject({ result: 'accepted', duplicate: false });
    expect(await pipeline().submit('registration', input, 'client-a', session)).toMatchObject({ duplicate: true });
    const other = await pipeline().submit('registration', input, 'client-a', {
      ...session,
      ref: 'x/20270501-00000000',
    });
    expect(other).toMatchObject({ result: 'accepted', duplicate: false });
    const [record] = (await readOutbox(dir)).records;
    expect(record).toMatchObject({
      kind: 'registration',
      session,
      delegates: [
        { name: 'Ali Hasan', jobTitle: 'Engineer', email: 'ali@bapco.com.bh' },
        { name: 'Noor Saleh', jobTitle: 'Analyst', email: 'noor@bapco.com.bh' },
      ],
      fields: { name: 'Mariam Al-Sayed', delegates: '2', payer: 'company', countryName: 'Bahrain', consent: true },
    });
    expect(Object.keys(record!.fields).some((key) => key.startsWith('delegate1'))).toBe(false);
    expect(record!.context).toBeUndefined();
  });

  test('each delegate is checked, and the number must be 1 to 20', async () => {
    const missing = await pipeline().submit(
      'registration',
      validRegistration({ 'delegate2-email': 'not-an-email', 'delegate1-name': '' }),
      'client-a',
      session,
    );
    expect(missing).toEqual({
      result: 'invalid',
      errors: {
        'delegate1-name': "Delegate 1's full name is required",
        'delegate2-email': 'Enter a valid business email, such as name@company.com',
      },
    });
    for (const delegates of ['0', '21', 'three'])
      expect(
        await pipeline().submit('registration', validRegistration({ delegates }), 'client-a', session),
      ).toMatchObject({
        result: 'invalid',
        errors: { delegates: 'Number of delegates must be a whole number from 1 to 20' },
      });
    expect(await recordsOnDisk()).toBe(0);
  });
});
