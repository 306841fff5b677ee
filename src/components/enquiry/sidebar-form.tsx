'use client';
/** The course sidebar's two small forms, Quick Inquiry and Call Me Back. The sidebar gives the heading. */
import { EnquiryForm } from './enquiry-form';
import { Field } from './fields';

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
  return (
    <EnquiryForm
      kind={kind}
      token={token}
      context={context}
      anchor={kind}
      idPrefix={kind}
      look="box"
      hint={hint}
      sent={sent}
      sentDetail={(reference) => (
        <p>
          Reference <strong>{reference}</strong>.
        </p>
      )}
      submitLabel={submit}
    >
      {({ errors, values }) =>
        fields.map((field) => (
          <Field key={field.name} prefix={kind} {...field} error={errors[field.name]} value={values[field.name]} />
        ))
      }
    </EnquiryForm>
  );
}
