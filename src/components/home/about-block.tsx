import { Streamed } from '../ui/streamed';
import { getAbout } from '../../lib/admin/content.server';
import { safeUrl } from '../../lib/rich-text/safe-url';
import { PageHeader } from '../content-page/page-header';
import { RichText } from '../rich-text';
import { SectionError } from '../ui/section-error';
import { LoadingRegion, Skeleton } from '../ui/skeleton';
import { SectionHeading, type HeadingLevel } from './section-heading';
import styles from './about-block.module.css';

const EYEBROW = 'About us';

/** Who the provider is: a home section (h2) and the whole of /about (h1 in the inner-page header band). */
export function AboutBlock({ level = 2 }: { level?: HeadingLevel }) {
  if (level === 1) {
    return (
      <article className={styles.page} aria-labelledby="about-title">
        <Streamed ready={getAbout()} fallback={<AboutSkeleton asPage />}>
          <AboutContent asPage />
        </Streamed>
      </article>
    );
  }
  return (
    <section className={styles.section} aria-labelledby="about-title">
      <div className="container">
        <Streamed ready={getAbout()} fallback={<AboutSkeleton />}>
          <AboutContent />
        </Streamed>
      </div>
    </section>
  );
}

async function AboutContent({ asPage = false }: { asPage?: boolean }) {
  const about = await getAbout();
  const heading = (title: string) =>
    asPage ? (
      <PageHeader id="about-title" eyebrow={EYEBROW} title={title} />
    ) : (
      <SectionHeading id="about-title" eyebrow={EYEBROW}>
        {title}
      </SectionHeading>
    );

  if (!about.ok) {
    const error = <SectionError error={about.error} what="Our story" />;
    return asPage ? (
      <>
        {heading('About Us')}
        <div className={`container ${styles.pageBody}`}>{error}</div>
      </>
    ) : (
      <>
        {heading('About Us')}
        {error}
      </>
    );
  }

  const { title, description, image } = about.data;
  const imageSrc = image ? safeUrl(image) : '';
  const body = (
    <div className={`${styles.layout} ${imageSrc ? '' : styles.noImage}`}>
      <div className={styles.text}>
        {asPage ? null : heading(title)}
        <RichText source={description} className={styles.description} underHeading={asPage ? 1 : 2} />
      </div>
      {imageSrc ? (
        <div className={styles.figure}>
          <img
            className={styles.image}
            src={imageSrc}
            alt=""
            width={1200}
            height={800}
            // On /about the picture is in the first screen; on the home page it is far below.
            loading={asPage ? undefined : 'lazy'}
          />
        </div>
      ) : null}
    </div>
  );
  return asPage ? (
    <>
      {heading(title)}
      <div className={`container ${styles.pageBody}`}>{body}</div>
    </>
  ) : (
    body
  );
}

function AboutSkeleton({ asPage = false }: { asPage?: boolean }) {
  const body = (
    <div className={styles.layout}>
      <div className={styles.text}>
        {asPage ? null : (
          <>
            <Skeleton className={styles.skeletonEyebrow} />
            <Skeleton className={styles.skeletonTitle} />
          </>
        )}
        {[100, 95, 98, 60, 100, 90].map((width, index) => (
          <Skeleton key={index} className={styles.skeletonLine} style={{ width: `${width}%` }} />
        ))}
      </div>
      <div className={styles.figure}>
        <Skeleton className={styles.skeletonImage} />
      </div>
    </div>
  );
  return (
    <LoadingRegion label="Loading about us">
      {asPage ? (
        <>
          <PageHeader eyebrow={EYEBROW} title={<div className={styles.skeletonPageTitle} />} decorative />
          <div className={`container ${styles.pageBody}`}>{body}</div>
        </>
      ) : (
        body
      )}
    </LoadingRegion>
  );
}
