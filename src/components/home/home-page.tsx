import type { ReactNode } from 'react';
import type { HomeIntro as HomeIntroContent } from '../../lib/admin/schemas';
import { AboutSection } from './about-block';
import { EnquirySection } from './enquiry-section';
import { HomeHero } from './home-hero';
import { HomeIntro } from './home-intro';
import { LearningSolutionsSection } from './learning-solutions';
import { OpenCoursesSection } from './open-courses';

/**
 * The home page in the spec's order; every data section streams in on its own. Its head (src/pages/index.tsx)
 * comes with the introduction's data.
 */
export function HomePage({ head }: { head?: (intro: HomeIntroContent | undefined) => ReactNode }) {
  return (
    <>
      <HomeHero />
      <HomeIntro head={head} />
      <OpenCoursesSection />
      <AboutSection />
      <LearningSolutionsSection />
      <EnquirySection />
    </>
  );
}
