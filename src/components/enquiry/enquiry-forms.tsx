/**
 * The enquiry forms as pages use them (server components): each rendering signs a new form token, shared by
 * everyone the rendered page is shown to (src/lib/enquiry/form-token.ts). The page or the sidebar
 * supplies the heading.
 */
import { issueFormToken } from '../../lib/enquiry/form-token';
import { cleanContext } from '../../lib/enquiry/schema';
import { siteName } from '../../lib/site-identity';
import { ContactFormCard } from './contact-form-card';
import { SidebarForm, type SidebarFormKind } from './sidebar-form';
import { site } from '../../site';

export type EnquiryPrefill = { message?: string; trainingFor?: 'myself' | 'team' };

/**
 * The contact form, on / and /contact-us (in their section with id="enquiry"); /contact-us passes what its
 * query string prefills (the Register and In-House Proposal links, src/lib/enquiry-links.ts).
 */
export async function ContactForm({ prefill }: { prefill?: EnquiryPrefill | undefined }) {
  return (
    <ContactFormCard
      token={await issueFormToken(site().keys.formToken)}
      initialValues={{ ...prefill }}
      providerName={siteName()}
    />
  );
}

/**
 * A sidebar form; `context` is the course page's path, the reference the server resolves to the course's
 * title when the form arrives (src/lib/enquiry-form/course-context.ts), so the enquiry says which course it is about.
 */
export async function SidebarEnquiry({ kind, context }: { kind: SidebarFormKind; context: string | undefined }) {
  return (
    <SidebarForm
      kind={kind}
      token={await issueFormToken(site().keys.formToken)}
      context={cleanContext(context) || undefined}
    />
  );
}
