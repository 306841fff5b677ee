import { atom } from 'jotai';
import type { GalleryItem } from '../../lib/admin/schemas';
import type { ImageSources } from '../../lib/images/image-places';

/** A gallery picture with the sources of its large view (sized by the server, record 026). */
export type GalleryPicture = GalleryItem & { large: ImageSources };

/** The picture shown in the gallery modal; null while the modal is closed. */
export const openGalleryItemAtom = atom<GalleryPicture | null>(null);
