'use client';
/**
 * The one answer path of the three enquiry forms: the form, its hidden fields, and what it shows after each
 * answer (error summary, refusal notice, confirmation), around the fields a form gives it.
 *
 * Without JavaScript the `<form>` posts to the page itself (React renders the server action as the form's
 * target; `useActionState` gets the server's answer back in the HTML). With JavaScript the submit is taken
 * over: the shared schema checks the fields first (nothing is sent while any is invalid), then the server
 * action is called directly, so a failure (server refusal, network error, 413 from the body limit) becomes
 * a message beside a form that still holds what was typed instead of an error page. Focus then moves to
 * what the answer says, so keyboard and screen-reader users hear it.
 *
 * Once errors are shown, each change and each field left checks the form again: a field that has become valid
 * loses its message (and its place in the summary) at once, and a polite live region says how many are left.
 * A field never gains a message this way: a visitor still typing is not told off before they send.
 */
import {
  useActionState,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
} from 'react';
import { sendEnquiry } from '../../lib/enquiry-form/actions';
import {
  CONTEXT_FIELD,
  DELEGATE_COUNT_FIELD,
  formFields,
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
  KIND_FIELD,
  MAX_DELEGATES,
  readFormInput,
  typedValues,
  validateEnquiry,
  type EnquiryFields,
  type EnquiryFormState,
  type FieldErrors,
  type EnquiryKind,
} from '../../lib/enquiry/schema';
import { CheckCircleIcon } from '../layout/icons';
import { buttonClassName } from '../ui/button-link';
import { ErrorIcon, ErrorSummary } from './fields';
import styles from './enquiry-form.module.css';

const NETWORK_MESSAGE =
  'We could not reach our server, so your enquiry was not sent. Your details are still here: please check your connection and try again.';
const TOO_LARGE_MESSAGE = 'Your enquiry is too large to send. Please shorten the message and try again.';

function failureMessage(error: unknown): string {
  const digest = (error as { digest?: unknown } | null)?.digest;
  const status = typeof digest === 'string' ? /"status":(\d+)/.exec(digest)?.[1] : undefined;
  return status === '413' ? TOO_LARGE_MESSAGE : NETWORK_MESSAGE;
}

/** The contact page's card, or the sidebar's small box. */
const LOOKS = {
  card: { box: styles.panel, form: styles.form, fields: styles.grid, submit: styles.submit },
  box: { box: styles.box, form: styles.boxForm, fields: styles.stack, submit: styles.boxSubmit },
};

/**
 * What a sent form shows: a thank-you above the form, which stays for another enquiry (`sent`, `sentDetail`),
 * or a confirmation in the form's place (`confirmation`: a booking, which must not invite a second one). The
 * confirmation's heading takes the focus (it gets `headingRef` and tabIndex -1), inside a role=status as the
 * thank-you is, so it is heard where it appears.
 */
type SentView =
  | {
      /** The thank-you after "Thank you, <name>." and what follows it. */
      sent: string;
      sentDetail: (reference: string | undefined) => ReactNode;
      confirmation?: never;
    }
  | {
      confirmation: (state: EnquiryFormState, headingRef: RefObject<HTMLHeadingElement | null>) => ReactNode;
      sent?: never;
      sentDetail?: never;
    };

