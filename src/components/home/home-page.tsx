import {
  getAbout,
  getHomeHero,
  getHomeIntro,
  getIntroTiles,
  getLearningSolutions,
  getOpenCourses,
} from '../../lib/content';
import { AboutSection } from './about-block';
import { EnquirySection } from './enquiry-section';
import { HomeHero } from './home-hero';
import { HomeIntro } from './home-intro';
import { LearningSolutionsSection } from './learning-solutions';
import { OpenCoursesSection } from './open-courses';

/** Every admin load of the home page, started together (its route calls this at its top). */
export function loadHomePage() {
  return {
    hero: getHomeHero(),
    intro: getHomeIntro(),
    tiles: getIntroTiles(),
    openCourses: getOpenCourses(),
    about: getAbout(),
    solutions: getLearningSolutions(),
  };
}

/**
 * The home page in the spec's order; every data section shows (in place or streamed) on its own. Its head
 * (src/pages/index.tsx) comes from the introduction's load.
 */
export function HomePage({ data }: { data: ReturnType<typeof loadHomePage> }) {
  return (
    <>
      <HomeHero hero={data.hero} />
      <HomeIntro intro={data.intro} tiles={data.tiles} />
      <OpenCoursesSection courses={data.openCourses} />
      <AboutSection about={data.about} />
      <LearningSolutionsSection solutions={data.solutions} />
      <EnquirySection />
    </>
  );
}
