/**
 * The one description of what an enquiry may contain, used twice: by the browser before it sends (so the
 * visitor sees every message at once, without a round trip) and by the server action, which never trusts
 * what the browser checked. The ten "is required" texts of the contact form are the spec's (its eleventh,
 * "Subscription is required", is gone: the newsletter is optional, record 035); the length, format and
 * country bounds the spec leaves open are ours, each with its own message.
 *
 * Client-safe: no Node imports here.
 */
import * as v from 'valibot';
import { COUNTRY_NAMES, countryCode } from './countries';
import type { QuotationData } from '../documents/quotation-data';

export const ENQUIRY_KINDS = ['contact', 'quick-inquiry', 'call-me-back', 'registration'] as const;
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number];

/** Fields that are checkboxes: present in the form data when ticked, absent when not. */
const CHECKBOX_FIELDS: ReadonlySet<string> = new Set(['subscribe', 'consent']);

/** A registration: the session (a reference the server checks), how many delegates, and each delegate. */
export const SESSION_FIELD = 'session';
export const DELEGATE_COUNT_FIELD = 'delegates';
export const MAX_DELEGATES = 20;
/** The no-JavaScript "Continue" button's name: its value `update` asks for the form again, nothing is sent. */
export const INTENT_FIELD = 'intent';
const DELEGATE_PARTS = ['name', 'jobTitle', 'email'] as const;

export function delegateField(number: number, part: (typeof DELEGATE_PARTS)[number]): string {
  return `delegate${number}-${part}`;
}

/** The number of delegate blocks to show and check: what was chosen if it is 1–20, else 1. */
export function delegateCount(value: unknown): number {
  const count = typeof value === 'string' && /^\s*\d{1,2}\s*$/.test(value) ? Number(value) : NaN;
  return count >= 1 && count <= MAX_DELEGATES ? count : 1;
}

/** Hidden fields every enquiry form carries besides what the visitor types. */
export const KIND_FIELD = 'kind';
export const FORM_TOKEN_FIELD = 'formToken';
export const CONTEXT_FIELD = 'context';
/** The honeypot: hidden from people and assistive technology, so only robots fill it. */
export const HONEYPOT_FIELD = 'website';

/** The contact form's required fields in form order, with the spec's message for each when empty, word for word. */
export const REQUIRED_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Business email is required',
  company: 'Company is required',
  jobTitle: 'Job title is required',
  phone: 'Phone is required',
  country: 'Country is required',
  trainingFor: 'Please select an option',
  message: 'Message is required',
  consent: 'Consent is required',
} as const;
/**
 * The contact form's fields in form order: the required ones and, before the consent, the newsletter box,
 * which may be left unticked (consent to marketing that the enquiry depended on would not be freely given,
 * record 035).
 */
export const CONTACT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'company',
  'jobTitle',
  'phone',
  'country',
  'trainingFor',
  'message',
  'subscribe',
  'consent',
] as const satisfies readonly (keyof typeof REQUIRED_MESSAGES | 'subscribe')[];

/** Who the training is for, as the contact form offers it: the value sent and the label the visitor chose. */
export const TRAINING_FOR = [
  { value: 'myself', label: 'Myself' },
  { value: 'team', label: 'My team' },
] as const;

/** The fields of the forms whose fields are fixed, in the order their errors are listed. */
const FIXED_FIELDS = {
  contact: CONTACT_FIELDS,
  'quick-inquiry': ['name', 'replyTo', 'message'],
  'call-me-back': ['name', 'phone'],
} as const satisfies Record<Exclude<EnquiryKind, 'registration'>, readonly string[]>;

/** The fields a form sends, in the order their errors are listed; a registration's depend on its delegates. */
export function formFields(kind: EnquiryKind, delegates: unknown = '1'): readonly string[] {
  if (kind !== 'registration') return FIXED_FIELDS[kind];
  const count = delegateCount(delegates);
  const blocks = Array.from({ length: count }, (_, index) =>
    DELEGATE_PARTS.map((part) => delegateField(index + 1, part)),
  );
  return [
    'name',
    'email',
    'phone',
    'country',
    'company',
    DELEGATE_COUNT_FIELD,
    ...blocks.flat(),
    'payer',
    'poNumber',
    'message',
    'consent',
  ];
}

