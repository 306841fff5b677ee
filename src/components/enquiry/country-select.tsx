'use client';
/**
 * The country field. The server renders a native <select> (it works without JavaScript and before the
 * script loads); once the page is interactive it becomes the searchable react-select, loaded on demand,
 * so the select's code is fetched only where the contact form is shown. If that code cannot be loaded,
 * the native select simply stays. With `upgrade="on-focus"` (the registration page, whose own controls
 * already fill its script budget) the searchable select is fetched when the visitor first reaches the field,
 * and takes the focus over from the native one.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { COUNTRIES } from '../../lib/enquiry/countries';
import { errorId, FieldError, fieldId } from './fields';
import styles from './enquiry-form.module.css';

type CountryControlProps = {
  /** Take the focus when it appears (it replaces the native select the visitor is on). */
  autoFocus?: boolean;
  inputId: string;
  instanceId: string;
  value: string;
  onChange: (value: string) => void;
  errorId: string | undefined;
};

function NativeCountrySelect({
  inputId,
  value,
  onChange,
  onFocus,
  errorId: describedById,
}: CountryControlProps & { onFocus?: (() => void) | undefined }) {
  return (
    <select
      id={inputId}
      onFocus={onFocus}
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
  upgrade = 'at-once',
}: {
  prefix: string;
  error: string | undefined;
  defaultValue: string | undefined;
  upgrade?: 'at-once' | 'on-focus';
}) {
  const [value, setValue] = useState(defaultValue ?? '');
  const [hydrated, setHydrated] = useState(false);
  const [wanted, setWanted] = useState(upgrade === 'at-once');
  useEffect(() => setHydrated(true), []);
  const interactive = hydrated && wanted;

  const props: CountryControlProps = {
    inputId: fieldId(prefix, 'country'),
    instanceId: `${prefix}-country-select`,
    value,
    onChange: setValue,
    errorId: error ? errorId(prefix, 'country') : undefined,
  };
  const native = <NativeCountrySelect {...props} onFocus={wanted ? undefined : () => setWanted(true)} />;

  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={props.inputId}>
        Country
      </label>
      {interactive ? (
        <Suspense fallback={native}>
          <CountryCombobox {...props} autoFocus={upgrade === 'on-focus'} />
        </Suspense>
      ) : (
        native
      )}
      <FieldError prefix={prefix} name="country" error={error} />
    </div>
  );
}
