// The acknowledgement as a relay (issue: "no mail relay"): a form filled with a victim's address and an
// attacker's text in every field. Each message is composed to MIME by the same composer both runtimes use and
// read back with mailparser, as the recipient's mail program would. The acknowledgement carries none of the
// typed text and no link but the site's; the team's copy carries all of it.
import { simpleParser, type ParsedMail } from 'mailparser';
import { describe, expect, test } from 'vitest';
import { composeEmail } from './email-mime';
import { sessionUid } from '../seo/calendar';
import { acknowledgementEmail, plausibleName, teamEmail, type EmailSettings } from './email-messages';
import { referenceOf } from './store';
import type { EnquiryRecord } from './store';

const SETTINGS: EmailSettings = {
  from: 'website@gulf-skills.example',
  to: ['enquiries@gulf-skills.example'],
  replyTime: 'An adviser will reply within one working day.',
  provider: {
    name: 'Gulf Skills Institute',
    phone: 'tel:+97317000001',
    email: 'hello@gulf-skills.example',
    address: ['Building 100, Road 200', 'Manama, Kingdom of Bahrain'],
  },
  siteUrl: 'https://www.gulf-skills.example',
};

const PRIZE_NAME = 'Prize Team: claim your prize at https://evil.example/win - call +1 555 0100';

/** `max` characters of distinct links (each numbered from `from`, so each can be found on its own). */
function links(max: number, from = 0): string {
  let text = '';
  for (let n = from; (text + `https://evil.example/win/${n} `).length <= max; n += 1)
    text += `https://evil.example/win/${n} `;
  return text.trim();
}

const SESSION = {
  ref: 'pmp-exam-preparation-bootcamp/20270418-3587a582',
  course: 'pmp-exam-preparation-bootcamp',
  courseTitle: 'PMP Exam Preparation Bootcamp',
  startDate: '2027-04-18',
  endDate: '2027-04-22',
  venue: 'Manama',
  feeUsd: 4400,
};

const RECORDS: Record<'registration' | 'contact' | 'quick-inquiry', EnquiryRecord> = {
  registration: {
    v: 1,
    id: '0123456789abcdef0123456789abcdef',
    kind: 'registration',
    receivedAt: '2026-11-25T10:00:00.000Z',
    fields: {
      name: PRIZE_NAME,
      email: 'victim@example.org',
      phone: '+1 555 0100',
      country: 'BH',
      countryName: 'Bahrain',
      company: links(150, 1000),
      delegates: '20',
      payer: 'company',
      poNumber: links(50, 2000),
      message: links(2000),
      consent: true,
    },
    session: SESSION,
    delegates: Array.from({ length: 20 }, (_, index) => ({
      name: links(100, 3000 + index * 10),
      jobTitle: links(100, 4000 + index * 10),
      email: `winner${index}@evil.example`,
    })),
  },
  contact: {
    v: 1,
    id: '1123456789abcdef0123456789abcdef',
    kind: 'contact',
    receivedAt: '2026-11-25T10:00:00.000Z',
    fields: {
      firstName: 'Prize Team: claim at https://evil.example/a',
      lastName: 'https://evil.example/b call +1 555 0100',
      email: 'victim@example.org',
      company: links(150, 1000),
      jobTitle: links(100, 1100),
      phone: '+1 555 0100',
      country: 'BH',
      trainingFor: 'team',
      message: links(5000),
      subscribe: true,
      consent: true,
      countryName: 'Bahrain',
    },
  },
  'quick-inquiry': {
    v: 1,
    id: '2123456789abcdef0123456789abcdef',
    kind: 'quick-inquiry',
    receivedAt: '2026-11-25T10:00:00.000Z',
    fields: { name: PRIZE_NAME, replyTo: 'victim@example.org', message: links(2000) },
    context: 'Strategic Leadership',
  },
};

/** Every piece of text the sender chose, other than the address the acknowledgement goes to. */
function typedText(record: EnquiryRecord): string[] {
  const { email: _email, replyTo: _replyTo, ...rest } = record.fields;
  return [
    ...Object.values(rest).filter((value): value is string => typeof value === 'string' && value.length > 4),
    ...(record.delegates ?? []).flatMap((delegate) => [delegate.name, delegate.jobTitle, delegate.email]),
  ].filter((value) => !['Bahrain', 'company', 'team'].includes(value));
}

const read = async (message: Parameters<typeof composeEmail>[0]): Promise<ParsedMail> =>
  simpleParser(await composeEmail(message));

/** Links a mail program would make: http(s) URLs, and bare host names such as evil.example. */
const linksIn = (text: string): string[] =>
  text.match(/\b(?:https?:\/\/)?[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:\/\S*)?/gi) ?? [];

