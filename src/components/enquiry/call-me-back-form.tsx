// Placeholder until the enquiry issue lands: the sidebar's Call Me Back form.
export function CallMeBackForm({ context }: { context?: string }) {
  return <div data-call-me-back="" data-context={context} />;
}
