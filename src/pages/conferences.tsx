import { ContentPage, toPageContent } from '../components/content-page/content-page';
import { Meta } from '../components/seo/meta';
import { PageHead } from '../components/seo/page-head';
import { getConferences } from '../lib/admin/content';
import { describeText } from '../lib/seo/plain-text';
import { siteName } from '../lib/site-identity';

export default async function ConferencesPage() {
  const page = getConferences();
  return (
    <>
      <PageHead data={page}>
        {(data) => {
          const content = toPageContent(data);
          return (
            <Meta
              description={describeText(content?.description, `Conferences and summits organised by ${siteName()}.`)}
              route="/conferences"
              image={content?.images[0]}
            />
          );
        }}
      </PageHead>
      <ContentPage data={page} fallbackTitle="Conferences and Summits" eyebrow="Events" imageSlots={2} />
    </>
  );
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
