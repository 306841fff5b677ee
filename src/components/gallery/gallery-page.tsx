import { getGallery } from '../../lib/admin/content.server';
import { siteName } from '../../lib/site-identity';
import { GalleryGrid, GallerySkeleton } from './gallery-grid';
import { Section } from '../ui/section';
import styles from './gallery-page.module.css';

export function GalleryPage() {
  return (
    <>
      <title>{`Gallery | ${siteName()}`}</title>
      <div className={`container ${styles.page}`}>
        <h1 className={styles.heading}>Glimpses of our trainings</h1>
        <p className={styles.lead}>Moments from our classrooms, workshops and graduations across the Gulf.</p>
        <Section load={getGallery} skeleton={<GallerySkeleton />} what="The gallery">
          {(gallery) => <GalleryGrid gallery={gallery} />}
        </Section>
      </div>
    </>
  );
}
