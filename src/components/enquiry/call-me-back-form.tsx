/**
 * The sidebar's Call Me Back request as pages use it (a server component). `context` is the course title,
 * sent along so the request says which course it is about.
 */
import { newFormToken } from '../../lib/enquiry/form-token';
import { cleanContext } from '../../lib/enquiry/schema';
import { CallMeBackBox } from './call-me-back-box';

export function CallMeBackForm({ context }: { context?: string }) {
  return <CallMeBackBox token={newFormToken()} context={cleanContext(context) || undefined} />;
}
