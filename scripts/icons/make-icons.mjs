/**
 * Draws the site's icons and default share picture into public/ from public/favicon.svg (run by hand after
 * changing the mark: `node scripts/icons/make-icons.mjs`; the outputs are committed). sharp (installed with
 * wrangler's miniflare, a devDependency) renders the SVG.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '../..');
const publicDir = path.join(root, 'public');
const mark = await readFile(path.join(publicDir, 'favicon.svg'));

const png = (size, svg = mark) =>
  sharp(svg, { density: 1200 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer();

// iOS draws its own rounded corners, so the touch icon is square and unpadded on the brand colour
const square = Buffer.from(String(mark).replace('rx="6"', 'rx="0"'));
await writeFile(path.join(publicDir, 'apple-touch-icon.png'), await png(180, square));
await writeFile(path.join(publicDir, 'icon-192.png'), await png(192));
await writeFile(path.join(publicDir, 'icon-512.png'), await png(512));
// the organisation's logo for search engines (structured data): square, opaque, at least 112 × 112 px
await writeFile(path.join(publicDir, 'logo-512.png'), await png(512, square));
// maskable: the mark inside the safe zone (80 % circle) on a full-bleed background
const maskable = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#0b3b60"/><g transform="translate(4 4)">${String(square).replace(/^<svg[^>]*>|<\/svg>\s*$/g, '')}</g></svg>`,
);
await writeFile(path.join(publicDir, 'icon-maskable-512.png'), await png(512, maskable));

// favicon.ico: one 32×32 PNG in an ICO container (every browser since IE 11 reads PNG entries)
const ico32 = await png(32);
const header = Buffer.alloc(6 + 16);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // type: icon
header.writeUInt16LE(1, 4); // one image
header.writeUInt8(32, 6); // width
header.writeUInt8(32, 7); // height
header.writeUInt8(0, 8); // no palette
header.writeUInt8(0, 9);
header.writeUInt16LE(1, 10); // colour planes
header.writeUInt16LE(32, 12); // bits per pixel
header.writeUInt32LE(ico32.length, 14);
header.writeUInt32LE(6 + 16, 18); // offset of the image
await writeFile(path.join(publicDir, 'favicon.ico'), Buffer.concat([header, ico32]));

// the default share card, 1200×630
const card = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#0b3b60"/>
  <rect y="600" width="1200" height="30" fill="#b5121b"/>
  <g transform="translate(96 150) scale(6)">${String(mark).replace(/^<svg[^>]*>|<\/svg>\s*$/g, '')}</g>
  <text x="400" y="270" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="76" font-weight="700" fill="#ffffff">Dilmun Academy</text>
  <text x="400" y="350" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="36" fill="#e7eef5">Corporate training and learning solutions</text>
  <text x="400" y="410" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="36" fill="#e7eef5">Manama, Kingdom of Bahrain</text>
</svg>`;
await writeFile(
  path.join(publicDir, 'og-image.png'),
  await sharp(Buffer.from(card)).png({ compressionLevel: 9, palette: true }).toBuffer(),
);
console.log('icons written to public/');
