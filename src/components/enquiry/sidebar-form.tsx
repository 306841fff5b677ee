'use client';
/**
 * The course sidebar's two small forms, Quick Inquiry and Call Me Back: their fields, the course they were
 * sent from, the confirmation and the notices. The sidebar gives the heading.
 */
import { buttonClassName } from '../ui/button-link';
import { Field, FormNotice, HiddenFields, SentConfirmation, SubmitButton } from './fields';
import { useEnquiryForm } from './use-enquiry-form';
import styles from './enquiry-form.module.css';

export type SidebarFormKind = 'quick-inquiry' | 'call-me-back';

const NAME = { name: 'name', label: 'Name', autoComplete: 'name' } as const;

const FORMS = {
  'quick-inquiry': {
    submit: 'Send Message',
    sent: 'Your message has arrived.',
    hint: undefined,
    fields: [
      NAME,
      { name: 'replyTo', label: 'Email or phone', autoComplete: 'email', hint: 'How we can reply to you.' },
      { name: 'message', label: 'Message', type: 'textarea' },
    ],
  },
  'call-me-back': {
    submit: 'Call Me Back',
    sent: 'We will call you back.',
    hint: 'Leave your name and number and we will call you during office hours.',
    fields: [NAME, { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' }],
  },
} as const;

export function SidebarForm({ kind, token, context }: { kind: SidebarFormKind; token: string; context?: string }) {
  const { submit, sent, hint, fields } = FORMS[kind];
  const form = useEnquiryForm({ kind, token, permalink: `#${kind}`, idPrefix: kind });
  const { state, pending } = form;
  return (
    <div className={styles.box} id={kind}>
      {state.status === 'sent' ? (
        <SentConfirmation
          confirmationRef={form.confirmationRef}
          title={state.name ? `Thank you, ${state.name}. ${sent}` : `Thank you. ${sent}`}
        >
          <p>
            Reference <strong>{state.reference}</strong>.
          </p>
        </SentConfirmation>
      ) : hint ? (
        <p className={styles.hint}>{hint}</p>
      ) : null}
      <form className={styles.boxForm} action={form.formAction} onSubmit={form.onSubmit} noValidate>
        <HiddenFields kind={kind} token={state.token} context={context} />
        <div className={styles.stack} key={form.generation}>
          {fields.map((field) => (
            <Field
              key={field.name}
              prefix={kind}
              {...field}
              error={state.errors[field.name]}
              value={state.values[field.name]}
            />
          ))}
        </div>
        <FormNotice notice={state.notice} noticeRef={form.noticeRef} />
        <SubmitButton
          pending={pending}
          label={submit}
          className={`${buttonClassName('primary')} ${styles.boxSubmit}`}
        />
      </form>
    </div>
  );
}
