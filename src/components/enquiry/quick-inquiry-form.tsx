/**
 * The sidebar's Quick Inquiry box as pages use it (a server component; the sidebar supplies the heading).
 * `context` is the course title, sent along so the enquiry says which course it is about.
 */
import { newFormToken } from '../../lib/enquiry/form-token';
import { cleanContext } from '../../lib/enquiry/schema';
import { QuickInquiryBox } from './quick-inquiry-box';

export function QuickInquiryForm({ context }: { context?: string }) {
  return <QuickInquiryBox token={newFormToken()} context={cleanContext(context) || undefined} />;
}
