'use client';
/**
 * The country field. The server renders a native <select> (it works without JavaScript and before the
 * script loads); once the page is interactive it becomes the searchable react-select, loaded on demand,
 * so the select's code is fetched only where the contact form is shown. If that code cannot be loaded,
 * the native select simply stays.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { COUNTRIES } from '../../lib/enquiry/countries';
import { errorId, FieldError, fieldId } from './fields';
import styles from './enquiry-form.module.css';

type CountryControlProps = {
  inputId: string;
  instanceId: string;
  value: string;
  onChange: (value: string) => void;
  errorId: string | undefined;
};

function NativeCountrySelect({ inputId, value, onChange, errorId: describedById }: CountryControlProps) {
  return (
    <select
      id={inputId}
      name="country"
      className={`${styles.input} ${styles.select}`}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete="country"
      aria-required="true"
      {...(describedById ? { 'aria-invalid': true, 'aria-describedby': describedById } : {})}
    >
      <option value="">Select...</option>
      {COUNTRIES.map((country) => (
        <option key={country.value} value={country.value}>
          {country.label}
        </option>
      ))}
    </select>
  );
}

const CountryCombobox = lazy(() => import('./country-combobox').catch(() => ({ default: NativeCountrySelect })));

export function CountrySelect({
  prefix,
  error,
  defaultValue,
}: {
  prefix: string;
  error: string | undefined;
  defaultValue: string | undefined;
}) {
  const [value, setValue] = useState(defaultValue ?? '');
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);

  const props: CountryControlProps = {
    inputId: fieldId(prefix, 'country'),
    instanceId: `${prefix}-country-select`,
    value,
    onChange: setValue,
    errorId: error ? errorId(prefix, 'country') : undefined,
  };
  const native = <NativeCountrySelect {...props} />;

  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={props.inputId}>
        Country
      </label>
      {interactive ? (
        <Suspense fallback={native}>
          <CountryCombobox {...props} />
        </Suspense>
      ) : (
        native
      )}
      <FieldError prefix={prefix} name="country" error={error} />
    </div>
  );
}
