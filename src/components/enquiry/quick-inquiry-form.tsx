// Placeholder until the enquiry issue lands: the sidebar's Quick Inquiry box.
export function QuickInquiryForm({ context }: { context?: string }) {
  return <div data-quick-inquiry="" data-context={context} />;
}
