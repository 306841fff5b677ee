'use client';
/**
 * The contact form (site-spec sections 3, 5 and 9) on / and /contact-us. Every field is required; the
 * messages are the spec's. Works without JavaScript (see use-enquiry-form.ts).
 */
import { sendContactEnquiry } from '../../lib/enquiry/actions';
import { CONTACT_FIELDS, type EnquiryFields } from '../../lib/enquiry/schema';
import { buttonClassName } from '../ui/button-link';
import { CountrySelect } from './country-select';
import {
  CheckboxField,
  describedBy,
  ErrorSummary,
  FieldError,
  fieldId,
  FormNotice,
  HiddenFields,
  SentConfirmation,
  SubmitButton,
  TextAreaField,
  TextField,
} from './form-parts';
import { useEnquiryForm } from './use-enquiry-form';
import styles from './enquiry-form.module.css';

const PREFIX = 'enquiry';
export const CONTACT_FORM_ANCHOR = 'enquiry-form';

const TRAINING_FOR = [
  { value: 'myself', label: 'Myself' },
  { value: 'team', label: 'My team' },
] as const;

function text(values: EnquiryFields, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

/** `providerName` (from the server's settings) is who the visitor subscribes to and consents to. */
export function ContactForm({
  token,
  initialValues,
  providerName,
}: {
  token: string;
  initialValues: EnquiryFields;
  providerName: string;
}) {
  const form = useEnquiryForm({
    kind: 'contact',
    action: sendContactEnquiry,
    token,
    initialValues,
    permalink: `#${CONTACT_FORM_ANCHOR}`,
    idPrefix: PREFIX,
  });
  const { state, pending } = form;
  const { errors, values } = state;

  // The page around it gives the heading ('Send us an enquiry'); this is the card below it.
  return (
    <div className={styles.panel} id={CONTACT_FORM_ANCHOR}>
      <p className={styles.intro}>All fields are required.</p>

      {state.status === 'sent' ? (
        <SentConfirmation
          confirmationRef={form.confirmationRef}
          title={
            state.name ? `Thank you, ${state.name}. Your enquiry has arrived.` : 'Thank you. Your enquiry has arrived.'
          }
        >
          <p>
            Your reference is <strong>{state.reference}</strong>. Our team will reply to you by email. The form below is
            ready if you want to send another enquiry.
          </p>
        </SentConfirmation>
      ) : null}

      <form className={styles.form} action={form.formAction} onSubmit={form.onSubmit} noValidate>
        <ErrorSummary
          prefix={PREFIX}
          errors={errors}
          order={CONTACT_FIELDS}
          targets={{ trainingFor: fieldId(PREFIX, 'trainingFor-myself') }}
          summaryRef={form.summaryRef}
        />
        <HiddenFields token={state.token} />
        <div className={styles.grid} key={form.generation}>
          <TextField
            prefix={PREFIX}
            name="firstName"
            label="First name"
            autoComplete="given-name"
            error={errors.firstName}
            defaultValue={text(values, 'firstName')}
          />
          <TextField
            prefix={PREFIX}
            name="lastName"
            label="Last name"
            autoComplete="family-name"
            error={errors.lastName}
            defaultValue={text(values, 'lastName')}
          />
          <TextField
            prefix={PREFIX}
            name="email"
            label="Business email"
            type="email"
            inputMode="email"
            autoComplete="email"
            error={errors.email}
            defaultValue={text(values, 'email')}
          />
          <TextField
            prefix={PREFIX}
            name="company"
            label="Company"
            autoComplete="organization"
            error={errors.company}
            defaultValue={text(values, 'company')}
          />
          <TextField
            prefix={PREFIX}
            name="jobTitle"
            label="Job title"
            autoComplete="organization-title"
            error={errors.jobTitle}
            defaultValue={text(values, 'jobTitle')}
          />
          <TextField
            prefix={PREFIX}
            name="phone"
            label="Phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            error={errors.phone}
            defaultValue={text(values, 'phone')}
          />
          <CountrySelect prefix={PREFIX} error={errors.country} defaultValue={text(values, 'country')} />

          <fieldset
            className={`${styles.field} ${styles.choices}`}
            role="radiogroup"
            aria-labelledby={fieldId(PREFIX, 'trainingFor-legend')}
            aria-required="true"
          >
            <legend id={fieldId(PREFIX, 'trainingFor-legend')} className={styles.label}>
              Training for
            </legend>
            <div className={styles.choiceRow}>
              {TRAINING_FOR.map((option) => (
                <div className={styles.choice} key={option.value}>
                  <input
                    id={fieldId(PREFIX, `trainingFor-${option.value}`)}
                    type="radio"
                    name="trainingFor"
                    value={option.value}
                    className={styles.radio}
                    defaultChecked={values.trainingFor === option.value}
                    {...describedBy(PREFIX, 'trainingFor', errors.trainingFor)}
                  />
                  <label htmlFor={fieldId(PREFIX, `trainingFor-${option.value}`)}>{option.label}</label>
                </div>
              ))}
            </div>
            <FieldError prefix={PREFIX} name="trainingFor" error={errors.trainingFor} />
          </fieldset>

          <TextAreaField
            prefix={PREFIX}
            name="message"
            label="Message"
            rows={4}
            error={errors.message}
            defaultValue={text(values, 'message')}
          />

          <CheckboxField
            prefix={PREFIX}
            name="subscribe"
            error={errors.subscribe}
            defaultChecked={values.subscribe === true}
          >
            Subscribe me to the {providerName} newsletter about upcoming courses
          </CheckboxField>
          <CheckboxField prefix={PREFIX} name="consent" error={errors.consent} defaultChecked={values.consent === true}>
            I agree that {providerName} may store these details and use them to answer my enquiry
          </CheckboxField>
        </div>

        <FormNotice notice={state.notice} noticeRef={form.noticeRef} />
        <div className={styles.actions}>
          <SubmitButton
            pending={pending}
            label="Send enquiry"
            className={`${buttonClassName('primary')} ${styles.submit}`}
          />
        </div>
      </form>
    </div>
  );
}
