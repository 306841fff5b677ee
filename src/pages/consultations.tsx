import { ContentPage } from '../components/content-page/content-page';
import { getConsultations } from '../lib/admin/content.server';
import { SITE_NAME } from '../lib/site';

export default async function ConsultationsPage() {
  return (
    <>
      <title>{`Consultations | ${SITE_NAME}`}</title>
      <ContentPage load={getConsultations} fallbackTitle="Consultations" eyebrow="Advisory services" imageSlots={1} />
    </>
  );
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
