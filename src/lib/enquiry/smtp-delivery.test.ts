// The email channels against a real SMTP server on 127.0.0.1 (scripts/demo-mail/mail-catcher.mjs, the
// smtp-server package) and a real outbox in a temp folder; what arrives is parsed with mailparser, as a mail
// program would read it. Nothing here is a mock transport.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { startMailCatcher } from '../../../scripts/demo-mail/mail-catcher.mjs';
import type { EmailSettings } from './email-messages';
import { Forwarder } from './forwarder';
import { FileOutbox, readOutbox } from './outbox';
import { smtpChannels, type SmtpChannels } from './smtp-delivery';
import type { QuotationMaker } from './team-attachments';
import { referenceOf, type EnquiryRecord, type Logger } from './store';

const quiet: Logger = { info() {}, warn() {}, error() {} };

type Catcher = Awaited<ReturnType<typeof startMailCatcher>>;
type Answer = NonNullable<Parameters<typeof startMailCatcher>[0]>['answer'];

const SETTINGS: EmailSettings = {
  from: 'website@gulf-skills.example',
  to: ['enquiries@gulf-skills.example', 'sales@gulf-skills.example'],
  replyTime: 'An adviser will reply within one working day.',
  provider: {
    name: 'Gulf Skills Institute',
    phone: 'tel:+97317000001',
    email: 'hello@gulf-skills.example',
    address: ['Building 100, Road 200', 'Manama, Kingdom of Bahrain'],
  },
};

// contact enquiries only: no quotation is made here (quotation.test.ts makes them)
const QUOTATION: QuotationMaker = {
  validDays: 14,
  provider: {
    ...SETTINGS.provider,
    phone: SETTINGS.provider.phone,
    email: SETTINGS.provider.email,
    legalName: undefined,
    taxNumber: undefined,
    vatPercent: undefined,
    bankDetails: undefined,
    paymentTerms: 'Payment within 30 days.',
  },
  fonts: () => Promise.reject(new Error('no quotation is made in these tests')),
};

function contactRecord(n: number, overrides: Partial<EnquiryRecord['fields']> = {}): EnquiryRecord {
  return {
    v: 1,
    id: `${String(n).padStart(4, '0')}aa11bb22cc33dd44ee55ff66aa77`,
    kind: 'contact',
    receivedAt: '2026-11-23T10:00:00.000Z',
    fields: {
      firstName: 'Aisha',
      lastName: 'Khalid',
      email: `aisha${n}@bapco.com.bh`,
      company: 'Bapco',
      jobTitle: 'HR Manager',
      phone: '+973 1700 0000',
      country: 'BH',
      trainingFor: 'team',
      message: 'Please send dates for Q2.\nAnd the fees.',
      subscribe: true,
      consent: true,
      countryName: 'Bahrain',
      ...overrides,
    },
  };
}

let dir: string;
let outbox: FileOutbox;
let catcher: Catcher | undefined;
let channels: SmtpChannels | undefined;
const forwarders: Forwarder[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'enquiry-smtp-'));
  outbox = await FileOutbox.open(dir, quiet, { channels: ['team-email', 'visitor-email'] });
});

afterEach(async () => {
  await Promise.all(forwarders.splice(0).map((forwarder) => forwarder.stop()));
  channels?.close();
  channels = undefined;
  await catcher?.close();
  catcher = undefined;
  await outbox.close();
  await rm(dir, { recursive: true, force: true });
});

async function startCatcher(options: { port?: number; answer?: Answer } = {}): Promise<Catcher> {
  catcher = await startMailCatcher({ ...options });
  return catcher;
}