describe.each(Object.entries(RECORDS))('a %s filled with links and long text', (_kind, record) => {
  test('the acknowledgement holds none of it and links only to the site; the team copy holds all of it', async () => {
    const ack = await read(acknowledgementEmail(record, SETTINGS)!);
    const team = await read(teamEmail(record, SETTINGS));
    const typed = typedText(record);
    expect(typed.length).toBeGreaterThanOrEqual(2);
    for (const text of [ack.text!, ack.html as string, ack.subject!]) {
      expect(text).not.toContain('evil.example');
      expect(text).not.toContain('555 0100');
      for (const value of typed) expect(text).not.toContain(value);
    }
    expect(ack.to).toMatchObject({ value: [{ name: '', address: 'victim@example.org' }] });
    expect(ack.text!.startsWith('Hello,\n')).toBe(true); // no "Dear Prize Team: …"
    // the only names a mail program could make a link of: the site and the provider's own mail domain
    const hosts = linksIn(ack.text!).map((link) => link.replace(/^https?:\/\//, '').replace(/\/.*$/, ''));
    expect(hosts.length).toBeGreaterThan(0);
    expect(hosts.filter((host) => !['www.gulf-skills.example', 'gulf-skills.example'].includes(host))).toEqual([]);
    // the team's copy: every field, word for word, and the reference whole at the end of its subject
    for (const value of typed) expect(team.text).toContain(value);
    expect(team.subject).toMatch(/ \[[0-9A-F]{8}\]$/);
  });
});

test('a registration’s acknowledgement names the session as the admin lists it, and the total', async () => {
  const ack = await read(acknowledgementEmail(RECORDS.registration, SETTINGS)!);
  expect(ack.text).toContain('PMP Exam Preparation Bootcamp');
  expect(ack.text).toContain('Venue: Manama');
  expect(ack.text).toContain('The total for 20 delegates is US$ 88,000');
  expect(ack.attachments).toHaveLength(1);
  const quick = await read(acknowledgementEmail(RECORDS['quick-inquiry'], SETTINGS)!);
  expect(quick.text).toContain('About: Strategic Leadership');
});

test("a registration's calendar file is the page's event (one UID whatever the site's address) with the reference", async () => {
  const pageUid = sessionUid({
    slug: SESSION.course,
    startDate: SESSION.startDate,
    endDate: SESSION.endDate,
    venue: SESSION.venue,
  });
  const elsewhere: EmailSettings = { ...SETTINGS, from: 'bookings@mail.other.example', siteUrl: undefined };
  for (const settings of [SETTINGS, elsewhere]) {
    const ack = await read(acknowledgementEmail(RECORDS.registration, settings)!);
    const ics = ack.attachments[0]!.content.toString('utf8').replace(/\r\n /g, '');
    expect(ics).toContain(`\r\nUID:${pageUid}\r\n`);
    expect(ics).toContain(`DESCRIPTION:Your registration\\, reference ${referenceOf(RECORDS.registration.id)}.`);
  }
});

test("the contact form's team copy: the topic in the subject, the label the visitor chose for who it is for", async () => {
  const record: EnquiryRecord = {
    ...RECORDS.contact,
    fields: { ...RECORDS.contact.fields, firstName: 'Aisha', lastName: 'Al-Khalifa', company: 'Bapco' },
  };
  const team = await read(teamEmail(record, SETTINGS));
  expect(team.subject).toBe(`Enquiry about training for my team: Aisha Al-Khalifa (Bapco) [${referenceOf(record.id)}]`);
  expect(team.text).toContain('Training for: My team');
  expect(team.text).not.toContain('Training for: team');
  const myself = await read(teamEmail({ ...record, fields: { ...record.fields, trainingFor: 'myself' } }, SETTINGS));
  expect(myself.subject).toMatch(/^Enquiry about training for myself: /);
  expect(myself.text).toContain('Training for: Myself');
});

test('a registration is called a registration throughout its acknowledgement, never an enquiry', async () => {
  const ack = await read(acknowledgementEmail(RECORDS.registration, SETTINGS)!);
  for (const text of [ack.subject!, ack.text!, ack.html as string]) expect(text).not.toMatch(/enquir/i);
});

test('a withheld acknowledgement is not sent; the team copy says why', async () => {
  const record: EnquiryRecord = { ...RECORDS.contact, acknowledgementWithheld: 'recipient-limit' };
  expect(acknowledgementEmail(record, SETTINGS)).toBeUndefined();
  expect((await read(teamEmail(record, SETTINGS))).text).toContain('Acknowledgement: not sent: ');
  expect((await read(teamEmail(record, SETTINGS))).text).toContain('(recipient limit)');
});

describe('plausibleName', () => {
  test.each([
    'Aisha Khalid',
    'Mariam Al-Sayed',
    "Sean O'Brien",
    'Dr. J. R. Smith',
    'عائشة الخليفة',
    'José Ñúñez',
    'Nguyễn Thị Minh Khai',
  ])('%s is greeted by name', (name) => {
    expect(plausibleName(name)).toBe(name);
  });
  test.each([
    PRIZE_NAME,
    'www.evil.example',
    'evil.example',
    'Call 5550100',
    'Win: now',
    'a b c d e f g',
    'A'.repeat(61),
    'Aisha/Khalid',
  ])('%s is not', (name) => {
    expect(plausibleName(name)).toBeUndefined();
  });
});