/** Who pays for a registration. */
export const PAYERS = [
  { value: 'company', label: 'The company (send us an invoice)' },
  { value: 'delegate', label: 'The delegate' },
] as const;

/** Upper bounds in characters. Generous for real people, small enough that one enquiry stays a few KB. */
const LIMITS = {
  name: 100,
  email: 254, // the longest address SMTP can carry
  company: 150,
  jobTitle: 100,
  phone: 30,
  message: 5000,
  quickMessage: 2000,
  context: 300,
  poNumber: 50,
  registrationMessage: 2000,
} as const;

/** Tag-like markup (`<script`, `</div`, `<!--`, `<?php`); a lone '<' as in 'budget < 5000' is fine. */
const MARKUP = /<\s*[/!?]?\s*[a-z]/i;
// C0 controls other than tab and line breaks, DEL and C1 controls never come from a keyboard.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAK = /[\r\n\u2028\u2029]/;
/**
 * Zero-width and direction-changing characters: invisible, pasted along with text, and able to make a stored
 * name read differently from what it is. Removed from one-line fields before anything else looks at them.
 */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/** A text field; `required` is the message when it is empty (undefined: it may be empty). */
function text(label: string, required: string | undefined, max: number, multiline = false) {
  return v.pipe(
    v.optional(v.string(`${label} must be text`), ''),
    v.transform((value: string) => (multiline ? value : value.replace(INVISIBLE, '')).trim()),
    v.check((value: string) => required === undefined || value !== '', required),
    v.maxLength(max, `${label} must be ${max} characters or fewer`),
    v.check((value: string) => !MARKUP.test(value), `${label} cannot contain HTML tags such as <script>`),
    v.check(
      (value: string) => !CONTROL.test(value) && (multiline || !LINE_BREAK.test(value)),
      `${label} contains characters that are not allowed`,
    ),
  );
}

const PHONE_MESSAGE = 'Enter a valid phone number, such as +973 1700 0000';
const EMAIL_MESSAGE = 'Enter a valid business email, such as name@company.com';

