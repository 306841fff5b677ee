import { getGallery } from '../../lib/admin/content.server';
import { GalleryGridWhenLoaded, GallerySkeleton } from './gallery-grid';
import { Streamed } from '../ui/streamed';
import styles from './gallery-page.module.css';

export function GalleryPage() {
  const gallery = getGallery();
  return (
    <>
      <div className={`container ${styles.page}`}>
        <h1 className={styles.heading}>Glimpses of our trainings</h1>
        <p className={styles.lead}>Moments from our classrooms, workshops and graduations across the Gulf.</p>
        <Streamed ready={gallery} fallback={<GallerySkeleton />}>
          <GalleryGridWhenLoaded gallery={gallery} />
        </Streamed>
      </div>
    </>
  );
}
