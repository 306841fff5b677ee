'use client';
/**
 * The contact form's card on / and /contact-us. Every field is required but the newsletter (record 035); the
 * messages are the spec's.
 * Works without JavaScript (see enquiry-form.tsx).
 */
import { TRAINING_FOR, type EnquiryFields } from '../../lib/enquiry/schema';
import { CountrySelect } from './country-select';
import { EnquiryForm } from './enquiry-form';
import { ChoiceGroup, Field, fieldId } from './fields';
import styles from './enquiry-form.module.css';

const PREFIX = 'enquiry';

/** The text fields before the country, in form order. */
const TEXT_FIELDS = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { name: 'email', label: 'Business email', type: 'email', autoComplete: 'email' },
  { name: 'company', label: 'Company', autoComplete: 'organization' },
  { name: 'jobTitle', label: 'Job title', autoComplete: 'organization-title' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
] as const;

/** `providerName` (from the server's settings) is who the visitor subscribes to and consents to. */
export function ContactFormCard({
  token,
  initialValues,
  providerName,
}: {
  token: string;
  initialValues: EnquiryFields;
  providerName: string;
}) {
  // The page around it gives the heading ('Send us an enquiry'); this is the card below it.
  return (
    <EnquiryForm
      kind="contact"
      token={token}
      initialValues={initialValues}
      anchor="enquiry-form"
      idPrefix={PREFIX}
      look="card"
      intro={<p className={styles.intro}>All fields are required except the newsletter.</p>}
      summaryTargets={{ trainingFor: fieldId(PREFIX, 'trainingFor-myself') }}
      sent="Your enquiry has arrived."
      sentDetail={(reference) => (
        <p>
          Your reference is <strong>{reference}</strong>. Our team will reply to you by email. The form below is ready
          if you want to send another enquiry.
        </p>
      )}
      submitLabel="Send enquiry"
    >
      {({ errors, values }) => {
        const field = (name: string) => ({ prefix: PREFIX, name, error: errors[name], value: values[name] });
        return (
          <>
            {TEXT_FIELDS.map((text) => (
              <Field key={text.name} {...text} {...field(text.name)} />
            ))}
            <CountrySelect
              prefix={PREFIX}
              error={errors.country}
              defaultValue={typeof values.country === 'string' ? values.country : undefined}
            />
            <ChoiceGroup
              prefix={PREFIX}
              name="trainingFor"
              legend="Training for"
              options={TRAINING_FOR}
              error={errors.trainingFor}
              value={typeof values.trainingFor === 'string' ? values.trainingFor : undefined}
            />
            <Field {...field('message')} label="Message" type="textarea" />
            <Field
              {...field('subscribe')}
              type="checkbox"
              optional
              label={`Subscribe me to the ${providerName} newsletter about upcoming courses`}
            />
            <Field
              {...field('consent')}
              type="checkbox"
              label={`I agree that ${providerName} may store these details and use them to answer my enquiry`}
            />
          </>
        );
      }}
    </EnquiryForm>
  );
}
