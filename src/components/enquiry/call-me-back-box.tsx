'use client';
/** The sidebar's Call Me Back button (site-spec section 2), now a request that arrives: name and phone. */
import { sendCallMeBack } from '../../lib/enquiry/actions';
import { TextField } from './form-parts';
import { SidebarEnquiryBox } from './sidebar-enquiry-box';

export function CallMeBackBox({ token, context }: { token: string; context: string | undefined }) {
  return (
    <SidebarEnquiryBox
      kind="call-me-back"
      action={sendCallMeBack}
      token={token}
      context={context}
      sentMessage="We will call you back."
      hint="Leave your name and number and we will call you during office hours."
      submitLabel="Call Me Back"
      secondField={({ values, errors }) => (
        <TextField
          prefix="call-me-back"
          name="phone"
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          error={errors.phone}
          defaultValue={typeof values.phone === 'string' ? values.phone : undefined}
        />
      )}
    />
  );
}