function isPhone(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return /^\+?[\d\s().-]+$/.test(value) && digits >= 6 && digits <= 15;
}

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * An address mail can be sent to: the usual local part (apostrophes included: o'brien@…) and a domain of
 * two labels or more whose last is letters or an internationalised (punycode `xn--`) top-level domain such as
 * Bahrain's `xn--mgbcpq6gpa1a`. A domain typed in its own script is checked in its punycode form.
 */
export function isEmail(value: string): boolean {
  const at = value.lastIndexOf('@');
  const local = value.slice(0, at);
  if (at < 1 || local.length > 64 || !LOCAL_PART.test(local)) return false;
  const typed = value.slice(at + 1);
  if (/[\s/?#:@\\%[\]]/.test(typed)) return false; // a host name alone, not a URL's other parts
  let domain: string;
  try {
    domain = new URL(`http://${typed}`).hostname;
  } catch {
    return false;
  }
  const labels = domain.split('.');
  const top = labels.at(-1) ?? '';
  return labels.length >= 2 && labels.every((label) => LABEL.test(label)) && /^([a-z]{2,63}|xn--[a-z0-9-]+)$/.test(top);
}

const phone = (required: string) => v.pipe(text('Phone', required, LIMITS.phone), v.check(isPhone, PHONE_MESSAGE));
const email = (label: string, required: string) =>
  v.pipe(text(label, required, LIMITS.email), v.check(isEmail, EMAIL_MESSAGE));

function isTicked(value: unknown): boolean {
  return value === true || value === 'yes' || value === 'on' || value === 'true';
}

/** A checkbox that must be ticked. */
function ticked(message: string) {
  return v.pipe(
    v.unknown(),
    v.transform(isTicked),
    v.check((value: boolean) => value, message),
    v.transform(() => true as const),
  );
}

/** A checkbox that may be left unticked: whether it was ticked. */
const tickedOrNot = v.pipe(v.unknown(), v.transform(isTicked));

const country = v.pipe(
  v.optional(v.string('Country must be text'), ''),
  v.trim(),
  v.nonEmpty(REQUIRED_MESSAGES.country),
  // a code from the searchable field or the select; a name typed into the plain field (its suggestions)
  v.transform((value: string) => countryCode(value) ?? value),
  v.check((value: string) => COUNTRY_NAMES.has(value), 'Choose a country from the list'),
);

function registrationSchema(count: number) {
  const delegates: Record<string, v.GenericSchema<unknown, string>> = {};
  for (let number = 1; number <= count; number += 1) {
    const about = (what: string) =>
      [`Delegate ${number}'s ${what}`, `Delegate ${number}'s ${what} is required`] as const;
    delegates[delegateField(number, 'name')] = text(...about('full name'), LIMITS.name);
    delegates[delegateField(number, 'jobTitle')] = text(...about('job title'), LIMITS.jobTitle);
    delegates[delegateField(number, 'email')] = email(...about('business email'));
  }
  return v.object({
    name: text('Your full name', 'Your full name is required', LIMITS.name),
    email: email('Business email', REQUIRED_MESSAGES.email),
    phone: phone(REQUIRED_MESSAGES.phone),
    country,
    company: text('Company', REQUIRED_MESSAGES.company, LIMITS.company),
    [DELEGATE_COUNT_FIELD]: v.pipe(
      v.optional(v.string(), ''),
      v.trim(),
      v.nonEmpty('Number of delegates is required'),
      v.regex(/^\d{1,2}$/, `Number of delegates must be a whole number from 1 to ${MAX_DELEGATES}`),
      v.check(
        (value: string) => Number(value) >= 1 && Number(value) <= MAX_DELEGATES,
        `Number of delegates must be a whole number from 1 to ${MAX_DELEGATES}`,
      ),
    ),
    ...delegates,
    payer: v.picklist(
      PAYERS.map((payer) => payer.value),
      'Please choose who pays',
    ),
    poNumber: text('Purchase order number', undefined, LIMITS.poNumber),
    message: text('Message', undefined, LIMITS.registrationMessage, true),
    consent: ticked(REQUIRED_MESSAGES.consent),
  });
}

const SCHEMAS = {
  contact: v.object({
    firstName: text('First name', REQUIRED_MESSAGES.firstName, LIMITS.name),
    lastName: text('Last name', REQUIRED_MESSAGES.lastName, LIMITS.name),
    email: email('Business email', REQUIRED_MESSAGES.email),
    company: text('Company', REQUIRED_MESSAGES.company, LIMITS.company),
    jobTitle: text('Job title', REQUIRED_MESSAGES.jobTitle, LIMITS.jobTitle),
    phone: phone(REQUIRED_MESSAGES.phone),
    country,
    trainingFor: v.picklist(
      TRAINING_FOR.map((option) => option.value),
      REQUIRED_MESSAGES.trainingFor,
    ),
    message: text('Message', REQUIRED_MESSAGES.message, LIMITS.message, true),
    subscribe: tickedOrNot,
    consent: ticked(REQUIRED_MESSAGES.consent),
  }),
  'quick-inquiry': v.object({
    name: text('Name', 'Name is required', LIMITS.name),
    // A reply needs an address: an email (it has an @) or a phone number.
    replyTo: v.pipe(
      text('Email or phone', 'Email or phone is required, so we can reply', LIMITS.email),
      v.check(
        (value: string) => (value.includes('@') ? isEmail(value) : isPhone(value)),
        'Enter a valid email, such as name@company.com, or a phone number, such as +973 1700 0000',
      ),
    ),
    message: text('Message', 'Message is required', LIMITS.quickMessage, true),
  }),
  'call-me-back': v.object({
    name: text('Name', 'Name is required', LIMITS.name),
    phone: phone('Phone is required'),
  }),
} as const;

/**
 * The optional course or page an enquiry was sent from (the sidebar forms send their course title in a
 * hidden field). It is a label for whoever reads the enquiry, not something the visitor typed, so it is
 * cleaned rather than refused: no angle brackets, control or invisible characters, one line, at most 300.
 */
export function cleanContext(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value
    .replace(/<[^>]*>/g, '')
    .replace(/[<>]/g, '')
    .replace(INVISIBLE, '')
    .replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, LIMITS.context);
}

export type FieldErrors = Record<string, string>;
export type EnquiryFields = Record<string, string | boolean>;

type Validation = { ok: true; fields: EnquiryFields } | { ok: false; errors: FieldErrors };

/** Validate what a form sent; on failure, the first message of each invalid field, in form order. */
export function validateEnquiry(kind: EnquiryKind, input: Record<string, unknown>): Validation {
  // A field that was not sent at all gets its own "is required" message, not valibot's missing-key one.
  const fields = formFields(kind, input[DELEGATE_COUNT_FIELD]);
  const complete: Record<string, unknown> = {};
  for (const field of fields) complete[field] = input[field];
  const schema =
    kind === 'registration' ? registrationSchema(delegateCount(input[DELEGATE_COUNT_FIELD])) : SCHEMAS[kind];
  const result = v.safeParse(schema, complete, { abortPipeEarly: true });
  if (result.success) return { ok: true, fields: result.output };
  const found: FieldErrors = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key === 'string' && !(key in found)) found[key] = issue.message;
  }
  const errors: FieldErrors = {};
  for (const field of fields) if (found[field]) errors[field] = found[field];
  return { ok: false, errors };
}

