/**
 * The two emails every enquiry becomes, the same on both runtimes (Node sends them over SMTP, a Worker through
 * its `send_email` binding): the team's copy (what it is and from whom in the subject, Reply-To the visitor,
 * every field as text and as a table, the reference the visitor was shown) and the visitor's acknowledgement
 * (their reference, what they asked about as the site knows it, when to expect an answer, how to reach the
 * provider).
 *
 * The acknowledgement goes to whatever address was typed in the form, from the provider's own address, so it
 * carries nothing a sender chose beyond what the recipient needs to recognise their own request (record 034):
 * no message, company, purchase order or delegate names; no display name from the form; the visitor's name
 * only when it reads as a name (`plausibleName`); no link but the site's own. The team's copy keeps everything.
 *
 * Everything here is data for nodemailer's message composer (`MailComposer` options). What a visitor typed
 * reaches headers only through `headerText` and address objects, never as raw header lines: the fields were
 * already refused if they held line breaks or control characters (schema.ts), and this is the second wall.
 */
import 'server-only';
import { domainToASCII } from 'node:url';
import { formatDate, formatFee } from '../format';
import { sessionCalendar, sessionUid } from '../seo/calendar';
import { TRAINING_FOR } from './schema';
import { referenceOf, type EnquiryRecord } from './store';
import { href } from '../site-routes';

type EmailAddress = { name: string; address: string };

/** A file with the email: text (the calendar file) or bytes (the quotation). */
export type EmailAttachment = { filename: string; content: string | Buffer; contentType: string };

export type EmailMessage = {
  /** Stable per record and per message, so a repeat is recognisable as one (delivery is at least once). */
  messageId: string;
  from: EmailAddress;
  to: EmailAddress[];
  replyTo?: EmailAddress;
  subject: string;
  text: string;
  html: string;
  attachments?: EmailAttachment[];
  headers: Record<string, string>;
  /**
   * The SMTP envelope (and, on Workers, the binding's from/to): the same addresses as the headers, their
   * domains in punycode as nodemailer writes them in the headers, so a server that speaks no SMTPUTF8 takes
   * the message and both name the same mailbox.
   */
  envelope: { from: string; to: string[] };
};

export type EmailSettings = {
  /** The sender's address (ENQUIRY_EMAIL_FROM). */
  from: string;
  /** The team's addresses (ENQUIRY_EMAIL_TO). */
  to: readonly string[];
  /** When to expect an answer (ENQUIRY_REPLY_TIME), a sentence. */
  replyTime: string;
  provider: { name: string; phone?: string | undefined; email?: string | undefined; address: readonly string[] };
  /** The site's public origin (SITE_URL, else https://SITE_DOMAIN), for links in a registration's calendar file. */
  siteUrl?: string | undefined;
};

const FIELD_LABELS: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  name: 'Name',
  email: 'Business email',
  replyTo: 'Email or phone',
  company: 'Company',
  jobTitle: 'Job title',
  phone: 'Phone',
  country: 'Country code',
  countryName: 'Country',
  trainingFor: 'Training for',
  message: 'Message',
  subscribe: 'Newsletter',
  consent: 'Consent to store these details',
  delegates: 'Number of delegates',
  payer: 'Who pays',
  poNumber: 'Purchase order number',
};

const WITHHELD_REASONS: Record<NonNullable<EnquiryRecord['acknowledgementWithheld']>, string> = {
  'recipient-limit': 'this address has had as many acknowledgements as it may have for now (recipient limit)',
  'domain-limit': "this address's domain has had as many acknowledgements as it may have for now (domain limit)",
};

const PAYER_NAMES: Record<string, string> = { company: 'The company (invoice)', delegate: 'The delegate' };

/** Who the training is for, as the label the visitor chose ("My team"), not the value the form sent. */
function trainingForLabel(value: string): string {
  return TRAINING_FOR.find((option) => option.value === value)?.label ?? value;
}

const KIND_NAMES: Record<EnquiryRecord['kind'], string> = {
  contact: 'Enquiry',
  'quick-inquiry': 'Quick inquiry',
  'call-me-back': 'Call-back request',
  registration: 'Registration',
};

/**
 * Text for a header: one line (control characters, line and paragraph separators become spaces), at most
 * `max` characters. Text that looks like an RFC 2047 encoded word (`=?utf-8?B?...?=`) is encoded as a whole,
 * so a mail program shows what was typed instead of decoding the visitor's own encoded words (which could
 * carry anything).
 */
