import { GalleryPage } from '../components/gallery/gallery-page';
import { contentNow } from '../components/seo/content-now';
import { Meta } from '../components/seo/meta';
import { getGallery } from '../lib/admin/content.server';

export default async function Gallery() {
  const gallery = await contentNow(getGallery());
  const count = gallery?.length ? `${gallery.length} photos: m` : 'M';
  return (
    <>
      <Meta
        title="Gallery"
        description={`${count}oments from our classrooms, workshops and graduations across the Gulf.`}
        path="/gallery"
        image={gallery?.[0]?.image}
      />
      <GalleryPage />
    </>
  );
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
