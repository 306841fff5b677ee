import type { ContentResult } from '../../lib/admin/content-error';
import type { GalleryItem } from '../../lib/admin/schemas';
import { GalleryGrid, GallerySkeleton } from './gallery-grid';
import { Section } from '../ui/section';
import styles from './gallery-page.module.css';

/** /gallery, from the gallery load its route started. */
export function GalleryPage({ gallery }: { gallery: Promise<ContentResult<GalleryItem[]>> }) {
  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.heading}>Glimpses of our trainings</h1>
      <p className={styles.lead}>Moments from our classrooms, workshops and graduations across the Gulf.</p>
      <Section data={gallery} skeleton={<GallerySkeleton />} what="The gallery">
        {(items) => <GalleryGrid gallery={items} />}
      </Section>
    </div>
  );
}
