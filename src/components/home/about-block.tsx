import type { ReactNode } from 'react';
import type { ContentResult } from '../../lib/admin/content-error';
import type { SingleImagePage } from '../../lib/admin/schemas';
import { RichText } from '../rich-text';
import { Section } from '../ui/section';
import { LoadingRegion, Skeleton } from '../ui/skeleton';
import { SectionHeading } from './section-heading';
import styles from './about-block.module.css';
import { AdminImage } from '../ui/admin-image';

export const ABOUT_EYEBROW = 'About us';
export const ABOUT_WHAT = 'Our story';
export const ABOUT_LOADING = 'Loading about us';

/** Who the provider is, as a home section (h2); /about shows the same body under its own h1. */
export function AboutSection({ about }: { about: Promise<ContentResult<SingleImagePage>> }) {
  const heading = (title: string) => (
    <SectionHeading id="about-title" eyebrow={ABOUT_EYEBROW}>
      {title}
    </SectionHeading>
  );
  return (
    <section className={`${styles.section} past-first-screen`} aria-labelledby="about-title">
      <div className="container">
        <Section
          data={about}
          skeleton={
            <LoadingRegion label={ABOUT_LOADING}>
              <AboutBodySkeleton heading />
            </LoadingRegion>
          }
          what={ABOUT_WHAT}
          failed={(message) => (
            <>
              {heading('About Us')}
              {message}
            </>
          )}
        >
          {(content) => <AboutBody about={content} heading={heading(content.title)} />}
        </Section>
      </div>
    </section>
  );
}

/**
 * The about text and picture. With a `heading` it is the home section: its rich text nests under that h2 and
 * its picture, far below the fold, loads lazily; without one it sits under the page's h1 in the first screen.
 */
export function AboutBody({ about, heading }: { about: SingleImagePage; heading?: ReactNode }) {
  const { description, image } = about;
  return (
    <div className={`${styles.layout} ${image ? '' : styles.noImage}`}>
      <div className={styles.text}>
        {heading}
        <RichText source={description} className={styles.description} underHeading={heading ? 2 : 1} />
      </div>
      {image ? (
        <div className={styles.figure}>
          <AdminImage
            className={styles.image}
            src={image}
            place="contentImage"
            alt=""
            width={1200}
            height={800}
            loading={heading ? 'lazy' : undefined}
          />
        </div>
      ) : null}
    </div>
  );
}

export function AboutBodySkeleton({ heading = false }: { heading?: boolean }) {
  return (
    <div className={styles.layout}>
      <div className={styles.text}>
        {heading ? (
          <>
            <Skeleton className={styles.skeletonEyebrow} />
            <Skeleton className={styles.skeletonTitle} />
          </>
        ) : null}
        {[100, 95, 98, 60, 100, 90].map((width, index) => (
          <Skeleton key={index} className={styles.skeletonLine} style={{ width: `${width}%` }} />
        ))}
      </div>
      <div className={styles.figure}>
        <Skeleton className={styles.skeletonImage} />
      </div>
    </div>
  );
}
