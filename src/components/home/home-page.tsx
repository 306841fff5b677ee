import { Streamed } from '../ui/streamed';
import { getHomeHero } from '../../lib/admin/content.server';
import { AboutBlock } from './about-block';
import { EnquirySection } from './enquiry-section';
import { HomeHero, HomeHeroSkeleton } from './home-hero';
import { HomeIntro } from './home-intro';
import { LearningSolutions } from './learning-solutions';
import { UpcomingCourses } from './upcoming-courses';

/** The home page in the spec's order; every data section streams in on its own. Its head: src/pages/index.tsx. */
export function HomePage() {
  return (
    <>
      <Streamed ready={getHomeHero()} fallback={<HomeHeroSkeleton />}>
        <HomeHero />
      </Streamed>
      <HomeIntro />
      <UpcomingCourses />
      <AboutBlock />
      <LearningSolutions />
      <EnquirySection />
    </>
  );
}