/**
 * Form data as the schema expects it: one string per text field, `true` for a ticked checkbox, and the raw
 * list when a name was sent more than once (which the schema then rejects as "must be text").
 */
export function readFormInput(formData: FormData, names: readonly string[]): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const name of names) {
    const all = formData.getAll(name);
    if (all.length === 0) continue;
    const [only] = all;
    input[name] = all.length === 1 && typeof only === 'string' ? only : all;
  }
  return input;
}

/** What the visitor typed, to put back into the fields after a failed send (never the honeypot). */
export function typedValues(input: Record<string, unknown>, names: readonly string[]): EnquiryFields {
  const values: EnquiryFields = {};
  for (const name of names) {
    const value = input[name];
    if (CHECKBOX_FIELDS.has(name)) values[name] = isTicked(value);
    else if (typeof value === 'string') values[name] = value.slice(0, LIMITS.message * 2);
  }
  return values;
}

/** What an enquiry form shows after each answer from the server. */
export type EnquiryFormState = {
  status: 'idle' | 'invalid' | 'rejected' | 'failed' | 'sent';
  /** The token the next send of this form carries (a new one after a successful send). */
  token: string;
  /** What the fields show: the typed values after a failure, nothing after a success. */
  values: EnquiryFields;
  errors: FieldErrors;
  /** A message about the whole form (refused, failed). */
  notice?: string;
  /** Short reference of the stored enquiry (the first 8 characters of its id), shown in the confirmation. */
  reference?: string;
  /** The visitor's (first) name for the thank-you. */
  name?: string;
  /** What a registration booked, for the confirmation that replaces its form. */
  booking?: BookingSummary;
};

/**
 * A registration as its confirmation shows it: the session the server looked up from the reference the form
 * sent (never what the page around the form showed), and what was typed, as the schema accepted it. Made again
 * from the same form posted again, so a repeated sending shows the same confirmation.
 */
export type BookingSummary = QuotationData['session'] & {
  totalUsd: number;
  delegates: string[];
  /** Who pays, as the visitor chose it (the option's label). */
  payer: string;
  poNumber?: string;
  /** The session's "Add to calendar" file on this site. */
  calendarHref: string;
  /** The quotation's sealed address (record 037), for the buyer's purchasing department. */
  quotationHref?: string;
  /** When the team answers, in the acknowledgement email's words. */
  nextSteps: string;
};
