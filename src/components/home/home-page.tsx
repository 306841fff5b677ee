import { Suspense } from 'react';
import { SITE_NAME } from '../../lib/site';
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
      <title>{`${SITE_NAME} | Corporate training in Bahrain and beyond`}</title>
      <meta
        name="description"
        content="Open courses, learning solutions, in-house and destination training, conferences and consultations from Manama, Kingdom of Bahrain."
      />
      <Suspense fallback={<HomeHeroSkeleton />}>
        <HomeHero />
      </Suspense>
      <HomeIntro />
      <UpcomingCourses />
      <AboutBlock />
      <LearningSolutions />
      <EnquirySection />
    </>
  );
}
