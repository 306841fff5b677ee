import { GalleryPage } from '../components/gallery/gallery-page';
import { Meta } from '../components/seo/meta';
import { PageHead } from '../components/seo/page-head';
import { getGallery } from '../lib/content';

export default function Gallery() {
  const gallery = getGallery();
  return (
    <>
      <PageHead data={gallery}>
        {(items) => (
          <Meta
            description={`${items?.length ? `${items.length} photos: m` : 'M'}oments from our classrooms, workshops and graduations across the Gulf.`}
            route="/gallery"
            image={items?.[0]?.image}
          />
        )}
      </PageHead>
      <GalleryPage gallery={gallery} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
