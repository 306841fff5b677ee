import { Streamed } from '../ui/streamed';
import type { ContentResult } from '../../lib/admin/content-error';
import { safeUrl } from '../../lib/rich-text/safe-url';
import { RichText } from '../rich-text';
import { SectionError } from '../ui/section-error';
import { LoadingRegion, Skeleton } from '../ui/skeleton';
import { PageHeader } from './page-header';
import styles from './content-page.module.css';

/** What the admin gives every simple content page: one or two images are normalised to a list. */
export type PageContent = { title: string; description: string; images: string[] };

/**
 * /conferences, /consultations and /destination-training: a title, the admin's rich text and its pictures.
 * `fallbackTitle` keeps the page recognisable (and its h1 in place) when the admin call fails.
 */
export function ContentPage({
  load,
  fallbackTitle,
  eyebrow,
  imageSlots,
}: {
  load: () => Promise<ContentResult<PageContent>>;
  fallbackTitle: string;
  eyebrow: string;
  /** How many images the page normally has, so the skeleton takes their place. */
  imageSlots: 1 | 2;
}) {
  return (
    <article className={styles.page} aria-labelledby="page-title">
      <Streamed ready={load()} fallback={<ContentPageSkeleton eyebrow={eyebrow} imageSlots={imageSlots} />}>
        <ContentPageBody load={load} fallbackTitle={fallbackTitle} eyebrow={eyebrow} />
      </Streamed>
    </article>
  );
}

async function ContentPageBody({
  load,
  fallbackTitle,
  eyebrow,
}: {
  load: () => Promise<ContentResult<PageContent>>;
  fallbackTitle: string;
  eyebrow: string;
}) {
  const result = await load();
  if (!result.ok) {
    return (
      <>
        <PageHeader eyebrow={eyebrow} title={fallbackTitle} />
        <div className={`container ${styles.body}`}>
          <SectionError error={result.error} what={`The ${fallbackTitle} page`} />
        </div>
      </>
    );
  }
  const { title, description } = result.data;
  const images = result.data.images.map(safeUrl).filter(Boolean);
  return (
    <>
      <PageHeader eyebrow={eyebrow} title={title} />
      <div className={`container ${styles.body} ${images.length ? styles.withImages : ''}`}>
        <RichText source={description} className={styles.text} />
        {images.length ? (
          <div className={styles.images} data-image-count={images.length}>
            {images.map((src, index) => (
              // The admin gives no description of its pictures; the text beside them carries the meaning.
              <img
                key={src}
                className={styles.image}
                src={src}
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

/** A content call whose answer is read as a `PageContent`. */
export function asPageContent<T extends Parameters<typeof toPageContent>[0]>(
  call: () => Promise<ContentResult<T>>,
): () => Promise<ContentResult<PageContent>> {
  return async () => {
    const result = await call();
    return result.ok ? { ...result, data: toPageContent(result.data) } : result;
  };
}

/** The admin's one-image and two-image page shapes, as a `PageContent`. */
export function toPageContent(data: {
  title: string;
  description: string;
  image?: string;
  first_image?: string;
  second_image?: string;
}): PageContent {
  const images = [data.first_image ?? data.image, data.second_image].filter((src): src is string => Boolean(src));
  return { title: data.title, description: data.description, images };
}
