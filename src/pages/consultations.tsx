import { ContentPage } from '../components/content-page/content-page';
import { getConsultations } from '../lib/admin/content.server';
import { siteName } from '../lib/site-identity';

export default async function ConsultationsPage() {
  return (
    <>
      <title>{`Consultations | ${siteName()}`}</title>
      <ContentPage load={getConsultations} fallbackTitle="Consultations" eyebrow="Advisory services" imageSlots={1} />
    </>
  );
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
