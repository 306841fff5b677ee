'use client';
/**
 * The country field. The server renders a plain field: a text box whose suggestions are the countries' names
 * (a <datalist>), which works without JavaScript and before the script loads; the server reads a name, code or
 * everyday name typed there (`countryCode`). Once the visitor comes to the form (a pointer over it, a touch or
 * the focus in it) it becomes the searchable react-select, loaded then. Loaded, evaluated and swapped in at the
 * page's start, it was the longest task after the first paint on / and /contact-us (issue 28, record 046), for a
 * field most visitors never reach. It is no <select> before that: a select's 250 options were 750 of the 830
 * elements Chromium styled and laid out at the end of the home page's HTML, after its first paint; a datalist's
 * are never rendered. If react-select's code cannot be loaded, the plain field simply stays. A control never
 * changes kind under the focus (the element would leave the page and the focus fall to <body>): while the
 * plain field has the focus the swap waits for it to leave. `searchable={false}` (the registration page,
 * whose own controls already fill its script budget) keeps a native select for good.
 */
import { startTransition, useEffect, useRef, useState, type ComponentType } from 'react';
import { COUNTRIES, COUNTRY_NAMES, countryCode } from '../../lib/enquiry/countries';
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

/**
 * The field before (and without) JavaScript: what is typed, with the countries' names as suggestions. Not
 * controlled: React would write its first (empty) state over what a visitor typed before the page hydrated;
 * the text is read from the element when it is needed.
 */
function PlainCountryField({
  inputId,
  text,
  onTextChange,
  onFocusChange,
  errorId: describedById,
}: Pick<CountryControlProps, 'inputId' | 'errorId'> & {
  text: string;
  onTextChange: (text: string) => void;
  onFocusChange: (focused: boolean) => void;
}) {
  const listId = `${inputId}-names`;
  return (
    <>
      <input
        id={inputId}
        type="text"
        list={listId}
        name="country"
        className={styles.input}
        defaultValue={text}
        onChange={(event) => onTextChange(event.target.value)}
        onFocus={() => onFocusChange(true)}
        onBlur={(event) => {
          onTextChange(event.target.value);
          onFocusChange(false);
        }}
        autoComplete="country-name"
        aria-required="true"
        {...(describedById ? { 'aria-invalid': true, 'aria-describedby': describedById } : {})}
      />
      <datalist id={listId}>
        {COUNTRIES.map((country) => (
          <option key={country.value} value={country.label} />
        ))}
      </datalist>
    </>
  );
}

/** The registration page's field, for good: a native select (never swapped, so no focus to watch). */
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
  // what the field holds: a name (a country kept from a sent form is shown by its name), or what was typed
  const [text, setText] = useState(() =>
    defaultValue ? (COUNTRY_NAMES.get(countryCode(defaultValue) ?? '') ?? defaultValue) : '',
  );
  const [Combobox, setCombobox] = useState<ComponentType<CountryControlProps> | null>(null);
  const [plainFocused, setPlainFocused] = useState(false);
  const field = useRef<HTMLDivElement>(null);
  // a choice made before the page hydrated, which React did not see: the state takes it from the element
  useEffect(() => {
    const control = field.current?.querySelector<HTMLInputElement | HTMLSelectElement>('input, select');
    if (!control?.value) return;
    setText(control instanceof HTMLSelectElement ? (COUNTRY_NAMES.get(control.value) ?? '') : control.value);
  }, []);

  useEffect(() => {
    const plain = field.current;
    if (!searchable || !plain) return;
    let current = true;
    const stopWaiting = whenFormIsReached(plain, () => {
      // a focus taken before the page was interactive, which React did not see: the swap waits for it to leave
      if (plain.querySelector('input') === document.activeElement) setPlainFocused(true);
      import('./country-combobox').then(
        // in a transition: React then renders react-select in slices instead of one blocking task (issue 28)
        (module) => current && startTransition(() => setCombobox(() => module.default)),
        () => {}, // the plain field stays
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
    value: countryCode(text) ?? '',
    onChange: (code) => setText(COUNTRY_NAMES.get(code) ?? ''),
    errorId: error ? errorId(prefix, 'country') : undefined,
  };

  // the searchable field takes over once the plain one has no focus and holds nothing, or a country: text it
  // cannot show (a typo) stays in the plain field with its message, never dropped
  return (
    <div className={styles.field} ref={field}>
      <label className={styles.label} htmlFor={props.inputId}>
        Country
      </label>
      {!searchable ? (
        <NativeCountrySelect {...props} />
      ) : Combobox && !plainFocused && (text.trim() === '' || countryCode(text)) ? (
        <Combobox {...props} />
      ) : (
        <PlainCountryField {...props} text={text} onTextChange={setText} onFocusChange={setPlainFocused} />
      )}
      <FieldError prefix={prefix} name="country" error={error} />
    </div>
  );
}
