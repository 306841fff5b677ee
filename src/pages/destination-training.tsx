import { ContentPage } from '../components/content-page/content-page';
import { getDestinationTraining } from '../lib/admin/content.server';
import { siteName } from '../lib/site-identity';

export default async function DestinationTrainingPage() {
  return (
    <>
      <title>{`Destination Training | ${siteName()}`}</title>
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
