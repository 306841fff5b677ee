import type { ContentResult } from '../../lib/admin/content-error';
import type { SafeAddress, SingleImagePage, TwoImagePage } from '../../lib/admin/schemas';
import { RichText } from '../rich-text';
import { Section } from '../ui/section';
import { LoadingRegion, Skeleton } from '../ui/skeleton';
import { PageHeader } from './page-header';
import styles from './content-page.module.css';
import { AdminImage } from '../ui/admin-image';

/** The admin's one-image and two-image page shapes. */
type PageShape = SingleImagePage | TwoImagePage;

/** What every simple content page shows: the admin's one or two images normalised to a list. */
export type PageContent = Pick<PageShape, 'title' | 'description'> & { images: SafeAddress[] };

/**
 * /conferences, /consultations and /destination-training: a title, the admin's rich text and its pictures.
 * `fallbackTitle` keeps the page recognisable (and its h1 in place) when the admin call fails. `data` is the
 * load the route started (its head reads the same load, through `toPageContent`).
 */
export function ContentPage({
  data,
  fallbackTitle,
  eyebrow,
  imageSlots,
}: {
  data: Promise<ContentResult<PageShape>>;
  fallbackTitle: string;
  eyebrow: string;
  /** How many images the page normally has, so the skeleton takes their place. */
  imageSlots: 1 | 2;
}) {
  return (
    <article className={styles.page} aria-labelledby="page-title">
      <Section
        data={data}
        skeleton={<ContentPageSkeleton eyebrow={eyebrow} imageSlots={imageSlots} />}
        what={`The ${fallbackTitle} page`}
        failed={(message) => (
          <>
            <PageHeader eyebrow={eyebrow} title={fallbackTitle} />
            <div className={`container ${styles.body}`}>{message}</div>
          </>
        )}
      >
        {(data) => <ContentPageView page={toPageContent(data)} eyebrow={eyebrow} />}
      </Section>
    </article>
  );
}

function ContentPageView({ page: { title, description, images }, eyebrow }: { page: PageContent; eyebrow: string }) {
  return (
    <>
      <PageHeader eyebrow={eyebrow} title={title} />
      <div className={`container ${styles.body} ${images.length ? styles.withImages : ''}`}>
        <RichText source={description} className={styles.text} />
        {images.length ? (
          <div className={styles.images} data-image-count={images.length}>
            {images.map((src, index) => (
              // The admin gives no description of its pictures; the text beside them carries the meaning.
              <AdminImage
                key={src}
                className={styles.image}
                src={src}
                place="contentImage"
                alt=""
                width={1200}
                height={800}
                // the first two pictures are in the first screen (side by side or stacked on a phone, in the
                // column beside the text on a wide screen), and the first is often the largest thing there;
                // the others wait until they are scrolled near
                loading={index < 2 ? undefined : 'lazy'}
                fetchPriority={index === 0 ? 'high' : undefined}
              />
            ))}
          </div>
        ) : null}
      </div>
    </>
  );
}

function ContentPageSkeleton({ eyebrow, imageSlots }: { eyebrow: string; imageSlots: number }) {
  return (
    <LoadingRegion label="Loading page" className={styles.skeleton}>
      <PageHeader eyebrow={eyebrow} title={<div className={styles.skeletonTitle} />} decorative />
      <div className={`container ${styles.body} ${styles.withImages}`}>
        <div>
          {[100, 96, 99, 70, 0, 100, 94, 88, 55].map((width, index) =>
            width ? (
              <Skeleton key={index} className={styles.skeletonLine} style={{ width: `${width}%` }} />
            ) : (
              <div key={index} className={styles.skeletonGap} />
            ),
          )}
        </div>
        <div className={styles.images}>
          {Array.from({ length: imageSlots }, (_, index) => (
            <Skeleton key={index} className={styles.skeletonImage} />
          ))}
        </div>
      </div>
    </LoadingRegion>
  );
}

/** The admin's one-image and two-image page shapes, as a `PageContent`. */
export function toPageContent(data: PageShape): PageContent {
  const first = 'image' in data ? data.image : 'first_image' in data ? data.first_image : undefined;
  const second = 'second_image' in data ? data.second_image : undefined;
  // an address that did not pass the address rule arrives empty and is left out
  const images = [first, second].filter((src): src is SafeAddress => Boolean(src));
  return { title: data.title, description: data.description, images };
}
