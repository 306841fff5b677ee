import { atom } from 'jotai';
import type { GalleryItem } from '../../lib/admin/schemas';

/** The picture shown in the gallery modal; null while the modal is closed. */
export const openGalleryItemAtom = atom<GalleryItem | null>(null);
