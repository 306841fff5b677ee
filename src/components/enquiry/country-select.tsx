'use client';
/**
 * The country field. The server renders a native <select> (it works without JavaScript and before the
 * script loads); once the visitor comes to the form (a pointer over it, a touch or the focus in it) it becomes
 * the searchable react-select, loaded then. Loaded, evaluated and swapped in at the page's start, it was the
 * longest task after the first paint on / and /contact-us (issue 28, record 046), for a field most visitors
 * never reach. If that code cannot be loaded, the native select simply stays. A control never changes kind under the focus (the element would leave
 * the page and the focus fall to <body>): while the native select has the focus the swap waits for it to
 * leave. `searchable={false}` (the registration page, whose own controls already fill its script budget)
 * keeps the native select for good.
 */
import { startTransition, useEffect, useRef, useState, type ComponentType } from 'react';
import { COUNTRIES } from '../../lib/enquiry/countries';
import { errorId, FieldError, fieldId } from './fields';
import { whenFormIsReached } from './form-reached';
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
  const field = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const native = field.current;
    if (!searchable || !native) return;
    let current = true;
    const stopWaiting = whenFormIsReached(native, () => {
      // a focus taken before the page was interactive, which React did not see: the swap waits for it to leave
      if (native.querySelector('select') === document.activeElement) setNativeFocused(true);
      import('./country-combobox').then(
        // in a transition: React then renders react-select in slices instead of one blocking task (issue 28)
        (module) => current && startTransition(() => setCombobox(() => module.default)),
        () => {}, // the native select stays
      );
    });
    return () => {
      current = false;
      stopWaiting();
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
    <div className={styles.field} ref={field}>
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
