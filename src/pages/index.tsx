import { HomePage } from '../components/home/home-page';
import { Meta } from '../components/seo/meta';
import { describeText } from '../lib/seo/plain-text';
import { siteIdentity } from '../lib/site-identity';

export default async function Home() {
  const { name, location } = siteIdentity();
  // what the page is, which leads when the admin's intro is too short to say it (describeText)
  const about = `${name}: open courses, learning solutions, in-house and destination training, conferences and consultations${location ? ` from ${location}` : ''}.`;
  return (
    <HomePage
      head={(intro) => (
        <Meta
          title={`${name} | Corporate training in Bahrain and beyond`}
          titleIsComplete
          description={describeText(intro?.description, about)}
          path="/"
          image={intro?.banner}
        />
      )}
    />
  );
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
