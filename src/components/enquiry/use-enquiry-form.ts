/**
 * Shared behaviour of the three enquiry forms.
 *
 * Without JavaScript the `<form>` posts to the page itself (React renders the server action as the form's
 * target; `useActionState` gets the server's answer back in the HTML). With JavaScript the submit is taken
 * over: the shared schema checks the fields first (nothing is sent while any is invalid), then the server
 * action is called directly, so a failure (server refusal, network error, 413 from the body limit) becomes
 * a message beside a form that still holds what was typed instead of an error page.
 */
import { useActionState, useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { sendEnquiry } from '../../lib/enquiry/actions';
import { initialFormState, type EnquiryFormState } from '../../lib/enquiry/form-state';
import {
  FORM_FIELDS,
  readFormInput,
  typedValues,
  validateEnquiry,
  type EnquiryFields,
  type EnquiryKind,
} from '../../lib/enquiry/schema';

export type EnquiryFormControls = {
  state: EnquiryFormState;
  /** For `<form action>`: what the form does before the page's script has loaded. */
  formAction: (formData: FormData) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  /** Changes after each successful send: key the fields with it so they start empty again. */
  generation: number;
  summaryRef: RefObject<HTMLDivElement | null>;
  confirmationRef: RefObject<HTMLDivElement | null>;
  noticeRef: RefObject<HTMLDivElement | null>;
};

const NETWORK_MESSAGE =
  'We could not reach our server, so your enquiry was not sent. Your details are still here: please check your connection and try again.';
const TOO_LARGE_MESSAGE = 'Your enquiry is too large to send. Please shorten the message and try again.';

function failureMessage(error: unknown): string {
  const digest = (error as { digest?: unknown } | null)?.digest;
  const status = typeof digest === 'string' ? /"status":(\d+)/.exec(digest)?.[1] : undefined;
  return status === '413' ? TOO_LARGE_MESSAGE : NETWORK_MESSAGE;
}

export function useEnquiryForm(options: {
  kind: EnquiryKind;
  token: string;
  initialValues?: EnquiryFields;
  /** Where the browser lands after a plain (no-JavaScript) post: the form's own anchor. */
  permalink: string;
  /** Prefix of the field ids (`${idPrefix}-${field}`), to focus the first invalid field. */
  idPrefix: string;
}): EnquiryFormControls {
  const { kind, idPrefix } = options;
  const [serverState, formAction] = useActionState(
    sendEnquiry,
    initialFormState(options.token, options.initialValues),
    options.permalink,
  );
  const [answer, setAnswer] = useState<{ state: EnquiryFormState } | null>(null);
  const state = answer?.state ?? serverState;
  const [pending, setPending] = useState(false);
  const [generation, setGeneration] = useState(0);
  const busy = useRef(false);
  const summaryRef = useRef<HTMLDivElement | null>(null);
  const confirmationRef = useRef<HTMLDivElement | null>(null);
  const noticeRef = useRef<HTMLDivElement | null>(null);

  // Move focus to what the answer says, so keyboard and screen-reader users hear it (WCAG 3.3.1, 4.1.3).
  useEffect(() => {
    if (!answer) return;
    const { status, errors } = answer.state;
    if (status === 'invalid') {
      if (summaryRef.current) {
        summaryRef.current.focus();
      } else {
        const first = FORM_FIELDS[kind].find((field) => errors[field]);
        if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
      }
    } else if (status === 'sent') {
      confirmationRef.current?.focus();
    } else if (status === 'rejected' || status === 'failed') {
      noticeRef.current?.focus();
    }
  }, [answer, kind, idPrefix]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return; // a second click while the first send is on its way
    const formData = new FormData(event.currentTarget);
    const fields = FORM_FIELDS[kind];
    const input = readFormInput(formData, fields);
    const validation = validateEnquiry(kind, input);
    if (!validation.ok) {
      setAnswer({
        state: { status: 'invalid', token: state.token, values: typedValues(input, fields), errors: validation.errors },
      });
      return;
    }
    busy.current = true;
    setPending(true);
    void (async () => {
      let next: EnquiryFormState;
      try {
        next = await sendEnquiry(null, formData);
      } catch (error) {
        next = {
          status: 'failed',
          token: state.token,
          values: typedValues(input, fields),
          errors: {},
          notice: failureMessage(error),
        };
      }
      busy.current = false;
      setPending(false);
      if (next.status === 'sent') setGeneration((value) => value + 1);
      setAnswer({ state: next });
    })();
  };

  return { state, formAction, onSubmit, pending, generation, summaryRef, confirmationRef, noticeRef };
}
