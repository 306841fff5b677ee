import { ContentPage, toPageContent } from '../components/content-page/content-page';
import { Meta } from '../components/seo/meta';
import { PageHead } from '../components/seo/page-head';
import { getDestinationTraining } from '../lib/admin/content';
import { describeText } from '../lib/seo/plain-text';
import { siteName } from '../lib/site-identity';

export default async function DestinationTrainingPage() {
  const page = getDestinationTraining();
  return (
    <>
      <PageHead data={page}>
        {(data) => {
          const content = toPageContent(data);
          return (
            <Meta
              description={describeText(
                content?.description,
                `Training programmes abroad, organised by ${siteName()}.`,
              )}
              route="/destination-training"
              image={content?.images[0]}
            />
          );
        }}
      </PageHead>
      <ContentPage data={page} fallbackTitle="Destination Training" eyebrow="Learn abroad" imageSlots={2} />
    </>
  );
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
