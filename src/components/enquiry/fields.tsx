/**
 * The pieces the enquiry forms are built from. Errors sit under their field in red with an icon, are tied
 * to it with aria-describedby and marked with aria-invalid; nothing relies on colour alone.
 */
import type { MouseEvent, ReactNode, RefObject } from 'react';
import styles from './enquiry-form.module.css';

export function fieldId(prefix: string, name: string): string {
  return `${prefix}-${name}`;
}

export function errorId(prefix: string, name: string): string {
  return `${prefix}-${name}-error`;
}

function hintId(prefix: string, name: string): string {
  return `${prefix}-${name}-hint`;
}

/** aria props for a control whose error (if any) is shown by `<FieldError>`, and its hint if it has one. */
function describedBy(prefix: string, name: string, error: string | undefined, hasHint = false) {
  const ids = [hasHint ? hintId(prefix, name) : '', error ? errorId(prefix, name) : ''].filter(Boolean).join(' ');
  return {
    ...(error ? { 'aria-invalid': true as const } : {}),
    ...(ids ? { 'aria-describedby': ids } : {}),
  };
}

export function ErrorIcon() {
  return (
    <svg className={styles.errorIcon} viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <rect x="9" y="4.5" width="2" height="7" rx="1" fill="#fff" />
      <circle cx="10" cy="14.5" r="1.25" fill="#fff" />
    </svg>
  );
}

export function FieldError({ prefix, name, error }: { prefix: string; name: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={errorId(prefix, name)} className={styles.fieldError}>
      <ErrorIcon />
      <span>{error}</span>
    </p>
  );
}

type FieldProps = {
  prefix: string;
  name: string;
  label: ReactNode;
  error: string | undefined;
  /** What the field starts with: text, or whether a checkbox is ticked. */
  value: string | boolean | undefined;
  type?: 'text' | 'email' | 'tel' | 'textarea' | 'checkbox';
  autoComplete?: string;
  /** A line under the label, read with the field. */
  hint?: string;
  /** May be left empty or unticked (the newsletter box); every other field is required. */
  optional?: boolean | undefined;
  /** Across the whole row of the form's grid (a textarea always is). */
  wide?: boolean | undefined;
};

/** One field of an enquiry form, every kind of them: its label, hint, control and error, tied together. */
export function Field({
  prefix,
  name,
  label,
  error,
  value,
  type = 'text',
  autoComplete,
  hint,
  optional,
  wide,
}: FieldProps) {
  const id = fieldId(prefix, name);
  const aria = {
    ...(optional ? {} : { 'aria-required': 'true' as const }),
    ...describedBy(prefix, name, error, Boolean(hint)),
  };
  const text = typeof value === 'string' ? value : undefined;
  const fieldError = <FieldError prefix={prefix} name={name} error={error} />;
  if (type === 'checkbox') {
    return (
      <div className={`${styles.field} ${styles.wide}`}>
        <div className={styles.checkbox}>
          <input
            id={id}
            name={name}
            type="checkbox"
            value="yes"
            className={styles.checkboxInput}
            defaultChecked={value === true}
            {...aria}
          />
          <label htmlFor={id}>{label}</label>
        </div>
        {fieldError}
      </div>
    );
  }
  return (
    <div className={type === 'textarea' || wide ? `${styles.field} ${styles.wide}` : styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p id={hintId(prefix, name)} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {type === 'textarea' ? (
        <textarea
          id={id}
          name={name}
          rows={4}
          className={`${styles.input} ${styles.textarea}`}
          defaultValue={text}
          {...aria}
        />
      ) : (
        <input
          id={id}
          name={name}
          type={type}
          className={styles.input}
          defaultValue={text}
          autoComplete={autoComplete}
          inputMode={type === 'text' ? undefined : type}
          spellCheck={type === 'text' ? undefined : false}
          {...aria}
        />
      )}
      {fieldError}
    </div>
  );
}

/**
 * A required choice of one: native radios in a radiogroup. The error sits after the group (a radiogroup
 * may hold only radios and their labels) and every radio carries it, so it is read on whichever radio the
 * visitor lands. The summary's link for it goes to the first radio (`${prefix}-${name}-${first value}`).
 */
export function ChoiceGroup({
  prefix,
  name,
  legend,
  options,
  error,
  value,
  wide,
}: {
  prefix: string;
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  error: string | undefined;
  value: string | undefined;
  wide?: boolean;
}) {
  const legendId = fieldId(prefix, `${name}-legend`);
  return (
    <div className={wide ? `${styles.field} ${styles.wide}` : styles.field}>
      <fieldset
        className={`${styles.field} ${styles.choices}`}
        role="radiogroup"
        aria-labelledby={legendId}
        aria-required="true"
      >
        <legend id={legendId} className={styles.label}>
          {legend}
        </legend>
        <div className={styles.choiceRow}>
          {options.map((option) => (
            <div className={styles.choice} key={option.value}>
              <input
                id={fieldId(prefix, `${name}-${option.value}`)}
                type="radio"
                name={name}
                value={option.value}
                className={styles.radio}
                defaultChecked={value === option.value}
                {...describedBy(prefix, name, error)}
              />
              <label htmlFor={fieldId(prefix, `${name}-${option.value}`)}>{option.label}</label>
            </div>
          ))}
        </div>
      </fieldset>
      <FieldError prefix={prefix} name={name} error={error} />
    </div>
  );
}

/** The list of errors at the top of the form, each a link to its field (focused when the send is refused). */
export function ErrorSummary({
  prefix,
  errors,
  order,
  targets,
  summaryRef,
}: {
  prefix: string;
  errors: Record<string, string>;
  order: readonly string[];
  /** Field → id of the control to focus, when it is not `${prefix}-${field}` (radio groups). */
  targets?: Record<string, string>;
  summaryRef: RefObject<HTMLDivElement | null>;
}) {
  const listed = order.filter((field) => errors[field]);
  if (listed.length === 0) return null;
  const titleId = `${prefix}-summary-title`;
  const jump = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.closest(`.${styles.field}`)?.scrollIntoView({ block: 'center' });
  };
  return (
    <div ref={summaryRef} className={styles.summary} tabIndex={-1} role="group" aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.summaryTitle}>
        <ErrorIcon />
        {listed.length === 1 ? 'Please correct 1 field' : `Please correct ${listed.length} fields`}
      </h3>
      <ul className={styles.summaryList}>
        {listed.map((field) => {
          const id = targets?.[field] ?? fieldId(prefix, field);
          return (
            <li key={field}>
              <a href={`#${id}`} onClick={(event) => jump(event, id)}>
                {errors[field]}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