function headerText(value: string, max = 150): string {
  const line = value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const cut = [...line].slice(0, max).join('');
  const result = cut.length < line.length ? `${cut}…` : cut;
  return /=\?/.test(result) ? encodedWords(result) : result;
}

/** RFC 2047 "B" encoded words of at most 75 characters, split between whole characters. */
function encodedWords(value: string): string {
  const encoder = new TextEncoder();
  const words: string[] = [];
  let chunk = '';
  const flush = () => {
    if (!chunk) return;
    const bytes = encoder.encode(chunk);
    words.push(`=?UTF-8?B?${btoa(String.fromCharCode(...bytes))}?=`);
    chunk = '';
  };
  for (const char of value) {
    if (encoder.encode(chunk + char).length > 45) flush();
    chunk += char;
  }
  flush();
  return words.join(' ');
}

function addressDomain(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1) || 'localhost';
}

/** `part`: the team's copy or the visitor's acknowledgement. */
function messageIdOf(record: EnquiryRecord, part: 'team' | 'ack', from: string): string {
  return `<${record.id}.${part}@${addressDomain(from)}>`;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The person who sent it, as they gave their name. */
function senderName(record: EnquiryRecord): string {
  const { fields } = record;
  const name = text(fields.name) || [text(fields.firstName), text(fields.lastName)].filter(Boolean).join(' ');
  return name || 'someone';
}

/** The address to acknowledge to, if the visitor gave one (a call-back request or a phone number has none). */
export function visitorAddress({ fields }: Pick<EnquiryRecord, 'fields'>): string | undefined {
  const candidate = text(fields.email) || (text(fields.replyTo).includes('@') ? text(fields.replyTo) : '');
  return candidate || undefined;
}

/**
 * An address as SMTP carries it: the domain in punycode (`ali@بتلكو.البحرين` → `ali@xn--…`), lower case; the
 * local part as typed (the form allows ASCII only there).
 */
export function asciiAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const domain = address.slice(at + 1);
  return `${address.slice(0, at)}@${domainToASCII(domain) || domain.toLowerCase()}`;
}

/**
 * The visitor's name as the acknowledgement may greet them: letters (any script) and marks in at most six
 * words joined by spaces, hyphens, apostrophes or a full stop that ends a word ("Dr. Mariam Al-Sayed",
 * "O'Brien", "عائشة الخليفة"), 60 characters at most. Anything else (digits, colons, slashes, a dot inside a
 * word as in a domain name) is not a name a person has but text someone wants delivered: then no name.
 */
