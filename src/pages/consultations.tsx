import { asPageContent, ContentPage } from '../components/content-page/content-page';
import { contentNow } from '../components/seo/content-now';
import { Meta } from '../components/seo/meta';
import { describeText } from '../lib/seo/plain-text';
import { getConsultations } from '../lib/admin/content.server';
import { SITE_NAME } from '../lib/site';

export default async function ConsultationsPage() {
  const content = await contentNow(asPageContent(getConsultations)());
  return (
    <>
      <Meta
        title="Consultations"
        description={describeText(
          content?.description,
          `Training needs analysis and advisory services from ${SITE_NAME}.`,
        )}
        path="/consultations"
        image={content?.images[0]}
      />
      <ContentPage
        load={asPageContent(getConsultations)}
        fallbackTitle="Consultations"
        eyebrow="Advisory services"
        imageSlots={1}
      />
    </>
  );
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
