/**
 * Camera-sized photos for the demo admin's "real photos" switch (`photos: true`, DEMO_PHOTOS=1): what a real
 * provider's staff upload, 4000×3000 JPEGs of about 2.7 MB, and a 1200×320 PNG logo. They are made with sharp
 * when the demo admin starts (never checked in): smooth colour noise that JPEG cannot squeeze much, like a
 * photo's grain and detail. A handful of distinct photos stand in for every picture (each name picks one by
 * hash): the bytes a page sends are what matter, not how many different pictures there are.
 */
import { hashString } from './images.mjs';

export const PHOTO_WIDTH = 4000;
export const PHOTO_HEIGHT = 3000;
const PHOTO_COUNT = 4;
/** Tints (mean R, G, B) of the distinct photos. */
const TINTS = [
  [120, 140, 170],
  [170, 140, 110],
  [110, 160, 130],
  [150, 120, 160],
];

/** @typedef {{ body: Buffer, type: string, etag: string }} Photo */

/** @type {Promise<{ photos: Photo[], logo: Photo }> | undefined} */
let made;

/** @param {import('sharp')} sharp @param {number[]} tint */
async function makePhoto(sharp, tint) {
  // noise at 1/7 of the size, scaled up: grain JPEG keeps (≈2.7 MB at quality 86), made in about a second
  const width = Math.round(PHOTO_WIDTH / 7);
  const height = Math.round(PHOTO_HEIGHT / 7);
  const noise = await sharp({
    create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 50 } },
  })
    .raw()
    .toBuffer();
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .linear([tint[0] / 128, tint[1] / 128, tint[2] / 128], [0, 0, 0])
    .resize(PHOTO_WIDTH, PHOTO_HEIGHT, { kernel: 'cubic' })
    .jpeg({ quality: 86 })
    .toBuffer();
}

/** @param {Buffer} body @param {string} type @returns {Photo} */
const photo = (body, type) => ({
  body,
  type,
  etag: `"${hashString(body.subarray(0, 4096).toString('latin1')).toString(36)}-${body.length.toString(36)}"`,
});

/** The photos and the logo, made once per process (the first call waits, later ones share them). */
export function demoPhotos() {
  made ??= (async () => {
    const { default: sharp } = await import('sharp');
    const bodies = await Promise.all(TINTS.slice(0, PHOTO_COUNT).map((tint) => makePhoto(sharp, tint)));
    const logo = await sharp({
      create: { width: 1200, height: 320, channels: 4, background: { r: 11, g: 61, b: 145, alpha: 1 } },
    })
      .png()
      .toBuffer();
    return { photos: bodies.map((body) => photo(body, 'image/jpeg')), logo: photo(logo, 'image/png') };
  })();
  return made;
}

/** The photo served for an image name (`gallery-01.jpg`): the same name always gets the same photo. */
export function photoFor(/** @type {Photo[]} */ photos, /** @type {string} */ name) {
  return photos[hashString(name) % photos.length];
}
