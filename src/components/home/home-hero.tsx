import { getHomeHero } from '../../lib/admin/content.server';
import { SectionError } from '../ui/section-error';

export async function HomeHero() {
  const hero = await getHomeHero();
  if (!hero.ok) return <SectionError error={hero.error} what="The welcome banner" />;
  const { title, sub_title, banner, video } = hero.data;
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__media">
        {video ? (
          <video className="hero__video" src={video} autoPlay muted loop playsInline aria-hidden="true" />
        ) : null}
        {banner ? <img className="hero__banner" src={banner} alt="" /> : null}
      </div>
      <div className="hero__text">
        <h1 id="hero-title">{title}</h1>
        <p className="hero__subtitle">{sub_title}</p>
      </div>
      <div className="hero__strip" aria-hidden="true" />
    </section>
  );
}

/** Stands in for the hero while the home data loads (site-spec section 2). */
export function HomeHeroSkeleton() {
  return (
    <section className="hero hero--skeleton" data-skeleton="hero" aria-busy="true" aria-label="Loading">
      <div className="skeleton skeleton--title" />
      <div className="skeleton skeleton--line" />
      <div className="hero__strip" aria-hidden="true" />
    </section>
  );
}
