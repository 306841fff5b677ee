import type { ContentResult } from '../../lib/admin/content-error';
import type { HomeIntro as HomeIntroContent, IntroTile } from '../../lib/admin/schemas';
import { RichText } from '../rich-text';
import { Section } from '../ui/section';
import { LoadingRegion, Skeleton } from '../ui/skeleton';
import { SectionHeading } from './section-heading';
import styles from './home-intro.module.css';
import { AdminImage } from '../ui/admin-image';

const INTRO_TILE_SKELETON_COUNT = 3;

/**
 * The welcome text and the tiles that lead to each part of the offer; each shows on its own.
 */
export function HomeIntro({
  intro,
  tiles,
}: {
  intro: Promise<ContentResult<HomeIntroContent>>;
  tiles: Promise<ContentResult<IntroTile[]>>;
}) {
  return (
    <section className={styles.section} aria-label="Welcome">
      <div className="container">
        <Section data={intro} skeleton={<IntroTextSkeleton />} what="Our introduction">
          {(content) => <IntroText intro={content} />}
        </Section>
        <div className={styles.tilesBlock}>
          <SectionHeading id="intro-tiles-title" eyebrow="What we offer" align="center">
            Unlock your learning experience with us
          </SectionHeading>
          <Section data={tiles} skeleton={<IntroTilesSkeleton />} what="Our offer">
            {(list) => <IntroTiles tiles={list} />}
          </Section>
        </div>
      </div>
    </section>
  );
}

function IntroText({ intro: { title, description, banner } }: { intro: HomeIntroContent }) {
  return (
    <div className={styles.intro}>
      <div className={styles.introText}>
        <SectionHeading id="intro-title" eyebrow="Welcome">
          {title}
        </SectionHeading>
        <RichText source={description} className={styles.description} underHeading={2} />
      </div>
      {banner ? (
        <AdminImage
          className={styles.banner}
          src={banner}
          place="introBanner"
          alt=""
          width={1200}
          height={800}
          loading="lazy"
          decoding="async"
        />
      ) : null}
    </div>
  );
}

function IntroTiles({ tiles }: { tiles: IntroTile[] }) {
  return (
    <ul className={styles.tiles} aria-labelledby="intro-tiles-title">
      {tiles.map((tile) => {
        // The spec borders the tile that leads to the site root: the page the visitor is on.
        const href = tile.back_link || '/';
        const isHome = href === '/';
        return (
          <li key={`${tile.back_link}|${tile.title}`}>
            <a
              className={`${styles.tile} ${isHome ? styles.tileHome : ''}`}
              href={href}
              aria-current={isHome ? 'page' : undefined}
              data-intro-tile=""
            >
              {tile.image ? (
                <AdminImage
                  className={styles.tileImage}
                  src={tile.image}
                  place="introTile"
                  alt=""
                  width={800}
                  height={600}
                  loading="lazy"
                  decoding="async"
                />
              ) : null}
              <span className={styles.tileTitle}>{tile.title}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function IntroTextSkeleton() {
  return (
    <LoadingRegion label="Loading our introduction" className={styles.intro}>
      <div className={styles.introText}>
        <Skeleton className={styles.skeletonEyebrow} />
        <Skeleton className={styles.skeletonTitle} />
        {[100, 96, 92, 70].map((width) => (
          <Skeleton key={width} className={styles.skeletonLine} style={{ width: `${width}%` }} />
        ))}
      </div>
      <Skeleton className={styles.skeletonBanner} />
    </LoadingRegion>
  );
}

function IntroTilesSkeleton() {
  return (
    <LoadingRegion label="Loading our offer" className={styles.tiles}>
      {Array.from({ length: INTRO_TILE_SKELETON_COUNT }, (_, index) => (
        <div key={index} className={styles.tileSkeleton} data-skeleton="intro-tile">
          <Skeleton className={styles.skeletonTileImage} />
          <Skeleton className={styles.skeletonTileTitle} />
        </div>
      ))}
    </LoadingRegion>
  );
}
