'use server';
/**
 * The enquiry forms' one server action: form data in, the form's next state out. It is an endpoint, so
 * everything it receives is checked again (the previous state, passed by `useActionState`, comes from the
 * browser too and is ignored). It answers both ways a form arrives: from the browser's script (the state
 * goes back as data) and as a plain HTML POST without JavaScript (Waku renders the page again with this
 * state, so the typed values and the messages come back in the HTML, and the status says what happened).
 */
import { unstable_getContext, unstable_getHeaders } from 'waku/server';
import { requestRecord } from '../request-record';
import { setResponseStatus } from '../response-status';
import { DEFAULT_REPLY_TIME } from '../server-config';
import { clientKey } from '../enquiry/client-key';
import { courseContextFor } from './course-context';
import { ON_WORKERS } from '../enquiry/delivery';
import { issueFormToken } from '../enquiry/form-token';
import { FAILED_MESSAGE, type SubmitOutcome } from '../enquiry/pipeline';
import { referenceOf, type RegistrationSession } from '../enquiry/store';
import { findSession, type SessionLookup } from './registration-session';
import { quotationHref } from '../documents/quotation-address';
import { quotationData } from '../documents/quotation-data';
import {
  CONTEXT_FIELD,
  DELEGATE_COUNT_FIELD,
  delegateCount,
  delegateField,
  ENQUIRY_KINDS,
  formFields,
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
  INTENT_FIELD,
  KIND_FIELD,
  SESSION_FIELD,
  readFormInput,
  typedValues,
  type BookingSummary,
  type EnquiryFormState,
  type EnquiryKind,
} from '../enquiry/schema';
import { site } from '../../site';

function requestClient(): string {
  let headers: Readonly<Record<string, string>> = {};
  try {
    headers = unstable_getHeaders();
  } catch {
    // outside a request (tests)
  }
  const remote = requestRecord().clientAddress;
  // A Worker has no socket to ask: Cloudflare's edge gives the visitor's address in CF-Connecting-IP
  // (replacing any value the client sent), so the limit still counts per visitor rather than per isolate.
  const peer = remote !== undefined ? remote : ON_WORKERS ? headers['cf-connecting-ip'] : undefined;
  return clientKey({
    forwardedFor: headers['x-forwarded-for'],
    remoteAddress: peer,
    trustedProxies: site().settings.trustedProxies,
  });
}

/** A plain HTML form POST (no JavaScript) rather than a call from the browser's script to /RSC/F/…. */
function isPlainFormPost(): boolean {
  try {
    return !new URL(unstable_getContext().req.url).pathname.startsWith('/RSC/');
  } catch {
    return false;
  }
}

const STATUS = { accepted: 200, invalid: 422, failed: 503 } as const;

/** What a visitor is told when the session they are registering for cannot be booked. */
const SESSION_CLOSED_MESSAGES: Record<Exclude<SessionLookup, { ok: true }>['reason'], string> = {
  gone: 'This session is no longer offered, so nothing was sent. Please contact us and we will suggest other dates.',
  started:
    'This session has already started, so it can no longer be booked here and nothing was sent. Please contact us about the next dates.',
  unavailable:
    'We cannot check this session just now, so nothing was sent. Your details are still here: please try again in a minute, or contact us.',
};
const REJECTED_STATUS = { 'too-large': 413, 'rate-limited': 429, honeypot: 400, 'expired-form': 400 } as const;

/**
 * What the confirmation shows of an accepted registration: the session the server looked up from the reference
 * the form sent (a form whose reference was changed books another session than the page around it shows, and
 * the visitor must see which one it was) and what was typed, which the pipeline has just accepted. Made from
 * the sending alone, so the same form posted again (refresh, back and send) shows the same confirmation. It is
 * the quotation's data (the same as the team's emailed copy) with the quotation's sealed address; when sealing
 * fails the confirmation still shows, without the link (the team's email carries the quotation).
 */
