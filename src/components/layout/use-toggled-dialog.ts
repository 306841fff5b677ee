/**
 * A <dialog> opened as a modal from a toggle, shared by the mobile menu and the search overlay.
 *
 * The native modal dialog does the heavy accessibility work for a few lines of code: the rest of the page
 * is inert while it is open, Escape closes it, and focus moves into it. This hook keeps the jotai state and
 * the dialog in step, and puts focus back on the toggle when it closes.
 *
 * Closing a modal dialog moves focus back to the toggle at once (the browser's own focus restore), so the
 * state goes to `false` synchronously (flushSync) before the dialog closes: the toggle is then announced
 * "collapsed", not the "expanded" a render later would leave it saying. Escape takes the same path through
 * the `cancel` event, which comes before the browser closes the dialog.
 *
 * Without JavaScript the toggle is a link to `#<dialog id>` and CSS shows the dialog as its `:target`;
 * once this hook runs it marks the dialog `data-enhanced` (which turns that rule off), and if the page was
 * opened at that fragment it first opens the dialog properly, keeping a focus the visitor has in it.
 */
import { useEffect, useRef, type KeyboardEvent, type SyntheticEvent } from 'react';
import { flushSync } from 'react-dom';

export function useToggledDialog({
  open,
  setOpen,
  onOpened,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** runs right after showModal(), e.g. to focus a particular field (not when the focus is in the dialog already) */
  onOpened?: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const toggleRef = useRef<HTMLAnchorElement>(null);
  const onOpenedRef = useRef(onOpened);
  onOpenedRef.current = onOpened;
  // the state first, then the dialog: closing it hands the focus back to the toggle (see above)
  const hide = () => {
    flushSync(() => setOpen(false));
    dialogRef.current?.close();
  };
  const hideRef = useRef(hide);
  hideRef.current = hide;

  // showModal() moves the focus to the dialog's first control. A visitor already inside the dialog (shown by
  // the no-JavaScript `:target` rule before the page hydrated, typing in its field) keeps their place (CI,
  // once: words typed into the search as the page hydrated went to the close control, and the search was
  // sent empty). Marked `autofocus` for the call, their control is the one showModal() focuses: it has the
  // focus already, so nothing moves and nothing is announced.
  const openModal = (dialog: HTMLDialogElement) => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement && focused !== dialog && dialog.contains(focused))) {
      dialog.showModal();
      onOpenedRef.current?.();
      return;
    }
    const hadAutofocus = focused.autofocus;
    focused.autofocus = true;
    dialog.showModal();
    focused.autofocus = hadAutofocus;
  };
  const openModalRef = useRef(openModal);
  openModalRef.current = openModal;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const onClose = () => {
      // the browser sends `close` a task after closing (Escape); a toggle pressed in between has opened the
      // dialog again, and this late event must not shut it
      if (dialog.open) return;
      flushSync(() => setOpen(false));
      toggleRef.current?.focus();
    };
    const onCancel = (event: Event) => {
      event.preventDefault();
      hideRef.current();
    };
    dialog.addEventListener('close', onClose);
    dialog.addEventListener('cancel', onCancel);
    if (window.location.hash === `#${dialog.id}`) {
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
      // modal before the `:target` rule goes off: hidden for a moment, the dialog would drop the focus in it
      openModalRef.current(dialog);
      setOpen(true);
    }
    dialog.dataset.enhanced = '';
    return () => {
      dialog.removeEventListener('close', onClose);
      dialog.removeEventListener('cancel', onCancel);
    };
  }, [setOpen]);

  // The state this effect last put the dialog in step with. It acts only on a change: a press between the
  // hydration's commit and its effects (show() opens the dialog at once, and React runs the commit's pending
  // effects before the press's update) would otherwise meet this effect's first run with the render's
  // `false`, and be shut again (CI, once: the mobile search tapped as the page hydrated stayed closed).
  const inStepWith = useRef(open);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || inStepWith.current === open) return;
    inStepWith.current = open;
    if (open && !dialog.open) {
      openModalRef.current(dialog);
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Open the dialog at once, not only through the state: when the browser closes it itself (a `close()` the
  // cancel path did not see), the state catches up a render later, and a toggle pressed in between would set
  // `true` over a still-`true` state, a change React never sees, and the dialog would stay shut.
  const show = () => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) openModal(dialog);
    setOpen(true);
  };

  return { dialogRef, toggleRef, show, hide };
}

/**
 * Handlers that make a link with role="button" act as a button once JavaScript runs: the click no
 * longer follows the fragment, and Space presses it as it would a button (Enter already clicks links).
 */
export function pressHandlers(onPress: () => void) {
  const press = (event: SyntheticEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onPress();
  };
  return {
    onClick: press,
    onKeyDown: (event: KeyboardEvent<HTMLAnchorElement>) => {
      if (event.key === ' ') press(event);
    },
  };
}
