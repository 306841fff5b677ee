'use client';
/** The sidebar's Quick Inquiry box (site-spec section 2): name and message, 'Send Message'. */
import { sendQuickInquiry } from '../../lib/enquiry/actions';
import { TextAreaField } from './form-parts';
import { SidebarEnquiryBox } from './sidebar-enquiry-box';

export function QuickInquiryBox({ token, context }: { token: string; context: string | undefined }) {
  return (
    <SidebarEnquiryBox
      kind="quick-inquiry"
      action={sendQuickInquiry}
      token={token}
      context={context}
      sentMessage="Your message has arrived."
      submitLabel="Send Message"
      secondField={({ values, errors }) => (
        <TextAreaField
          prefix="quick-inquiry"
          name="message"
          label="Message"
          rows={4}
          hint="Add an email address or phone number so we can reply."
          error={errors.message}
          defaultValue={typeof values.message === 'string' ? values.message : undefined}
        />
      )}
    />
  );
}
