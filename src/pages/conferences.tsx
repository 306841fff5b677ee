import { asPageContent, ContentPage } from '../components/content-page/content-page';
import { contentNow } from '../components/seo/content-now';
import { Meta } from '../components/seo/meta';
import { describeText } from '../lib/seo/plain-text';
import { getConferences } from '../lib/admin/content.server';
import { SITE_NAME } from '../lib/site';

export default async function ConferencesPage() {
  const content = await contentNow(asPageContent(getConferences)());
  return (
    <>
      <Meta
        title="Conferences and Summits"
        description={describeText(content?.description, `Conferences and summits organised by ${SITE_NAME}.`)}
        path="/conferences"
        image={content?.images[0]}
      />
      <ContentPage
        load={asPageContent(getConferences)}
        fallbackTitle="Conferences and Summits"
        eyebrow="Events"
        imageSlots={2}
      />
    </>
  );
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
