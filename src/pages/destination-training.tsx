import { ContentPage } from '../components/content-page/content-page';
import { Meta } from '../components/seo/meta';
import { getDestinationTraining } from '../lib/admin/content';
import { describeText } from '../lib/seo/plain-text';
import { siteName } from '../lib/site-identity';

export default async function DestinationTrainingPage() {
  return (
    <ContentPage
      load={getDestinationTraining}
      fallbackTitle="Destination Training"
      eyebrow="Learn abroad"
      imageSlots={2}
      head={(content) => (
        <Meta
          title="Destination Training"
          description={describeText(content?.description, `Training programmes abroad, organised by ${siteName()}.`)}
          path="/destination-training"
          image={content?.images[0]}
        />
      )}
    />
  );
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
