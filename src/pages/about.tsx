import type { ReactNode } from 'react';
import { PageHeader } from '../components/content-page/page-header';
import { ABOUT_EYEBROW, ABOUT_LOADING, ABOUT_WHAT, AboutBody, AboutBodySkeleton } from '../components/home/about-block';
import styles from '../components/home/about-block.module.css';
import { Section } from '../components/ui/section';
import { LoadingRegion } from '../components/ui/skeleton';
import { getAbout } from '../lib/content';
import { Meta } from '../components/seo/meta';
import { PageHead } from '../components/seo/page-head';
import { describeText } from '../lib/seo/plain-text';
import { siteIdentity } from '../lib/site-identity';

const frame = (title: string, body: ReactNode) => (
  <>
    <PageHeader id="about-title" eyebrow={ABOUT_EYEBROW} title={title} />
    <div className={`container ${styles.pageBody}`}>{body}</div>
  </>
);

/** /about: the about body under the page's h1 in the inner-page header band. */
export default async function AboutPage() {
  const { name, location } = siteIdentity();
  const aboutFallback = `Who ${name} is: corporate training${location ? ` from ${location}` : ''}.`;
  const about = getAbout();
  return (
    <>
      <PageHead data={about}>
        {(content) => (
          <Meta description={describeText(content?.description, aboutFallback)} route="/about" image={content?.image} />
        )}
      </PageHead>
      <article className={styles.page} aria-labelledby="about-title">
        <Section
          data={about}
          skeleton={
            <LoadingRegion label={ABOUT_LOADING}>
              <PageHeader eyebrow={ABOUT_EYEBROW} title={<div className={styles.skeletonPageTitle} />} decorative />
              <div className={`container ${styles.pageBody}`}>
                <AboutBodySkeleton />
              </div>
            </LoadingRegion>
          }
          what={ABOUT_WHAT}
          failed={(message) => frame('About Us', message)}
        >
          {(about) => frame(about.title, <AboutBody about={about} />)}
        </Section>
      </article>
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
