/**
 * The contact form as pages use it (a server component): pages render it inside their section with
 * id="enquiry" on / and /contact-us, and /contact-us passes what its query string prefills (the Register
 * and In-House Proposal links, src/lib/enquiry-links.ts). The page supplies the heading.
 * Each rendering gets a fresh form token (see src/lib/enquiry/form-token.ts).
 */
import { newFormToken } from '../../lib/enquiry/form-token';
import { LIMITS, type EnquiryFields } from '../../lib/enquiry/schema';
import { siteName } from '../../lib/site-identity';
import { ContactForm } from './contact-form';

export type EnquiryPrefill = { message?: string; trainingFor?: 'myself' | 'team' };

export function EnquiryForm({ prefill }: { prefill?: EnquiryPrefill }) {
  const values: EnquiryFields = {};
  // The query string is anyone's to write: only a known choice and a message within bounds are taken.
  if (typeof prefill?.message === 'string') values.message = prefill.message.slice(0, LIMITS.message);
  if (prefill?.trainingFor === 'myself' || prefill?.trainingFor === 'team') values.trainingFor = prefill.trainingFor;
  return <ContactForm token={newFormToken()} initialValues={values} providerName={siteName()} />;
}
