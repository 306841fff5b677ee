/**
 * What happens to a submitted form, in order, each thing checked once; every refusal writes nothing:
 *   1. too large (over the byte limit)      → refused
 *   2. honeypot filled                       → refused
 *   3. form token not issued here, or old    → refused (the answer carries a fresh token)
 *   4. fields invalid (the shared schema)    → per-field messages
 *   5. same form already stored (same id)    → accepted again, stored once (double click, refresh)
 *   6. over the client's rate limit          → refused (an IPv6 client counts by its /64 and its /48)
 *   7. over the recipient's limit            → accepted, its acknowledgement withheld (record 034)
 *   8. stored durably                        → accepted; only now is the visitor told it arrived.
 * Invalid forms and resubmissions do not count against the rate limit, so a visitor correcting mistakes
 * without JavaScript is not locked out.
 */
import 'server-only';
import { createHash } from 'node:crypto';
import { COUNTRY_NAMES } from './countries';
import { isValidFormToken } from './form-token';
import type { AcknowledgementLimits } from './acknowledgement-limits';
import { networkKey } from './client-key';
import { visitorAddress } from './email-messages';
import { releaseEach, takeEach, type RateLimiter } from './rate-limit';
import {
  CONTEXT_FIELD,
  DELEGATE_COUNT_FIELD,
  delegateField,
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
  cleanContext,
  validateEnquiry,
  type EnquiryFields,
  type EnquiryKind,
  type FieldErrors,
} from './schema';
import type { Delegate, EnquiryRecord, EnquiryStore, Logger, RegistrationSession } from './store';

type RejectionReason = 'too-large' | 'honeypot' | 'expired-form' | 'rate-limited';

export type SubmitOutcome =
  | { result: 'accepted'; id: string; duplicate: boolean }
  | { result: 'invalid'; errors: FieldErrors }
  | { result: 'rejected'; reason: RejectionReason; message: string; retryAfterMs?: number }
  | { result: 'failed'; message: string };

export const FAILED_MESSAGE =
  'We could not save your enquiry just now, so it was not sent. Please try again in a minute, or call us.';

function rejectionMessage(reason: RejectionReason, detail: { maxBytes?: number; retryAfterMs?: number } = {}): string {
  switch (reason) {
    case 'too-large':
      return `Your enquiry is too large to send (the limit is ${Math.floor((detail.maxBytes ?? 0) / 1024)} KB). Please shorten the message and send it again.`;
    case 'honeypot':
      return 'Your enquiry was not sent because a hidden anti-spam field was filled in, which people do not normally do. If you are not a robot, please call or email us instead.';
    case 'expired-form':
      return 'This form had expired, so nothing was sent. Your details are still here: please send it again.';
    case 'rate-limited': {
      const minutes = Math.max(1, Math.ceil((detail.retryAfterMs ?? 60_000) / 60_000));
      return `You have sent several enquiries in a short time. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before sending another, or call us.`;
    }
  }
}

/** The enquiry's id: the same form rendering (token) with the same content always gets the same id. */
function enquiryId(kind: EnquiryKind, fields: EnquiryFields, context: string, token: string): string {
  const normalised = Object.keys(fields)
    .sort()
    .map((key) => {
      const value = fields[key];
      return [key, typeof value === 'string' ? value.normalize('NFC').replace(/\s+/g, ' ').toLowerCase() : value];
    });
  return createHash('sha256')
    .update(JSON.stringify([kind, token, context.toLowerCase(), normalised]))
    .digest('hex')
    .slice(0, 32);
}

/** Bytes of everything the form sent (strings and any uploaded file). */
function inputBytes(input: Record<string, unknown>): number {
  let total = 0;
  const count = (value: unknown): void => {
    if (typeof value === 'string') total += Buffer.byteLength(value, 'utf8');
    else if (Array.isArray(value)) value.forEach(count);
    else if (typeof Blob !== 'undefined' && value instanceof Blob) total += value.size;
    else if (value !== undefined && value !== null) total += Buffer.byteLength(String(value), 'utf8');
  };
  for (const [key, value] of Object.entries(input)) {
    total += Buffer.byteLength(key, 'utf8');
    count(value);
  }
  return total;
}

type PipelineOptions = {
  /** The site's form-token key (src/site.ts): a form this site did not render is refused. */
  formTokenKey: Promise<CryptoKey>;
  store: EnquiryStore;
  /** Per client: an IPv4 address, an IPv6 /64 (client-key.ts). */
  limiter: RateLimiter;
  /** Per IPv6 /48, a larger limit: a /48 holds 65 536 /64s. */
  networkLimiter?: RateLimiter;
  /** Acknowledgements per recipient address and domain; without it every enquiry with an address gets one. */
  acknowledgementLimits?: AcknowledgementLimits;
  maxBytes: number;
  now?: () => Date;
  logger?: Logger;
};

