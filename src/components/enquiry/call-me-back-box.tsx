'use client';
/**
 * The sidebar's Call Me Back button (site-spec section 2), now a request that arrives: name and phone.
 * The sidebar gives the frame and the 'Call Me Back' heading.
 */
import { sendCallMeBack } from '../../lib/enquiry/actions';
import { CONTEXT_FIELD } from '../../lib/enquiry/schema';
import { buttonClassName } from '../ui/button-link';
import { FormNotice, HiddenFields, SentConfirmation, SubmitButton, TextField } from './form-parts';
import { useEnquiryForm } from './use-enquiry-form';
import styles from './enquiry-form.module.css';

const PREFIX = 'call-me-back';

export function CallMeBackBox({ token, context }: { token: string; context: string | undefined }) {
  const form = useEnquiryForm({
    kind: 'call-me-back',
    action: sendCallMeBack,
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
          title={state.name ? `Thank you, ${state.name}. We will call you back.` : 'Thank you. We will call you back.'}
        >
          <p>
            Reference <strong>{state.reference}</strong>.
          </p>
        </SentConfirmation>
      ) : (
        <p className={styles.hint}>Leave your name and number and we will call you during office hours.</p>
      )}
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
          <TextField
            prefix={PREFIX}
            name="phone"
            label="Phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            error={errors.phone}
            defaultValue={typeof values.phone === 'string' ? values.phone : undefined}
          />
        </div>
        <FormNotice notice={state.notice} noticeRef={form.noticeRef} />
        <SubmitButton
          pending={pending}
          label="Call Me Back"
          className={`${buttonClassName('primary')} ${styles.boxSubmit}`}
        />
      </form>
    </div>
  );
}
