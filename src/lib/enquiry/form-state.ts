/** What an enquiry form shows after each answer from the server (client-safe: plain data). */
import type { EnquiryFields, FieldErrors } from './schema';

export type EnquiryFormStatus = 'idle' | 'invalid' | 'rejected' | 'failed' | 'sent';

export type EnquiryFormState = {
  status: EnquiryFormStatus;
  /** The token the next send of this form carries (a new one after a successful send). */
  token: string;
  /** What the fields show: the typed values after a failure, nothing after a success. */
  values: EnquiryFields;
  errors: FieldErrors;
  /** A message about the whole form (refused, failed). */
  notice?: string;
  /** Short reference of the stored enquiry, shown in the confirmation. */
  reference?: string;
  /** The visitor's (first) name for the thank-you. */
  name?: string;
};

export function initialFormState(token: string, values: EnquiryFields = {}): EnquiryFormState {
  return { status: 'idle', token, values, errors: {} };
}

/** The reference a visitor can quote: the first 8 characters of the id, upper case. */
export function referenceOf(id: string): string {
  return id.slice(0, 8).toUpperCase();
}
