'use client';
/**
 * The mobile search: a search icon in the header opens a full-screen overlay with the search form
 * (behaviour in use-toggled-dialog.ts). A mousedown anywhere outside the search field closes it, as do
 * Escape and the close control.
 */
import { useAtom } from 'jotai';
import { useRef } from 'react';
import { searchOverlayOpenAtom } from '../../lib/atoms';
import { CloseIcon, SearchIcon } from './icons';
import { SearchForm } from './search-form';
import styles from './search-overlay.module.css';
import { pressHandlers, useToggledDialog } from './use-toggled-dialog';

const OVERLAY_ID = 'site-search';
const TOGGLE_ID = 'site-search-toggle';

export function SearchOverlay() {
  const [open, setOpen] = useAtom(searchOverlayOpenAtom);
  const inputRef = useRef<HTMLInputElement>(null);
  const fieldRef = useRef<HTMLDivElement>(null);
  const { dialogRef, toggleRef, show, hide } = useToggledDialog({
    open,
    setOpen,
    onOpened: () => inputRef.current?.focus(),
  });

  return (
    <>
      <a
        ref={toggleRef}
        id={TOGGLE_ID}
        className={styles.toggle}
        href={`#${OVERLAY_ID}`}
        role="button"
        aria-label="Search"
        aria-expanded={open}
        aria-controls={OVERLAY_ID}
        {...pressHandlers(show)}
      >
        <SearchIcon size={24} />
      </a>
      <dialog
        ref={dialogRef}
        id={OVERLAY_ID}
        className={styles.overlay}
        aria-label="Search courses"
        onMouseDown={(event) => {
          if (!fieldRef.current?.contains(event.target as Node)) hide();
        }}
      >
        <a
          className={styles.close}
          href={`#${TOGGLE_ID}`}
          role="button"
          aria-label="Close search"
          {...pressHandlers(hide)}
        >
          <CloseIcon size={28} />
        </a>
        <div className={styles.body}>
          <p className={styles.hint} aria-hidden="true">
            Search courses
          </p>
          <SearchForm inputId="site-search-q" variant="overlay" inputRef={inputRef} fieldRef={fieldRef} />
        </div>
      </dialog>
    </>
  );
}
