'use client';

import { useSetAtom } from 'jotai';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { openGalleryItemAtom, type GalleryPicture } from './gallery-atoms';
import styles from './gallery.module.css';

/**
 * A gallery tile. It is a real link to the large image (sized for a large screen, not the original upload), so without JavaScript (or with a modifier key for
 * a new tab) it still shows the picture; with JavaScript a plain click, Enter or Space opens the modal.
 */
export function GalleryTileLink({ item, children }: { item: GalleryPicture; children: ReactNode }) {
  const open = useSetAtom(openGalleryItemAtom);

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    // some browsers do not focus a link on click; focus it so closing the modal returns here
    event.currentTarget.focus();
    open(item);
  }

  function onKeyDown(event: KeyboardEvent<HTMLAnchorElement>) {
    // Enter already fires click on a link; Space would scroll the page instead
    if (event.key !== ' ') return;
    event.preventDefault();
    open(item);
  }

  return (
    <a className={styles.tile} href={item.large.src} onClick={onClick} onKeyDown={onKeyDown} aria-haspopup="dialog">
      {children}
    </a>
  );
}
