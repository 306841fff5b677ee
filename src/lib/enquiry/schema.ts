/**
 * The one description of what an enquiry may contain, used twice: by the browser before it sends (so the
 * visitor sees every message at once, without a round trip) and by the server action, which never trusts
 * what the browser checked. The eleven "is required" texts are the spec's (site-spec section 5); the
 * length, format and country bounds the spec leaves open are ours, each with its own message.
 *
 * Client-safe: no Node imports here.
 */
import * as v from 'valibot';
import { COUNTRIES } from './countries';

export type EnquiryKind = 'contact' | 'quick-inquiry' | 'call-me-back';

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
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export const QUICK_INQUIRY_FIELDS = ['name', 'message'] as const;
export const CALL_ME_BACK_FIELDS = ['name', 'phone'] as const;

/** The fields each form sends, in the order their errors are listed. */
export const FORM_FIELDS: Record<EnquiryKind, readonly string[]> = {
  contact: CONTACT_FIELDS,
  'quick-inquiry': QUICK_INQUIRY_FIELDS,
  'call-me-back': CALL_ME_BACK_FIELDS,
};

/** Fields that are checkboxes: present in the form data when ticked, absent when not. */
export const CHECKBOX_FIELDS: ReadonlySet<string> = new Set(['subscribe', 'consent']);

/** Hidden fields every enquiry form carries besides what the visitor types. */
export const FORM_TOKEN_FIELD = 'formToken';
export const CONTEXT_FIELD = 'context';
/** The honeypot: hidden from people and assistive technology, so only robots fill it. */
export const HONEYPOT_FIELD = 'website';

/** The spec's messages for an empty field (site-spec section 5), word for word. */
export const REQUIRED_MESSAGES: Record<ContactField, string> = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Business email is required',
  company: 'Company is required',
  jobTitle: 'Job title is required',
  phone: 'Phone is required',
  country: 'Country is required',
  trainingFor: 'Please select an option',
  message: 'Message is required',
  subscribe: 'Subscription is required',
  consent: 'Consent is required',
};

/** Upper bounds in characters. Generous for real people, small enough that one enquiry stays a few KB. */
export const LIMITS = {
  name: 100,
  email: 254, // the longest address SMTP can carry
  company: 150,
  jobTitle: 100,
  phone: 30,
  message: 5000,
  quickMessage: 2000,
  context: 300,
} as const;

const COUNTRY_CODES: ReadonlySet<string> = new Set(COUNTRIES.map((country) => country.value));

/** Tag-like markup (`<script`, `</div`, `<!--`, `<?php`); a lone '<' as in 'budget < 5000' is fine. */
const MARKUP = /<\s*[/!?]?\s*[a-z]/i;
// Control characters other than tab and line breaks never come from a keyboard.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LINE_BREAK = /[\r\n]/;

function text(label: string, required: string, max: number, options: { multiline?: boolean } = {}) {
  return v.pipe(
    v.optional(v.string(`${label} must be text`), ''),
    v.trim(),
    v.nonEmpty(required),
    v.maxLength(max, `${label} must be ${max} characters or fewer`),
    v.check((value: string) => !MARKUP.test(value), `${label} cannot contain HTML tags such as <script>`),
    v.check(
      (value: string) => !CONTROL.test(value) && (options.multiline === true || !LINE_BREAK.test(value)),
      `${label} contains characters that are not allowed`,
    ),
  );
}

function phone(required: string) {
  return v.pipe(
    text('Phone', required, LIMITS.phone),
    v.check((value: string) => {
      const digits = value.replace(/\D/g, '').length;
      return /^\+?[\d\s().-]+$/.test(value) && digits >= 6 && digits <= 15;
    }, 'Enter a valid phone number, such as +973 1700 0000'),
  );
}

function ticked(message: string) {
  return v.pipe(
    v.unknown(),
    v.transform((value) => value === true || value === 'yes' || value === 'on' || value === 'true'),
    v.check((value: boolean) => value, message),
    v.transform(() => true as const),
  );
}

