'use client';

import { useAtom } from 'jotai';
import { Button } from 'react-aria-components/Button';
import { Dialog } from 'react-aria-components/Dialog';
import { Heading } from 'react-aria-components/Heading';
import { Modal, ModalOverlay } from 'react-aria-components/Modal';
import { openGalleryItemAtom } from './gallery-atoms';
import styles from './gallery-modal.module.css';

/**
 * The gallery's large-image modal. react-aria gives the dialog semantics, the focus trap, Escape, the
 * backdrop click and the return of focus to the tile that opened it.
 */
export function GalleryModal() {
  const [item, setItem] = useAtom(openGalleryItemAtom);
  // no exit animation: the overlay unmounts as soon as the item is cleared
  const current = item;

  return (
    <ModalOverlay
      isOpen={item !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) setItem(null);
      }}
      isDismissable
      className={styles.overlay}
    >
      <Modal className={styles.modal}>
        <Dialog className={styles.dialog}>
          {current ? (
            <>
              <div className={styles.header}>
                <Heading slot="title" className={styles.title}>
                  {current.title}
                </Heading>
                <Button slot="close" className={styles.close} aria-label="Close">
                  <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
                    <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
                  </svg>
                </Button>
              </div>
              <img className={styles.image} src={current.image} alt={current.title} width={1200} height={800} />
            </>
          ) : null}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
