import { ContentPage } from '../components/content-page/content-page';
import { getConferences } from '../lib/admin/content.server';
import { SITE_NAME } from '../lib/site';

export default async function ConferencesPage() {
  return (
    <>
      <title>{`Conferences and Summits | ${SITE_NAME}`}</title>
      <ContentPage load={getConferences} fallbackTitle="Conferences and Summits" eyebrow="Events" imageSlots={2} />
    </>
  );
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
