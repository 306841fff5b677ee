import { ContentPage } from '../components/content-page/content-page';
import { Meta } from '../components/seo/meta';
import { getConsultations } from '../lib/admin/content';
import { describeText } from '../lib/seo/plain-text';
import { siteName } from '../lib/site-identity';

export default async function ConsultationsPage() {
  return (
    <ContentPage
      load={getConsultations}
      fallbackTitle="Consultations"
      eyebrow="Advisory services"
      imageSlots={1}
      head={(content) => (
        <Meta
          title="Consultations"
          description={describeText(
            content?.description,
            `Training needs analysis and advisory services from ${siteName()}.`,
          )}
          path="/consultations"
          image={content?.images[0]}
        />
      )}
    />
  );
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
