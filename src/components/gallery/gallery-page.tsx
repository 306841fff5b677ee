import type { ReactNode } from 'react';
import { getGallery } from '../../lib/admin/content';
import type { GalleryItem } from '../../lib/admin/schemas';
import { GalleryGrid, GallerySkeleton } from './gallery-grid';
import { Section } from '../ui/section';
import styles from './gallery-page.module.css';

/** /gallery. `head` is the page's head from the same gallery data (see Section). */
export function GalleryPage({ head }: { head?: (gallery: GalleryItem[] | undefined) => ReactNode }) {
  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.heading}>Glimpses of our trainings</h1>
      <p className={styles.lead}>Moments from our classrooms, workshops and graduations across the Gulf.</p>
      <Section load={getGallery} skeleton={<GallerySkeleton />} what="The gallery" head={head}>
        {(gallery) => <GalleryGrid gallery={gallery} />}
      </Section>
    </div>
  );
}
