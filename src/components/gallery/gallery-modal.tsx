'use client';

import { useAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { openGalleryItemAtom, type GalleryPicture } from './gallery-atoms';
import { CloseIcon } from '../layout/icons';
import styles from './gallery-modal.module.css';

const TITLE_ID = 'gallery-modal-title';
/** Marks the history entry the open modal adds; it holds the picture so Forward can show it again. */
const HISTORY_KEY = 'galleryItem';

type HistoryState = Record<string, unknown> & { [HISTORY_KEY]?: GalleryPicture };

/**
 * The gallery's large-image modal: a native modal <dialog>, as the menu and the search overlay use. The
 * browser makes the page behind inert, moves the focus in and closes on Escape; this component adds the
 * rest of what visitors expect from a picture viewer:
 *
 * - a click on the dimmed backdrop closes it, and the focus goes back to the tile that opened it;
 * - Tab and Shift+Tab stay on its one control (a native modal would let them leave for the browser's UI);
 * - it is a step in the history: opening adds an entry at the same address, so the Back button (or a phone's
 *   back gesture) closes the picture instead of leaving the gallery, and Forward shows it again. Closing it
 *   any other way takes that entry off again, so the next Back leaves the gallery as it should. Those
 *   history steps stay within this page: the router, which would reload the page and scroll to the top on
 *   every history step, never sees them.
 */
export function GalleryModal() {
  const [item, setItem] = useAtom(openGalleryItemAtom);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  /** our entry is the current history entry */
  const onOwnEntryRef = useRef(false);
  /** we called history.back() to take our entry off; its popstate is ours */
  const leavingOwnEntryRef = useRef(false);
  const pageUrlRef = useRef('');

  // Open and close the native dialog as the state says.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (item && !dialog.open) {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      if (!onOwnEntryRef.current) {
        pageUrlRef.current = window.location.href;
        window.history.pushState({ ...(window.history.state as object), [HISTORY_KEY]: item }, '');
        onOwnEntryRef.current = true;
      } else {
        // reopened on our entry (Forward, or a tile pressed before the last close event ran): it names this picture
        window.history.replaceState({ ...(window.history.state as object), [HISTORY_KEY]: item }, '');
      }
    } else if (!item && dialog.open) {
      dialog.close();
    }
  }, [item]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // Every way of closing ends here: the close button, the backdrop, Escape, Back, a phone's back gesture.
    const onClose = () => {
      // the browser sends `close` a task after closing (Escape); a tile pressed in between has opened the
      // dialog again, and this late event must not shut it
      if (dialog.open) return;
      setItem(null);
      openerRef.current?.focus();
      if (onOwnEntryRef.current) {
        onOwnEntryRef.current = false;
        leavingOwnEntryRef.current = true;
        window.history.back();
      }
    };
    const samePage = () => window.location.href === pageUrlRef.current;
    // Registered in the capture phase so it runs before the router's own listener, which it can then stop.
    const onPopState = (event: PopStateEvent) => {
      if (leavingOwnEntryRef.current) {
        leavingOwnEntryRef.current = false;
        if (samePage()) event.stopImmediatePropagation();
        return;
      }
      if (onOwnEntryRef.current) {
        // Back (or any step) away from the open picture: close it, and leave the history where it now is
        onOwnEntryRef.current = false;
        if (samePage()) event.stopImmediatePropagation();
        dialog.close();
        return;
      }
      const shown = (event.state as HistoryState | null)?.[HISTORY_KEY];
      if (shown && samePage()) {
        // Forward onto a picture closed with Back: show it again
        event.stopImmediatePropagation();
        onOwnEntryRef.current = true;
        setItem(shown);
      }
    };
    dialog.addEventListener('close', onClose);
    window.addEventListener('popstate', onPopState, { capture: true });
    return () => {
      dialog.removeEventListener('close', onClose);
      window.removeEventListener('popstate', onPopState, { capture: true });
    };
  }, [setItem]);

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={item ? TITLE_ID : undefined}
      onClick={(event) => {
        // a click on the dimmed backdrop lands on the dialog itself, never on the panel that fills it
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Tab') return;
        event.preventDefault();
        closeRef.current?.focus();
      }}
    >
      {item ? (
        <div className={styles.panel}>
          <div className={styles.header}>
            <h2 id={TITLE_ID} className={styles.title}>
              {item.title}
            </h2>
            <button
              ref={closeRef}
              type="button"
              className={styles.close}
              aria-label="Close"
              onClick={() => dialogRef.current?.close()}
            >
              <CloseIcon size={24} />
            </button>
          </div>
          <img
            className={styles.image}
            src={item.large.src}
            srcSet={item.large.srcSet}
            sizes={item.large.sizes}
            alt={item.title}
            width={1200}
            height={800}
          />
        </div>
      ) : null}
    </dialog>
  );
}
