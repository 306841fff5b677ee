// Placeholder until the enquiry issue lands: marks where the contact form goes.
// Pages render it inside their section with id="enquiry"; /contact-us passes what its query string prefills.
export type EnquiryPrefill = { message?: string; trainingFor?: 'myself' | 'team' };

export function EnquiryForm({ prefill }: { prefill?: EnquiryPrefill }) {
  return <div data-enquiry-form="" data-prefill={prefill ? JSON.stringify(prefill) : undefined} />;
}
