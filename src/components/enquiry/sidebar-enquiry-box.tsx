'use client';
/**
 * The frame both sidebar forms share (Quick Inquiry, Call Me Back): a name field, the form's own second
 * field, the course it was sent from, the confirmation and the notices. The sidebar gives the heading.
 */
import type { ReactNode } from 'react';
import type { EnquiryFormState } from '../../lib/enquiry/form-state';
import { CONTEXT_FIELD, type EnquiryKind } from '../../lib/enquiry/schema';
import { buttonClassName } from '../ui/button-link';
import { FormNotice, HiddenFields, SentConfirmation, SubmitButton, TextField } from './form-parts';
import { useEnquiryForm, type EnquiryAction } from './use-enquiry-form';
import styles from './enquiry-form.module.css';

export function SidebarEnquiryBox({
  kind,
  action,
  token,
  context,
  sentMessage,
  hint,
  submitLabel,
  secondField,
}: {
  kind: EnquiryKind;
  action: EnquiryAction;
  token: string;
  context: string | undefined;
  /** The thank-you after the name, e.g. 'We will call you back.' */
  sentMessage: string;
  /** A line above the fields while the form is not yet sent. */
  hint?: string;
  submitLabel: string;
  /** The field after the name, with this form's values and errors. */
  secondField: (state: Pick<EnquiryFormState, 'values' | 'errors'>) => ReactNode;
}) {
  const prefix = kind;
  const form = useEnquiryForm({ kind, action, token, permalink: `#${prefix}`, idPrefix: prefix });
  const { state, pending } = form;
  const { errors, values } = state;
  return (
    <div className={styles.box} id={prefix}>
      {state.status === 'sent' ? (
        <SentConfirmation
          confirmationRef={form.confirmationRef}
          title={state.name ? `Thank you, ${state.name}. ${sentMessage}` : `Thank you. ${sentMessage}`}
        >
          <p>
            Reference <strong>{state.reference}</strong>.
          </p>
        </SentConfirmation>
      ) : hint ? (
        <p className={styles.hint}>{hint}</p>
      ) : null}
      <form className={styles.boxForm} action={form.formAction} onSubmit={form.onSubmit} noValidate>
        <HiddenFields token={state.token}>
          {context ? <input type="hidden" name={CONTEXT_FIELD} value={context} /> : null}
        </HiddenFields>
        <div className={styles.stack} key={form.generation}>
          <TextField
            prefix={prefix}
            name="name"
            label="Name"
            autoComplete="name"
            error={errors.name}
            defaultValue={typeof values.name === 'string' ? values.name : undefined}
          />
          {secondField({ values, errors })}
        </div>
        <FormNotice notice={state.notice} noticeRef={form.noticeRef} />
        <SubmitButton
          pending={pending}
          label={submitLabel}
          className={`${buttonClassName('primary')} ${styles.boxSubmit}`}
        />
      </form>
    </div>
  );
}
