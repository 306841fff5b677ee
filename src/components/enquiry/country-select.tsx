'use client';
/**
 * The country field. The server renders a native <select> (it works without JavaScript and before the
 * script loads); once the page is interactive it becomes the searchable react-select, loaded on demand,
 * so the select's code is fetched only where the contact form is shown. If that code cannot be loaded,
 * the native select simply stays. A control never changes kind under the focus (the element would leave
 * the page and the focus fall to <body>): while the native select has the focus the swap waits for it to
 * leave. `searchable={false}` (the registration page, whose own controls already fill its script budget)
 * keeps the native select for good.
 */
import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { COUNTRIES } from '../../lib/enquiry/countries';
import { errorId, FieldError, fieldId } from './fields';
import styles from './enquiry-form.module.css';

export type CountryControlProps = {
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
  onFocusChange,
  errorId: describedById,
}: CountryControlProps & { onFocusChange: (focused: boolean) => void }) {
  return (
    <select
      id={inputId}
      onFocus={() => onFocusChange(true)}
      onBlur={() => onFocusChange(false)}
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

export function CountrySelect({
  prefix,
  error,
  defaultValue,
  searchable = true,
}: {
  prefix: string;
  error: string | undefined;
  defaultValue: string | undefined;
  searchable?: boolean;
}) {
  const [value, setValue] = useState(defaultValue ?? '');
  const [Combobox, setCombobox] = useState<ComponentType<CountryControlProps> | null>(null);
  const [nativeFocused, setNativeFocused] = useState(false);
  useEffect(() => {
    if (!searchable) return;
    let current = true;
    import('./country-combobox').then(
      // in a transition: React then renders react-select in slices instead of one blocking task (issue 28)
      (module) => current && startTransition(() => setCombobox(() => module.default)),
      () => {}, // the native select stays
    );
    return () => {
      current = false;
    };
  }, [searchable]);

  const props: CountryControlProps = {
    inputId: fieldId(prefix, 'country'),
    instanceId: `${prefix}-country-select`,
    value,
    onChange: setValue,
    errorId: error ? errorId(prefix, 'country') : undefined,
  };

  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={props.inputId}>
        Country
      </label>
      {Combobox && !nativeFocused ? (
        <Combobox {...props} />
      ) : (
        <NativeCountrySelect {...props} onFocusChange={setNativeFocused} />
      )}
      <FieldError prefix={prefix} name="country" error={error} />
    </div>
  );
}