const NAME = /^[\p{L}\p{M}]+(?:(?:\.? |['’-])[\p{L}\p{M}]+)*\.?$/u;

export function plausibleName(value: string): string | undefined {
  const name = value.trim().replace(/\s+/g, ' ');
  if ([...name].length > 60 || name.split(' ').length > 6 || !NAME.test(name)) return undefined;
  return name;
}

function displayValue(value: string | boolean): string {
  if (value === true) return 'Yes';
  if (value === false) return 'No';
  return value;
}

/** A registration's total: the fee per delegate times the delegates. */
function registrationTotal(record: EnquiryRecord): number | undefined {
  if (!record.session || !record.delegates) return undefined;
  return Math.round(record.session.feeUsd * record.delegates.length * 100) / 100;
}

function sessionDates(record: EnquiryRecord): string {
  const { session } = record;
  if (!session) return '';
  return `${formatDate(session.startDate)} to ${formatDate(session.endDate)}`;
}

/**
 * What the request was about, in the site's words only (both emails open with it; it is all the
 * acknowledgement repeats): a registration's session as the admin lists it, a sidebar form's course (the
 * admin's title, looked up by the server), else nothing.
 */
function requestRows(record: EnquiryRecord): [string, string][] {
  const { session, delegates } = record;
  if (session && delegates)
    return [
      ['Course', session.courseCode ? `${session.courseTitle} (${session.courseCode})` : session.courseTitle],
      ['Dates', sessionDates(record)],
      ['Venue', session.venue],
      ['Fee per delegate', formatFee(session.feeUsd)],
      ['Total', `${formatFee(registrationTotal(record)!)} (${delegates.length} × ${formatFee(session.feeUsd)})`],
    ];
  return record.context ? [['About', record.context]] : [];
}

/** Every field the visitor sent, labelled, in the order they were stored, after what the request was about. */
function fieldRows(record: EnquiryRecord): [string, string][] {
  const rows = requestRows(record);
  const { delegates } = record;
  for (const [key, value] of Object.entries(record.fields)) {
    if (key === 'country' && 'countryName' in record.fields) continue;
    if (key === 'payer' && typeof value === 'string') {
      rows.push([FIELD_LABELS[key]!, PAYER_NAMES[value] ?? value]);
      continue;
    }
    if (key === 'trainingFor' && typeof value === 'string') {
      rows.push([FIELD_LABELS[key]!, trainingForLabel(value)]);
      continue;
    }
    if (value === '') continue; // an optional field left empty
    rows.push([FIELD_LABELS[key] ?? key, displayValue(value)]);
  }
  delegates?.forEach((delegate, index) => {
    rows.push([`Delegate ${index + 1}`, `${delegate.name}, ${delegate.jobTitle}, ${delegate.email}`]);
  });
  if (record.acknowledgementWithheld)
    rows.push(['Acknowledgement', `not sent: ${WITHHELD_REASONS[record.acknowledgementWithheld]}`]);
  return rows;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function textTable(rows: readonly [string, string][]): string {
  return rows
    .map(([label, value]) =>
      value.includes('\n') ? `${label}:\n${value.replace(/^/gm, '    ')}` : `${label}: ${value}`,
    )
    .join('\n');
}

function htmlTable(rows: readonly [string, string][]): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><th scope="row" align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" cellspacing="0" cellpadding="0" style="border-collapse:collapse">${cells}</table>`;
}

function htmlDocument(title: string, body: string): string {
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2933">${body}</body></html>`
  );
}

function subjectFor(record: EnquiryRecord): string {
  const name = senderName(record);
  const company = text(record.fields.company);
  const { session, delegates } = record;
  if (session && delegates) {
    const count = `${delegates.length} delegate${delegates.length === 1 ? '' : 's'}`;
    return `Registration: ${session.courseTitle}, ${formatDate(session.startDate)} (${session.venue}): ${name}${company ? ` (${company})` : ''}, ${count}`;
  }
  // what it is about: a sidebar form's course; the contact form's topic is who the training is for
  const trainingFor = text(record.fields.trainingFor);
  const about = record.context
    ? ` about ${record.context}`
    : trainingFor
      ? ` about training for ${trainingForLabel(trainingFor).toLowerCase()}`
      : '';
  return `${KIND_NAMES[record.kind]}${about}: ${name}${company ? ` (${company})` : ''}`;
}

function provider(settings: EmailSettings): EmailAddress {
  return { name: headerText(settings.provider.name), address: settings.from };
}

/** The team's copy of one enquiry, with the files made for it (a registration's quotation: team-attachments.ts). */
export function teamEmail(
  record: EnquiryRecord,
  settings: EmailSettings,
  attachments: EmailAttachment[] = [],
): EmailMessage {
  const reference = referenceOf(record.id);
  // the reference stays whole at the end however long the name and company are (the team finds mail by it)
  const subject = `${headerText(subjectFor(record), 185)} [${reference}]`;
  const rows = fieldRows(record);
  const visitor = visitorAddress(record);
  const received = new Date(record.receivedAt).toUTCString();
  const intro = `${KIND_NAMES[record.kind]} from the website, reference ${reference}, received ${received}.`;
  const replyHint =
    (visitor
      ? 'Reply to this email to answer the visitor.'
      : 'The visitor left no email address: call them on the number above.') +
    (attachments.some((file) => file.contentType === 'application/pdf')
      ? ' The quotation is attached as a PDF, to send on to the buyer.'
      : '');
  return {
    messageId: messageIdOf(record, 'team', settings.from),
    from: provider(settings),
    to: settings.to.map((address) => ({ name: '', address })),
    ...(visitor ? { replyTo: { name: headerText(senderName(record)), address: asciiAddress(visitor) } } : {}),
    subject,
    text: `${intro}\n\n${textTable(rows)}\n\n${replyHint}\n`,
    html: htmlDocument(subject, `<p>${escapeHtml(intro)}</p>${htmlTable(rows)}<p>${escapeHtml(replyHint)}</p>`),
    headers: { 'X-Enquiry-Id': record.id },
    envelope: { from: asciiAddress(settings.from), to: settings.to.map(asciiAddress) },
    ...(attachments.length > 0 ? { attachments } : {}),
  };
}

function contactLines(settings: EmailSettings): string[] {
  const { name, phone, email, address } = settings.provider;
  return [
    name,
    ...address,
    ...(phone ? [`Phone: ${phone.replace(/^tel:/, '')}`] : []),
    ...(email ? [`Email: ${email}`] : []),
  ];
}

/**
 * The visitor's acknowledgement, or undefined when they left no email address or the pipeline withheld it
 * (the address or its domain had reached its limit when the enquiry was accepted).
 */
export function acknowledgementEmail(record: EnquiryRecord, settings: EmailSettings): EmailMessage | undefined {
  const visitor = visitorAddress(record);
  if (!visitor || record.acknowledgementWithheld) return undefined;
  const reference = referenceOf(record.id);
  const name = plausibleName(senderName(record));
  const providerName = settings.provider.name;
  const registration = record.kind === 'registration' && record.session && record.delegates;
  const what = registration ? 'registration' : 'enquiry';
  const subject = headerText(`We have your ${what} (reference ${reference}) - ${providerName}`, 200);
  const rows = requestRows(record);
  const greeting = name ? `Dear ${name},` : 'Hello,';
  const thanks = registration
    ? `Thank you for registering with ${providerName} for ${record.session!.courseTitle}, ${sessionDates(record)} in ${record.session!.venue}. ` +
      `Your registration has arrived; its reference is ${reference}. The total for ${record.delegates!.length} delegate${record.delegates!.length === 1 ? '' : 's'} is ${formatFee(registrationTotal(record)!)}. ` +
      'The session is attached as a calendar file.'
    : `Thank you for contacting ${providerName}. Your ${what} has arrived; its reference is ${reference}.`;
  const when = settings.replyTime;
  const privacy =
    'For your privacy this email does not repeat what you wrote; our team has all of it and will answer you.';
  const contact = [...contactLines(settings), ...(settings.siteUrl ? [`Website: ${settings.siteUrl}`] : [])];
  const closing = 'If anything is urgent, or this request was not from you, contact us:';
  const teamAddress = settings.provider.email ?? settings.to[0];
  return {
    messageId: messageIdOf(record, 'ack', settings.from),
    from: provider(settings),
    // the address alone: a display name typed in the form would be the first thing the recipient reads. In
    // punycode here as in the envelope (nodemailer's own conversion does no IDNA mapping: full-width letters,
    // which the form accepts as what they map to, would become another domain)
    to: [{ name: '', address: asciiAddress(visitor) }],
    ...(teamAddress ? { replyTo: { name: headerText(providerName), address: teamAddress } } : {}),
    subject,
    text:
      `${greeting}\n\n${thanks}\n${when}\n\n${rows.length > 0 ? `${textTable(rows)}\n\n` : ''}${privacy}\n\n` +
      `${closing}\n${contact.join('\n')}\n`,
    html: htmlDocument(
      subject,
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(thanks)}<br>${escapeHtml(when)}</p>` +
        (rows.length > 0 ? htmlTable(rows) : '') +
        `<p>${escapeHtml(privacy)}</p>` +
        `<p>${escapeHtml(closing)}<br>${contact.map(escapeHtml).join('<br>')}</p>`,
    ),
    headers: { 'X-Enquiry-Id': record.id, 'Auto-Submitted': 'auto-replied' },
    envelope: { from: asciiAddress(settings.from), to: [asciiAddress(visitor)] },
    ...(registration ? { attachments: [calendarAttachment(record, settings)] } : {}),
  };
}

/**
 * The registered session as an .ics file: the same event (the same UID) as the course page's "Add to
 * calendar", carrying the booking's reference.
 */
function calendarAttachment(record: EnquiryRecord, settings: EmailSettings): EmailAttachment {
  const session = record.session!;
  const parts = { slug: session.course, startDate: session.startDate, endDate: session.endDate, venue: session.venue };
  return {
    filename: `course-session-${session.startDate}.ics`,
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: sessionCalendar({
      siteName: settings.provider.name,
      courseTitle: session.courseTitle,
      venue: session.venue,
      startDate: session.startDate,
      endDate: session.endDate,
      fee: session.feeUsd,
      pageUrl: settings.siteUrl
        ? `${settings.siteUrl}${href('/subCourse-details/[slug]', { slug: session.course })}`
        : '',
      uid: sessionUid(parts),
      reference: referenceOf(record.id),
      now: new Date(record.receivedAt),
    }),
  };
}
