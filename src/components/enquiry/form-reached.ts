/** What says the visitor has come to a form: a pointer over it, a touch on it, the focus in it (the keyboard's way). */
const COMING_TO_THE_FORM = ['pointerover', 'touchstart', 'focusin'] as const;

/**
 * Calls `reached` once, when the visitor comes to the form around `element`, or at once if the focus or the
 * pointer is in it already. The controls that need more code than a native one (react-select, react-aria's
 * NumberField) load then, not with the page: most visitors never reach a form, and on a phone their code and
 * their swap were the longest tasks after the first paint (issue 28, record 046). Returns what stops waiting.
 */
export function whenFormIsReached(element: Element, reached: () => void): () => void {
  const form = element.closest('form') ?? element;
  const onReached = () => {
    stopWaiting();
    reached();
  };
  const stopWaiting = () => {
    for (const type of COMING_TO_THE_FORM) form.removeEventListener(type, onReached);
  };
  if (form.contains(document.activeElement) || form.matches(':hover')) {
    reached();
    return () => {};
  }
  for (const type of COMING_TO_THE_FORM) form.addEventListener(type, onReached, { passive: true });
  return stopWaiting;
}