export const contactEnquirySchema = v.object({
  firstName: text('First name', REQUIRED_MESSAGES.firstName, LIMITS.name),
  lastName: text('Last name', REQUIRED_MESSAGES.lastName, LIMITS.name),
  email: v.pipe(
    text('Business email', REQUIRED_MESSAGES.email, LIMITS.email),
    v.email('Enter a valid business email, such as name@company.com'),
  ),
  company: text('Company', REQUIRED_MESSAGES.company, LIMITS.company),
  jobTitle: text('Job title', REQUIRED_MESSAGES.jobTitle, LIMITS.jobTitle),
  phone: phone(REQUIRED_MESSAGES.phone),
  country: v.pipe(
    v.optional(v.string('Country must be text'), ''),
    v.trim(),
    v.nonEmpty(REQUIRED_MESSAGES.country),
    v.check((value: string) => COUNTRY_CODES.has(value), 'Choose a country from the list'),
  ),
  trainingFor: v.picklist(['myself', 'team'], REQUIRED_MESSAGES.trainingFor),
  message: text('Message', REQUIRED_MESSAGES.message, LIMITS.message, { multiline: true }),
  subscribe: ticked(REQUIRED_MESSAGES.subscribe),
  consent: ticked(REQUIRED_MESSAGES.consent),
});
export type ContactEnquiry = v.InferOutput<typeof contactEnquirySchema>;

export const quickInquirySchema = v.object({
  name: text('Name', 'Name is required', LIMITS.name),
  message: text('Message', 'Message is required', LIMITS.quickMessage, { multiline: true }),
});
export type QuickInquiry = v.InferOutput<typeof quickInquirySchema>;

export const callMeBackSchema = v.object({
  name: text('Name', 'Name is required', LIMITS.name),
  phone: phone('Phone is required'),
});
export type CallMeBack = v.InferOutput<typeof callMeBackSchema>;

const SCHEMAS = {
  contact: contactEnquirySchema,
  'quick-inquiry': quickInquirySchema,
  'call-me-back': callMeBackSchema,
} as const;

/**
 * The optional course or page an enquiry was sent from (the sidebar forms send their course title in a
 * hidden field). It is a label for whoever reads the enquiry, not something the visitor typed, so it is
 * cleaned rather than refused: no angle brackets or control characters, one line, at most 300 characters.
 */
export function cleanContext(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value
    .replace(/<[^>]*>/g, '')
    .replace(/[<>]/g, '')
    .replace(/[\u0000-\u001F\u007F]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, LIMITS.context);
}

/** The per-render form token: random, URL-safe, made by `newFormToken`. */
export const formTokenSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,64}$/));

export type FieldErrors = Record<string, string>;
export type EnquiryFields = Record<string, string | boolean>;

export type Validation = { ok: true; fields: EnquiryFields } | { ok: false; errors: FieldErrors };

/** Validate what a form sent; on failure, the first message of each invalid field, in form order. */
export function validateEnquiry(kind: EnquiryKind, input: Record<string, unknown>): Validation {
  // A field that was not sent at all gets its own "is required" message, not valibot's missing-key one.
  const complete: Record<string, unknown> = {};
  for (const field of FORM_FIELDS[kind]) complete[field] = input[field];
  const result = v.safeParse(SCHEMAS[kind], complete, { abortPipeEarly: true });
  if (result.success) return { ok: true, fields: result.output };
  const found: FieldErrors = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key === 'string' && !(key in found)) found[key] = issue.message;
  }
  const errors: FieldErrors = {};
  for (const field of FORM_FIELDS[kind]) {
    const message = found[field];
    if (message) errors[field] = message;
  }
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
    if (CHECKBOX_FIELDS.has(name))
      values[name] = value === true || value === 'yes' || value === 'on' || value === 'true';
    else if (typeof value === 'string') values[name] = value.slice(0, LIMITS.message * 2);
  }
  return values;
}
