/**
 * The server side of the enquiry forms: form data in, the form's next state out. Called by the server
 * actions both ways a form can arrive: from the browser's script (the state goes back as data) and as a
 * plain HTML POST without JavaScript (Waku renders the page again with this state, so the typed values
 * and the messages come back in the HTML, and the response status says what happened).
 */
import * as v from 'valibot';
import { unstable_getContext, unstable_getContextData, unstable_getHeaders } from 'waku/server';
import { setResponseStatus } from '../response-status.server';
import { CLIENT_ADDRESS_CONTEXT_KEY, clientKey } from './client-key';
import { serverConfig } from '../server-config';
import { getEnquiryDelivery, ON_WORKERS } from './delivery.server';
import { newFormToken } from './form-token';
import { initialFormState, referenceOf, type EnquiryFormState } from './form-state';
import { FAILED_MESSAGE, type SubmitOutcome } from './pipeline.server';
import {
  CONTEXT_FIELD,
  FORM_FIELDS,
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
  formTokenSchema,
  readFormInput,
  typedValues,
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

const STATUS: Record<SubmitOutcome['result'], number> = { accepted: 200, invalid: 422, rejected: 400, failed: 503 };

export async function answerEnquiryForm(kind: EnquiryKind, formData: unknown): Promise<EnquiryFormState> {
  const names = [...FORM_FIELDS[kind], FORM_TOKEN_FIELD, CONTEXT_FIELD, HONEYPOT_FIELD];
  const input = formData instanceof FormData ? readFormInput(formData, names) : {};
  const sentToken = v.safeParse(formTokenSchema, input[FORM_TOKEN_FIELD]);
  const token = sentToken.success ? sentToken.output : newFormToken();

  let outcome: SubmitOutcome;
  try {
    const { pipeline } = await getEnquiryDelivery();
    outcome = await pipeline.submit(kind, input, requestClient());
  } catch {
    outcome = { result: 'failed', message: FAILED_MESSAGE };
  }

  if (isPlainFormPost()) {
    const status =
      outcome.result === 'rejected'
        ? { 'too-large': 413, 'rate-limited': 429, honeypot: 400, 'expired-form': 400 }[outcome.reason]
        : STATUS[outcome.result];
    if (status !== 200) setResponseStatus(status);
  }

  const kept = typedValues(input, FORM_FIELDS[kind]);
  switch (outcome.result) {
    case 'accepted': {
      const name = typeof input.firstName === 'string' ? input.firstName : input.name;
      return {
        ...initialFormState(newFormToken()),
        status: 'sent',
        reference: referenceOf(outcome.id),
        ...(typeof name === 'string' && name.trim() ? { name: name.trim().slice(0, 100) } : {}),
      };
    }
    case 'invalid':
      return { status: 'invalid', token, values: kept, errors: outcome.errors };
    case 'rejected':
      return {
        status: 'rejected',
        token: outcome.reason === 'expired-form' ? newFormToken() : token,
        values: kept,
        errors: {},
        notice: outcome.message,
      };
    case 'failed':
      return { status: 'failed', token, values: kept, errors: {}, notice: outcome.message };
  }
}