async function bookingSummary(
  id: string,
  session: RegistrationSession,
  calendarHref: string,
  input: Record<string, unknown>,
): Promise<BookingSummary> {
  const text = (name: string) => (typeof input[name] === 'string' ? (input[name] as string).trim() : '');
  const count = delegateCount(input[DELEGATE_COUNT_FIELD]);
  const quotation = quotationData({
    reference: referenceOf(id),
    receivedAt: new Date(),
    session,
    fields: input,
    delegates: Array.from({ length: count }, (_, index) => ({
      name: text(delegateField(index + 1, 'name')),
      jobTitle: text(delegateField(index + 1, 'jobTitle')),
    })),
    validDays: site().settings.quotation.validDays,
  });
  let sealed: string | undefined;
  try {
    sealed = await quotationHref(site().keys.quotation, quotation);
  } catch {
    sealed = undefined;
  }
  const { buyer } = quotation;
  return {
    ...quotation.session,
    totalUsd: Math.round(session.feeUsd * count * 100) / 100,
    delegates: quotation.delegates.map((delegate) => delegate.name),
    payer: buyer.payer,
    ...(buyer.poNumber ? { poNumber: buyer.poNumber } : {}),
    calendarHref,
    nextSteps: site().settings.enquiry.email?.replyTime ?? DEFAULT_REPLY_TIME,
    ...(sealed ? { quotationHref: sealed } : {}),
  };
}

export async function sendEnquiry(_previous: EnquiryFormState | null, formData: FormData): Promise<EnquiryFormState> {
  const form = formData instanceof FormData ? formData : new FormData();
  const sentKind = form.get(KIND_FIELD);
  const kind: EnquiryKind = ENQUIRY_KINDS.find((known) => known === sentKind) ?? 'contact';
  const fields = formFields(kind, form.get(DELEGATE_COUNT_FIELD));
  const names = [...fields, FORM_TOKEN_FIELD, CONTEXT_FIELD, HONEYPOT_FIELD, SESSION_FIELD];
  const input = readFormInput(form, names);
  const sentToken = input[FORM_TOKEN_FIELD];

  // Without JavaScript, "Continue" after choosing the number of delegates asks for the form again with that
  // many delegate blocks: nothing is checked or sent, what was typed stays.
  if (kind === 'registration' && form.get(INTENT_FIELD) === 'update') {
    return {
      status: 'idle',
      token: typeof sentToken === 'string' ? sentToken : await issueFormToken(site().keys.formToken),
      values: typedValues(input, fields),
      errors: {},
    };
  }

  let outcome: SubmitOutcome;
  let closed: string | undefined;
  let session: RegistrationSession | undefined;
  let calendarHref = '';
  try {
    // the form names its course page; the course it records is the one the admin has at that page
    if (CONTEXT_FIELD in input) input[CONTEXT_FIELD] = await courseContextFor(input[CONTEXT_FIELD]);
    if (kind === 'registration') {
      const lookup = await findSession(input[SESSION_FIELD]);
      if (lookup.ok) ({ session, calendarHref } = lookup);
      else closed = SESSION_CLOSED_MESSAGES[lookup.reason];
    }
    outcome = closed
      ? { result: 'failed', message: closed }
      : await (await site().enquiries.pipeline()).submit(kind, input, requestClient(), session);
  } catch {
    outcome = { result: 'failed', message: FAILED_MESSAGE };
  }
  if (isPlainFormPost()) {
    const status = closed
      ? 409
      : outcome.result === 'rejected'
        ? REJECTED_STATUS[outcome.reason]
        : STATUS[outcome.result];
    // a 429 says when to come back (RFC 9110 §10.2.3: whole seconds)
    const retryAfterMs = outcome.result === 'rejected' ? outcome.retryAfterMs : undefined;
    const headers: Record<string, string> =
      retryAfterMs !== undefined ? { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) } : {};
    if (status !== 200) setResponseStatus(status, headers);
  }

  // The sent token was checked by the pipeline unless it refused the form before (then it is checked next time).
  const token =
    outcome.result === 'accepted' ||
    (outcome.result === 'rejected' && outcome.reason === 'expired-form') ||
    typeof sentToken !== 'string'
      ? await issueFormToken(site().keys.formToken)
      : sentToken;
  if (outcome.result === 'accepted') {
    const name = typeof input.firstName === 'string' ? input.firstName : input.name;
    return {
      status: 'sent',
      token,
      values: {},
      errors: {},
      reference: referenceOf(outcome.id),
      ...(typeof name === 'string' && name.trim() ? { name: name.trim().slice(0, 100) } : {}),
      ...(session ? { booking: await bookingSummary(outcome.id, session, calendarHref, input) } : {}),
    };
  }
  const values = typedValues(input, fields);
  if (outcome.result === 'invalid') return { status: 'invalid', token, values, errors: outcome.errors };
  return { status: outcome.result, token, values, errors: {}, notice: outcome.message };
}
