import { AboutBlock } from '../components/home/about-block';
import { contentNow } from '../components/seo/content-now';
import { Meta } from '../components/seo/meta';
import { getAbout } from '../lib/admin/content.server';
import { describeText } from '../lib/seo/plain-text';
import { SITE_LOCATION, SITE_NAME } from '../lib/site';

export default async function AboutPage() {
  const about = await contentNow(getAbout());
  return (
    <>
      <Meta
        title="About Us"
        description={describeText(about?.description, `Who ${SITE_NAME} is: corporate training from ${SITE_LOCATION}.`)}
        path="/about"
        image={about?.image}
      />
      <AboutBlock level={1} />
    </>
  );
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
