import { GalleryPage } from '../components/gallery/gallery-page';

export default async function Gallery() {
  return <GalleryPage />;
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
