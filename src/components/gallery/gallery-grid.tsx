import type { GalleryItem } from '../../lib/admin/schemas';
import { imageSources } from '../../lib/images/image-reference';
import { AdminImage } from '../ui/admin-image';
import { LoadingRegion, Skeleton } from '../ui/skeleton';
import { GalleryModal } from './gallery-modal';
import { GalleryTileLink } from './gallery-tile-link';
import styles from './gallery.module.css';
import { site } from '../../site';

/** The gallery tiles (server-rendered) and the one modal island that shows a tile's large image. */
export function GalleryGrid({ gallery }: { gallery: GalleryItem[] }) {
  // A picture whose address did not pass the address rule arrives empty and is left out.
  const items = gallery.filter((item) => item.image !== '');
  if (items.length === 0) return <p>New pictures are on their way. Please come back soon.</p>;
  return (
    <>
      <ul className={styles.grid}>
        {items.map((item, index) => (
          <li key={`${item.image}-${index}`} className={styles.item}>
            <GalleryTileLink
              item={{ ...item, large: imageSources(item.image, 'galleryLarge', site().images.signingKey) }}
            >
              <AdminImage
                className={styles.thumb}
                src={item.image}
                place="galleryTile"
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

/** 12 placeholder tiles while the gallery loads. */
const GALLERY_SKELETON_TILES = 12;

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
