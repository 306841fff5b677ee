'use client';
/**
 * The registration form for one session: the person booking, the company, how many delegates and who
 * each is, who pays, a purchase order, a message and the consent. Built on the enquiry forms' one answer
 * path (EnquiryForm: token, honeypot, summary, answer, with and without JavaScript; once sent, the
 * RegistrationConfirmation in the form's place) and their shared fields (text, who pays, the consent), with
 * react-aria-components where a native control falls short: the number of delegates (NumberField, in
 * delegate-count-number-field.tsx). The errors are the server's (or the shared schema's, before sending),
 * shown under each field and tied to it.
 *
 * The text fields and the consent are not react-aria's TextField and Checkbox: each of those renders an
 * `aria-describedby` naming two slots (a description, an error) that the server's HTML does not have, and
 * corrects it with a state change in a layout effect. React then rendered the whole form a second time
 * inside the commit of the page's hydration: the one task on /register still over 50 ms on Lighthouse's
 * phone (record 046).
 *
 * Without JavaScript the number of delegates is a native <select> with a "Continue" button that asks the
 * server for the form again with that many delegate blocks (react-aria's NumberField keeps its value in a
 * hidden input that only its script updates, so it cannot be sent from a page without JavaScript). Once the
 * page is interactive the blocks follow the select as it changes; once the visitor has come to the form (its
 * code is loaded then, record 046) and the focus is not on it, the select becomes the NumberField. A live
 * region says how many delegate blocks the form now has.
 */
import { startTransition, useEffect, useRef, useState, type ComponentType } from 'react';
import {
  DELEGATE_COUNT_FIELD,
  delegateCount,
  delegateField,
  INTENT_FIELD,
  MAX_DELEGATES,
  PAYERS,
  SESSION_FIELD,
  type EnquiryFormState,
} from '../../lib/enquiry/schema';
import { formatFee } from '../../lib/format';
import { CountrySelect } from '../enquiry/country-select';
import { EnquiryForm } from '../enquiry/enquiry-form';
import { RegistrationConfirmation } from './registration-confirmation';
import { ChoiceGroup, Field, FieldError, fieldId } from '../enquiry/fields';
import { whenFormIsReached } from '../enquiry/form-reached';
import type { DelegateCountControlProps } from './delegate-count-number-field';
import { buttonClassName } from '../ui/button-link';
import formStyles from '../enquiry/enquiry-form.module.css';
import styles from './registration-form.module.css';

const PREFIX = 'registration';

type TextProps = {
  name: string;
  label: string;
  state: EnquiryFormState;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  optional?: boolean;
  multiline?: boolean;
  wide?: boolean;
};

/** One text field: the enquiry forms' shared Field, with "(optional)" in its label where it may stay empty. */
function RegistrationText({ name, label, state, type = 'text', autoComplete, optional, multiline, wide }: TextProps) {
  return (
    <Field
      prefix={PREFIX}
      name={name}
      label={
        optional ? (
          <>
            {label}
            <span className={styles.optional}> (optional)</span>
          </>
        ) : (
          label
        )
      }
      error={state.errors[name]}
      value={state.values[name]}
      type={multiline ? 'textarea' : type}
      autoComplete={autoComplete}
      optional={optional}
      wide={wide}
    />
  );
}

function DelegateBlock({ number, state }: { number: number; state: EnquiryFormState }) {
  const legendId = fieldId(PREFIX, `delegate${number}-legend`);
  return (
    <fieldset className={`${formStyles.wide} ${styles.delegate}`} aria-labelledby={legendId}>
      <legend id={legendId} className={styles.delegateLegend}>
        Delegate {number}
      </legend>
      <div className={formStyles.grid}>
        <RegistrationText name={delegateField(number, 'name')} label="Full name" state={state} autoComplete="off" />
        <RegistrationText name={delegateField(number, 'jobTitle')} label="Job title" state={state} autoComplete="off" />
        <RegistrationText
          name={delegateField(number, 'email')}
          label="Business email"
          type="email"
          state={state}
          autoComplete="off"
          wide
        />
      </div>
    </fieldset>
  );
}

