import { ContentPage } from '../components/content-page/content-page';
import { getDestinationTraining } from '../lib/admin/content.server';
import { SITE_NAME } from '../lib/site';

export default async function DestinationTrainingPage() {
  return (
    <>
      <title>{`Destination Training | ${SITE_NAME}`}</title>
      <ContentPage
        load={getDestinationTraining}
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
