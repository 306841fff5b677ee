/**
 * Camera-sized photos for the demo admin's "real photos" switch (`photos: true`, DEMO_PHOTOS=1): what a real
 * provider's staff upload, 4000×3000 JPEGs of about 2.6 MB, and a 1200×320 PNG logo. They are made with sharp
 * when the demo admin starts (never checked in; kept in the system's temporary folder). A handful of distinct photos stand in for every picture (each name picks one by
 * hash): the bytes a page sends are what matter, not how many different pictures there are.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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

/**
 * A photo-like picture: large soft shapes (colour blobs scaled up) under fine grain at full size (a
 * 1000×750 tile of noise repeated), so it weighs what a camera photo weighs (≈2.6 MB at quality 87) and, like
 * one, loses most of its grain when scaled down.
 * @param {import('sharp')} sharp @param {number[]} tint
 */
async function makePhoto(sharp, tint) {
  const [width, height, tileWidth, tileHeight] = [PHOTO_WIDTH, PHOTO_HEIGHT, 1000, 750];
  const blobs = await sharp({
    create: { width: 40, height: 30, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .linear([tint[0] / 128, tint[1] / 128, tint[2] / 128], [0, 0, 0])
    .raw()
    .toBuffer();
  const base = await sharp(blobs, { raw: { width: 40, height: 30, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const grain = await sharp({
    create: { width: tileWidth, height: tileHeight, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 9 } },
  })
    .raw()
    .toBuffer();
  const rowBytes = width * 3;
  const tileRowBytes = tileWidth * 3;
  for (let y = 0; y < height; y += 1) {
    const tileRow = (y % tileHeight) * tileRowBytes;
    for (let x = 0; x < rowBytes; x += 1) {
      const i = y * rowBytes + x;
      const value = base[i] + grain[tileRow + (x % tileRowBytes)] - 128;
      base[i] = value < 0 ? 0 : value > 255 ? 255 : value;
    }
  }
  return sharp(base, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 87 })
    .toBuffer();
}

/**
 * Kept in the system's temporary folder between runs (a few seconds each to make); a file that is not there
 * or cannot be read is made again.
 * @param {string} name @param {() => Promise<Buffer>} make
 */
async function keptOnDisk(name, make) {
  const file = path.join(os.tmpdir(), 'demo-admin-photos-v1', name);
  const kept = await readFile(file).catch(() => undefined);
  if (kept && kept.length > 0) return kept;
  const body = await make();
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(`${file}.${process.pid}`, body);
  await rename(`${file}.${process.pid}`, file);
  return body;
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
    const bodies = await Promise.all(
      TINTS.slice(0, PHOTO_COUNT).map((tint, index) => keptOnDisk(`photo-${index}.jpg`, () => makePhoto(sharp, tint))),
    );
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
