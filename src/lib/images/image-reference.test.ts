import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_PLACES, IMAGE_WIDTHS } from './image-places';

const PHOTO = 'https://media.example/uploads/class.jpg';

/** A fresh copy of the module (and the settings) under `env`: the key is chosen once per process. */
async function fresh(env: Record<string, string | undefined> = {}) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  return import('./image-reference');
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

  it('signs with IMAGE_URL_SECRET when set, so every process (every Worker isolate) agrees', async () => {
    const secret = 'a-long-enough-secret-for-images';
    const first = (await fresh({ IMAGE_URL_SECRET: secret })).imageSources(PHOTO, 'logo');
    const second = (await fresh({ IMAGE_URL_SECRET: secret })).imageSources(PHOTO, 'logo');
    expect(second).toEqual(first);
    const otherKey = (await fresh({ IMAGE_URL_SECRET: `${secret}-2` })).imageSources(PHOTO, 'logo');
    expect(otherKey.src).not.toBe(first.src);
  });
});