function DelegateCountField({
  state,
  count,
  onChange,
}: {
  state: EnquiryFormState;
  count: number;
  onChange: (count: number) => void;
}) {
  // Only this field changes kind, once the visitor has come to the form, so only it renders again (in a
  // transition: a blocking render of the whole form was a long task). Never under the focus: while the select
  // or its Continue button has it (a phone's picker may be open), the swap waits for it to leave the field.
  const [NumberControl, setNumberControl] = useState<ComponentType<DelegateCountControlProps> | null>(null);
  const [nativeFocused, setNativeFocused] = useState(false);
  const nativeField = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const native = nativeField.current;
    if (!native) return;
    let current = true;
    const stopWaiting = whenFormIsReached(native, () => {
      // a focus taken or a number chosen before the page was interactive, which React did not see
      if (native.contains(document.activeElement)) setNativeFocused(true);
      const picked = Number(native.querySelector('select')?.value);
      if (picked && picked !== count) onChange(picked);
      import('./delegate-count-number-field').then(
        (module) => current && startTransition(() => setNumberControl(() => module.default)),
        () => {}, // the native select and its Continue button stay, and keep working
      );
    });
    return () => {
      current = false;
      stopWaiting();
    };
    // once: the count as it was before the page was interactive
  }, []);
  const error = state.errors[DELEGATE_COUNT_FIELD];
  const id = fieldId(PREFIX, DELEGATE_COUNT_FIELD);
  const hintId = fieldId(PREFIX, `${DELEGATE_COUNT_FIELD}-hint`);
  const described = [hintId, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  if (!NumberControl || nativeFocused) {
    return (
      <div
        className={formStyles.field}
        ref={nativeField}
        onFocus={() => setNativeFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setNativeFocused(false);
        }}
      >
        <label className={formStyles.label} htmlFor={id}>
          Number of delegates
        </label>
        <p id={hintId} className={formStyles.hint}>
          From 1 to {MAX_DELEGATES}. After changing it, choose Continue to get a block for each delegate.
        </p>
        <div className={styles.countRow}>
          <select
            id={id}
            name={DELEGATE_COUNT_FIELD}
            className={`${formStyles.input} ${formStyles.select} ${styles.countSelect}`}
            defaultValue={String(count)}
            aria-describedby={described}
            aria-invalid={error ? true : undefined}
            // with JavaScript the blocks follow the select at once
            onChange={(event) => onChange(Number(event.target.value))}
          >
            {Array.from({ length: MAX_DELEGATES }, (_, index) => (
              <option key={index} value={index + 1}>
                {index + 1}
              </option>
            ))}
          </select>
          <button
            type="submit"
            name={INTENT_FIELD}
            value="update"
            formNoValidate
            className={buttonClassName('outline')}
            // with JavaScript the form's own submit would check every field; the blocks are here already
            onClick={(event) => event.preventDefault()}
          >
            Continue
          </button>
        </div>
        <FieldError prefix={PREFIX} name={DELEGATE_COUNT_FIELD} error={error} />
      </div>
    );
  }
  return (
    <NumberControl
      prefix={PREFIX}
      id={id}
      hintId={hintId}
      describedBy={described}
      error={error}
      count={count}
      onChange={onChange}
    />
  );
}

function ConsentField({ state, providerName }: { state: EnquiryFormState; providerName: string }) {
  return (
    <Field
      prefix={PREFIX}
      name="consent"
      type="checkbox"
      label={`I agree that ${providerName} may store these details and use them to handle this registration`}
      error={state.errors.consent}
      value={state.values.consent}
    />
  );
}

export function RegistrationForm({
  token,
  session,
  providerName,
}: {
  token: string;
  session: { ref: string; feeUsd: number };
  providerName: string;
}) {
  // the JavaScript path's own count; without JavaScript it comes from the server's answer
  const [chosen, setChosen] = useState<number | undefined>(undefined);

  return (
    <EnquiryForm
      kind="registration"
      token={token}
      anchor="registration-form"
      idPrefix={PREFIX}
      look="card"
      hidden={{ [SESSION_FIELD]: session.ref }}
      intro={<p className={formStyles.intro}>All fields are required unless marked optional.</p>}
      summaryTargets={{ payer: fieldId(PREFIX, `payer-${PAYERS[0].value}`) }}
      // the form gives way to the confirmation: left below it, it invited a second booking (issue 29)
      confirmation={(sent, headingRef) =>
        sent.booking ? (
          <RegistrationConfirmation
            reference={sent.reference}
            name={sent.name}
            booking={sent.booking}
            headingRef={headingRef}
          />
        ) : null
      }
      submitLabel="Register"
    >
      {(state) => {
        const count = chosen ?? delegateCount(state.values[DELEGATE_COUNT_FIELD]);
        const total = formatFee(Math.round(session.feeUsd * count * 100) / 100);
        return (
          <>
            <h3 className={`${formStyles.wide} ${styles.groupHeading}`}>You, booking</h3>
            <RegistrationText name="name" label="Your full name" state={state} autoComplete="name" />
            <RegistrationText name="email" label="Business email" type="email" state={state} autoComplete="email" />
            <RegistrationText name="phone" label="Phone" type="tel" state={state} autoComplete="tel" />
            <CountrySelect
              prefix={PREFIX}
              error={state.errors.country}
              defaultValue={typeof state.values.country === 'string' ? state.values.country : undefined}
              searchable={false}
            />
            <RegistrationText name="company" label="Company" state={state} autoComplete="organization" wide />
            <h3 className={`${formStyles.wide} ${styles.groupHeading}`}>Delegates</h3>
            <DelegateCountField state={state} count={count} onChange={setChosen} />
            {/* The total is heard once, as one sentence. React changes each piece of the visible line (the
                number, the plural "s", the sum) as a separate text node, and a screen reader reads the line again
                for each, so the visible line is hidden from it and a live region holding the sentence as one text
                node speaks instead. */}
            <p className={styles.total} aria-hidden="true">
              <span>
                {count} delegate{count === 1 ? '' : 's'} × {formatFee(session.feeUsd)} ={' '}
              </span>
              <strong>Total {total}</strong>
            </p>
            <p className="visually-hidden" aria-live="polite" aria-atomic="true">
              {`${count} delegate${count === 1 ? '' : 's'} × ${formatFee(session.feeUsd)} = Total ${total}`}
            </p>
            {Array.from({ length: count }, (_, index) => (
              <DelegateBlock key={index + 1} number={index + 1} state={state} />
            ))}
            <h3 className={`${formStyles.wide} ${styles.groupHeading}`}>Payment</h3>
            <ChoiceGroup
              prefix={PREFIX}
              name="payer"
              legend="Who pays"
              options={PAYERS}
              error={state.errors.payer}
              value={typeof state.values.payer === 'string' ? state.values.payer : undefined}
              wide
            />
            <RegistrationText name="poNumber" label="Purchase order number" state={state} optional />
            <RegistrationText name="message" label="Message" state={state} optional multiline />
            <ConsentField state={state} providerName={providerName} />
          </>
        );
      }}
    </EnquiryForm>
  );
}
