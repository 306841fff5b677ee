import { Streamed } from '../ui/streamed';
import { getHomeHero } from '../../lib/admin/content.server';
import { siteName } from '../../lib/site-identity';
import { AboutBlock } from './about-block';
import { EnquirySection } from './enquiry-section';
import { HomeHero, HomeHeroSkeleton } from './home-hero';
import { HomeIntro } from './home-intro';
import { LearningSolutions } from './learning-solutions';
import { UpcomingCourses } from './upcoming-courses';

/** The home page in the spec's order; every data section streams in on its own. */
export function HomePage() {
  return (
    <>
      <title>{`${siteName()} | Corporate training in Bahrain and beyond`}</title>
      <meta
        name="description"
        content="Open courses, learning solutions, in-house and destination training, conferences and consultations from Manama, Kingdom of Bahrain."
      />
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
