import { HomePage, loadHomePage } from '../components/home/home-page';
import { Meta } from '../components/seo/meta';
import { PageHead } from '../components/seo/page-head';
import { describeText } from '../lib/seo/plain-text';
import { siteIdentity } from '../lib/site-identity';

export default async function Home() {
  const { name, location } = siteIdentity();
  // what the page is, which leads when the admin's intro is too short to say it (describeText)
  // (kept short, so that the admin's words still fit within the 160 characters shown)
  const about = `${name}: corporate training${location ? ` in ${location}` : ''}, open courses and learning solutions.`;
  const data = loadHomePage();
  return (
    <>
      <PageHead data={data.intro}>
        {(intro) => (
          <Meta
            title={`${name} | Corporate training in Bahrain and beyond`}
            titleIsComplete
            description={describeText(intro?.description, about)}
            route="/"
            image={intro?.banner}
          />
        )}
      </PageHead>
      <HomePage data={data} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
