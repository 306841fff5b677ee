import { asPageContent, ContentPage } from '../components/content-page/content-page';
import { contentNow } from '../components/seo/content-now';
import { Meta } from '../components/seo/meta';
import { describeText } from '../lib/seo/plain-text';
import { getDestinationTraining } from '../lib/admin/content.server';
import { SITE_NAME } from '../lib/site';

export default async function DestinationTrainingPage() {
  const content = await contentNow(asPageContent(getDestinationTraining)());
  return (
    <>
      <Meta
        title="Destination Training"
        description={describeText(content?.description, `Training programmes abroad, organised by ${SITE_NAME}.`)}
        path="/destination-training"
        image={content?.images[0]}
      />
      <ContentPage
        load={asPageContent(getDestinationTraining)}
        fallbackTitle="Destination Training"
        eyebrow="Learn abroad"
        imageSlots={2}
      />
    </>
  );
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
