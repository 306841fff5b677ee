// Placeholder until the enquiry issue lands: marks where the contact form goes.
export function EnquiryForm({ idPrefix = 'enquiry' }: { idPrefix?: string }) {
  return <div id={`${idPrefix}-form`} data-enquiry-form="" />;
}
