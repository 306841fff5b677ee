import { GalleryPage } from '../components/gallery/gallery-page';
import { Meta } from '../components/seo/meta';

export default function Gallery() {
  return (
    <GalleryPage
      head={(gallery) => (
        <Meta
          title="Gallery"
          description={`${gallery?.length ? `${gallery.length} photos: m` : 'M'}oments from our classrooms, workshops and graduations across the Gulf.`}
          path="/gallery"
          image={gallery?.[0]?.image}
        />
      )}
    />
  );
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
