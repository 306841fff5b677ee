import type { EnquiryPrefill } from '../enquiry/enquiry-forms';

/** Longer messages are cut: the query string is visitor-controlled and ends up in a form field. */
export const PREFILL_MESSAGE_MAX = 2000;

/**
 * What /contact-us's query string may prefill in the enquiry form (the links from enquiry-links.ts):
 * `message` (trimmed, capped) and `trainingFor` when it is 'myself' or 'team'. Anything else is ignored.
 */
export function enquiryPrefillFromQuery(query: string | undefined): EnquiryPrefill | undefined {
  if (!query) return undefined;
  const params = new URLSearchParams(query);
  const prefill: EnquiryPrefill = {};
  const message = params.get('message')?.trim();
  if (message) prefill.message = message.slice(0, PREFILL_MESSAGE_MAX);
  const trainingFor = params.get('trainingFor');
  if (trainingFor === 'myself' || trainingFor === 'team') prefill.trainingFor = trainingFor;
  return Object.keys(prefill).length > 0 ? prefill : undefined;
}
