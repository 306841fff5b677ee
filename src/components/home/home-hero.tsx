import type { ContentResult } from '../../lib/admin/content-error';
import type { HomeHero as HomeHeroContent } from '../../lib/admin/schemas';
import { siteName } from '../../lib/site-identity';
import { ButtonLink } from '../ui/button-link';
import { Section } from '../ui/section';
import { HeroVideo } from './hero-video';
import styles from './home-hero.module.css';
import { imageSources } from '../../lib/images/image-reference';
import { AdminImage } from '../ui/admin-image';
import { site } from '../../site';

/**
 * The background video is only chosen where it plays: on wide screens for visitors who have not asked for
 * reduced motion (nor to save data). HeroVideo decides in the browser, so phones never download it.
 */
export const HERO_VIDEO_MEDIA = '(min-width: 992px) and (prefers-reduced-motion: no-preference)';

/** The hero section: the skeleton while the home data loads, the name if it fails. */
export function HomeHero({ hero }: { hero: Promise<ContentResult<HomeHeroContent>> }) {
  return (
    <Section
      data={hero}
      skeleton={<HomeHeroSkeleton />}
      what="The welcome banner"
      failed={(message) => (
        <section className={styles.failed} aria-labelledby="hero-fallback-title">
          <div className="container">
            <h1 id="hero-fallback-title" className={styles.fallbackTitle}>
              {siteName()}
            </h1>
            {message}
          </div>
          <div className={styles.strip} aria-hidden="true" />
        </section>
      )}
    >
      {(content) => <HomeHeroView hero={content} />}
    </Section>
  );
}

/** The hero as it renders for given content (kept apart from the admin call so it can be unit-tested). */
export function HomeHeroView({ hero }: { hero: HomeHeroContent }) {
  const { video, banner = '' } = hero;
  return (
    <section className={styles.hero} aria-labelledby="hero-title" data-has-video={video ? '' : undefined}>
      {video ? (
        <HeroVideo
          src={video}
          poster={banner ? imageSources(banner, 'heroPoster', site().images.signingKey) : { src: '' }}
          media={HERO_VIDEO_MEDIA}
        />
      ) : null}
      <div className={`container ${styles.layout}`}>
        <div className={styles.copy}>
          <h1 id="hero-title" className={styles.title}>
            {hero.title}
          </h1>
          <p className={styles.subtitle}>{hero.sub_title}</p>
          <div className={styles.actions}>
            <ButtonLink href="#upcoming">Upcoming courses</ButtonLink>
            <ButtonLink href="#enquiry" variant="outline" className={styles.lightButton}>
              Send an enquiry
            </ButtonLink>
          </div>
        </div>
        {banner ? (
          <div className={styles.bannerFrame}>
            {/* The first thing a visitor sees: fetched early, never lazily. */}
            <AdminImage
              className={styles.banner}
              src={banner}
              place="heroBanner"
              alt=""
              width={1600}
              height={900}
              fetchPriority="high"
            />
          </div>
        ) : null}
      </div>
      <div className={styles.strip} aria-hidden="true" />
    </section>
  );
}

/** Stands in for the hero while the home data loads; same height, so nothing jumps. */
function HomeHeroSkeleton() {
  return (
    <section className={`${styles.hero} ${styles.skeleton}`} data-skeleton="hero" aria-busy="true" aria-label="Loading">
      <div className={`container ${styles.layout}`} aria-hidden="true">
        <div className={styles.copy}>
          <div className={`${styles.bar} ${styles.barTitle}`} />
          <div className={`${styles.bar} ${styles.barTitleShort}`} />
          <div className={`${styles.bar} ${styles.barLine}`} />
          <div className={`${styles.bar} ${styles.barLine}`} />
          <div className={`${styles.bar} ${styles.barButton}`} />
        </div>
        <div className={`${styles.bannerFrame} ${styles.skeletonBanner}`} />
      </div>
      <div className={styles.strip} aria-hidden="true" />
    </section>
  );
}
