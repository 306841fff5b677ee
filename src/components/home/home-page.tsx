import { siteName } from '../../lib/site-identity';
import { AboutSection } from './about-block';
import { EnquirySection } from './enquiry-section';
import { HomeHero } from './home-hero';
import { HomeIntro } from './home-intro';
import { LearningSolutionsSection } from './learning-solutions';
import { OpenCoursesSection } from './open-courses';

/** The home page in the spec's order; every data section streams in on its own. */
export function HomePage() {
  return (
    <>
      <title>{`${siteName()} | Corporate training in Bahrain and beyond`}</title>
      <meta
        name="description"
        content="Open courses, learning solutions, in-house and destination training, conferences and consultations from Manama, Kingdom of Bahrain."
      />
      <HomeHero />
      <HomeIntro />
      <OpenCoursesSection />
      <AboutSection />
      <LearningSolutionsSection />
      <EnquirySection />
    </>
  );
}