function startDelivery(port: number, { timeoutMs = 5_000 } = {}): void {
  channels = smtpChannels(
    { ...SETTINGS, url: `smtp://127.0.0.1:${port}`, timeoutMs },
    { adminPhone: async () => undefined, quotation: QUOTATION },
  );
  for (const [name, deliver] of [
    ['team-email', channels.team],
    ['visitor-email', channels.visitor],
  ] as const) {
    const forwarder = new Forwarder({
      name,
      source: outbox.channel(name),
      deliver,
      retryMs: 30,
      maxRetryMs: 150,
      logger: quiet,
    });
    forwarder.start();
    forwarders.push(forwarder);
  }
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const parsed = (mails: readonly { raw: Buffer }[]): Promise<ParsedMail[]> =>
  Promise.all(mails.map((mail) => simpleParser(mail.raw)));

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  [value ?? []].flat().flatMap((object) => object.value.map((entry) => ({ name: entry.name, address: entry.address })));

const allDelivered = () =>
  outbox.channel('team-email').pendingCount === 0 && outbox.channel('visitor-email').pendingCount === 0;

describe('email through SMTP', () => {
  test('a contact enquiry: the team email and the acknowledgement, as a mail program reads them', async () => {
    const smtp = await startCatcher();
    startDelivery(smtp.port);
    const record = contactRecord(1);
    await outbox.put(record);
    await until(() => smtp.messages.length === 2 && allDelivered(), 'both emails');
    const reference = referenceOf(record.id);

    const [team, ack] = await parsed(
      [...smtp.messages].sort((a, b) => a.envelope.to.length - b.envelope.to.length).reverse(),
    );
    // The team's copy: what it is, from whom, Reply-To the visitor, every field, the reference.
    expect(team!.subject).toBe(`Enquiry about training for my team: Aisha Khalid (Bapco) [${reference}]`);
    expect(addresses(team!.to).map((entry) => entry.address)).toEqual(SETTINGS.to);
    expect(addresses(team!.from)).toEqual([{ name: 'Gulf Skills Institute', address: SETTINGS.from }]);
    expect(addresses(team!.replyTo)).toEqual([{ name: 'Aisha Khalid', address: 'aisha1@bapco.com.bh' }]);
    expect(team!.messageId).toBe(`<${record.id}.team@gulf-skills.example>`);
    for (const line of [
      `reference ${reference}`,
      'First name: Aisha',
      'Last name: Khalid',
      'Business email: aisha1@bapco.com.bh',
      'Company: Bapco',
      'Job title: HR Manager',
      'Phone: +973 1700 0000',
      'Country: Bahrain',
      'Training for: My team',
      'Message:\n    Please send dates for Q2.\n    And the fees.',
      'Newsletter: Yes',
    ])
      expect(team!.text).toContain(line);
    expect(team!.html).toContain(
      '<th scope="row" align="left" valign="top" style="padding:4px 12px 4px 0">Company</th>',
    );
    expect(team!.html).toContain('Please send dates for Q2.\nAnd the fees.');

    // The visitor's acknowledgement: to their address alone (no display name from the form), their reference,
    // when, how to reach us; nothing they typed but a name that reads as one (record 034).
    expect(addresses(ack!.to)).toEqual([{ name: '', address: 'aisha1@bapco.com.bh' }]);
    expect(smtp.messages.find((mail) => mail.envelope.to.length === 1)!.envelope.to).toEqual(['aisha1@bapco.com.bh']);
    expect(ack!.subject).toBe(`We have your enquiry (reference ${reference}) - Gulf Skills Institute`);
    expect(ack!.messageId).toBe(`<${record.id}.ack@gulf-skills.example>`);
    expect(addresses(ack!.replyTo)).toEqual([{ name: 'Gulf Skills Institute', address: 'hello@gulf-skills.example' }]);
    for (const line of [
      'Dear Aisha Khalid,',
      `its reference is ${reference}`,
      SETTINGS.replyTime,
      'does not repeat what you wrote',
      'Building 100, Road 200',
      'Phone: +97317000001',
      'Email: hello@gulf-skills.example',
    ])
      expect(ack!.text).toContain(line);
    for (const typed of ['Bapco', 'HR Manager', 'Please send dates', '+973 1700 0000']) {
      expect(ack!.text).not.toContain(typed);
      expect(ack!.html).not.toContain(typed);
    }
    expect(ack!.headers.get('auto-submitted')).toBe('auto-replied');

    const { delivered } = await readOutbox(dir);
    expect(delivered['team-email']).toEqual([record.id]);
    expect(delivered['visitor-email']).toEqual([record.id]);
  });

  test('a call-back request (no email address) is emailed to the team only', async () => {
    const smtp = await startCatcher();
    startDelivery(smtp.port);
    const record: EnquiryRecord = {
      v: 1,
      id: 'cb00aa11bb22cc33dd44ee55ff66aa77',
      kind: 'call-me-back',
      receivedAt: '2026-11-23T10:00:00.000Z',
      fields: { name: 'Omar', phone: '+973 3300 0000' },
      context: 'Strategic Leadership',
    };
    await outbox.put(record);
    await until(allDelivered, 'both channels done');
    expect(smtp.messages).toHaveLength(1);
    const [team] = await parsed(smtp.messages);
    expect(team!.subject).toBe(`Call-back request about Strategic Leadership: Omar [${referenceOf(record.id)}]`);
    expect(team!.replyTo).toBeUndefined();
    expect(team!.text).toContain('call them on the number above');
  });

  test('SMTP down, then back: everything arrives, each message exactly once as the receiver sees it', async () => {
    const first = await startCatcher();
    const { port } = first;
    await first.close(); // the port is known, nothing listens on it
    catcher = undefined;
    startDelivery(port);
    for (let n = 1; n <= 5; n += 1) await outbox.put(contactRecord(n));
    await new Promise((resolve) => setTimeout(resolve, 300)); // several failed attempts
    expect(outbox.channel('team-email').pendingCount).toBe(5);

    const smtp = await startCatcher({ port });
    await until(allDelivered, 'the backlog delivered after the server came back');
    const ids = (await parsed(smtp.messages)).map((mail) => mail.messageId);
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
  });

  test('4xx then 5xx answers: the record waits and is delivered once the server accepts', async () => {
    const refusals = new Map<string, number>();
    const answer: Answer = ({ raw }) => {
      const id = /Message-ID: (<[^>]+>)/i.exec(raw.toString())?.[1] ?? '';
      const seen = refusals.get(id) ?? 0;
      refusals.set(id, seen + 1);
      if (seen === 0) return { code: 451, message: 'Temporary local problem, try later' };
      if (seen === 1) return { code: 550, message: 'Mailbox unavailable' };
      return undefined;
    };
    const smtp = await startCatcher({ answer });
    startDelivery(smtp.port);
    const record = contactRecord(7);
    await outbox.put(record);
    await until(allDelivered, 'delivered after 451 and 550');
    expect([...refusals.values()]).toEqual([3, 3]); // each message: 451, 550, accepted
    const mails = await parsed(smtp.messages);
    expect(mails.map((mail) => mail.messageId).sort()).toEqual([
      `<${record.id}.ack@gulf-skills.example>`,
      `<${record.id}.team@gulf-skills.example>`,
    ]);
  });

  test('a server that does not answer in time holds up nothing and loses nothing', async () => {
    let hang = true;
    const smtp = await startCatcher({
      answer: () => (hang ? new Promise<undefined>(() => {}) : undefined),
    });
    startDelivery(smtp.port, { timeoutMs: 300 });
    const stored = outbox.put(contactRecord(8));
    expect(await stored).toBe('stored'); // storing never waits for the SMTP server
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(outbox.channel('team-email').pendingCount).toBe(1);
    hang = false;
    await until(allDelivered, 'delivered once the server answers');
    // The hung attempts never completed their DATA, so the receiver kept only the answered ones.
    expect(new Set((await parsed(smtp.messages)).map((mail) => mail.messageId)).size).toBe(2);
  });

  test('nothing typed can add a header, a recipient or a part; Arabic names arrive intact', async () => {
    const smtp = await startCatcher();
    startDelivery(smtp.port);
    // Written straight to the outbox (the form refuses line breaks; this is the emails' own wall).
    const record = contactRecord(9, {
      firstName: 'عائشة\r\nBcc: victim@evil.example',
      lastName: 'خالد\nContent-Type: multipart/mixed; boundary=x',
      company: '=?utf-8?B?QmNjOiBldmlsQGV2aWwuZXhhbXBsZQ==?=',
      email: 'aisha9@bapco.com.bh',
      message:
        'Hi\r\n.\r\nMAIL FROM:<x@evil.example>\r\nRCPT TO:<victim@evil.example>\r\nDATA\r\nBcc: victim@evil.example',
    });
    await outbox.put(record);
    await until(() => allDelivered() && smtp.messages.length === 2, 'both emails');
    const recipients = smtp.messages.flatMap((mail) => mail.envelope.to).sort();
    expect(recipients).toEqual(['aisha9@bapco.com.bh', ...SETTINGS.to].sort());
    for (const mail of await parsed(smtp.messages)) {
      expect(mail.bcc).toBeUndefined();
      expect(mail.headers.has('bcc')).toBe(false);
      expect(mail.attachments).toHaveLength(0);
      expect(mail.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
    }
    const team = (await parsed(smtp.messages)).find((mail) => mail.messageId?.includes('.team@'))!;
    // the visitor's encoded word is shown as typed, not decoded into a header
    expect(team.subject).toBe(
      `Enquiry about training for my team: عائشة Bcc: victim@evil.example خالد Content-Type: multipart/mixed; boundary=x (=?utf-8?B?QmNjOiBldmlsQGV2aWwuZXhhbXBsZQ==?=) [${referenceOf(record.id)}]`,
    );
    expect(addresses(team.replyTo)[0]!.address).toBe('aisha9@bapco.com.bh');
    expect(team.text).toContain('MAIL FROM:<x@evil.example>'); // the message is text in the body, nothing more
  });

  test('an Arabic name in the subject, the From name and Reply-To', async () => {
    const smtp = await startCatcher();
    startDelivery(smtp.port);
    const record = contactRecord(10, { firstName: 'عائشة', lastName: 'الخليفة', company: 'بابكو' });
    await outbox.put(record);
    await until(() => allDelivered() && smtp.messages.length === 2, 'both emails');
    const mails = await parsed(smtp.messages);
    const team = mails.find((mail) => mail.messageId?.includes('.team@'))!;
    const ack = mails.find((mail) => mail.messageId?.includes('.ack@'))!;
    expect(team.subject).toBe(`Enquiry about training for my team: عائشة الخليفة (بابكو) [${referenceOf(record.id)}]`);
    expect(addresses(team.replyTo)).toEqual([{ name: 'عائشة الخليفة', address: 'aisha10@bapco.com.bh' }]);
    expect(addresses(ack.to)).toEqual([{ name: '', address: 'aisha10@bapco.com.bh' }]);
    expect(ack.text).toContain('Dear عائشة الخليفة,');
  });

  test('an address at a domain in its own script: the envelope names the same punycode mailbox as the header', async () => {
    const smtp = await startCatcher();
    startDelivery(smtp.port);
    const record = contactRecord(11, { email: 'ali@بتلكو.البحرين' });
    await outbox.put(record);
    await until(() => allDelivered() && smtp.messages.length === 2, 'both emails');
    const punycode = `ali@${new URL('http://بتلكو.البحرين').hostname}`;
    expect(punycode).toMatch(/^ali@xn--[a-z0-9-]+\.xn--[a-z0-9-]+$/);
    const caught = smtp.messages.find((mail) => mail.envelope.to.length === 1)!;
    // as written on the wire: mailparser and smtp-server both show the domain decoded
    expect(caught.raw.toString('utf8')).toMatch(new RegExp(`^To: ${punycode}\r$`, 'm'));
    expect(smtp.envelopeLines).toContain(`RCPT TO:<${punycode}>`);
    expect(smtp.envelopeLines.filter((line) => /[^\x00-\x7f]/.test(line))).toEqual([]);
  });

  test('full-width letters in the domain (the form takes them as what they map to): one mailbox in header and envelope', async () => {
    const smtp = await startCatcher();
    startDelivery(smtp.port);
    await outbox.put(contactRecord(12, { email: 'ali@ｂａｐｃｏ.com.bh' }));
    await until(() => allDelivered() && smtp.messages.length === 2, 'both emails');
    const caught = smtp.messages.find((mail) => mail.envelope.to.length === 1)!;
    expect(smtp.envelopeLines).toContain('RCPT TO:<ali@bapco.com.bh>');
    expect(caught.raw.toString('utf8')).toMatch(/^To: ali@bapco\.com\.bh\r$/m);
  });
});
