import { safeUrl } from '../../lib/rich-text/safe-url';
import type { ContentResult } from '../../lib/admin/content-error';
import type { GalleryItem } from '../../lib/admin/schemas';
import { SectionError } from '../ui/section-error';
import { LoadingRegion, Skeleton } from '../ui/skeleton';
import { GalleryModal } from './gallery-modal';
import { GalleryTileLink } from './gallery-tile-link';
import styles from './gallery.module.css';

/** Renders the gallery once its admin answer is in (see GalleryPage for why it may arrive as a promise). */
export async function GalleryGridWhenLoaded({ gallery }: { gallery: Promise<ContentResult<GalleryItem[]>> }) {
  return <GalleryGrid gallery={await gallery} />;
}

/** The gallery tiles (server-rendered) and the one modal island that shows a tile's large image. */
export function GalleryGrid({ gallery }: { gallery: ContentResult<GalleryItem[]> }) {
  if (!gallery.ok) return <SectionError error={gallery.error} what="The gallery" />;
  // Admin addresses follow the site's URL rule; a picture whose address is not allowed is left out.
  const items = gallery.data
    .map((item) => ({ ...item, image: safeUrl(item.image.trim()) }))
    .filter((item) => item.image !== '');
  if (items.length === 0) return <p>New pictures are on their way. Please come back soon.</p>;
  return (
    <>
      <ul className={styles.grid}>
        {items.map((item, index) => (
          <li key={`${item.image}-${index}`} className={styles.item}>
            <GalleryTileLink item={item}>
              <img
                className={styles.thumb}
                src={item.image}
                alt=""
                width={600}
                height={400}
                // the first row of the widest layout (four tiles) is in the first screen; the first two
                // tiles fill a phone's first screen, and one of them is the largest thing it shows
                loading={index < 4 ? 'eager' : 'lazy'}
                fetchPriority={index < 2 ? 'high' : undefined}
                decoding="async"
              />
              <span className={styles.caption}>{item.title}</span>
            </GalleryTileLink>
          </li>
        ))}
      </ul>
      <GalleryModal />
    </>
  );
}

/** Site-spec section 9: 12 placeholder tiles while the gallery loads. */
export const GALLERY_SKELETON_TILES = 12;

export function GallerySkeleton() {
  return (
    <LoadingRegion label="Loading the gallery">
      <div className={styles.grid} data-skeleton="gallery">
        {Array.from({ length: GALLERY_SKELETON_TILES }, (_, index) => (
          <div key={index} className={styles.item} data-skeleton-tile="">
            <Skeleton className={styles.thumbSkeleton} />
            <Skeleton className={styles.captionSkeleton} />
          </div>
        ))}
      </div>
    </LoadingRegion>
  );
}
