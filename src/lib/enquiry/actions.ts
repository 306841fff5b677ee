'use server';
/**
 * The enquiry forms' one server action: form data in, the form's next state out. It is an endpoint, so
 * everything it receives is checked again (the previous state, passed by `useActionState`, comes from the
 * browser too and is ignored). It answers both ways a form arrives: from the browser's script (the state
 * goes back as data) and as a plain HTML POST without JavaScript (Waku renders the page again with this
 * state, so the typed values and the messages come back in the HTML, and the status says what happened).
 */
import { unstable_getContext, unstable_getContextData, unstable_getHeaders } from 'waku/server';
import { setResponseStatus } from '../response-status';
import { serverConfig } from '../server-config';
import { CLIENT_ADDRESS_CONTEXT_KEY, clientKey } from './client-key';
import { enquiryPipeline, ON_WORKERS } from './delivery';
import { issueFormToken } from './form-token';
import { FAILED_MESSAGE, type SubmitOutcome } from './pipeline';
import { referenceOf } from './store';
import {
  CONTEXT_FIELD,
  ENQUIRY_KINDS,
  FORM_FIELDS,
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
  KIND_FIELD,
  readFormInput,
  typedValues,
  type EnquiryFormState,
  type EnquiryKind,
} from './schema';

function requestClient(): string {
  let headers: Readonly<Record<string, string>> = {};
  try {
    headers = unstable_getHeaders();
  } catch {
    // outside a request (tests)
  }
  const remote = unstable_getContextData()[CLIENT_ADDRESS_CONTEXT_KEY];
  // A Worker has no socket to ask: Cloudflare's edge gives the visitor's address in CF-Connecting-IP
  // (replacing any value the client sent), so the limit still counts per visitor rather than per isolate.
  const peer = typeof remote === 'string' ? remote : ON_WORKERS ? headers['cf-connecting-ip'] : undefined;
  return clientKey({
    forwardedFor: headers['x-forwarded-for'],
    remoteAddress: peer,
    trustedProxies: serverConfig().trustedProxies,
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
const REJECTED_STATUS = { 'too-large': 413, 'rate-limited': 429, honeypot: 400, 'expired-form': 400 } as const;

export async function sendEnquiry(_previous: EnquiryFormState | null, formData: FormData): Promise<EnquiryFormState> {
  const sentKind = formData instanceof FormData ? formData.get(KIND_FIELD) : null;
  const kind: EnquiryKind = ENQUIRY_KINDS.find((known) => known === sentKind) ?? 'contact';
  const names = [...FORM_FIELDS[kind], FORM_TOKEN_FIELD, CONTEXT_FIELD, HONEYPOT_FIELD];
  const input = formData instanceof FormData ? readFormInput(formData, names) : {};

  let outcome: SubmitOutcome;
  try {
    outcome = await (await enquiryPipeline()).submit(kind, input, requestClient());
  } catch {
    outcome = { result: 'failed', message: FAILED_MESSAGE };
  }
  if (isPlainFormPost()) {
    const status = outcome.result === 'rejected' ? REJECTED_STATUS[outcome.reason] : STATUS[outcome.result];
    if (status !== 200) setResponseStatus(status);
  }

  // The sent token was checked by the pipeline unless it refused the form before (then it is checked next time).
  const sentToken = input[FORM_TOKEN_FIELD];
  const token =
    outcome.result === 'accepted' ||
    (outcome.result === 'rejected' && outcome.reason === 'expired-form') ||
    typeof sentToken !== 'string'
      ? await issueFormToken()
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
    };
  }
  const values = typedValues(input, FORM_FIELDS[kind]);
  if (outcome.result === 'invalid') return { status: 'invalid', token, values, errors: outcome.errors };
  return { status: outcome.result, token, values, errors: {}, notice: outcome.message };
}