export class EnquiryPipeline {
  private readonly now: () => Date;
  private readonly logger: Logger;

  constructor(private readonly options: PipelineOptions) {
    this.now = options.now ?? (() => new Date());
    this.logger = options.logger ?? console;
  }

  /** `session`: a registration's, as the action looked it up in the admin's data (never from the form). */
  async submit(
    kind: EnquiryKind,
    input: Record<string, unknown>,
    client: string,
    session?: RegistrationSession,
  ): Promise<SubmitOutcome> {
    const { maxBytes } = this.options;
    if (inputBytes(input) > maxBytes) return this.reject('too-large', { maxBytes });

    const honeypot = input[HONEYPOT_FIELD];
    if (honeypot !== undefined && honeypot !== '') return this.reject('honeypot');

    const token = input[FORM_TOKEN_FIELD];
    if (typeof token !== 'string' || !(await isValidFormToken(this.options.formTokenKey, token, this.now().getTime())))
      return this.reject('expired-form');

    const validation = validateEnquiry(kind, input);
    if (!validation.ok) return { result: 'invalid', errors: validation.errors };

    const { fields } = validation;
    // A registration's session reference takes the sidebar's place in the id: the same booking for another
    // session is another booking.
    const context = session ? session.ref : cleanContext(input[CONTEXT_FIELD]);
    const id = enquiryId(kind, fields, context, token);
    // A resubmission (same id) is confirmed again once its first copy is stored, without counting again.
    const resent = this.options.store.has(id);
    const network = networkKey(client);
    const counts = resent
      ? []
      : [
          [this.options.limiter, client] as const,
          ...(network && this.options.networkLimiter ? [[this.options.networkLimiter, network] as const] : []),
        ];
    const decision = takeEach(counts);
    if (!decision.ok) return this.reject('rate-limited', { retryAfterMs: decision.retryAfterMs });
    const stored: EnquiryFields = { ...fields };
    if ((kind === 'contact' || kind === 'registration') && typeof fields.country === 'string')
      stored.countryName = COUNTRY_NAMES.get(fields.country) ?? fields.country;
    const delegates: Delegate[] = [];
    if (kind === 'registration') {
      for (let number = 1; number <= Number(fields[DELEGATE_COUNT_FIELD]); number += 1) {
        const part = (name: 'name' | 'jobTitle' | 'email') => {
          const key = delegateField(number, name);
          const value = String(stored[key] ?? '');
          delete stored[key];
          return value;
        };
        delegates.push({ name: part('name'), jobTitle: part('jobTitle'), email: part('email') });
      }
    }
    const record: EnquiryRecord = {
      v: 1,
      id,
      kind,
      receivedAt: this.now().toISOString(),
      fields: stored,
      ...(session ? { session, delegates } : context ? { context } : {}),
    };
    // Decided here, once, and stored with the record, so both runtimes agree and a restart changes nothing.
    const recipient = visitorAddress(record);
    const acknowledgement = recipient && !resent ? this.options.acknowledgementLimits?.take(recipient) : undefined;
    if (acknowledgement && !acknowledgement.ok) {
      record.acknowledgementWithheld = acknowledgement.reason;
      this.logger.warn(`enquiry ${id} (${kind}): acknowledgement withheld (${acknowledgement.reason})`);
    }
    try {
      const result = await this.options.store.put(record);
      if (result === 'stored') this.logger.info(`enquiry ${id} (${kind}) stored`);
      else if (acknowledgement?.ok) acknowledgement.release(); // the copy already stored was counted
      return { result: 'accepted', id, duplicate: result === 'duplicate' };
    } catch (error) {
      releaseEach(counts);
      if (acknowledgement?.ok) acknowledgement.release();
      this.logger.error(`enquiry ${id} (${kind}) could not be stored:`, error);
      return { result: 'failed', message: FAILED_MESSAGE };
    }
  }

  private reject(reason: RejectionReason, detail: { maxBytes?: number; retryAfterMs?: number } = {}): SubmitOutcome {
    return {
      result: 'rejected',
      reason,
      message: rejectionMessage(reason, detail),
      ...(detail.retryAfterMs !== undefined ? { retryAfterMs: detail.retryAfterMs } : {}),
    };
  }
}
