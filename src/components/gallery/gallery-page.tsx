import { Suspense } from 'react';
import { getGallery } from '../../lib/admin/content.server';
import { SITE_NAME } from '../../lib/site';
import { GalleryGrid, GalleryGridWhenLoaded, GallerySkeleton } from './gallery-grid';
import { settleWithin } from './settle-within';
import styles from './gallery-page.module.css';

/**
 * How long the page holds its first byte for the gallery. A cached answer (the usual case) is in well
 * within it and goes straight into the HTML, so the tiles work without JavaScript; a slow admin gets the
 * skeleton and the tiles stream in later.
 */
const INLINE_WAIT_MS = 100;

export async function GalleryPage() {
  const gallery = getGallery();
  const early = await settleWithin(gallery, INLINE_WAIT_MS);
  return (
    <>
      <title>{`Gallery | ${SITE_NAME}`}</title>
      <div className={`container ${styles.page}`}>
        <h1 className={styles.heading}>Glimpses of our trainings</h1>
        <p className={styles.lead}>Moments from our classrooms, workshops and graduations across the Gulf.</p>
        {early ? (
          <GalleryGrid gallery={early} />
        ) : (
          <Suspense fallback={<GallerySkeleton />}>
            <GalleryGridWhenLoaded gallery={gallery} />
          </Suspense>
        )}
      </div>
    </>
  );
}
