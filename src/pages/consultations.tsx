import { ContentPage, toPageContent } from '../components/content-page/content-page';
import { Meta } from '../components/seo/meta';
import { PageHead } from '../components/seo/page-head';
import { getConsultations } from '../lib/admin/content';
import { describeText } from '../lib/seo/plain-text';
import { siteName } from '../lib/site-identity';

export default async function ConsultationsPage() {
  const page = getConsultations();
  return (
    <>
      <PageHead data={page}>
        {(data) => {
          const content = toPageContent(data);
          return (
            <Meta
              description={describeText(
                content?.description,
                `Training needs analysis and advisory services from ${siteName()}.`,
              )}
              route="/consultations"
              image={content?.images[0]}
            />
          );
        }}
      </PageHead>
      <ContentPage data={page} fallbackTitle="Consultations" eyebrow="Advisory services" imageSlots={1} />
    </>
  );
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
