import { HomePage } from '../components/home/home-page';
import { contentNow } from '../components/seo/content-now';
import { Meta } from '../components/seo/meta';
import { getHomeHero, getHomeIntro } from '../lib/admin/content.server';
import { describeText } from '../lib/seo/plain-text';
import { SITE_NAME } from '../lib/site';

export default async function Home() {
  const [intro, hero] = await Promise.all([contentNow(getHomeIntro()), contentNow(getHomeHero())]);
  return (
    <>
      <Meta
        title={`${SITE_NAME} | Corporate training in Bahrain and beyond`}
        titleIsComplete
        description={describeText(
          intro?.description,
          'Open courses, learning solutions, in-house and destination training, conferences and consultations from Manama, Kingdom of Bahrain.',
        )}
        path="/"
        image={hero?.banner ?? intro?.banner}
      />
      <HomePage />
    </>
  );
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
