import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_PLACES, IMAGE_WIDTHS, type ImagePlaceName, type ImageWidth } from './image-places';

const PHOTO = 'https://media.example/uploads/class.jpg';

/** The references of a site (a process) made under `env`: its key is chosen once, from the settings. */
async function fresh(env: Record<string, string | undefined> = {}) {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const references = await import('./image-reference');
  const { parseServerConfig, readEnvironment } = await import('../server-config');
  const key = references.imageSigningKey(parseServerConfig(readEnvironment(), 'node'));
  return {
    imageSources: (source: string, place: ImagePlaceName) => references.imageSources(source, place, key),
    imageAt: (source: string, width: ImageWidth) => references.imageAt(source, width, key),
    readImagePath: (pathname: string, search: string) => references.readImagePath(pathname, search, key),
  };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('image references', () => {
  it('offers every width of a place, signed, and reads each back to the same address and width', async () => {
    const { imageSources, readImagePath } = await fresh();
    for (const [place, { widths, sizes }] of Object.entries(IMAGE_PLACES)) {
      const sources = imageSources(PHOTO, place as keyof typeof IMAGE_PLACES);
      const candidates = sources.srcSet?.split(', ').map((candidate) => candidate.split(' ')) ?? [[sources.src]];
      expect(candidates.map((candidate) => candidate[1] ?? `${widths[0]}w`)).toEqual(
        widths.map((width) => `${width}w`),
      );
      if (widths.length > 1) expect(sources.sizes).toBe(sizes);
      for (const [path] of candidates) {
        const read = readImagePath(path!, '');
        expect(read).toMatchObject({ ok: true, source: PHOTO });
      }
    }
    expect(IMAGE_WIDTHS).toEqual([...IMAGE_WIDTHS].sort((a, b) => a - b));
  });

  it('uses a drawing (SVG), a relative address or a data: address as it is', async () => {
    const { imageSources } = await fresh();
    for (const source of ['https://media.example/logo.svg', '/uploads/a.jpg', 'data:image/png;base64,AAAA', '']) {
      expect(imageSources(source, 'courseCard')).toEqual({ src: source });
    }
  });

  it('refuses a forged or altered reference, another width, a query string and anything else under /_img', async () => {
    const { imageSources, readImagePath } = await fresh();
    const path = imageSources(PHOTO, 'galleryTile').src;
    const [, , width, signature, source] = path.split('/');
    const other = Buffer.from('http://169.254.169.254/latest/meta-data').toString('base64url');
    expect(readImagePath(`/_img/${width}/${signature}/${other}`, '')).toMatchObject({ ok: false, status: 403 });
    expect(readImagePath(`/_img/${width}/${'A'.repeat(22)}/${source}`, '')).toMatchObject({ ok: false, status: 403 });
    // a width of the list the reference was not signed for, and one off the list
    expect(readImagePath(`/_img/1920/${signature}/${source}`, '')).toMatchObject({ ok: false, status: 403 });
    expect(readImagePath(`/_img/700/${signature}/${source}`, '')).toMatchObject({ ok: false, status: 400 });
    expect(readImagePath('/_img', '?url=https://evil.example/a.jpg')).toMatchObject({ ok: false, status: 400 });
    expect(readImagePath(path, '?w=1')).toMatchObject({ ok: false, status: 400 });
    expect(readImagePath('/_img/640/x', '')).toMatchObject({ ok: false, status: 404 });
  });

  it('reads one spelling per variant: a padded width or spare base64 bits are refused, never transformed', async () => {
    const { imageAt, readImagePath } = await fresh();
    // 40 bytes: the last base64url character carries 4 bits that decoding ignores (16 spellings of one address)
    const source = 'https://media.example/uploads/classy.jpg';
    expect(Buffer.byteLength(source) % 3).toBe(1);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const spellingsOf = (address: string) => {
      const last = alphabet.indexOf(address.at(-1)!);
      return Array.from({ length: 16 }, (_, bits) => `${address.slice(0, -1)}${alphabet[(last & ~15) | bits]}`);
    };
    const accepted: string[] = [];
    let spellings = 0;
    for (const width of IMAGE_WIDTHS) {
      const canonical = imageAt(source, width);
      const [, , , signature, address] = canonical.split('/');
      for (const written of [String(width), `0${width}`, `00${width}`].filter((each) => each.length <= 5)) {
        for (const spelling of spellingsOf(address!)) {
          spellings += 1;
          const path = `/_img/${written}/${signature}/${spelling}`;
          const read = readImagePath(path, '');
          if (read.ok) accepted.push(path);
          else expect(read.status, path).toBe(404);
        }
      }
    }
    // 23 width spellings (3 for each 3-digit width, 2 for each 4-digit one) × 16 spellings of the address
    expect(spellings).toBe(368);
    expect(accepted).toEqual(IMAGE_WIDTHS.map((width) => imageAt(source, width)));
    expect(readImagePath(imageAt(source, 640), '')).toMatchObject({ ok: true, path: imageAt(source, 640) });
  });

  it('signs with IMAGE_URL_SECRET when set, so every process (every Worker isolate) agrees', async () => {
    const secret = 'a-long-enough-secret-for-images';
    const first = (await fresh({ IMAGE_URL_SECRET: secret })).imageSources(PHOTO, 'logo');
    const second = (await fresh({ IMAGE_URL_SECRET: secret })).imageSources(PHOTO, 'logo');
    expect(second).toEqual(first);
    const otherKey = (await fresh({ IMAGE_URL_SECRET: `${secret}-2` })).imageSources(PHOTO, 'logo');
    expect(otherKey.src).not.toBe(first.src);
  });
});
