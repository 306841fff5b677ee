'use client';
/**
 * The sidebar's Quick Inquiry box (site-spec section 2): name and message, 'Send Message'. The sidebar
 * gives the frame and the 'Quick Inquiry' heading.
 */
import { sendQuickInquiry } from '../../lib/enquiry/actions';
import { CONTEXT_FIELD } from '../../lib/enquiry/schema';
import { buttonClassName } from '../ui/button-link';
import { FormNotice, HiddenFields, SentConfirmation, SubmitButton, TextAreaField, TextField } from './form-parts';
import { useEnquiryForm } from './use-enquiry-form';
import styles from './enquiry-form.module.css';

const PREFIX = 'quick-inquiry';

export function QuickInquiryBox({ token, context }: { token: string; context: string | undefined }) {
  const form = useEnquiryForm({
    kind: 'quick-inquiry',
    action: sendQuickInquiry,
    token,
    permalink: `#${PREFIX}`,
    idPrefix: PREFIX,
  });
  const { state, pending } = form;
  const { errors, values } = state;
  return (
    <div className={styles.box} id={PREFIX}>
      {state.status === 'sent' ? (
        <SentConfirmation
          confirmationRef={form.confirmationRef}
          title={
            state.name ? `Thank you, ${state.name}. Your message has arrived.` : 'Thank you. Your message has arrived.'
          }
        >
          <p>
            Reference <strong>{state.reference}</strong>.
          </p>
        </SentConfirmation>
      ) : null}
      <form className={styles.boxForm} action={form.formAction} onSubmit={form.onSubmit} noValidate>
        <HiddenFields token={state.token}>
          {context ? <input type="hidden" name={CONTEXT_FIELD} value={context} /> : null}
        </HiddenFields>
        <div className={styles.stack} key={form.generation}>
          <TextField
            prefix={PREFIX}
            name="name"
            label="Name"
            autoComplete="name"
            error={errors.name}
            defaultValue={typeof values.name === 'string' ? values.name : undefined}
          />
          <TextAreaField
            prefix={PREFIX}
            name="message"
            label="Message"
            rows={4}
            hint="Add an email address or phone number so we can reply."
            error={errors.message}
            defaultValue={typeof values.message === 'string' ? values.message : undefined}
          />
        </div>
        <FormNotice notice={state.notice} noticeRef={form.noticeRef} />
        <SubmitButton
          pending={pending}
          label="Send Message"
          className={`${buttonClassName('primary')} ${styles.boxSubmit}`}
        />
      </form>
    </div>
  );
}