export function EnquiryForm(
  props: SentView & {
    kind: EnquiryKind;
    token: string;
    initialValues?: EnquiryFields;
    /** The course a sidebar form is about. */
    context?: string | undefined;
    /** More hidden fields (a registration's session reference). */
    hidden?: Record<string, string>;
    /** The form box's id: where the browser lands after a plain (no-JavaScript) post. */
    anchor: string;
    /** Prefix of the field ids (`${idPrefix}-${field}`). */
    idPrefix: string;
    look: keyof typeof LOOKS;
    /** Above the form: always (`intro`), or until it is sent (`hint`). */
    intro?: ReactNode;
    hint?: string | undefined;
    /** The error summary above the fields (long forms), with the ids of controls not named `${idPrefix}-${field}`. */
    summaryTargets?: Record<string, string>;
    submitLabel: string;
    children: (state: EnquiryFormState) => ReactNode;
  },
) {
  const { kind, idPrefix } = props;
  const look = LOOKS[props.look];
  const initial: EnquiryFormState = {
    status: 'idle',
    token: props.token,
    values: props.initialValues ?? {},
    errors: {},
  };
  const [serverState, formAction] = useActionState(sendEnquiry, initial, `#${props.anchor}`);
  const [answer, setAnswer] = useState<{ state: EnquiryFormState } | null>(null);
  const answered = answer?.state ?? serverState;
  // the answer's errors as the visitor has corrected them since (kept beside the answer they belong to)
  const [corrected, setCorrected] = useState<{ of: EnquiryFormState; errors: FieldErrors } | null>(null);
  const state = corrected?.of === answered ? { ...answered, errors: corrected.errors } : answered;
  const [remaining, setRemaining] = useState('');
  const [pending, setPending] = useState(false);
  const [generation, setGeneration] = useState(0); // after each send: the fields start empty again
  const busy = useRef(false);
  const summaryRef = useRef<HTMLDivElement | null>(null);
  const confirmationRef = useRef<HTMLDivElement | null>(null);
  const confirmationHeadingRef = useRef<HTMLHeadingElement | null>(null);
  const noticeRef = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    if (!answer) return;
    const { status, errors } = answer.state;
    if (status === 'invalid') {
      const first = formFields(kind, String(MAX_DELEGATES)).find((field) => errors[field]);
      (summaryRef.current ?? document.getElementById(`${idPrefix}-${first}`))?.focus();
    } else if (status === 'sent') {
      (confirmationHeadingRef.current ?? confirmationRef.current)?.focus();
    } else {
      noticeRef.current?.focus();
    }
  }, [answer, kind, idPrefix]);

  // checks the form again: a message already shown goes once its field is valid (on each change) and says
  // what is still wrong when the field is left (so a message does not change under every key typed)
  const recheck = (event: SyntheticEvent<HTMLFormElement>, left: boolean) => {
    const shown = Object.keys(state.errors);
    if (shown.length === 0) return;
    const formData = new FormData(event.currentTarget);
    const fields = formFields(kind, formData.get(DELEGATE_COUNT_FIELD));
    const validation = validateEnquiry(kind, readFormInput(formData, fields));
    const now = validation.ok ? {} : validation.errors;
    const errors: FieldErrors = {};
    for (const field of shown)
      if (now[field] && fields.includes(field)) errors[field] = left ? now[field] : state.errors[field]!;
    const count = Object.keys(errors).length;
    if (count === shown.length && shown.every((field) => errors[field] === state.errors[field])) return;
    setCorrected({ of: answered, errors });
    if (count < shown.length)
      setRemaining(
        count === 0 ? 'All fields are corrected.' : `${count} field${count === 1 ? '' : 's'} still to correct.`,
      );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return; // a second click while the first send is on its way
    const formData = new FormData(event.currentTarget);
    const fields = formFields(kind, formData.get(DELEGATE_COUNT_FIELD));
    const input = readFormInput(formData, fields);
    const values = typedValues(input, fields);
    const validation = validateEnquiry(kind, input);
    setRemaining('');
    if (!validation.ok) {
      setAnswer({ state: { status: 'invalid', token: state.token, values, errors: validation.errors } });
      return;
    }
    busy.current = true;
    setPending(true);
    void (async () => {
      let next: EnquiryFormState;
      try {
        next = await sendEnquiry(null, formData);
      } catch (error) {
        next = { status: 'failed', token: state.token, values, errors: {}, notice: failureMessage(error) };
      }
      busy.current = false;
      setPending(false);
      if (next.status === 'sent') setGeneration((value) => value + 1);
      setAnswer({ state: next });
    })();
  };

  const submit = (
    <button
      type="submit"
      className={`${buttonClassName('primary')} ${look.submit}`}
      aria-disabled={pending || undefined}
    >
      {pending ? 'Sending…' : props.submitLabel}
    </button>
  );
  if (state.status === 'sent' && props.confirmation)
    return (
      <div className={look.box} id={props.anchor}>
        {props.confirmation(state, confirmationHeadingRef)}
      </div>
    );
  return (
    <div className={look.box} id={props.anchor}>
      {props.intro}
      {state.status === 'sent' ? (
        <div ref={confirmationRef} className={styles.confirmation} role="status" tabIndex={-1}>
          <CheckCircleIcon size={28} className={styles.confirmationIcon} />
          <div>
            <p className={styles.confirmationTitle}>
              {state.name ? `Thank you, ${state.name}. ${props.sent}` : `Thank you. ${props.sent}`}
            </p>
            {props.sentDetail?.(state.reference)}
          </div>
        </div>
      ) : props.hint ? (
        <p className={styles.hint}>{props.hint}</p>
      ) : null}
      <form
        className={look.form}
        action={formAction}
        onSubmit={onSubmit}
        onChange={(event) => recheck(event, false)}
        onBlur={(event) => recheck(event, true)}
        noValidate
      >
        <p id={`${idPrefix}-remaining`} className="visually-hidden" aria-live="polite" aria-atomic="true">
          {remaining}
        </p>
        {props.summaryTargets ? (
          <ErrorSummary
            prefix={idPrefix}
            errors={state.errors}
            order={formFields(kind, String(MAX_DELEGATES))}
            targets={props.summaryTargets}
            summaryRef={summaryRef}
          />
        ) : null}
        <input type="hidden" name={KIND_FIELD} value={kind} />
        <input type="hidden" name={FORM_TOKEN_FIELD} value={state.token} />
        {props.context ? <input type="hidden" name={CONTEXT_FIELD} value={props.context} /> : null}
        {Object.entries(props.hidden ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {/* display:none hides it from people and from screen readers alike; robots filling every field find it. */}
        <div className={styles.honeypot} aria-hidden="true">
          <label>
            Leave this field empty
            <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        <div className={look.fields} key={generation}>
          {props.children(state)}
        </div>
        {state.notice ? (
          <div ref={noticeRef} className={styles.notice} role="alert" tabIndex={-1}>
            <ErrorIcon />
            <p>{state.notice}</p>
          </div>
        ) : null}
        {props.look === 'card' ? <div className={styles.actions}>{submit}</div> : submit}
      </form>
    </div>
  );
}
