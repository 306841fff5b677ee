'use server';
/**
 * The enquiry forms' server actions (each one an endpoint: everything they receive is checked again).
 * They take the previous form state because `useActionState` passes it, and ignore it: it comes from the
 * browser too.
 */
import type { EnquiryFormState } from './form-state';
import { answerEnquiryForm } from './submit.server';

export async function sendContactEnquiry(
  _previous: EnquiryFormState | null,
  formData: FormData,
): Promise<EnquiryFormState> {
  return answerEnquiryForm('contact', formData);
}

export async function sendQuickInquiry(
  _previous: EnquiryFormState | null,
  formData: FormData,
): Promise<EnquiryFormState> {
  return answerEnquiryForm('quick-inquiry', formData);
}

export async function sendCallMeBack(
  _previous: EnquiryFormState | null,
  formData: FormData,
): Promise<EnquiryFormState> {
  return answerEnquiryForm('call-me-back', formData);
}
