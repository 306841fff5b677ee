import { ContentPage } from '../components/content-page/content-page';
import { Meta } from '../components/seo/meta';
import { getConferences } from '../lib/admin/content';
import { describeText } from '../lib/seo/plain-text';
import { siteName } from '../lib/site-identity';

export default async function ConferencesPage() {
  return (
    <ContentPage
      load={getConferences}
      fallbackTitle="Conferences and Summits"
      eyebrow="Events"
      imageSlots={2}
      head={(content) => (
        <Meta
          title="Conferences and Summits"
          description={describeText(content?.description, `Conferences and summits organised by ${siteName()}.`)}
          path="/conferences"
          image={content?.images[0]}
        />
      )}
    />
  );
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
