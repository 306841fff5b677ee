/**
 * Where an accepted enquiry goes before the visitor is told it arrived: one interface, two homes.
 * On Node the file outbox (`outbox.ts`: fsynced lines on the server's disk, forwarded to the webhook
 * in the background); on Cloudflare Workers a Cloudflare Queue (`queue.ts`: the queue keeps it, the
 * Worker's queue consumer posts it to the webhook with retries and a dead-letter queue).
 */
import { ENQUIRY_KINDS, type EnquiryFields, type EnquiryKind } from './schema';

/** A session as the registration record and its emails carry it (webhook: `session`). */
export type RegistrationSession = {
  /** The reference the form carried. */
  ref: string;
  /** The sub-course's slug: it names the course wherever the code is not known. */
  course: string;
  courseTitle: string;
  /**
   * The course code, from the catalogue (the admin's sub-course has none; its category lists it). Missing only
   * while a new deployment's first crawl has not read the categories yet.
   */
  courseCode?: string;
  /** yyyy-mm-dd, both days included. */
  startDate: string;
  endDate: string;
  venue: string;
  /** Fee per delegate, US dollars. */
  feeUsd: number;
};

export type EnquiryRecord = {
  /** Format version of the record. */
  v: 1;
  id: string;
  kind: EnquiryKind;
  /** ISO 8601, UTC. */
  receivedAt: string;
  fields: EnquiryFields;
  /** The course (or page) a sidebar form was sent from. */
  context?: string;
  /** A registration's session, as the admin listed it when the form was sent. */
  session?: RegistrationSession;
  /** A registration's delegates, in the order given. */
  delegates?: Delegate[];
  /**
   * Set when the enquiry was accepted but its acknowledgement is not to be sent: the address (or its domain)
   * had reached its limit then (pipeline.ts). Decided once, at acceptance, and kept with the record so a
   * restart or a retry never changes it; a record without it (all older ones) is acknowledged.
   */
  acknowledgementWithheld?: AcknowledgementWithheld;
};

export type AcknowledgementWithheld = 'recipient-limit' | 'domain-limit';

export type Delegate = { name: string; jobTitle: string; email: string };

export type StoreResult = 'stored' | 'duplicate';

export interface EnquiryStore {
  /** Whether an enquiry with this id is already stored (a resubmitted form). */
  has(id: string): boolean;
  /** Resolves once the record is durably stored, or was already; rejects if it could not be stored. */
  put(record: EnquiryRecord): Promise<StoreResult>;
}

export type Logger = Pick<Console, 'info' | 'warn' | 'error'>;

/**
 * What one delivery attempt of a record through a channel (webhook, email) came to: it arrived; the channel
 * is unavailable (down, busy, timed out: try again later); or this record was refused (it waits the longest
 * interval and is tried again, while the others go on).
 */
export type DeliveryAnswer = { verdict: 'delivered' | 'unavailable' | 'refused'; problem: string };
export type Deliver = (record: EnquiryRecord) => Promise<DeliveryAnswer>;

/** The reference the visitor is shown and every email repeats: the id's first 8 characters, upper case. */
export function referenceOf(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

/** A record as this site writes it (files and queue messages are read back through this). */
export function isRecord(value: unknown): value is EnquiryRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<EnquiryRecord>;
  return (
    record.v === 1 &&
    typeof record.id === 'string' &&
    (ENQUIRY_KINDS as readonly unknown[]).includes(record.kind) &&
    typeof record.receivedAt === 'string' &&
    typeof record.fields === 'object' &&
    record.fields !== null
  );
}
