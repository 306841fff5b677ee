import { ContentPage } from '../components/content-page/content-page';
import { getConferences } from '../lib/admin/content.server';
import { siteName } from '../lib/site-identity';

export default async function ConferencesPage() {
  return (
    <>
      <title>{`Conferences and Summits | ${siteName()}`}</title>
      <ContentPage load={getConferences} fallbackTitle="Conferences and Summits" eyebrow="Events" imageSlots={2} />
    </>
  );
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
